/**
 * `plain`: all visible text of the page, the lower bound every extractor must
 * beat (Table 3 of seed 004 lists it as "Plain").
 */
import type { Extraction } from '../core/types.js';
import { tokenizeHtml } from './token-stream.js';
import { countParagraphs, joinChosenText } from './token-text.js';

/**
 * Extract every visible text token (script, style, head and the other
 * never-rendered elements excluded).
 * @param html decoded page source.
 * @returns the extraction; `blocks` is empty, `lineCount` = paragraphs of visible text.
 */
export function extractPlain(html: string): Extraction {
  const tokens = tokenizeHtml(html);
  const all = new Uint8Array(tokens.count).fill(1);
  return { method: 'plain', blocks: [], text: joinChosenText(tokens, all), lineCount: countParagraphs(tokens) };
}
