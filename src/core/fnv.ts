/** 32-bit FNV-1a hash of the UTF-16 code units of `key` (stable across runs, machines and Node versions). */
export function fnv1a32(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
