/**
 * A 32-bit key of a short text: FNV-1a of the text lower-cased, white space
 * collapsed and every run of digits folded to one 0 ("3 comments" and
 * "12 comments" are the same line). Used for template lines
 * (train/templates.ts), structural signatures and class/id words (html/lines.ts).
 */

import type { LineTable } from '../core/types.js';

/** The key of line `i` of a table: `lineKey(lineText(i))`, without building the text where the table can. */
export function tableLineKey(table: Pick<LineTable, 'lineKey' | 'lineText'>, i: number): number {
  return table.lineKey ? table.lineKey(i) : lineKey(table.lineText(i));
}

/** The key of a text (see the module comment); 0 for an empty text. */
export function lineKey(text: string): number {
  if (text.length === 0) return 0;
  const k = new LineKeyHasher();
  k.pushRange(text, 0, text.length);
  return k.key();
}

/**
 * {@link lineKey} fed range by range: the key of a text that is never built as
 * one string (LineTable.lineKey hashes a line's pieces straight from the source).
 */
export class LineKeyHasher {
  /** FNV-1a state, as a signed 32-bit integer (`| 0`: the JIT keeps it in an integer register). */
  private h = 0x811c9dc5 | 0;
  private space = false;
  private digit = false;
  private any = false;

  /**
   * Push the UTF-16 units `text[from, to)`: lower-cased, runs of white space as one space
   * (hashed only before a following character), runs of digits as one `0`; the state is
   * kept in locals while the loop runs.
   */
  pushRange(text: string, from: number, to: number): void {
    if (from >= to) return;
    let h = this.h, space = this.space, digit = this.digit;
    for (let i = from; i < to; i++) {
      let c = text.charCodeAt(i);
      if (c >= 97 && c <= 122) {
        if (space) { h = Math.imul(h ^ 32, 0x01000193); space = false; }
        digit = false;
        h = Math.imul(h ^ c, 0x01000193);
        continue;
      }
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0) { space = true; digit = false; continue; }
      if (space) { h = Math.imul(h ^ 32, 0x01000193); space = false; }
      if (c >= 48 && c <= 57) {
        if (digit) continue;
        digit = true;
        c = 48;
      } else {
        digit = false;
        if (c >= 65 && c <= 90) c += 32;
        else if (c >= 0x80) c = lowerCase(c);
      }
      h = Math.imul(h ^ c, 0x01000193);
    }
    this.h = h; this.space = space; this.digit = digit; this.any = true;
  }

  /**
   * Push `text[from, to)` of a text already collapsed: its only white space is single
   * U+0020 spaces, each followed by a visible character (the pieces of a line,
   * html/lines.ts). The same key as {@link pushRange}, with fewer branches: a space
   * is hashed as it comes, and only digit runs keep a state.
   */
  pushCollapsed(text: string, from: number, to: number): void {
    if (from >= to) return;
    let h = this.h, digit = this.digit ? 1 : 0;
    if (this.space) { h = Math.imul(h ^ 32, 0x01000193); this.space = false; }
    for (let i = from; i < to; i++) {
      // Written without branches on the character: which way they go is unpredictable in text.
      const c = text.charCodeAt(i);
      const isDigit = (c - 48) >>> 0 < 10 ? 1 : 0;
      const next = Math.imul(h ^ (c < 0x80 ? ASCII_FOLD[c]! : lowerCase(c)), 0x01000193);
      h = isDigit & digit ? h : next; // a digit after a digit is not hashed
      digit = isDigit;
    }
    this.h = h; this.digit = digit === 1; this.any = true;
  }

  /** The key of what was pushed (0 for nothing). */
  key(): number {
    return this.any ? (this.h >>> 0) || 1 : 0;
  }
}

/** ASCII as {@link LineKeyHasher.pushRange} hashes it: A–Z lower-cased, every digit 0. */
const ASCII_FOLD = Uint8Array.from({ length: 0x80 }, (_, c) => (c >= 65 && c <= 90 ? c + 32 : c >= 48 && c <= 57 ? 48 : c));

/** First UTF-16 unit of the lower case of each character, filled on first use (0: not yet). */
const LOWER = new Uint16Array(0x10000);

/** `String.fromCharCode(c).toLowerCase().charCodeAt(0)`, memoised (no string per character). */
function lowerCase(c: number): number {
  let l = LOWER[c]!;
  if (l === 0) LOWER[c] = l = String.fromCharCode(c).toLowerCase().charCodeAt(0);
  return l;
}
