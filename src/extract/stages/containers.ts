/**
 * The single-container cuts of the model path (extract/container.ts, after Readability's top candidate and its sibling
 * step), the title container, the fill of the kept stretch, and the headline set back after the cuts.
 */
import type { LineTable } from '../../core/types.js';
import { contentSiblings, dominantContainer, keepTitleContainer } from '../container.js';
import { muteMask, spareLine } from './mute.js';
import { need, type Stage } from './types.js';

/**
 * Stage `container`: chosen lines in another subtree than most of the chosen text go (`container`), except in the siblings
 * the vote calls content (`siblings`); the element is chosen without the lines the mute would leave out (`muteBox`), and
 * not applied when it holds none of the DANA core's starting region (`anchorContainer`).
 */
export const containerStage: Stage = {
  id: 'container', purpose: 'one container: chosen lines outside the element holding most of the chosen text go (container, siblings, muteBox, anchorContainer)',
  kept: '', dropped: 'outside the element holding most of the chosen text (and outside its content siblings)',
  run(page, state) {
    const { table, model, options } = page;
    const chosen = need(state, 'chosen', 'container'), dana = need(state, 'dana', 'container'), confidence = state.confidence;
    // A muted teaser list or sidebar does not outweigh the article (`muteBox`); the mute itself still comes last.
    let forBox = chosen;
    if (options.muteBox && options.container > 0) {
      const muted = muteMask(table, model, chosen, options, spareLine(page, state));
      if (muted) forBox = chosen.map((c, i) => (muted[i] ? 0 : c));
    }
    let box = dominantContainer(table, forBox, options.container, options.dana.containerLines);
    // A container holding none of the chosen text of the title-anchored region is a teaser list or gallery beside the article.
    if (options.anchorContainer && box >= 0 && missesRegion(table, chosen, box, dana.regions[dana.start])) box = -1;
    if (box < 0) return {};
    const out = Uint8Array.from(chosen);
    keepElements(table, out, box, options.siblings > 0 && confidence ? contentSiblings(table, box, confidence, options.siblings) : []);
    return { chosen: out };
  },
};

/** Stage `title-container`: lines away from the lowest element holding the title line and the DANA core's starting region go. */
export const titleContainerStage: Stage = {
  id: 'title-container', purpose: "the headline's container: lines outside the element holding the title line and DANA's starting region go (dana.titleContainer)",
  kept: '', dropped: "outside the element holding the headline and the DANA core's starting region",
  run({ table, options }, state) {
    const dana = need(state, 'dana', 'title-container');
    return { chosen: keepTitleContainer(table, need(state, 'chosen', 'title-container'), dana.titleLine, dana.regions[dana.start], options.dana.titleContainer) };
  },
};

/** Stage `fill`: with the container on, the lines between the first and last chosen line join unless link-dense (`fill`). */
export const fillStage: Stage = {
  id: 'fill', purpose: 'the stretch the container kept: its lines below the axis (short list items, table cells) join, link-dense ones do not (fill)',
  kept: 'between the first and the last kept line, not link-dense', dropped: '',
  run({ table, options }, state) {
    if (!(options.fill > 0 && options.container > 0)) return {};
    const out = Uint8Array.from(need(state, 'chosen', 'fill'));
    fillSpan(table, out, options.fill);
    return { chosen: out };
  },
};

/** Stage `keep-title`: the headline the `headline` stage kept is set back after the cuts. */
export const keepTitleStage: Stage = {
  id: 'keep-title', purpose: 'the kept headline is set back after the cuts', kept: 'the headline (the line repeating the page title)', dropped: '',
  run(_page, state) {
    const chosen = need(state, 'chosen', 'keep-title'), t = need(state, 'dana', 'keep-title').titleLine;
    if (!state.titleKept || chosen[t] === 1) return {};
    const out = Uint8Array.from(chosen);
    out[t] = 1;
    return { chosen: out };
  },
};

/** Does element `box` hold none of the chosen lines with text of `region` (false when the region has none or is undefined)? */
export function missesRegion(table: LineTable, chosen: Uint8Array, box: number, region: { readonly start: number; readonly end: number } | undefined): boolean {
  if (!region) return false;
  const tree = table.elements!, end = tree.end[box]!;
  let any = false;
  for (let i = region.start; i < region.end; i++) {
    if (!chosen[i] || table.contentChars[i] === 0) continue;
    const e = tree.line[i]! - 1;
    if (e >= box && e < end) return false;
    any = true;
  }
  return any;
}

/** Clear the chosen lines outside element `box` and the elements `also` (element numbers of `table.elements`). */
export function keepElements(table: LineTable, chosen: Uint8Array, box: number, also: readonly number[]): void {
  const tree = table.elements!;
  // The kept subtrees are disjoint ranges of element numbers: mark them, then read one mark per line.
  const kept = new Uint8Array(tree.parent.length);
  for (const x of [box, ...also]) kept.fill(1, x, tree.end[x]!);
  for (let i = 0; i < table.count; i++) {
    const e = tree.line[i]! - 1;
    if (chosen[i] && (e < 0 || !kept[e])) chosen[i] = 0;
  }
}

/**
 * Choose every line with text between the first and the last chosen line whose anchor text is at most `maxLinks` of its
 * text (UTF-8 bytes): after the containers, the lines of the article's stretch that neither DANA's regions nor the
 * windows reached (lists and tables of short cells below the axis, a caption, a one-line paragraph).
 * @param chosen changed in place (the stage passes its own copy)
 */
export function fillSpan(table: LineTable, chosen: Uint8Array, maxLinks: number): void {
  const first = chosen.indexOf(1), last = chosen.lastIndexOf(1);
  for (let i = first + 1; first >= 0 && i < last; i++) {
    if (!chosen[i] && table.contentChars[i]! > 0 && table.anchorBytes[i]! <= maxLinks * table.contentBytes[i]!) chosen[i] = 1;
  }
}

