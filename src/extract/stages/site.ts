/**
 * What a site model adds and removes last: the lines of its article slots, and repeated lines.
 */
import type { LineTable } from '../../core/types.js';
import { KeyMap } from '../../core/key-map.js';
import { slotKeys } from '../../features/slots.js';
import type { Model } from '../../model/model.js';
import { need, type Stage } from './types.js';

/** Stage `slots`: lines in a structural slot that held the article on the model's training pages are kept (`slots`). */
export const slotsStage: Stage = {
  id: 'slots', purpose: "lines in a slot that held the article on the site model's training pages are kept (slots)",
  kept: "its structural slot held the article on the site model's training pages", dropped: '',
  run({ table, model, options }, state) {
    if (!options.slots || !model.topicalSlots || model.topicalSlots.length === 0) return {};
    const out = Uint8Array.from(need(state, 'chosen', 'slots'));
    const slotted = addSlotLines(table, model, out);
    return slotted.length > 0 ? { chosen: out, slotted } : {};
  },
};

/** Stage `dedupe`: a chosen line repeating an earlier chosen line's text goes (`dedupe`). */
export const dedupeStage: Stage = {
  id: 'dedupe', purpose: "a chosen line repeating an earlier chosen line's text goes (dedupe)", kept: '', dropped: 'repeats the text of an earlier kept line',
  run({ table, options }, state) {
    if (!options.dedupe) return {};
    const out = Uint8Array.from(need(state, 'chosen', 'dedupe'));
    dropRepeatedLines(table, out);
    return { chosen: out };
  },
};

/** Per model: its topical slot keys (a KeyMap: the keys are 32-bit). */
const SLOT_SETS = new WeakMap<Model, KeyMap>();

/**
 * The site's template, slot by slot: a line with text whose structural slot (features/slots.ts) held article lines on the
 * model's training pages (Model.topicalSlots) is chosen, though neither a window nor the DANA core reached it (a deck apart
 * from the body, a short paragraph between two pictures). Only lines are added: a slot's non-topical history never drops a
 * chosen line (dropping measured no better, by the exact position worse; docs/decisions.md).
 * @param chosen changed in place
 * @returns the lines added, in page order
 */
export function addSlotLines(table: LineTable, model: Model, chosen: Uint8Array): number[] {
  const keys = model.topicalSlots;
  if (!keys || keys.length === 0) return [];
  let set = SLOT_SETS.get(model);
  if (!set) SLOT_SETS.set(model, (set = KeyMap.of(keys)));
  const slots = slotKeys(table), added: number[] = [];
  for (let i = 0; i < table.count; i++) {
    if (!chosen[i] && slots[i] !== 0 && set.has(slots[i]!)) { chosen[i] = 1; added.push(i); }
  }
  return added;
}

/**
 * Unset every chosen line whose text (LineTable.lineText: decoded, white space collapsed) equals the text of an
 * earlier chosen line: the second copy of an article a page prints twice, a repeated "Advertisement".
 * @param chosen 1 for each chosen line; changed in place
 */
export function dropRepeatedLines(table: LineTable, chosen: Uint8Array): void {
  const seen = new Set<string>();
  for (let i = 0; i < table.count; i++) {
    if (!chosen[i] || table.contentChars[i] === 0) continue;
    const text = table.lineText(i);
    if (seen.has(text)) chosen[i] = 0;
    else seen.add(text);
  }
}

