/**
 * Stage `quotes` of the forum strategy (and of `sections`, for service pages' slides and blocks printed twice): a reply
 * that quotes an earlier post prints the quoted text again, and WCXB's gold keeps each post's own words once (on most
 * forums the quote is left out). A final line whose words (lower-cased, joined by one space) are at least `quoteChars`
 * characters long and were all printed, in that order, by the chosen lines before it is dropped: the quote of a whole
 * paragraph and of part of one alike. Short lines (a "Thanks", a `}` of code) never go. Code (a line in `<pre>`, not in
 * `<blockquote>`) goes only when it repeats its own block (a log's repeated trace): answers repeat the question's
 * `import` and call lines in their own code, which the gold keeps.
 * Runs last, after the relax to `<main>`, so that it edits what the page really outputs.
 */
import { LineContext, type LineTable } from '../../core/types.js';
import { chosenStage, type Stage } from '../stages/types.js';

/** A non-ASCII letter or digit (surrogate halves count as letters: the character they make is one, or an emoji). */
const WORD_CHAR = /[\p{L}\p{N}\uD800-\uDFFF]/u;
/** Words per shingle: a line of at least this many words repeats when each of its runs of this many words was seen. */
const SPAN = 5;

/** Is char code `c` (of lower-cased text) part of a word: a letter, a digit or `_`. */
function wordChar(c: number): boolean {
  return c < 128 ? (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 : WORD_CHAR.test(String.fromCharCode(c));
}

/** The FNV-1a hashes of the words of `text` (lower-cased) into `out`; returns the characters of the words joined by one space. */
function wordHashes(text: string, out: number[]): number {
  out.length = 0;
  let h = 0, inWord = false, chars = 0;
  for (let p = 0; p < text.length; p++) {
    const c = text.charCodeAt(p);
    if (wordChar(c)) {
      h = Math.imul((inWord ? h : 0x811c9dc5) ^ c, 0x01000193);
      inWord = true;
      chars++;
    } else if (inWord) { out.push(h); inWord = false; }
  }
  if (inWord) out.push(h);
  return out.length > 0 ? chars + out.length - 1 : 0;
}

/** The key of the run of words `w[from, to)`: a small integer (30 bits), so that a Set holds it unboxed. */
function runKey(w: readonly number[], from: number, to: number): number {
  let g = 0x811c9dc5 ^ (to - from);
  for (let j = from; j < to; j++) g = Math.imul(g ^ w[j]!, 0x01000193);
  return g & 0x3fffffff;
}

/**
 * The chosen lines less those repeating earlier chosen text (module comment); undefined when none repeats. A line's words
 * (lower-cased) repeat when the line is a run of consecutive words of the chosen lines before it, read as runs of at most
 * SPAN words (hashed into a set, so the cost grows with the words, not their square): each of its runs of SPAN words, or
 * the whole line when shorter, was seen before.
 * @param chosen 1 per chosen line; not changed
 * @param minChars the fewest characters of a line's words, joined by one space, for it to be dropped as a repeat (> 0)
 */
export function dropQuotedLines(table: LineTable, chosen: Uint8Array, minChars: number): Uint8Array | undefined {
  // block: the runs of the current block of code (consecutive chosen code lines), against which a code line is judged.
  const seen = new Set<number>(), block = new Set<number>(), w: number[] = [];
  let out: Uint8Array | undefined;
  for (let i = 0; i < table.count; i++) {
    if (!chosen[i] || table.contentChars[i]! === 0) continue;
    const code = (table.context[i]! & (LineContext.Preformatted | LineContext.Quote)) === LineContext.Preformatted;
    if (!code) block.clear();
    const chars = wordHashes(table.lineText(i).toLowerCase(), w);
    const n = Math.min(SPAN, w.length);
    if (n > 0 && chars >= minChars) {
      const runs = code ? block : seen;
      let all = true;
      for (let k = 0; k + n <= w.length && all; k++) all = runs.has(runKey(w, k, k + n));
      if (all) {
        (out ??= chosen.slice())[i] = 0;
        continue;
      }
    }
    // Every run of 1..SPAN words of the line (a later, shorter quote of it is one of them).
    for (let k = 0; k < w.length; k++) for (let j = k + 1; j <= Math.min(w.length, k + SPAN); j++) {
      const key = runKey(w, k, j);
      seen.add(key);
      if (code) block.add(key);
    }
  }
  return out;
}

/** Stage `quotes`: lines repeating earlier chosen text go (`quoteChars`; 0 = off). */
export const quotesStage: Stage = chosenStage({
  id: 'quotes', purpose: 'a line repeating the text of earlier chosen lines (a quoted post, a block printed twice) goes (quoteChars)',
  kept: '',
  dropped: 'repeats the text of earlier chosen lines (a quoted post, a block printed twice)',
}, (o) => o.quoteChars > 0, (table, chosen, o) => dropQuotedLines(table, chosen, o.quoteChars));
