/**
 * Making hostile page text safe for the explain outputs: markup (SVG, HTML) and
 * the terminal. Page text can hold anything: `<script>`, quotes, control
 * characters (XML 1.0 forbids most of them; terminals obey escape sequences).
 */

const MARKUP_SPECIAL = /[&<>"']/g;
const MARKUP_ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Characters not allowed in XML 1.0 documents: C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF. */
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** C0 and C1 controls and DEL: never printed to a terminal as they are. */
const TERMINAL_CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Escape text for an XML/HTML text node or a quoted attribute value; invalid characters become U+FFFD. */
export function escapeMarkup(text: string): string {
  return text.replace(XML_INVALID, '\ufffd').replace(MARKUP_SPECIAL, (c) => MARKUP_ENTITY[c]!);
}

/** Replace control characters (escape sequences included) by `?` for terminal output. */
export function terminalSafe(text: string): string {
  return text.replace(TERMINAL_CONTROL, '?');
}

/** At most `max` code points of `text`, with `…` when cut. */
export function truncate(text: string, max: number): string {
  if (max <= 0) return '';
  if (text.length <= max) return text;
  const cps = Array.from(text);
  return cps.length <= max ? text : cps.slice(0, Math.max(0, max - 1)).join('') + '…';
}
