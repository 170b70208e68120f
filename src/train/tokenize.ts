/**
 * Tokeniser used to align gold text to page lines.
 *
 * NOTE for the lead: `src/eval/tokenize.ts` (branch `eval`) tokenises the same
 * way for the metrics; once both are on main, this file should re-export that
 * one so labels and metrics share a single definition.
 */

/** One Han / Hiragana / Katakana character, or a run of other letters, marks and digits. */
const TOKEN_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{M}\p{N}])+/gu;

/**
 * Split text into tokens: Unicode word runs (letters, marks, digits) lower-cased,
 * and each Han or kana character as a token of its own (CJK text has no spaces).
 * Punctuation and white space separate tokens and are dropped.
 *
 * @param text any text
 * @returns tokens in text order
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TOKEN_RE)) out.push(m[0].toLowerCase());
  return out;
}
