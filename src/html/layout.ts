/**
 * Where the chosen lines sit in the page, for the output writers (text, markdown, html): the table cell a line's text
 * lies in (rows on one line, GFM tables, whole tables), a `<pre>`'s text with its white space as written and its language,
 * the citation-number and edit links of Wikipedia-like pages, headings with nothing under them, and the page's base URL.
 * The algorithms never read these: a table cell stays a line of its own in the line table they score.
 */
import { decodeHTML } from 'entities';
import { BlockKind, LineContext, type Block, type LineTable } from '../core/types.js';
import { FlatParser } from './flat-parser.js';
import { nameHash } from './tags.js';

const [TABLE, TR, TD, TH] = ['table', 'tr', 'td', 'th'].map(nameHash) as [number, number, number, number];
const SECTIONS = new Set(['thead', 'tbody', 'tfoot'].map(nameHash));

/** The table cells of a page's lines, from its element tree (built as a browser parses: omitted end tags need no care). */
export interface Cells {
  /** Per line: the element number of the cell (`<td>`, `<th>`) its text starts in, or −1 (no cell, or a `<caption>`). */
  readonly cell: Int32Array;
  /** Per element, for cells: the row (`<tr>`, or the table or section a browser implies a row in); −1 otherwise. */
  readonly row: Int32Array;
  /** Per element, for cells: how many cells come before it in its row. */
  readonly col: Int32Array;
  /** Per element: its nearest `<table>` (itself for a table), or −1. */
  readonly table: Int32Array;
  /** Per element, for cells: how many of the page's lines have text in it. */
  readonly textLines: Uint32Array;
}

/** The cells of `table`'s lines; undefined when it has no element tree or no cell. One pass over the elements, one over the lines. */
export function tableCells(table: LineTable): Cells | undefined {
  const tree = table.elements, tag = tree?.tag;
  if (!tree || !tag || !(tag.includes(TD) || tag.includes(TH))) return undefined;
  const n = tag.length, parent = tree.parent;
  const cellOf = new Int32Array(n).fill(-1), row = new Int32Array(n).fill(-1), col = new Int32Array(n);
  const tableOf = new Int32Array(n).fill(-1), nextCol = new Int32Array(n), textLines = new Uint32Array(n);
  for (let e = 0; e < n; e++) { // pre-order: a parent comes before its children
    const p = parent[e]! - 1, t = tag[e]!;
    tableOf[e] = t === TABLE ? e : p >= 0 ? tableOf[p]! : -1;
    if (t === TD || t === TH) {
      if (p >= 0 && (tag[p] === TR || tag[p] === TABLE || SECTIONS.has(tag[p]!)) && tableOf[p]! >= 0) {
        cellOf[e] = e;
        row[e] = p;
        col[e] = nextCol[p]!++;
      }
    } else if (t !== TABLE && p >= 0) cellOf[e] = cellOf[p]!;
  }
  const cell = new Int32Array(table.count).fill(-1);
  for (let i = 0; i < table.count; i++) {
    const e = tree.line[i]! - 1;
    if (e < 0) continue;
    cell[i] = cellOf[e]!;
    if (cell[i]! >= 0 && table.contentChars[i]! > 0) textLines[cell[i]!]!++;
  }
  return { cell, row, col, table: tableOf, textLines };
}

const CELL_TAG = /<t[dh][\s>/]/gi;

/**
 * The cell a text-less line `j` opens (an image cell: text-less lines belong to no element of the tree), or −1: the
 * cells whose start tags lie in the text-less lines after the last line with text are the next cells of the tree after
 * that line's element, in order.
 */
export function textlessCell(cells: Cells, table: LineTable, j: number): number {
  const tree = table.elements, tag = tree?.tag, source = table.source;
  if (!tree || !tag || source === undefined) return -1;
  let a = j - 1;
  while (a >= 0 && table.contentChars[a] === 0) a--;
  let e = a >= 0 ? tree.line[a]! - 1 : -1, cell = -1;
  for (let k = a + 1; k <= j; k++) {
    const opened = source.slice(table.start[k], table.end[k]).match(CELL_TAG)?.length ?? 0;
    for (let n = 0; n < opened; n++) {
      do e++; while (e < tag.length && tag[e] !== TD && tag[e] !== TH);
      if (e >= tag.length) return -1;
      if (k === j) cell = e;
    }
  }
  return cell >= 0 && cells.row[cell]! >= 0 ? cell : -1;
}

/** The blocks without the lines whose text lies in a table (`tables: false`, trafilatura's --no-tables). */
export function withoutTables(table: LineTable, blocks: readonly Block[]): Block[] {
  const tree = table.elements;
  if (!tree?.tag || !tree.tag.includes(TABLE)) return blocks.slice();
  const inTable = new Uint8Array(tree.tag.length);
  for (let e = 0; e < inTable.length; e++) inTable[e] = tree.tag[e] === TABLE || (tree.parent[e]! > 0 && inTable[tree.parent[e]! - 1] === 1) ? 1 : 0;
  const out: Block[] = [];
  for (const b of blocks) {
    let start = b.start;
    for (let i = b.start; i <= b.end; i++) {
      if (i < b.end && !(tree.line[i]! > 0 && inTable[tree.line[i]! - 1])) continue;
      if (i > start) out.push({ start, end: i, score: b.score });
      start = i + 1;
    }
  }
  return out;
}

/**
 * What separates line `i`'s text from the line `p` written before it in text output: tabs when both are the one text line
 * of two cells of one row (one tab per cell boundary, an empty cell between them one more), else undefined (a newline).
 */
export function cellSeparator(cells: Cells, p: number, i: number): string | undefined {
  const a = cells.cell[p]!, b = cells.cell[i]!;
  if (a < 0 || b < 0 || a === b || cells.row[a] !== cells.row[b] || cells.textLines[a] !== 1 || cells.textLines[b] !== 1) return undefined;
  const gap = cells.col[b]! - cells.col[a]!;
  return gap > 0 ? '\t'.repeat(gap) : undefined;
}

/**
 * The blocks with the text-less lines (image cells, empty cells, row markup) of every data table they choose text in
 * added, from the table's first line to its last: markdown and html keep such a table whole, its words those of the
 * text. A data table: each line with text in it is the one text line of a cell of that table (not a layout table).
 */
export function withWholeTables(table: LineTable, blocks: readonly Block[], cells: Cells | undefined): Block[] {
  if (!cells || blocks.length === 0) return blocks.slice();
  const source = table.source ?? '';
  const chosen = new Uint8Array(table.count);
  for (const b of blocks) chosen.fill(1, b.start, b.end);
  const done = new Set<number>();
  const tableOf = (j: number): number => (cells.cell[j]! >= 0 ? cells.table[cells.cell[j]!]! : -1);
  const holds = (j: number, tag: RegExp): boolean => tag.test(source.slice(table.start[j], table.end[j]));
  for (const b of blocks) {
    for (let i = b.start; i < b.end; i++) {
      const t = tableOf(i);
      if (t < 0 || table.contentChars[i] === 0 || done.has(t)) continue;
      done.add(t);
      // Text-less lines belong to no element of the tree: the table's lines run from its start tag's line to its end tag's.
      let lo = i, hi = i;
      while (lo > 0 && !holds(lo, TABLE_START) && (table.contentChars[lo - 1] === 0 || tableOf(lo - 1) === t)) lo--;
      while (hi + 1 < table.count && !holds(hi, TABLE_END) && (table.contentChars[hi + 1] === 0 || tableOf(hi + 1) === t)) hi++;
      let data = true;
      for (let j = lo; j <= hi && data; j++) if (table.contentChars[j]! > 0) data = tableOf(j) === t && cells.textLines[cells.cell[j]!] === 1;
      if (data) for (let j = lo; j <= hi; j++) if (table.contentChars[j] === 0) chosen[j] = 1;
    }
  }
  const out: Block[] = [];
  for (let i = 0; i < table.count; i++) {
    if (!chosen[i]) continue;
    const last = out[out.length - 1];
    if (last && last.end === i) out[out.length - 1] = { ...last, end: i + 1 };
    else out.push({ start: i, end: i + 1, score: 0 });
  }
  return out;
}

/**
 * The last line with text of the run of `<pre>` lines that starts at line `i` (a line with text inside a `<pre>`) and ends
 * before `end`, a line with text outside it, or a line that opens another `<pre>`.
 */
export function preRunEnd(table: LineTable, i: number, end: number): number {
  let last = i;
  for (let j = i + 1; j < end && table.block[j] !== BlockKind.Preformatted; j++) {
    if (table.contentChars[j] === 0) continue;
    if (!(table.context[j]! & LineContext.Preformatted)) break;
    last = j;
  }
  return last;
}

const TABLE_START = /<table[\s>]/i, TABLE_END = /<\/table[\s>]/i;
const TAG_OR_COMMENT = /<!--[\s\S]*?(?:-->|$)|<br\s*\/?>|<\/?[a-zA-Z][^>]*>/g;
const PRE_START = /<pre(?:\s[^>]*)?>/i;

/**
 * The text of lines `first..last` (consecutive lines of one `<pre>`, all chosen) with the white space and blank lines
 * the page gives them (the line table collapses both); undefined when the source's words are not the lines' words
 * (markup the line builder read otherwise, a dropped element in the `<pre>`), then the lines stay as the table has them.
 */
export function preformattedText(source: string, table: LineTable, first: number, last: number): string | undefined {
  let from = table.start[first]!;
  if (table.block[first] === BlockKind.Preformatted) {
    const m = PRE_START.exec(source.slice(from, table.end[first]));
    if (m) from += m.index + m[0].length;
  }
  const raw = source.slice(from, table.end[last]).replace(TAG_OR_COMMENT, (t) => (t.charCodeAt(1) === 98 || t.charCodeAt(1) === 66 ? '\n' : ''));
  const text = (raw.indexOf('&') >= 0 ? decodeHTML(raw) : raw).replace(/\r\n?/g, '\n').replace(/^(?:[ \t]*\n)+/, '').trimEnd();
  const words: string[] = [];
  for (let i = first; i <= last; i++) if (table.contentChars[i]! > 0) words.push(table.lineText(i));
  return text.replace(/\s+/g, ' ').trim() === words.join(' ') ? text : undefined;
}

const CLASS_VALUE = /\bclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const LANGUAGE = /^(?:language|lang|highlight-source)-([\w+#.-]+)$/i;

/** The language words of a class value (`language-x`, `lang-x`, `highlight-source-x`), kept on `<pre>` and `<code>` by `--format html`. */
export function languageClass(value: string): string {
  return value.split(/\s+/).filter((w) => LANGUAGE.test(w)).join(' ');
}

/** The language a `<pre>` names (`class="language-x"`, `lang-x` or `highlight-source-x` on the pre, its code or the element right around it); '' for none. */
export function codeLanguage(source: string, table: LineTable, first: number): string {
  const start = table.start[first]!;
  // The element right around the pre (its last start tag before the line), and the line's own start tags (pre, code).
  const around = /<[a-zA-Z][^<>]*>\s*$/.exec(source.slice(Math.max(0, start - 300), start))?.[0] ?? '';
  const head = around + (/^(?:\s*<[^<>]*>)*/.exec(source.slice(start, table.end[first]))?.[0] ?? '');
  for (const m of head.matchAll(CLASS_VALUE)) {
    for (const word of (m[1] ?? m[2] ?? m[3] ?? '').split(/\s+/)) {
      const l = LANGUAGE.exec(word);
      if (l) return l[1]!;
    }
  }
  return '';
}

/** Class words of an edit-section link's container (MediaWiki `mw-editsection`, older `editsection`) and of a citation's `<sup>`. */
const EDIT_CLASS = /(?:^|\s)(?:mw-)?editsection(?:\s|$)/;
const REFERENCE_CLASS = /(?:^|\s)reference(?:\s|$)/;
/** A citation number's label: `[12]`, a note's `[a]`, `[note 3]`, `[nb 1]` (not `[top]`, a link up the page). */
const CITATION_LABEL = /^\[\s*(?:\d{1,4}|[a-z]|(?:note|nb|n)\s?\d{1,4})\s*\]$/i;
/** A line whose source may hold one (checked before parsing it). */
const NOISE_HINT = /editsection|reference|href\s*=\s*["']?#/i;
const NOISE_CLASS_HINT = /editsection|\breference\b/i;
const ANCHOR_HREF = /href\s*=\s*["']?#/i;
/** {@link CITATION_LABEL} anywhere in a line's text. */
const CITATION_IN_TEXT = /\[\s*(?:\d{1,4}|[a-z]|(?:note|nb|n)\s?\d{1,4})\s*\]/i;

/** Is this start tag a Wikipedia-like page's edit link or citation number, dropped with what it holds? (`a` decided by its text: {@link isCitationLink}.) */
export function isNoiseElement(name: string, attrs: Readonly<Record<string, string>>): boolean {
  const cls = attrs['class'];
  if (cls === undefined) return false;
  return EDIT_CLASS.test(cls) || (name === 'sup' && REFERENCE_CLASS.test(cls));
}

/** A link to a place in the page whose whole text is a citation number (`[1]`): left out of every format. */
export function isCitationLink(href: string | undefined, text: string): boolean {
  return href !== undefined && href.trimStart().startsWith('#') && CITATION_LABEL.test(text.replace(/\s+/g, ' ').trim());
}

/**
 * The texts of the edit links and citation numbers in a line's source, in page order (white space collapsed): what
 * {@link withoutNoise} takes out of the line's text. Empty for most lines (a quick test first).
 */
export function noiseTexts(slice: string): string[] {
  if (!NOISE_HINT.test(slice)) return [];
  const found: string[] = [];
  let depth = 0, text = '';
  let link: { href: string | undefined; text: string } | null = null;
  const opened: boolean[] = [];
  const parser = new FlatParser({
    onopentag(name, attrs) {
      const noise = depth > 0 || isNoiseElement(name, attrs);
      opened.push(noise);
      if (noise) { if (depth++ === 0) text = ''; return; }
      if (name === 'a' && !link) link = { href: attrs['href'], text: '' };
    },
    ontext(t) {
      if (depth > 0) text += t;
      else if (link) link.text += t;
    },
    onclosetag(name) {
      if (opened.pop()) {
        if (--depth === 0) found.push(text.replace(/\s+/g, ' ').trim());
        return;
      }
      if (name === 'a' && link) {
        if (isCitationLink(link.href, link.text)) found.push(link.text.replace(/\s+/g, ' ').trim());
        link = null;
      }
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.end(slice);
  return found.filter((t) => t !== '');
}

/** `text` without the `noise` texts (found in order); where one was taken out, one space at most and none before punctuation. */
export function withoutNoise(text: string, noise: readonly string[]): string {
  let out = '', at = 0;
  for (const n of noise) {
    const k = text.indexOf(n, at);
    if (k < 0) continue;
    out += text.slice(at, k);
    at = k + n.length;
    const next = text.charAt(at);
    if (out.endsWith(' ') && (next === ' ' || next === '' || SEAM_PUNCTUATION.test(next))) out = out.slice(0, -1);
  }
  return (out + text.slice(at)).trim();
}
const SEAM_PUNCTUATION = /[.,;:!?)\]]/;

/** Line `i`'s text as the writers give it: without edit links and citation numbers (with the page source). */
export function outputLineText(table: LineTable, i: number, source: string | undefined): string {
  const text = table.lineText(i, false);
  // Both kinds of noise show a bracket in the text: a line without one (nearly all) is not parsed.
  if (source === undefined || table.links[i] === 0 || text.indexOf('[') < 0) return text;
  const slice = source.slice(table.start[i], table.end[i]);
  // A citation link's text is in the line's text: a line with in-page links but no citation label there is not parsed.
  if (!NOISE_CLASS_HINT.test(slice) && !(CITATION_IN_TEXT.test(text) && ANCHOR_HREF.test(slice))) return text;
  const noise = noiseTexts(slice);
  return noise.length > 0 ? withoutNoise(text, noise) : text;
}

/**
 * Heading lines with nothing under them among the chosen lines: a heading followed by a heading of its level or above,
 * or by the end, with no text or image between (a deeper heading that keeps something counts), and a heading without text.
 * @param content is chosen line `i`, not a heading, something to show (text or an image)?
 */
export function emptyHeadings(table: LineTable, blocks: readonly Block[], text: (i: number) => string): Set<number> {
  const empty = new Set<number>();
  // Walking back: bit l of `has` says whether something is kept between here and the next heading of level ≤ l.
  let has = 0;
  for (let k = blocks.length - 1; k >= 0; k--) {
    for (let i = blocks[k]!.end - 1; i >= blocks[k]!.start; i--) {
      const kind = table.block[i]!;
      if (kind < BlockKind.Heading1 || kind > BlockKind.Heading6) {
        if (table.contentChars[i]! > 0 || table.images[i]! > 0) has = EVERY_LEVEL;
        continue;
      }
      const level = kind - BlockKind.Heading1 + 1, above = (1 << level) - 2; // bits 1 … level − 1
      const kept = ((has >> level) & 1) === 1 && text(i) !== '';
      if (!kept) empty.add(i);
      // Levels above this heading's keep theirs or gain its; its own and deeper ones start again.
      has = (has & above) | (kept ? above : 0);
    }
  }
  return empty;
}

/** Bits 1 … 6 (emptyHeadings): something kept under every heading level. */
const EVERY_LEVEL = 0b1111110;

/** A table of contents' class or id (MediaWiki `toc`, `toctitle`, `mw-toc-heading`; `ez-toc-title`, `toc_container`). */
const TOC_ATTRIBUTE = /\b(?:id|class)\s*=\s*["']?[^"'>]*\btoc/i;

/** Is heading line `i` a table of contents' title (its own or its two previous lines' markup name a toc)? */
export function isTocHeading(table: LineTable, i: number): boolean {
  const source = table.source;
  if (source === undefined) return false;
  return TOC_ATTRIBUTE.test(source.slice(table.start[Math.max(0, i - 2)]!, table.end[i]!));
}

const BASE_HREF = /<base\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const META_TAG = /<meta\s[^>]*>/gi;
/** What BASE_HREF and the og:url meta tag each need in the head. */
const BASE_OR_OG_URL = /<base\s|og:url/i;

/**
 * The URL the page's links are read against: its `<base href>` (resolved against the page URL), else the page URL, else
 * its `og:url`; undefined when none is an absolute http(s) URL. Read from the page's first 64 KiB (its head).
 */
export function pageBaseUrl(source: string, url: string | undefined): string | undefined {
  const head = source.slice(0, 65536);
  // Without a page URL, a head with neither `<base` nor `og:url` (half the pages) has none: one scan instead of two.
  if (url === undefined && !BASE_OR_OG_URL.test(head)) return undefined;
  const b = BASE_HREF.exec(head);
  const base = b ? absolute(decodeHTML(b[1] ?? b[2] ?? b[3] ?? ''), url) : undefined;
  if (base !== undefined) return base;
  if (url !== undefined) return url;
  for (const [tag] of head.matchAll(META_TAG)) {
    if (!/\bproperty\s*=\s*["']?og:url\b/i.test(tag)) continue;
    const c = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    if (c) return absolute(decodeHTML(c[1] ?? c[2] ?? c[3] ?? ''), undefined);
  }
  return undefined;
}

/** `raw` as an absolute http(s) URL (against `base` when relative), or undefined. */
function absolute(raw: string, base: string | undefined): string | undefined {
  try {
    const u = new URL(raw.trim(), base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
