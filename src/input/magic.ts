/**
 * What a stream of bytes is, from its first bytes: gzip, a WARC file, JSON Lines records, a list of URLs
 * or an HTML page. The one place farsw reads magic bytes for its inputs (binary data other than these:
 * html/sniff-binary.ts).
 */

/** The kinds `--input-format` names. */
export type InputKind = 'jsonl' | 'warc' | 'html' | 'urls';

export const INPUT_KINDS: readonly InputKind[] = ['jsonl', 'warc', 'html', 'urls'];

/** A WARC file's first bytes: `WARC/1.`, or the drafts `WARC/0.17` and `WARC/0.18` (ClueWeb09). */
const WARC_START = /^WARC\/(?:1\.|0\.1[78]\s)/;

/** A list of URLs, one a line, starts with one. */
const URL_START = /^https?:\/\//i;

/** True when `head` starts with the gzip magic bytes 1f 8b. */
export function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** Offset of the first gzip member header (`1f 8b 08`, no reserved flag bit) in `bytes` at or after `from`, or -1. */
export function findGzipHeader(bytes: Uint8Array, from = 0): number {
  for (let i = bytes.indexOf(0x1f, from); i >= 0 && i + 3 < bytes.length; i = bytes.indexOf(0x1f, i + 1)) {
    if (bytes[i + 1] === 0x8b && bytes[i + 2] === 0x08 && (bytes[i + 3]! & 0xe0) === 0) return i;
  }
  return -1;
}

/** True when `head` starts with a WARC record header of a version farsw reads (`WARC/1.`, `WARC/0.18`). */
export function isWarc(head: Uint8Array): boolean {
  return WARC_START.test(String.fromCharCode(...head.subarray(0, 10)));
}

/**
 * Kind of a (decompressed) stream from its first bytes: `warc` when it starts
 * with `WARC/1.` (or `WARC/0.18`), `jsonl` when its first non-space byte (after a UTF-8 BOM) is
 * `{`, `urls` when it starts with `http://` or `https://`, otherwise `html`.
 */
export function detectInputKind(head: Uint8Array): InputKind {
  if (isWarc(head)) return 'warc';
  let i = head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  if (head[i] === 0x7b) return 'jsonl';
  return URL_START.test(String.fromCharCode(...head.subarray(i, i + 8))) ? 'urls' : 'html';
}

/** True when the first non-space byte of `head` is `<` (markup: an HTML page given where records were expected). */
export function startsWithMarkup(head: Uint8Array): boolean {
  return /^\s*</.test(Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, 512)).toString('latin1'));
}
