import { describe, it, expect } from 'vitest';
import { indexRules, mineClassRules, voteActive, voteTopical, type BitTransactions, type RuleIndex } from '../../src/mining/class-rules.js';

/** Transactions from item lists; `topical[t]` is the class of transaction t. */
function transactions(items: number[][], topical: boolean[], itemCount: number): BitTransactions {
  const words = Math.ceil(items.length / 32);
  const bits = Array.from({ length: itemCount }, () => new Uint32Array(words));
  const cls = new Uint32Array(words);
  items.forEach((list, t) => {
    for (const r of list) bits[r]![t >>> 5]! |= 1 << (t & 31);
    if (topical[t]) cls[t >>> 5]! |= 1 << (t & 31);
  });
  return { count: items.length, items: bits, topical: cls };
}

const OPTIONS = { minSupport: 0.1, minWeight: 0.1, minGain: 0.02, maxLength: 3, maxRules: 100 };
// Item 0 "long text": the four content lines and one boilerplate line; item 1 "in a link": three boilerplate lines;
// item 2 on every line (says nothing).
const TX = transactions(
  [[0, 2], [0, 2], [0, 2], [0, 2], [0, 2], [1, 2], [1, 2], [1, 2]],
  [true, true, true, true, false, false, false, false],
  3,
);

describe('mineClassRules', () => {
  const rules = mineClassRules(TX, OPTIONS);

  it('finds a rule for each class with support, confidence and weight against the prior', () => {
    expect(rules).toEqual([
      { items: [0], topical: true, support: 1, confidence: 0.8, weight: expect.closeTo(0.6, 10) },
      { items: [1], topical: false, support: 0.75, confidence: 1, weight: 1 },
    ]);
  });

  it('keeps no rule that says no more than the base rate or than its sub-rule', () => {
    // {2} ⇒ either class has the base rate's confidence; {0, 2} and {1, 2} add nothing to {0} and {1}.
    expect(rules.some((r) => r.items.includes(2))).toBe(false);
  });

  it('keeps a longer rule when it is more confident than its parts', () => {
    // Items 0 and 3 each occur on content and boilerplate lines alike; together only on boilerplate lines.
    const tx = transactions([[0], [0], [3], [3], [0, 3], [0, 3], [1], [1]], [true, true, true, true, false, false, false, false], 4);
    const r = mineClassRules(tx, OPTIONS);
    expect(r.some((x) => x.items.length === 1 && (x.items[0] === 0 || x.items[0] === 3))).toBe(false);
    expect(r).toContainEqual({ items: [0, 3], topical: false, support: 0.5, confidence: 1, weight: 1 });
  });

  it('respects the support threshold, the rule length and the number of rules', () => {
    expect(mineClassRules(TX, { ...OPTIONS, minSupport: 0.9 }).map((r) => r.items)).toEqual([[0]]);
    const tx = transactions([[0, 1], [0, 1], [2], [2]], [true, true, false, false], 3);
    expect(Math.max(...mineClassRules(tx, { ...OPTIONS, minGain: -1 }).map((r) => r.items.length))).toBe(2);
    expect(Math.max(...mineClassRules(tx, { ...OPTIONS, minGain: -1, maxLength: 1 }).map((r) => r.items.length))).toBe(1);
    expect(mineClassRules(tx, { ...OPTIONS, maxRules: 1 }).length).toBe(2); // one per class
  });

  it('finds nothing when a class is missing', () => {
    expect(mineClassRules(transactions([[0], [1]], [true, true], 2), OPTIONS)).toEqual([]);
  });
});

/** `voteActive` visiting every item's group: the index's vote for a line, whatever items it holds. */
function voteIndexed(index: RuleIndex, degree: ArrayLike<number>, prior: number): number {
  const d = Float64Array.from({ length: index.sentinel + 1 }, (_, i) => (i < index.sentinel ? degree[i]! : 1));
  const all = Uint32Array.from({ length: index.sentinel }, (_, g) => g);
  return voteActive(index, d, all, all.length, prior);
}

describe('voteTopical', () => {
  const rules = mineClassRules(TX, OPTIONS);

  it('weighs the rules that fire by degree × weight', () => {
    expect(voteTopical(rules, [1, 0, 1], 0.5)).toBeCloseTo(0.8, 10);
    expect(voteTopical(rules, [0, 1, 1], 0.5)).toBe(0);
    // Both fire: (0.6 · 0.8 + 1 · 0) / (0.6 + 1).
    expect(voteTopical(rules, [1, 1, 1], 0.5)).toBeCloseTo(0.3, 10);
    // A partial membership weighs less: (0.5 · 0.6 · 0.8) / (0.5 · 0.6 + 1).
    expect(voteTopical(rules, [0.5, 1, 0], 0.5)).toBeCloseTo(0.24 / 1.3, 10);
  });

  it('gives the same vote through the rule index', () => {
    const tx = transactions([[0], [0], [3], [3], [0, 3], [0, 3], [1], [1]], [true, true, true, true, false, false, false, false], 4);
    const many = mineClassRules(tx, { ...OPTIONS, minGain: -1, minWeight: 0 });
    const index = indexRules(many, 4);
    for (const d of [[1, 0, 0, 1], [0.5, 1, 0, 0.3], [0, 0, 0, 0], [1, 1, 1, 1], [0.2, 0, 0.7, 0.9]]) {
      expect(voteIndexed(index, d, 0.4)).toBeCloseTo(voteTopical(many, d, 0.4), 12);
    }
  });

  it('gives the same vote to the last bit over the items a line holds (voteActive)', () => {
    const tx = transactions([[0], [0], [3], [3], [0, 3], [0, 3], [1], [1], [0, 1, 3], [1, 2]], [true, true, true, true, false, false, false, false, true, false], 4);
    const many = mineClassRules(tx, { ...OPTIONS, minGain: -1, minWeight: 0, maxLength: 3 });
    const index = indexRules(many, 4);
    for (const d of [[1, 0, 0, 1], [0.5, 1, 0, 0.3], [0, 0, 0, 0], [1, 1, 1, 1], [0.2, 0, 0.7, 0.9], [0.1, 0.3, 0.7, 0.9]]) {
      const active = [0, 1, 2, 3].filter((i) => d[i] !== 0);
      expect(voteActive(index, [...d, 1], active, active.length, 0.4)).toBe(voteIndexed(index, d, 0.4));
      // The same sums as visiting every group in item order (the vote before the index was flat).
      let num = 0, den = 0;
      for (let first = 0; first < 4; first++) {
        for (const r of many.filter((x) => x.items[0] === first)) {
          let mu = 1;
          for (const it of r.items) mu *= d[it]!;
          if (mu === 0) continue;
          num += mu * r.weight * (r.topical ? r.confidence : 1 - r.confidence);
          den += mu * r.weight;
        }
      }
      expect(voteIndexed(index, d, 0.4)).toBe(den > 0 ? num / den : 0.4);
    }
  });

  it('groups a rule with a crisp item by its last item (crispFrom), with the same vote up to rounding', () => {
    const tx = transactions([[0], [0], [3], [3], [0, 3], [0, 3], [1], [1], [0, 1, 3], [1, 2]], [true, true, true, true, false, false, false, false, true, false], 4);
    const many = mineClassRules(tx, { ...OPTIONS, minGain: -1, minWeight: 0, maxLength: 3 });
    // Items 2 and 3 crisp: a rule holding one of them sits in the group of its last item, the others in their first item's.
    const index = indexRules(many, 4, 2);
    for (let g = 0; g < 4; g++) {
      for (let r = index.groupStart[g]!; r < index.groupStart[g + 1]!; r++) {
        const items = [g, ...index.later.slice(r * index.width, (r + 1) * index.width)].filter((x) => x < 4).sort();
        const rule = many.find((x) => x.items.join() === items.join())!;
        expect(g).toBe(rule.items.at(-1)! >= 2 ? rule.items.at(-1) : rule.items[0]);
      }
    }
    expect(index.groupStart[4]).toBe(many.length);
    for (const d of [[1, 0, 0, 1], [0.5, 1, 0, 0.3], [0, 0, 0, 0], [1, 1, 1, 1], [0.2, 0, 0.7, 0.9], [0.1, 0.3, 0.7, 0.9]]) {
      const active = [0, 1, 2, 3].filter((i) => d[i] !== 0);
      expect(voteActive(index, [...d, 1], active, active.length, 0.4)).toBeCloseTo(voteTopical(many, d, 0.4), 14);
    }
  });

  it('groups a rule by its rarest item when the items\' shares are given, with the same vote up to rounding', () => {
    const tx = transactions([[0], [0], [3], [3], [0, 3], [0, 3], [1], [1], [0, 1, 3], [1, 2]], [true, true, true, true, false, false, false, false, true, false], 4);
    const many = mineClassRules(tx, { ...OPTIONS, minGain: -1, minWeight: 0, maxLength: 3 });
    // Item 1 rarest, then 3; items 0 and 2 tie (the first of them wins); crispFrom is not read.
    const shares = [0.5, 0.1, 0.5, 0.3];
    const index = indexRules(many, 4, 2, shares);
    const rarest = (items: readonly number[]): number => items.reduce((g, it) => (shares[it]! < shares[g]! ? it : g), items[0]!);
    for (let g = 0; g < 4; g++) {
      for (let r = index.groupStart[g]!; r < index.groupStart[g + 1]!; r++) {
        const items = [g, ...index.later.slice(r * index.width, (r + 1) * index.width)].filter((x) => x < 4).sort();
        expect(g).toBe(rarest(many.find((x) => x.items.join() === items.join())!.items));
      }
    }
    expect(index.groupStart[4]).toBe(many.length);
    expect(index.groupStart[2] - index.groupStart[1]).toBeGreaterThan(0);
    for (const d of [[1, 0, 0, 1], [0.5, 1, 0, 0.3], [0, 0, 0, 0], [1, 1, 1, 1], [0.2, 0, 0.7, 0.9], [0.1, 0.3, 0.7, 0.9]]) {
      const active = [0, 1, 2, 3].filter((i) => d[i] !== 0);
      expect(voteActive(index, [...d, 1], active, active.length, 0.4)).toBeCloseTo(voteTopical(many, d, 0.4), 14);
    }
  });

  it('answers the prior when no rule fires, and stays in [0, 1]', () => {
    expect(voteTopical(rules, [0, 0, 1], 0.42)).toBe(0.42);
    for (const d of [[0.3, 0.7, 1], [1, 0.2, 0], [0.9, 0.9, 0.9]]) {
      const p = voteTopical(rules, d, 0.5);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
  });
});
