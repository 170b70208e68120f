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
import { byteLines } from '../core/byte-lines.js';
import { InputError, jsonSyntaxMessage } from '../core/errors.js';

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
  try {
    // A line without an end after 4 × the limit (at least 1 GiB) ends the file: /dev/zero never ends.
    for await (const l of byteLines(stream as AsyncIterable<Buffer>, maxLineBytes, Math.max(2 ** 30, 4 * maxLineBytes))) {
      line = l.line;
      if (l.cut) { yield { line, error: `no line end within ${l.size} bytes; the rest of the file is skipped` }; return; }
      if (l.parts === undefined) { yield { line, error: `line of ${l.size} bytes is longer than ${maxLineBytes} bytes; skipped` }; continue; }
      const text = utf8.decode(Buffer.concat(l.parts, l.size));
      if (text.trim() === '') continue;
      try {
        yield { line, value: JSON.parse(text) as unknown };
      } catch (e) {
        yield { line, error: `invalid JSON (${jsonSyntaxMessage(e)})` };
      }
    }
  } catch (e) {
    throw new InputError(`${path}: read failed after line ${line} (${(e as Error).message})`, { cause: e });
  }
}
