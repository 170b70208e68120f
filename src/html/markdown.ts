/**
 * Chosen lines → Markdown (CommonMark), the `--format markdown` of `farsw apply`.
 *
 * Every line is one block of text (see `lines.ts`), so the conversion is per line:
 * - `BlockKind` Heading1..6 → `#`..`######`;
 * - a list item (`BlockKind.ListItem`, or text inside `<li>`/`<dt>`/`<dd>`) → `- item`, or `1. item` in an `<ol>`;
 *   consecutive items form one tight list, nested as the page nests its lists (LineContext's list depth):
 *   an item is indented by the marker widths of the items it sits in, as CommonMark reads nesting;
 *   ordered items are numbered from 1 per list;
 * - text inside `<pre>` → a fenced code block, consecutive `<pre>` lines in one fence, with the page's white space and
 *   blank lines (with the page source) and the language of `class="language-x"` (`lang-x`, `highlight-source-x`);
 *   `<code>` in a line → a code span;
 * - text inside `<blockquote>` → every output line prefixed by `> `;
 * - with the page source, the cells of a data table (≥ 2 rows, two of them with ≥ 2 cells, one line of text per cell; rows and cells
 *   from the table's element tree) → a GFM table, its first row the header, a cell spanning columns followed by empty ones,
 *   image cells kept (the text-less lines of a chosen table are added); a layout table (one cell a row,
 *   paragraphs in a cell) stays paragraphs;
 * - a heading with nothing under it (the next heading is of its level or above, or the end) is left out, and so are
 *   edit links and citation numbers (`[edit]`, `[1]`: html/layout.ts);
 * - anything else → a paragraph; blocks are separated by a blank line.
 * With the page source, links become `[text](url)` and images `![alt](url)` (an image-only line a
 * paragraph of its own); without it, links are their text; relative URLs are made absolute against `baseUrl`. Page text
 * is escaped where it would read as markup (escapeMarkdown), and nowhere else.
 */
import { BlockKind, LineContext, type Block, type LineTable } from '../core/types.js';
import { collapseSpace, inlineMarkdown } from './clean-html.js';
import { codeLanguage, emptyHeadings, outputLineText, preformattedText, preRunEnd, tableCells, textlessCell, withWholeTables, type Cells } from './layout.js';

/** Options of {@link blocksToMarkdown}. */
export interface MarkdownOptions {
  /** Backslash-escape characters that Markdown would read as markup (default true). */
  readonly escape: boolean;
  /** The page source the table was built from: with it, links and images are kept (`[text](url)`, `![alt](url)`). */
  readonly source?: string;
  /** Page URL, to make link and image URLs absolute. */
  readonly baseUrl?: string;
  /** Tables (GFM), link targets and images (each default true; false: tables left out, links as their text, no images). */
  readonly tables?: boolean;
  readonly links?: boolean;
  readonly images?: boolean;
}

const MARKDOWN_DEFAULTS: MarkdownOptions = Object.freeze({ escape: true });

const LINK_OR_IMAGE = /<(a|img|code)[\s>]/i;
const BACKTICK_RUN = /`+/g;
/** What may read as markup (a run of `*`, `_` or `~`, or one character); escapeMarkdown looks at each one's neighbours. */
const MAYBE_MARKUP = /\*+|_+|~+|[\\`[\]<&]/g;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACE = /\s/;
const TAG_START = /[A-Za-z/!?]/;
const CHARACTER_REFERENCE = /^&#?[a-zA-Z0-9]+;/;
/** Block markers at the start of a line: ATX heading, bullet, ordered item number (each followed by white space or the end), quote, `---`. */
const LEADING_MARKER = /^(?:#{1,6}(?=[ \t]|$)|[-+*](?=[ \t]|$)|\d{1,9}(?=[.)](?:[ \t]|$))|>|-(?=(?:[ \t]*-){2,}[ \t]*$))/;

/**
 * Escape one line of page text for use as Markdown inline content, only where CommonMark (and GFM's strikethrough)
 * would read it as markup: `*`, `_` and `~` runs that can open or close emphasis (not between spaces, not `_` inside a
 * word), `<` before a tag or autolink, `&` of a character reference, `\` before punctuation, a block marker at the start;
 * backticks and brackets always (a code span or link can close in another piece of the line). The string's ends count
 * as neither space nor a word (the text may go on in the next piece).
 */
export function escapeMarkdown(text: string): string {
  let s = text.replace(MAYBE_MARKUP, (run: string, k: number, t: string) => (needsEscape(run, k, t) ? run.replace(/[^]/g, '\\$&') : run));
  const m = LEADING_MARKER.exec(s);
  if (m) s = /\d/.test(m[0]) ? `${m[0]}\\${s.slice(m[0].length)}` : `\\${s}`;
  return s;
}

/** Would `run` (one character, or a run of `*`, `_` or `~`) at `t[k]` read as markup (escapeMarkdown)? */
function needsEscape(run: string, k: number, t: string): boolean {
  const c = run[0]!, next = t[k + run.length];
  switch (c) {
    case '\\': return next === undefined || ASCII_PUNCTUATION.test(next);
    case '<': return next !== undefined && TAG_START.test(next);
    case '&': return CHARACTER_REFERENCE.test(t.slice(k, k + 40));
    case '*': case '_': case '~': {
      const before = t[k - 1] ?? '', after = next ?? '';
      if (SPACE.test(before) && SPACE.test(after)) return false; // neither opens nor closes
      return !(c === '_' && WORD_CHAR.test(before) && WORD_CHAR.test(after)); // `snake_case`
    }
    default: return true; // ` [ ]
  }
}

/** The table cell a line's text sits in: its table's and row's element numbers, and its column. */
interface Cell { readonly table: number; readonly row: number; readonly col: number; readonly span: number }

type Item = (
  | { readonly kind: 'heading'; readonly level: number; readonly text: string; readonly quote: boolean }
  | { readonly kind: 'item'; readonly text: string; readonly quote: boolean; readonly depth: number; readonly ordered: boolean; marker: string; indent: number }
  | { readonly kind: 'para'; readonly text: string; readonly quote: boolean }
  | { readonly kind: 'code'; readonly lines: string[]; readonly quote: boolean; last: number; readonly lang: string }
  | { readonly kind: 'table'; readonly rows: string[][]; readonly quote: boolean }
) & { cell?: Cell | undefined };

/** The Markdown lines of one item (without the quote prefix). */
function itemLines(item: Item): string[] {
  switch (item.kind) {
    case 'heading': return [`${'#'.repeat(item.level)} ${item.text}`];
    case 'item': return [`${' '.repeat(item.indent)}${item.marker} ${item.text}`];
    case 'para': return [item.text];
    case 'table': {
      const width = Math.max(...item.rows.map((r) => r.length));
      const row = (r: readonly string[]) => `| ${Array.from({ length: width }, (_, c) => r[c] ?? '').join(' | ')} |`;
      return [row(item.rows[0]!), row(Array<string>(width).fill('---')), ...item.rows.slice(1).map(row)];
    }
    case 'code': {
      let longest = 0;
      for (const l of item.lines) for (const run of l.match(BACKTICK_RUN) ?? []) longest = Math.max(longest, run.length);
      const fence = '`'.repeat(Math.max(3, longest + 1));
      return [fence + item.lang, ...item.lines, fence];
    }
  }
}

/**
 * Render the lines covered by `blocks` as Markdown.
 * @param table the page's lines (its `block` kinds and `context` flags decide the markup)
 * @param blocks chosen line ranges, page order, not overlapping
 * @returns Markdown text, blocks separated by a blank line, no trailing newline; '' when nothing is chosen
 */
export function blocksToMarkdown(table: LineTable, blocks: readonly Block[], options: Partial<MarkdownOptions> = {}): string {
  const { escape, source, baseUrl, tables, links, images } = { ...MARKDOWN_DEFAULTS, ...options };
  const keep = { tables: tables !== false, links: links !== false, images: images !== false };
  const plainEsc = escape ? escapeMarkdown : (s: string) => s;
  const items: Item[] = [];
  // Tables, like links and images, only with the page source: without it the output is plain paragraphs.
  const cells = source !== undefined ? tableCells(table) : undefined;
  const chosen = withWholeTables(table, blocks, cells);
  const text = (i: number): string => outputLineText(table, i, source);
  const empty = emptyHeadings(table, chosen, text);
  for (const b of chosen) {
    for (let i = b.start; i < b.end; i++) {
      if (empty.has(i)) continue;
      const kind = table.block[i]! as BlockKind, ctx = table.context[i]!;
      const quote = (ctx & LineContext.Quote) !== 0 || kind === BlockKind.Quote;
      if (source !== undefined && ctx & LineContext.Preformatted && table.contentChars[i]! > 0) {
        // One fence per run of <pre> lines, with the page's white space; a line that opens a new <pre> starts a new fence.
        const last = preRunEnd(table, i, b.end);
        const pre = preformattedText(source, table, i, last);
        const lines = pre !== undefined ? pre.split('\n') : Array.from({ length: last - i + 1 }, (_, k) => table.lineText(i + k)).filter((l) => l !== '');
        items.push({ kind: 'code', lines, quote, last, lang: codeLanguage(source, table, i) });
        i = last;
        continue;
      }
      const plain = text(i);
      // The line's links, images and code spans, when its source has any and gives the same text.
      let inline: string | undefined;
      if (source !== undefined) {
        const slice = source.slice(table.start[i]!, table.end[i]!);
        if (LINK_OR_IMAGE.test(slice)) {
          const md = inlineMarkdown(slice, plainEsc, baseUrl, keep);
          if (md.text === collapseSpace(plain).trim() && md.markdown !== '') inline = md.markdown;
        }
      }
      if (plain.length === 0 && inline === undefined) continue;
      const esc = inline !== undefined ? () => inline! : plainEsc;
      const prev = items[items.length - 1];
      if (ctx & LineContext.Preformatted) {
        if (prev?.kind === 'code' && prev.quote === quote && kind !== BlockKind.Preformatted && contiguous(table, prev.last, i)) {
          prev.lines.push(plain);
          prev.last = i;
        } else items.push({ kind: 'code', lines: [plain], quote, last: i, lang: '' });
      } else if (kind >= BlockKind.Heading1 && kind <= BlockKind.Heading6) {
        let t = esc(plain);
        if (escape && t.endsWith('#')) t = `${t.slice(0, -1)}\\#`; // not a closing sequence
        items.push({ kind: 'heading', level: kind - BlockKind.Heading1 + 1, text: t, quote });
      } else if (kind === BlockKind.ListItem || ctx & LineContext.ListItem) {
        const depth = Math.max(1, (ctx & LineContext.ListDepthMask) >> LineContext.ListDepthShift);
        items.push({ kind: 'item', text: esc(plain), quote, depth, ordered: (ctx & LineContext.OrderedList) !== 0, marker: '-', indent: 0 });
      } else {
        items.push({ kind: 'para', text: esc(plain), quote });
      }
      if (cells && !(ctx & LineContext.Preformatted)) {
        const e = table.contentChars[i]! > 0 ? cells.cell[i]! : textlessCell(cells, table, i);
        if (e >= 0 && !keep.tables) items.pop(); // an image cell of a table left out
        else if (e >= 0) items[items.length - 1]!.cell = cellOf(cells, e, source!, table, i);
      }
    }
  }
  const grouped = groupTables(items);
  nestItems(grouped);
  const out: string[] = [];
  for (let k = 0; k < grouped.length; k++) {
    const item = grouped[k]!, prev = grouped[k - 1];
    if (prev) {
      const tight = prev.kind === 'item' && item.kind === 'item' && prev.quote === item.quote;
      if (!tight) out.push(prev.quote && item.quote ? '>' : '');
    }
    for (const l of itemLines(item)) out.push(item.quote ? (l ? `> ${l}` : '>') : l);
  }
  return out.join('\n');
}

/**
 * Markers and indentation of list items: each run of consecutive items (same quote) is one list; an item is
 * indented by the widths of the markers of the shallower items before it that enclose it, and ordered items
 * count from 1 within their level (a new level, a shallower item or a switch between `<ul>` and `<ol>` restarts).
 */
function nestItems(items: Item[]): void {
  let open: { depth: number; width: number; count: number; ordered: boolean }[] = [];
  let prev: Item | undefined;
  for (const item of items) {
    if (item.kind !== 'item') { prev = item; continue; }
    if (prev?.kind !== 'item' || prev.quote !== item.quote) open = [];
    while (open.length > 0 && open[open.length - 1]!.depth > item.depth) open.pop();
    const top = open[open.length - 1];
    let count = 1;
    if (top && top.depth === item.depth) {
      if (top.ordered === item.ordered) count = top.count + 1;
      open.pop();
    }
    item.marker = item.ordered ? `${count}.` : '-';
    item.indent = open.reduce((w, o) => w + o.width, 0);
    open.push({ depth: item.depth, width: item.marker.length + 1, count, ordered: item.ordered });
    prev = item;
  }
}

/** Lines `a` and `b` (a < b) have only text-less lines between them. */
function contiguous(table: LineTable, a: number, b: number): boolean {
  for (let j = a + 1; j < b; j++) if (table.contentChars[j]! > 0) return false;
  return true;
}

const CELL_START = /<t[dh](?:\s[^>]*)?>/gi;
const COLSPAN = /\bcolspan\s*=\s*["']?(\d+)/i;

/** Table cell `e`, where line `i`'s text or image lies, with the columns it spans (its start tag's colspan, read before the text). */
function cellOf(cells: Cells, e: number, source: string, table: LineTable, i: number): Cell {
  const start = table.start[i]!;
  const head = source.slice(Math.max(0, start - 200), start) + (/^(?:\s*<[^<>]*>)*/.exec(source.slice(start, table.end[i]))?.[0] ?? '');
  let tag = '';
  for (const m of head.matchAll(CELL_START)) tag = m[0];
  const span = Math.min(1000, Math.max(1, Number(COLSPAN.exec(tag)?.[1] ?? 1)));
  return { table: cells.table[e]!, row: cells.row[e]!, col: cells.col[e]!, span };
}

/**
 * Runs of consecutive items in cells of one table become one `table` item when they look like data
 * (≥ 2 rows, two with ≥ 2 cells, each cell one paragraph); other runs stay as they are.
 */
function groupTables(items: readonly Item[]): Item[] {
  const out: Item[] = [];
  for (let k = 0; k < items.length;) {
    const t = items[k]!.cell?.table;
    let end = k + 1;
    if (t !== undefined) while (end < items.length && items[end]!.cell?.table === t) end++;
    const run = items.slice(k, end);
    const table = t !== undefined ? dataTable(run) : undefined;
    if (table) out.push(table); else out.push(...run);
    k = end;
  }
  return out;
}

function dataTable(run: readonly Item[]): Item | undefined {
  const rows = new Map<number, Map<number, { text: string; span: number }>>();
  for (const item of run) {
    if (item.kind !== 'para' || item.quote !== run[0]!.quote) return undefined;
    const { row, col, span } = item.cell!;
    const cells = rows.get(row) ?? new Map<number, { text: string; span: number }>();
    if (cells.has(col)) return undefined; // paragraphs in one cell: a layout table
    cells.set(col, { text: item.text.replace(/\|/g, '\\|'), span });
    rows.set(row, cells);
  }
  const ordered = [...rows.keys()].sort((a, b) => a - b).map((r) => rows.get(r)!);
  if (ordered.length < 2 || ordered.filter((c) => c.size >= 2).length < 2) return undefined;
  // A cell spanning columns is followed by empty ones (GFM has no colspan); a cell without text spans one.
  const grid = ordered.map((cells) => {
    const row: string[] = [];
    for (let c = 0, last = Math.max(...cells.keys()); c <= last; c++) {
      const cell = cells.get(c);
      row.push(cell?.text ?? '');
      for (let k = 1; k < (cell?.span ?? 1); k++) row.push('');
    }
    return row;
  });
  return { kind: 'table', rows: grid, quote: run[0]!.quote };
}
