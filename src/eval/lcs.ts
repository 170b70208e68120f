/**
 * Exact length of the longest common subsequence (LCS) of two integer
 * sequences, bit-parallel.
 *
 * Algorithm: Allison & Dix (1986), in the form of Hyyrö (2004), "Bit-parallel
 * LCS-length computation revisited". The shorter sequence `p` (length m) is the
 * pattern; its match vectors `PM[c]` have bit i set where `p[i] = c`. A bit
 * vector V of m bits starts all ones and, for every symbol c of the other
 * sequence, becomes
 *
 *     U = V & PM[c];   V = (V + U) | (V & ~PM[c])
 *
 * (addition with carry across 32-bit words). The LCS length is the number of
 * zero bits in the m low bits of V at the end. Cost: O(n · ⌈m / 32⌉) word
 * operations, a few milliseconds for two 20,000-token pages.
 *
 * A common prefix and suffix are stripped first (they are part of some LCS),
 * which makes near-identical texts cheap.
 */

const WORD = 32;
const TWO_32 = 4294967296;

/**
 * Length of the longest common subsequence of `a` and `b`.
 * @param a first sequence of non-negative integer symbols (e.g. token ids from `internPair`)
 * @param b second sequence over the same alphabet
 * @param alphabetSize 1 + the largest symbol in either sequence (computed when omitted)
 * @returns k, the LCS length in symbols (0 ≤ k ≤ min(|a|, |b|))
 */
export function lcsLength(a: ArrayLike<number>, b: ArrayLike<number>, alphabetSize?: number): number {
  let lo = 0;
  let hiA = a.length;
  let hiB = b.length;
  while (lo < hiA && lo < hiB && a[lo] === b[lo]) lo++;
  while (hiA > lo && hiB > lo && a[hiA - 1] === b[hiB - 1]) {
    hiA--;
    hiB--;
  }
  const fixed = lo + (a.length - hiA);
  if (hiA === lo || hiB === lo) return fixed;

  // Pattern = the shorter middle part (fewer words per step, smaller tables).
  let p = a;
  let pLo = lo;
  let pHi = hiA;
  let t = b;
  let tHi = hiB;
  if (hiA - lo > hiB - lo) {
    p = b;
    pHi = hiB;
    t = a;
    tHi = hiA;
  }
  const m = pHi - pLo;
  const words = Math.ceil(m / WORD);

  let size = alphabetSize ?? 0;
  if (alphabetSize === undefined) {
    for (let i = lo; i < hiA; i++) if (a[i]! >= size) size = a[i]! + 1;
    for (let i = lo; i < hiB; i++) if (b[i]! >= size) size = b[i]! + 1;
  }
  // Row of the match table for each symbol of the pattern; -1 = absent.
  const rowOf = new Int32Array(size).fill(-1);
  let rows = 0;
  for (let i = pLo; i < pHi; i++) {
    const c = p[i]!;
    if (rowOf[c] === -1) rowOf[c] = rows++;
  }
  const pm = new Uint32Array(rows * words);
  for (let i = 0; i < m; i++) {
    const row = rowOf[p[pLo + i]!]!;
    pm[row * words + (i >>> 5)]! |= 1 << (i & 31);
  }

  const v = new Uint32Array(words).fill(0xffffffff);
  for (let j = lo; j < tHi; j++) {
    const row = rowOf[t[j]!]!;
    if (row < 0) continue; // PM = 0: V is unchanged
    const base = row * words;
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const x = v[w]!;
      const mask = pm[base + w]!;
      const u = (x & mask) >>> 0;
      if (u === 0 && carry === 0) continue; // V word unchanged
      const s = x + u + carry;
      carry = s >= TWO_32 ? 1 : 0;
      v[w] = (s >>> 0) | (x & ~mask);
    }
  }

  let zeros = 0;
  for (let w = 0; w < words; w++) {
    let z = ~v[w]! >>> 0;
    if (w === words - 1 && m % WORD !== 0) z &= (1 << (m % WORD)) - 1;
    zeros += popcount32(z);
  }
  return fixed + zeros;
}

/** Number of set bits of a 32-bit integer (SWAR). */
function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
