/**
 * Fault injection, inputs (issue 19 items 1–5): decompression bombs, pages past a
 * worker's heap, hangs (declared lengths past the end, cut gzip, endless streams),
 * silent loss (wrong Content-Length, truncated records) and lines too long for a string.
 * Every case must end, report an error record naming file and offset, and keep the other records.
 */
import { describe, it, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { goodRecords, gzipMembers, httpBlock, runToMemory, tempDir, warcRecord, pageText } from './helpers.js';

const MiB = 1024 * 1024;

function write(dir: string, name: string, bytes: Buffer | string): string {
  const p = join(dir, name);
  writeFileSync(p, bytes);
  return p;
}

describe('WARC bodies are decoded against --max-bytes', () => {
  it('a gzip bomb (64 MiB of spaces in 64 KB) becomes an error record; its neighbours are extracted', async () => {
    const dir = tempDir('bomb');
    const bomb = gzipSync(Buffer.alloc(64 * MiB, 0x20), { level: 9 });
    const warc = Buffer.concat([...goodRecords(1, 0), warcRecord(1, httpBlock(bomb, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' })), ...goodRecords(1, 2)]);
    const { records, summary } = await runToMemory({ inputs: [write(dir, 'bomb.warc', warc)], maxBytes: MiB });
    expect(records.map((r) => r.url)).toEqual(['https://example.com/0', 'https://example.com/1', 'https://example.com/2']);
    expect(records[1]!.error).toMatch(/bomb\.warc:record 2 at offset \d+: decoded body \(Content-Encoding gzip\) exceeds --max-bytes 1048576/);
    expect(records[0]!.text).toContain('Article 0');
    expect(records[2]!.text).toContain('Article 2');
    expect(summary).toMatchObject({ records: 3, failed: 1 });
  });

  it('gzip, deflate, raw deflate, br and chunked bodies are decoded; a corrupt one is an error record', async () => {
    const dir = tempDir('codings');
    const body = Buffer.from(pageText(7));
    const chunked = Buffer.concat([Buffer.from(`${(40).toString(16)}\r\n`), body.subarray(0, 40), Buffer.from(`\r\n${(body.length - 40).toString(16)}\r\n`), body.subarray(40), Buffer.from('\r\n0\r\n\r\n')]);
    const blocks = [
      httpBlock(gzipSync(body), { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' }),
      httpBlock(deflateSync(body), { 'Content-Type': 'text/html', 'Content-Encoding': 'deflate' }),
      httpBlock((await import('node:zlib')).deflateRawSync(body), { 'Content-Type': 'text/html', 'Content-Encoding': 'deflate' }),
      httpBlock(brotliCompressSync(body), { 'Content-Type': 'text/html', 'Content-Encoding': 'br' }),
      httpBlock(chunked, { 'Content-Type': 'text/html', 'Transfer-Encoding': 'chunked' }),
      httpBlock(gzipSync(body).subarray(0, 30), { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' }),
    ];
    const { records } = await runToMemory({ inputs: [write(dir, 'c.warc', Buffer.concat(blocks.map((b, i) => warcRecord(i, b))))] });
    expect(records.slice(0, 5).map((r) => r.text)).toEqual(Array(5).fill(expect.stringContaining('Article 7')));
    expect(records[5]!.error).toMatch(/record 6 at offset \d+: cannot decode the gzip body/);
  });
});

describe('pages past a worker\'s heap', () => {
  it('--max-bytes above what a page may be is refused before anything runs', async () => {
    const { checkBatchArgs } = await import('../../src/cli/batch-command.js');
    expect(() => checkBatchArgs({ 'max-bytes': 1e9 }, true)).toThrow(/--max-bytes: expected a number of bytes from 1 to 268435456/);
  });
  it('a worker\'s heap is sized for --max-bytes', async () => {
    const { workerHeapMb } = await import('../../src/batch/pool.js');
    expect(workerHeapMb(undefined)).toBe(256);
    expect(workerHeapMb(100 * MiB)).toBe(800);
  });
});

describe('reads that cannot end are ended', () => {
  it('a WARC record whose Content-Length runs past the end of the file: an error record naming file and offset', async () => {
    const dir = tempDir('past-end');
    const block = httpBlock(pageText(1));
    const warc = Buffer.concat([...goodRecords(1), warcRecord(1, block, { length: block.length + 5000 }).subarray(0, -4)]);
    const { records, summary } = await runToMemory({ inputs: [write(dir, 'p.warc', warc)] });
    expect(records).toHaveLength(2);
    expect(records[1]!.error).toMatch(/p\.warc:record 2 at offset \d+: truncated: Content-Length \d+ but the input ends \d+ bytes into the block/);
    expect(summary.failed).toBe(1);
  });

  it('a .warc.gz cut at any point ends with the records before the cut and one error naming the offset', async () => {
    const dir = tempDir('cut-gz');
    const whole = gzipMembers(goodRecords(3));
    const full = (await runToMemory({ inputs: [write(dir, 'whole.warc.gz', whole)] })).records;
    expect(full.map((r) => r.url)).toEqual([0, 1, 2].map((n) => `https://example.com/${n}`));
    const cuts = Array.from({ length: 24 }, (_, i) => Math.max(1, Math.floor((whole.length * (i + 0.5)) / 24)));
    for (const cut of cuts) {
      const { records } = await runToMemory({ inputs: [write(dir, `cut-${cut}.warc.gz`, whole.subarray(0, cut))] });
      const good = records.filter((r) => r.error === undefined);
      // every good record is whole and in order, and the cut is reported exactly once
      good.forEach((r, i) => { expect(r.url).toBe(`https://example.com/${i}`); expect(r.text).toContain(`Article ${i} tells`); });
      const errors = records.filter((r) => r.error !== undefined);
      expect(errors.length, `cut at ${cut}`).toBe(good.length === 3 ? 0 : 1);
      if (errors.length) expect(errors[0]!.error).toMatch(/cut-\d+\.warc\.gz(:record \d+ at offset \d+)?: /);
    }
  });

  it('/dev/zero as input ends with one error record (as HTML, JSON Lines and WARC)', async () => {
    for (const kind of ['html', 'jsonl', 'warc'] as const) {
      const { records } = await runToMemory({ inputs: ['/dev/zero'], kind, maxBytes: 64 * 1024 });
      expect(records, kind).toHaveLength(1);
      expect(records[0]!.error, kind).toMatch(/^\/dev\/zero(:1|:record 1 at offset 0)?: .*(exceeds --max-bytes|no line end within|no WARC header within|expected a WARC)/);
    }
  }, 60_000);
});

describe('no silent loss', () => {
  it('a Content-Length too large swallows no record: an error record, and the records it covered are read', async () => {
    const dir = tempDir('cl-large');
    const [a, , c, d] = goodRecords(4);
    const block = httpBlock(pageText(1));
    const liar = warcRecord(1, block, { length: block.length + 300 }); // runs into record 2
    const { records, summary } = await runToMemory({ inputs: [write(dir, 'l.warc', Buffer.concat([a!, liar, c!, d!]))] });
    expect(records.map((r) => r.url)).toEqual([0, 1, 2, 3].map((n) => `https://example.com/${n}`));
    expect(records[1]!.error).toMatch(/l\.warc:record 2 at offset \d+: Content-Length \d+ does not end the record/);
    expect(records[2]!.text).toContain('Article 2');
    expect(records[3]!.text).toContain('Article 3');
    expect(summary.failed).toBe(1);
  });

  it('a Content-Length too small (a truncated block) is an error record, not truncated text', async () => {
    const dir = tempDir('cl-small');
    const block = httpBlock(pageText(1));
    const short = warcRecord(1, block, { length: block.length - 40 });
    const [a, , c] = goodRecords(3);
    const { records } = await runToMemory({ inputs: [write(dir, 's.warc', Buffer.concat([a!, short, c!]))] });
    expect(records.map((r) => r.url)).toEqual([0, 1, 2].map((n) => `https://example.com/${n}`));
    expect(records[1]!.error).toMatch(/record 2 at offset \d+: Content-Length \d+ does not end the record/);
    expect(records[2]!.text).toContain('Article 2');
  });

  it('a record cut inside its header, garbage between records, a bad Content-Length: error records, the run goes on', async () => {
    const dir = tempDir('garbage');
    const [a, b] = goodRecords(2);
    const bad = Buffer.from('WARC/1.0\r\nWARC-Type: response\r\nContent-Length: lots\r\n\r\nHTTP/1.1 200 OK\r\n\r\n<p>x</p>\r\n\r\n');
    const warc = Buffer.concat([a!, Buffer.from('garbage line\r\n'), bad, b!, Buffer.from('WARC/1.0\r\nWARC-Type: resp')]);
    const { records } = await runToMemory({ inputs: [write(dir, 'g.warc', warc)] });
    expect(records.map((r) => r.url ?? 'error')).toEqual(['https://example.com/0', 'error', 'error', 'https://example.com/1', 'error']);
    expect(records[1]!.error).toMatch(/expected a WARC\/1\.x record header, found "garbage line/);
    expect(records[2]!.error).toMatch(/bad Content-Length "lots"/);
    expect(records[4]!.error).toMatch(/the input ends inside the WARC header/);
  });
});

describe('lines and pages too large for a string', () => {
  it('a JSON line over --max-bytes is an error record and the next lines are read', async () => {
    const dir = tempDir('long-line');
    const long = JSON.stringify({ id: 'long', html: 'x'.repeat(3 * MiB) });
    const input = write(dir, 'l.jsonl', [JSON.stringify({ id: 'a', html: pageText(1) }), long, JSON.stringify({ id: 'b', html: pageText(2) })].join('\n') + '\n');
    const { records } = await runToMemory({ inputs: [input], maxBytes: MiB });
    expect(records.map((r) => r.id)).toEqual(['a', `${input}:2`, 'b']);
    expect(records[1]!.error).toMatch(/:2: record of \d+ bytes exceeds --max-bytes 1048576/);
  });

  it('a training line inflating past the line limit is reported with file and line, and the other lines are read', async () => {
    const { readJsonLines } = await import('../../src/dataset/read-jsonl.js');
    const dir = tempDir('train-long');
    const input = write(dir, 'd.jsonl.gz', gzipSync(['{"id":"a"}', `{"id":"b","html":"${'y'.repeat(2 * MiB)}"}`, '{"id":"c"}'].join('\n') + '\n'));
    const got = [];
    for await (const l of readJsonLines(input, MiB)) got.push(l.error ?? (l.value as { id: string }).id);
    expect(got).toEqual(['a', expect.stringMatching(/line of \d+ bytes is longer than 1048576 bytes; skipped/), 'c']);
  });

  it('training data from /dev/zero ends with one line-numbered error', async () => {
    const { readJsonLines } = await import('../../src/dataset/read-jsonl.js');
    const got = [];
    for await (const l of readJsonLines('/dev/zero', MiB)) got.push(l.error);
    expect(got).toEqual([expect.stringMatching(/^no line end within \d+ bytes; the rest of the file is skipped$/)]);
  }, 60_000);
});

describe('apply FILE on a page too large for a string', () => {
  it('a 300 MB (sparse) file is refused before it is read, naming the file (exit 1)', async () => {
    const { truncateSync } = await import('node:fs');
    const { run } = await import('../../src/cli/main.js');
    const { capture } = await import('../cli/capture.js');
    const dir = tempDir('huge-file');
    const file = write(dir, 'huge.html', '');
    truncateSync(file, 300 * MiB);
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', file], io)).toBe(1);
    expect(io.err).toBe(`farsw: ${file}: page of ${300 * MiB} bytes is larger than farsw reads (268435456 bytes)\n`);
  });

  it('/dev/zero as a page ends with one line naming it (exit 1)', async () => {
    const { run } = await import('../../src/cli/main.js');
    const { capture } = await import('../cli/capture.js');
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '/dev/zero'], io)).toBe(1);
    expect(io.err).toMatch(/^farsw: \/dev\/zero: page larger than 268435456 bytes \(reading stopped there\)\n/);
  });
});
