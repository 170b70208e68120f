/**
 * Streaming JSON Lines reader for plain or gzip files (detected by the gzip
 * magic bytes, not the name). Yields one entry per non-blank line with its
 * 1-based line number; a line that is not valid JSON is yielded as an error
 * entry so batch runs can report it (file and line) and go on.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { createInterface } from 'node:readline';
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

/**
 * Read `path` line by line. A truncated gzip stream ends the iteration with
 * an InputError naming the file and the last line read.
 */
export async function* readJsonLines(path: string): AsyncGenerator<JsonLine> {
  const stream = await openTextStream(path);
  const rl = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of rl) {
      line++;
      if (text.trim() === '') continue;
      try {
        yield { line, value: JSON.parse(text) as unknown };
      } catch (e) {
        yield { line, error: `invalid JSON (${(e as Error).message})` };
      }
    }
  } catch (e) {
    throw new InputError(`${path}: read failed after line ${line} (${(e as Error).message})`, { cause: e });
  }
}
