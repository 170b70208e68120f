/**
 * The title line: the heading that repeats the page's `<title>` (the rule and its measurements are in
 * extract/title.ts, which anchors the DANA core on it; the evidence rules measure positions from it).
 */
import { BlockKind, type LineTable } from '../core/types.js';
import { tokenize } from '../core/tokenize.js';
import { nameHash } from '../html/tags.js';

/** Share of a candidate line's tokens that must occur in the title. */
const TITLE_SHARE = 0.6;
/** Tokens a candidate line must share with the title (fewer when the title has fewer). */
const MIN_SHARED = 3;
const MAIN = nameHash('main');
/** Elements whose headings are the site's, never the page's title: "About <Site>" in a footer, a menu's heading (an aside may hold the post itself). */
const CHROME: ReadonlySet<number> = new Set(['nav', 'footer'].map(nameHash));

/** True when line i starts inside a nav or footer element (one holding `<main>`, a parse artefact, is not). */
function inChrome(table: LineTable, i: number): boolean {
  const tree = table.elements;
  if (!tree?.tag) return false;
  for (let e = tree.line[i]! - 1; e >= 0; e = tree.parent[e]! - 1) {
    const h = tree.tag[e]!;
    if (h === MAIN) return false;
    if (CHROME.has(h)) return true;
  }
  return false;
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
    if (shared > bestShared && shared >= TITLE_SHARE * tokens.length && !inChrome(table, i)) { best = i; bestShared = shared; }
  }
  return best;
}

