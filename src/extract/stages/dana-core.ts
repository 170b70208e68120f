/**
 * The DANA core inside the model path (seeds 003, 004: AdDANAg on the same line table), its regions sized by the
 * learned P(content) and the model's teaser share.
 */
import type { LineTable } from '../../core/types.js';
import type { Model } from '../../model/model.js';
import { teaserLines } from '../../features/teasers.js';
import { danaCore } from '../dana.js';
import type { FarswApplyOptions } from '../apply-options.js';
import type { Stage } from './types.js';

/** Stage `dana-core`: AdDANAg's regions and Algorithm 1's choice, each line's text weighted by P(content) when asked. */
export const danaCoreStage: Stage = {
  id: 'dana-core', purpose: "the DANA core (AdDANAg) on the same lines, each line's text weighted by its P(content) (weightRegions, teaserRank)", kept: '', dropped: '',
  run({ table, model, options }, { shared, confidence }) {
    const weight = teaserWeights(table, model, options, shared?.titleLine ?? -1, options.weightRegions && confidence ? confidence : undefined);
    const dana = danaCore(table, 'addanag', options.dana, weight,
      shared && { titleLine: shared.titleLine, ...(options.dana.radius === 1 ? { diff: shared.diff } : {}) });
    return { dana };
  },
};

/**
 * The weight of each line's text in DANA's region sizes: `vote` (P(content), `weightRegions`), times the model's teaser share on
 * the lines of teaser lists after the title line (`teaserRank`).
 * @returns `vote` itself when no teaser line is weighed
 */
function teaserWeights(table: LineTable, model: Model, options: FarswApplyOptions, titleLine: number, vote: Float64Array | undefined): ArrayLike<number> | undefined {
  const share = model.evidence?.teaserShare;
  if (!options.teaserRank || share === undefined || titleLine < 0) return vote;
  const teasers = teaserLines(table);
  if (!teasers) return vote;
  const w = vote ? Float64Array.from(vote) : new Float64Array(table.count).fill(1);
  for (let i = titleLine + 1; i < table.count; i++) if (teasers[i]) w[i]! *= share;
  return w;
}

