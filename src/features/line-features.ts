/**
 * The six FAR-SW line features (seed 002, §3.2):
 *
 *   A Index            position of the line counted from `<body>` (1-based)
 *   B TextLength       UTF-8 bytes of the line's HTML (markup + text)
 *   C OutputTextLength UTF-8 bytes of the line's visible text
 *   D Density          C / B (0 when B = 0)
 *   E LinkNum          number of `<a>` start tags
 *   F ImgNum           number of `<img>` tags
 *
 * The paper's worked example (§3.2, "{287, 198, 170, 0.86, 0, 0}") counts B
 * and C in "HTML bytes"; farsw counts bytes of the UTF-8 encoding of the
 * decoded page, so an Arabic or Chinese character counts 2–3 bytes.
 *
 * Variant `normalized` (§3.2, last paragraph: "the relative distance … i/N;
 * the other features can be normalized in a similar way", and §3.5, "all
 * resulted values are in the range of [0, 1]"): A = i / N, B, C, E and F
 * divided by their maximum on the page (0 when the maximum is 0), D unchanged.
 */

import type { LineTable } from '../core/types.js';
import { LINE_FEATURES } from './registry.js';

/** Feature order: A..F (features/registry.ts). Region ids and model tables depend on it; do not reorder. */
export const FEATURE_NAMES: readonly string[] = Object.freeze(LINE_FEATURES.map((f) => f.name));
/** Letters the paper uses for the features, in FEATURE_NAMES order. */
export const FEATURE_LETTERS: readonly string[] = Object.freeze(LINE_FEATURES.map((f) => f.letter));
/** Number of features (m in the paper). */
export const FEATURE_COUNT = LINE_FEATURES.length;
/** Name of the feature set (`farsw-6`); a model trained on another set is refused. */
export const FEATURE_SET = `farsw-${FEATURE_COUNT}`;

/** Raw values or per-page normalised values (see module comment). */
export type FeatureVariant = 'raw' | 'normalized';

/** Per-line feature values, column-oriented: `columns[f][i]` is feature f of line i. */
export interface LineFeatures {
  readonly names: readonly string[];
  readonly variant: FeatureVariant;
  readonly count: number;
  readonly columns: readonly Float64Array[];
}

/**
 * Compute the features of features/registry.ts for every line of a page.
 *
 * @param table line table of the preprocessed page (body only, FAR-SW drop list)
 * @param variant `raw` (paper Table 2 units: line index, bytes, counts) or `normalized` (all in [0, 1])
 * @returns one Float64Array column of `table.count` entries per feature, order A..F
 */
export function computeLineFeatures(table: LineTable, variant: FeatureVariant): LineFeatures {
  const n = table.count;
  // Views on one buffer: one allocation per page, not one per feature (a typed array's own store costs ~0.7 µs).
  const buffer = new ArrayBuffer(FEATURE_COUNT * n * 8);
  const cols = LINE_FEATURES.map((feature, k) => {
    const col = new Float64Array(buffer, k * n * 8, n);
    feature.column(table, col);
    if (variant === 'normalized') normalizeColumn(col, feature.normalized);
    return col;
  });
  return { names: FEATURE_NAMES, variant, count: n, columns: cols };
}

/** The `normalized` variant of one column, in place: i / N for the index, value / page maximum (0 when it is 0), or unchanged. */
function normalizeColumn(col: Float64Array, scaling: 'index' | 'max' | 'none'): void {
  const n = col.length;
  if (scaling === 'index') {
    for (let i = 0; i < n; i++) col[i] = (i + 1) / n;
  } else if (scaling === 'max') {
    let max = 0;
    for (let i = 0; i < n; i++) if (col[i]! > max) max = col[i]!;
    for (let i = 0; i < n; i++) col[i] = max > 0 ? col[i]! / max : 0;
  }
}

/**
 * Eq. 4 (§3.5) for every line: the sum, in column order, of each scored feature's signed term
 * (features/registry.ts `score`: B + C + D − E − F).
 * @param features the page's features
 * @param h per feature, the scale H of the model reading (a term is v / H clipped to [0, 1], 1 for v > 0 where
 *   H is 0); without it the values are taken as they are (already normalised)
 */
export function scoreLines(features: LineFeatures, h?: ArrayLike<number>): Float64Array {
  const out = new Float64Array(features.count);
  LINE_FEATURES.forEach((feature, f) => {
    if (feature.score === null) return;
    const col = features.columns[f]!;
    const sign = feature.score.sign;
    const hf = h !== undefined && feature.score.scale === 'h' ? h[f]! : null;
    for (let i = 0; i < out.length; i++) {
      const v = col[i]!;
      out[i] += sign * (hf === null ? v : hf > 0 ? Math.min(1, Math.max(0, v / hf)) : v > 0 ? 1 : 0);
    }
  });
  return out;
}
