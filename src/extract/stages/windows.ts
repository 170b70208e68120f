/**
 * Steps 7–8 of the model path (seed 002, §3.4–3.5): sliding windows over the topical lines, their scores (eq. 5, or the
 * text-weighted P(content)) and the informative ones, with farsw's fallback and `union`'s link-density and attach checks.
 */
import type { Block, LineTable } from '../../core/types.js';
import { scoreBlocks, selectInformative, slidingWindow, type Selection } from '../window.js';
import { addDanaEvidence, scoreBlocksByText } from './scores.js';
import { need, type ModelPage, type ModelState, type Stage } from './types.js';

/** Stage `windows`: Step 7 windows over the topical lines (with DANA's regions in `vote`), scored, and Step 8's informative ones. */
export const windowsStage: Stage = {
  id: 'windows', purpose: 'Steps 7–8: windows over the topical lines, their scores and the informative ones (or the fallback)', kept: '', dropped: '',
  run(page, state) {
    const { table, options } = page;
    const topical = need(state, 'topical', 'windows'), dana = need(state, 'dana', 'windows'), confidence = state.confidence;
    let lineScore = need(state, 'lineScore', 'windows');
    let mask = topical;
    if (options.mode === 'vote') {
      mask = Uint8Array.from(topical);
      for (const r of dana.regions) mask.fill(1, r.start, r.end);
    } else if (options.mode === 'evidence') {
      lineScore = Float64Array.from(lineScore);
      addDanaEvidence(lineScore, dana.diff);
    }
    const evidenceBlocks = options.blockScore === 'evidence' && confidence !== undefined;
    const windows = evidenceBlocks
      ? scoreBlocksByText(slidingWindow(mask, options.phi, options.padding), confidence, table.contentChars)
      : scoreBlocks(slidingWindow(mask, options.phi, options.padding), lineScore);
    const selection = selectWindows(page, state, windows, evidenceBlocks);
    return options.mode === 'evidence' ? { lineScore, windows, selection } : { windows, selection };
  },
};

/** Step 8 on the scored windows: those above the cutoff, the fallback, and in `union` the fallback's link-density and the attach checks. */
function selectWindows({ table, options }: ModelPage, state: ModelState, windows: readonly Block[], evidenceBlocks: boolean): Selection {
  const dana = need(state, 'dana', 'windows');
  let selection = selectInformative(windows, evidenceBlocks ? options.evidenceBeta : options.beta, options.fallback);
  if (selection.fallback && selection.blocks.length > 0 && options.mode === 'union' && !keepFallback(table, selection.blocks[0]!, dana.blocks, options.fallbackLinkDensity)) {
    selection = { blocks: [], fallback: true };
  }
  if (evidenceBlocks && options.mode === 'union' && options.attach >= 0 && !selection.fallback) {
    const near = selection.blocks.filter((b) => dana.blocks.some((d) => d.start <= b.end + options.attach && b.start <= d.end + options.attach));
    selection = { blocks: near, fallback: false };
  }
  return selection;
}

/**
 * Does `union` add FAR-SW's fallback block to DANA's lines? Not when the block is link-dense (`linkDense`, `share`)
 * and touches none of DANA's blocks (no line in common, none adjacent): a list of teaser links away from the article.
 * A link-dense block next to DANA's lines is kept: links inside or around the article's text.
 */
export function keepFallback(table: LineTable, block: Block, danaBlocks: readonly Block[], share: number): boolean {
  if (!linkDense(table, block, share)) return true;
  return danaBlocks.some((d) => d.start <= block.end && block.start <= d.end);
}

/** Is the anchor text of `block` more than `share` of its text (UTF-8 bytes)? Never when `share` is 0. */
export function linkDense(table: LineTable, block: Block, share: number): boolean {
  if (share <= 0) return false;
  let anchor = 0, text = 0;
  for (let i = block.start; i < block.end; i++) {
    anchor += table.anchorBytes[i]!;
    text += table.contentBytes[i]!;
  }
  return anchor > share * text;
}

