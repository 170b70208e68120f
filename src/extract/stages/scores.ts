/**
 * Eq. 4 (a line's score) in its two readings and the block scores of Step 8 (seed 002, §3.5); module comment of
 * extract/farsw.ts for the normalisation.
 */
import type { Block, LineTable } from '../../core/types.js';
import { computeLineFeatures, scoreLines, type LineFeatures } from '../../features/line-features.js';
import type { Model } from '../../model/model.js';
import { need, type Stage } from './types.js';

/** Stage `line-scores`: eq. 4 per line, over the page maxima (`page`) or the model's H (`model`). */
export const lineScoresStage: Stage = {
  id: 'line-scores', purpose: "eq. 4 per line (scoreNorm: the page's maxima or the model's H)", kept: '', dropped: '',
  run({ table, model, options }, state) {
    const features = need(state, 'features', 'line-scores');
    return { lineScore: options.scoreNorm === 'model' ? modelLineScores(features, model.membership) : lineScores(table, features.variant === 'normalized' ? features : undefined) };
  },
};

/** Each block's score: the mean of `p` over its lines weighted by their characters (0 for a block without text). */
export function scoreBlocksByText(blocks: readonly Block[], p: ArrayLike<number>, chars: ArrayLike<number>): Block[] {
  return blocks.map((b) => {
    let s = 0, w = 0;
    for (let i = b.start; i < b.end; i++) { s += chars[i]! * p[i]!; w += chars[i]!; }
    return { start: b.start, end: b.end, score: w > 0 ? s / w : 0 };
  });
}

/** Eq. 4 for every line (see the module comment), from the page's normalised features (computed when not given). */
export function lineScores(table: LineTable, normalized: LineFeatures = computeLineFeatures(table, 'normalized')): Float64Array {
  return scoreLines(normalized);
}

/**
 * Eq. 4 for every line, `model` reading: B, C, E and F of the model's feature variant divided by the
 * model's H = (Mean + MAX) / 2 of that feature and clipped to [0, 1] (a value above 0 counts 1 where H is 0).
 */
export function modelLineScores(features: LineFeatures, membership: Model['membership']): Float64Array {
  return scoreLines(features, membership.map((m) => (m.mean + m.max) / 2));
}

/** Add DANA's smoothed diff, scaled to [−1, 1], to each line score (mode `evidence`). */
export function addDanaEvidence(score: Float64Array, diff: Float64Array): void {
  let max = 0;
  for (let i = 0; i < diff.length; i++) max = Math.max(max, Math.abs(diff[i]!));
  if (max > 0) for (let i = 0; i < score.length; i++) score[i]! += diff[i]! / max;
}

