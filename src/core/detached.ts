/**
 * A copy of `s` that refers to no other string: V8 keeps a substring of 13 or more characters as a view on the
 * string it was cut from, so a substring kept in a cache or a model would keep its whole page in memory.
 */
export function detached(s: string): string {
  return Buffer.from(s, 'utf16le').toString('utf16le');
}
