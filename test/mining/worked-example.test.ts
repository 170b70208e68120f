/**
 * The FAR-SW paper's worked example (seed 002, §3.3, Tables 2–8), end to end:
 * Table 2's thirteen topical lines + Table 3's MIN/Mean/MAX → Table 4
 * memberships → Table 5 scalar cardinalities → Table 6 frequent regions →
 * Table 7 transactions → Table 8 levels L1..L6.
 *
 * Numbers the PDF conversion (or the paper) got wrong, and what we use instead:
 * - Table 2 prints line 3 twice (conversion duplicate): we use it once.
 * - Table 2 line 3 has C = 509 with B = 237 and D = 0.88. C cannot exceed B;
 *   C = 209 gives D = 209 / 237 = 0.88 and Table 4's (0.72 C.Middle, 0.28
 *   C.High): (395 − 209) / (395 − 137) = 0.72. So C = 209.
 * - D is computed as C / B, not taken from Table 2's rounded column: Table 4
 *   line 7 has D.Middle 0.78, which 301 / 504 = 0.597 gives while the printed
 *   0.60 would give 0.77.
 * - Table 5 labels C.High as a second "C.Middle"; its C.Middle 7.05 and C.High
 *   5.60 differ by ≈ 0.02 from the sums of the paper's own Table 4 (7.06 and
 *   5.59 from the rounded entries, 7.068 and 5.585 exactly): checked to ±0.02.
 * - Step 3's prose gives A.Low 2.71 / A.Middle 10.29, contradicting Table 5
 *   (2.38 / 10.62) and Table 4; Table 5 is right (Σ (308 − A) / 82 = 195 / 82).
 * - Step 1's prose gives A line 1 as (0.25, 0.75); Table 4 gives 0.26 / 0.74,
 *   which is what (308 − 287) / 82 = 0.256 rounds to.
 * - Table 7 line 12 omits C.Middle although Table 4 gives it 0.65 ≥ 0.5; we
 *   keep it (it changes no level: C's support becomes 9/13 instead of 8/13).
 * - Table 8 lists only 10 of L3 and 10 of L4. Since (A.Middle … F.Low) is in L6
 *   with support 8/13, every subset is frequent (downward closure), so L3 has
 *   C(6,3) = 20 and L4 has C(6,4) = 15 itemsets; the paper itself lists
 *   (A.Middle, C.Middle, D.High, E.Low) in L4 but not (A.Middle, C.Middle,
 *   D.High) in L3. We check that every printed itemset is found and the counts
 *   are the complete ones.
 */
import { describe, it, expect } from 'vitest';
import { buildMembership, type MembershipFunction } from '../../src/fuzzy/membership.js';
import { fuzzify } from '../../src/fuzzy/fuzzify.js';
import { regionName, type RegionId } from '../../src/fuzzy/region.js';
import { frequentRegions, regionMask, scalarCardinality, significantMask } from '../../src/mining/cardinality.js';
import { apriori, maskHistogram } from '../../src/mining/apriori.js';
import { adoptRules } from '../../src/mining/rules.js';

// Table 2 (A Index, B TextLength, C OutputTextLength, E LinkNum, F ImgNum); D = C / B.
const TABLE2: [number, number, number, number, number][] = [
  [287, 198, 170, 0, 0], [288, 861, 482, 2, 0], [289, 237, 209, 0, 0], [290, 263, 235, 0, 0],
  [291, 650, 449, 1, 0], [292, 241, 213, 0, 0], [293, 504, 301, 1, 0], [294, 219, 191, 0, 0],
  [295, 287, 259, 0, 0], [296, 226, 198, 0, 0], [297, 391, 363, 0, 0], [298, 152, 124, 0, 0],
  [299, 211, 156, 0, 0],
];
// Table 3
const TABLE3: [number, number, number][] = [[144, 308, 473], [81, 210, 1248], [62, 137, 653], [0.279, 0.552, 0.964], [0, 0, 6], [0, 0, 1]];
// Table 4, the non-zero memberships of each line.
const TABLE4: Record<string, number>[] = [
  { 'A.Low': 0.26, 'A.Middle': 0.74, 'B.Low': 0.19, 'B.Middle': 0.81, 'C.Middle': 0.87, 'C.High': 0.13, 'D.High': 1, 'E.Low': 1, 'F.Low': 1 },
  { 'A.Low': 0.24, 'A.Middle': 0.76, 'B.High': 1, 'C.High': 1, 'D.Middle': 0.96, 'D.High': 0.04, 'E.Middle': 0.33, 'E.High': 0.67, 'F.Low': 1 },
  { 'A.Low': 0.23, 'A.Middle': 0.77, 'B.Middle': 0.95, 'B.High': 0.05, 'C.Middle': 0.72, 'C.High': 0.28, 'D.High': 1, 'E.Low': 1, 'F.Low': 1 },
  { 'A.Low': 0.22, 'A.Middle': 0.78, 'B.Middle': 0.9, 'B.High': 0.1, 'C.Middle': 0.62, 'C.High': 0.38, 'D.High': 1, 'E.Low': 1, 'F.Low': 1 },
  { 'A.Low': 0.21, 'A.Middle': 0.79, 'B.Middle': 0.15, 'B.High': 0.85, 'C.High': 1, 'D.Middle': 0.33, 'D.High': 0.67, 'E.Middle': 0.67, 'E.High': 0.33, 'F.Low': 1 },
  { 'A.Low': 0.2, 'A.Middle': 0.8, 'B.Middle': 0.94, 'B.High': 0.06, 'C.Middle': 0.71, 'C.High': 0.29, 'D.High': 1, 'E.Low': 1, 'F.Low': 1 },
  { 'A.Low': 0.18, 'A.Middle': 0.82, 'B.Middle': 0.43, 'B.High': 0.57, 'C.Middle': 0.36, 'C.High': 0.64, 'D.Middle': 0.78, 'D.High': 0.22, 'E.Middle': 0.67, 'E.High': 0.33, 'F.Low': 1 },
  { 'A.Low': 0.17, 'A.Middle': 0.83, 'B.Middle': 0.98, 'B.High': 0.02, 'C.Middle': 0.79, 'C.High': 0.21, 'D.High': 1, 'E.Low': 1, 'F.Low': 1 },
  { 'A.Low': 0.16, 'A.Middle': 0.84, 'B.Middle': 0.85, 'B.High': 0.15, 'C.Middle': 0.53, 'C.High': 0.47, 'D.High': 1, 'E.Low': 1, 'F.Low': 1 },
  { 'A.Low': 0.15, 'A.Middle': 0.85, 'B.Middle': 0.97, 'B.High': 0.03, 'C.Middle': 0.76, 'C.High': 0.24, 'D.High': 1, 'E.Low': 1, 'F.Low': 1 },
  { 'A.Low': 0.13, 'A.Middle': 0.87, 'B.Middle': 0.65, 'B.High': 0.35, 'C.Middle': 0.12, 'C.High': 0.88, 'D.High': 1, 'E.Low': 1, 'F.Low': 1 },
  { 'A.Low': 0.12, 'A.Middle': 0.88, 'B.Low': 0.9, 'B.Middle': 0.1, 'C.Low': 0.35, 'C.Middle': 0.65, 'D.High': 1, 'E.Low': 1, 'F.Low': 1 },
  { 'A.Low': 0.11, 'A.Middle': 0.89, 'B.Middle': 1, 'C.Middle': 0.93, 'C.High': 0.07, 'D.Middle': 0.09, 'D.High': 0.91, 'E.Low': 1, 'F.Low': 1 },
];

const membership: MembershipFunction[] = TABLE3.map(([min, mean, max], f) =>
  buildMembership(f, { min, mean, max }, null, 1, 'three'));
const columns = [0, 1, 2, 3, 4, 5].map((f) => Float64Array.from(TABLE2, ([a, b, c, e, fi]) => [a, b, c, c / b, e, fi][f]!));
const fz = fuzzify(columns, membership);
const name = (r: RegionId) => regionName(r, 'letter');
const names = (items: readonly RegionId[]) => items.map(name).join(', ');

describe('FAR-SW worked example (paper §3.3)', () => {
  it('Table 4: memberships to two decimals', () => {
    TABLE4.forEach((expected, i) => {
      for (let r = 0; r < 18; r++) {
        const got = fz.values[i * 18 + r]!;
        expect(got, `line ${i + 1} ${name(r)}`).toBeCloseTo(expected[name(r)] ?? 0, 2);
      }
    });
  });

  const card = scalarCardinality(fz);
  it('Table 5: scalar cardinalities', () => {
    const table5: Record<string, number> = {
      'A.Low': 2.38, 'A.Middle': 10.62, 'A.High': 0, 'B.Low': 1.09, 'B.Middle': 8.73, 'B.High': 3.18,
      'C.Low': 0.35, 'D.Low': 0, 'D.Middle': 2.16, 'D.High': 10.84,
      'E.Low': 10, 'E.Middle': 1.67, 'E.High': 1.33, 'F.Low': 13, 'F.Middle': 0, 'F.High': 0,
    };
    // The paper sums Table 4's two-decimal entries (B.Middle 8.73 = Σ rounded; exactly 8.739), so ±0.01.
    for (const [k, v] of Object.entries(table5)) expect(Math.abs(card[regionNameToId(k)]! - v), k).toBeLessThanOrEqual(0.01);
    // Printed 7.05 and 5.60 (see the header comment): within 0.02.
    expect(Math.abs(card[regionNameToId('C.Middle')]! - 7.05)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(card[regionNameToId('C.High')]! - 5.6)).toBeLessThanOrEqual(0.02);
  });

  const frequent = frequentRegions(card, Array(6).fill('three'));
  it('Table 6: frequent regions', () => {
    expect(frequent.map((x) => name(x.region))).toEqual(['A.Middle', 'B.Middle', 'C.Middle', 'D.High', 'E.Low', 'F.Low']);
    expect(frequent.map((x) => Number(x.count.toFixed(2)))).toEqual([10.62, 8.74, 7.07, 10.84, 10, 13]);
  });

  const fmask = regionMask(frequent.map((x) => x.region));
  const tx = Array.from({ length: 13 }, (_, i) => significantMask(fz, i, 0.5) & fmask);
  it('Table 7: transactions after the significance threshold', () => {
    const decode = (m: number) => Array.from({ length: 18 }, (_, r) => r).filter((r) => m & (1 << r)).map(name);
    expect(decode(tx[0]!)).toEqual(['A.Middle', 'B.Middle', 'C.Middle', 'D.High', 'E.Low', 'F.Low']);
    expect(decode(tx[1]!)).toEqual(['A.Middle', 'F.Low']);
    expect(decode(tx[4]!)).toEqual(['A.Middle', 'D.High', 'F.Low']);
    expect(decode(tx[6]!)).toEqual(['A.Middle', 'F.Low']);
    expect(decode(tx[10]!)).toEqual(['A.Middle', 'B.Middle', 'D.High', 'E.Low', 'F.Low']);
    expect(decode(tx[11]!)).toEqual(['A.Middle', 'C.Middle', 'D.High', 'E.Low', 'F.Low']); // paper omits C.Middle 0.65
  });

  const levels = apriori(maskHistogram(tx), 13, 0.5);
  it('Table 8: L1..L6', () => {
    expect(levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(levels.map((l) => l.itemsets.length)).toEqual([6, 15, 20, 15, 6, 1]);
    const printed: string[][] = [
      ['A.Middle', 'B.Middle', 'C.Middle', 'D.High', 'E.Low', 'F.Low'],
      ['A.Middle, B.Middle', 'A.Middle, C.Middle', 'A.Middle, D.High', 'A.Middle, E.Low', 'A.Middle, F.Low', 'B.Middle, C.Middle', 'B.Middle, D.High', 'B.Middle, E.Low', 'B.Middle, F.Low', 'C.Middle, D.High', 'C.Middle, E.Low', 'C.Middle, F.Low', 'D.High, E.Low', 'D.High, F.Low', 'E.Low, F.Low'],
      ['A.Middle, B.Middle, C.Middle', 'A.Middle, B.Middle, D.High', 'A.Middle, B.Middle, E.Low', 'A.Middle, B.Middle, F.Low', 'B.Middle, C.Middle, D.High', 'B.Middle, C.Middle, E.Low', 'B.Middle, C.Middle, F.Low', 'B.Middle, D.High, E.Low', 'B.Middle, D.High, F.Low', 'D.High, E.Low, F.Low'],
      ['A.Middle, B.Middle, C.Middle, D.High', 'A.Middle, B.Middle, C.Middle, E.Low', 'A.Middle, B.Middle, C.Middle, F.Low', 'A.Middle, B.Middle, D.High, E.Low', 'A.Middle, B.Middle, D.High, F.Low', 'A.Middle, B.Middle, E.Low, F.Low', 'A.Middle, C.Middle, D.High, E.Low', 'A.Middle, C.Middle, D.High, F.Low', 'A.Middle, C.Middle, E.Low, F.Low', 'A.Middle, D.High, E.Low, F.Low'],
      ['A.Middle, B.Middle, C.Middle, D.High, E.Low', 'A.Middle, B.Middle, C.Middle, D.High, F.Low', 'A.Middle, B.Middle, C.Middle, E.Low, F.Low', 'A.Middle, B.Middle, D.High, E.Low, F.Low', 'A.Middle, C.Middle, D.High, E.Low, F.Low', 'B.Middle, C.Middle, D.High, E.Low, F.Low'],
      ['A.Middle, B.Middle, C.Middle, D.High, E.Low, F.Low'],
    ];
    printed.forEach((sets, k) => {
      const ours = levels[k]!.itemsets.map((s) => names(s.items));
      for (const s of sets) expect(ours, `L${k + 1}`).toContain(s);
    });
    // Supports: A.Middle and F.Low in all 13 lines ("13/13 = 1"); the L6 rule in lines 1, 3, 4, 6, 8, 9, 10, 13.
    expect(levels[0]!.itemsets[0]!.support).toBe(1);
    expect(levels[5]!.itemsets[0]!.support).toBeCloseTo(8 / 13, 10);
    // Downward closure: support never grows with the itemset.
    for (let k = 1; k < levels.length; k++) {
      for (const s of levels[k]!.itemsets) {
        for (const t of levels[k - 1]!.itemsets) {
          if (t.items.every((x) => s.items.includes(x))) expect(t.support).toBeGreaterThanOrEqual(s.support);
        }
      }
    }
  });

  it('adopted rule is L6 (the highest level)', () => {
    const rules = adoptRules(levels, maskHistogram(tx), new Map());
    expect(rules).toHaveLength(1);
    expect(names(rules[0]!.antecedent)).toBe('A.Middle, B.Middle, C.Middle, D.High, E.Low, F.Low');
    expect(rules[0]!.confidence).toBe(1);
    expect(rules[0]!.falsePositiveRate).toBe(0);
  });

  it('memberships lie in [0, 1] and sum to 1 per feature', () => {
    for (let i = 0; i < 13; i++) for (let f = 0; f < 6; f++) {
      let s = 0;
      for (let l = 0; l < 3; l++) { const v = fz.values[i * 18 + f * 3 + l]!; expect(v).toBeGreaterThanOrEqual(0); expect(v).toBeLessThanOrEqual(1); s += v; }
      expect(s).toBeCloseTo(1, 6);
    }
  });
});

function regionNameToId(n: string): number {
  for (let r = 0; r < 18; r++) if (regionName(r, 'letter') === n) return r;
  throw new Error(n);
}
