/** The input layer (src/input/): what bytes are, gzip opened in one place, one page read with its limits. */
import { describe, it, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { detectInputKind, isGzip, isWarc, startsWithMarkup } from '../../src/input/magic.js';
import { gunzipPage, maybeGunzip, openInputFile, type Chunks } from '../../src/input/open.js';
import { readPageBytes } from '../../src/input/page.js';
import { InputError } from '../../src/core/errors.js';
import { tempDir } from '../batch/helpers.js';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
async function collect(chunks: Chunks): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts).toString('utf8');
}
async function* of(...parts: Uint8Array[]): Chunks {
  for (const p of parts) yield Buffer.from(p);
}

describe('input kinds from the first bytes', () => {
  it.each([
    ['WARC/1.1\r\nWARC-Type: response', 'warc'],
    ['{"id":1}', 'jsonl'],
    ['\ufeff \n {"id":1}', 'jsonl'],
    ['https://a.example/1\nhttps://a.example/2', 'urls'],
    ['<!doctype html><p>x', 'html'],
    ['plain words', 'html'],
  ] as const)('%j is %s', (head, kind) => {
    expect(detectInputKind(bytes(head))).toBe(kind);
  });

  it('knows gzip, WARC and markup by their magic', () => {
    expect(isGzip(gzipSync('x'))).toBe(true);
    expect(isGzip(bytes('x'))).toBe(false);
    expect(isWarc(bytes('WARC/1.0\r\n'))).toBe(true);
    expect(isWarc(bytes('WARC/2.0'))).toBe(false);
    expect(startsWithMarkup(bytes('  \n<html>'))).toBe(true);
    expect(startsWithMarkup(bytes('{"html":"<p>"}'))).toBe(false);
  });
});

describe('gzip, opened in one place', () => {
  it('unpacks every member of a multi-member stream, and leaves plain bytes alone', async () => {
    const two = Buffer.concat([gzipSync('first member, '), gzipSync('second member')]);
    const g = await maybeGunzip(of(two.subarray(0, 1), two.subarray(1)));
    expect(g.gzip).toBe(true);
    expect(await collect(g.chunks)).toBe('first member, second member');
    const p = await maybeGunzip(of(bytes('<p>plain</p>')));
    expect(p.gzip).toBe(false);
    expect(await collect(p.chunks)).toBe('<p>plain</p>');
  });

  it('a page: unpacked up to maxBytes, else one line naming it', () => {
    expect(new TextDecoder().decode(gunzipPage(gzipSync('<p>hi</p>'), 'p.html.gz', 100))).toBe('<p>hi</p>');
    expect(() => gunzipPage(gzipSync('x'.repeat(1000)), 'p.html.gz', 100)).toThrow(new InputError('p.html.gz: gzip data unpacks to more than --max-bytes 100'));
    expect(() => gunzipPage(gzipSync('<p>hi</p>').subarray(0, 12), 'p.html.gz', 100)).toThrow(/^p\.html\.gz: corrupt gzip data/);
  });

  it('a file: gunzipped by its magic, not its name; a missing one named', async () => {
    const dir = tempDir('input-open');
    writeFileSync(join(dir, 'records.txt'), gzipSync('{"id":"a"}\n'));
    expect(await collect(await openInputFile(join(dir, 'records.txt')))).toBe('{"id":"a"}\n');
    await expect(openInputFile(join(dir, 'none.jsonl'))).rejects.toThrow(/none\.jsonl: cannot open \(ENOENT\)/);
  });
});

describe('one page from a file', () => {
  it('reads a gzip page, refuses a crawl with the command that reads it', async () => {
    const dir = tempDir('input-page');
    writeFileSync(join(dir, 'page.html.gz'), gzipSync('<p>hello</p>'));
    writeFileSync(join(dir, 'crawl.warc'), 'WARC/1.1\r\nWARC-Type: warcinfo\r\n\r\n');
    expect(new TextDecoder().decode(await readPageBytes(join(dir, 'page.html.gz'), undefined, 1000))).toBe('<p>hello</p>');
    await expect(readPageBytes(join(dir, 'crawl.warc'), undefined, 1000)).rejects.toThrow(/crawl\.warc: a WARC file, not a page; to extract its pages: farsw apply --input/);
    await expect(readPageBytes('-', undefined, 1000)).rejects.toThrow('-: no standard input available');
  });
});
