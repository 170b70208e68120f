/**
 * The first line decision of the model path: the informative windows combined with the DANA core's lines (`mode`), and
 * whether the page's headline is kept whatever the later cuts decide.
 */
import { blocksToMask } from '../window.js';
import { need, type Stage } from './types.js';

/** Stage `combine`: the chosen lines, from the informative windows and the DANA core's blocks by `mode`. */
export const combineStage: Stage = {
  id: 'combine', purpose: "the informative windows and the DANA core's blocks, combined by mode (union, intersection, farsw, dana, …)",
  kept: 'in an informative window or a block of the DANA core (as the mode combines them)',
  dropped: 'in no informative window and no block of the DANA core (as the mode combines them)',
  run({ table, options }, state) {
    const dana = need(state, 'dana', 'combine'), selection = need(state, 'selection', 'combine'), n = table.count;
    let chosen: Uint8Array;
    switch (options.mode) {
      case 'dana':
        chosen = blocksToMask(dana.blocks, n);
        break;
      case 'union':
        chosen = blocksToMask(selection.blocks, n);
        for (const b of dana.blocks) chosen.fill(1, b.start, b.end);
        break;
      case 'intersection': {
        chosen = blocksToMask(selection.blocks, n);
        const b = blocksToMask(dana.blocks, n);
        for (let i = 0; i < n; i++) chosen[i]! &= b[i]!;
        break;
      }
      default:
        chosen = blocksToMask(selection.blocks, n);
    }
    return { chosen, combined: chosen };
  },
};

/**
 * Stage `headline`: is the title line (extract/title.ts) kept whatever the containers decide? Always with `addTitleLine`;
 * with `keepTitleLine` when the combination chose it (or, `topicalTitle`, the rules call it topical). Decided on the
 * combined lines, before any cut; the `keep-title` stage sets it.
 */
export const headlineStage: Stage = {
  id: 'headline', purpose: 'decide whether the headline is kept whatever the cuts decide (addTitleLine, keepTitleLine, topicalTitle)', kept: '', dropped: '',
  run({ options }, state) {
    const dana = need(state, 'dana', 'headline'), chosen = need(state, 'chosen', 'headline'), topical = need(state, 'topical', 'headline');
    const t = dana.titleLine;
    const titleKept = t >= 0 && (options.addTitleLine || (options.keepTitleLine && (chosen[t] === 1 || (options.topicalTitle && topical[t] === 1))));
    return { titleKept };
  },
};
