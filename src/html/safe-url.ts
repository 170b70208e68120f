/**
 * One URL check for every output that writes a page's URLs (`--format html`, `--format markdown`, metadata): a URL is
 * read as a browser reads it (character references already decoded by the HTML parser; leading and trailing C0 controls
 * and spaces stripped, tabs and newlines removed anywhere, as the WHATWG URL parser does), then only http, https, mailto
 * and relative URLs are kept: `jav&#x09;ascript:`, `\x01javascript:` and `java\nscript:` are javascript: URLs.
 */

/** Schemes written out; anything else with a scheme (javascript:, data:, vbscript:, file:, …) is dropped. */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
/** What a relative URL is parsed against when the page's URL is not known: it must parse against some http(s) page. */
const PLACEHOLDER_BASE = 'https://page.invalid/';
/** What the WHATWG URL parser strips at the edges (C0 controls and space) and removes anywhere (tab, LF, CR). */
const EDGES = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
/** A URL's part before its query or fragment. */
const BEFORE_QUERY = /^[^?#]*/;

/** A URL as the WHATWG parser sees it before parsing: edges stripped, tabs and newlines removed. */
export function normalizeUrl(raw: string): string {
  return raw.replace(EDGES, '').replace(TAB_OR_NEWLINE, '');
}

/**
 * A link, image or canonical URL made absolute against `base` and kept only when it is http(s), mailto or relative.
 * @param raw the attribute value, character references decoded
 * @param base the page URL (absolute); without it a relative URL stays relative
 * @returns the URL to write (absolute with a base, as written without one), or null for another scheme, an empty value or one that does not parse
 */
export function safeUrl(raw: string, base: string | undefined): string | null {
  const v = normalizeUrl(raw);
  if (v === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(v, base ?? PLACEHOLDER_BASE);
  } catch {
    return null;
  }
  if (!SAFE_SCHEMES.has(parsed.protocol)) return null;
  if (base !== undefined) return parsed.href;
  // Without a base a relative URL stays relative (it parsed: a browser will read it against the page's URL), its
  // backslashes before the query written as the slashes an http(s) URL reads them as: a Markdown reader percent-encodes
  // `\`, and `//host:\` would become `//host:%5C`, an invalid port.
  return parsed.protocol === 'mailto:' ? v : v.replace(BEFORE_QUERY, (head) => head.replace(/\\/g, '/'));
}
