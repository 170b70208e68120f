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

/** Feature order: A..F. Region ids and model tables depend on it; do not reorder. */
export const FEATURE_NAMES = Object.freeze(['Index', 'TextLength', 'OutputTextLength', 'Density', 'LinkNum', 'ImgNum'] as const);
/** Letters the paper uses for the features, in FEATURE_NAMES order. */
export const FEATURE_LETTERS = Object.freeze(['A', 'B', 'C', 'D', 'E', 'F'] as const);
/** Number of features (m in the paper). */
export const FEATURE_COUNT = 6;
/** Name of the feature set; a model trained on another set is refused. */
export const FEATURE_SET = 'farsw-6';

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
 * Compute the six features for every line of a page.
 *
 * @param table line table of the preprocessed page (body only, FAR-SW drop list)
 * @param variant `raw` (paper Table 2 units: line index, bytes, counts) or `normalized` (all in [0, 1])
 * @returns six Float64Array columns of `table.count` entries, order A..F
 */
export function computeLineFeatures(table: LineTable, variant: FeatureVariant): LineFeatures {
  const n = table.count;
  // Views on one buffer: one allocation per page, not six (a typed array's own store costs ~0.7 µs).
  const buffer = new ArrayBuffer(FEATURE_COUNT * n * 8);
  const cols = Array.from({ length: FEATURE_COUNT }, (_, k) => new Float64Array(buffer, k * n * 8, n));
  const [a, b, c, d, e, f] = cols as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  let maxB = 0, maxC = 0, maxE = 0, maxF = 0;
  for (let i = 0; i < n; i++) {
    const content = table.contentBytes[i]!;
    const total = content + table.codeBytes[i]!;
    a[i] = i + 1;
    b[i] = total;
    c[i] = content;
    d[i] = total > 0 ? content / total : 0;
    e[i] = table.links[i]!;
    f[i] = table.images[i]!;
    if (total > maxB) maxB = total;
    if (content > maxC) maxC = content;
    if (e[i]! > maxE) maxE = e[i]!;
    if (f[i]! > maxF) maxF = f[i]!;
  }
  if (variant === 'normalized') {
    for (let i = 0; i < n; i++) {
      a[i] = (i + 1) / n;
      b[i] = maxB > 0 ? b[i]! / maxB : 0;
      c[i] = maxC > 0 ? c[i]! / maxC : 0;
      e[i] = maxE > 0 ? e[i]! / maxE : 0;
      f[i] = maxF > 0 ? f[i]! / maxF : 0;
    }
  }
  return { names: FEATURE_NAMES, variant, count: n, columns: cols };
}
