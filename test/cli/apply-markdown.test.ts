import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/cli/main.js';
import { extract } from '../../src/api/extract.js';
import { capture } from './capture.js';


const PAGE = '<html><body><article><h2>Storm damage</h2>' +
  '<p>The storm of January tore away two hundred metres of the old sea wall and flooded the lower streets of the town.</p>' +
  '<ul><li>Cost: fourteen million pounds, mostly from the national fund</li><li>Duration: eighteen months of work on the wall</li></ul>' +
  '<p>Residents of the lower town have been living with relatives since the storm and will return when it is finished.</p>' +
  '</article></body></html>';

let file: string;
beforeAll(() => {
  file = join(mkdtempSync(join(tmpdir(), 'farsw-md-')), 'page.html');
  writeFileSync(file, PAGE);
});

describe('apply --format markdown', () => {
  it('prints the chosen lines as markdown (DANA)', async () => {
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '--format', 'markdown', file], io)).toBe(0);
    expect(io.out).toBe('## Storm damage\n\n' +
      'The storm of January tore away two hundred metres of the old sea wall and flooded the lower streets of the town.\n\n' +
      '- Cost: fourteen million pounds, mostly from the national fund\n- Duration: eighteen months of work on the wall\n\n' +
      'Residents of the lower town have been living with relatives since the storm and will return when it is finished.\n');
  });

  it('works with the shipped default model and keeps text unchanged', () => {
    const plain = extract(PAGE);
    const md = extract(PAGE, { format: 'markdown' });
    expect(md.text).toBe(plain.text);
    expect(plain.markdown).toBeUndefined();
    expect(md.markdown).toContain('- Cost: fourteen million pounds');
    // same lines, markup aside
    const strip = (s: string) => s.split('\n').filter((l) => l).map((l) => l.replace(/^(#+ |- )/, '')).join('\n');
    expect(strip(md.markdown!)).toBe(plain.text);
  });

  it('falls back to paragraphs for extractors without line blocks', () => {
    const r = extract(PAGE, { algorithm: 'plain', format: 'markdown' });
    expect(r.markdown).toBe(r.text.split('\n').join('\n\n'));
  });
});
