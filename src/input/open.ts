/**
 * Bytes of an input as they arrive: open a file or stdin as chunks, count the raw bytes read (progress),
 * peek at the head, gunzip when the head has the gzip magic (multi-member gzip, as WARC.gz is, included).
 * The one place farsw opens gzip data it reads (HTTP bodies' Content-Encoding: batch/http-body.ts).
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { InputError } from '../core/errors.js';
import { findGzipHeader, isGzip } from './magic.js';
import type { ByteStream } from '../core/portable.js';
import { gunzipMembers } from './gunzip.js';

/** Bytes of an input as they arrive. */
export type Chunks = AsyncIterable<Buffer>;

/** Read a file (or `-`: the given stdin stream) as chunks of up to 1 MiB, calling `onRaw(n)` per chunk read. */
export async function* readRaw(path: string, stdin: ByteStream | undefined, onRaw: (bytes: number) => void = () => {}): Chunks {
  const stream = path === '-' ? stdin : createReadStream(path, { highWaterMark: 1 << 20 });
  if (!stream) throw new Error('no standard input available');
  for await (const c of stream) {
    const buf = typeof c === 'string' ? Buffer.from(c) : Buffer.isBuffer(c) ? c : Buffer.from((c as Uint8Array).buffer, (c as Uint8Array).byteOffset, (c as Uint8Array).length);
    onRaw(buf.length);
    yield buf;
  }
}

/** The first bytes (at least `n`, unless the stream is shorter) and the whole stream, head included. */
export async function peek(chunks: Chunks, n: number): Promise<{ head: Buffer; chunks: Chunks }> {
  const it = chunks[Symbol.asyncIterator]();
  const got: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const step = await it.next();
    if (step.done) { done = true; break; }
    got.push(step.value);
    size += step.value.length;
  }
  async function* all(): Chunks {
    yield* got;
    if (done) return;
    for (;;) {
      const step = await it.next();
      if (step.done) return;
      yield step.value;
    }
  }
  return { head: Buffer.concat(got), chunks: all() };
}

const GZ_NAME = /\.t?gz$/i;
const GZ_SEARCH = 64 * 1024;

/**
 * Gunzip `chunks` when they start with the gzip magic, or when `name` ends .gz and they are no text (control bytes
 * in the first 64, or a gzip member header in the first 64 KiB) (zlib runs off the main thread's JS), member by member: a
 * damaged member, or bytes between members that are no member, is one zero-length chunk that `damageOf`
 * (input/gunzip.ts) names, and reading goes on at the next member.
 */
export async function maybeGunzip(chunks: Chunks, name?: string): Promise<{ gzip: boolean; chunks: Chunks }> {
  const p = await peek(chunks, 2);
  if (isGzip(p.head)) return { gzip: true, chunks: gunzipMembers(p.chunks) };
  // A file named .gz whose first member's header is damaged: gzip when its first bytes are binary or a member header follows.
  if (name === undefined || !GZ_NAME.test(name)) return { gzip: false, chunks: p.chunks };
  const q = await peek(p.chunks, GZ_SEARCH);
  const damaged = controlBytes(q.head.subarray(0, 64)) || findGzipHeader(q.head) >= 0;
  return { gzip: damaged, chunks: damaged ? gunzipMembers(q.chunks) : q.chunks };
}

/** Control bytes that no text holds (C0 but tab, LF, VT, FF, CR and ESC). */
function controlBytes(head: Uint8Array): boolean {
  return head.some((c) => c < 0x09 || (c > 0x0d && c < 0x20 && c !== 0x1b));
}

/**
 * A file's bytes as a stream, gunzipped when it starts with the gzip magic (or is named .gz and is no text).
 * @throws InputError `PATH: cannot open (…)` when the file cannot be opened
 */
export async function openInputFile(path: string): Promise<Chunks> {
  const fh = await open(path, 'r').catch((e: NodeJS.ErrnoException) => {
    throw new InputError(`${path}: cannot open (${e.code ?? e.message})`);
  });
  await fh.close();
  return (await maybeGunzip(readRaw(path, undefined), path)).chunks;
}

/**
 * One page's bytes, gunzipped when they start with the gzip magic, up to `maxBytes` unpacked.
 * @param name the page's name in messages (a file, `-`)
 * @throws InputError naming it for corrupt gzip data or data that unpacks past `maxBytes`
 */
export function gunzipPage(bytes: Uint8Array, name: string, maxBytes: number): Uint8Array {
  if (!isGzip(bytes)) return bytes;
  try {
    return gunzipSync(bytes, { maxOutputLength: maxBytes });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ERR_BUFFER_TOO_LARGE') throw new InputError(`${name}: gzip data unpacks to more than --max-bytes ${maxBytes}`);
    throw new InputError(`${name}: corrupt gzip data (${err.message})`);
  }
}
