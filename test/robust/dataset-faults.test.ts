/**
 * Dataset faults (issue 7): malformed JSON lines, a truncated gzip file, a page
 * without its gold file, a binary "page". Each is reported with file (and line),
 * skipped and counted in the summaries of `farsw eval` and `farsw train`.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { run } from '../../src/cli/main.js';
import { readDataset } from '../../src/dataset/load.js';
import type { DatasetIssue } from '../../src/dataset/types.js';
import { sitePage } from '../helpers/site-pages.js';
import { capture } from '../cli/capture.js';


const record = (k: number): string => JSON.stringify({ ...sitePage(k), id: `s/${k}`, url: `https://site.example/${k}` });

let dir: string, data: string, bad: string, truncated: string, store: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'farsw-dataset-faults-'));
  data = join(dir, 'data');
  mkdirSync(join(data, 'site.example'), { recursive: true });
  // 1. malformed lines among good ones (lines 2, 4 and 5 are bad)
  bad = join(data, 'a-bad.jsonl');
  writeFileSync(bad, [record(0), '{"id": "cut", "html": "<p>x', record(1), '[1, 2]', '{"id": 7, "html": 3}', record(2)].join('\n') + '\n');
  // 2. a gzip file cut in the middle: the records before the cut count
  truncated = join(data, 'b-truncated.jsonl.gz');
  const gz = gzipSync(Array.from({ length: 40 }, (_, k) => record(10 + k)).join('\n') + '\n');
  writeFileSync(truncated, gz.subarray(0, Math.floor(gz.length * 0.6)));
  // 3. training-data pages: two good, one without gold, one binary
  for (const k of [60, 61]) {
    writeFileSync(join(data, 'site.example', `${k}.html`), sitePage(k).html);
    writeFileSync(join(data, 'site.example', `${k}.txt`), sitePage(k).gold!);
  }
  writeFileSync(join(data, 'site.example', 'no-gold.html'), sitePage(62).html);
  writeFileSync(join(data, 'site.example', 'image.html'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
  writeFileSync(join(data, 'site.example', 'image.txt'), 'gold of an image');
  store = join(dir, 'store.sqlite');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('dataset reader', () => {
  it('reports each fault with file and line, skips it and keeps everything else', async () => {
    const issues: DatasetIssue[] = [];
    const ids: string[] = [];
    for await (const r of readDataset(data, { onIssue: (i) => issues.push(i) })) ids.push(r.id);
    const where = issues.map((i) => `${i.file.slice(data.length + 1)}${i.line !== undefined ? `:${i.line}` : ''}`);
    expect(where.slice(0, 3)).toEqual(['a-bad.jsonl:2', 'a-bad.jsonl:4', 'a-bad.jsonl:5']);
    expect(issues[0]!.message).toMatch(/invalid JSON/);
    expect(issues[1]!.message).toMatch(/expected a JSON object, found an array/);
    expect(issues[2]!.message).toMatch(/field "id" must be a string/);
    const cut = issues[3]!;
    expect(cut.file).toBe(truncated);
    expect(cut.message).toMatch(/file ends early/);
    expect(where.slice(4).sort()).toEqual(['site.example/image.html', 'site.example/no-gold.html']);
    expect(issues.find((i) => i.file.endsWith('image.html'))!.message).toBe('not HTML: PNG image');
    expect(issues.find((i) => i.file.endsWith('no-gold.html'))!.message).toBe('gold file no-gold.txt missing');
    // good records: 3 from a-bad, the complete ones before the cut, 2 training pages
    const fromGzip = ids.filter((id) => /^s\/(1\d|[2-4]\d)$/.test(id)).length;
    expect(fromGzip).toBeGreaterThan(5);
    expect(fromGzip).toBe(cut.line! - 1);
    expect(ids.filter((id) => ['s/0', 's/1', 's/2', 'site.example/60', 'site.example/61'].includes(id))).toHaveLength(5);
  });
});

describe('summaries', () => {
  it('farsw eval lists each skipped record and counts them', async () => {
    const io = capture();
    expect(await run(['eval', '--data', data, '--algorithm', 'addanag'], io), io.err).toBe(0);
    expect(io.err).toContain(`${bad}:2: invalid JSON`);
    expect(io.err).toContain(`${truncated}:`);
    expect(io.err).toMatch(/no-gold\.html: gold file no-gold\.txt missing \(skipped\)/);
    expect(io.err).toMatch(/image\.html: not HTML: PNG image \(skipped\)/);
    expect(io.err).toContain('farsw eval: 6 malformed records skipped');
    expect(io.err).not.toMatch(/unexpected error|\n\s+at /);
  });

  it('farsw train lists each skipped record and counts them', async () => {
    const io = capture();
    expect(await run(['train', '--data', data, '--model', 'm', '--store', store], io), io.err).toBe(0);
    expect(io.err).toContain(`farsw: skipped ${bad}:2: invalid JSON`);
    expect(io.err).toMatch(/b-truncated\.jsonl\.gz:\d+: file ends early/);
    expect(io.err).toContain('no-gold.html: gold file no-gold.txt missing');
    expect(io.err).toContain('image.html: not HTML: PNG image');
    expect(io.out).toMatch(/stored 1 model\(s\) in .*; 6 unreadable records skipped/);
  });
});
