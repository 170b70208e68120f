/**
 * A page named on the command line (`farsw apply PAGE…`, `farsw explain PAGE`): a file, `-` (stdin) or an
 * http(s) URL, read the same way by every command: files and stdin through the input layer (input/page.ts:
 * gunzipped when gzip, bounded in size, a crawl refused), URLs fetched; refused with one line naming it when not HTML.
 */
import { fetchPage, isUrl, type FetchOptions } from '../batch/fetch.js';
import { InputError } from '../core/errors.js';
import { sniffBinary } from '../html/sniff-binary.js';
import { readPageBytes } from '../input/page.js';
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
  } else page = { bytes: await readPageBytes(file, io.stdin, options.maxBytes) };
  const binary = sniffBinary(page.bytes, options.contentType ?? page.contentType);
  if (binary !== null) throw new InputError(`${file}: not HTML: ${binary}`);
  return page;
}
