/**
 * Relax to the page's `<main>` element: a page whose content spreads over several regions (a product grid, a list of
 * titles, a service page's sections) comes out as one region, a small part of the text its author marked as the main
 * content. When the chosen lines hold less than `share` of the characters of `<main>`'s lines (less its nav, aside,
 * header, footer and form elements), the page's main lines are chosen instead (docs/decisions.md, "Page types").
 * The element tree only (no DOM): element numbers, tag hashes and the lines' elements of `LineTable.elements`.
 */
import type { LineTable } from '../../core/types.js';
import { nameHash } from '../../html/tags.js';
import { need, type Stage } from '../stages/types.js';

const MAIN = nameHash('main');
/** Elements inside `<main>` whose text is not its content: navigation, asides, page headers and footers, forms. */
export const APART: ReadonlySet<number> = new Set(['nav', 'aside', 'header', 'footer', 'form'].map(nameHash));

/**
 * The lines of the page's `<main>` element (the one holding the most text when there are several) that hold text and
 * lie in none of its nav, aside, header, footer or form elements; undefined when the page has no `<main>` or the table
 * no element tags.
 */
export function mainElementLines(table: LineTable): Uint8Array | undefined {
  const tree = table.elements;
  if (!tree?.tag) return undefined;
  const { tag, parent, end, line } = tree;
  // 1 for an element inside <main> and outside APART (its own tag included), 2 for one in an APART element; 0 elsewhere.
  const state = new Uint8Array(tag.length);
  let any = false;
  for (let e = 0; e < tag.length; e++) {
    const p = parent[e]! - 1, h = tag[e]!;
    const up = p >= 0 ? state[p]! : 0;
    state[e] = h === MAIN ? (up === 2 ? 2 : 1) : up === 0 ? 0 : APART.has(h) ? 2 : up;
    if (h === MAIN) any = true;
  }
  if (!any) return undefined;
  // The <main> (outermost) holding the most text.
  const chars = new Float64Array(tag.length);
  for (let i = 0; i < table.count; i++) {
    const e = line[i]! - 1;
    if (e >= 0 && state[e] === 1) chars[e]! += table.contentChars[i]!;
  }
  let best = -1, bestChars = 0;
  for (let e = 0; e < tag.length; e++) {
    if (tag[e] !== MAIN || (parent[e]! > 0 && state[parent[e]! - 1] !== 0)) continue;
    let sum = 0;
    for (let x = e; x < end[e]!; x++) sum += chars[x]!;
    if (best < 0 || sum > bestChars) { best = e; bestChars = sum; }
  }
  const out = new Uint8Array(table.count);
  for (let i = 0; i < table.count; i++) {
    const e = line[i]! - 1;
    if (e >= best && e < end[best]! && state[e] === 1 && table.contentChars[i]! > 0) out[i] = 1;
  }
  return out;
}

/**
 * The relax step: when the characters of the `chosen` lines are fewer than `share` times those of the page's main
 * lines (mainElementLines), the main lines replace them.
 * @param chosen 1 per chosen line; not changed
 * @returns the main lines when they replace `chosen`, else undefined (also with `share` 0, or no `<main>`)
 */
export function relaxToMain(table: LineTable, chosen: Uint8Array, share: number): Uint8Array | undefined {
  if (share <= 0) return undefined;
  const main = mainElementLines(table);
  if (!main) return undefined;
  let kept = 0, inMain = 0;
  for (let i = 0; i < table.count; i++) {
    if (chosen[i]) kept += table.contentChars[i]!;
    if (main[i]) inMain += table.contentChars[i]!;
  }
  return inMain > 0 && kept < share * inMain ? main : undefined;
}

/** Stage `main`: the relax step on the final lines (`mainShare`). */
export const mainStage: Stage = {
  id: 'main', purpose: "relax to the page's <main>: its lines replace chosen lines holding too little of its text (mainShare)",
  kept: "in the page's <main> element, which replaced chosen lines holding too little of its text",
  dropped: "outside the page's <main> element, which replaced chosen lines holding too little of its text",
  run({ table, options }, state) {
    const main = relaxToMain(table, need(state, 'chosen', 'main'), options.mainShare);
    return main ? { chosen: main, relaxed: 'main' } : {};
  },
};
