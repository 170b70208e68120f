/**
 * Streaming JSON Lines reader for plain or gzip files (detected by the gzip
 * magic bytes, not the name). Yields one entry per non-blank line with its
 * 1-based line number; a line that is not valid JSON is yielded as an error
 * entry so batch runs can report it (file and line) and go on.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { InputError } from '../core/errors.js';

export type JsonLine =
  | { readonly line: number; readonly value: unknown; readonly error?: undefined }
  | { readonly line: number; readonly value?: undefined; readonly error: string };

/** True when the file starts with the gzip magic bytes 1f 8b. */
export async function isGzipFile(path: string): Promise<boolean> {
  const fh = await open(path, 'r').catch((e: NodeJS.ErrnoException) => {
    throw new InputError(`${path}: cannot open (${e.code ?? e.message})`);
  });
  try {
    const buf = Buffer.alloc(2);
    const { bytesRead } = await fh.read(buf, 0, 2, 0);
    return bytesRead === 2 && buf[0] === 0x1f && buf[1] === 0x8b;
  } finally {
    await fh.close();
  }
}

/** Open a plain or gzip file as a text stream. */
export async function openTextStream(path: string): Promise<Readable> {
  const gz = await isGzipFile(path);
  const raw = createReadStream(path);
  if (!gz) return raw;
  const gunzip = createGunzip();
  raw.on('error', (e) => gunzip.destroy(e));
  return raw.pipe(gunzip);
}

/** The longest line read (bytes): longer ones are reported and skipped, never made into a string (V8 stops at 2^29 characters). */
export const MAX_LINE_BYTES = 256 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8');

/**
 * Read `path` line by line, as bytes split on LF (so a line too long for a string is
 * reported, not a RangeError). A truncated gzip stream ends the iteration with
 * an InputError naming the file and the last line read.
 */
export async function* readJsonLines(path: string, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<JsonLine> {
  const stream = await openTextStream(path);
  let line = 0;
  let parts: Buffer[] = [];
  let size = 0;
  const finish = (): JsonLine | undefined => {
    line++;
    const n = size;
    const bytes = n > maxLineBytes ? undefined : Buffer.concat(parts, n);
    parts = [];
    size = 0;
    if (bytes === undefined) return { line, error: `line of ${n} bytes is longer than ${maxLineBytes} bytes; skipped` };
    const text = utf8.decode(bytes);
    if (text.trim() === '') return undefined;
    try {
      return { line, value: JSON.parse(text) as unknown };
    } catch (e) {
      return { line, error: `invalid JSON (${(e as Error).message})` };
    }
  };
  try {
    for await (const c of stream) {
      const chunk = c as Buffer;
      let start = 0;
      for (;;) {
        const nl = chunk.indexOf(0x0a, start);
        const end = nl < 0 ? chunk.length : nl;
        if (end > start) {
          if (size + (end - start) <= maxLineBytes) parts.push(chunk.subarray(start, end));
          else parts = [];
          size += end - start;
        }
        if (nl < 0) break;
        const out = finish();
        if (out) yield out;
        start = nl + 1;
      }
    }
    if (size > 0) {
      const out = finish();
      if (out) yield out;
    }
  } catch (e) {
    throw new InputError(`${path}: read failed after line ${line} (${(e as Error).message})`, { cause: e });
  }
}
