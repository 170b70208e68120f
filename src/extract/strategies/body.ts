/**
 * The body fallback of a routed page (a product, collection or listing page): when the model's final lines hold fewer than
 * `bodyChars` characters, the page's lines outside its nav, aside, header, footer and form elements are chosen instead.
 * As a generic relax it cost news datasets whose short outputs are right (dragnet −0.0050 at 200 characters); behind the
 * page type it runs only where the classifier says the page is not an article (docs/decisions.md, "Page types").
 */
import type { LineTable } from '../../core/types.js';
import { need, type Stage } from '../stages/types.js';
import { APART } from './main-element.js';

/** The lines holding text in none of the page's nav, aside, header, footer or form elements; undefined without an element tree. */
export function bodyLines(table: LineTable): Uint8Array | undefined {
  const tree = table.elements;
  if (!tree?.tag) return undefined;
  const { tag, parent, line } = tree;
  // 1 for an element in (or being) an APART element; parents come before their children (pre-order).
  const apart = new Uint8Array(tag.length);
  for (let e = 0; e < tag.length; e++) apart[e] = APART.has(tag[e]!) || (parent[e]! > 0 && apart[parent[e]! - 1] === 1) ? 1 : 0;
  const out = new Uint8Array(table.count);
  for (let i = 0; i < table.count; i++) {
    const e = line[i]! - 1;
    if (table.contentChars[i]! > 0 && (e < 0 || apart[e] === 0)) out[i] = 1;
  }
  return out;
}

/**
 * The fallback: the body lines when the `chosen` lines hold fewer than `minChars` characters and the body lines more.
 * @returns the body lines when they replace `chosen`, else undefined (also with `minChars` 0)
 */
export function bodyFallback(table: LineTable, chosen: Uint8Array, minChars: number): Uint8Array | undefined {
  if (minChars <= 0) return undefined;
  let kept = 0;
  for (let i = 0; i < table.count; i++) if (chosen[i]) kept += table.contentChars[i]!;
  if (kept >= minChars) return undefined;
  const body = bodyLines(table);
  if (!body) return undefined;
  let inBody = 0;
  for (let i = 0; i < table.count; i++) if (body[i]) inBody += table.contentChars[i]!;
  return inBody > kept ? body : undefined;
}

/** Stage `body`: the body fallback on the final lines (`bodyChars`). */
export const bodyStage: Stage = {
  id: 'body', purpose: "body fallback of a routed page: the page's lines outside nav, aside, header, footer and form replace a near-empty output (bodyChars)",
  kept: "in the page's body outside nav, aside, header, footer and form, which replaced a near-empty output",
  dropped: "inside nav, aside, header, footer or form, when the page's body replaced a near-empty output",
  run({ table, options }, state) {
    const body = bodyFallback(table, need(state, 'chosen', 'body'), options.bodyChars);
    return body ? { chosen: body } : {};
  },
};
