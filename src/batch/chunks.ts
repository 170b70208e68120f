/**
 * Byte-stream plumbing for batch inputs: open a file or stdin as chunks,
 * count the raw bytes read (progress), peek at the head, gunzip when the
 * head has the gzip magic (multi-member gzip, as WARC.gz is, included).
 */
import { createReadStream } from 'node:fs';
import { Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { isGzip } from './detect.js';

/** Bytes of an input as they arrive. */
export type Chunks = AsyncIterable<Buffer>;

/** Read a file (or `-`: the given stdin stream) as chunks of up to 1 MiB, calling `onRaw(n)` per chunk read. */
export async function* readRaw(path: string, stdin: NodeJS.ReadableStream | undefined, onRaw: (bytes: number) => void): Chunks {
  const stream = path === '-' ? stdin : createReadStream(path, { highWaterMark: 1 << 20 });
  if (!stream) throw new Error('no standard input available');
  for await (const c of stream) {
    const buf = typeof c === 'string' ? Buffer.from(c) : (c as Buffer);
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

/** Gunzip `chunks` when they start with the gzip magic (zlib runs off the main thread's JS). */
export async function maybeGunzip(chunks: Chunks): Promise<{ gzip: boolean; chunks: Chunks }> {
  const p = await peek(chunks, 2);
  if (!isGzip(p.head)) return { gzip: false, chunks: p.chunks };
  const out = pipeline(Readable.from(p.chunks), createGunzip({ chunkSize: 1 << 18 }), () => {});
  return { gzip: true, chunks: out as AsyncIterable<Buffer> };
}
