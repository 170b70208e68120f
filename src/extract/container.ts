/**
 * The single-container constraint (farsw's, after Readability's "top candidate"):
 * the main content of a page sits in one element. Given the lines an extractor
 * chose, find the deepest block element that holds at least a share θ of their
 * content characters, and drop the chosen lines outside it: a sidebar, a list of
 * related posts or a footer chosen next to the article lives in another subtree.
 *
 * With θ > 0.5 the elements holding ≥ θ form one chain from the root, so "the
 * deepest" is well defined (the one numbered last, the tree being numbered in
 * document order). Lines outside every block element count in the total only.
 *
 * The deepest such element may be the article's body alone, without a title in a
 * sibling element; growing it to keep such a title measured worse (docs/decisions.md).
 */
import type { ElementTree, LineTable } from '../core/types.js';
import { giveU32, takeU32 } from '../core/u32-column.js';

/**
 * @param table the page's lines (with `elements`; without them nothing changes)
 * @param chosen 1 for each chosen line; the lines outside the container are cleared in place
 * @param share θ in (0, 1]; 0 turns the constraint off
 * @param minLines the container holds at least this many chosen lines with text (2: never a single paragraph)
 * @returns `chosen` (unchanged when no element qualifies)
 */
export function keepDominantContainer(table: LineTable, chosen: Uint8Array, share: number, minLines = 1): Uint8Array {
  const best = dominantContainer(table, chosen, share, minLines);
  if (best < 0) return chosen;
  const tree = table.elements!, end = tree.end[best]!;
  for (let i = 0; i < table.count; i++) {
    const e = tree.line[i]! - 1;
    if (chosen[i] && !(e >= best && e < end)) chosen[i] = 0;
  }
  return chosen;
}

/** The element `keepDominantContainer` keeps (its number in `table.elements`), or −1 for none; `chosen` is not changed. */
export function dominantContainer(table: LineTable, chosen: Uint8Array, share: number, minLines = 1): number {
  const tree = table.elements;
  if (!tree || share <= 0) return -1;
  const count = tree.parent.length;
  // Per-element sums of content characters (a page's total fits 32 bits), in a spare array: two calls a page.
  const sum = takeU32(count);
  const lines = minLines > 1 ? takeU32(count) : undefined;
  try {
    return deepestHolding(table, tree, chosen, share, sum, lines, minLines);
  } finally {
    giveU32(sum);
    if (lines) giveU32(lines);
  }
}

/** Readability's sibling cut: a sibling whose anchor text is at most this share of its text may join (`linkDensity < 0.25`). */
export const SIBLING_LINKS = 0.25;

/**
 * Readability's sibling step with the learned vote as the score: the other children of the container's parent whose
 * lines' mean P(content), weighted by their characters, is at least `minVote` and whose anchor text is at most
 * SIBLING_LINKS of their text (UTF-8 bytes): an article split into sibling sections, the container holding only one.
 * @param box the container (an element number; −1: none)
 * @param vote P(content) per line
 * @returns the siblings' element numbers, in document order
 */
export function contentSiblings(table: LineTable, box: number, vote: ArrayLike<number>, minVote: number): number[] {
  const tree = table.elements;
  const parent = tree && box >= 0 ? tree.parent[box]! - 1 : -1;
  if (parent < 0) return [];
  const lo = parent + 1, hi = tree!.end[parent]!;
  const starts: number[] = [];
  for (let e = lo; e < hi; e = tree!.end[e]!) starts.push(e);
  // Per child: Σ chars × vote, Σ chars, anchor bytes, text bytes.
  const sums = new Float64Array(4 * starts.length);
  for (let i = 0; i < table.count; i++) {
    const e = tree!.line[i]! - 1, c = table.contentChars[i]!;
    if (c === 0 || e < lo || e >= hi) continue;
    let a = 0, b = starts.length - 1;
    while (a < b) {
      const m = (a + b + 1) >> 1;
      if (starts[m]! <= e) a = m; else b = m - 1;
    }
    sums[4 * a]! += c * vote[i]!;
    sums[4 * a + 1]! += c;
    sums[4 * a + 2]! += table.anchorBytes[i]!;
    sums[4 * a + 3]! += table.contentBytes[i]!;
  }
  return starts.filter((e, k) => e !== box && sums[4 * k + 1]! > 0 && sums[4 * k]! >= minVote * sums[4 * k + 1]! && sums[4 * k + 2]! <= SIBLING_LINKS * sums[4 * k + 3]!);
}

/**
 * The deepest element holding ≥ `share` of the chosen content characters and, with `lines`, ≥ `minLines` chosen lines
 * with text; −1 for none. `sum` and `lines` are scratch (≥ elements long).
 */
function deepestHolding(table: LineTable, tree: ElementTree, chosen: Uint8Array, share: number, sum: Uint32Array, lines: Uint32Array | undefined, minLines: number): number {
  const count = tree.parent.length;
  sum.fill(0, 0, count);
  lines?.fill(0, 0, count);
  let total = 0;
  for (let i = 0; i < table.count; i++) {
    if (!chosen[i]) continue;
    const w = table.contentChars[i]!;
    total += w;
    const e = tree.line[i]!;
    if (e > 0) {
      sum[e - 1]! += w;
      if (lines && w > 0) lines[e - 1]!++;
    }
  }
  if (total === 0) return -1;
  // Children are numbered after their parents: one backward pass sums every subtree.
  for (let e = count - 1; e >= 0; e--) {
    const p = tree.parent[e]!;
    if (p > 0) {
      sum[p - 1]! += sum[e]!;
      if (lines) lines[p - 1]! += lines[e]!;
    }
  }
  let best = -1;
  const need = share * total;
  for (let e = 0; e < count; e++) if (sum[e]! >= need && (!lines || lines[e]! >= minLines)) best = e;
  return best;
}

/**
 * The title container (farsw's): the article's headline and its body share a
 * close ancestor, the sidebars, teaser lists and footers around them do not.
 * Given the line repeating the page title (extract/title.ts) and the region the
 * DANA core started from, find the lowest block element holding both the
 * title line and every text line of that region, and drop the chosen lines
 * outside it. When that element would keep less than `minShare` of the chosen
 * text, the headline or the region is not the article's (a title repeated in
 * a banner, a region of teasers) and nothing is dropped.
 *
 * The measurements behind it and `minShare` are in docs/decisions.md ("Title container").
 * @param table the page's lines (with `elements`; without them nothing changes)
 * @param chosen 1 for each chosen line
 * @param titleLine the title line (-1: nothing changes)
 * @param region the region the DANA core started from (undefined: nothing changes)
 * @param minShare the least share of the chosen content characters the element must hold; 0 turns this off
 * @returns a new mask, or `chosen` itself when nothing changes
 */
export function keepTitleContainer(table: LineTable, chosen: Uint8Array, titleLine: number, region: { readonly start: number; readonly end: number } | undefined, minShare: number): Uint8Array {
  const tree = table.elements;
  if (!tree || minShare <= 0 || titleLine < 0 || region === undefined) return chosen;
  let c = tree.line[titleLine]! - 1;
  for (let i = region.start; i < region.end && c >= 0; i++) {
    const e = tree.line[i]! - 1;
    if (table.contentChars[i]! > 0) c = e < 0 ? -1 : commonAncestor(tree.parent, c, e);
  }
  if (c < 0) return chosen;
  const end = tree.end[c]!;
  let total = 0, kept = 0;
  for (let i = 0; i < table.count; i++) {
    if (!chosen[i]) continue;
    const w = table.contentChars[i]!, e = tree.line[i]! - 1;
    total += w;
    if (e >= c && e < end) kept += w;
  }
  if (kept === total || kept < minShare * total) return chosen;
  const out = new Uint8Array(chosen.length);
  for (let i = 0; i < table.count; i++) {
    const e = tree.line[i]! - 1;
    if (chosen[i] && e >= c && e < end) out[i] = 1;
  }
  return out;
}

/**
 * Lowest common ancestor-or-self of two elements numbered in pre-order: an
 * ancestor has a smaller number than its descendants, so the larger of the two
 * climbs until they meet.
 * @param parent per element, its parent + 1 (0: a root)
 * @returns the element, or -1 when they lie in different root trees
 */
function commonAncestor(parent: Uint32Array, a: number, b: number): number {
  while (a !== b && a >= 0 && b >= 0) {
    if (a > b) a = parent[a]! - 1;
    else b = parent[b]! - 1;
  }
  return a === b ? a : -1;
}
