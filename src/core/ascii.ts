/** Any character outside ASCII (no `g` flag: `test` keeps no state). */
const NON_ASCII_CHAR = /[^\x00-\x7f]/;

/** Does `text` hold a character outside ASCII? (The regex engine scans faster than a `charCodeAt` loop.) */
export function hasNonAsciiChar(text: string): boolean {
  return NON_ASCII_CHAR.test(text);
}
