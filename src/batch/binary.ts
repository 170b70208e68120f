/**
 * Is a record binary rather than HTML? A batch over a crawl meets images,
 * PDFs and broken records under an HTML label; extracting them gives noise,
 * so they become error records instead.
 */

/** How much of the page is inspected (units: bytes or UTF-16 code units). */
const SNIFF_LENGTH = 4096;

function isControl(c: number): boolean {
  // C0 controls other than tab, LF, FF, CR (and ESC, used by ISO-2022 encodings).
  return c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d && c !== 0x1b;
}

/**
 * True when the first 4096 units hold a NUL, or when more than 10 % of them
 * are C0 control characters (text in any ASCII-compatible encoding has
 * neither). UTF-16 pages (with their NUL high bytes) are recognised by their
 * byte-order mark and let through.
 */
export function looksBinary(page: string | Uint8Array): boolean {
  const n = Math.min(page.length, SNIFF_LENGTH);
  if (n === 0) return false;
  if (typeof page !== 'string' && page.length >= 2 && ((page[0] === 0xff && page[1] === 0xfe) || (page[0] === 0xfe && page[1] === 0xff))) return false;
  let controls = 0;
  for (let i = 0; i < n; i++) {
    const c = typeof page === 'string' ? page.charCodeAt(i) : page[i]!;
    if (c === 0) return true;
    if (isControl(c)) controls++;
  }
  return controls * 10 > n;
}
