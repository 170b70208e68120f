/**
 * The title anchor (farsw's, after Readability's and trafilatura's use of the page
 * title): the main content of an article page starts at, or soon after, the line
 * that repeats the page's `<title>`. DANA's Algorithm 1 starts from the largest
 * region above the axis; on a page with a short article beside a long menu, a
 * list of teasers or a legal footer, the largest region is the wrong one. With
 * the anchor, the starting region is the one with the largest *ranked* size:
 * - a region that ends before the title line: size × `before` (menus and
 *   teasers above the headline);
 * - a region holding the title line: its size;
 * - a region starting d lines after it: size / (1 + d / `decay`).
 * The regions themselves, the neighbours Algorithm 1 adds and the block scores
 * are unchanged. Pages with no `<title>`, or no line repeating it, are left as
 * DANA has them.
 *
 * The title line is the heading (`<h1>` … `<h6>`) with the most tokens in common
 * with the title, among headings whose tokens are at least 60 % title tokens
 * (titles add the site's name, "Article – Site"), sharing at least three tokens
 * (or all of a shorter title's). Tokens are the metrics' (core/tokenize.ts):
 * words, and single characters for Chinese and Japanese. Only headings are
 * looked at: every line was no better and slower. The measurements behind the
 * anchor and its constants are in docs/decisions.md ("Title anchor").
 */
export { findTitleLine } from '../features/title-line.js';
import type { Region } from '../core/types.js';

/** Options of the title anchor (defaults in DANA_DEFAULTS). */
export interface TitleAnchorOptions {
  /** d (lines) at which a region after the title line counts half; 0 turns the anchor off. */
  readonly titleDecay: number;
  /** Factor on the size of a region that ends before the title line. */
  readonly beforeTitle: number;
}

/**
 * Region sizes ranked by their place relative to the title line (module comment).
 * @param regions DANA's regions in page order
 * @param titleLine the title line (-1: none, the sizes are returned as they are)
 * @returns one ranked size per region
 */
export function rankRegions(regions: readonly Region[], titleLine: number, options: TitleAnchorOptions): Float64Array {
  const ranks = new Float64Array(regions.length);
  regions.forEach((r, k) => {
    if (titleLine < 0 || options.titleDecay <= 0) ranks[k] = r.size;
    else if (r.end <= titleLine) ranks[k] = r.size * options.beforeTitle;
    else if (r.start <= titleLine) ranks[k] = r.size;
    else ranks[k] = r.size / (1 + (r.start - titleLine) / options.titleDecay);
  });
  return ranks;
}
