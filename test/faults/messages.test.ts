/**
 * Fault injection, messages (issue 36 item 12): a UTF-16BE page without a BOM is hinted as utf-16be; a WARC/0.18 file
 * (ClueWeb09) is named as WARC before 1.0; a redirect to file: or data: is refused naming the scheme, not followed.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { sniffBinary } from '../../src/html/sniff-binary.js';
import { fetchPage } from '../../src/batch/fetch.js';
import { gzipMembers, runToMemory, tempDir, httpBlock } from './helpers.js';

const ascii = '<html><body><p>A page of plain text written as UTF-16 without any byte-order mark at its start.</p></body></html>';

describe('UTF-16 without a byte-order mark: the hint names its byte order', () => {
  it('big-endian gets charset=utf-16be, little-endian charset=utf-16le', () => {
    const le = Buffer.from(ascii, 'utf16le');
    const be = Buffer.from(le).swap16();
    expect(sniffBinary(be)).toBe('UTF-16 text without a byte-order mark (declare it: --content-type "text/html; charset=utf-16be")');
    expect(sniffBinary(le)).toBe('UTF-16 text without a byte-order mark (declare it: --content-type "text/html; charset=utf-16le")');
  });
});

describe('WARC before 1.0', () => {
  /** A record as ClueWeb09 writes it: WARC/0.18, named fields, its TREC id, CRLF CRLF after the block. */
  const clueweb = (type: string, uri: string, block: Buffer, extra: string[] = []): Buffer => {
    const head = ['WARC/0.18', `WARC-Type: ${type}`, `WARC-Target-URI: ${uri}`, 'WARC-Date: 2009-03-65T08:43:19-0800', ...extra, `Content-Length: ${block.length}`].join('\r\n') + '\r\n\r\n';
    return Buffer.concat([Buffer.from(head), block, Buffer.from('\r\n\r\n')]);
  };

  it('WARC/0.18 records (ClueWeb09) are read as WARC/1.0 ones, detected without --input-format, gzipped or not', async () => {
    const dir = tempDir('warc018');
    const records = [
      clueweb('warcinfo', '', Buffer.from('software: Nutch 1.0-dev\r\nformat: WARC file version 0.18\r\n'), ['Content-Type: application/warc-fields']),
      clueweb('response', 'http://example.com/a', httpBlock('<html><body><p>The first ClueWeb page tells of the harbour and its ships.</p></body></html>'),
        ['WARC-TREC-ID: clueweb09-en0000-00-00000', 'Content-Type: application/http;msgtype=response']),
      // an HTTP head with LF line ends, as some ClueWeb09 responses have
      clueweb('response', 'http://example.com/b', Buffer.from('HTTP/1.1 200 OK\nContent-Type: text/html\n\n<html><body><p>The second page tells of the market square.</p></body></html>'),
        ['WARC-TREC-ID: clueweb09-en0000-00-00001', 'Content-Type: application/http;msgtype=response']),
    ];
    const plain = join(dir, 'clueweb.warc');
    writeFileSync(plain, Buffer.concat(records));
    const gz = join(dir, 'clueweb.warc.gz');
    writeFileSync(gz, gzipMembers(records));
    for (const file of [plain, gz]) {
      const { records: out, summary } = await runToMemory({ inputs: [file] });
      expect(out.map((r) => [r.url, r.text])).toEqual([
        ['http://example.com/a', 'The first ClueWeb page tells of the harbour and its ships.'],
        ['http://example.com/b', 'The second page tells of the market square.'],
      ]);
      expect(summary.failed).toBe(0);
    }
  });

  it('after a broken WARC/0.18 record the next one is found; another version is named as such', async () => {
    const dir = tempDir('warc09');
    const good = clueweb('response', 'http://example.com/c', httpBlock('<html><body><p>A page after the broken record, about the lighthouse.</p></body></html>'));
    const broken = Buffer.concat([Buffer.from('WARC/0.18\r\nWARC-Type: response\r\nContent-Length: 99999\r\n\r\n<html>cut'), Buffer.from('\r\n')]);
    const old = Buffer.from('WARC/0.9 1234 response http://example.com/old 20080101000000 message/http uuid:1\r\n\r\n');
    const file = join(dir, 'mixed.warc');
    writeFileSync(file, Buffer.concat([broken, good, old, good]));
    const { records } = await runToMemory({ inputs: [file], kind: 'warc' });
    const errors = records.filter((r) => r.error !== undefined).map((r) => r.error).join('\n');
    expect(records.filter((r) => r.text !== undefined).map((r) => r.url)).toEqual(['http://example.com/c', 'http://example.com/c']);
    expect(errors).toMatch(/Content-Length 99999 does not end the record|truncated/);
    expect(errors).toMatch(/a WARC\/0\.9 record header: that WARC version is not read; farsw reads WARC\/1\.0, WARC\/1\.1 and the drafts WARC\/0\.17 and WARC\/0\.18/);
  });
});

describe('redirects leave http(s) only when refused', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/to-file') { res.writeHead(302, { location: 'file:///etc/passwd' }); res.end(); return; }
      if (req.url === '/to-data') { res.writeHead(301, { location: 'data:text/html,<p>injected</p>' }); res.end(); return; }
      res.writeHead(404); res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a redirect to file: or data: is an error naming the scheme; nothing is read there', async () => {
    const opts = { maxBytes: 1 << 20, timeoutMs: 10_000 };
    await expect(fetchPage(`${base}/to-file`, opts)).rejects.toThrow(`${base}/to-file: redirected to a file: URL (file:///etc/passwd); only http(s) URLs are fetched`);
    await expect(fetchPage(`${base}/to-data`, opts)).rejects.toThrow(/redirected to a data: URL \(data:text\/html,.*\); only http\(s\) URLs are fetched/);
  });
});
