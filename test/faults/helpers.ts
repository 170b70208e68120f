/** Shared pieces of the fault-injection suite: hand-built WARC records, a CLI run in a child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { compiledWorker, ROOT } from '../batch/helpers.js';

export { page, pageLines, tempDir, writeLines, runToMemory, compiledWorker, ROOT } from '../batch/helpers.js';

/** An HTTP response block: status line, headers, blank line, body. */
export function httpBlock(body: Uint8Array | string, headers: Record<string, string> = { 'Content-Type': 'text/html' }): Buffer {
  const head = ['HTTP/1.1 200 OK', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n') + '\r\n\r\n';
  return Buffer.concat([Buffer.from(head, 'latin1'), typeof body === 'string' ? Buffer.from(body) : Buffer.from(body)]);
}

/** One WARC `response` record; `length` overrides the Content-Length it declares. */
export function warcRecord(n: number, block: Buffer, opts: { length?: number; type?: string } = {}): Buffer {
  const head = [
    'WARC/1.0', `WARC-Type: ${opts.type ?? 'response'}`, `WARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-${String(n).padStart(12, '0')}>`,
    `WARC-Target-URI: https://example.com/${n}`, 'Content-Type: application/http; msgtype=response', `Content-Length: ${opts.length ?? block.length}`,
  ].join('\r\n') + '\r\n\r\n';
  return Buffer.concat([Buffer.from(head), block, Buffer.from('\r\n\r\n')]);
}

/** A WARC of `count` good HTML responses, page(n) for n = 0 … count − 1. */
export function goodRecords(count: number, from = 0): Buffer[] {
  return Array.from({ length: count }, (_, i) => warcRecord(from + i, httpBlock(pageText(from + i))));
}

/** The page text of the batch helpers' page(n), short enough to build by hand here. */
export function pageText(n: number): string {
  return `<html><body><ul><li><a href="/">Home</a></li></ul><div><p>Article ${n} tells how the village rebuilt its old stone bridge after the spring flood had washed the middle arch away.</p></div></body></html>`;
}

/** Gzip each record as its own member, as crawlers write .warc.gz. */
export function gzipMembers(records: readonly Buffer[]): Buffer {
  return Buffer.concat(records.map((r) => gzipSync(r)));
}

/** The CLI as a child process (the compiled sources in .build/), for signals, locks and kills. */
export function spawnCli(args: readonly string[], opts: { cwd?: string; env?: Record<string, string> } = {}): ChildProcess {
  const worker = compiledWorker();
  const cli = join(ROOT, '.build/cli/main.js');
  const code = `import(${JSON.stringify(cli)}).then(async (m) => { process.exitCode = await m.run(process.argv.slice(1)); })`;
  return spawn(process.execPath, ['--input-type=module', '-e', code, '--', ...args], {
    cwd: opts.cwd ?? ROOT, env: { ...process.env, FARSW_BATCH_WORKER: worker, ...opts.env }, stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Run the CLI to its end: exit code (or signal), stdout, stderr. */
export async function runCli(args: readonly string[], opts: { cwd?: string; env?: Record<string, string>; stdin?: string | Buffer } = {}): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }> {
  const child = spawnCli(args, opts);
  let out = '', err = '';
  child.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
  if (opts.stdin !== undefined) child.stdin!.end(opts.stdin);
  else child.stdin!.end();
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
  return { code, signal, out, err };
}

/** Output lines parsed as JSON records. */
export function jsonRecords(text: string): { id?: string; url?: string; text?: string; error?: string }[] {
  return text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as { id?: string; url?: string; text?: string; error?: string });
}

/** No stack trace: no "    at " frame lines and no "Error:" class prefixes leak to the user. */
export function noStackTrace(stderr: string): boolean {
  return !/^\s+at .+[:(]/m.test(stderr) && !/unexpected error/.test(stderr);
}
