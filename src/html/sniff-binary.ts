/**
 * Is this page HTML at all? Crawls hand us images, archives and PDFs served
 * as `text/html`. Decoding such bytes "succeeds" (windows-1252 maps every
 * byte) and the extractors then return binary garbage as "main text", so
 * `extract()` refuses them up front with an `InputError` ("not HTML: PNG image").
 *
 * Rules, in order:
 * 1. A byte-order mark (UTF-8, UTF-16) means text: never binary.
 * 2. A transport hint declaring UTF-16 / UTF-32 means text (its NULs are expected).
 * 3. A known binary signature at the start (WHATWG MIME Sniffing §6, image,
 *    audio/video and archive patterns, plus PDF, ELF, WebAssembly, fonts and
 *    compressors): binary, named.
 * 4. A NUL byte in the first {@link SNIFF_WINDOW} bytes: binary (git's rule
 *    for "is this file binary", `buffer_is_binary`, 8000 bytes).
 *
 * Why not WHATWG's stricter "any control byte 0x00–0x08, 0x0B, 0x0E–0x1A,
 * 0x1C–0x1F in the first 1445 bytes" rule (MIME Sniffing §7.2)? Measured on
 * the 4 441 pages of ../shared/datasets: it flags 2 real Chinese pages whose
 * ad comments hold U+0002 separators; the NUL rule flags none, and catches
 * every binary format above (their headers hold NULs) as well as UTF-16 text
 * without a byte-order mark (reported with a hint to declare the charset).
 *
 * Strings (batch records whose `html` was decoded upstream) get the same rules
 * on their UTF-16 code units: a signature is matched code unit by byte (as
 * decoded by latin-1), and U+0000 counts as a NUL byte.
 */

/** Bytes (or code units) examined by rule 4 (git's `FIRST_FEW_BYTES`). */
export const SNIFF_WINDOW = 8000;

/** A signature: `bytes` at `offset`, `-1` matching any byte. */
interface Signature {
  readonly name: string;
  readonly offset: number;
  readonly bytes: readonly number[];
}

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** Known binary formats (WHATWG MIME Sniffing §6.1–6.4 and common file magics). */
const SIGNATURES: readonly Signature[] = [
  { name: 'PNG image', offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { name: 'GIF image', offset: 0, bytes: ascii('GIF87a') },
  { name: 'GIF image', offset: 0, bytes: ascii('GIF89a') },
  { name: 'JPEG image', offset: 0, bytes: [0xff, 0xd8, 0xff] },
  { name: 'WebP image', offset: 0, bytes: [...ascii('RIFF'), -1, -1, -1, -1, ...ascii('WEBPVP')] },
  { name: 'WAVE audio', offset: 0, bytes: [...ascii('RIFF'), -1, -1, -1, -1, ...ascii('WAVE')] },
  { name: 'AVI video', offset: 0, bytes: [...ascii('RIFF'), -1, -1, -1, -1, ...ascii('AVI ')] },
  { name: 'MP4/ISO media', offset: 4, bytes: ascii('ftyp') },
  { name: 'Ogg media', offset: 0, bytes: [...ascii('OggS'), 0] },
  { name: 'Matroska/WebM video', offset: 0, bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  { name: 'gzip data', offset: 0, bytes: [0x1f, 0x8b, 0x08] },
  { name: 'zip archive', offset: 0, bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: 'RAR archive', offset: 0, bytes: [...ascii('Rar!'), 0x1a, 0x07] },
  { name: '7z archive', offset: 0, bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { name: 'xz data', offset: 0, bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
  { name: 'bzip2 data', offset: 0, bytes: [...ascii('BZh'), -1, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59] },
  { name: 'zstd data', offset: 0, bytes: [0x28, 0xb5, 0x2f, 0xfd] },
  { name: 'PDF document', offset: 0, bytes: ascii('%PDF-') },
  { name: 'ELF executable', offset: 0, bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { name: 'WebAssembly module', offset: 0, bytes: [0x00, 0x61, 0x73, 0x6d] },
  { name: 'WOFF font', offset: 0, bytes: ascii('wOFF') },
  { name: 'WOFF2 font', offset: 0, bytes: ascii('wOF2') },
  { name: 'SQLite database', offset: 0, bytes: ascii('SQLite format 3\0') },
];

const UTF16_LABEL = /utf-?(16|32)/i;

/** Unit `i` of the page: a byte, or a UTF-16 code unit of a string. */
type Units = { readonly length: number; at(i: number): number };

function units(page: Uint8Array | string): Units {
  if (typeof page === 'string') return { length: page.length, at: (i) => page.charCodeAt(i) };
  return { length: page.length, at: (i) => page[i]! };
}

function hasBom(u: Units): boolean {
  if (u.length >= 1 && u.at(0) === 0xfeff) return true; // a string that kept its BOM
  if (u.length >= 3 && u.at(0) === 0xef && u.at(1) === 0xbb && u.at(2) === 0xbf) return true;
  return u.length >= 2 && ((u.at(0) === 0xff && u.at(1) === 0xfe) || (u.at(0) === 0xfe && u.at(1) === 0xff));
}

function matches(u: Units, s: Signature): boolean {
  if (u.length < s.offset + s.bytes.length) return false;
  for (let k = 0; k < s.bytes.length; k++) {
    const b = s.bytes[k]!;
    if (b >= 0 && u.at(s.offset + k) !== b) return false;
  }
  return true;
}

/** Its label when every other unit of the window is 0 and the rest are not (UTF-16 text without a BOM), else null. */
function looksUtf16(u: Units, n: number): 'utf-16be' | 'utf-16le' | null {
  if (n < 8) return null;
  let evenZero = 0, oddZero = 0;
  for (let i = 0; i < n; i++) if (u.at(i) === 0) (i % 2 === 0 ? evenZero++ : oddZero++);
  const half = n >> 1;
  // ASCII in UTF-16: its zero bytes come first (big-endian, even offsets) or second (little-endian, odd offsets).
  if (evenZero >= half * 0.9 && oddZero === 0) return 'utf-16be';
  if (oddZero >= half * 0.9 && evenZero === 0) return 'utf-16le';
  return null;
}

/**
 * Decide whether a page is binary data rather than text (rules in the module comment).
 * @param page raw bytes, or an already decoded string
 * @param contentType transport `Content-Type` or charset label, when known
 * @param nulFree the caller has already found that the page holds no NUL (rule 4 is then skipped)
 * @returns null for text; otherwise what the page looks like, e.g.
 *   `"PNG image"` or `"binary data (NUL byte at offset 12)"`
 */
export function sniffBinary(page: Uint8Array | string, contentType?: string, nulFree = false): string | null {
  const u = units(page);
  if (u.length === 0 || hasBom(u)) return null;
  if (contentType !== undefined && UTF16_LABEL.test(contentType)) return null;
  for (const s of SIGNATURES) if (matches(u, s)) return s.name;
  if (nulFree) return null;
  const n = Math.min(u.length, SNIFF_WINDOW);
  const i = firstNul(page, n);
  if (i < 0) return null;
  const utf16 = looksUtf16(u, n);
  if (utf16 !== null) return `UTF-16 text without a byte-order mark (declare it: --content-type "text/html; charset=${utf16}")`;
  return `binary data (NUL byte at offset ${i})`;
}

/** Offset of the first NUL (byte 0 or U+0000) among the first `n` units, or −1 (native searches). */
function firstNul(page: Uint8Array | string, n: number): number {
  return typeof page === 'string' ? page.slice(0, n).indexOf('\0') : page.subarray(0, n).indexOf(0);
}
