/**
 * Tokenisation shared by every evaluation metric: the predicted and the gold
 * text go through exactly this function, so both sides are cut the same way.
 *
 * Rule (applied to the lower-cased text, `String.prototype.toLowerCase`, which
 * is locale-independent):
 * - every Han, Hiragana or Katakana character (letters and numbers whose
 *   Unicode Script_Extensions include Han / Hiragana / Katakana, so also the
 *   prolonged-sound mark `ー` and half-width kana) is a token of its own —
 *   Chinese and Japanese do not separate words with spaces, and the CJK
 *   extraction literature scores them per character;
 * - every other maximal run of letters (`\p{L}`), combining marks (`\p{M}`)
 *   and numbers (`\p{N}`) is one token;
 * - everything else (white space, punctuation, symbols, `_`) separates tokens
 *   and is dropped. So `don't` gives `don`, `t`; `3.14` gives `3`, `14`;
 *   a punctuation-only text has no tokens.
 * Scripts written without spaces other than CJK (Thai, Lao, Khmer, Myanmar)
 * come out as long runs; the seeds' datasets have none.
 */

import { hasNonAsciiChar } from './ascii.js';

/**
 * One Han / kana character, or a run of other letters, marks and numbers.
 * Uses the `v` flag's class intersection (`&&`) and subtraction (`--`), which
 * Node 20 supports; built with `new RegExp` because the `v` literal needs an
 * ES2024 compile target.
 */
const CJK = String.raw`[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]`;
const WORD = String.raw`[\p{L}\p{N}\p{M}]`;
const TOKEN_RE = new RegExp(`[${WORD}&&${CJK}]|[${WORD}--${CJK}]+`, 'gv');
/**
 * The same rule on a lower-cased text that is all ASCII: the only ASCII letters,
 * marks and numbers are `a`–`z` and `0`–`9`, and none is Han or kana. Matching
 * this plain pattern is several times faster than the `v`-flag one above.
 */
const ASCII_TOKEN_RE = /[a-z0-9]+/g;

/**
 * Split a text into evaluation tokens (see the module comment for the rule).
 * @param text any plain text (no markup is removed here)
 * @returns the tokens in text order, lower-cased
 */
export function tokenize(text: string): string[] {
  if (text.length === 0) return [];
  // Tested after lower-casing: a few non-ASCII letters lower-case to ASCII (KELVIN SIGN → `k`).
  const lower = text.toLowerCase();
  return lower.match(hasNonAsciiChar(lower) ? TOKEN_RE : ASCII_TOKEN_RE) ?? [];
}

/** Two token sequences mapped to small integer ids over a shared alphabet. */
export interface InternedPair {
  /** Ids of the first sequence. */
  readonly a: Int32Array;
  /** Ids of the second sequence. */
  readonly b: Int32Array;
  /** The token of each id (`tokens[id]`), so `tokens.length` is the alphabet size. */
  readonly tokens: readonly string[];
}

/**
 * Map two token sequences to integer ids (equal tokens ↔ equal ids), the
 * input form of {@link lcsLength} and of the bag-of-words counts.
 * @param a first token sequence
 * @param b second token sequence
 * @returns ids of both sequences and the id → token table
 */
export function internPair(a: readonly string[], b: readonly string[]): InternedPair {
  const ids = new Map<string, number>();
  const tokens: string[] = [];
  const map = (seq: readonly string[]): Int32Array => {
    const out = new Int32Array(seq.length);
    for (let i = 0; i < seq.length; i++) {
      const t = seq[i]!;
      let id = ids.get(t);
      if (id === undefined) {
        id = tokens.length;
        ids.set(t, id);
        tokens.push(t);
      }
      out[i] = id;
    }
    return out;
  };
  const ia = map(a);
  const ib = map(b);
  return { a: ia, b: ib, tokens };
}
