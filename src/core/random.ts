/**
 * Seeded randomness for reproducible splits and seeded algorithms (CETR-KM's
 * k-means++ seeding); no `Math.random`.
 */
import { fnv1a32 } from './fnv.js';

/**
 * mulberry32 (Tommy Ettinger, public domain): a 32-bit-state PRNG, good enough
 * for shuffling and fast.
 * @param seed any 32-bit integer
 * @returns a function giving the next number in [0, 1)
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 32-bit FNV-1a hash of a string's UTF-16 code units (core/fnv.ts), to derive
 * per-group seeds that do not depend on which other groups exist.
 */
export const hashString: (s: string) => number = fnv1a32;

/**
 * Fisher–Yates shuffle into a new array.
 * @param items items to shuffle (not modified)
 * @param random number source in [0, 1)
 */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const tmp = out[i]!;
    out[i] = out[j]!;
    out[j] = tmp;
  }
  return out;
}
