/**
 * Membership functions (seed 002, §3.3, eq. 1–3, Fig. 3 and Fig. 7).
 *
 * Per feature: MIN, Mean and MAX are α-weighted mixes of the statistic over
 * topical lines (tr) and over non-topical lines (non-tr):
 *
 *   item.MIN  = α · MIN^tr  + (1 − α) · MIN^non-tr    (1)
 *   item.Mean = α · Mean^tr + (1 − α) · Mean^non-tr   (2)
 *   item.MAX  = α · MAX^tr  + (1 − α) · MAX^non-tr    (3)
 *
 * When one class has no lines, the other's statistic is used alone.
 *
 * Shapes, with L = (MIN + Mean) / 2 and H = (Mean + MAX) / 2 (Fig. 3 is lost
 * in the text; the worked example fixes it, see ../shared/seeds/README.md):
 *   Low    = 1 for v ≤ L, falls linearly to 0 at Mean;
 *   Middle = rises from 0 at L to 1 at Mean, falls to 0 at H;
 *   High   = rises from 0 at Mean to 1 at H, 1 above.
 * Where MIN = Mean (E, F in Table 3) a value at that point is fully Low.
 *
 * Two-region shape (Fig. 7, for B, C and E; the figure is lost too): Low' = 1 for
 * v ≤ L falling linearly to 0 at `twoRegionEnd`, High' = 1 − Low'. Two readings
 * (`twoRegionEnd`): `h`, Low' reaches 0 at H (farsw's first), so a value a little
 * above Mean is still mostly Low'; `mean`, at Mean, so every Middle or High value
 * is High', which is what §4.1 asks of Fig. 7 (one-line articles with B/C High and
 * paragraph articles with B/C Middle fall into the same High' region) and what
 * Table 9's inter-site rule shows (B.High', C.High'); docs/decisions.md, "Fig. 7".
 */

import { max as ssMax, mean as ssMean, min as ssMin } from 'simple-statistics';
import { FEATURE_COUNT, FEATURE_NAMES } from '../features/line-features.js';
import { HIGH, LOW, MIDDLE, type MembershipShape } from './region.js';

/** The membership function of one feature: its breakpoints and shape. */
export interface MembershipFunction {
  /** Feature index (0 = A Index … 5 = F ImgNum). */
  readonly feature: number;
  readonly name: string;
  readonly shape: MembershipShape;
  readonly min: number;
  readonly mean: number;
  readonly max: number;
  /** Two-region shape: where Low' reaches 0 (module comment); absent: `h`. */
  readonly twoRegionEnd?: TwoRegionEnd;
}

/** Where the two-region Low' of Fig. 7 reaches 0: at H or at Mean (module comment). */
export type TwoRegionEnd = 'h' | 'mean';

/** MIN/Mean/MAX of one feature over one class of lines; null when the class is empty. */
export interface ClassStats {
  readonly min: number;
  readonly mean: number;
  readonly max: number;
}

/**
 * MIN, Mean, MAX of a sample with simple-statistics; null for an empty sample.
 * @param values feature values of one class of lines
 */
export function classStats(values: ArrayLike<number>): ClassStats | null {
  if (values.length === 0) return null;
  const v = values as number[]; // simple-statistics reads only length and indices
  return { min: ssMin(v), mean: ssMean(v), max: ssMax(v) };
}

/**
 * Build one feature's membership function from topical and non-topical statistics (eq. 1–3).
 * @param feature feature index
 * @param tr statistics over topical lines (null if none)
 * @param nonTr statistics over non-topical lines (null if none)
 * @param alpha weight of the topical statistics, in [0, 1]
 * @param shape `three` (Fig. 3) or `two` (Fig. 7)
 */
export function buildMembership(feature: number, tr: ClassStats | null, nonTr: ClassStats | null, alpha: number, shape: MembershipShape, twoRegionEnd: TwoRegionEnd = 'h'): MembershipFunction {
  const a = tr === null ? 0 : nonTr === null ? 1 : alpha;
  const pick = (k: keyof ClassStats): number => (tr ? a * tr[k] : 0) + (nonTr ? (1 - a) * nonTr[k] : 0);
  const end = shape === 'two' && twoRegionEnd === 'mean' ? { twoRegionEnd } : {};
  return { feature, name: FEATURE_NAMES[feature] ?? `F${feature}`, shape, min: pick('min'), mean: pick('mean'), max: pick('max'), ...end };
}

/** Feature columns and labels of one run of lines (e.g. one page). */
export interface LabelledLines {
  /** Feature columns A..F, all of the same length. */
  readonly columns: readonly ArrayLike<number>[];
  /** 1 = topical line. */
  readonly topical: ArrayLike<number>;
}

/**
 * Build the membership functions of all features from labelled lines (eq. 1–3 over all given lines).
 * @param segments labelled lines, e.g. one segment per training page
 * @param alpha eq. 1–3 weight of the topical statistics
 * @param shapes shape per feature
 */
export function membershipFromLines(segments: readonly LabelledLines[], alpha: number, shapes: readonly MembershipShape[], twoRegionEnd: TwoRegionEnd = 'h'): MembershipFunction[] {
  // Two stores sized once and refilled per feature: a million-line training set pushed into growing arrays,
  // six times over, left tens of MB of garbage at training's peak.
  let topical = 0, lines = 0;
  for (const seg of segments) {
    lines += seg.topical.length;
    for (let i = 0; i < seg.topical.length; i++) if (seg.topical[i]) topical++;
  }
  const tr = new Float64Array(topical), non = new Float64Array(lines - topical);
  const out: MembershipFunction[] = [];
  for (let f = 0; f < FEATURE_COUNT; f++) {
    let t = 0, o = 0;
    for (const seg of segments) {
      const col = seg.columns[f]!, lab = seg.topical;
      for (let i = 0; i < col.length; i++) {
        if (lab[i]) tr[t++] = col[i]!;
        else non[o++] = col[i]!;
      }
    }
    out.push(buildMembership(f, classStats(tr), classStats(non), alpha, shapes[f] ?? 'three', twoRegionEnd));
  }
  return out;
}

/**
 * Membership degrees of value v in the feature's regions, written to
 * out[offset + LOW | MIDDLE | HIGH] (all three slots are written; they sum to 1).
 * @param mf the feature's membership function
 * @param v feature value
 */
export function fuzzifyValue(mf: MembershipFunction, v: number, out: Float32Array | Float64Array, offset: number): void {
  const L = (mf.min + mf.mean) / 2;
  const H = (mf.mean + mf.max) / 2;
  if (mf.shape === 'two') {
    const end = mf.twoRegionEnd === 'mean' ? mf.mean : H;
    let low = 0, high = 0;
    if (v <= L) low = 1;
    else if (v >= end) high = 1;
    else { low = (end - v) / (end - L); high = 1 - low; }
    out[offset + LOW] = low;
    out[offset + MIDDLE] = 0;
    out[offset + HIGH] = high;
  } else fuzzifyThree(L, mf.mean, H, v, out, offset);
}

/**
 * `fuzzifyValue` of the `three` shape from its points L = (min + mean) / 2, the mean and H = (mean + max) / 2
 * (a caller that fuzzifies many values computes them once).
 */
export function fuzzifyThree(L: number, mean: number, H: number, v: number, out: Float32Array | Float64Array, offset: number): void {
  let low = 0, mid = 0, high = 0;
  if (v <= L) low = 1;
  else if (v < mean) { low = (mean - v) / (mean - L); mid = 1 - low; }
  else if (v < H) { mid = (H - v) / (H - mean); high = 1 - mid; }
  else high = 1;
  out[offset + LOW] = low;
  out[offset + MIDDLE] = mid;
  out[offset + HIGH] = high;
}
