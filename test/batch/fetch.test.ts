/** URL input (issue 21.1) against a server this test starts on 127.0.0.1. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fetchPage, perKeyLimiter } from '../../src/batch/fetch.js';
import { run } from '../../src/cli/main.js';
import { capture } from '../cli/capture.js';
import { page, tempDir } from './helpers.js';

let server: Server;
let base: string;
let inFlight = 0, maxInFlight = 0;
const agents: string[] = [];
// "café" in windows-1252: the 0xE9 byte is decoded right only with the header's charset.
const latin1 = Buffer.concat([Buffer.from('<html><body><article><p>Le caf'), Buffer.from([0xe9]), Buffer.from(' du march'), Buffer.from([0xe9]), Buffer.from(' a rouvert ses portes ce matin apr\xe8s de longs travaux, et les habitants du quartier sont venus nombreux.'.replace('\xe8', 'e')), Buffer.from('</p></article></body></html>')]);

beforeAll(async () => {
  server = createServer((req, res) => {
    agents.push(req.headers['user-agent'] ?? '');
    const path = req.url ?? '/';
    if (path === '/ok') { res.writeHead(200, { 'content-type': 'text/html; charset=windows-1252' }); res.end(latin1); return; }
    if (path === '/missing') { res.writeHead(404, { 'content-type': 'text/html' }); res.end('<p>not here</p>'); return; }
    if (path === '/loop') { res.writeHead(302, { location: '/loop' }); res.end(); return; }
    if (path === '/hop') { res.writeHead(301, { location: '/ok' }); res.end(); return; }
    if (path === '/hop-missing') { res.writeHead(302, { location: '/missing' }); res.end(); return; }
    if (path === '/slow') { res.writeHead(200, { 'content-type': 'text/html' }); res.write('<p>start'); setTimeout(() => res.end('</p>'), 3000).unref(); return; }
    if (path === '/png') { res.writeHead(200, { 'content-type': 'image/png' }); res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47])); return; }
    if (path === '/gz') { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' }); res.end(gzipSync(page(5))); return; }
    if (path === '/cut') { res.writeHead(200, { 'content-type': 'text/html', 'content-length': '5000' }); res.write('<p>the first words only'); setTimeout(() => res.destroy(), 20); return; }
    if (path === '/big') { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<p>' + 'x'.repeat(5000) + '</p>'); return; }
    if (path.startsWith('/n/')) {
      inFlight++; maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => { inFlight--; res.writeHead(200, { 'content-type': 'text/html' }); res.end(page(Number(path.slice(3)))); }, 50);
      return;
    }
    res.writeHead(500); res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('network errors in words', () => {
  it('a body cut before its Content-Length, a refused connection, a scheme farsw does not fetch', async () => {
    const opts = { maxBytes: 1 << 20, timeoutMs: 15_000 };
    // (undici names the cut by how the socket ended: either way the words say it.)
    await expect(fetchPage(`${base}/cut`, opts)).rejects.toThrow(/\/cut: cannot fetch \((the server closed the connection, UND_ERR_SOCKET|the body ended before its Content-Length, UND_ERR_RES_CONTENT_LENGTH_MISMATCH)\)$/);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(fetchPage(`http://127.0.0.1:${port}/x`, opts)).rejects.toThrow(`http://127.0.0.1:${port}/x: cannot fetch (connection refused: nothing listens on that port, ECONNREFUSED)`);
    const io = capture();
    expect(await run(['apply', 'ftp://127.0.0.1/page.html'], io)).toBe(1);
    expect(io.err).toBe('farsw: ftp://127.0.0.1/page.html: no such file, and only http(s) URLs are fetched\n');
  });
});

describe('farsw apply URL --format json', () => {
  it('names the URL after redirects', async () => {
    const io = capture();
    expect(await run(['apply', `${base}/hop`, '-a', 'addanag', '--format', 'json'], io)).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({ file: `${base}/hop`, url: `${base}/ok` });
  });
});

describe('farsw explain URL', () => {
  it('fetches the page as apply does: the header charset decodes it; an error status is one line', async () => {
    const io = capture();
    expect(await run(['explain', `${base}/hop`, '-a', 'addanag', '--lines', '0-5'], io)).toBe(0);
    expect(io.out).toContain('Le café du marché a rouvert');
    const gone = capture();
    expect(await run(['explain', `${base}/missing`], gone)).toBe(1);
    expect(gone.err).toBe(`farsw: ${base}/missing: HTTP 404 Not Found\n`);
  });
});

describe('fetchPage (issue 21.1)', () => {
  const opts = { maxBytes: 1 << 20, timeoutMs: 15_000 };

  it('200: the bytes, the final URL after a redirect, and the Content-Type as the charset hint', async () => {
    const got = await fetchPage(`${base}/hop`, opts);
    expect(got.url).toBe(`${base}/ok`);
    expect(got.contentType).toBe('text/html; charset=windows-1252');
    expect(Buffer.from(got.bytes).equals(latin1)).toBe(true);
  });

  it('404, a redirect loop, a slow body, a non-HTML type and a body over the limit are errors naming the URL', async () => {
    await expect(fetchPage(`${base}/missing`, opts)).rejects.toThrow(`${base}/missing: HTTP 404 Not Found`);
    await expect(fetchPage(`${base}/loop`, { ...opts, maxRedirects: 3 })).rejects.toThrow(`${base}/loop: more than 3 redirects`);
    await expect(fetchPage(`${base}/slow`, { ...opts, timeoutMs: 300 })).rejects.toThrow(`${base}/slow: no complete answer within 300 ms`);
    await expect(fetchPage(`${base}/png`, opts)).rejects.toThrow(`${base}/png: not HTML (Content-Type image/png)`);
    await expect(fetchPage(`${base}/big`, { ...opts, maxBytes: 1000 })).rejects.toThrow(/big: body (of \d+ bytes )?exceeds --max-bytes 1000/);
    await expect(fetchPage('http://127.0.0.1:1/x', opts)).rejects.toThrow(/127\.0\.0\.1:1\/x: cannot fetch \(.+\)$/);
  });

  it('a gzip body is unpacked', async () => {
    const got = await fetchPage(`${base}/gz`, opts);
    expect(Buffer.from(got.bytes).toString()).toContain('Article 5 tells how');
  });

  it('sends the configured user agent', async () => {
    await fetchPage(`${base}/ok`, { ...opts, userAgent: 'test-agent/1' });
    expect(agents[agents.length - 1]).toBe('test-agent/1');
    await fetchPage(`${base}/ok`, opts);
    expect(agents[agents.length - 1]).toMatch(/^farsw\//);
  });

  it('perKeyLimiter keeps at most n tasks of a key running', async () => {
    const limit = perKeyLimiter(2);
    let now = 0, peak = 0;
    const task = (): Promise<void> => { now++; peak = Math.max(peak, now); return new Promise((r) => setTimeout(() => { now--; r(); }, 5)); };
    await Promise.all(Array.from({ length: 7 }, () => limit('a', task)));
    expect(peak).toBe(2);
  });
});

describe('farsw apply with URLs (issue 21.1)', () => {
  it('apply URL decodes with the header charset; a failing URL is reported and the others still run (exit 1)', async () => {
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', `${base}/ok`, `${base}/missing`, `${base}/gz`], io)).toBe(1);
    expect(io.out, io.err).toContain('Le café du marché');
    expect(io.out).toContain('Article 5 tells how');
    expect(io.err).toContain(`farsw: ${base}/missing: HTTP 404 Not Found`);
  });

  it('--input urls.txt: one record per URL in order, error records for failures, per-host concurrency bounded', async () => {
    const dir = tempDir('urls');
    const list = join(dir, 'urls.txt');
    writeFileSync(list, [...Array.from({ length: 8 }, (_, i) => `${base}/n/${i}`), '# a comment', '', `${base}/png`, 'ftp://x'].join('\n') + '\n');
    maxInFlight = 0;
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '-q', '--per-host', '2', '--input', list], io)).toBe(3);
    const recs = io.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(recs.slice(0, 8).map((r) => r.url)).toEqual(Array.from({ length: 8 }, (_, i) => `${base}/n/${i}`));
    expect(recs.slice(0, 8).every((r, i) => r.text.startsWith(`Article ${i} `))).toBe(true);
    expect(recs[8].error).toBe(`${base}/png: not HTML (Content-Type image/png)`);
    expect(recs[9].error).toMatch(/urls\.txt:12: not an http\(s\) URL/);
    expect(maxInFlight).toBeLessThanOrEqual(2);
  });

  it('--input urls.txt: a record after a redirect names the URL asked for and the one the page came from (issue 37.14)', async () => {
    const dir = tempDir('urls-redirect');
    const list = join(dir, 'urls.txt');
    writeFileSync(list, [`${base}/hop`, `${base}/n/3`, `${base}/hop-missing`].join('\n') + '\n');
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '-q', '--input', list], io)).toBe(3);
    const recs = io.out.trim().split('\n').map((l) => JSON.parse(l) as { url: string; finalUrl?: string; text?: string; error?: string });
    expect(recs.map((r) => [r.url, r.finalUrl])).toEqual([[`${base}/hop`, `${base}/ok`], [`${base}/n/3`, `${base}/n/3`], [`${base}/hop-missing`, undefined]]);
    expect(recs[0]!.text).toContain('Le café du marché');
    expect(recs[2]!.error).toBe(`${base}/hop-missing: HTTP 404 Not Found`);
  });
});
