/**
 * Learning the page-type classifier (features/page-type.ts): multinomial logistic regression
 * over standardised features, L2-penalised, fitted by full-batch gradient descent with
 * Nesterov momentum (deterministic: no sampling, zero start). Small and inspectable: one
 * weight per (class, feature), which `farsw rules` lists.
 *
 * `crossValidatePageTypes` scores a setting by k-fold cross-validation with folds grouped by
 * a key (the page's domain: no site is in both a training and a test fold), seeded.
 */
import { mulberry32, shuffled } from '../core/random.js';
import type { PageTypeClassifier } from '../features/page-type.js';
import { classifyFeatures } from '../features/page-type.js';

/** Settings of the learner. */
export interface PageTypeFitOptions {
  /** L2 penalty on the weights (per page, the loss is averaged). Default 0.01. */
  readonly l2?: number;
  /** Weigh each class by pages / (classes × its pages) instead of 1 per page. Default false. */
  readonly balanced?: boolean;
  /** Per page, a weight multiplying its class weight (pages of other datasets as lighter `article` examples). Default 1 each. */
  readonly weights?: readonly number[];
  /** Gradient steps. Default 400. */
  readonly iterations?: number;
  /** Step size. Default 0.5. */
  readonly rate?: number;
}

const DEFAULTS = { l2: 0.01, balanced: false, iterations: 400, rate: 0.5 } as const;

/**
 * Fit the classifier.
 * @param xs one feature vector per page (all the same length)
 * @param ys class of each page (an index into `classes`)
 * @param classes class names
 * @param featureNames feature names (stored with the classifier)
 * @param options learner settings
 */
export function fitPageTypeClassifier(
  xs: readonly ArrayLike<number>[], ys: readonly number[], classes: readonly string[], featureNames: readonly string[], options: PageTypeFitOptions = {},
): PageTypeClassifier {
  const o = { ...DEFAULTS, ...options };
  const n = xs.length, d = featureNames.length, kc = classes.length;
  if (n === 0) throw new Error('page types: no training pages');
  const mean = new Array<number>(d).fill(0), scale = new Array<number>(d).fill(0);
  for (const x of xs) for (let f = 0; f < d; f++) mean[f]! += x[f]! / n;
  for (const x of xs) for (let f = 0; f < d; f++) scale[f]! += (x[f]! - mean[f]!) ** 2 / n;
  // A feature constant over the pages (up to rounding) is not scaled: its weight stays 0.
  for (let f = 0; f < d; f++) scale[f] = scale[f]! > 1e-12 ? Math.sqrt(scale[f]!) : 1;
  // Standardised copy, row-major.
  const z = new Float64Array(n * d);
  xs.forEach((x, i) => { for (let f = 0; f < d; f++) z[i * d + f] = (x[f]! - mean[f]!) / scale[f]!; });
  const counts = new Array<number>(kc).fill(0);
  for (const y of ys) counts[y]!++;
  if (o.weights && o.weights.length !== n) throw new Error(`page types: ${o.weights.length} weights for ${n} pages`);
  const weightOf = ys.map((y, i) => (o.balanced ? n / (kc * counts[y]!) : 1) * (o.weights?.[i] ?? 1));
  const totalWeight = weightOf.reduce((a, b) => a + b, 0);
  // Parameters: kc × (d + 1), the last column the bias; v the momentum.
  const w = new Float64Array(kc * (d + 1)), v = new Float64Array(w.length), g = new Float64Array(w.length), look = new Float64Array(w.length);
  const p = new Float64Array(kc);
  const mu = 0.9;
  for (let it = 0; it < o.iterations; it++) {
    for (let j = 0; j < w.length; j++) look[j] = w[j]! + mu * v[j]!;
    g.fill(0);
    for (let i = 0; i < n; i++) {
      let max = -Infinity;
      for (let c = 0; c < kc; c++) {
        let s = look[c * (d + 1) + d]!;
        for (let f = 0; f < d; f++) s += look[c * (d + 1) + f]! * z[i * d + f]!;
        p[c] = s;
        if (s > max) max = s;
      }
      let sum = 0;
      for (let c = 0; c < kc; c++) sum += p[c] = Math.exp(p[c]! - max);
      const wi = weightOf[i]! / totalWeight;
      for (let c = 0; c < kc; c++) {
        const r = (p[c]! / sum - (ys[i] === c ? 1 : 0)) * wi;
        for (let f = 0; f < d; f++) g[c * (d + 1) + f]! += r * z[i * d + f]!;
        g[c * (d + 1) + d]! += r;
      }
    }
    for (let c = 0; c < kc; c++) for (let f = 0; f < d; f++) g[c * (d + 1) + f]! += o.l2 * look[c * (d + 1) + f]!;
    for (let j = 0; j < w.length; j++) {
      v[j] = mu * v[j]! - o.rate * g[j]!;
      w[j]! += v[j]!;
    }
  }
  const round = (x: number): number => Math.round(x * 1e6) / 1e6;
  return {
    classes: [...classes],
    features: [...featureNames],
    mean: mean.map(round),
    scale: scale.map(round),
    weights: classes.map((_, c) => Array.from({ length: d }, (_, f) => round(w[c * (d + 1) + f]!))),
    bias: classes.map((_, c) => round(w[c * (d + 1) + d]!)),
    training: { learner: `multinomial logistic regression${o.balanced ? ', balanced class weights' : ''}`, l2: o.l2, pages: n },
  };
}

/** Result of a cross-validation: predictions per page and the figures from them. */
export interface PageTypeCv {
  /** Predicted class index per page (input order). */
  readonly predicted: Int32Array;
  readonly accuracy: number;
  /** confusion[true][predicted] page counts. */
  readonly confusion: number[][];
  /** Per class: precision and recall (NaN when undefined). */
  readonly precision: number[];
  readonly recall: number[];
  /** Mean of the per-class F1. */
  readonly macroF1: number;
}

/**
 * k-fold cross-validation with folds grouped by `groups` (all pages of a group in one fold;
 * groups shuffled with `seed`, then dealt to folds largest first, so folds hold about equal pages).
 * @param xs feature vectors
 * @param ys class indices
 * @param groups group key per page (the domain)
 * @param classes class names
 * @param featureNames feature names
 * @param options learner settings, `folds` (default 5) and `seed` (default 1)
 */
export function crossValidatePageTypes(
  xs: readonly ArrayLike<number>[], ys: readonly number[], groups: readonly string[], classes: readonly string[], featureNames: readonly string[],
  options: PageTypeFitOptions & { readonly folds?: number; readonly seed?: number } = {},
): PageTypeCv {
  const folds = options.folds ?? 5;
  const fold = groupFolds(groups, folds, options.seed ?? 1);
  const predicted = new Int32Array(xs.length);
  for (let k = 0; k < folds; k++) {
    const train = xs.map((_, i) => i).filter((i) => fold[i] !== k);
    const clf = fitPageTypeClassifier(train.map((i) => xs[i]!), train.map((i) => ys[i]!), classes, featureNames, options);
    for (let i = 0; i < xs.length; i++) if (fold[i] === k) predicted[i] = classes.indexOf(classifyFeatures(xs[i]!, clf).type);
  }
  return { predicted, ...confusionFigures(ys, predicted, classes.length) };
}

/**
 * Fold of each page: its group's fold. Groups are shuffled (seeded), then each goes to the fold
 * with the fewest pages so far, largest groups first.
 */
export function groupFolds(groups: readonly string[], folds: number, seed: number): Int32Array {
  const size = new Map<string, number>();
  for (const g of groups) size.set(g, (size.get(g) ?? 0) + 1);
  const order = shuffled([...size.keys()].sort(), mulberry32(seed)).sort((a, b) => size.get(b)! - size.get(a)!);
  const load = new Array<number>(folds).fill(0);
  const foldOf = new Map<string, number>();
  for (const g of order) {
    let best = 0;
    for (let k = 1; k < folds; k++) if (load[k]! < load[best]!) best = k;
    foldOf.set(g, best);
    load[best]! += size.get(g)!;
  }
  return Int32Array.from(groups, (g) => foldOf.get(g)!);
}

/** Accuracy, confusion matrix, per-class precision / recall and macro F1. */
export function confusionFigures(ys: readonly number[], predicted: ArrayLike<number>, classes: number): Omit<PageTypeCv, 'predicted'> {
  const confusion = Array.from({ length: classes }, () => new Array<number>(classes).fill(0));
  let right = 0;
  ys.forEach((y, i) => {
    confusion[y]![predicted[i]!]!++;
    if (predicted[i] === y) right++;
  });
  const precision: number[] = [], recall: number[] = [];
  let f1Sum = 0;
  for (let c = 0; c < classes; c++) {
    const tp = confusion[c]![c]!;
    const col = confusion.reduce((a, row) => a + row[c]!, 0), row = confusion[c]!.reduce((a, b) => a + b, 0);
    const p = col > 0 ? tp / col : NaN, r = row > 0 ? tp / row : NaN;
    precision.push(p);
    recall.push(r);
    f1Sum += p + r > 0 ? (2 * p * r) / (p + r) : 0;
  }
  return { accuracy: ys.length ? right / ys.length : NaN, confusion, precision, recall, macroF1: f1Sum / classes };
}
