import { describe, it, expect } from 'vitest';
import { confusionFigures, crossValidatePageTypes, fitPageTypeClassifier, groupFolds } from '../../src/train/page-type.js';
import { classifyFeatures } from '../../src/features/page-type.js';
import { mulberry32 } from '../../src/core/random.js';

/** Three classes in three well-separated clusters of two features, 20 pages each, 2 pages per group. */
function clusters(): { xs: number[][]; ys: number[]; groups: string[] } {
  const random = mulberry32(7);
  const centres = [[0, 0], [5, 0], [0, 5]];
  const xs: number[][] = [], ys: number[] = [], groups: string[] = [];
  centres.forEach(([cx, cy], c) => {
    for (let i = 0; i < 20; i++) {
      xs.push([cx! + random() - 0.5, cy! + random() - 0.5]);
      ys.push(c);
      groups.push(`site-${c}-${i >> 1}`);
    }
  });
  return { xs, ys, groups };
}

describe('fitPageTypeClassifier', () => {
  it('separates separable classes and stores the standardisation', () => {
    const { xs, ys } = clusters();
    const c = fitPageTypeClassifier(xs, ys, ['a', 'b', 'c'], ['x', 'y']);
    expect(c.mean[0]).toBeCloseTo(5 / 3, 1);
    expect(c.scale.every((s) => s > 0)).toBe(true);
    expect(xs.every((x, i) => classifyFeatures(x, c).type === ['a', 'b', 'c'][ys[i]!])).toBe(true);
    // 'b' lies at high x: its weight on x is the largest of the three
    expect(c.weights[1]![0]).toBeGreaterThan(c.weights[0]![0]!);
    expect(c.training).toMatchObject({ learner: 'multinomial logistic regression', pages: 60 });
  });

  it('is deterministic and keeps a constant feature harmless (scale 1)', () => {
    const { xs, ys } = clusters();
    const withConstant = xs.map((x) => [...x, 3]);
    const a = fitPageTypeClassifier(withConstant, ys, ['a', 'b', 'c'], ['x', 'y', 'k']);
    const b = fitPageTypeClassifier(withConstant, ys, ['a', 'b', 'c'], ['x', 'y', 'k']);
    expect(a).toEqual(b);
    expect(a.scale[2]).toBe(1);
  });

  it('weighs pages: light examples of a class give way where they overlap a heavy class', () => {
    const { xs, ys } = clusters();
    // 20 more pages on top of class b's cluster, labelled a: at weight 1 they outnumber b there, at 0.05 they do not
    const extra = xs.filter((_, i) => ys[i] === 1).map((x) => [x[0]! + 0.01, x[1]!]);
    const all = [...xs, ...extra], labels = [...ys, ...extra.map(() => 0)];
    const probe = [5, 0];
    const heavy = fitPageTypeClassifier([...all, ...extra], [...labels, ...extra.map(() => 0)], ['a', 'b', 'c'], ['x', 'y']);
    expect(classifyFeatures(probe, heavy).type).toBe('a');
    const light = fitPageTypeClassifier(all, labels, ['a', 'b', 'c'], ['x', 'y'], { weights: [...xs.map(() => 1), ...extra.map(() => 0.05)] });
    expect(classifyFeatures(probe, light).type).toBe('b');
    expect(() => fitPageTypeClassifier(all, labels, ['a', 'b', 'c'], ['x', 'y'], { weights: [1] })).toThrow(/1 weights for 80 pages/);
  });
});

describe('domain-grouped cross-validation', () => {
  it('keeps every group in one fold and balances the folds', () => {
    const groups = ['a', 'a', 'a', 'b', 'c', 'c', 'd', 'e', 'e', 'f'];
    const fold = groupFolds(groups, 3, 1);
    for (const g of new Set(groups)) expect(new Set(groups.flatMap((x, i) => (x === g ? [fold[i]] : []))).size).toBe(1);
    const sizes = [0, 1, 2].map((k) => fold.filter((f) => f === k).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(groupFolds(groups, 3, 1)).toEqual(fold);
  });

  it('scores separable clusters perfectly', () => {
    const { xs, ys, groups } = clusters();
    const cv = crossValidatePageTypes(xs, ys, groups, ['a', 'b', 'c'], ['x', 'y'], { folds: 5, seed: 1 });
    expect(cv.accuracy).toBe(1);
    expect(cv.confusion).toEqual([[20, 0, 0], [0, 20, 0], [0, 0, 20]]);
  });

  it('computes accuracy, per-class precision / recall and macro F1 from a confusion matrix', () => {
    // true: a a a b b; predicted: a a b b a
    const f = confusionFigures([0, 0, 0, 1, 1], [0, 0, 1, 1, 0], 2);
    expect(f.accuracy).toBeCloseTo(3 / 5, 12);
    expect(f.confusion).toEqual([[2, 1], [1, 1]]);
    expect(f.precision).toEqual([2 / 3, 1 / 2]);
    expect(f.recall).toEqual([2 / 3, 1 / 2]);
    expect(f.macroF1).toBeCloseTo((2 / 3 + 1 / 2) / 2, 12);
  });
});
