/**
 * Scalar cardinality and frequent regions (seed 002, §3.3 Steps 2–4, Tables 5–7).
 */

import { FEATURE_COUNT } from '../features/line-features.js';
import type { FuzzySet } from '../fuzzy/fuzzify.js';
import { REGIONS_PER_FEATURE, regionId, type MembershipShape, MIDDLE, type RegionId } from '../fuzzy/region.js';

/**
 * Step 2: count_jl = Σ_i f_ijl, the scalar cardinality of every region over the selected lines (Table 5).
 * @param fz membership degrees
 * @param select optional line mask (1 = include); all lines when absent
 * @returns one sum per region column, Float64 (no rounding drift over millions of lines)
 */
export function scalarCardinality(fz: FuzzySet, select?: ArrayLike<number>): Float64Array {
  const out = new Float64Array(fz.regions);
  addCardinality(out, fz, select);
  return out;
}

/**
 * Add the scalar cardinality of the selected lines to `acc` (for accumulating over pages).
 * @param acc running sums, one per region column
 */
export function addCardinality(acc: Float64Array, fz: FuzzySet, select?: ArrayLike<number>): void {
  const R = fz.regions, v = fz.values;
  for (let i = 0; i < fz.lines; i++) {
    if (select && !select[i]) continue;
    const o = i * R;
    for (let r = 0; r < R; r++) acc[r]! += v[o + r]!;
  }
}

/** A frequent region: the region with the largest count for its feature. */
export interface FrequentRegion {
  readonly region: RegionId;
  readonly count: number;
}

/**
 * Step 3: for every feature the region with max count_jl (Table 6). Ties go to
 * the lower level. The Middle slot is skipped for two-region features.
 * @param cardinality region sums from `scalarCardinality`
 * @param shapes membership shape per feature
 * @returns one frequent region per feature, in feature order (region ids ascending)
 */
export function frequentRegions(cardinality: ArrayLike<number>, shapes: readonly MembershipShape[]): FrequentRegion[] {
  const out: FrequentRegion[] = [];
  for (let f = 0; f < FEATURE_COUNT; f++) {
    let best = regionId(f, 0), bestCount = -Infinity;
    for (let l = 0; l < REGIONS_PER_FEATURE; l++) {
      if (l === MIDDLE && shapes[f] === 'two') continue;
      const c = cardinality[regionId(f, l)]!;
      if (c > bestCount) { bestCount = c; best = regionId(f, l); }
    }
    out.push({ region: best, count: bestCount });
  }
  return out;
}

/**
 * The set of regions of line `line` whose membership is at least `significance`, as a bit mask (bit r = region r).
 * Step 4 is this mask ANDed with the frequent regions' mask (Table 7).
 * @param fz membership degrees (at most 32 region columns)
 * @param line line index
 * @param significance threshold (paper: 0.5); memberships below it are dropped
 */
export function significantMask(fz: FuzzySet, line: number, significance: number): number {
  const R = fz.regions, o = line * R;
  let m = 0;
  for (let r = 0; r < R; r++) if (fz.values[o + r]! >= significance) m |= 1 << r;
  return m >>> 0;
}

/** Bit mask of a list of region ids. */
export function regionMask(regions: readonly RegionId[]): number {
  let m = 0;
  for (const r of regions) m |= 1 << r;
  return m >>> 0;
}
