/**
 * The learned mute on the chosen lines (extract/mute.ts): class/id words whose block rarely carried the article on the
 * model's training pages leave their lines out, unless too little text would be left.
 */
import type { LineTable } from '../../core/types.js';
import type { Model } from '../../model/model.js';
import { mutedLines } from '../mute.js';
import type { FarswApplyOptions } from '../apply-options.js';
import { need, type ModelPage, type ModelState, type Stage } from './types.js';

/** Stage `mute`: the chosen lines the learned mute leaves out (`mute`, `muteRetry`; the kept headline is spared, `spareTitleLine`). */
export const muteStage: Stage = {
  id: 'mute', purpose: "the learned mute: lines with a class/id word whose block rarely carried the article are left out (mute, muteRetry)",
  kept: '', dropped: 'muted: a class/id word whose block carried the article on few of the training pages',
  run(page, state) {
    const chosen = need(state, 'chosen', 'mute');
    const muted = muteMask(page.table, page.model, chosen, page.options, spareLine(page, state));
    if (!muted) return {};
    const out = Uint8Array.from(chosen);
    for (let i = 0; i < out.length; i++) if (muted[i]) out[i] = 0;
    return { chosen: out, muted };
  },
};

/** The line the mute never leaves out: the kept title line with `spareTitleLine` (−1: none). */
export function spareLine({ options }: ModelPage, state: ModelState): number {
  return state.titleKept && options.spareTitleLine ? need(state, 'dana', 'mute').titleLine : -1;
}

/**
 * What the learned mute would clear in `chosen`, without clearing it: unless fewer than `muteRetry` characters would be
 * left (then nothing is muted: a page whose article sits in such a block).
 * @param spare a line never muted (the kept title line; −1: none)
 * @returns per line, the muting class word index + 1; undefined when nothing would be muted (the spared line alone too)
 */
export function muteMask(table: LineTable, model: Model, chosen: Uint8Array, options: FarswApplyOptions, spare: number): Uint16Array | undefined {
  const muted = options.mute > 0 ? mutedLines(table, model.evidence, options.mute, chosen) : undefined;
  if (!muted) return undefined;
  if (spare >= 0) muted[spare] = 0;
  if (options.muteProse > 0) spareProse(table, chosen, muted, options.muteProse);
  let left = 0, any = false;
  for (let i = 0; i < chosen.length; i++) {
    if (muted[i]) any = true;
    else if (chosen[i]) left += table.contentChars[i]!;
  }
  return any && left >= options.muteRetry ? muted : undefined;
}

/**
 * `muteProse`: a muted line of prose (at least `minChars` characters, under a fifth of its bytes link text) between two
 * chosen lines the mute keeps is spared: a testimonial's or a feature's block whose class word (`follow-up`, `help`) rarely
 * carried a news article. A dialog's prose (a cookie notice, a modal) sits after the page's last kept line and stays muted.
 * @param muted changed in place
 */
function spareProse(table: LineTable, chosen: Uint8Array, muted: Uint16Array, minChars: number): void {
  let first = -1, last = -1;
  for (let i = 0; i < chosen.length; i++) {
    if (!chosen[i] || muted[i] || table.contentChars[i] === 0) continue;
    if (first < 0) first = i;
    last = i;
  }
  for (let i = first + 1; i < last; i++) if (muted[i] && table.contentChars[i]! >= minChars && table.anchorBytes[i]! * 5 < table.contentBytes[i]!) muted[i] = 0;
}
