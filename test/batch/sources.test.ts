import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { WARCRecord, WARCSerializer } from 'warcio';
import { detectInputKind } from '../../src/input/magic.js';
import { sharedCopy, splitLines } from '../../src/batch/sources.js';
import { page, runToMemory, tempDir } from './helpers.js';
import { run } from '../../src/cli/main.js';
import { capture } from '../cli/capture.js';

const enc = new TextEncoder();

async function* chunksOf(...parts: string[]): AsyncGenerator<Buffer> {
  for (const p of parts) yield Buffer.from(p);
}

describe('detectInputKind', () => {
  it.each([
    ['WARC/1.1\r\nWARC-Type: warcinfo', 'warc'],
    ['WARC/1.0\r\n', 'warc'],
    ['{"id": 1}', 'jsonl'],
    ['\ufeff  \n{"id": 1}', 'jsonl'],
    ['<!doctype html><p>x</p>', 'html'],
    ['plain text', 'html'],
    ['', 'html'],
  ])('%j → %s', (head, kind) => {
    expect(detectInputKind(enc.encode(head))).toBe(kind);
  });
});

describe('splitLines', () => {
  it('splits across chunk boundaries, strips CR, numbers from 1', async () => {
    const out = [];
    for await (const l of splitLines(chunksOf('ab', 'c\r\nde\n', '\nf'), 100)) out.push([l.line, Buffer.from(l.bytes!).toString()]);
    expect(out).toEqual([[1, 'abc'], [2, 'de'], [3, ''], [4, 'f']]);
  });
  it('reports a line over the limit by size only', async () => {
    const out = [];
    for await (const l of splitLines(chunksOf('short\n', 'x'.repeat(30), 'y'.repeat(30), '\nok\n'), 40)) out.push([l.line, l.size, l.bytes ? Buffer.from(l.bytes).toString() : null]);
    expect(out).toEqual([[1, 5, 'short'], [2, 60, null], [3, 2, 'ok']]);
  });
});

describe('sharedCopy', () => {
  it('copies the first `size` bytes of the parts into a SharedArrayBuffer of exactly that size', () => {
    const out = sharedCopy([enc.encode('abc'), enc.encode('defg')], 5);
    expect(out.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(out.byteLength).toBe(5);
    expect(out.buffer.byteLength).toBe(5);
    expect(Buffer.from(out).toString()).toBe('abcde');
  });
  it('lines from splitLines are shared copies (a worker message carries a handle, not the bytes)', async () => {
    for await (const l of splitLines(chunksOf('ab\ncd'), 100)) expect(l.bytes!.buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});

async function response(url: string, body: Uint8Array, contentType: string | undefined): Promise<Uint8Array> {
  // (warcio reads an empty payload back when a response has no HTTP header at all, hence Server.)
  const httpHeaders: Record<string, string> = contentType ? { 'Content-Type': contentType } : { Server: 'test' };
  const rec = await WARCRecord.create({ url, type: 'response', warcVersion: 'WARC/1.1', httpHeaders }, (async function* () { yield body; })());
  return WARCSerializer.serialize(rec, { gzip: false });
}

/** A WARC written with warcio: info, three HTML responses, an image, a request, a binary "HTML" response. */
async function makeWarc(): Promise<Buffer> {
  const info = await WARCRecord.createWARCInfo({ filename: 'test.warc', warcVersion: 'WARC/1.1' }, { software: 'farsw test' });
  const cafe = Buffer.from('<html><head><meta charset="utf-8"></head><body><p>Le café de la place ouvre à sept heures.</p></body></html>', 'latin1');
  const request = await WARCRecord.create({ url: 'https://example.com/a', type: 'request', warcVersion: 'WARC/1.1', httpHeaders: { Host: 'example.com' } }, (async function* () { yield new Uint8Array(); })());
  const parts = [
    await WARCSerializer.serialize(info),
    await response('https://example.com/a', enc.encode(page(1)), 'text/html; charset=utf-8'),
    await WARCSerializer.serialize(request),
    await response('https://example.com/logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'image/png'),
    await response('https://example.com/cafe', cafe, 'text/html; charset=windows-1252'),
    await response('https://example.com/broken', new Uint8Array([0x00, 0x01, 0x02, 0xff, 0x00, 0x10, 0x3c]), 'text/html'),
    await response('https://example.com/b', enc.encode(page(2)), undefined),
  ];
  return Buffer.concat(parts.map((p) => Buffer.from(p)));
}

describe('WARC input', () => {
  it('a WARC written with warcio round-trips (plain and gzip, detected from content)', async () => {
    const dir = tempDir('warc');
    const warc = await makeWarc();
    const plain = join(dir, 'crawl.warc');
    const gz = join(dir, 'crawl.bin'); // no telling extension: kind and gzip come from the bytes
    writeFileSync(plain, warc);
    writeFileSync(gz, gzipSync(warc));
    for (const input of [plain, gz]) {
      const { records, summary } = await runToMemory({ inputs: [input] });
      expect(records.map((r) => r.url)).toEqual(['https://example.com/a', 'https://example.com/cafe', 'https://example.com/broken', 'https://example.com/b']);
      expect(records.every((r) => /^<urn:uuid:[0-9a-f-]+>$/.test(r.warc_record_id!))).toBe(true);
      expect(new Set(records.map((r) => r.warc_record_id)).size).toBe(4);
      expect(records[0]!.text).toContain('Article 1 tells how the village rebuilt');
      expect(records[0]!.text).not.toContain('Privacy');
      // the HTTP charset beats the page's wrong <meta charset="utf-8">
      expect(records[1]!.text).toContain('Le café de la place ouvre à sept heures.');
      expect(records[2]!.error).toMatch(/record 6 at offset \d+: not HTML/);
      expect(records[3]!.text).toContain('Article 2');
      expect(summary).toMatchObject({ records: 4, failed: 1, skipped: 1 });
    }
  });

  it('skips responses whose HTTP status is not 2xx (a redirect, a 404 page) and counts them apart from non-HTML', async () => {
    const dir = tempDir('warc-status');
    const rec = async (url: string, statusline: string, body: string) => Buffer.from(await WARCSerializer.serialize(await WARCRecord.create(
      { url, type: 'response', warcVersion: 'WARC/1.1', statusline, httpHeaders: { 'Content-Type': 'text/html' } }, (async function* () { yield enc.encode(body); })())));
    const input = join(dir, 'crawl.warc');
    writeFileSync(input, Buffer.concat([
      await rec('https://example.com/gone', 'HTTP/1.1 404 Not Found', '<html><body><p>This page has wandered off somewhere.</p></body></html>'),
      await rec('https://example.com/moved', 'HTTP/1.1 301 Moved Permanently', ''),
      await rec('https://example.com/a', 'HTTP/1.1 200 OK', page(1)),
      await rec('https://example.com/partial', 'HTTP/1.1 206 Partial Content', page(2)),
      Buffer.from(await response('https://example.com/logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'image/png')),
    ]));
    const { records, summary } = await runToMemory({ inputs: [input] });
    expect(records.map((r) => r.url)).toEqual(['https://example.com/a', 'https://example.com/partial']);
    expect(summary).toMatchObject({ records: 2, failed: 0, skipped: 3, notOk: 2 });
    const io = capture();
    expect(await run(['apply', '-w', '0', '--input', input], io)).toBe(0);
    expect(io.err).toMatch(/farsw apply: 2 records, 0 failed, 1 non-HTML, 2 not HTTP 2xx skipped,/);
  });

  it('counts the WARC records that hold no page (request, metadata) in the summary (issue 37.14)', async () => {
    const dir = tempDir('warc-requests');
    const input = join(dir, 'crawl.warc');
    const request = async (url: string) => Buffer.from(await WARCSerializer.serialize(await WARCRecord.create(
      { url, type: 'request', warcVersion: 'WARC/1.1', statusline: 'GET / HTTP/1.1', httpHeaders: { Host: 'example.com' } }, (async function* () { /* no body */ })())));
    writeFileSync(input, Buffer.concat([
      await request('https://example.com/a'),
      Buffer.from(await response('https://example.com/a', enc.encode(page(1)), 'text/html')),
      await request('https://example.com/b'),
      Buffer.from(await response('https://example.com/b', enc.encode(page(2)), 'text/html')),
    ]));
    const { summary } = await runToMemory({ inputs: [input] });
    expect(summary).toMatchObject({ records: 2, failed: 0, skipped: 0, otherRecords: 2 });
    const io = capture();
    expect(await run(['apply', '-w', '0', '--input', input], io)).toBe(0);
    expect(io.err).toMatch(/farsw apply: 2 records, 0 failed, 2 WARC records without a page \(request, metadata, …\),/);
  });

  it('reads WARC records as gzip members, as crawlers write them', async () => {
    const dir = tempDir('warc-members');
    const members = [];
    for (let i = 0; i < 3; i++) {
      const rec = await WARCRecord.create({ url: `https://example.com/${i}`, type: 'response', warcVersion: 'WARC/1.0', httpHeaders: { 'Content-Type': 'text/html' } }, (async function* () { yield enc.encode(page(i)); })());
      members.push(Buffer.from(await WARCSerializer.serialize(rec, { gzip: true })));
    }
    const input = join(dir, 'crawl.warc.gz');
    writeFileSync(input, Buffer.concat(members));
    const { records } = await runToMemory({ inputs: [input] });
    expect(records.map((r) => r.text!.includes(`Article ${r.url!.slice(-1)}`))).toEqual([true, true, true]);
  });
});
