/**
 * A WARC reader for batch runs that cannot hang, lose a record silently or be
 * made to allocate without limit (issue 19):
 *
 * - every read is bounded: header lines by MAX_HEADER_LINE, a header block by
 *   MAX_HEADER_BYTES, a kept block by --max-bytes (larger ones are skipped unread);
 * - a record whose block runs past the end of the input is an error record
 *   ("truncated"), naming the file, the record and its offset;
 * - after each block the reader checks the record end (CRLF CRLF, then the next
 *   `WARC/` header or the end of the input). A wrong Content-Length (too small or
 *   too large, which swallows the next records) is an error record, and reading
 *   goes on at the next `WARC/` header found after the record's own header, so
 *   the records it swallowed are read too;
 * - HTTP bodies are not decoded here: the Content-Encoding and Transfer-Encoding
 *   go with the task, and the worker decodes them against --max-bytes (task.ts).
 *
 * warcio, used before, spun at 100 % CPU on a declared length past the end of a
 * file, hung on a .warc.gz cut mid-member and inflated gzip bodies without a limit.
 */
import { BATCH_DEFAULTS } from '../core/defaults.js';
import { ByteReader } from './byte-reader.js';
import type { GzipDamage } from '../core/damage.js';

/** The longest WARC or HTTP header line read (bytes). */
const MAX_HEADER_LINE = 64 * 1024;
/** The largest WARC header block read (bytes). */
const MAX_HEADER_BYTES = 1024 * 1024;
/** What every WARC header starts with; the version follows (READ_VERSION). */
const WARC_MAGIC = Buffer.from('WARC/');
/**
 * The versions read: 1.x, and the 0.17 and 0.18 drafts (ClueWeb09 is WARC/0.18), whose headers are the same named
 * fields (WARC-Type, WARC-Target-URI, WARC-Record-ID, Content-Length) and whose records end the same way.
 */
const READ_VERSION = /^WARC\/(?:1\.|0\.1[78]\s)/;
const CRLF2 = Buffer.from('\r\n\r\n');
const LF2 = Buffer.from('\n\n');
/** Bytes kept of a block too long to keep: enough for its HTTP header. */
const HEAD_BYTES = 64 * 1024;

/** What the reader found: a record (headers and, when kept, its block) or a problem. */
export type WarcEvent =
  | {
    readonly kind: 'record'; readonly n: number; readonly offset: number;
    readonly headers: ReadonlyMap<string, string>; readonly length: number;
    /** The block, or undefined when it was longer than `maxBytes` (skipped) or not wanted. */
    readonly block?: Buffer;
    /** The first HEAD_BYTES of a wanted block too long to keep. */
    readonly head?: Buffer;
  }
  | { readonly kind: 'error'; readonly n: number; readonly offset: number; readonly message: string; readonly headers?: ReadonlyMap<string, string> }
  /**
   * Damaged gzip data (input/gunzip.ts): `cut` names the record begun before it and lost with it, `held` the
   * headers of the record the damaged member began with (read from what it unpacked to before the damage showed).
   */
  | {
    readonly kind: 'damage'; readonly damage: GzipDamage;
    readonly cut?: { readonly n: number; readonly offset: number; readonly headers?: ReadonlyMap<string, string> };
    readonly held?: ReadonlyMap<string, string>;
  };

/** Parse `Name: value` lines (lower-cased names; a repeated name keeps its first value). */
export function parseHeaderLines(lines: readonly string[]): Map<string, string> {
  const h = new Map<string, string>();
  for (const l of lines) {
    const colon = l.indexOf(':');
    if (colon <= 0) continue;
    const name = l.slice(0, colon).trim().toLowerCase();
    if (!h.has(name)) h.set(name, l.slice(colon + 1).trim());
  }
  return h;
}

/** The WARC headers a damaged gzip member's first bytes begin with, when they hold a whole header block. */
function heldHeaders(bytes: Uint8Array | undefined): Map<string, string> | undefined {
  const head = bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (!head || !READ_VERSION.test(head.subarray(0, 16).toString('latin1'))) return undefined;
  const end = head.indexOf(CRLF2);
  if (end < 0) return undefined;
  return parseHeaderLines(head.subarray(0, end).toString('latin1').split(/\r\n/).slice(1));
}

function printable(b: Buffer): string {
  return JSON.stringify(b.subarray(0, 24).toString('latin1'));
}

/**
 * The records of a (decompressed) WARC stream, in order. `keep(headers)` says
 * whether a record's block is wanted (others are skipped unread); blocks over
 * `maxBytes` are skipped too. Errors of the stream itself (a read error)
 * become a last error event naming the offset. Damaged gzip data is a damage
 * event (naming the record it cut, if any), and reading goes on after it at
 * the next WARC header.
 */
export async function* readWarc(chunks: AsyncIterable<Buffer>, opts: { maxBytes: number; keep: (h: ReadonlyMap<string, string>) => boolean }): AsyncGenerator<WarcEvent> {
  const r = new ByteReader(chunks);
  let n = 0;
  let offset = 0;
  // After a broken record: on to the next `WARC/` header, within a bound (an endless stream is given up).
  const maxScan = Math.max(BATCH_DEFAULTS.maxSkipBytes, 4 * opts.maxBytes);
  // `why` is the broken record's error; it is reported once, with what the search found.
  async function* resync(why: string, headers?: ReadonlyMap<string, string>): AsyncGenerator<WarcEvent, boolean> {
    const from = r.offset;
    const found = await r.seekLineStart(WARC_MAGIC, maxScan, true);
    const message = found === 'found' ? `${why}; reading on at the next WARC header (offset ${r.offset})`
      : found === 'end' ? why : `${why}; no WARC header within ${r.offset - from} bytes: the rest of the file is skipped`;
    yield { kind: 'error', n, offset, message, ...(headers ? { headers } : {}) };
    return found === 'found' || r.damage !== undefined;
  }
  // Damaged gzip data reached: a record begun before it is lost with it; reading goes on at the next WARC header after it.
  async function* damaged(cut: boolean, headers?: ReadonlyMap<string, string>): AsyncGenerator<WarcEvent, boolean> {
    const damage = r.damage!;
    r.resume();
    const held = heldHeaders(damage.head);
    yield { kind: 'damage', damage, ...(cut ? { cut: { n, offset, ...(headers ? { headers } : {}) } } : {}), ...(held ? { held } : {}) };
    // The next member may begin with the rest of a record the damaged one held (one record per member is the rule, not a law).
    const from = r.offset;
    if ((await r.seekLineStart(WARC_MAGIC, maxScan, true)) === 'limit') {
      yield { kind: 'error', n, offset: from, message: `no WARC header within ${r.offset - from} bytes after damaged gzip data: the rest of the file is skipped` };
      return false;
    }
    return true;
  }
  try {
    for (;;) {
      // Blank lines between records (the CRLF CRLF of the previous one, or stray ones).
      let next = await r.peek(1);
      while (next.length > 0 && (next[0] === 0x0d || next[0] === 0x0a)) {
        await r.skip(1);
        next = await r.peek(1);
      }
      if (next.length === 0) {
        if (!r.damage || !(yield* damaged(false))) return;
        continue;
      }
      n++;
      offset = r.offset;
      const first = await r.line(MAX_HEADER_LINE);
      if (first === null) return;
      if (r.damage) {
        if (!(yield* damaged(true))) return;
        continue;
      }
      if (!Buffer.isBuffer(first) || !READ_VERSION.test(first.subarray(0, 16).toString('latin1'))) {
        const what = Buffer.isBuffer(first) ? printable(first) : 'a line longer than 64 KiB';
        // The search starts in this line: stray bytes glued before a header (`xyzWARC/1.0`) do not hide it.
        if (Buffer.isBuffer(first)) r.unread(first.subarray(1));
        else await r.skip(1);
        // Another WARC version (the 0.9 draft's header is positional) is named as such, not only as an unexpected line.
        const other = Buffer.isBuffer(first) && /^WARC\/\d+\.\d+/.exec(first.subarray(0, 16).toString('latin1'))?.[0];
        const expected = other ? `a ${other} record header: that WARC version is not read; farsw reads WARC/1.0, WARC/1.1 and the drafts WARC/0.17 and WARC/0.18` : `expected a WARC/1.x record header, found ${what}`;
        if (!(yield* resync(expected))) return;
        continue;
      }
      const lines: string[] = [];
      let headerBytes = first.length;
      let ended = false;
      for (;;) {
        const l = await r.line(MAX_HEADER_LINE);
        if (l === null) break;
        if (!Buffer.isBuffer(l)) { headerBytes = Infinity; break; }
        headerBytes += l.length;
        const s = l.toString('latin1').replace(/\r?\n$/, '');
        if (s === '') { ended = true; break; }
        lines.push(s);
        if (headerBytes > MAX_HEADER_BYTES) break;
      }
      const headers = parseHeaderLines(lines);
      if (!ended && r.damage) {
        if (!(yield* damaged(true, headers))) return;
        continue;
      }
      if (!ended) {
        const why = headerBytes > MAX_HEADER_BYTES ? 'a WARC header longer than 1 MiB' : 'the input ends inside the WARC header';
        if (headerBytes <= MAX_HEADER_BYTES) { yield { kind: 'error', n, offset, headers, message: `${why}; record lost` }; return; }
        if (!(yield* resync(`${why}; record lost`, headers))) return;
        continue;
      }
      const lengthText = headers.get('content-length');
      const length = lengthText !== undefined && /^\d{1,15}$/.test(lengthText) ? Number(lengthText) : NaN;
      if (!Number.isSafeInteger(length)) {
        if (!(yield* resync(`bad Content-Length ${JSON.stringify(lengthText ?? null)}; record lost`, headers))) return;
        continue;
      }
      const blockStart = r.offset;
      const keep = opts.keep(headers);
      let block: Buffer | undefined;
      let head: Buffer | undefined;
      let got: number;
      if (keep && length <= opts.maxBytes) {
        block = await r.read(length);
        got = block.length;
      } else if (keep) {
        // Too large to keep: its first bytes still tell (HTTP Content-Type) whether it was a page at all.
        head = await r.read(Math.min(length, HEAD_BYTES));
        got = head.length + (head.length === HEAD_BYTES ? await r.skip(length - HEAD_BYTES) : 0);
      } else got = await r.skip(length);
      // The record must end with CRLF CRLF followed by the next header or the end of the input.
      // (Leniently: any CR/LF run, as some writers put one CRLF or stray blank lines.)
      let endsWell = false;
      if (got === length) {
        const tail = await r.peek(8 + WARC_MAGIC.length);
        let i = 0;
        while (i < tail.length && (tail[i] === 0x0d || tail[i] === 0x0a)) i++;
        const rest = tail.subarray(i, i + WARC_MAGIC.length);
        // CRLF CRLF ends a record whatever follows (stray bytes there are the next record's problem).
        endsWell = tail.subarray(0, 4).equals(CRLF2) || tail.subarray(0, 2).equals(LF2) || rest.equals(WARC_MAGIC.subarray(0, rest.length));
      }
      if (endsWell) {
        yield { kind: 'record', n, offset, headers, length, ...(block ? { block } : {}), ...(head ? { head } : {}) };
        continue;
      }
      if (r.damage) {
        if (!(yield* damaged(true, headers))) return;
        continue;
      }
      // Wrong length: report this record, then look for the next header after this record's own header.
      const message = got < length
        ? `truncated: Content-Length ${length} but the input ends ${got} bytes into the block (offset ${blockStart + got}); record lost`
        : `Content-Length ${length} does not end the record (no record end at offset ${blockStart + length}); record lost`;
      if (block) r.unread(block);
      if (!(yield* resync(message, headers))) return;
    }
  } catch (e) {
    yield { kind: 'error', n: Math.max(n, 1), offset, message: `input ends early or cannot be read (${(e as Error).message}); the rest of the file is lost` };
  }
}

/** HTTP response head of a WARC `response` block: status line and headers, and where the body starts. */
export interface HttpHead {
  readonly status: string;
  readonly headers: Map<string, string>;
  readonly bodyStart: number;
}

/** Parse the HTTP head at the start of a block; undefined when the block has none (no blank line within 1 MiB). */
export function parseHttpHead(block: Buffer): HttpHead | undefined {
  const limit = Math.min(block.length, MAX_HEADER_BYTES);
  let end = block.subarray(0, limit).indexOf(CRLF2);
  let sep = 4;
  if (end < 0) {
    end = block.subarray(0, limit).indexOf('\n\n');
    sep = 2;
  }
  if (end < 0) return undefined;
  const lines = block.subarray(0, end).toString('latin1').split(/\r?\n/);
  return { status: lines[0] ?? '', headers: parseHeaderLines(lines.slice(1)), bodyStart: end + sep };
}
