/**
 * The WCXB metric (Web Content eXtraction Benchmark, Foley 2026): word F1 over
 * the `\w+` tokens of the lower-cased texts, averaged per page by the caller.
 *
 * Tokens: Python's `re.findall(r'\w+', text.lower())`. Python's `\w` on a str
 * is a letter (`\p{L}`), a number (`\p{N}`) or `_`, and nothing else (checked
 * over every code point with Python 3.11: categories Ll Lm Lo Lt Lu Nd Nl No
 * and the one Pc character `_`; combining marks `\p{M}` are not word
 * characters, so `é` written as e + U+0301 splits there, as in the scorer).
 * JavaScript's `\w` is ASCII-only, hence the explicit class below. Unlike the
 * tokens of `core/tokenize.ts`, CJK is not cut per character and `_` joins.
 *
 * Overlap: the multiset intersection of the two token bags (Σ_t min(count_pred,
 * count_gold)), P = overlap / |pred|, R = overlap / |gold| — the word-F1 of the
 * SQuAD-style scorers WCXB follows (`Counter(pred) & Counter(gold)`). The other
 * plausible reading, sets of distinct words, is `bag: 'set'`.
 * Empty texts: empty gold scores 1 when the output has no token and 0
 * otherwise (the benchmark's rule); an empty output on non-empty gold scores 0.
 */
import { hasNonAsciiChar } from '../core/ascii.js';
import { type Prf, prf } from './metrics.js';

/** How tokens are compared: multisets with counts (default) or sets of distinct words. */
export type WordBag = 'multiset' | 'set';

/** Python's `\w+` on Unicode strings: letters, numbers and `_`. */
const WORD_RE = /[\p{L}\p{N}_]+/gu;
/** The same on an all-ASCII lower-cased text (faster). */
const ASCII_WORD_RE = /[a-z0-9_]+/g;

/**
 * The WCXB tokens of a text: `re.findall(r'\w+', text.lower())`.
 * @param text any text
 */
export function wordTokens(text: string): string[] {
  const lower = text.toLowerCase();
  return lower.match(hasNonAsciiChar(lower) ? WORD_RE : ASCII_WORD_RE) ?? [];
}

/**
 * WCXB word precision / recall / F1 of one page (see the module comment).
 * @param predicted extractor output
 * @param gold gold main text
 * @param bag multiset (default, the scorer's) or set of distinct words
 */
export function wordF1(predicted: string, gold: string, bag: WordBag = 'multiset'): Prf {
  return wordScore(wordTokens(predicted), wordTokens(gold), bag);
}

/**
 * Word P/R/F1 of two token lists (see {@link wordF1}).
 * @param predicted tokens of the output
 * @param gold tokens of the gold text
 * @param bag multiset or set
 */
export function wordScore(predicted: readonly string[], gold: readonly string[], bag: WordBag = 'multiset'): Prf {
  const counts = new Map<string, number>();
  let goldSize = 0;
  for (const t of gold) {
    const c = counts.get(t);
    if (bag === 'set' && c !== undefined) continue;
    counts.set(t, (c ?? 0) + 1);
    goldSize++;
  }
  let overlap = 0;
  let predSize = 0;
  const seen = bag === 'set' ? new Set<string>() : null;
  for (const t of predicted) {
    if (seen) {
      if (seen.has(t)) continue;
      seen.add(t);
    }
    predSize++;
    const c = counts.get(t);
    if (c !== undefined && c > 0) {
      overlap++;
      counts.set(t, c - 1);
    }
  }
  return prf(overlap, predSize, goldSize);
}
