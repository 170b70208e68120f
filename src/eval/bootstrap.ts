/**
 * How sure is "A scores higher than B" on a sample of pages? The paired
 * bootstrap (Efron & Tibshirani 1993, ch. 16; Koehn 2004 for system
 * comparisons): resample the pages with replacement, take the mean of the
 * per-page differences A − B in each resample, and read the interval between
 * the 2.5th and the 97.5th percentile of those means. The pairing keeps what
 * the two share (a hard page is hard for both), so the interval is much
 * narrower than one from the two means' separate spreads.
 */
import { quantileSorted } from 'simple-statistics';
import { mulberry32 } from '../core/random.js';

/** The mean difference and its bootstrap interval. */
export interface PairedDifference {
  /** Pages compared. */
  readonly pages: number;
  /** Mean of a[i] − b[i]. */
  readonly mean: number;
  /** The interval's bounds (percentiles of the resampled means). */
  readonly low: number;
  readonly high: number;
  /** Pages where a is ahead by more than `margin`, and behind by more than it. */
  readonly wins: number;
  readonly losses: number;
}

export interface BootstrapOptions {
  /** Resamples (default 2000). */
  readonly resamples?: number;
  /** Interval level (default 0.95). */
  readonly level?: number;
  /** PRNG seed (default 1): the same inputs give the same interval. */
  readonly seed?: number;
  /** Differences up to this count as ties in wins / losses (default 0.01). */
  readonly margin?: number;
}

/**
 * Paired bootstrap interval of mean(a − b).
 * @param a per-page scores of one extractor
 * @param b the other's on the same pages, same order
 * @throws RangeError when the lengths differ or there are no pages
 */
export function pairedBootstrap(a: readonly number[], b: readonly number[], options: BootstrapOptions = {}): PairedDifference {
  const n = a.length;
  if (n !== b.length) throw new RangeError(`pairedBootstrap: ${n} scores against ${b.length}`);
  if (n === 0) throw new RangeError('pairedBootstrap: no pages');
  const { resamples = 2000, level = 0.95, seed = 1, margin = 0.01 } = options;
  const d = a.map((x, i) => x - b[i]!);
  const mean = d.reduce((s, x) => s + x, 0) / n;
  const random = mulberry32(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += d[Math.floor(random() * n)]!;
    means[r] = s / n;
  }
  means.sort();
  const sorted = Array.from(means);
  const tail = (1 - level) / 2;
  return {
    pages: n, mean,
    low: quantileSorted(sorted, tail), high: quantileSorted(sorted, 1 - tail),
    wins: d.filter((x) => x > margin).length, losses: d.filter((x) => x < -margin).length,
  };
}
