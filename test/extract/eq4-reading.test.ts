/**
 * FAR-SW eq. 4–5: which normalisation of the line score reproduces the paper's worked numbers.
 * The nytimes example (§3.2–3.5): the block p286..p300 holds the 13 topical lines of Table 2 and one
 * non-topical line on each side, and scores 1.5807. Table 3 gives the model's MIN / Mean / MAX; the
 * page maxima follow from eq. 3 (MAX = (MAX^tr + MAX^non-tr) / 2, MAX^tr read off Table 2). The
 * paper's other example (nydailynews) puts the scores of non-topical neighbour lines at 0.15–0.33.
 */
import { describe, it, expect } from 'vitest';
import { lineScores, modelLineScores } from '../../src/extract/farsw.js';
import { scoreBlocks } from '../../src/extract/window.js';
import { FEATURE_NAMES, type LineFeatures } from '../../src/features/line-features.js';
import type { MembershipFunction } from '../../src/fuzzy/membership.js';
import type { LineTable } from '../../src/core/types.js';

// Table 2 (line 3's C printed as 509 > B = 237; D = 0.88 gives C = 209).
const TABLE2: readonly (readonly number[])[] = [
  [287, 198, 170, 0.86, 0, 0], [288, 861, 482, 0.56, 2, 0], [289, 237, 209, 0.88, 0, 0], [290, 263, 235, 0.89, 0, 0],
  [291, 650, 449, 0.69, 1, 0], [292, 241, 213, 0.88, 0, 0], [293, 504, 301, 0.60, 1, 0], [294, 219, 191, 0.87, 0, 0],
  [295, 287, 259, 0.90, 0, 0], [296, 226, 198, 0.88, 0, 0], [297, 391, 363, 0.93, 0, 0], [298, 152, 124, 0.82, 0, 0],
  [299, 211, 156, 0.74, 0, 0],
];
// Table 3: MIN, Mean, MAX per feature.
const TABLE3: readonly (readonly [number, number, number])[] = [
  [144, 308, 473], [81, 210, 1248], [62, 137, 653], [0.279, 0.552, 0.964], [0, 0, 6], [0, 0, 1],
];
const membership: MembershipFunction[] = TABLE3.map(([min, mean, max], f) => ({ feature: f, name: FEATURE_NAMES[f]!, shape: 'three', min, mean, max }));

function features(rows: readonly (readonly number[])[]): LineFeatures {
  const columns = Array.from({ length: 6 }, (_, f) => Float64Array.from(rows, (r) => r[f]!));
  return { names: FEATURE_NAMES, variant: 'raw', count: rows.length, columns };
}

/** The block score of p286..p300 when the two boundary lines score `edge` each. */
const blockScore = (scores: Float64Array, edge: number): number =>
  scoreBlocks([{ start: 0, end: scores.length + 2, score: 0 }], [edge, ...scores, edge])[0]!.score;

describe('eq. 4 reading (FAR-SW §3.5)', () => {
  it('the model reading (each feature over the model\'s H = (Mean + MAX) / 2) reproduces the block score 1.58', () => {
    const scores = modelLineScores(features(TABLE2), membership);
    // Line 1: 198 / 729 + 170 / 395 + 0.86 = 1.56.
    expect(scores[0]).toBeCloseTo(198 / 729 + 170 / 395 + 0.86, 6);
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    expect(mean).toBeCloseTo(1.785, 2);
    // Boundary lines scoring as the paper's other non-topical neighbours (0.15–0.33) bracket 1.5807.
    expect(blockScore(scores, 0.15)).toBeLessThan(1.5807);
    expect(blockScore(scores, 0.33)).toBeGreaterThan(1.5807);
    expect(blockScore(scores, 0.25)).toBeCloseTo(1.58, 2);
  });

  it('the page reading (each feature over its page maximum) cannot reach 1.58, nor even β', () => {
    // Page maxima from eq. 3: MAX^non-tr = 2 · MAX − MAX^tr (B 1635, C 797, E 10, F 2).
    const pageMax = [473, 1635, 797, 1, 10, 2];
    const rows = TABLE2.map((r) => r.map((v, f) => (f === 0 || f === 3 ? v : v / pageMax[f]!)));
    const fake = { count: rows.length } as LineTable; // lineScores reads only the count and the normalised columns
    const scores = lineScores(fake, { ...features(rows), variant: 'normalized' });
    expect(blockScore(scores, 0.33)).toBeLessThan(1.2);
    expect(blockScore(scores, 0.33)).toBeLessThan(1.5);
  });

  it('a feature whose H is 0 counts 1 above 0 and 0 at 0 (E and F on a page without links or images)', () => {
    const mf = membership.map((m) => (m.feature >= 4 ? { ...m, mean: 0, max: 0 } : m));
    const s = modelLineScores(features([[1, 0, 0, 0, 1, 0], [2, 0, 0, 0, 0, 0]]), mf);
    expect(Array.from(s)).toEqual([-1, 0]);
  });
});
