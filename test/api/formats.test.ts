/** The output-format registry (api/formats.ts): extract(), single pages, batch records and --out-dir write through it. */
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildLineTable, extract, FORMAT_NAMES, OUTPUT_FORMATS, modelLineOptions, resolveModel } from '../../src/index.js';
import { run } from '../../src/cli/main.js';
import { tempDir } from '../batch/helpers.js';
import { capture } from '../cli/capture.js';

const PAGE = '<html><body><nav><a href="/">Home</a> <a href="/n">News</a></nav><article><h2>Harbour news</h2>'
  + '<p>The new <a href="/ferry">ferry to the islands</a> leaves the pier at seven every morning and returns before dusk.</p>'
  + '<ul><li>Tickets are sold on board, cash or card, for adults and children alike.</li><li>Bicycles travel free of charge on every crossing.</li></ul>'
  + '<p>The harbour master said the timetable will stay the same through the whole of the winter season.</p></article>'
  + '<footer>© Courier</footer></body></html>';

describe('the output-format registry', () => {
  it('names text, json, markdown and html, each with its file extension', () => {
    expect(FORMAT_NAMES).toEqual(['text', 'json', 'markdown', 'html']);
    expect(FORMAT_NAMES.map((f) => OUTPUT_FORMATS[f].extension)).toEqual(['.txt', '.json', '.md', '.html']);
  });

  it('renders from the extraction’s own line table what a second parse of the page gives', () => {
    for (const format of ['markdown', 'html'] as const) {
      const r = extract(PAGE, { format, url: 'https://courier.example/a' });
      const model = resolveModel({});
      const table = buildLineTable(PAGE, modelLineOptions(model.params));
      const again = OUTPUT_FORMATS[format].render!({ source: PAGE, table, blocks: r.blocks, text: r.text, url: 'https://courier.example/a' });
      expect(r[format]).toBe(again);
      expect(r[format]).toContain('https://courier.example/ferry');
      // The text is the same whatever the format.
      const { [format]: _rendered, ...rest } = r;
      expect(rest).toEqual(extract(PAGE, { url: 'https://courier.example/a' }));
    }
  });

  it('--out-dir writes one file per page in the format asked, with its extension', async () => {
    const dir = tempDir('formats-out-dir');
    writeFileSync(join(dir, 'pages.jsonl'), ['a', 'b'].map((id) => JSON.stringify({ id, html: PAGE })).join('\n') + '\n');
    for (const [format, ext] of [['markdown', '.md'], ['html', '.html'], ['text', '.txt']] as const) {
      const out = join(dir, `out-${format}`);
      const io = capture();
      expect(await run(['apply', '--input', join(dir, 'pages.jsonl'), '--out-dir', out, '--format', format, '--workers', '0', '--quiet'], io)).toBe(0);
      const files = readdirSync(out).filter((f) => !f.startsWith('.'));
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith(ext))).toBe(true);
      const body = readFileSync(join(out, files[0]!), 'utf8');
      expect(body).toBe(OUTPUT_FORMATS[format].file({ ...extract(PAGE, format === 'text' ? {} : { format }) }));
    }
  });
});
