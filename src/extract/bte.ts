/**
 * Body Text Extraction (Finn, Kushmerick & Smyth 2001, "Fact or fiction:
 * content classification for digital libraries"), as described in seed 004 §2:
 * the page becomes a binary vector of word and tag tokens, and BTE returns the
 * single contiguous span that maximises
 *
 *   (tag tokens before i) + (text tokens in [i, j]) + (tag tokens after j).
 *
 * Since the tags before and after the span equal (all tags − tags inside), the
 * maximiser is the maximum-sum subarray of the weights text = +1, tag = −1,
 * found in O(n) with Kadane's algorithm over the token stream (a text token of
 * w words weighs +w, which is exact: the optimum never splits a run of +1s).
 */
import type { Extraction } from '../core/types.js';
import { TokenKind, tokenizeHtml, type TokenStream } from './token-stream.js';
import { countParagraphs, joinChosenText } from './token-text.js';
import { countWords } from './words.js';

/** A token span `[start, end)` and its objective value (text tokens inside − tag tokens inside). */
export interface TokenSpan {
  readonly start: number;
  readonly end: number;
  readonly score: number;
}

/**
 * Find BTE's span: the maximum-sum subarray of per-token weights.
 * @param weights one weight per token (text = +words, tag = −1, hidden = 0).
 * @returns the first span of maximal sum (empty span `[0, 0)` with score 0 when no weight is positive).
 */
export function maxWeightSpan(weights: ArrayLike<number>): TokenSpan {
  let best = 0;
  let bestStart = 0;
  let bestEnd = 0;
  let run = 0;
  let runStart = 0;
  for (let i = 0; i < weights.length; i++) {
    if (run <= 0) {
      run = 0;
      runStart = i;
    }
    run += weights[i]!;
    if (run > best) {
      best = run;
      bestStart = runStart;
      bestEnd = i + 1;
    }
  }
  return { start: bestStart, end: bestEnd, score: best };
}

/** BTE weights of a token stream: +words for visible text, −1 for a tag, 0 for hidden text. */
export function bteWeights(tokens: TokenStream): Int32Array {
  const w = new Int32Array(tokens.count);
  for (let i = 0; i < tokens.count; i++) {
    const k = tokens.kind[i];
    w[i] = k === TokenKind.Tag ? -1 : k === TokenKind.Text ? countWords(tokens.text[i]!) : 0;
  }
  return w;
}

/**
 * Extract the main content with BTE.
 * @param html decoded page source.
 * @returns the text of the best span; `blocks` is empty (the span is over tokens, not lines).
 */
export function extractBte(html: string): Extraction {
  const tokens = tokenizeHtml(html);
  const span = maxWeightSpan(bteWeights(tokens));
  const chosen = new Uint8Array(tokens.count);
  chosen.fill(1, span.start, span.end);
  return { method: 'bte', blocks: [], text: joinChosenText(tokens, chosen), lineCount: countParagraphs(tokens) };
}
