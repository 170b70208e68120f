/**
 * Apriori over fuzzy-region transactions (seed 002, §3.3 Step 5, Table 8;
 * Agrawal & Srikant 1994).
 *
 * A transaction is one topical line: the set of its frequent regions whose
 * membership passed the significance threshold (Table 7), as a bit mask over
 * region ids. Support follows the paper's example ("A.Middle appears in all 13
 * frequent region sets … its support value is 13/13 = 1"): the share of
 * transactions containing the itemset, and an itemset is frequent when its
 * support is ≥ the minimum support. Itemsets are sorted arrays of region ids.
 *
 * Input is a histogram of distinct transaction masks, so counting costs
 * O(distinct masks × candidates), independent of the number of lines.
 */

import type { RegionId } from '../fuzzy/region.js';
import { regionMask } from './cardinality.js';

/** A frequent itemset and its support in [0, 1]. */
export interface Itemset {
  readonly items: readonly RegionId[];
  readonly support: number;
}

/** All frequent itemsets with `level` items (L_level in Table 8). */
export interface FrequentLevel {
  readonly level: number;
  readonly itemsets: readonly Itemset[];
}

/**
 * Count transaction masks: mask → number of transactions with exactly that item set.
 * @param masks one mask per transaction
 */
export function maskHistogram(masks: ArrayLike<number>): Map<number, number> {
  const h = new Map<number, number>();
  for (let i = 0; i < masks.length; i++) h.set(masks[i]!, (h.get(masks[i]!) ?? 0) + 1);
  return h;
}

/**
 * Number of transactions that contain every item of `mask`.
 * @param hist histogram from `maskHistogram`
 */
export function countContaining(hist: ReadonlyMap<number, number>, mask: number): number {
  let c = 0;
  for (const [m, k] of hist) if (((m & mask) >>> 0) === mask) c += k;
  return c;
}

/**
 * Apriori: L1, L2, … until no candidate is frequent.
 * @param hist histogram of transaction masks (bit r = region r)
 * @param total number of transactions n (support denominator)
 * @param minSupport minimum support in [0, 1] (paper: 0.5)
 * @returns non-empty levels in increasing order; [] when nothing is frequent or total = 0
 */
export function apriori(hist: ReadonlyMap<number, number>, total: number, minSupport: number): FrequentLevel[] {
  if (total <= 0) return [];
  let universe = 0;
  for (const m of hist.keys()) universe |= m;
  const levels: FrequentLevel[] = [];
  let current: Itemset[] = [];
  for (let r = 0; r < 32; r++) {
    if (!(universe & (1 << r))) continue;
    const s = countContaining(hist, (1 << r) >>> 0) / total;
    if (s >= minSupport) current.push({ items: [r], support: s });
  }
  for (let k = 1; current.length > 0; k++) {
    levels.push({ level: k, itemsets: current });
    const known = new Set(current.map((x) => x.items.join(',')));
    const next: Itemset[] = [];
    for (let i = 0; i < current.length; i++) {
      for (let j = i + 1; j < current.length; j++) {
        const a = current[i]!.items, b = current[j]!.items;
        if (!samePrefix(a, b, k - 1)) continue;
        // `current` is sorted, so a < b and a[k-1] < b[k-1]: the join stays sorted.
        const cand = [...a, b[k - 1]!];
        if (!allSubsetsKnown(cand, known)) continue;
        const s = countContaining(hist, regionMask(cand)) / total;
        if (s >= minSupport) next.push({ items: cand, support: s });
      }
    }
    next.sort((x, y) => compareItems(x.items, y.items));
    current = next;
  }
  return levels;
}

function samePrefix(a: readonly number[], b: readonly number[], len: number): boolean {
  for (let i = 0; i < len; i++) if (a[i] !== b[i]) return false;
  return true;
}

function allSubsetsKnown(cand: readonly number[], known: ReadonlySet<string>): boolean {
  for (let drop = 0; drop < cand.length; drop++) {
    if (!known.has(cand.filter((_, i) => i !== drop).join(','))) return false;
  }
  return true;
}

/** Lexicographic order of sorted item arrays. */
export function compareItems(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
