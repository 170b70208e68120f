/**
 * Fuzzification (seed 002, §3.3 Step 1): every line's feature values become
 * membership degrees f_ijl in the regions of each feature (Table 4).
 */

import { FEATURE_COUNT } from '../features/line-features.js';
import { fuzzifyValue, type MembershipFunction } from './membership.js';
import { REGIONS_PER_FEATURE } from './region.js';

/** Membership degrees, lines × regions, row-major: values[i · regions + r]. */
export interface FuzzySet {
  readonly lines: number;
  readonly regions: number;
  readonly values: Float32Array;
}

/** Number of region columns of a FuzzySet (6 features × 3 levels). */
export const REGION_COUNT = FEATURE_COUNT * REGIONS_PER_FEATURE;

/**
 * Fuzzify feature columns with the given membership functions.
 * @param columns feature columns A..F (each `lines` long)
 * @param membership one function per feature, in feature order
 * @returns lines × 18 membership degrees, each in [0, 1], summing to 1 per (line, feature)
 */
export function fuzzify(columns: readonly ArrayLike<number>[], membership: readonly MembershipFunction[]): FuzzySet {
  const lines = columns[0]?.length ?? 0;
  const values = new Float32Array(lines * REGION_COUNT);
  for (let f = 0; f < FEATURE_COUNT; f++) {
    const col = columns[f]!, mf = membership[f]!;
    for (let i = 0; i < lines; i++) fuzzifyValue(mf, col[i]!, values, i * REGION_COUNT + f * REGIONS_PER_FEATURE);
  }
  return { lines, regions: REGION_COUNT, values };
}
