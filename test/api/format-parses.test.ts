/**
 * A format rendering the chosen lines (markdown, html) reuses the extraction's line table: the page is parsed into lines
 * once, for a model and for every DANA-family algorithm, under either preset.
 */
import { describe, it, expect, vi, beforeEach } from 'vitest';

const builds = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/html/lines.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/html/lines.js')>();
  return { ...real, buildLineTable: (...args: Parameters<typeof real.buildLineTable>) => { builds.count++; return real.buildLineTable(...args); } };
});

const { extract } = await import('../../src/index.js');

const PAGE = '<html><head><title>Harbour news</title></head><body><nav><a href="/">Home</a> <a href="/n">News</a></nav><article><h2>Harbour news</h2>'
  + '<p>The new <a href="/ferry">ferry to the islands</a> leaves the pier at seven every morning and returns before dusk.</p>'
  + '<p>The harbour master said the timetable will stay the same through the whole of the winter season.</p></article>'
  + '<footer>© Courier</footer></body></html>';

describe('one parse of the page per format', () => {
  beforeEach(() => { builds.count = 0; });

  for (const algorithm of ['dana', 'addana', 'danag', 'addanag', undefined]) {
    for (const format of ['markdown', 'html'] as const) {
      for (const preset of ['default', 'paper'] as const) {
        it(`${algorithm ?? 'the default model'}, ${format}, preset ${preset}: one line table, and the same text as without the format`, () => {
          const options = { ...(algorithm ? { algorithm } : {}), preset };
          const r = extract(PAGE, { ...options, format });
          expect(builds.count).toBe(1);
          // The rendition is of the chosen lines (the paper's model keeps none of this short page; dana, addana its footer).
          expect(typeof r[format]).toBe('string');
          if (r.text !== '') expect(r[format]).toContain(r.text.split(/\s+/)[1]);
          expect(r.text).toBe(extract(PAGE, options).text);
        });
      }
    }
  }
});
