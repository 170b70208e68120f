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
import { runToMemory, tempDir, httpBlock } from './helpers.js';

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
  it('a WARC/0.18 record (ClueWeb09) is named as such in the error record', async () => {
    const dir = tempDir('warc018');
    const block = httpBlock('<html><body><p>ClueWeb page</p></body></html>');
    const head = ['WARC/0.18', 'WARC-Type: response', 'WARC-Target-URI: http://example.com/', `Content-Length: ${block.length}`].join('\r\n') + '\r\n\r\n';
    const file = join(dir, 'clueweb.warc');
    writeFileSync(file, Buffer.concat([Buffer.from(head), block, Buffer.from('\r\n\r\n')]));
    const { records } = await runToMemory({ inputs: [file], kind: 'warc' });
    expect(records.map((r) => r.error).join('\n')).toMatch(/a WARC\/0\.18 record header: WARC before 1\.0 \(as ClueWeb09's\) is not read; farsw reads WARC\/1\.0 and WARC\/1\.1/);
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
