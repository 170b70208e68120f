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
  // Per element: how many of its parent's children share its tag (children walked first child → next sibling = end).
  const sameTag = new Uint32Array(count);
  const tally = new Map<number, number>();
  const countChildren = (first: number, stop: number): void => {
    tally.clear();
    for (let c = first; c < stop; c = tree.end[c]!) tally.set(tag[c]!, (tally.get(tag[c]!) ?? 0) + 1);
    for (let c = first; c < stop; c = tree.end[c]!) sameTag[c] = tally.get(tag[c]!)!;
  };
  countChildren(0, count);
  for (let p = 0; p < count; p++) if (p + 1 < tree.end[p]!) countChildren(p + 1, tree.end[p]!);
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
