/**
 * Lines of a byte stream (split on LF), numbered from 1, with a bound on what is
 * kept: a line longer than `maxBytes` is reported by its size alone (never joined,
 * never made into a string), and a line still without an end after `maxSkip`
 * bytes ends the split with `cut` (an endless stream such as /dev/zero).
 * Batch inputs (JSON Lines records) and datasets (training and evaluation lines)
 * both read this way. A damage mark (core/damage.ts) is reported as an entry of
 * its own; the line it cut (begun before it) is dropped with it.
 */
import { damageOf, type GzipDamage } from './damage.js';

/** One line: number, start offset, size; its pieces (views on the chunks) unless it was over `maxBytes`. */
export interface ByteLine {
  readonly line: number;
  readonly offset: number;
  readonly size: number;
  readonly parts?: readonly Buffer[];
  /** No line end within `maxSkip` bytes: the last line reported. */
  readonly cut?: true;
  /** Damaged input here (no line: `line` is the line it cut, else the last line before it, and `size` the bytes of that line dropped). */
  readonly damage?: GzipDamage;
  /** The line was begun before damaged input (`damage` entries): it is lost. */
  readonly lost?: true;
  /** The first line after damaged input: it may be the rest of a line the damage cut. */
  readonly afterDamage?: true;
}

export async function* byteLines(chunks: AsyncIterable<Uint8Array | string>, maxBytes: number, maxSkip = Infinity): AsyncGenerator<ByteLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let line = 0;
  let offset = 0; // of the current line's start
  let afterDamage = false;
  const finish = (): ByteLine => {
    line++;
    let rec: ByteLine = size > maxBytes ? { line, offset, size } : { line, offset, size, parts };
    if (afterDamage) { rec = { ...rec, afterDamage }; afterDamage = false; }
    parts = [];
    offset += size + 1;
    size = 0;
    return rec;
  };
  for await (const c of chunks) {
    const chunk = typeof c === 'string' ? Buffer.from(c) : Buffer.isBuffer(c) ? c : Buffer.from(c.buffer, c.byteOffset, c.length);
    const damage = damageOf(chunk);
    if (damage) {
      const lost = size > 0;
      if (lost) line++;
      yield { line, offset, size, damage, ...(lost ? { lost } : {}) };
      parts = [];
      offset += size;
      size = 0;
      afterDamage = true;
      continue;
    }
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl < 0 ? chunk.length : nl;
      if (end > start) {
        if (size + (end - start) <= maxBytes) parts.push(chunk.subarray(start, end));
        else parts = [];
        size += end - start;
      }
      if (nl < 0) break;
      yield finish();
      start = nl + 1;
    }
    if (size > maxSkip) {
      yield { line: line + 1, offset, size, cut: true };
      return;
    }
  }
  if (size > 0) yield finish();
}
