/**
 * Bytes → text, following the HTML encoding-sniffing order:
 *
 * 1. a byte-order mark;
 * 2. the transport hint (a `Content-Type` header's charset), when the caller has one;
 * 3. `<meta charset>` / `<meta http-equiv="Content-Type">` / `<?xml encoding>` in the first bytes
 *    (the WHATWG prescan, via `html-encoding-sniffer`, jsdom's implementation);
 * 4. a detector (`chardet`) when nothing is declared.
 *
 * One deliberate deviation, on by default (`trustValidUtf8`): when the bytes are
 * valid UTF-8 (or UTF-8 but for a few ill-formed bytes: `mostlyUtf8`) *and* contain
 * multi-byte sequences, a legacy or malformed declaration (meta or detector) is overridden. Crawled pages are often re-encoded to UTF-8
 * without their `<meta charset>` being updated; the reverse (legacy bytes that
 * happen to form valid multi-byte UTF-8) is vanishingly rare. A BOM or a
 * transport hint is never overridden.
 *
 * And its converse (docs/encodings.md): a `<meta>` declaration the bytes are not written in (undecodable
 * sequences for over half of the non-ASCII characters under a UTF-8 declaration, for at least 1 % under a
 * legacy one) gives way to the detector's guess when that guess decodes every byte. A browser keeps the
 * declaration and shows U+FFFD or mojibake; a corpus wants the words.
 *
 * Label → decoder: Node's `TextDecoder` (full ICU) implements the WHATWG
 * Encoding Standard, so labels map to their WHATWG superset (ISO-8859-1 →
 * windows-1252, GB2312 → GBK, …) as browsers do; no hand-written tables.
 */
import htmlEncodingSniffer from 'html-encoding-sniffer';
import chardet from 'chardet';
import { isAscii } from 'node:buffer';

/** Where the chosen encoding came from. */
export type EncodingSource = 'bom' | 'transport' | 'meta' | 'utf8' | 'detector' | 'default';

export interface DecodeHint {
  /** A `Content-Type` header value or bare charset label from the transport layer. */
  readonly contentType?: string;
  /** Override the UTF-8 check described above (default true). */
  readonly trustValidUtf8?: boolean;
}

export interface DecodedPage {
  readonly text: string;
  /** WHATWG encoding name actually used to decode. */
  readonly encoding: string;
  readonly source: EncodingSource;
  /** `text[0, asciiPrefix)` holds only ASCII characters (see {@link pageSource}). */
  readonly asciiPrefix: number;
}

const CHARSET_PARAM = /charset\s*=\s*["']?([^"';\s]+)/i;
const FALLBACK_ENCODING = 'windows-1252';

/** Map a charset label to the decoder name, or null when Node does not know it. */
function decoderName(label: string): string | null {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

function transportEncoding(contentType: string | undefined): string | null {
  if (contentType === undefined) return null;
  const m = CHARSET_PARAM.exec(contentType);
  return decoderName(m ? m[1]! : contentType);
}

/** The charset a page declares in its first bytes (WHATWG prescan), or null. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const name = htmlEncodingSniffer(bytes, { defaultEncoding: null });
  if (name === null) return null;
  // WHATWG: a meta declaring UTF-16 in an ASCII-compatible stream means UTF-8.
  if (/^utf-16/i.test(name)) return 'utf-8';
  return decoderName(name);
}

function hasNonAscii(bytes: Uint8Array): boolean {
  return !isAscii(bytes);
}

/** Strict UTF-8 decode, or null when the bytes are not valid UTF-8. */
function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Is the page UTF-8 but for a few bytes? Its well-formed multi-byte sequences outnumber its ill-formed ones at least
 * two to one (a stray Latin-1 byte in a comment, a malformed `<meta charset="utf-8\xff">`). Legacy text almost never
 * forms a well-formed sequence (windows-1252 and -1251 letters stand alone; most GBK, Shift_JIS and EUC-KR pairs are
 * ill-formed UTF-8: about one in ten is well-formed), so it never gets near. Called only when strict UTF-8 failed.
 */
function mostlyUtf8(bytes: Uint8Array): boolean {
  let good = 0, bad = 0;
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    if (b < 0x80) { i++; continue; }
    const n = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    let k = 1;
    if (n > 0) {
      // The second byte's range narrows after E0, ED, F0 and F4 (no overlong forms, surrogates or code points past U+10FFFF).
      const lo = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80, hi = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
      while (k <= n && i + k < bytes.length && bytes[i + k]! >= (k === 1 ? lo : 0x80) && bytes[i + k]! <= (k === 1 ? hi : 0xbf)) k++;
    }
    if (n > 0 && k === n + 1) good++;
    else bad++;
    i += k;
  }
  return good >= 2 * bad && good > 0;
}

function detectEncoding(bytes: Uint8Array): string | null {
  const guess = chardet.detect(bytes.length > 65536 ? bytes.subarray(0, 65536) : bytes);
  return guess ? decoderName(guess) : null;
}

/**
 * The detector's decoding of a page its `<meta>` declaration cannot decode: when `text` (decoded as declared) has
 * U+FFFD for over half of its non-ASCII characters (UTF-8 declared: the bytes are no UTF-8 at all; a page mixing in a
 * few stray bytes keeps its declaration) or for at least 1 % of them (a legacy declaration: a multi-byte one fails on
 * a few pairs of another), and the detector names another encoding that decodes every byte. Null otherwise.
 */
function misdeclared(bytes: Uint8Array, text: string, declared: string): Omit<DecodedPage, 'asciiPrefix'> | null {
  if (!text.includes('\uFFFD')) return null; // the common case, one search
  let bad = 0, wide = 0; // counted in one pass: a match() array would hold every non-ASCII character of a CJK page
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) { wide++; if (c === 0xfffd) bad++; }
  }
  if (bad * (declared === 'utf-8' ? 2 : 100) <= wide) return null;
  const guess = detectEncoding(bytes);
  if (guess === null || guess === declared) return null;
  try {
    return { text: new TextDecoder(guess, { fatal: true }).decode(bytes), encoding: guess, source: 'detector' };
  } catch {
    return null;
  }
}

const NUL_RUN = /\0+/g;

/** A NUL or any character outside ASCII. */
const NUL_OR_WIDE = /[^\x01-\x7f]/;

/** A page's text as the line builder takes it. */
export interface PageSource {
  /**
   * The text without U+0000 characters. HTML's tree builder ignores a NUL character token in
   * body text ("in body" insertion mode: parse error, ignore the token), so no browser shows
   * them; farsw's output text must not carry them either. (Pages with a NUL in their first
   * bytes are refused as binary: html/sniff-binary.ts.)
   */
  readonly text: string;
  /**
   * `text[0, asciiPrefix)` holds only ASCII characters (0 when unknown). The line
   * builder needs the non-ASCII characters of the markup; knowing where the first
   * one is saves it a pass over a page.
   */
  readonly asciiPrefix: number;
}

/**
 * A decoded page without its NULs, and how far it is plain ASCII, found in the same
 * pass: one regex search for the first NUL or non-ASCII character, then a search for
 * a NUL from there only when there is one (an all-ASCII page is read once, not twice).
 * The text is the same string when it has no NUL.
 * @param asciiPrefix find how far the page is plain ASCII (for a line table that counts markup in bytes,
 *   LineOptions.markupBytes); false: `asciiPrefix` is 0 (unknown) and only NULs are looked for, by bytes
 *   (0.10–0.16 ms per MB of the shared pages against 0.16–0.56 for the regex, which reads an all-ASCII page whole)
 */
export function pageSource(text: string, asciiPrefix = true): PageSource {
  if (!asciiPrefix) return { text: hasNul(text, 0) ? text.replace(NUL_RUN, '') : text, asciiPrefix: 0 };
  const first = text.search(NUL_OR_WIDE);
  if (first < 0) return { text, asciiPrefix: text.length };
  if (!hasNul(text, first)) return { text, asciiPrefix: first };
  return { text: text.replace(NUL_RUN, ''), asciiPrefix: 0 };
}

/** Characters of a page searched for NULs at a time (NUL_SCAN holds them, one byte each). */
const NUL_CHUNK = 1 << 16;
const NUL_SCAN = Buffer.alloc(NUL_CHUNK);

/**
 * Does `text` hold a NUL at or after `from`? On a two-byte string `indexOf('\0')` is slow (its byte
 * search stops at the zero high byte of every ASCII character: 0.9 ms per MB); a chunk's code units are
 * copied to bytes (their low bytes, `latin1`) and searched there, and each zero byte is checked on the text.
 */
function hasNul(text: string, from: number): boolean {
  for (let at = from; at < text.length; at += NUL_CHUNK) {
    const n = NUL_SCAN.write(text.slice(at, at + NUL_CHUNK), 0, NUL_CHUNK, 'latin1');
    for (let z = NUL_SCAN.indexOf(0); z >= 0 && z < n; z = NUL_SCAN.indexOf(0, z + 1)) if (text.charCodeAt(at + z) === 0) return true;
  }
  return false;
}

/**
 * Decode a page's bytes to text (see the module comment for the order).
 * Never throws on bad bytes: undecodable sequences become U+FFFD; NUL
 * characters are dropped (`pageSource`).
 */
export function decodeHtml(bytes: Uint8Array, hint: DecodeHint = {}): DecodedPage {
  const page = decodeText(bytes, hint);
  // ASCII bytes decoded by a decoder that maps them to themselves are the text, one character each: a NUL is found among the
  // bytes (a byte search) and, without one, the whole text is the ASCII prefix; no search of the text.
  if (ASCII_IDENTITY.has(page.encoding) && isAscii(bytes) && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(0) < 0) {
    return { ...page, asciiPrefix: page.text.length };
  }
  return { ...page, ...pageSource(page.text) };
}

/** Decoders that map every ASCII byte to the same character. */
const ASCII_IDENTITY = new Set(['utf-8', 'windows-1252']);

function decodeText(bytes: Uint8Array, hint: DecodeHint): Omit<DecodedPage, 'asciiPrefix'> {
  const bom = bomEncoding(bytes);
  if (bom) return { text: new TextDecoder(bom).decode(bytes), encoding: bom, source: 'bom' };

  const transport = transportEncoding(hint.contentType);
  if (transport) return { text: new TextDecoder(transport).decode(bytes), encoding: transport, source: 'transport' };

  const nonAscii = hasNonAscii(bytes);
  const trustUtf8 = nonAscii && hint.trustValidUtf8 !== false;
  // Valid UTF-8, or UTF-8 but for a few bytes (those become U+FFFD): read as UTF-8 over a legacy or missing declaration.
  const utf8 = trustUtf8 ? strictUtf8(bytes) ?? (mostlyUtf8(bytes) ? new TextDecoder('utf-8').decode(bytes) : null) : null;
  const declared = declaredEncoding(bytes);
  if (declared) {
    if (utf8 !== null && declared !== 'utf-8') return { text: utf8, encoding: 'utf-8', source: 'utf8' };
    const text = new TextDecoder(declared).decode(bytes);
    return (trustUtf8 ? misdeclared(bytes, text, declared) : null) ?? { text, encoding: declared, source: 'meta' };
  }
  if (!nonAscii) return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8', source: 'default' };
  if (utf8 !== null) return { text: utf8, encoding: 'utf-8', source: 'utf8' };
  const detected = detectEncoding(bytes);
  if (detected) return { text: new TextDecoder(detected).decode(bytes), encoding: detected, source: 'detector' };
  return { text: new TextDecoder(FALLBACK_ENCODING).decode(bytes), encoding: FALLBACK_ENCODING, source: 'default' };
}
