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
 * (or all of a shorter title's). Tokens are the metrics' (eval/tokenize.ts):
 * words, and single characters for Chinese and Japanese. Looking at every line
 * instead (the best match was a heading on 83 % of dragnet's pages) gave BoW F1
 * within 0.004 where it was measured (addanag on daniel, dragnet, readability and
 * cleaneval; dana on daniel's ru, el and zh pages) and cost 15–25 % of addanag's
 * time.
 *
 * Measured before it became a default (BoW F1 on every page of each dataset,
 * `decay` = 50, `before` = 0.25, off → on): addanag daniel 0.886 → 0.902,
 * dragnet 0.885 → 0.896, readability 0.857 → 0.865, cleaneval 0.876 → 0.875,
 * htmltotext 0.747 → 0.737, cleanportaleval 0.917 and chinese-wce 0.909
 * unchanged; dana on daniel's ru / el / zh pages 0.789 / 0.816 / 0.871 →
 * 0.860 / 0.833 / 0.915. Decay 25 and 100 gave within 0.01 of decay 50 on every
 * set; an exponential or squared decay, and `before` 0 or 0.5, were worse on
 * average. The default model gains less (+0.002 to +0.006): its rules already
 * drop most teasers. Cutting the model's lines before the title line changed F1
 * by −0.009 to +0.001 (dragnet −0.002, daniel +0.001, readability −0.007,
 * cleaneval −0.009), so the anchor only picks DANA's starting region.
 */
import { BlockKind, type LineTable } from '../core/types.js';
import { tokenize } from '../eval/tokenize.js';
import type { Region } from './dana.js';

/** Share of a candidate line's tokens that must occur in the title. */
const TITLE_SHARE = 0.6;
/** Tokens a candidate line must share with the title (fewer when the title has fewer). */
const MIN_SHARED = 3;

/** Options of the title anchor (defaults in DANA_DEFAULTS). */
export interface TitleAnchorOptions {
  /** d (lines) at which a region after the title line counts half; 0 turns the anchor off. */
  readonly titleDecay: number;
  /** Factor on the size of a region that ends before the title line. */
  readonly beforeTitle: number;
}

/**
 * The line repeating the page title (see the module comment for the rule).
 * @param table the page's lines; `table.title` is the page title
 * @returns the line index, or -1 when the page has no title or no line repeats it
 */
export function findTitleLine(table: LineTable, title: string | undefined = table.title): number {
  if (title === undefined) return -1;
  const titleTokens = new Set(tokenize(title));
  if (titleTokens.size < 2) return -1;
  // A line whose tokens are mostly title tokens is at most about as long as the title.
  const maxChars = Math.ceil(title.length / TITLE_SHARE) + 8;
  const need = Math.min(MIN_SHARED, titleTokens.size);
  let best = -1, bestShared = need - 1;
  for (let i = 0; i < table.count; i++) {
    const kind = table.block[i]!;
    if (kind < BlockKind.Heading1 || kind > BlockKind.Heading6) continue;
    const chars = table.contentChars[i]!;
    if (chars < 4 || chars > maxChars) continue;
    const tokens = tokenize(table.lineText(i));
    if (tokens.length < 2) continue;
    let shared = 0;
    for (const t of tokens) if (titleTokens.has(t)) shared++;
    if (shared > bestShared && shared >= TITLE_SHARE * tokens.length) { best = i; bestShared = shared; }
  }
  return best;
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
