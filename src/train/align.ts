/**
 * Gold text → topical / non-topical line labels (issue 4, item 1).
 *
 * The FAR-SW paper labels its training lines by hand (§3.3, Table 2); farsw
 * derives the labels from a page's gold text instead.
 *
 * Rule (farsw's choice): a line is **topical** when at least `threshold` of
 * its tokens are matched, in order, against the gold token sequence:
 *
 *   share(line) = LCS(lineTokens, goldWindow) / |lineTokens|  ≥ threshold
 *
 * Tokens come from `tokenize` in src/core/tokenize.ts, the metrics' tokeniser
 * (word runs lower-cased; one token per Han / kana character, including marks
 * such as `ー` whose Script_Extensions are kana), so the labels and the scores
 * cut text the same way. Computing an LCS against the whole gold for every line would be
 * O(|line| · |gold|); instead each line is cut into chunks of at most
 * `ALIGN_CHUNK` tokens and each chunk is aligned against a window of the gold:
 *   1. every adjacent token pair (bigram) of the chunk that also occurs in the
 *      gold votes for the diagonal `goldPos − chunkPos`, weighted by
 *      1 / (number of gold occurrences of the bigram), so rare pairs dominate;
 *   2. the gold window is the best diagonal ± a slack of 16 + k/4 tokens;
 *   3. the matched tokens are the LCS of chunk and window (exact DP with
 *      backtracking, so the matched gold positions are known; among equally
 *      long alignments the one nearest the diagonal is taken).
 * A one-token line matches only when some line of the gold text is that one
 * token (a heading such as "Introduction"): with no pair to vote with, a menu
 * item "Harbour" would otherwise match any "harbour" in the article and be
 * labelled topical. A one-token chunk of a longer line (the tail of a line
 * over `ALIGN_CHUNK` tokens) matches when its token occurs anywhere in the gold.
 * A chunk without any shared bigram matches nothing. Lines without tokens
 * (punctuation only, empty) are non-topical.
 *
 * Label quality (reported by `train`): the share of gold tokens covered by the
 * matches of topical lines, and the share of topical-line tokens left
 * unmatched (i.e. text labelled topical that is not in the gold).
 */

import { tokenize } from '../core/tokenize.js';

/** Longest run of line tokens aligned in one DP (bounds the cost to O(chunk · (chunk + slack)) per chunk). */
export const ALIGN_CHUNK = 256;
/** Bigrams with more gold occurrences than this are too common to vote. */
const MAX_BIGRAM_POSITIONS = 2000;

/** Labels of one page's lines plus the counts behind the label-quality figures. */
export interface LineLabels {
  /** 1 = topical, 0 = not; one entry per line. */
  readonly topical: Uint8Array;
  /** Tokens per line. */
  readonly lineTokens: Uint32Array;
  /** Tokens per line matched in order in the gold. */
  readonly matchedTokens: Uint32Array;
  /** Tokens of the gold. */
  readonly goldTokens: number;
  /** Gold tokens matched by some topical line. */
  readonly goldCovered: number;
  /** Tokens of topical lines. */
  readonly topicalTokens: number;
  /** Tokens of topical lines not matched in the gold. */
  readonly topicalUnmatched: number;
}

/**
 * Label each line topical or not by aligning its tokens to the gold text (rule in the module comment).
 *
 * @param lineTexts visible text of each line (LineTable.text)
 * @param gold the page's main text
 * @param threshold minimum share of a line's tokens matched in order in the gold, in [0, 1]
 * @param exclusive each gold token is credited to one line: lines are taken by share matched (then by how many of the two
 *   lines either side match too, then length, then order), and a
 *   line is topical when the gold tokens not yet credited to a line before it still make `threshold` of its tokens
 *   (a breadcrumb or teaser repeating the headline loses it to the headline itself)
 * @returns per-line labels and token counts; pure and deterministic
 */
export function alignGold(lineTexts: readonly string[], gold: string, threshold: number, exclusive = false): LineLabels {
  const n = lineTexts.length;
  const topical = new Uint8Array(n);
  const lineTokens = new Uint32Array(n);
  const matchedTokens = new Uint32Array(n);

  // Intern gold tokens; line tokens absent from the gold become -1. The gold is tokenised line by
  // line (a newline always separates tokens, so the sequence is the same), noting the lines of a
  // single token: what a one-token line may match.
  const ids = new Map<string, number>();
  const goldStrings: string[] = [];
  const singleStrings: string[] = [];
  for (const goldLine of gold.split('\n')) {
    const t = tokenize(goldLine);
    if (t.length === 1) singleStrings.push(t[0]!);
    for (const x of t) goldStrings.push(x);
  }
  const G = goldStrings.length;
  const g = new Int32Array(G);
  for (let i = 0; i < G; i++) {
    const t = goldStrings[i]!;
    let id = ids.get(t);
    if (id === undefined) { id = ids.size; ids.set(t, id); }
    g[i] = id;
  }
  const V = ids.size;
  const unigramFirst = new Map<number, number[]>();
  const bigramPos = new Map<number, number[]>();
  for (let i = 0; i < G; i++) {
    let u = unigramFirst.get(g[i]!);
    if (!u) { u = []; unigramFirst.set(g[i]!, u); }
    u.push(i);
    if (i + 1 < G) {
      const key = g[i]! * V + g[i + 1]!;
      let b = bigramPos.get(key);
      if (!b) { b = []; bigramPos.set(key, b); }
      b.push(i);
    }
  }

  const singles = new Set(singleStrings.map((t) => ids.get(t)!));

  const covered = new Uint8Array(G);
  const maxSlack = 16 + (ALIGN_CHUNK >> 2);
  const maxW = ALIGN_CHUNK + 2 * maxSlack + 1;
  const dp = new Uint16Array((ALIGN_CHUNK + 1) * (maxW + 1));
  const hits: number[] = [];
  let goldCovered = 0;
  let topicalTokens = 0;
  let topicalUnmatched = 0;

  const candidates: { line: number; hits: number[] }[] = [];
  for (let line = 0; line < n; line++) {
    const toks = tokenize(lineTexts[line]!);
    const k = toks.length;
    lineTokens[line] = k;
    if (k === 0) continue;
    if (k === 1 && !singles.has(ids.get(toks[0]!) ?? -1)) continue;
    const c = new Int32Array(k);
    for (let j = 0; j < k; j++) c[j] = ids.get(toks[j]!) ?? -1;
    hits.length = 0;
    let matched = 0;
    for (let s = 0; s < k; s += ALIGN_CHUNK) {
      matched += alignChunk(c.subarray(s, Math.min(k, s + ALIGN_CHUNK)), g, V, bigramPos, unigramFirst, dp, maxW, hits);
    }
    matchedTokens[line] = matched;
    if (matched / k < threshold) continue;
    if (exclusive) { candidates.push({ line, hits: [...new Set(hits)] }); continue; }
    topical[line] = 1;
    topicalTokens += k;
    topicalUnmatched += k - matched;
    for (const p of hits) if (!covered[p]) { covered[p] = 1; goldCovered++; }
  }
  if (exclusive) {
    const share = (x: { line: number }): number => matchedTokens[x.line]! / lineTokens[x.line]!;
    // Ties (the same text shown twice): the copy among other matching lines, i.e. in the article's flow.
    const matching = new Uint8Array(n);
    for (const x of candidates) matching[x.line] = 1;
    const context = (x: { line: number }): number => {
      let c = 0;
      for (let d = -2; d <= 2; d++) if (d !== 0 && x.line + d >= 0 && x.line + d < n) c += matching[x.line + d]!;
      return c;
    };
    candidates.sort((a, b) => share(b) - share(a) || context(b) - context(a) || lineTokens[b.line]! - lineTokens[a.line]! || a.line - b.line);
    for (const { line, hits: h } of candidates) {
      let fresh = 0;
      for (const p of h) if (!covered[p]) fresh++;
      const k = lineTokens[line]!;
      if (fresh / k < threshold) continue;
      topical[line] = 1;
      matchedTokens[line] = fresh;
      topicalTokens += k;
      topicalUnmatched += k - fresh;
      for (const p of h) if (!covered[p]) { covered[p] = 1; goldCovered++; }
    }
  }
  return { topical, lineTokens, matchedTokens, goldTokens: G, goldCovered, topicalTokens, topicalUnmatched };
}

/** Align one chunk (token ids, −1 = not in gold); push matched gold positions to `hits`; return the match count. */
function alignChunk(
  c: Int32Array, g: Int32Array, V: number,
  bigramPos: ReadonlyMap<number, readonly number[]>, unigramPos: ReadonlyMap<number, readonly number[]>,
  dp: Uint16Array, maxW: number, hits: number[],
): number {
  const k = c.length;
  if (k === 1) {
    const pos = c[0]! >= 0 ? unigramPos.get(c[0]!) : undefined;
    if (!pos) return 0;
    hits.push(pos[0]!);
    return 1;
  }
  // 1. Vote for a diagonal with the chunk's bigrams.
  const votes = new Map<number, number>();
  for (let j = 0; j + 1 < k; j++) {
    const a = c[j]!, b = c[j + 1]!;
    if (a < 0 || b < 0) continue;
    const pos = bigramPos.get(a * V + b);
    if (!pos || pos.length > MAX_BIGRAM_POSITIONS) continue;
    const w = 1 / pos.length;
    for (const p of pos) votes.set(p - j, (votes.get(p - j) ?? 0) + w);
  }
  if (votes.size === 0) return 0;
  let best = 0, bestVote = -1;
  for (const [d, v] of votes) if (v > bestVote || (v === bestVote && d < best)) { best = d; bestVote = v; }
  // 2. Gold window around the diagonal.
  const slack = 16 + (k >> 2);
  const lo = Math.max(0, best - slack);
  const hi = Math.min(g.length, best + k + slack);
  const w = hi - lo;
  if (w <= 0) return 0;
  // 3. LCS DP (rows = chunk tokens, columns = window), then backtrack.
  const W = Math.min(w, maxW) + 1;
  for (let x = 0; x < W; x++) dp[x] = 0;
  for (let i = 1; i <= k; i++) {
    const row = i * W, prev = row - W;
    dp[row] = 0;
    const ci = c[i - 1]!;
    for (let x = 1; x < W; x++) {
      if (ci >= 0 && ci === g[lo + x - 1]) dp[row + x] = dp[prev + x - 1]! + 1;
      else {
        const up = dp[prev + x]!, left = dp[row + x - 1]!;
        dp[row + x] = up >= left ? up : left;
      }
    }
  }
  const total = dp[k * W + W - 1]!;
  let i = k, x = W - 1;
  while (i > 0 && x > 0) {
    const ci = c[i - 1]!;
    // Among equally long alignments prefer gold positions near the diagonal: skip a column
    // right of the expected position when skipping keeps the LCS (repeated words at a
    // paragraph's end would otherwise be matched into the next paragraph).
    if (lo + x - 1 > best + i - 1 && dp[i * W + x - 1] === dp[i * W + x]) { x--; continue; }
    if (ci >= 0 && ci === g[lo + x - 1] && dp[i * W + x] === dp[(i - 1) * W + x - 1]! + 1) {
      hits.push(lo + x - 1); i--; x--;
    } else if (dp[(i - 1) * W + x]! >= dp[i * W + x - 1]!) i--;
    else x--;
  }
  return total;
}
