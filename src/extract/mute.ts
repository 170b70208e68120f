/**
 * The learned mute (issue 17): Readability drops "unlikely" blocks by a listed set of class/id words (related, sidebar,
 * footer, …); farsw learns the words. A model's class/id words come with how often their block carried the article on the
 * training pages they were on (EvidenceModel.classWordCarries). A chosen line with a word that carried the article on
 * fewer than `below` of its pages is left out, unless the word is on the lines of most of this page's text (then it is an
 * outer wrapper's, `<body class="has-sidebar">`, not the line's block's) or of most of the chosen text (then, on this
 * page, its block is the article's: `<div class="story-more">`). The caller keeps the lines when the mute would leave too
 * little (the retry of Readability).
 */
import type { LineTable } from '../core/types.js';
import type { EvidenceModel } from '../model/model.js';
import { KeyMap } from '../core/key-map.js';

/** Share of the page's text (and of the chosen text) a word's lines may hold and still mute: above it, the word is a wrapper's. */
export const OUTER_SHARE = 0.5;

const WORDS = new WeakMap<readonly number[], { below: number; muting: KeyMap; size: number }>();

/** Class word index by key, for the words that mute at `below` (cached per model and cut), and how many there are. */
function mutingWords(ev: EvidenceModel, carries: readonly number[], below: number): { muting: KeyMap; size: number } {
  let c = WORDS.get(carries);
  if (!c || c.below !== below) {
    const entries = ev.classWords.flatMap(([k], j): [number, number][] => (carries[j]! < below ? [[k, j]] : []));
    c = { below, muting: new KeyMap(entries), size: entries.length };
    WORDS.set(carries, c);
  }
  return c;
}

/**
 * The muting word of each line (module comment).
 * @param below a class word mutes when it carried the article on fewer than this share of its training pages
 * @param chosen 1 for the lines chosen so far (only those are muted; absent: every line)
 * @returns per line, the model's class word index + 1 that mutes it (0: not muted); undefined when nothing is muted
 *   (no model word shares, no class/id words in the table, `below` 0)
 */
export function mutedLines(table: LineTable, ev: EvidenceModel | undefined, below: number, chosen?: Uint8Array): Uint16Array | undefined {
  const ct = table.classTokens, carries = ev?.classWordCarries;
  if (!ct || !ev || !carries || below <= 0) return undefined;
  const { muting, size } = mutingWords(ev, carries, below);
  if (size === 0 || !holdsMutingWord(table, muting, chosen)) return undefined;
  // Text of each muting word's lines (by class word index): on the page at 2j, among the chosen lines at 2j + 1.
  const cover = new Float64Array(2 * ev.classWords.length);
  let total = 0, totalChosen = 0, seen = false;
  for (let i = 0; i < table.count; i++) {
    const w = table.contentChars[i]!, c = chosen ? chosen[i]! : 1;
    total += w;
    totalChosen += c * w;
    if (w === 0) continue;
    for (let j = ct.start[i]!; j < ct.start[i + 1]!; j++) {
      const x = muting.get(ct.keys[j]!);
      if (x < 0) continue;
      cover[2 * x]! += w;
      cover[2 * x + 1]! += c * w;
      seen = true;
    }
  }
  if (!seen) return undefined;
  const out = new Uint16Array(table.count);
  let any = false;
  for (let i = 0; i < table.count; i++) {
    if (table.contentChars[i] === 0 || (chosen && !chosen[i])) continue;
    for (let j = ct.start[i]!; j < ct.start[i + 1]!; j++) {
      const x = muting.get(ct.keys[j]!);
      if (x >= 0 && cover[2 * x]! <= OUTER_SHARE * total && cover[2 * x + 1]! <= OUTER_SHARE * totalChosen) { out[i] = x + 1; any = true; break; }
    }
  }
  return any ? out : undefined;
}

/** Does a chosen line with text hold a muting word? Without one nothing is muted, and the page's cover is not needed. */
function holdsMutingWord(table: LineTable, muting: KeyMap, chosen: Uint8Array | undefined): boolean {
  const ct = table.classTokens!;
  for (let i = 0; i < table.count; i++) {
    if (table.contentChars[i] === 0 || (chosen && !chosen[i])) continue;
    for (let j = ct.start[i]!; j < ct.start[i + 1]!; j++) if (muting.get(ct.keys[j]!) >= 0) return true;
  }
  return false;
}
