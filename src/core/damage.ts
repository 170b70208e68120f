/**
 * Damage marks in a stream of byte chunks: a zero-length chunk that stands where the input was damaged (a gzip member
 * that does not unpack, input/gunzip.ts). Readers that split the stream into records (core/byte-lines.ts,
 * batch/byte-reader.ts) drop the record the damage cut, report it, and read on after the mark; others see an empty chunk.
 */

/** A damaged span of gzip input: where it starts and where reading went on (offsets in the compressed input). */
export interface GzipDamage {
  /** Offset of the damaged member's header, or of the first byte that is no member. */
  readonly offset: number;
  /** Offset of the next member read, or undefined when none follows (the rest of the input is lost). */
  readonly resume?: number;
  /** What was wrong, in words. */
  readonly reason: string;
  /** The input ends inside this member (it was cut): what the member unpacked to up to there was kept. */
  readonly cut?: true;
  /** The first bytes (up to 64 KiB) the damaged member unpacked to before the damage showed, unchecked: they name what it held. */
  readonly head?: Uint8Array;
}

const marks = new WeakMap<Uint8Array, GzipDamage>();

/** The damage a chunk marks, or undefined for a chunk of data. */
export function damageOf(chunk: Uint8Array): GzipDamage | undefined {
  return chunk.length === 0 ? marks.get(chunk) : undefined;
}

/** Make `chunk` (zero-length, of its own) the mark of `d`. */
export function markDamage<T extends Uint8Array>(chunk: T, d: GzipDamage): T {
  marks.set(chunk, d);
  return chunk;
}

/** One line: `damaged gzip data at offset 1234 (CRC-32 mismatch); reading on at the next gzip member (offset 5678)`. */
export function damageMessage(d: GzipDamage): string {
  if (d.cut) return `the gzip data ends inside the member at offset ${d.offset} (${d.reason}: the input was cut)`;
  const next = d.resume !== undefined ? `reading on at the next gzip member (offset ${d.resume})` : 'no gzip member after it: the rest of the input is lost';
  return `damaged gzip data at offset ${d.offset} (${d.reason}); ${next}`;
}
