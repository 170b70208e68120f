/**
 * The vetoes of the model path: lines dropped whatever chose them, by the learned P(content), the structural path
 * evidence, or the model's template lines.
 */
import { maskToBlocks } from '../window.js';
import { scoreBlocksByText } from './scores.js';
import { need, type Stage } from './types.js';

/** Stage `run-veto`: a run of chosen lines whose character-weighted mean P(content) is below `runVeto` goes. */
export const runVetoStage: Stage = {
  id: 'run-veto', purpose: 'runs of chosen lines whose text the vote calls content too rarely go (runVeto)',
  kept: '', dropped: 'in a run of chosen lines whose mean P(content) is below runVeto',
  run({ table, options }, { confidence, chosen }) {
    if (!(confidence && options.runVeto > 0 && chosen)) return {};
    const out = Uint8Array.from(chosen);
    for (const b of scoreBlocksByText(maskToBlocks(chosen), confidence, table.contentChars)) if (b.score < options.runVeto) out.fill(0, b.start, b.end);
    return { chosen: out };
  },
};

/** Stage `veto`: a line the classifier is sure is not topical (P(content) below `veto`) is not kept, whatever chose it. */
export const vetoStage: Stage = {
  id: 'veto', purpose: 'a line whose P(content) is below veto is not kept, whatever chose it', kept: '', dropped: 'P(content) below veto',
  run({ options }, { confidence, chosen }) {
    if (!(confidence && options.veto > 0 && chosen)) return {};
    const out = Uint8Array.from(chosen);
    for (let i = 0; i < out.length; i++) if (out[i] && confidence[i]! < options.veto) out[i] = 0;
    return { chosen: out };
  },
};

/** Stage `path-veto`: a line whose structural path the model knows as non-topical is not kept, whatever chose it (`pathVeto`). */
export const pathVetoStage: Stage = {
  id: 'path-veto', purpose: 'a line whose structural path the model knows as non-topical is not kept (pathVeto)',
  kept: '', dropped: 'its structural path was non-topical on the training lines',
  run(_page, { pathRejected, chosen }) {
    if (!(pathRejected && chosen)) return {};
    const out = Uint8Array.from(chosen);
    for (let i = 0; i < out.length; i++) if (pathRejected[i]) out[i] = 0;
    return { chosen: out };
  },
};

/** Stage `templates`: a template line of the model is never kept, whatever chose it (a site model's kept headline stays, `topicalTitle`). */
export const templatesStage: Stage = {
  id: 'templates', purpose: "the model's template lines are never kept (templates; a site model's kept headline stays)",
  kept: '', dropped: "a template line of the model's site (non-topical on many training pages)",
  run({ options }, state) {
    const { template, chosen } = state;
    if (!(template && chosen)) return {};
    const own = state.titleKept && options.topicalTitle ? need(state, 'dana', 'templates').titleLine : -1;
    const out = Uint8Array.from(chosen);
    for (let i = 0; i < out.length; i++) if (out[i] && i !== own && template.is(i)) out[i] = 0;
    return { chosen: out };
  },
};
