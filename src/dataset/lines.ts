/**
 * Streaming line reader for JSON Lines files, plain or gzip-compressed.
 */
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** One line of a file with its 1-based number. */
export interface NumberedLine {
  readonly line: number;
  readonly text: string;
}

/** True when a path names a gzip file (`.gz` suffix). */
export function isGzipPath(path: string): boolean {
  return path.toLowerCase().endsWith('.gz');
}

/**
 * Read a text file line by line without holding it whole in memory: a file
 * stream, through gunzip when the name ends in `.gz`, split at `\n` / `\r\n`.
 * @param path file to read
 * @returns the lines with their 1-based numbers (empty lines included)
 */
export async function* readLines(path: string): AsyncGenerator<NumberedLine> {
  const file = createReadStream(path);
  let input: Readable = file;
  if (isGzipPath(path)) {
    const gunzip = createGunzip();
    file.on('error', (e) => gunzip.destroy(e));
    input = file.pipe(gunzip);
  }
  const rl = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of rl) {
      line++;
      yield { line, text };
    }
  } finally {
    rl.close();
    file.destroy();
  }
}
