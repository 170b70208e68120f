/**
 * FAR-SW Steps 7–8 (seed 002, §3.4–3.5): sliding-window blocks over the
 * topical-line mask, block scores, and the choice of informative blocks.
 *
 * Step 7, read from its three conditions: a block B_k(start_k, end_k) starts on
 * the line *before* its first topical line and ends on the line *after* its last
 * one (M_{start+1} and M_{end−1} are TRUE, M_start and M_end are FALSE), and two
 * consecutive topical lines i < j inside it are at most Φ apart (d_ij ≤ Φ, i.e. at
 * most Φ − 1 non-topical lines between them). The paper's own example confirms the
 * padding: the block around the single topical line p636 is p635..p637 and its score
 * averages the three lines ((1.67 + 0.15 + 0.19) / 3 = 0.67). The padding is a
 * parameter (`padding`, default 1 line on each side, clipped to the page).
 */
import type { Block } from '../core/types.js';

/**
 * Blocks of topical lines at most `phi` apart, each padded by `padding` lines
 * on both sides (clipped to the page; overlapping padded blocks are merged).
 * Φ = 0 makes every topical line its own block (§4.2). Scores are 0.
 * @param mask 1 for topical lines
 * @returns blocks `[start, end)` in page order, disjoint
 */
export function slidingWindow(mask: ArrayLike<number>, phi: number, padding = 1): Block[] {
  const n = mask.length;
  const blocks: Block[] = [];
  let first = -1, last = -1;
  const emit = () => {
    const start = Math.max(0, first - padding), end = Math.min(n, last + 1 + padding);
    const prev = blocks[blocks.length - 1];
    if (prev && start < prev.end) blocks[blocks.length - 1] = { start: prev.start, end: Math.max(prev.end, end), score: 0 };
    else blocks.push({ start, end, score: 0 });
  };
  for (let i = 0; i < n; i++) {
    if (!mask[i]) continue;
    if (first < 0) first = last = i;
    else if (i - last <= phi) last = i;
    else { emit(); first = last = i; }
  }
  if (first >= 0) emit();
  return blocks;
}

/** Equation 5: each block's score is the mean of its lines' scores. */
export function scoreBlocks(blocks: readonly Block[], lineScore: ArrayLike<number>): Block[] {
  return blocks.map((b) => {
    let s = 0;
    for (let i = b.start; i < b.end; i++) s += lineScore[i]!;
    return { start: b.start, end: b.end, score: b.end > b.start ? s / (b.end - b.start) : 0 };
  });
}

/** The blocks an extraction keeps, and whether it had to fall back. */
export interface Selection {
  readonly blocks: Block[];
  /** True when no block passed the cutoff (the best one is then kept, unless the fallback is off). */
  readonly fallback: boolean;
}

/**
 * §3.5: keep the blocks whose score is > β (in page order); when none passes,
 * the single best-scoring block (ties: the first), farsw's fallback; with
 * `fallback` false nothing is kept, as in the paper.
 */
export function selectInformative(blocks: readonly Block[], beta: number, fallback = true): Selection {
  const kept = blocks.filter((b) => b.score > beta);
  if (kept.length > 0 || blocks.length === 0) return { blocks: kept, fallback: false };
  if (!fallback) return { blocks: [], fallback: true };
  let best = blocks[0]!;
  for (const b of blocks) if (b.score > best.score) best = b;
  return { blocks: [best], fallback: true };
}

/** Blocks → a 0/1 mask of `n` lines. */
export function blocksToMask(blocks: readonly Block[], n: number): Uint8Array {
  const mask = new Uint8Array(n);
  for (const b of blocks) mask.fill(1, b.start, b.end);
  return mask;
}

/** A 0/1 mask → maximal runs of 1s as blocks (score 0). */
export function maskToBlocks(mask: ArrayLike<number>): Block[] {
  const out: Block[] = [];
  let start = -1;
  for (let i = 0; i <= mask.length; i++) {
    const on = i < mask.length && mask[i] !== 0;
    if (on && start < 0) start = i;
    else if (!on && start >= 0) { out.push({ start, end: i, score: 0 }); start = -1; }
  }
  return out;
}
