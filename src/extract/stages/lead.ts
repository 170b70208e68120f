/**
 * The lead under the headline: a deck or a first paragraph between the headline and the article's element, which the
 * containers cut, comes back.
 */
import type { LineTable } from '../../core/types.js';
import { tokenize } from '../../core/tokenize.js';
import { need, type Stage } from './types.js';

/** Stage `lead`: with the headline kept and the container on, the lines the combination chose under it come back (`leadChars`, `leadRepeat`). */
export const leadStage: Stage = {
  id: 'lead', purpose: 'the lead under the headline, cut by the containers, comes back (leadChars, leadRepeat)',
  kept: 'the lead under the headline: chosen before the containers cut it, long and not link-dense', dropped: '',
  run({ table, options }, state) {
    if (!(options.leadChars > 0 && options.container > 0 && state.titleKept)) return {};
    const out = Uint8Array.from(need(state, 'chosen', 'lead'));
    const lead = restoreLead(table, out, need(state, 'combined', 'lead'), need(state, 'dana', 'lead').titleLine, options.leadChars, LEAD_LINKS, options.leadRepeat);
    return lead.length > 0 ? { chosen: out, lead } : {};
  },
};

/** Anchor text share above which a line of the lead does not come back (Readability's link-density cut, as `fill`'s). */
export const LEAD_LINKS = 0.5;

/** Kept lines after the lead that a repeated lead line is compared with (`leadRepeat`): the article's opening. */
export const LEAD_REPEAT_LINES = 3;

/**
 * The lead under the headline: a deck or a first paragraph between the headline and the article's element, which the final or
 * the title container cut. Lines chosen before the containers (`before`: DANA's regions, the windows) that lie between the title
 * line and the first chosen line after it come back when they hold at least `minChars` characters (a sentence, not a byline, a
 * date or a share bar), their anchor text is at most `maxLinks` of their text (UTF-8 bytes) and, with `repeat` > 0, fewer than
 * that share of their tokens recur in one of the first `LEAD_REPEAT_LINES` kept lines after them (a summary repeating the
 * article's opening is a teaser, not a lead).
 * @param chosen changed in place
 * @returns the lines brought back (none of them was chosen: a chosen line with text ends the search)
 */
export function restoreLead(table: LineTable, chosen: Uint8Array, before: Uint8Array, titleLine: number, minChars: number, maxLinks: number, repeat = 0): number[] {
  const restored: number[] = [];
  let first = titleLine + 1;
  while (first < table.count && !(chosen[first] && table.contentChars[first]! > 0)) first++;
  if (first >= table.count) return restored;
  let opening: Set<string>[] | undefined;
  for (let i = titleLine + 1; i < first; i++) {
    if (!(before[i] && table.contentChars[i]! >= minChars && table.anchorBytes[i]! <= maxLinks * table.contentBytes[i]!)) continue;
    if (repeat > 0 && repeatsOpening(tokenize(table.lineText(i)), (opening ??= openingLines(table, chosen, first)), repeat)) continue;
    chosen[i] = 1;
    restored.push(i);
  }
  return restored;
}

/** The token sets of the first `LEAD_REPEAT_LINES` chosen lines with text from `from` on. */
function openingLines(table: LineTable, chosen: Uint8Array, from: number): Set<string>[] {
  const sets: Set<string>[] = [];
  for (let i = from; i < table.count && sets.length < LEAD_REPEAT_LINES; i++) {
    if (chosen[i] && table.contentChars[i]! > 0) sets.push(new Set(tokenize(table.lineText(i))));
  }
  return sets;
}

/** Do at least `share` of `tokens` occur in one of `lines`? */
function repeatsOpening(tokens: readonly string[], lines: readonly Set<string>[], share: number): boolean {
  if (tokens.length === 0) return false;
  return lines.some((set) => tokens.reduce((k, t) => k + (set.has(t) ? 1 : 0), 0) >= share * tokens.length);
}

