/**
 * Shop widgets left out of a product page (issue 35): under the description and the specifications, a product page holds
 * its reviews, "customers also bought", "you may also like" and accessory carousels, which WCXB's gold leaves out and the
 * model keeps (they lie in the same region, often in `<main>`). A widget opens with its title: a line whose text starts
 * with such words (WIDGET_TITLE), a heading or the first text of an element holding more lines. Its section is the
 * largest element whose first text is the title; a heading standing alone among its siblings opens the lines up to the
 * next heading of its rank or above, within its parent. Those lines leave the chosen lines (docs/decisions.md, "Page types").
 * The element tree only (no DOM): parents, subtree ends and the lines' elements of `LineTable.elements`.
 */
import { BlockKind, type LineTable } from '../../core/types.js';
import { need, type Stage } from '../stages/types.js';

/**
 * The titles of a shop's widgets that are not the product's content: reviews and ratings, related and recommended
 * products, what other customers bought or viewed, accessories, questions and answers.
 */
export const WIDGET_TITLE = new RegExp(
  '^(?:(?:customer|product|guest|verified|user)s?\\s+)?(?:reviews?|ratings?\\s*(?:&|and)\\s*reviews?)\\b'
  + '|^(?:you\\s+(?:may|might|will|could)\\s+(?:also\\s+)?(?:like|love|need|want)'
  + '|(?:related|similar|recommended|suggested)\\s+(?:products?|items?)'
  + '|(?:customers|people|others|shoppers)\\s+(?:who\\s+(?:bought|viewed)\\s+this\\s+(?:item|product)\\s+)?(?:also\\s+)?(?:bought|viewed|purchased|liked|like)'
  + '|frequently\\s+bought|recently\\s+viewed|complete\\s+the\\s+look|shop\\s+the\\s+look|pairs?\\s+(?:well|perfectly)\\s+with|goes\\s+well\\s+with'
  + '|this\\s+is\\s+what\\s+customers|accessories\\s*(?:&|and)\\s*matching|questions?\\s*(?:&|and)\\s*answers?)\\b',
  'i');

/**
 * A heading that counts a shop's reviews or ratings ("51 Reviews", "98 Customer ratings"): a widget title on a heading line
 * only (a rating summary by the product's name, "4.9 2,695 reviews", is a line of the product).
 */
export const COUNTED_WIDGET_TITLE = /^\d{1,3}(?:[,.]\d{3})*\s+(?:(?:customer|product|guest|verified|user)s?\s+)?(?:reviews?|ratings?)\b/i;

/** Longest text of a widget title line, characters. */
export const TITLE_CHARS = 80;

const isHeading = (b: number): boolean => b >= BlockKind.Heading1 && b <= BlockKind.Heading6;

/**
 * The lines of the page's shop widgets (module comment): 1 per line with text in a section a widget title opens;
 * undefined when there is none or the table has no element tree.
 */
export function widgetLines(table: LineTable): Uint8Array | undefined {
  const tree = table.elements;
  if (!tree) return undefined;
  const { parent, end, line } = tree;
  const n = parent.length;
  let titles: number[] | undefined;
  for (let i = 0; i < table.count; i++) {
    const c = table.contentChars[i]!;
    if (c > 0 && c <= TITLE_CHARS && (WIDGET_TITLE.test(table.lineText(i)) || (isHeading(table.block[i]!) && COUNTED_WIDGET_TITLE.test(table.lineText(i))))) (titles ??= []).push(i);
  }
  if (!titles) return undefined;
  // Each element's first line with text (lines come in page order; an ancestor set before is set for good).
  const first = new Int32Array(n).fill(-1);
  for (let i = 0; i < table.count; i++) {
    if (table.contentChars[i] === 0) continue;
    for (let x = line[i]! - 1; x >= 0 && first[x] === -1; x = parent[x]! - 1) first[x] = i;
  }
  const out = new Uint8Array(table.count);
  let any = false;
  // The lines of elements lo..hi-1 from `from` on (a subtree's lines are contiguous: past it, none comes back).
  const mark = (from: number, to: number, lo: number, hi: number): void => {
    for (let i = from; i < to; i++) {
      const e = line[i]! - 1;
      if (e >= hi) break;
      if (e >= lo && table.contentChars[i]! > 0) { out[i] = 1; any = true; }
    }
  };
  for (const t of titles) {
    if (out[t]) continue;
    const e = line[t]! - 1;
    if (e < 0) continue;
    let a = e;
    while (parent[a]! > 0 && first[parent[a]! - 1] === t) a = parent[a]! - 1;
    let more = false;
    for (let i = t + 1; i < table.count && !more; i++) {
      const x = line[i]! - 1;
      if (x >= end[a]!) break;
      more = x >= a && table.contentChars[i]! > 0;
    }
    if (more) { mark(t, table.count, a, end[a]!); continue; }
    // A heading alone among its siblings: the lines up to the next heading of its rank or above, within its parent.
    const rank = table.block[t]!;
    if (!isHeading(rank)) continue;
    const p = parent[a]! - 1;
    const lo = p >= 0 ? p : 0, hi = p >= 0 ? end[p]! : n;
    let stop = t + 1;
    for (; stop < table.count; stop++) {
      const x = line[stop]! - 1;
      if (x >= 0 && (x < lo || x >= hi)) break;
      if (table.contentChars[stop]! > 0 && isHeading(table.block[stop]!) && table.block[stop]! <= rank) break;
    }
    mark(t, stop, lo, hi);
  }
  return any ? out : undefined;
}

/** Stage `widgets`: the lines of the page's shop widgets leave the chosen lines (`dropWidgets`), unless nothing would be left. */
export const widgetsStage: Stage = {
  id: 'widgets', purpose: 'shop widgets left out: reviews, related and recommended products, accessories, from their title to their section\'s end (dropWidgets)',
  kept: '',
  dropped: 'in a shop widget (reviews, related or recommended products, accessories) opened by its title',
  run({ table, options }, state) {
    if (!options.dropWidgets) return {};
    const chosen = need(state, 'chosen', 'widgets');
    const widgets = widgetLines(table);
    if (!widgets) return {};
    let left = 0, cut = false;
    const out = Uint8Array.from(chosen);
    for (let i = 0; i < out.length; i++) {
      if (!out[i]) continue;
      if (widgets[i]) { out[i] = 0; cut = true; } else left += table.contentChars[i]!;
    }
    return cut && left > 0 ? { chosen: out } : {};
  },
};
