/**
 * Characters of text as the line builder counts and shows them: white space (JavaScript's `\s`,
 * as the text is collapsed), character references (found, and decoded without the decoder for
 * the most frequent ones), and the flags of the text pieces a line's text is copied from.
 */
import { decodeHTML } from 'entities';

/** A run of white space (collapsed to one space in a line's text). */
export const WHITESPACE_RUN = /[\s\u00a0]+/g;
export const AMPERSAND = 0x26;
const SEMICOLON = 0x3b;
/** Longest named character reference (`&CounterClockwiseContourIntegral;`) is 33 characters. */
const MAX_ENTITY = 34;

/**
 * If `src[at]` (an `&`) starts a character reference ending in `;` before
 * `limit`, the offset just past the `;`, else 0. Legacy references without
 * a semicolon are counted as written (the materialised text decodes them).
 */
export function entityEnd(src: string, at: number, limit: number): number {
  const stop = Math.min(limit, at + MAX_ENTITY);
  for (let j = at + 1; j < stop; j++) {
    const c = src.charCodeAt(j);
    if (c === SEMICOLON) return j > at + 1 ? j + 1 : 0;
    const alnum = (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || c === 0x23;
    if (!alnum) return 0;
  }
  return 0;
}

/**
 * The character reference `src[at, end)` (`&` … `;`) decoded. The five most frequent on the
 * shared pages (`&nbsp;`, `&amp;`, `&quot;`, `&lt;`, `&gt;`: 80 % of cleaneval's) are
 * recognised in place, without cutting a string for the decoder.
 */
export function decodeReference(src: string, at: number, end: number): string {
  switch (end - at) {
    case 4:
      if (src.charCodeAt(at + 2) === 0x74) { // t
        const c = src.charCodeAt(at + 1);
        if (c === 0x6c) return '<';
        if (c === 0x67) return '>';
      }
      break;
    case 5:
      if (src.startsWith('amp', at + 1)) return '&';
      break;
    case 6:
      if (src.startsWith('nbsp', at + 1)) return '\u00a0';
      if (src.startsWith('quot', at + 1)) return '"';
      break;
  }
  return decodeHTML(src.slice(at, end));
}

/** Flags of a text piece, in the high bits of its start offset (source offsets stay below 2^30 in V8). */
export const PIECE_SPACE = 0x80000000, PIECE_ENTITY = 0x40000000, PIECE_OFFSET = 0x3fffffff;
/** Flag of a text segment's end (LineColumns.segEnd): a word break follows it (an image between words). */
export const SEGMENT_SPACE = 0x80000000, SEGMENT_OFFSET = 0x7fffffff;

/** May a single space followed by `c` stay inside a text piece (`c` visible and not `&`)? */
export function continuesPiece(c: number): boolean {
  return c !== AMPERSAND && !isSpace(c);
}

/**
 * White space as JavaScript's `\s` defines it (which includes U+00A0): the
 * same set `WHITESPACE_RUN` collapses, so counted and materialised text agree.
 */
export function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

