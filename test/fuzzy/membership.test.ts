import { describe, it, expect } from 'vitest';
import { buildMembership, classStats, fuzzifyValue, membershipFromLines } from '../../src/fuzzy/membership.js';
import { fuzzify, significantMasker } from '../../src/fuzzy/fuzzify.js';
import { significantMask } from '../../src/mining/cardinality.js';

const degrees = (mf: Parameters<typeof fuzzifyValue>[0], v: number) => {
  const out = new Float64Array(3);
  fuzzifyValue(mf, v, out, 0);
  return Array.from(out, (x) => Number(x.toFixed(4)));
};

describe('membership functions', () => {
  it('eq. 1: α-weighted MIN, the paper\'s A example (287 topical, 1 elsewhere → 144)', () => {
    const mf = buildMembership(0, { min: 287, mean: 293, max: 299 }, { min: 1, mean: 323, max: 647 }, 0.5, 'three');
    expect(mf.min).toBe(144);
    expect(mf.mean).toBe(308);
    expect(mf.max).toBe(473);
  });

  it('one empty class: the other class alone', () => {
    expect(buildMembership(1, null, { min: 2, mean: 4, max: 6 }, 0.5, 'three')).toMatchObject({ min: 2, mean: 4, max: 6 });
    expect(buildMembership(1, { min: 1, mean: 2, max: 3 }, null, 0.5, 'three')).toMatchObject({ min: 1, mean: 2, max: 3 });
  });

  it('three regions (Fig. 3): Low / Middle / High around L, Mean, H', () => {
    const mf = buildMembership(1, { min: 0, mean: 100, max: 300 }, null, 1, 'three'); // L = 50, H = 200
    expect(degrees(mf, 0)).toEqual([1, 0, 0]);
    expect(degrees(mf, 50)).toEqual([1, 0, 0]);
    expect(degrees(mf, 75)).toEqual([0.5, 0.5, 0]);
    expect(degrees(mf, 100)).toEqual([0, 1, 0]);
    expect(degrees(mf, 150)).toEqual([0, 0.5, 0.5]);
    expect(degrees(mf, 200)).toEqual([0, 0, 1]);
    expect(degrees(mf, 1e9)).toEqual([0, 0, 1]);
  });

  it('MIN = Mean (E, F in Table 3): a value at that point is fully Low', () => {
    const mf = buildMembership(4, { min: 0, mean: 0, max: 6 }, null, 1, 'three');
    expect(degrees(mf, 0)).toEqual([1, 0, 0]);
    expect(degrees(mf, 1)).toEqual([0, 0.6667, 0.3333]);
    expect(degrees(mf, 3)).toEqual([0, 0, 1]);
  });

  it('two regions (Fig. 7): Low\' falls from L to H, High\' = 1 − Low\', Middle unused', () => {
    const mf = buildMembership(2, { min: 0, mean: 100, max: 300 }, null, 1, 'two'); // L = 50, H = 200
    expect(degrees(mf, 50)).toEqual([1, 0, 0]);
    expect(degrees(mf, 125)).toEqual([0.5, 0, 0.5]);
    expect(degrees(mf, 200)).toEqual([0, 0, 1]);
  });

  it('two regions, the `mean` reading: Low\' reaches 0 at Mean, so Middle and High values are High\'', () => {
    const mf = buildMembership(2, { min: 0, mean: 100, max: 300 }, null, 1, 'two', 'mean'); // L = 50
    expect(mf.twoRegionEnd).toBe('mean');
    expect(degrees(mf, 50)).toEqual([1, 0, 0]);
    expect(degrees(mf, 75)).toEqual([0.5, 0, 0.5]);
    expect(degrees(mf, 100)).toEqual([0, 0, 1]);
    expect(degrees(mf, 150)).toEqual([0, 0, 1]); // the `h` reading: Low' 0.33
    expect(buildMembership(2, { min: 0, mean: 100, max: 300 }, null, 1, 'three', 'mean').twoRegionEnd).toBeUndefined();
  });

  it('memberships are in [0, 1] and sum to 1 for any value', () => {
    const mfs = [buildMembership(0, { min: 3, mean: 3, max: 3 }, null, 1, 'three'), buildMembership(0, { min: -5, mean: 2, max: 40 }, { min: 0, mean: 1, max: 9 }, 0.3, 'three'), buildMembership(0, { min: 0, mean: 1, max: 2 }, null, 1, 'two')];
    for (const mf of mfs) for (let v = -10; v <= 50; v += 0.7) {
      const d = degrees(mf, v);
      for (const x of d) { expect(x).toBeGreaterThanOrEqual(0); expect(x).toBeLessThanOrEqual(1); }
      expect(d[0]! + d[1]! + d[2]!).toBeCloseTo(1, 3);
    }
  });

  it('membershipFromLines pools segments and splits by label', () => {
    const cols = (xs: number[]) => Array.from({ length: 6 }, () => Float64Array.from(xs));
    const mfs = membershipFromLines([{ columns: cols([10, 20]), topical: [1, 0] }, { columns: cols([30, 40]), topical: [1, 0] }], 0.5, Array(6).fill('three'));
    // topical 10, 30 (min 10, mean 20, max 30); non-topical 20, 40 (min 20, mean 30, max 40)
    expect(mfs[0]).toMatchObject({ min: 15, mean: 25, max: 35, name: 'Index' });
    expect(classStats([])).toBeNull();
  });
});

describe('significantMasker', () => {
  it('equals significantMask over the FuzzySet, line by line, on values at and around every breakpoint', () => {
    const shapes = ['three', 'two', 'two', 'three', 'two', 'three'] as const;
    const membership = shapes.map((shape, f) => buildMembership(f, { min: 2 + f, mean: 10 + f, max: 30 + f }, { min: f, mean: 4 + f, max: 12 + f }, 0.5, shape));
    // Breakpoints L, Mean, H of each feature and values just around them, plus equal MIN = Mean.
    const values: number[] = [];
    for (const mf of membership) for (const x of [mf.min, (mf.min + mf.mean) / 2, mf.mean, (mf.mean + mf.max) / 2, mf.max]) values.push(x - 0.01, x, x + 0.01);
    const lines = values.length;
    const columns = membership.map((_, f) => Float64Array.from({ length: lines }, (_, i) => values[(i + 7 * f) % lines]!));
    const fz = fuzzify(columns, membership);
    for (const significance of [0.3, 0.5, 0.75]) {
      const mask = significantMasker(membership, significance);
      for (let i = 0; i < lines; i++) expect(mask(columns, i)).toBe(significantMask(fz, i, significance));
      // The values reach several regions of each feature, so the masks differ from line to line.
      expect(new Set(Array.from({ length: lines }, (_, i) => mask(columns, i))).size).toBeGreaterThan(10);
    }
  });
});
