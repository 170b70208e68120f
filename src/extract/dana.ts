/**
 * The DANA family (seeds 003 and 004): DANA, DANAg and AdDANAg.
 *
 * All three share one core on a {@link LineTable}:
 * 1. per line, a content measure T and a code measure S
 *    - `dana`: T = non-ASCII bytes, S = ASCII bytes of the line's UTF-8 source (DANA §IV.A;
 *      the seeds' README settles the T1/T2 naming: diff must be positive on main content);
 *    - `danag`: T = content (text) characters, S = code (markup) characters;
 *    - `addanag`: as danag, with S measured after hyperlink normalisation (AdDANAg §3.1);
 *    - `addana` (farsw's, AdDANAg's idea applied to DANA): anchor text is code, not content:
 *      T = max(0, non-ASCII bytes − A), S = ASCII bytes + A, A = UTF-8 bytes of the line's
 *      anchor text (so menus of non-Latin links no longer rise above the axis);
 * 2. smoothing, formula 1: diff_i = Σ_{j = i−r}^{i+r} (T_j − S_j), r = 1 (`radius`);
 * 3. regions: maximal runs of lines with diff_i > 0; a region's size is Σ T over its lines
 *    ("the number of characters for each region");
 * 4. Algorithm 1: start from the largest region r_m, add neighbouring regions to the left,
 *    then to the right, while the distance to the next one is ≤ `gap` lines (gap = 20);
 *    the distance between regions [a, b) and [c, d) is c − b, the lines between them.
 * 4a. (farsw's, `titleDecay`) Algorithm 1 starts from the region with the largest size ranked by its
 *    place relative to the line repeating the page title (`extract/title.ts`);
 * 5. (farsw's, `container`) the chosen lines outside the deepest block element holding
 *    most of their text are dropped (`extract/container.ts`); then (`titleContainer`) those
 *    outside the lowest element holding both the title line and the starting region;
 * 6. the chosen lines → text (`html/text.ts`).
 */
import type { Block, LineTable, Region } from '../core/types.js';
import { DANA_DEFAULTS } from '../core/defaults.js';
import { keepDominantContainer, keepTitleContainer } from './container.js';
import { blocksToMask, maskToBlocks } from './window.js';
import { smoothDiff } from '../features/dana-diff.js';
import { findTitleLine, rankRegions, type TitleAnchorOptions } from './title.js';

export type DanaVariant = 'dana' | 'addana' | 'danag' | 'addanag';
/** The DANA family (addana: farsw's hyperlink-normalised DANA). */
export const DANA_VARIANTS: readonly DanaVariant[] = ['dana', 'addana', 'danag', 'addanag'];

/** Is `name` a DANA-family extractor (its blocks index a LineTable built with the extractor options' `lines`)? */
export function isDanaVariant(name: string): name is DanaVariant {
  return (DANA_VARIANTS as readonly string[]).includes(name);
}

export interface DanaOptions extends TitleAnchorOptions {
  /** Algorithm 1's maximum distance between regions, in lines. */
  readonly gap: number;
  /** Smoothing radius r of formula 1. */
  readonly radius: number;
  /**
   * When no line has diff > 0, return the single line with the largest diff
   * instead of nothing (not in the papers, which assume a region exists).
   */
  readonly fallbackToBestLine: boolean;
  /**
   * θ of the single-container constraint (extract/container.ts, farsw's): keep only the chosen
   * lines inside the deepest block element holding ≥ θ of their text; 0 = off (the papers).
   */
  readonly container: number;
  /** The container holds at least this many chosen lines with text (1: any element, a single paragraph too). */
  readonly containerLines: number;
  /**
   * The title container (extract/container.ts, farsw's): with a title line, keep only the chosen lines inside
   * the lowest element holding it and the starting region, unless that keeps less than this share of their
   * text; 0 = off.
   */
  readonly titleContainer: number;
}

/** The DANA core's options with their defaults (`DANA_DEFAULTS`). */
export const DANA_OPTIONS: DanaOptions = DANA_DEFAULTS;

export type { Region };

/** Per-line content measure T and code measure S for a variant. */
export function danaColumns(table: LineTable, variant: DanaVariant): { content: Uint32Array; code: Uint32Array } {
  switch (variant) {
    case 'dana': return { content: table.nonAsciiBytes, code: table.asciiBytes };
    case 'addana': {
      const content = new Uint32Array(table.count), code = new Uint32Array(table.count);
      for (let i = 0; i < table.count; i++) {
        const a = table.anchorBytes[i]!;
        content[i] = Math.max(0, table.nonAsciiBytes[i]! - a);
        code[i] = table.asciiBytes[i]! + a;
      }
      return { content, code };
    }
    case 'danag': return { content: table.contentChars, code: table.codeChars };
    case 'addanag': return { content: table.contentChars, code: table.linkNormCodeChars };
  }
}

/** Does {@link danaColumns} read a byte count of markup for `variant` (LineOptions.markupBytes; dana and addana do)? */
export function readsMarkupBytes(variant: DanaVariant): boolean {
  return variant === 'dana' || variant === 'addana';
}

export { smoothDiff } from '../features/dana-diff.js';

/** Maximal runs of lines with diff > 0, in page order, sized by Σ content (× `weight` per line when given). */
export function findRegions(diff: ArrayLike<number>, content: ArrayLike<number>, weight?: ArrayLike<number>): Region[] {
  const regions: Region[] = [];
  let start = -1, size = 0;
  for (let i = 0; i <= diff.length; i++) {
    const above = i < diff.length && diff[i]! > 0;
    if (above) {
      if (start < 0) { start = i; size = 0; }
      size += weight ? content[i]! * weight[i]! : content[i]!;
    } else if (start >= 0) {
      regions.push({ start, end: i, size });
      start = -1;
    }
  }
  return regions;
}

/**
 * The region Algorithm 1 starts from: the largest (ties go to the first one).
 * @param ranks when given, "largest" compares these instead of the sizes (the title anchor)
 * @returns its index, -1 when there are no regions
 */
export function startRegion(regions: readonly Region[], ranks?: ArrayLike<number>): number {
  if (regions.length === 0) return -1;
  const rank = (i: number): number => (ranks ? ranks[i]! : regions[i]!.size);
  let m = 0;
  for (let i = 1; i < regions.length; i++) if (rank(i) > rank(m)) m = i;
  return m;
}

/**
 * Algorithm 1 (DANA §IV.B): the largest region plus its neighbours reachable
 * through distances ≤ gap, first leftwards then rightwards.
 * @param m the region to start from (default: the largest, {@link startRegion})
 */
export function selectRegions(regions: readonly Region[], gap: number, m = startRegion(regions)): Region[] {
  if (m < 0) return [];
  let lo = m, hi = m;
  while (lo > 0 && regions[lo]!.start - regions[lo - 1]!.end <= gap) lo--;
  while (hi < regions.length - 1 && regions[hi + 1]!.start - regions[hi]!.end <= gap) hi++;
  return regions.slice(lo, hi + 1);
}

/** The result of the DANA core: chosen blocks and the smoothed signal (for `explain`). */
export interface DanaResult {
  readonly blocks: Block[];
  readonly diff: Float64Array;
  readonly regions: readonly Region[];
  /** Index in `regions` of the region Algorithm 1 started from (-1: none). */
  readonly start: number;
  /** The line repeating the page title (extract/title.ts; -1: none, or the anchor is off). */
  readonly titleLine: number;
}

/**
 * Run the DANA core on a line table (steps 1–5 above); `weight` scales each line's T in region sizes.
 * @param given values the caller already computed on this table: `diff` = smoothDiff of the variant's columns with
 *   `options.radius`, `titleLine` = findTitleLine(table)
 */
export function danaCore(table: LineTable, variant: DanaVariant, options: DanaOptions = DANA_OPTIONS, weight?: ArrayLike<number>,
  given?: { readonly diff?: Float64Array; readonly titleLine?: number }): DanaResult {
  const { content, code } = danaColumns(table, variant);
  const diff = given?.diff ?? smoothDiff(content, code, options.radius);
  const regions = findRegions(diff, content, weight);
  const titleLine = options.titleDecay > 0 && table.count > 0 ? given?.titleLine ?? findTitleLine(table) : -1;
  const start = startRegion(regions, titleLine >= 0 ? rankRegions(regions, titleLine, options) : undefined);
  let chosen = selectRegions(regions, options.gap, start);
  if (chosen.length === 0 && options.fallbackToBestLine && table.count > 0) {
    let best = 0;
    for (let i = 1; i < diff.length; i++) if (diff[i]! > diff[best]!) best = i;
    chosen = [{ start: best, end: best + 1, size: content[best]! }];
  }
  const blocks = chosen.map((r) => ({ start: r.start, end: r.end, score: r.size }));
  const result = { diff, regions, start, titleLine };
  if (blocks.length === 0 || (options.container <= 0 && (options.titleContainer <= 0 || titleLine < 0))) return { ...result, blocks };
  let mask = keepDominantContainer(table, blocksToMask(blocks, table.count), options.container, options.containerLines);
  mask = keepTitleContainer(table, mask, titleLine, regions[start], options.titleContainer);
  return { ...result, blocks: maskToBlocks(mask).map((b) => ({ ...b, score: sumOf(content, b.start, b.end) })) };
}

function sumOf(values: ArrayLike<number>, start: number, end: number): number {
  let s = 0;
  for (let i = start; i < end; i++) s += values[i]!;
  return s;
}
