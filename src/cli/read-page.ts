/**
 * A page named on the command line (`farsw apply PAGE…`, `farsw explain PAGE`): a file, `-` (stdin) or an
 * http(s) URL, read the same way by every command: gunzipped when it is gzip (as `--input` does), bounded
 * in size, refused with one line naming it when it is a crawl (WARC, JSON Lines: use --input) or not HTML.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { detectInputKind, isGzip } from '../batch/detect.js';
import { fetchPage, isUrl, type FetchOptions } from '../batch/fetch.js';
import { InputError } from '../core/errors.js';
import { BATCH_DEFAULTS } from '../core/defaults.js';
import { sniffBinary } from '../html/sniff-binary.js';
import type { CliIo } from './io.js';

/** A page's bytes, and what fetching it said: its final URL and the Content-Type header. */
export interface PageArg {
  readonly bytes: Uint8Array;
  readonly url?: string;
  readonly contentType?: string;
}

/**
 * Read the page `file` names.
 * @param options maxBytes: the most a gzip page unpacks to or a fetched body holds; fetch: the URL limits;
 *   contentType: the transport charset the user gives (`--content-type`), which also lets UTF-16 through the binary check
 * @throws InputError naming the file or URL
 */
export async function readPageArg(file: string, io: CliIo, options: { maxBytes: number; fetch?: Omit<FetchOptions, 'maxBytes'>; contentType?: string }): Promise<PageArg> {
  let page: PageArg;
  if (isUrl(file)) {
    const fetched = await fetchPage(file, { maxBytes: options.maxBytes, ...options.fetch });
    page = { bytes: fetched.bytes, url: fetched.url, ...(fetched.contentType !== undefined ? { contentType: fetched.contentType } : {}) };
  } else page = { bytes: await readPage(file, io, options.maxBytes) };
  const binary = sniffBinary(page.bytes, options.contentType ?? page.contentType);
  if (binary !== null) throw new InputError(`${file}: not HTML: ${binary}`);
  return page;
}

/** A stream's bytes, at most `limit` of them: an endless one (/dev/zero, a pipe that never ends) is refused, not read for ever. */
async function readAll(stream: NodeJS.ReadableStream, name: string, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    const b = typeof c === 'string' ? Buffer.from(c) : (c as Buffer);
    size += b.length;
    if (size > limit) {
      (stream as { destroy?: () => void }).destroy?.();
      throw new InputError(`${name}: page larger than ${limit} bytes (reading stopped there)`);
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/** A page's bytes, gunzipped when they start with the gzip magic (as `--input` does), up to `maxBytes` unpacked. */
async function readPage(file: string, io: CliIo, maxBytes: number): Promise<Uint8Array> {
  let bytes: Uint8Array;
  if (file === '-') {
    if (!io.stdin) throw new InputError('-: no standard input available');
    bytes = await readAll(io.stdin, '-', BATCH_DEFAULTS.maxPageBytes);
  } else {
    try {
      // A page is read whole and becomes a string: refuse what cannot fit before reading it (a 1 GB file gave a RangeError).
      const st = await stat(file);
      if (st.isFile() && st.size > BATCH_DEFAULTS.maxPageBytes) throw new InputError(`${file}: page of ${st.size} bytes is larger than farsw reads (${BATCH_DEFAULTS.maxPageBytes} bytes)`);
      // A device or FIFO has no size: read it against the same bound.
      bytes = st.isFile() || st.isDirectory() ? await readFile(file) : await readAll(createReadStream(file), file, BATCH_DEFAULTS.maxPageBytes);
    } catch (e) {
      if (e instanceof InputError) throw e;
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'EISDIR') throw new InputError(`${file}: is a directory; to extract every page in it: farsw apply --input ${file}`);
      if (err.code === 'ENOENT' && URL_LIKE.test(file)) throw new InputError(`${file}: no such file; a URL needs its scheme: farsw apply https://${file}`);
      if (err.code === 'ENOENT' && OTHER_SCHEME.test(file)) throw new InputError(`${file}: no such file, and only http(s) URLs are fetched`);
      throw new InputError(`${file}: cannot read (${err.code === 'ENOENT' ? 'no such file' : err.message})`);
    }
  }
  if (isGzip(bytes)) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: maxBytes });
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'ERR_BUFFER_TOO_LARGE') throw new InputError(`${file}: gzip data unpacks to more than --max-bytes ${maxBytes}`);
      throw new InputError(`${file}: corrupt gzip data (${err.message})`);
    }
  }
  // A crawl given as a page would come out as its raw records: point at --input instead.
  const kind = detectInputKind(bytes.subarray(0, 64));
  if (kind === 'warc' || kind === 'jsonl') throw new InputError(`${file}: ${kind === 'warc' ? 'a WARC file' : 'JSON Lines records'}, not a page; to extract its pages: farsw apply --input ${file}`);
  return bytes;
}

/** A URL of a scheme farsw does not fetch (`ftp://…`, `file://…`). */
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** A file name that looks like a host name (`example.com/a`): the user probably meant a URL. */
const URL_LIKE = /^(www\.|[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}\/)/i;

