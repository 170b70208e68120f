/**
 * A 32-bit key of a short text: FNV-1a of the text lower-cased, white space
 * collapsed and every run of digits folded to one 0 ("3 comments" and
 * "12 comments" are the same line). Used for template lines
 * (train/templates.ts), structural signatures and class/id words (html/lines.ts).
 */

/** The key of a text (see the module comment); 0 for an empty text. */
export function lineKey(text: string): number {
  if (text.length === 0) return 0;
  const k = new LineKeyHasher();
  for (let i = 0; i < text.length; i++) k.push(text.charCodeAt(i));
  return k.key();
}

/**
 * {@link lineKey} fed one UTF-16 unit at a time: the key of a text that is never
 * built as a string (LineTable.lineKey hashes a line straight from the source).
 */
export class LineKeyHasher {
  private h = 0x811c9dc5;
  private space = false;
  private digit = false;
  private any = false;

  push(c: number): void {
    this.any = true;
    if (c >= 97 && c <= 122) {
      // a–z, most characters: the general case below, shortened.
      if (this.space) { this.h = Math.imul(this.h ^ 32, 0x01000193); this.space = false; }
      this.digit = false;
      this.h = Math.imul(this.h ^ c, 0x01000193);
      return;
    }
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0) { this.space = true; this.digit = false; return; }
    if (this.space) { this.h = Math.imul(this.h ^ 32, 0x01000193); this.space = false; }
    if (c >= 48 && c <= 57) {
      if (this.digit) return;
      this.digit = true;
      c = 48;
    } else {
      this.digit = false;
      if (c >= 65 && c <= 90) c += 32;
      else if (c >= 0x80) c = lowerCase(c);
    }
    this.h = Math.imul(this.h ^ c, 0x01000193);
  }

  /** The key of what was pushed (0 for nothing). */
  key(): number {
    return this.any ? (this.h >>> 0) || 1 : 0;
  }
}

/** First UTF-16 unit of the lower case of each character, filled on first use (0: not yet). */
const LOWER = new Uint16Array(0x10000);

/** `String.fromCharCode(c).toLowerCase().charCodeAt(0)`, memoised (no string per character). */
function lowerCase(c: number): number {
  let l = LOWER[c]!;
  if (l === 0) LOWER[c] = l = String.fromCharCode(c).toLowerCase().charCodeAt(0);
  return l;
}
