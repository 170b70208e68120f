import { describe, it, expect } from 'vitest';
import { appendFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { runBatch } from '../../src/batch/run.js';
import { jsonlFileSink, textDirSink, textFileName, type OutputRecord } from '../../src/batch/output.js';
import { page, pageLines, runToMemory, tempDir, writeLines, type LooseRecord, TEST_EXTRACT } from './helpers.js';

function readJsonl(path: string): LooseRecord[] {
  const raw = path.endsWith('.gz') ? gunzipSync(readFileSync(path)).toString() : readFileSync(path, 'utf8');
  return raw.trim().split('\n').map((l) => JSON.parse(l) as LooseRecord);
}

describe('runBatch: bad records', () => {
  it('a malformed JSON line and a binary record become error records; every other record is answered, in order', async () => {
    const dir = tempDir('bad');
    const lines = pageLines(6);
    lines.splice(2, 0, '{"id": "broken", "html": "<p>cut here');
    lines.splice(4, 0, JSON.stringify({ id: 'png', html: '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR' }));
    lines.splice(5, 0, '   ');
    lines.splice(6, 0, Buffer.from([0xff, 0x00, 0xfe, 0x01]).toString('latin1'));
    const input = writeLines(join(dir, 'pages.jsonl.gz'), lines);
    const { records, summary } = await runToMemory({ inputs: [input] });
    expect(records.map((r) => r.id)).toEqual(['p0', 'p1', `${input}:3`, 'p2', 'png', `${input}:7`, 'p3', 'p4', 'p5']);
    expect(records[2]!.error).toMatch(/:3: invalid JSON/);
    expect(records[4]!.error).toMatch(/:5: not HTML/);
    expect(records[5]!.error).toMatch(/:7: invalid JSON/);
    for (const i of [0, 1, 3, 6, 7, 8]) {
      const n = Number(records[i]!.id!.slice(1));
      expect(records[i]!.text).toContain(`Article ${n} tells how`);
      expect(records[i]!.ms).toBeGreaterThanOrEqual(0);
    }
    expect(summary).toMatchObject({ records: 9, failed: 3 });
  });

  it('a record that is not an object, or whose html is not a string, names the line, the field and what it found', async () => {
    const dir = tempDir('bad-fields');
    const input = writeLines(join(dir, 'pages.jsonl'), [...pageLines(1), '[1, 2]', '{"id": 7, "html": 5}', '{"id": "q"}']);
    const { records, summary } = await runToMemory({ inputs: [input] });
    expect(records.map((r) => r.id)).toEqual(['p0', `${input}:2`, '7', 'q']);
    expect(records[1]!.error).toBe(`${input}:2: expected a JSON object, found an array`);
    expect(records[2]!.error).toBe(`${input}:3: field "html" must be a string, found number`);
    expect(records[3]!.error).toBe(`${input}:4: field "html" must be a string, found nothing`);
    expect(summary).toMatchObject({ records: 4, failed: 3 });
  });

  it('a url, host or id of the wrong type is an error record naming the field, not silently ignored', async () => {
    const dir = tempDir('bad-types');
    const html = '<p>The harbour cat sleeps on the warm nets every afternoon.</p>';
    const input = writeLines(join(dir, 'pages.jsonl'), [
      JSON.stringify({ id: 'u', html, url: 5 }), JSON.stringify({ id: 'h', html, host: ['a.example'] }),
      JSON.stringify({ id: { n: 1 }, html }), JSON.stringify({ id: 'ok', html, url: null, host: null }),
    ]);
    const { records, summary } = await runToMemory({ inputs: [input] });
    expect(records.map((r) => r.id)).toEqual(['u', 'h', `${input}:3`, 'ok']);
    expect(records[0]!.error).toBe(`${input}:1: field "url" must be a string or null, found number`);
    expect(records[1]!.error).toBe(`${input}:2: field "host" must be a string or null, found an array`);
    expect(records[2]!.error).toBe(`${input}:3: field "id" must be a string or number, found object`);
    expect(records[3]!.text).toContain('harbour cat');
    expect(summary).toMatchObject({ records: 4, failed: 3 });
  });

  it('a record over --max-bytes is an error record and is never parsed', async () => {
    const dir = tempDir('max');
    const big = JSON.stringify({ id: 'big', html: `<p>${'x'.repeat(5000)}</p>` });
    const input = writeLines(join(dir, 'pages.jsonl'), [pageLines(1)[0]!, big, pageLines(2)[1]!]);
    const { records } = await runToMemory({ inputs: [input], maxBytes: 2000 });
    expect(records.map((r) => r.id)).toEqual(['p0', `${input}:2`, 'p1']);
    expect(records[1]!.error).toMatch(/record of 5\d{3} bytes exceeds --max-bytes 2000/);
  });

  it('a truncated gzip input gives its records, then one error record naming the file, and the next input still runs', async () => {
    const dir = tempDir('trunc');
    const whole = writeLines(join(dir, 'a.jsonl.gz'), pageLines(50));
    const cut = join(dir, 'cut.jsonl.gz');
    const bytes = readFileSync(whole);
    appendFileSync(cut, bytes.subarray(0, bytes.length - 40));
    const { records } = await runToMemory({ inputs: [cut, whole] });
    const errors = records.filter((r) => r.error !== undefined);
    expect(errors.length).toBe(1);
    expect(errors[0]!.id).toMatch(new RegExp(`^${cut.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+$`)); // the line the cut lost
    expect(errors[0]!.error).toMatch(/the gzip data ends inside the member at offset 0 \(.*: the input was cut\); line \d+, begun before it, is lost$/);
    expect(records.slice(-50).map((r) => r.id)).toEqual(pageLines(50).map((_, i) => `p${i}`));
  });
});

describe('runBatch: outputs, markers, resume', () => {
  it('an interrupted run resumes without duplicating output, then the marker makes a rerun skip', async () => {
    const dir = tempDir('resume');
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(30));
    const output = join(dir, 'out', 'result.jsonl');
    const ac = new AbortController();
    let written = 0;
    const first = await runBatch({
      inputs: [input], workers: 0, extract: TEST_EXTRACT, sink: jsonlFileSink(output, { resumable: true }), signal: ac.signal,
      onRecord: () => { if (++written === 12) ac.abort(); },
    });
    expect(first.interrupted).toBe(true);
    expect(existsSync(output)).toBe(false);
    expect(readFileSync(`${output}.partial`, 'utf8').trim().split('\n').length).toBe(12);
    appendFileSync(`${output}.partial`, '{"id":"p12","te'); // killed in the middle of a write
    const second = await runBatch({ inputs: [input], workers: 0, extract: TEST_EXTRACT, sink: jsonlFileSink(output, { resumable: true }) });
    expect(second).toMatchObject({ resumed: 12, records: 18, interrupted: false });
    const ids = readJsonl(output).map((r) => r.id);
    expect(ids).toEqual(Array.from({ length: 30 }, (_, i) => `p${i}`));
    expect(existsSync(`${output}.partial`)).toBe(false);
    expect(JSON.parse(readFileSync(`${output}.done`, 'utf8'))).toMatchObject({ records: 30, failed: 0 });
    const third = await runBatch({ inputs: [input], workers: 0, extract: TEST_EXTRACT, sink: jsonlFileSink(output, { resumable: true }) });
    expect(third).toMatchObject({ alreadyDone: true, records: 0 });
  });

  it('gzip output restarts an interrupted share rather than appending', async () => {
    const dir = tempDir('resume-gz');
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(10));
    const output = join(dir, 'out.jsonl.gz');
    const ac = new AbortController();
    let n = 0;
    await runBatch({ inputs: [input], workers: 0, extract: TEST_EXTRACT, sink: jsonlFileSink(output, { resumable: true }), signal: ac.signal, onRecord: () => { if (++n === 4) ac.abort(); } });
    const second = await runBatch({ inputs: [input], workers: 0, extract: TEST_EXTRACT, sink: jsonlFileSink(output, { resumable: true }) });
    expect(second).toMatchObject({ resumed: 0, records: 10 });
    expect(readJsonl(output).map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => `p${i}`));
  });

  it('--out-dir writes one .txt per page and a marker', async () => {
    const dir = tempDir('outdir');
    const input = writeLines(join(dir, 'pages.jsonl'), [...pageLines(3), '{"id":"bad"}']);
    const out = join(dir, 'texts');
    const errors: OutputRecord[] = [];
    const s = await runBatch({ inputs: [input], workers: 0, extract: TEST_EXTRACT, sink: textDirSink(out, { markerName: '.done', onError: (r) => errors.push(r) }) });
    expect(s).toMatchObject({ records: 4, failed: 1 });
    expect(readdirSync(out).sort()).toEqual(['.done', '.done.files', ...['p0', 'p1', 'p2'].map((k) => textFileName(k))].sort());
    expect(readFileSync(join(out, textFileName('p1')), 'utf8')).toMatch(/^Article 1 tells how/);
    expect(errors.map((e) => e.id)).toEqual(['bad']);
  });

  it('unordered output holds the same records', async () => {
    const dir = tempDir('unordered');
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(20));
    const ordered = (await runToMemory({ inputs: [input] })).records.map((r) => `${r.id}:${r.text}`);
    const unordered = (await runToMemory({ inputs: [input], ordered: false })).records.map((r) => `${r.id}:${r.text}`);
    expect([...unordered].sort()).toEqual([...ordered].sort());
  });

  it('reads HTML files from a directory, recursively, in sorted order', async () => {
    const dir = tempDir('files');
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'b'));
    writeFileSync(join(dir, 'b', 'two.htm'), page(2));
    writeFileSync(join(dir, 'a.html'), page(1));
    writeFileSync(join(dir, 'notes.md'), '# not a page');
    const { records } = await runToMemory({ inputs: [dir] });
    expect(records.map((r) => r.id)).toEqual([join(dir, 'a.html'), join(dir, 'b', 'two.htm')]);
    expect(records[1]!.text).toContain('Article 2');
  });
});

describe('runBatch: noop (benchmarks measure the coordinator with it)', () => {
  it('reads and checks every record as usual but extracts nothing: same ids, order and error records, every text empty', async () => {
    const dir = tempDir('noop');
    const lines = pageLines(3);
    lines.splice(1, 0, '{"id": "broken", "html": "<p>cut');
    const input = writeLines(join(dir, 'pages.jsonl'), lines);
    const { records, summary } = await runToMemory({ inputs: [input], noop: true });
    expect(records.map((r) => r.id)).toEqual(['p0', `${input}:2`, 'p1', 'p2']);
    expect(records[1]!.error).toMatch(/:2: invalid JSON/);
    expect([0, 2, 3].map((i) => records[i]!.text)).toEqual(['', '', '']);
    expect(summary).toMatchObject({ records: 4, failed: 1 });
  });
});
