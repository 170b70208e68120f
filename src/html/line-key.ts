/**
 * A 32-bit key of a short text: FNV-1a of the text lower-cased, white space
 * collapsed and every run of digits folded to one 0 ("3 comments" and
 * "12 comments" are the same line). Used for template lines
 * (train/templates.ts), structural signatures and class/id words (html/lines.ts).
 */

/** The key of a text (see the module comment); 0 for an empty text. */
export function lineKey(text: string): number {
  if (text.length === 0) return 0;
  let h = 0x811c9dc5;
  let space = false, digit = false;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0) { space = true; digit = false; continue; }
    if (space) { h = Math.imul(h ^ 32, 0x01000193); space = false; }
    if (c >= 48 && c <= 57) {
      if (digit) continue;
      digit = true;
      c = 48;
    } else {
      digit = false;
      if (c >= 65 && c <= 90) c += 32;
      else if (c >= 0x80) c = text.charAt(i).toLowerCase().charCodeAt(0);
    }
    h = Math.imul(h ^ c, 0x01000193);
  }
  return (h >>> 0) || 1;
}

