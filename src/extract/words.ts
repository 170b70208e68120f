/**
 * Word counting shared by the baselines (BTE's text tokens, WLR's tw(n)).
 */

/**
 * Count the words of a text: maximal runs of non-space characters, except
 * that every CJK ideograph, kana or hangul syllable counts as a word of its own
 * (those scripts do not separate words by spaces; the datasets' token rule
 * counts single characters for CJK too).
 * @param text decoded text.
 * @returns the number of words (≥ 0).
 */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c === 0xa0 || (c >= 0x2000 && c <= 0x200b) || c === 0x3000) {
      inWord = false;
    } else if (isCjk(c)) {
      words++;
      inWord = false;
    } else if (!inWord) {
      words++;
      inWord = true;
    }
  }
  return words;
}

/** Number of characters of `text` after white-space collapsing and trimming (UTF-16 units). */
export function collapsedLength(text: string): number {
  let n = 0;
  let space = true; // leading white space is dropped
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c === 0xa0) {
      if (!space) {
        n++;
        space = true;
      }
    } else {
      n++;
      space = false;
    }
  }
  return space && n > 0 ? n - 1 : n;
}

/** True for a UTF-16 unit in the CJK ideograph, kana or hangul blocks. */
function isCjk(c: number): boolean {
  return (
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x3040 && c <= 0x30ff) ||
    (c >= 0xac00 && c <= 0xd7af) ||
    (c >= 0xf900 && c <= 0xfaff)
  );
}
