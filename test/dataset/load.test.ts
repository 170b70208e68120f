import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readDataset, readJsonlDataset } from '../../src/dataset/load.js';
import { readPredictions } from '../../src/dataset/predictions.js';
import type { DatasetIssue, PageRecord } from '../../src/dataset/types.js';
import { InputError } from '../../src/core/errors.js';

let dir: string;

async function collect(it: AsyncIterable<PageRecord>): Promise<PageRecord[]> {
  const out: PageRecord[] = [];
  for await (const r of it) out.push(r);
  return out;
}

const good = (id: string, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ id, dataset: 'toy', url: 'https://www.example.org/a', lang: 'en', html: '<p>Hi</p>', gold: 'Hi', ...extra });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'farsw-dataset-'));
  const lines = [
    good('toy/1'),
    '{"id": "toy/2", "html": 5}', // html not a string
    '',
    'not json',
    good('toy/3', { gold: null, with: ['Hi'], without: ['Menu'] }),
    '[1,2]',
    good('toy/4', { host: 'h.example', url: null }),
  ];
  await mkdir(join(dir, 'jsonl'));
  await writeFile(join(dir, 'jsonl', 'toy.jsonl'), lines.join('\n') + '\n');
  await writeFile(join(dir, 'jsonl', 'zip.jsonl.gz'), gzipSync(JSON.stringify({ id: 'z/1', html: '<p>x</p>', gold: 'x' }) + '\r\n'));
  // training-data layout
  const td = join(dir, 'training-data');
  await mkdir(join(td, 'site-a'), { recursive: true });
  await mkdir(join(td, 'site-b'), { recursive: true });
  await writeFile(join(td, 'site-a', '1.html'), '<p>Привет</p>');
  await writeFile(join(td, 'site-a', '1.txt'), '\uFEFFПривет\r\nмир\r\n');
  await writeFile(join(td, 'site-a', '1.json'), JSON.stringify({ url: 'https://a.example/1', lang: 'ru' }));
  await writeFile(join(td, 'site-a', '2.html'), '<p>no gold</p>');
  await writeFile(join(td, 'site-b', '9.html'), '<p>b</p>');
  await writeFile(join(td, 'site-b', '9.txt'), 'b');
  await writeFile(join(td, 'site-b', '9.json'), '{"url": 5}');
  await writeFile(join(td, 'site-b', '10.html'), '<p>c</p>');
  await writeFile(join(td, 'site-b', '10.txt'), 'c');
  await writeFile(
    join(dir, 'pred.jsonl'),
    ['{"id":"toy/1","text":"Hi","ms":1.5}', '{"id":"toy/3","error":"boom"}', '{"text":"no id"}', '{"id":"x"}', '{'].join('\n'),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readJsonlDataset', () => {
  it('yields valid records and reports malformed ones with file and line', async () => {
    const issues: DatasetIssue[] = [];
    const file = join(dir, 'jsonl', 'toy.jsonl');
    const recs = await collect(readJsonlDataset(file, { onIssue: (i) => issues.push(i) }));
    expect(recs.map((r) => r.id)).toEqual(['toy/1', 'toy/3', 'toy/4']);
    expect(issues.map((i) => i.line)).toEqual([2, 4, 6]);
    expect(issues.every((i) => i.file === file)).toBe(true);
    expect(issues[0]!.message).toMatch(/"html" must be a string.*number/);
    expect(issues[1]!.message).toMatch(/invalid JSON/);
    expect(issues[2]!.message).toMatch(/JSON object.*array/);
    const r3 = recs[1]!;
    expect(r3.gold).toBeNull();
    expect(r3.with).toEqual(['Hi']);
    expect(r3.without).toEqual(['Menu']);
    expect(r3.source).toEqual({ file, line: 5 });
    expect(recs[2]!.host).toBe('h.example');
  });

  it('reads gzip files and takes the dataset name from the file name when absent', async () => {
    const recs = await collect(readJsonlDataset(join(dir, 'jsonl', 'zip.jsonl.gz')));
    expect(recs).toHaveLength(1);
    expect(recs[0]!.dataset).toBe('zip');
    expect(recs[0]!.url).toBeNull();
  });
});

describe('readDataset', () => {
  it('reads every JSON Lines file of a directory in name order', async () => {
    const recs = await collect(readDataset(join(dir, 'jsonl')));
    expect(recs.map((r) => r.id)).toEqual(['toy/1', 'toy/3', 'toy/4', 'z/1']);
  });

  it('reads the training-data layout, reporting missing gold and bad meta', async () => {
    const issues: DatasetIssue[] = [];
    const recs = await collect(readDataset(join(dir, 'training-data'), { onIssue: (i) => issues.push(i) }));
    expect(recs.map((r) => r.id)).toEqual(['site-a/1', 'site-b/10']);
    const a = recs[0]!;
    expect(a.gold).toBe('Привет\nмир\n');
    expect(a.html).toBe('<p>Привет</p>');
    expect(a).toMatchObject({ dataset: 'training-data', host: 'site-a', url: 'https://a.example/1', lang: 'ru' });
    expect(issues).toHaveLength(2);
    expect(issues[0]!.file).toMatch(/site-a[\\/]2\.html$/);
    expect(issues[0]!.message).toBe('gold file 2.txt missing');
    expect(issues[1]!.message).toMatch(/"url" must be a string/);
  });

  it('reads a gold file in UTF-16 with its BOM; refuses a binary or non-UTF-8 gold file, naming it', async () => {
    const td = join(dir, 'gold-kinds');
    await mkdir(join(td, 'site'), { recursive: true });
    const html = '<p>Ein Fährmann singt am Ufer.</p>';
    for (const name of ['bin', 'latin1', 'utf16']) await writeFile(join(td, 'site', `${name}.html`), html);
    await writeFile(join(td, 'site', 'bin.txt'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    await writeFile(join(td, 'site', 'latin1.txt'), Buffer.from('Ein F\xe4hrmann singt am Ufer.\n', 'latin1'));
    await writeFile(join(td, 'site', 'utf16.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Ein Fährmann singt am Ufer.\r\n', 'utf16le')]));
    const issues: DatasetIssue[] = [];
    const recs = await collect(readDataset(td, { onIssue: (i) => issues.push(i) }));
    expect(recs.map((r) => [r.id, r.gold])).toEqual([['site/utf16', 'Ein Fährmann singt am Ufer.\n']]);
    expect(issues.map((i) => [i.file.replace(/\\/g, '/').replace(/.*gold-kinds\//, ''), i.message])).toEqual([
      ['site/bin.txt', 'gold file is not text: PNG image'],
      ['site/latin1.txt', 'gold file is not UTF-8 text (invalid bytes); save it as UTF-8'],
    ]);
  });

  it('a WARC, an HTML page or an image given as a dataset is one issue naming what it is, not one per line', async () => {
    const kinds = join(dir, 'kinds');
    await mkdir(kinds, { recursive: true });
    const warc = join(kinds, 'crawl.warc.gz');
    await writeFile(warc, gzipSync('WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n'.repeat(5)));
    const html = join(kinds, 'page.jsonl');
    await writeFile(html, '<!doctype html>\n<html>\n<body>\n<p>A lantern</p>\n</body>\n</html>\n');
    const png = join(kinds, 'img.jsonl');
    await writeFile(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x0a, 0x49, 0x48, 0x44, 0x52, 0x0a]));
    for (const [file, message] of [
      [warc, `a WARC file, not a dataset of JSON Lines records {"id","html","gold"}; to extract its pages: farsw apply --input ${warc}`],
      [html, 'an HTML page, not a dataset of JSON Lines records {"id","html","gold"} (or a directory of SITE/NAME.html pages with NAME.txt gold)'],
      [png, 'not JSON Lines: PNG image'],
    ] as const) {
      const issues: DatasetIssue[] = [];
      expect(await collect(readDataset(file, { onIssue: (i) => issues.push(i) }))).toEqual([]);
      expect(issues).toEqual([{ file, line: 1, message }]);
    }
    // A real JSON Lines file whose first line is broken reads on.
    const broken = join(kinds, 'broken.jsonl');
    await writeFile(broken, `{"id": "cut\n${good('toy/9')}\n`);
    const issues: DatasetIssue[] = [];
    expect((await collect(readDataset(broken, { onIssue: (i) => issues.push(i) }))).map((r) => r.id)).toEqual(['toy/9']);
    expect(issues).toHaveLength(1);
  });

  it('throws InputError for a missing path', async () => {
    await expect(collect(readDataset(join(dir, 'nope')))).rejects.toBeInstanceOf(InputError);
  });
});

describe('readPredictions', () => {
  it('reads text and error lines, reports the rest', async () => {
    const issues: DatasetIssue[] = [];
    const map = await readPredictions(join(dir, 'pred.jsonl'), { onIssue: (i) => issues.push(i) });
    expect(map.get('toy/1')).toEqual({ text: 'Hi', ms: 1.5 });
    expect(map.get('toy/3')).toEqual({ error: 'boom' });
    expect(map.size).toBe(2);
    expect(issues.map((i) => i.line)).toEqual([3, 4, 5]);
  });
});
