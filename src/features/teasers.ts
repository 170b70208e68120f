/**
 * Teaser lists (issue 17's joined boilerplate and wrong block): "latest news", "related stories" and the like, a run of
 * sibling items each holding a linked headline and a text beside it. The pattern is structure, not a word list: an element
 * with at least `TEASER_ITEMS` children of one tag, at least `TEASER_ITEMS` of which each hold a line that is mostly anchor
 * text and a line that is not. Training learns how much of such lists' text is the article (EvidenceModel.teaserShare);
 * applying weighs their lines by it when the title anchor ranks DANA's regions (extract/farsw.ts).
 */
import type { LineTable } from '../core/types.js';

/** Least number of teaser items in a list, and of same-tag siblings an item has (itself included). */
export const TEASER_ITEMS = 3;

/** Levels above a line's own element searched for the repeated item it belongs to (li > div > p). */
export const TEASER_ITEM_DEPTH = 3;

/** Anchor text share (UTF-8 bytes) above which a line is a link line (Readability's link-density cut, as `fill`'s). */
export const TEASER_LINK = 0.5;

/**
 * The lines of the page's teaser lists (module comment).
 * @returns 1 per line with text inside a teaser item of a teaser list; undefined when there is none (or the table has no
 *   element tree with tags)
 */
export function teaserLines(table: LineTable): Uint8Array | undefined {
  const tree = table.elements;
  if (!tree?.tag || table.count === 0) return undefined;
  const tag = tree.tag, count = tree.parent.length;
  const sameTag = sameTagSiblings(tree.parent, tag);
  // Per line, its item (the nearest repeated element at most TEASER_ITEM_DEPTH levels up); per item, its link and other lines.
  const item = new Int32Array(table.count).fill(-1);
  const links = new Uint32Array(count), texts = new Uint32Array(count);
  for (let i = 0; i < table.count; i++) {
    if (table.contentChars[i] === 0) continue;
    let e = tree.line[i]! - 1;
    for (let up = 0; e >= 0 && sameTag[e]! < TEASER_ITEMS && up < TEASER_ITEM_DEPTH; up++) e = tree.parent[e]! - 1;
    if (e < 0 || sameTag[e]! < TEASER_ITEMS) continue;
    item[i] = e;
    if (table.anchorBytes[i]! > TEASER_LINK * table.contentBytes[i]!) links[e]!++;
    else texts[e]!++;
  }
  // Per parent (+ 1; 0: the roots), its teaser items; an item is listed when its parent has enough of them.
  const perParent = new Uint32Array(count + 1);
  for (let e = 0; e < count; e++) if (links[e]! > 0 && texts[e]! > 0) perParent[tree.parent[e]!]!++;
  let any = false;
  const out = new Uint8Array(table.count);
  for (let i = 0; i < table.count; i++) {
    const e = item[i]!;
    if (e >= 0 && links[e]! > 0 && texts[e]! > 0 && perParent[tree.parent[e]!]! >= TEASER_ITEMS) { out[i] = 1; any = true; }
  }
  return any ? out : undefined;
}

/**
 * Characters of the teaser lists' lines after the title line, and of those the labels call content (training's count for
 * EvidenceModel.teaserShare).
 * @param titleLine the title line (−1: none, nothing is counted: the share weighs lists after a headline only)
 */
export function teaserChars(table: LineTable, titleLine: number, topical: ArrayLike<number>): { readonly content: number; readonly all: number } {
  const teasers = titleLine >= 0 ? teaserLines(table) : undefined;
  let content = 0, all = 0;
  if (teasers) {
    for (let i = titleLine + 1; i < table.count; i++) {
      if (!teasers[i]) continue;
      all += table.contentChars[i]!;
      if (topical[i]) content += table.contentChars[i]!;
    }
  }
  return { content, all };
}

/** Slots of the scratch {@link sameTagSiblings} reuses across pages (768 KB); a page with more elements gets its own. */
const SCRATCH_SLOTS = 1 << 16;
/** Per slot, the parent (+ 1) and tag of a group, and its size. */
const scratchParent = new Uint32Array(SCRATCH_SLOTS), scratchTag = new Uint32Array(SCRATCH_SLOTS), scratchSize = new Uint32Array(SCRATCH_SLOTS);

/** Per element, how many children of its parent (itself included; the roots are one family) share its tag: one pass, (parent, tag) groups hashed. */
function sameTagSiblings(parent: Uint32Array, tag: Uint32Array): Uint32Array {
  const count = parent.length;
  let bits = 4;
  while (1 << bits < 2 * count) bits++;
  const size = 1 << bits, mask = size - 1, shift = 32 - bits;
  let groupParent = scratchParent, groupTag = scratchTag, groupSize = scratchSize;
  if (size > SCRATCH_SLOTS) { groupParent = new Uint32Array(size); groupTag = new Uint32Array(size); groupSize = new Uint32Array(size); }
  else groupSize.fill(0, 0, size);
  const slotOf = new Uint32Array(count);
  for (let e = 0; e < count; e++) {
    const p = parent[e]!, t = tag[e]!;
    let s = (Math.imul(p ^ Math.imul(t, 0x85ebca6b), 0x9e3779b1) >>> shift) & mask;
    while (groupSize[s] !== 0 && (groupParent[s] !== p || groupTag[s] !== t)) s = (s + 1) & mask;
    if (groupSize[s] === 0) { groupParent[s] = p; groupTag[s] = t; }
    groupSize[s]!++;
    slotOf[e] = s;
  }
  for (let e = 0; e < count; e++) slotOf[e] = groupSize[slotOf[e]!]!;
  return slotOf;
}
