/**
 * Repeated items kept whole (issue 35: listings, collections): a page whose content is a grid of cards or a list of
 * titles holds it in sibling elements of one signature (tag, id and class, digits folded), and the line evidence learned
 * on news pages keeps one card, or none: short, link-dense item lines look like boilerplate. The group of such siblings
 * holding the most text (at least `minItems` of them with text, outside the page's chrome, chrome.ts, and forms) is
 * added to the chosen lines whole. Run only on the page types routed to it (extract/strategies/index.ts): on news pages
 * the teaser lists are such groups too (docs/decisions.md, "Page types").
 * The element tree only (no DOM): parents, subtree ends, tag hashes and signatures of `LineTable.elements`.
 */
import type { LineTable } from '../../core/types.js';
import { nameHash } from '../../html/tags.js';
import { need, type Stage } from '../stages/types.js';
import { chromeElements } from './chrome.js';
import { consentLines } from './signatures.js';

/** Forms: facets and sorting, not a page's items (nor are the page's chrome elements, chrome.ts). */
const FORM = nameHash('form');

/** The repeated items found on a page. */
export interface RepeatedItems {
  /** 1 per line with text inside the items (and outside the page's chrome and forms). */
  readonly lines: Uint8Array;
  /** The number of items (siblings of one signature holding text). */
  readonly items: number;
  /** The characters of their lines. */
  readonly chars: number;
}

/**
 * The page's repeated items: among the groups of sibling elements of one signature (`byBase`: of one tag and first class
 * word), with at least `minItems` members holding text, the group holding the most characters (outside the page's chrome
 * and forms; `skip`: lines, 1 each, that count in no group); undefined when the page has none or the table no element
 * signatures.
 */
export function repeatedItems(table: LineTable, minItems: number, byBase = false, skip?: Uint8Array): RepeatedItems | undefined {
  const tree = table.elements;
  if (!tree?.tag || !tree.sig || minItems <= 0) return undefined;
  const { tag, parent, end, line } = tree;
  // byBase: siblings of one tag and first class word are one group, whatever their modifiers (`item-cell is-sale`).
  const sig = byBase && tree.base ? tree.base : tree.sig;
  const n = tag.length;
  // 1 for an element outside the page's chrome and every form (its own tag included).
  const chrome = chromeElements({ tag, parent });
  const free = new Uint8Array(n);
  for (let e = 0; e < n; e++) {
    const p = parent[e]! - 1;
    free[e] = (p < 0 || free[p] === 1) && chrome[e] === 0 && tag[e] !== FORM ? 1 : 0;
  }
  // Characters of each element's subtree, free lines only (pre-order: a child comes after its parent).
  const chars = new Float64Array(n);
  for (let i = 0; i < table.count; i++) {
    const e = line[i]! - 1;
    if (e >= 0 && free[e] === 1 && skip?.[i] !== 1) chars[e]! += table.contentChars[i]!;
  }
  for (let e = n - 1; e > 0; e--) {
    const p = parent[e]! - 1;
    if (p >= 0) chars[p]! += chars[e]!;
  }
  // Groups of siblings by (parent, signature): members and characters; the key is exact below 2^53.
  const groups = new Map<number, { first: number; items: number; chars: number }>();
  let best: { first: number; items: number; chars: number } | undefined;
  for (let e = 0; e < n; e++) {
    const p = parent[e]! - 1;
    if (p < 0 || free[e] === 0 || chars[e] === 0) continue;
    const key = p * 4294967296 + sig[e]!;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { first: e, items: 0, chars: 0 }));
    g.items++;
    g.chars += chars[e]!;
    if (g.items >= minItems && (!best || g.chars > best.chars)) best = g;
  }
  if (!best) return undefined;
  // Mark the members' free subtrees, then their lines.
  const bp = parent[best.first]! - 1, bs = sig[best.first]!;
  const inItems = new Uint8Array(n);
  for (let e = best.first; e < end[bp]!; e = end[e]!) {
    if (parent[e]! - 1 !== bp || sig[e] !== bs || chars[e] === 0) continue;
    for (let x = e; x < end[e]!; x++) inItems[x] = free[x]!;
  }
  const lines = new Uint8Array(table.count);
  let kept = 0;
  for (let i = 0; i < table.count; i++) {
    const e = line[i]! - 1;
    if (e >= 0 && inItems[e] === 1 && table.contentChars[i]! > 0 && skip?.[i] !== 1) { lines[i] = 1; kept += table.contentChars[i]!; }
  }
  return { lines, items: best.items, chars: kept };
}

/** Stage `repeated`: the page's repeated items (repeatedItems, `repeatedItems` items at least) join the chosen lines. */
export const repeatedStage: Stage = {
  id: 'repeated', purpose: "repeated items kept whole: the largest group of same-signature siblings joins the chosen lines (repeatedItems)",
  kept: 'in the largest group of repeated items (same-signature siblings: cards, rows, titles), kept whole',
  dropped: '',
  run({ table, options }, state) {
    const chosen = need(state, 'chosen', 'repeated');
    // dropConsent: a cookie-consent dialog's lines are in no group (its purposes are siblings too).
    const items = repeatedItems(table, options.repeatedItems, options.repeatedBase, options.dropConsent ? consentLines(table) : undefined);
    if (!items) return {};
    let added = false;
    for (let i = 0; i < chosen.length && !added; i++) added = items.lines[i] === 1 && chosen[i] === 0;
    if (!added) return {};
    const out = Uint8Array.from(chosen);
    for (let i = 0; i < out.length; i++) if (items.lines[i]) out[i] = 1;
    return { chosen: out };
  },
};
