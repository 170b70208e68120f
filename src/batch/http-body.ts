/**
 * Decode an HTTP body as a WARC response records it (chunked transfer coding,
 * gzip / deflate / br content coding) against a byte budget: the decoded
 * bytes are counted as zlib produces them and decoding stops past the budget,
 * so a 400 KB gzip bomb costs at most --max-bytes, never the heap.
 */
import { brotliDecompressSync, constants, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/** How a body is encoded (from the HTTP headers). */
export interface BodyCoding {
  readonly chunked?: boolean;
  /** Content-Encoding, lower-cased. */
  readonly encoding?: string;
}

/** A body that cannot be decoded within the budget; the message says why. */
export class BodyError extends Error {}

function tooLarge(e: unknown): boolean {
  return (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
}

/** Undo chunked transfer coding; a body that does not start with a chunk size line is taken as it is (a crawler that stored it decoded). */
export function dechunk(body: Uint8Array): Uint8Array {
  const b = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const parts: Buffer[] = [];
  let at = 0;
  let size = 0;
  for (let first = true; ; first = false) {
    const nl = b.indexOf(0x0a, at);
    const line = nl < 0 ? '' : b.subarray(at, nl).toString('latin1').replace(/;.*$/, '').trim();
    if (nl < 0 || nl - at > 1024 || !/^[0-9a-fA-F]{1,8}$/.test(line)) {
      if (first) return body;
      throw new BodyError(`chunked body is malformed or cut at byte ${at}`);
    }
    const n = parseInt(line, 16);
    at = nl + 1;
    if (n === 0) break;
    if (at + n > b.length) throw new BodyError(`chunked body is cut: a chunk of ${n} bytes at byte ${at} runs past the end`);
    parts.push(b.subarray(at, at + n));
    size += n;
    at += n;
    if (b[at] === 0x0d) at++;
    if (b[at] === 0x0a) at++;
  }
  return Buffer.concat(parts, size);
}

/**
 * The decoded body, at most `maxBytes` bytes.
 * @throws BodyError when the decoded body would exceed `maxBytes`, is cut, or is corrupt
 */
export function decodeBody(body: Uint8Array, coding: BodyCoding, maxBytes: number): Uint8Array {
  let b = coding.chunked ? dechunk(body) : body;
  const enc = coding.encoding?.trim().toLowerCase();
  if (!enc || enc === 'identity' || enc === 'none' || b.length === 0) return b;
  const opts = { maxOutputLength: Math.max(1, Math.floor(maxBytes)), finishFlush: constants.Z_FINISH };
  try {
    if (enc === 'gzip' || enc === 'x-gzip') {
      // A body stored already decoded under a stale header: take it as it is.
      if (!(b[0] === 0x1f && b[1] === 0x8b)) return b;
      b = gunzipSync(b, opts);
    } else if (enc === 'deflate') {
      try { b = inflateSync(b, opts); } catch (e) {
        if (tooLarge(e)) throw e;
        b = inflateRawSync(b, opts); // servers send raw deflate under this name too
      }
    } else if (enc === 'br') {
      b = brotliDecompressSync(b, { maxOutputLength: opts.maxOutputLength });
    } else throw new BodyError(`unsupported Content-Encoding ${JSON.stringify(enc)}`);
  } catch (e) {
    if (e instanceof BodyError) throw e;
    if (tooLarge(e)) throw new BodyError(`decoded body (Content-Encoding ${enc}) exceeds --max-bytes ${maxBytes}; decoding stopped there`);
    throw new BodyError(`cannot decode the ${enc} body (${(e as Error).message})`);
  }
  return b;
}
