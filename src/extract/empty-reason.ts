/**
 * Why an extraction came out empty, in one line a user can act on
 * (`farsw apply` prints it on stderr instead of printing nothing).
 */
import { buildLineTable, type LineOptions } from '../html/lines.js';

/** Share of non-ASCII text bytes under which DANA (which counts non-ASCII bytes as content) finds nothing. */
const DANA_MIN_NON_ASCII = 0.05;

/**
 * The reason an extractor found no text on a page.
 * @param html the decoded page
 * @param method the extractor or model that ran (`dana`, `addana` count non-ASCII bytes as content)
 * @param lines the line options it used
 * @returns one sentence without a trailing period, e.g. "the page is empty"
 */
export function emptyReason(html: string, method: string, lines: Partial<LineOptions> = {}): string {
  if (html.trim() === '') return 'the page is empty';
  const table = buildLineTable(html, lines);
  let text = 0, textBytes = 0, nonAscii = 0;
  for (let i = 0; i < table.count; i++) {
    text += table.contentChars[i]!;
    textBytes += table.contentBytes[i]!;
    nonAscii += table.nonAsciiBytes[i]!; // markup is (almost always) ASCII: these are text bytes
  }
  if (text === 0) return 'the page has no visible text (only markup, scripts or hidden elements)';
  if ((method === 'dana' || method === 'addana') && nonAscii < DANA_MIN_NON_ASCII * textBytes) {
    return `${method} counts non-ASCII characters as content and this page's text is ${nonAscii === 0 ? 'all' : 'almost all'} ASCII (Latin script); use -a addanag, or the default model (no -a)`;
  }
  return `no part of its ${text} characters of text stands out from the markup around it as main content`;
}
