/**
 * One page named on the command line (`farsw apply PAGE…`, `farsw explain PAGE`) as a file or `-` (stdin):
 * bounded in size, gunzipped when it is gzip (as `--input` does), refused with one line naming it when it is
 * a crawl (WARC, JSON Lines: use --input). URLs are fetched by the caller (batch/fetch.ts).
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { BATCH_DEFAULTS } from '../core/defaults.js';
import { InputError } from '../core/errors.js';
import { detectInputKind } from './magic.js';
import { gunzipPage } from './open.js';
import type { ByteStream } from '../core/portable.js';

/** A stream's bytes, at most `limit` of them: an endless one (/dev/zero, a pipe that never ends) is refused, not read for ever. */
async function readAll(stream: ByteStream, name: string, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    const b = typeof c === 'string' ? Buffer.from(c) : Buffer.from(c.buffer, c.byteOffset, c.length);
    size += b.length;
    if (size > limit) {
      (stream as { destroy?: () => void }).destroy?.();
      throw new InputError(`${name}: page larger than ${limit} bytes (reading stopped there)`);
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/** A file's bytes, or the InputError that says why they cannot be read. */
async function readPageFile(file: string): Promise<Uint8Array> {
  try {
    // A page is read whole and becomes a string: refuse what cannot fit before reading it (a 1 GB file gave a RangeError).
    const st = await stat(file);
    if (st.isFile() && st.size > BATCH_DEFAULTS.maxPageBytes) throw new InputError(`${file}: page of ${st.size} bytes is larger than farsw reads (${BATCH_DEFAULTS.maxPageBytes} bytes)`);
    // A device or FIFO has no size: read it against the same bound.
    return st.isFile() || st.isDirectory() ? await readFile(file) : await readAll(createReadStream(file), file, BATCH_DEFAULTS.maxPageBytes);
  } catch (e) {
    if (e instanceof InputError) throw e;
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EISDIR') throw new InputError(`${file}: is a directory; to extract every page in it: farsw apply --input ${file}`);
    if (err.code === 'ENOENT' && URL_LIKE.test(file)) throw new InputError(`${file}: no such file; a URL needs its scheme: farsw apply https://${file}`);
    if (err.code === 'ENOENT' && OTHER_SCHEME.test(file)) throw new InputError(`${file}: no such file, and only http(s) URLs are fetched`);
    throw new InputError(`${file}: cannot read (${err.code === 'ENOENT' ? 'no such file' : err.message})`);
  }
}

/**
 * A page's bytes from a file or `-` (the given stdin), gunzipped when they start with the gzip magic, up to `maxBytes` unpacked.
 * @throws InputError naming the file: unreadable, too large, corrupt gzip, or a crawl rather than a page
 */
export async function readPageBytes(file: string, stdin: ByteStream | undefined, maxBytes: number): Promise<Uint8Array> {
  let bytes: Uint8Array;
  if (file === '-') {
    if (!stdin) throw new InputError('-: no standard input available');
    bytes = await readAll(stdin, '-', BATCH_DEFAULTS.maxPageBytes);
  } else bytes = await readPageFile(file);
  bytes = gunzipPage(bytes, file, maxBytes);
  // A crawl given as a page would come out as its raw records: point at --input instead.
  const kind = detectInputKind(bytes.subarray(0, 64));
  if (kind === 'warc' || kind === 'jsonl') throw new InputError(`${file}: ${kind === 'warc' ? 'a WARC file' : 'JSON Lines records'}, not a page; to extract its pages: farsw apply --input ${file}`);
  return bytes;
}

/** A URL of a scheme farsw does not fetch (`ftp://…`, `file://…`). */
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** A file name that looks like a host name (`example.com/a`): the user probably meant a URL. */
const URL_LIKE = /^(www\.|[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}\/)/i;
