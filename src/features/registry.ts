/**
 * The FAR-SW line features, one entry each (seed 002, §3.2): name, the paper's letter, how a column is
 * computed from the line table, how the `normalized` variant scales it, its term in Eq. 4's line score and its
 * membership shape.
 * Adding a feature is one entry here plus a retrain: the feature set's name (`farsw-N`) changes with the
 * count, so models trained on the old set are refused with a message saying to retrain.
 *
 * Order matters: a feature's index is its column, and region ids are `index · 3 + level`; append, never
 * reorder. Frequent-region sets are 32-bit masks of region ids (mining/cardinality.ts, fuzzy/fuzzify.ts),
 * so at most MAX_FEATURES = ⌊32 / 3⌋ = 10 features: checked at load (checkFeatureCount), not hidden.
 */
import type { LineTable } from '../core/types.js';

/** How the `normalized` variant scales a feature: `index` i / N (A), `max` divided by the page maximum (0 when it is 0), `none` unchanged. */
export type FeatureScaling = 'index' | 'max' | 'none';

/** One FAR-SW line feature. */
export interface LineFeature {
  /** Name in reports and rule descriptions (`TextLength`). */
  readonly name: string;
  /** The paper's letter (`B`). */
  readonly letter: string;
  /** Fill `out[i]` with the raw value of line i (paper Table 2 units). */
  readonly column: (table: LineTable, out: Float64Array) => void;
  /** Scaling of the `normalized` variant. */
  readonly normalized: FeatureScaling;
  /**
   * The feature's term in Eq. 4 (§3.5, line score = B + C + D − E − F on values in [0, 1]): +1 or −1, and whether
   * the model reading divides it by the model's H = (Mean + MAX) / 2 (`h`) or takes it as it is (`none`, D is a ratio).
   * Null: not in the score (A, the line's position).
   */
  readonly score: { readonly sign: 1 | -1; readonly scale: 'h' | 'none' } | null;
  /** Takes the `bceShape` training option (§4.1: B, C and E may use Fig. 7's two regions); false: always three regions. */
  readonly bceShape: boolean;
}

/** The line features, in column order (A..F). */
export const LINE_FEATURES: readonly LineFeature[] = Object.freeze([
  {
    name: 'Index', letter: 'A', normalized: 'index', score: null, bceShape: false,
    column: (_t, out) => { for (let i = 0; i < out.length; i++) out[i] = i + 1; },
  },
  {
    name: 'TextLength', letter: 'B', normalized: 'max', score: { sign: 1, scale: 'h' }, bceShape: true,
    column: (t, out) => { for (let i = 0; i < out.length; i++) out[i] = t.contentBytes[i]! + t.codeBytes[i]!; },
  },
  {
    name: 'OutputTextLength', letter: 'C', normalized: 'max', score: { sign: 1, scale: 'h' }, bceShape: true,
    column: (t, out) => { for (let i = 0; i < out.length; i++) out[i] = t.contentBytes[i]!; },
  },
  {
    name: 'Density', letter: 'D', normalized: 'none', score: { sign: 1, scale: 'none' }, bceShape: false,
    column: (t, out) => {
      for (let i = 0; i < out.length; i++) {
        const content = t.contentBytes[i]!, total = content + t.codeBytes[i]!;
        out[i] = total > 0 ? content / total : 0;
      }
    },
  },
  {
    name: 'LinkNum', letter: 'E', normalized: 'max', score: { sign: -1, scale: 'h' }, bceShape: true,
    column: (t, out) => { for (let i = 0; i < out.length; i++) out[i] = t.links[i]!; },
  },
  {
    name: 'ImgNum', letter: 'F', normalized: 'max', score: { sign: -1, scale: 'h' }, bceShape: false,
    column: (t, out) => { for (let i = 0; i < out.length; i++) out[i] = t.images[i]!; },
  },
]);

/**
 * Regions per feature (Low, Middle, High) × features must fit the 32-bit region masks of the miner and of the model's
 * mask histograms (docs/decisions.md, "FAR-SW features: at most ten").
 */
export const MAX_FEATURES = Math.floor(32 / 3);

/** @throws Error naming MAX_FEATURES when `count` features do not fit the region masks */
export function checkFeatureCount(count: number): void {
  if (count > MAX_FEATURES) {
    throw new Error(`features/registry.ts: ${count} line features, over MAX_FEATURES = ${MAX_FEATURES}: a line's significant regions are a 32-bit mask (3 regions a feature; mining/cardinality.ts, fuzzy/fuzzify.ts); docs/decisions.md, "FAR-SW features: at most ten", says what lifting it takes`);
  }
}

checkFeatureCount(LINE_FEATURES.length);
