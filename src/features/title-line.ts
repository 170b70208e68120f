/**
 * The title line: the heading that repeats the page's `<title>` (the rule and its measurements are in
 * extract/title.ts, which anchors the DANA core on it; the evidence rules measure positions from it).
 */
import { BlockKind, type LineTable } from '../core/types.js';
import { tokenize } from '../core/tokenize.js';

/** Share of a candidate line's tokens that must occur in the title. */
const TITLE_SHARE = 0.6;
/** Tokens a candidate line must share with the title (fewer when the title has fewer). */
const MIN_SHARED = 3;

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

