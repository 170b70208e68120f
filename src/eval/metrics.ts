/**
 * Text-overlap metrics between an extractor's output and the gold text.
 *
 * Both metrics work on the tokens of `tokenize` (same rule for both sides):
 * - LCS token metric (Gottron 2007; DANA paper, seed 003, eq. 2): k = length
 *   of the longest common subsequence of the two token sequences,
 *   P = k / |predicted|, R = k / |gold|.
 * - Bag-of-words metric (FAR-SW paper, seed 002, eq. 6–8, after Eduardo 2009):
 *   overlap = size of the multiset intersection of the two token bags,
 *   P = overlap / |bag(predicted)|, R = overlap / |bag(gold)|. The paper
 *   measures sizes "in HTML bytes"; with `unit: 'bytes'` every token weighs
 *   the length of its UTF-8 encoding (separators and punctuation, which are
 *   not tokens, weigh nothing), with `unit: 'tokens'` (default) every token
 *   weighs 1.
 * F1 = 2PR / (P + R) for both. Edge cases: both texts without tokens →
 * P = R = F1 = 1 (nothing to extract, nothing extracted); exactly one without
 * tokens → P = R = F1 = 0; no overlap → F1 = 0.
 */
import { internPair, tokenize } from '../core/tokenize.js';
import { lcsLength } from './lcs.js';

/** Precision, recall and F1, each in [0, 1]. */
export interface Prf {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

/** Size unit of the bag-of-words metric: tokens (default) or UTF-8 bytes of the tokens (FAR-SW). */
export type BowUnit = 'tokens' | 'bytes';

/** Options of {@link scoreText}. */
export interface MetricOptions {
  /** Unit of the bag-of-words sizes (default `tokens`). */
  readonly unit?: BowUnit;
}

/** Both metrics for one (predicted, gold) pair, with the sizes they came from. */
export interface TextScore {
  readonly lcs: Prf;
  readonly bow: Prf;
  /** Tokens in the predicted text. */
  readonly predictedTokens: number;
  /** Tokens in the gold text. */
  readonly goldTokens: number;
}

/** P = R = F1 = 1. */
const PERFECT: Prf = Object.freeze({ precision: 1, recall: 1, f1: 1 });
/** P = R = F1 = 0. */
const ZERO: Prf = Object.freeze({ precision: 0, recall: 0, f1: 0 });

/**
 * Precision, recall and F1 from an overlap and the two sizes (DANA eq. 2,
 * FAR-SW eq. 6–8): P = overlap / predicted, R = overlap / gold,
 * F1 = 2PR / (P + R). Both sizes 0 → all 1; one size 0 → all 0.
 * @param overlap common part (LCS length, bag intersection), same unit as the sizes
 * @param predicted size of the predicted text
 * @param gold size of the gold text
 */
export function prf(overlap: number, predicted: number, gold: number): Prf {
  if (predicted === 0 && gold === 0) return PERFECT;
  if (predicted === 0 || gold === 0 || overlap === 0) return ZERO;
  const precision = overlap / predicted;
  const recall = overlap / gold;
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall) };
}

/**
 * LCS token precision / recall / F1 of two token sequences (DANA eq. 2).
 * @param predicted tokens of the extractor output
 * @param gold tokens of the gold text
 */
export function lcsScore(predicted: readonly string[], gold: readonly string[]): Prf {
  const pair = internPair(predicted, gold);
  return prf(lcsLength(pair.a, pair.b, pair.tokens.length), predicted.length, gold.length);
}

/**
 * Bag-of-words precision / recall / F1 of two token sequences (FAR-SW eq. 6–8):
 * overlap = Σ_t min(count_pred(t), count_gold(t)) · w(t), sizes = Σ count · w(t),
 * w(t) = 1 (`tokens`) or the UTF-8 byte length of t (`bytes`).
 * @param predicted tokens of the extractor output
 * @param gold tokens of the gold text
 * @param unit size unit (default `tokens`)
 */
export function bagOfWordsScore(predicted: readonly string[], gold: readonly string[], unit: BowUnit = 'tokens'): Prf {
  const pair = internPair(predicted, gold);
  return bowFromInterned(pair.a, pair.b, pair.tokens, unit);
}

/**
 * Both metrics for one page (see the module comment).
 * @param predicted extractor output (plain text)
 * @param gold gold main text (plain text)
 * @param options bag-of-words unit
 */
export function scoreText(predicted: string, gold: string, options: MetricOptions = {}): TextScore {
  const p = tokenize(predicted);
  const g = tokenize(gold);
  const pair = internPair(p, g);
  return {
    lcs: prf(lcsLength(pair.a, pair.b, pair.tokens.length), p.length, g.length),
    bow: bowFromInterned(pair.a, pair.b, pair.tokens, options.unit ?? 'tokens'),
    predictedTokens: p.length,
    goldTokens: g.length,
  };
}

/** Bag-of-words P/R/F1 over interned ids (see {@link bagOfWordsScore}). */
function bowFromInterned(a: Int32Array, b: Int32Array, tokens: readonly string[], unit: BowUnit): Prf {
  const size = tokens.length;
  const weight = new Float64Array(size);
  for (let id = 0; id < size; id++) weight[id] = unit === 'bytes' ? utf8Length(tokens[id]!) : 1;
  const countA = new Int32Array(size);
  const countB = new Int32Array(size);
  let sizeA = 0;
  let sizeB = 0;
  for (let i = 0; i < a.length; i++) {
    countA[a[i]!]!++;
    sizeA += weight[a[i]!]!;
  }
  for (let i = 0; i < b.length; i++) {
    countB[b[i]!]!++;
    sizeB += weight[b[i]!]!;
  }
  let overlap = 0;
  for (let id = 0; id < size; id++) overlap += Math.min(countA[id]!, countB[id]!) * weight[id]!;
  return prf(overlap, sizeA, sizeB);
}

/**
 * Length in bytes of the UTF-8 encoding of a string (lone surrogates count 3,
 * as their U+FFFD replacement).
 */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
