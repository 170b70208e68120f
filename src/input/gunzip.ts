/**
 * Multi-member gzip read member by member, so that damage costs only the damaged member (WARC files are written one
 * record per member for this reason): each member's header is parsed, its deflate data inflated by zlib (off the
 * main thread), its CRC-32 and size checked. A damaged member (a bad header, invalid deflate data, a wrong CRC-32
 * or size) or bytes between members that are no member become one damage mark in the output (core/damage.ts), and
 * reading goes on at the next member header found after the damaged span's start, so no intact member is skipped.
 *
 * What a damaged member unpacked to is dropped when the member is at most HOLD_BYTES unpacked (its output is held
 * until its CRC-32 is checked); a larger member is streamed, and its damage is marked where it is found. A member
 * cut by the end of the input keeps what it unpacked to (those bytes are right), then the mark.
 */
import { crc32, createInflateRaw, inflateRawSync, type InflateRaw } from 'node:zlib';
import { BATCH_DEFAULTS } from '../core/defaults.js';
import { findGzipHeader } from './magic.js';
import { markDamage, type GzipDamage } from '../core/damage.js';

/** A damage mark: a zero-length chunk of its own (core/damage.ts). */
function mark(d: GzipDamage): Buffer {
  return markDamage(Buffer.from(new ArrayBuffer(0)), d);
}

/** Compressed bytes fed to zlib per write of a streamed member. */
const PIECE = 256 * 1024;
/** Compressed bytes per write when a member known to be damaged is read again for what it held. */
const DAMAGED_PIECE = 256;
/** Unpacked bytes taken from zlib at a time (it waits past that): a piece of a gzip bomb unpacks to up to 1032 × PIECE. */
const OUT_BUDGET = 4 * 1024 * 1024;
/** Unpacked bytes per output chunk of a streamed member (members over SYNC_WINDOWS compressed: a stream is set up for few). */
const OUT_CHUNK = 256 * 1024;
/**
 * Compressed sizes tried in one synchronous inflate before a member is streamed: most members (WARC records) are
 * smaller, and a stream costs about 70 µs a member to set up and drive (2.3 × the CPU of one gunzip stream on a
 * .warc.gz of 15,000 members), a synchronous inflate about 13 µs.
 */
const SYNC_WINDOWS = [64 * 1024, 256 * 1024];
/** A member's output is held until its CRC-32 is checked up to this size; larger members are streamed. */
export const HOLD_BYTES = 8 * 1024 * 1024;
/** Compressed bytes of a member kept for the search of the next member after damage (a member longer than this is searched from its last RETAIN bytes). */
const RETAIN = 16 * 1024 * 1024;
/** What a damaged member unpacked to before the damage showed, kept to name what it held (a WARC record's header). */
const HEAD_BYTES = 64 * 1024;
/** The longest gzip header read (FEXTRA, FNAME, FCOMMENT included). */
const MAX_HEADER = 64 * 1024;

/** The compressed input: bytes from `first` (absolute offset) on, pulled as needed, dropped once behind. */
class Compressed {
  private readonly it: AsyncIterator<Buffer>;
  private chunks: Buffer[] = [];
  private first = 0;
  private held = 0;
  done = false;

  constructor(source: AsyncIterable<Buffer>) {
    this.it = source[Symbol.asyncIterator]();
  }

  /** Offset just past the last byte read. */
  get end(): number { return this.first + this.held; }
  /** Offset of the first byte still held. */
  get start(): number { return this.first; }

  async more(): Promise<boolean> {
    if (this.done) return false;
    const step = await this.it.next();
    if (step.done) { this.done = true; return false; }
    if (step.value.length > 0) { this.chunks.push(step.value); this.held += step.value.length; }
    return true;
  }

  /** Read until `to` is held (false when the input ends first). */
  async fill(to: number): Promise<boolean> {
    while (this.end < to && (await this.more()));
    return this.end >= to;
  }

  /** Bytes [from, to), clipped to what is held. */
  bytes(from: number, to: number): Buffer {
    from = Math.max(from, this.first);
    to = Math.min(to, this.end);
    if (to <= from) return Buffer.alloc(0);
    let at = this.first;
    const parts: Buffer[] = [];
    for (const c of this.chunks) {
      const cEnd = at + c.length;
      if (cEnd > from && at < to) parts.push(c.subarray(Math.max(0, from - at), Math.min(c.length, to - at)));
      if (cEnd >= to) break;
      at = cEnd;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, to - from);
  }

  byte(at: number): number {
    return this.bytes(at, at + 1)[0] ?? -1;
  }

  /** Forget the bytes before `at`. */
  release(at: number): void {
    while (this.chunks.length > 0 && this.first + this.chunks[0]!.length <= at) {
      const c = this.chunks.shift()!;
      this.first += c.length;
      this.held -= c.length;
    }
  }

  /** Offset of the next `1f 8b 08` with no reserved flag bit at or after `from` (the input's end when none), bytes before it dropped; -1 past `limit` bytes. */
  async nextHeader(from: number, limit: number): Promise<number> {
    let at = Math.max(from, this.first);
    for (;;) {
      if (at - from > limit) return -1;
      await this.fill(at + 4);
      const window = this.bytes(at, this.end);
      if (window.length < 4) return this.end; // the input ended
      const i = findGzipHeader(window);
      if (i >= 0) return at + i;
      at = this.end - 3; // a header may begin in the last 3 bytes
      this.release(at);
      if (!(await this.more())) return this.end;
    }
  }

  /** Offset of the first non-zero byte at or after `from` (the input's end when none), bytes before it dropped; -1 past `limit` bytes. */
  async skipZeros(from: number, limit: number): Promise<number> {
    let at = from;
    for (;;) {
      const rest = this.bytes(at, this.end);
      for (let i = 0; i < rest.length; i++) if (rest[i] !== 0) return at + i;
      at = this.end;
      this.release(at);
      if (at - from > limit) return -1;
      if (!(await this.more())) return at;
    }
  }
}

/** The offset where a member's deflate data starts, or why `at` holds no gzip member header. */
async function readHeader(input: Compressed, at: number): Promise<number | string> {
  const whole = await input.fill(at + 10);
  const h = input.bytes(at, at + 10);
  if (h[0] !== 0x1f || (h.length > 1 && h[1] !== 0x8b)) return `bytes ${h.subarray(0, 4).toString('hex')} where a gzip member should start`;
  if (!whole) return 'the input ends inside a gzip header';
  if (h[2] !== 8) return `compression method ${h[2]} is not deflate`;
  const flags = h[3]!;
  if ((flags & 0xe0) !== 0) return 'reserved gzip flag bits are set';
  let p = at + 10;
  if (flags & 4) { // FEXTRA
    if (!(await input.fill(p + 2))) return 'the input ends inside a gzip header';
    const x = input.bytes(p, p + 2);
    p += 2 + (x[0]! | (x[1]! << 8));
  }
  for (const bit of [8, 16]) { // FNAME, FCOMMENT: zero-terminated
    if (!(flags & bit)) continue;
    for (;;) {
      if (p - at > MAX_HEADER) return 'a gzip header longer than 64 KiB';
      if (!(await input.fill(p + 1))) return 'the input ends inside a gzip header';
      const rest = input.bytes(p, Math.min(input.end, at + MAX_HEADER + 1));
      const z = rest.indexOf(0);
      if (z >= 0) { p += z + 1; break; }
      p += rest.length;
    }
  }
  if (flags & 2) { // FHCRC: the low 16 bits of the header's CRC-32
    if (!(await input.fill(p + 2))) return 'the input ends inside a gzip header';
    const want = input.bytes(p, p + 2).readUInt16LE(0);
    if ((crc32(input.bytes(at, p)) & 0xffff) !== want) return 'gzip header CRC mismatch';
    p += 2;
  }
  if (p - at > MAX_HEADER) return 'a gzip header longer than 64 KiB';
  if (!(await input.fill(p))) return 'the input ends inside a gzip header';
  return p;
}

/**
 * How a member ended: the offset after its trailer, or damage (`head`: what it unpacked to first), or the input
 * ended inside it (`cut`; `output`: what it unpacked to, when still held).
 */
type MemberEnd =
  | { readonly next: number }
  | { readonly reason: string; readonly head?: Buffer }
  | { readonly reason: string; readonly cut: true; readonly output?: readonly Buffer[] };

/** The first HEAD_BYTES a damaged member unpacked to, when held (unchecked: they name what the member held). */
function headOf(held: readonly Buffer[] | undefined): { head?: Buffer } {
  if (!held || held.length === 0) return {};
  const all = held.length === 1 ? held[0]! : Buffer.concat(held.slice(0, Math.ceil(HEAD_BYTES / 1024) + 1));
  return { head: all.subarray(0, HEAD_BYTES) };
}

/**
 * A raw inflate stream driven piece by piece, its output taken in batches of about OUT_BUDGET bytes: the stream is
 * paused past that until the batch is taken, so a highly compressed piece never sits unpacked whole in memory.
 */
class Inflater {
  private readonly inf: InflateRaw = createInflateRaw({ chunkSize: OUT_CHUNK });
  private out: Buffer[] = [];
  private outBytes = 0;
  private writing = false;
  private wake: (() => void) | undefined;
  failure: Error | undefined;
  /** Compressed bytes written so far. */
  written = 0;

  constructor() {
    this.inf.on('data', (d: Buffer) => {
      this.out.push(d);
      this.outBytes += d.length;
      if (this.outBytes >= OUT_BUDGET) this.inf.pause();
      this.wake?.();
    });
    this.inf.on('error', (e: Error) => { this.failure = e; this.wake?.(); });
  }

  /** Compressed bytes zlib used: fewer than `written` once the deflate data has ended. */
  get used(): number { return this.inf.bytesWritten; }

  /** Start writing a piece (one at a time; take its output with `batch` until null). */
  write(piece: Buffer): void {
    this.writing = true;
    this.written += piece.length;
    this.inf.write(piece, () => { this.writing = false; this.wake?.(); });
  }

  /** Output still to come from the piece written. */
  private pending(): boolean {
    return this.failure === undefined && (this.writing || this.inf.readableLength > 0);
  }

  /** The next batch of output of the piece being written; null once it is all taken (or zlib failed). */
  async batch(): Promise<Buffer[] | null> {
    while (this.outBytes < OUT_BUDGET && this.pending()) {
      if (this.inf.isPaused()) this.inf.resume();
      await new Promise<void>((r) => { this.wake = r; });
      this.wake = undefined;
    }
    if (this.out.length === 0) return null;
    const got = this.out;
    this.out = [];
    this.outBytes = 0;
    if (this.inf.isPaused()) this.inf.resume();
    return got;
  }

  destroy(): void { this.inf.destroy(); }
}

/** The trailer's check of a member's output: undefined when the CRC-32 and size match. */
function trailerMismatch(t: Buffer, crc: number, size: number): string | undefined {
  if (t.readUInt32LE(0) !== crc >>> 0) return 'CRC-32 mismatch';
  if (t.readUInt32LE(4) !== size % 2 ** 32) return 'size mismatch';
  return undefined;
}

/**
 * Inflate a small member in one synchronous call when its deflate data ends within a window: its end, or undefined
 * when it is larger than the windows (or cut by the end of the input): then it is streamed.
 */
async function* smallMember(input: Compressed, dataAt: number, before: { mark: Buffer | undefined }): AsyncGenerator<Buffer, MemberEnd | 'damaged' | undefined> {
  for (const w of SYNC_WINDOWS) {
    const whole = await input.fill(dataAt + w);
    let out: { buffer: Buffer; engine: { bytesWritten: number } };
    try {
      out = inflateRawSync(input.bytes(dataAt, dataAt + w), { info: true, maxOutputLength: HOLD_BYTES }) as unknown as typeof out;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'Z_BUF_ERROR' && whole) continue; // longer than this window
      // Larger than the windows or cut: streamed. Damaged: streamed in small pieces, so that what it unpacks to before the damage (zlib drops a failing write's output) names what it held.
      return code === 'Z_BUF_ERROR' || code === 'ERR_BUFFER_TOO_LARGE' ? undefined : 'damaged';
    }
    const trailer = dataAt + out.engine.bytesWritten;
    if (!(await input.fill(trailer + 8))) return undefined;
    const bad = trailerMismatch(input.bytes(trailer, trailer + 8), crc32(out.buffer), out.buffer.length);
    if (bad) return { reason: bad, head: out.buffer.subarray(0, HEAD_BYTES) };
    if (before.mark) { yield before.mark; before.mark = undefined; }
    if (out.buffer.length > 0) yield out.buffer;
    return { next: trailer + 8 };
  }
  return undefined;
}

/**
 * Inflate the member at `at` (deflate data from `dataAt`), yielding its output: held until the member is checked
 * (up to HOLD_BYTES), streamed past that. `before` is yielded ahead of the first output released (a pending damage mark).
 */
async function* member(input: Compressed, at: number, dataAt: number, before: { mark: Buffer | undefined }): AsyncGenerator<Buffer, MemberEnd> {
  const small = yield* smallMember(input, dataAt, before);
  if (small && small !== 'damaged') return small;
  const piece = small === 'damaged' ? DAMAGED_PIECE : PIECE;
  const inf = new Inflater();
  let held: Buffer[] | undefined = [];
  let heldBytes = 0;
  let crc = 0;
  let size = 0;
  let pos = dataAt;
  function* release(): Generator<Buffer> {
    if (before.mark) { yield before.mark; before.mark = undefined; }
    if (held) yield* held;
    held = undefined;
  }
  try {
    for (;;) {
      if (pos >= input.end && !(await input.more())) {
        return { reason: 'no end of its deflate data', cut: true, ...(held ? { output: held } : {}) };
      }
      const bytes = input.bytes(pos, Math.min(input.end, pos + piece));
      pos += bytes.length;
      inf.write(bytes);
      for (let got = await inf.batch(); got; got = await inf.batch()) {
        for (const d of got) {
          crc = crc32(d, crc);
          size += d.length;
          if (held) { held.push(d); heldBytes += d.length; } else yield d;
        }
        if (held && heldBytes > HOLD_BYTES) yield* release();
      }
      if (inf.failure) return { reason: `invalid deflate data: ${inf.failure.message}`, ...headOf(held) };
      if (inf.used < inf.written) break; // the deflate data ended inside this piece
      input.release(Math.max(at, pos - RETAIN));
    }
  } finally {
    inf.destroy();
  }
  const trailer = dataAt + inf.used;
  if (!(await input.fill(trailer + 8))) return { reason: 'no CRC-32 and size after its deflate data', cut: true, ...(held ? { output: held } : {}) };
  const bad = trailerMismatch(input.bytes(trailer, trailer + 8), crc, size);
  if (bad) return { reason: bad, ...headOf(held) };
  yield* release();
  return { next: trailer + 8 };
}

/**
 * The unpacked bytes of a gzip stream, member by member, with a damage mark (core/damage.ts) where a member was
 * damaged or bytes between members were no member; reading goes on at the next member.
 */
export async function* gunzipMembers(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const input = new Compressed(source);
  const limit = BATCH_DEFAULTS.maxSkipBytes;
  const gaveUp = (d: { offset: number; reason: string }): Buffer => mark({ offset: d.offset, reason: `${d.reason}; no gzip member within ${limit} bytes after it` });
  let at = 0;
  // A damaged span being skipped: its start and why; its mark goes out once a member after it is read (or at the end).
  let damaged: { offset: number; reason: string; head?: Buffer } | undefined;
  const pending: { mark: Buffer | undefined } = { mark: undefined };
  for (;;) {
    if (!(await input.fill(at + 1))) break;
    if (input.byte(at) === 0) { // zero bytes: padding some writers add at the end; elsewhere no member
      const q = await input.skipZeros(at, limit);
      if (q < 0) { yield gaveUp(damaged ?? { offset: at, reason: 'zero bytes' }); return; }
      if (q >= input.end) break;
      damaged ??= { offset: at, reason: 'zero bytes where a gzip member should start' };
      at = q;
      continue;
    }
    const dataAt = await readHeader(input, at);
    if (typeof dataAt === 'number') {
      if (damaged) pending.mark = mark({ ...damaged, resume: at });
      const end = yield* member(input, at, dataAt, pending);
      if ('next' in end) { damaged = undefined; at = end.next; input.release(at); continue; }
      const cutAt = 'cut' in end ? await input.nextHeader(at + 1, limit) : -1;
      if ('cut' in end && (cutAt < 0 || cutAt >= input.end)) {
        // The input ends inside this member, no member after it: cut. What it unpacked to is kept (no CRC-32 to check it by).
        if (pending.mark) yield pending.mark;
        if (end.output) yield* end.output;
        yield mark({ offset: at, reason: end.reason, cut: true });
        return;
      }
      // Damaged (a member after it shows its data ran on: not cut). A member found after damage that fails before its output went out is part of the same span.
      if (pending.mark) pending.mark = undefined;
      else damaged = { offset: at, reason: 'cut' in end ? 'its deflate data runs on past the next member' : end.reason, ...headOf('cut' in end ? end.output : undefined), ...('head' in end && end.head ? { head: end.head } : {}) };
      if (cutAt >= 0) { at = cutAt; continue; }
    } else damaged ??= { offset: at, reason: dataAt };
    const next = await input.nextHeader(at + 1, limit);
    if (next < 0) { yield gaveUp(damaged!); return; }
    at = next;
  }
  if (damaged) yield mark(damaged);
}
