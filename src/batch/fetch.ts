/**
 * Pages by URL with Node's `fetch`: a timeout over the whole request, a redirect
 * limit (followed by hand, so loops end), a byte limit on the body (read as a
 * stream and cut, never buffered whole), a content-type check, and the response's
 * `Content-Type` kept as the transport charset hint for decoding. Gzip and deflate
 * bodies are unpacked by fetch itself; the byte limit counts unpacked bytes.
 */
import { FETCH_DEFAULTS } from '../core/defaults.js';
import { InputError } from '../core/errors.js';
import { FARSW_VERSION } from '../core/version.js';
import type { AbortSignalLike } from '../core/portable.js';

export interface FetchOptions {
  /** Whole request, redirects and body (ms). */
  readonly timeoutMs?: number;
  readonly maxRedirects?: number;
  /** Largest body read (bytes, unpacked); a larger one is an error. */
  readonly maxBytes: number;
  readonly userAgent?: string;
  readonly signal?: AbortSignalLike;
}

export interface FetchedPage {
  /** The URL after redirects. */
  readonly url: string;
  readonly status: number;
  readonly bytes: Uint8Array;
  /** The response's Content-Type header (the charset hint), when sent. */
  readonly contentType?: string;
}

/** The default User-Agent header. */
export const DEFAULT_USER_AGENT = `farsw/${FARSW_VERSION}`; // no URL until farsw has a public page to point at (issue 37.12)

/** Does a command-line argument name a URL to fetch (rather than a file)? */
export function isUrl(arg: string): boolean {
  return /^https?:\/\//i.test(arg);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetch one page.
 * @throws InputError naming the URL: HTTP error status, too many redirects, timeout,
 *   body over `maxBytes`, a content type that is not a page, a network failure
 */
export async function fetchPage(url: string, options: FetchOptions): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const headers = { 'user-agent': options.userAgent ?? DEFAULT_USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' };
  let current = url;
  try {
    for (let hop = 0; ; hop++) {
      const res = await fetch(current, { headers, redirect: 'manual', signal });
      if (REDIRECTS.has(res.status)) {
        const location = res.headers.get('location');
        await res.body?.cancel();
        if (location === null) throw new InputError(`${url}: HTTP ${res.status} redirect without a Location`);
        if (hop >= maxRedirects) throw new InputError(`${url}: more than ${maxRedirects} redirects (last to ${new URL(location, current).href})`);
        const next = new URL(location, current);
        // A redirect is followed to http(s) only: file:, data: and others are refused, as a URL argument of theirs is.
        if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new InputError(`${url}: redirected to a ${next.protocol} URL (${next.href.slice(0, 100)}); only http(s) URLs are fetched`);
        current = next.href;
        continue;
      }
      if (res.status < 200 || res.status > 299) {
        await res.body?.cancel();
        throw new InputError(`${url}: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
      }
      const contentType = res.headers.get('content-type') ?? undefined;
      const mime = contentType?.split(';')[0]!.trim().toLowerCase();
      if (mime && !FETCH_DEFAULTS.contentTypes.includes(mime)) {
        await res.body?.cancel();
        throw new InputError(`${url}: not HTML (Content-Type ${mime})`);
      }
      const bytes = await readBody(res, options.maxBytes, url);
      return { url: current, status: res.status, bytes, ...(contentType !== undefined ? { contentType } : {}) };
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    if (timeout.aborted) throw new InputError(`${url}: no complete answer within ${timeoutMs} ms`);
    if (options.signal?.aborted) throw new InputError(`${url}: interrupted`);
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    const code = cause?.code ?? (e as { code?: string }).code;
    const said = code !== undefined ? NETWORK_ERRORS[code] : undefined;
    throw new InputError(`${url}: cannot fetch (${said ? `${said}, ${code}` : code ?? cause?.message ?? (e as Error).message})`);
  }
}

/** What the common network error codes mean, in a user's words (the code follows, for a search). */
const NETWORK_ERRORS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused: nothing listens on that port',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be resolved now (DNS)',
  ECONNRESET: 'the server closed the connection',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'the server closed the connection',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the body ended before its Content-Length',
  UND_ERR_HEADERS_OVERFLOW: 'the response headers are too large',
  ERR_INVALID_URL: 'not a valid URL',
  CERT_HAS_EXPIRED: 'the TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the TLS certificate is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the TLS certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the TLS certificate is for another host',
};

/** The body, up to `maxBytes` (the stream is cancelled past it). */
async function readBody(res: Response, maxBytes: number, url: string): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes && !res.headers.get('content-encoding')) {
    await res.body?.cancel();
    throw new InputError(`${url}: body of ${declared} bytes exceeds --max-bytes ${maxBytes}`);
  }
  if (!res.body) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw new InputError(`${url}: body exceeds --max-bytes ${maxBytes}`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** At most `limit` tasks at a time per key (a host): the batch's politeness bound. A finished task hands its slot to the next waiting one. */
export function perKeyLimiter(limit: number): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const active = new Map<string, number>();
  const waiting = new Map<string, (() => void)[]>();
  return async (key, task) => {
    const n = active.get(key) ?? 0;
    if (n < limit) active.set(key, n + 1);
    else await new Promise<void>((resolve) => { const q = waiting.get(key) ?? []; q.push(resolve); waiting.set(key, q); });
    try {
      return await task();
    } finally {
      const q = waiting.get(key);
      const next = q?.shift();
      if (q && q.length === 0) waiting.delete(key);
      if (next) next();
      else if (active.get(key)! <= 1) active.delete(key);
      else active.set(key, active.get(key)! - 1);
    }
  };
}
