/**
 * A pull reader over a stream of byte chunks with bounded look-ahead: lines of at
 * most a given length, blocks of an exact length (kept, or skipped without being
 * kept), pushing bytes back. Every read ends at the end of the stream, so a
 * parser built on it cannot wait for bytes that never come; `offset` is the
 * number of bytes consumed (for error messages). A damage mark of gzip input
 * (input/gunzip.ts) ends every read there, as the end of the stream would,
 * until `resume()`.
 */
import { damageOf, type GzipDamage } from '../core/damage.js';

export class ByteReader {
  private readonly it: AsyncIterator<Buffer>;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  /** Bytes consumed from the start of the stream. */
  offset = 0;
  /** Damaged gzip data reached: reads end here until `resume()`. */
  damage: GzipDamage | undefined;

  constructor(source: AsyncIterable<Buffer>) {
    this.it = source[Symbol.asyncIterator]();
  }

  /** Pull one more chunk into the buffer; false at the end of the stream. */
  private async more(): Promise<boolean> {
    if (this.ended || this.damage) return false;
    const step = await this.it.next();
    if (step.done) { this.ended = true; return false; }
    this.damage = damageOf(step.value);
    if (this.damage) return false;
    if (step.value.length > 0) { this.chunks.push(step.value); this.buffered += step.value.length; }
    return true;
  }

  /** Ensure at least `n` bytes are buffered (fewer only at the end of the stream). */
  private async fill(n: number): Promise<void> {
    while (this.buffered < n && (await this.more()));
  }

  private take(n: number, keep: boolean): Buffer {
    const parts: Buffer[] = [];
    let left = n;
    while (left > 0 && this.chunks.length > 0) {
      const c = this.chunks[0]!;
      if (c.length <= left) {
        this.chunks.shift();
        if (keep) parts.push(c);
        left -= c.length;
      } else {
        if (keep) parts.push(c.subarray(0, left));
        this.chunks[0] = c.subarray(left);
        left = 0;
      }
    }
    const took = n - left;
    this.buffered -= took;
    this.offset += took;
    return keep ? (parts.length === 1 ? parts[0]! : Buffer.concat(parts, took)) : Buffer.alloc(0);
  }

  /** The next `n` bytes without consuming them (fewer at the end). */
  async peek(n: number): Promise<Buffer> {
    await this.fill(n);
    if (this.chunks.length === 0) return Buffer.alloc(0);
    if (this.chunks[0]!.length < n && this.chunks.length > 1) {
      // Join only the leading chunks that cover n bytes (joining all would copy up to a chunk per call).
      let k = 0, size = 0;
      while (k < this.chunks.length && size < n) size += this.chunks[k++]!.length;
      this.chunks.splice(0, k, Buffer.concat(this.chunks.slice(0, k), size));
    }
    return this.chunks[0]!.subarray(0, Math.min(n, this.buffered));
  }

  /**
   * The next line, LF included; null at the end of the stream. A line longer
   * than `max` bytes is not read: `{ tooLong: true }` is returned and nothing is consumed.
   */
  async line(max: number): Promise<Buffer | null | { tooLong: true }> {
    let scanned = 0;
    for (;;) {
      let at = 0;
      for (const c of this.chunks) {
        if (at + c.length > scanned) {
          const nl = c.indexOf(0x0a, Math.max(0, scanned - at));
          if (nl >= 0) {
            const len = at + nl + 1;
            return len > max ? { tooLong: true } : this.take(len, true);
          }
        }
        at += c.length;
      }
      scanned = this.buffered;
      if (scanned > max) return { tooLong: true };
      if (!(await this.more())) return this.buffered > 0 ? this.take(this.buffered, true) : null;
    }
  }

  /** Exactly `n` bytes, or fewer when the stream ends first. */
  async read(n: number): Promise<Buffer> {
    await this.fill(n);
    return this.take(Math.min(n, this.buffered), true);
  }

  /** Discard `n` bytes without keeping them; returns how many there were (fewer at the end). */
  async skip(n: number): Promise<number> {
    let left = n;
    while (left > 0) {
      if (this.buffered === 0 && !(await this.more())) break;
      const k = Math.min(left, this.buffered);
      this.take(k, false);
      left -= k;
    }
    return n - left;
  }

  /** Read on past the damage: the bytes buffered before it are dropped; returns how many. */
  resume(): number {
    const n = this.buffered;
    this.take(n, false);
    this.damage = undefined;
    return n;
  }

  /** Put bytes back in front of the stream (they were read from it). */
  unread(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.chunks.unshift(bytes);
    this.buffered += bytes.length;
    this.offset -= bytes.length;
  }

  /**
   * Discard bytes up to the next occurrence of `marker` at the start of a line
   * (or at the current position), or anywhere when `versionLine` and the marker
   * is followed by a version and a line end (`WARC/1.0\r\n`, `WARC/0.18\r\n` after stray bytes):
   * 'found', or 'end' when the stream ends first, or 'limit' after discarding
   * `maxScan` bytes without finding it. Memory stays bounded by one chunk plus the marker.
   */
  async seekLineStart(marker: Buffer, maxScan = Infinity, versionLine = false): Promise<'found' | 'end' | 'limit'> {
    let atLineStart = true;
    const start = this.offset;
    const keep = marker.length + 7; // the marker and a version (`0.18`) with its line end
    for (;;) {
      if (this.offset - start > maxScan) return 'limit';
      await this.fill(keep + 1);
      if (this.buffered === 0) return 'end';
      const buf = await this.peek(Math.max(this.chunks[0]!.length, keep + 1));
      const last = this.ended || this.damage !== undefined ? buf.length : buf.length - keep;
      let from = 0;
      for (;;) {
        const i = buf.indexOf(marker, from);
        if (i < 0 || i >= Math.max(last, 1)) break;
        if ((i === 0 && atLineStart) || (i > 0 && buf[i - 1] === 0x0a) || (versionLine && isVersionEnd(buf, i + marker.length))) {
          this.take(i, false);
          return 'found';
        }
        from = i + 1;
      }
      if (buf.length < marker.length && (this.ended || this.damage)) { this.take(buf.length, false); return 'end'; }
      // Keep the last `keep` bytes: the marker may start there.
      const drop = Math.max(1, buf.length - keep);
      atLineStart = buf[drop - 1] === 0x0a;
      this.take(drop, false);
    }
  }
}

const isDigit = (c: number | undefined): boolean => c !== undefined && c >= 0x30 && c <= 0x39;

/** A version (one or two digits, a dot, one or two digits) and a line end (CRLF or LF) at `at` of `buf`. */
function isVersionEnd(buf: Buffer, at: number): boolean {
  let i = at;
  for (const part of [0, 1]) {
    const from = i;
    while (isDigit(buf[i]) && i - from < 2) i++;
    if (i === from) return false;
    if (part === 0) { if (buf[i] !== 0x2e) return false; i++; }
  }
  return buf[i] === 0x0a || (buf[i] === 0x0d && buf[i + 1] === 0x0a);
}
