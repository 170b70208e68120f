/**
 * Fuzzy regions R_jl (seed 002, §3.3 notation): region l of feature j, as a
 * small integer `j · 3 + l` with l = 0 Low, 1 Middle, 2 High. The two-region
 * shape of Fig. 7 uses slot 0 for Low' and slot 2 for High' (Middle stays 0),
 * so region ids mean the same thing whatever the shape.
 */

import { FEATURE_LETTERS, FEATURE_NAMES } from '../features/line-features.js';

/** A fuzzy region id: feature · REGIONS_PER_FEATURE + level. */
export type RegionId = number;
/** Levels per feature (h_j = 3 in the paper). */
export const REGIONS_PER_FEATURE = 3;
/** Level index of Low (Low' in the two-region shape). */
export const LOW = 0;
/** Level index of Middle (unused in the two-region shape). */
export const MIDDLE = 1;
/** Level index of High (High' in the two-region shape). */
export const HIGH = 2;

/** Membership-function shape: Low/Middle/High (Fig. 3) or Low'/High' (Fig. 7). */
export type MembershipShape = 'three' | 'two';

const LEVEL_NAMES = ['Low', 'Middle', 'High'] as const;

/** Region id of (feature, level). */
export function regionId(feature: number, level: number): RegionId {
  return feature * REGIONS_PER_FEATURE + level;
}

/** Feature index of a region id. */
export function regionFeature(id: RegionId): number {
  return Math.floor(id / REGIONS_PER_FEATURE);
}

/** Level (0 Low, 1 Middle, 2 High) of a region id. */
export function regionLevel(id: RegionId): number {
  return id % REGIONS_PER_FEATURE;
}

/**
 * Human name of a region.
 * @param style `letter` → "A.Middle" (the paper's tables), `word` → "Index Middle"
 * @param shape the feature's membership shape; two-region levels get a prime ("High'")
 */
export function regionName(id: RegionId, style: 'letter' | 'word' = 'word', shape: MembershipShape = 'three'): string {
  const f = regionFeature(id);
  const level = LEVEL_NAMES[regionLevel(id)]! + (shape === 'two' ? "'" : '');
  return style === 'letter' ? `${FEATURE_LETTERS[f]}.${level}` : `${FEATURE_NAMES[f]} ${level}`;
}
