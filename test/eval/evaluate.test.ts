import { describe, it, expect } from 'vitest';
import { evaluate } from '../../src/eval/evaluate.js';
import { extractorPredictor, storedPredictor, type TextExtractor } from '../../src/eval/predictors.js';
import { summarize } from '../../src/eval/score.js';
import { evalReportJson, formatEvalReport, pagesCsv, worstPages } from '../../src/eval/report.js';
import type { PageRecord } from '../../src/dataset/types.js';
import type { Prediction } from '../../src/dataset/prediction.js';

const rec = (id: string, dataset: string, html: string, gold: string | null, extra: Partial<PageRecord> = {}): PageRecord => ({
  id, dataset, url: null, lang: 'en', host: null, html, gold, source: { file: 'mem' }, ...extra,
});

/** Returns the text inside <main>…</main>, throws on pages containing "BOOM". */
const toyExtractor: TextExtractor = {
  name: 'toy',
  extract(html) {
    if (html.includes('BOOM')) throw new Error('toy failed');
    const m = /<main>([\s\S]*?)<\/main>/.exec(html);
    return { text: m ? m[1]! : '' };
  },
};

const pages: PageRecord[] = [
  rec('a/1', 'a', '<nav>menu</nav><main>one two three</main>', 'one two three'), // P=R=1
  rec('a/2', 'a', '<main>one two</main>', 'one two three four'), // P=1, R=0.5
  rec('b/1', 'b', '<main></main>', 'text', { lang: null }), // empty → 0
  rec('b/2', 'b', 'BOOM', 'text'), // error → 0
  rec('b/3', 'b', '<main>Keep this. Menu</main>', null, { with: ['keep this'], without: ['menu', 'footer'] }),
];

/** A clock that advances 2 ms per call: every extraction takes 2 ms. */
function fakeClock(): () => number {
  let t = 0;
  return () => (t += 2);
}

describe('evaluate', () => {
  it('scores each page and averages per dataset', async () => {
    const report = await evaluate(pages, extractorPredictor(toyExtractor, fakeClock()), { by: 'dataset' });
    expect(report.overall.pages).toBe(5);
    expect(report.overall.scored).toBe(4);
    expect(report.overall.errors).toBe(1);
    expect(report.overall.empty).toBe(2); // a/… none; b/1 empty, b/2 error
    const a = report.groups['a']!;
    expect(a.lcs!.precision).toBeCloseTo(1, 12);
    expect(a.lcs!.recall).toBeCloseTo(0.75, 12);
    expect(a.lcs!.f1).toBeCloseTo((1 + 2 / 3) / 2, 12);
    const b = report.groups['b']!;
    expect(b.scored).toBe(2);
    expect(b.bow!.f1).toBe(0);
    expect(b.snippets).toMatchObject({ withFound: 1, withTotal: 1, withoutAbsent: 1, withoutTotal: 2 });
    expect(b.snippets!.precision).toBeCloseTo(0.5, 12);
    expect(report.overall.lcs!.f1).toBeCloseTo((1 + 2 / 3) / 4, 12);
    // 5 pages × 2 ms = 10 ms
    expect(report.overall.ms).toBe(10);
    const bytes = pages.reduce((n, p) => n + Buffer.byteLength(p.html), 0);
    expect(report.overall.bytes).toBe(bytes);
    expect(report.overall.mbPerS).toBeCloseTo(bytes / 1e6 / 0.01, 9);
    expect(report.overall.pagesPerS).toBeCloseTo(500, 9);
  });

  it('groups by language with unknown for null', async () => {
    const report = await evaluate(pages, extractorPredictor(toyExtractor, fakeClock()), { by: 'lang' });
    expect(Object.keys(report.groups)).toEqual(['en', 'unknown']);
    expect(report.groups['unknown']!.pages).toBe(1);
  });

  it('scores stored predictions and skips pages without one', async () => {
    const stored = new Map<string, Prediction>([
      ['a/1', { text: 'one two three' }],
      ['a/2', { error: 'x' }],
    ]);
    const report = await evaluate(pages, storedPredictor(stored));
    expect(report.missing).toBe(3);
    expect(report.overall.pages).toBe(2);
    expect(report.overall.lcs!.f1).toBeCloseTo(0.5, 12);
    expect(report.overall.mbPerS).toBeNull();
  });

  it('accepts async iterables and gives the same result as arrays', async () => {
    async function* gen(): AsyncGenerator<PageRecord> {
      yield* pages;
    }
    const x = await evaluate(gen(), extractorPredictor(toyExtractor, fakeClock()));
    const y = await evaluate(pages, extractorPredictor(toyExtractor, fakeClock()));
    expect(x).toEqual(y);
  });
});

describe('summarize', () => {
  it('returns null metrics when no page has gold', () => {
    const s = summarize([]);
    expect(s.lcs).toBeNull();
    expect(s.mbPerS).toBeNull();
  });
});

describe('report formatting', () => {
  it('writes the JSON shape of the issue and a CSV with one line per page', async () => {
    const report = await evaluate(pages, extractorPredictor(toyExtractor, fakeClock()));
    const json = evalReportJson(report, { algorithm: 'toy' }) as {
      overall: { pages: number; bow: { f1: number }; lcs: { f1: number }; mb_per_s: number };
      groups: Record<string, unknown>;
    };
    expect(json.overall.pages).toBe(5);
    expect(json.overall.lcs.f1).toBeCloseTo((1 + 2 / 3) / 4, 5);
    expect(typeof json.overall.mb_per_s).toBe('number');
    expect(Object.keys(json.groups)).toEqual(['a', 'b']);
    const csv = pagesCsv(report.pages).trim().split('\n');
    expect(csv).toHaveLength(6);
    expect(csv[4]).toMatch(/^b\/2,b,b,en,4,2\.000,1,0,/);
    expect(csv[4]).toMatch(/toy failed,,0\.000000,0\.000000,0\.000000$/);
    const table = formatEvalReport(report);
    expect(table).toMatch(/^\| dataset/);
    expect(table).toMatch(/\| all /);
    expect(worstPages(report.pages, 2).map((p) => p.id)).toEqual(['b/1', 'b/2']);
  });
});
