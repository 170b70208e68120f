/**
 * Chosen lines → Markdown (CommonMark), the `--format markdown` of `farsw apply`.
 *
 * Every line is one block of text (see `lines.ts`), so the conversion is per line:
 * - `BlockKind` Heading1..6 → `#`..`######`;
 * - a list item (`BlockKind.ListItem`, or text inside `<li>`/`<dt>`/`<dd>`) → `- item`, or `1. item` in an `<ol>`;
 *   consecutive items form one tight list, nested as the page nests its lists (LineContext's list depth):
 *   an item is indented by the marker widths of the items it sits in, as CommonMark reads nesting;
 *   ordered items are numbered from 1 per list;
 * - text inside `<pre>` → a fenced code block, consecutive `<pre>` lines in one fence
 *   (white space inside is collapsed like all line text, and blank lines are gone);
 * - text inside `<blockquote>` → every output line prefixed by `> `;
 * - with the page source, the cells of a data table (≥ 2 rows, two of them with ≥ 2 cells, one line of text per cell; rows and cells
 *   from the table's element tree) → a GFM table, its first row the header; a layout table (one cell a row,
 *   paragraphs in a cell) stays paragraphs;
 * - anything else → a paragraph; blocks are separated by a blank line.
 * With the page source, links become `[text](url)` and images `![alt](url)` (an image-only line a
 * paragraph of its own); without it, links are their text. Page text is escaped so that it
 * cannot turn into markup: `\ ` * _ [ ] < >` and a `&` that starts a character reference inline, and block markers at a line start.
 */
import { BlockKind, LineContext, type Block, type ElementTree, type LineTable } from '../core/types.js';
import { inlineMarkdown } from './clean-html.js';
import { nameHash } from './tags.js';

/** Options of {@link blocksToMarkdown}. */
export interface MarkdownOptions {
  /** Backslash-escape characters that Markdown would read as markup (default true). */
  readonly escape: boolean;
  /** The page source the table was built from: with it, links and images are kept (`[text](url)`, `![alt](url)`). */
  readonly source?: string;
  /** Page URL, to make link and image URLs absolute. */
  readonly baseUrl?: string;
}

const MARKDOWN_DEFAULTS: MarkdownOptions = Object.freeze({ escape: true });

/** Markup characters, and a `&` that CommonMark would read as the start of a character reference (`&amp;` in the page's text). */
const INLINE_SPECIAL = /[\\`*_[\]<>]|&(?=#?[a-zA-Z0-9]+;)/g;
const LINK_OR_IMAGE = /<(a|img)[\s>]/i;
/** Block markers at the start of a line: ATX heading, list bullet, ordered item, thematic break, fence. */
const LEADING_MARKER = /^(#|[-+=~]|\d{1,9}(?=[.)]))/;
const BACKTICK_RUN = /`+/g;

/** Escape one line of page text for use as Markdown inline content. */
export function escapeMarkdown(text: string): string {
  let s = text.replace(INLINE_SPECIAL, '\\$&');
  const m = LEADING_MARKER.exec(s);
  if (m) s = m[1]!.length > 1 || /\d/.test(m[1]!) ? `${m[1]}\\${s.slice(m[1]!.length)}` : `\\${s}`;
  return s;
}

/** The table cell a line's text sits in: its table's and row's element numbers, and its column. */
interface Cell { readonly table: number; readonly row: number; readonly col: number }

type Item = (
  | { readonly kind: 'heading'; readonly level: number; readonly text: string; readonly quote: boolean }
  | { readonly kind: 'item'; readonly text: string; readonly quote: boolean; readonly depth: number; readonly ordered: boolean; marker: string; indent: number }
  | { readonly kind: 'para'; readonly text: string; readonly quote: boolean }
  | { readonly kind: 'code'; readonly lines: string[]; readonly quote: boolean; last: number }
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
      return [fence, ...item.lines, fence];
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
  const { escape, source, baseUrl } = { ...MARKDOWN_DEFAULTS, ...options };
  const plainEsc = escape ? escapeMarkdown : (s: string) => s;
  const items: Item[] = [];
  // Tables, like links and images, only with the page source: without it the output is plain paragraphs.
  const tree = source !== undefined ? table.elements : undefined;
  for (const b of blocks) {
    for (let i = b.start; i < b.end; i++) {
      const text = table.lineText(i);
      // The line's links and images, when its source has any and gives the same text.
      let inline: string | undefined;
      if (source !== undefined) {
        const slice = source.slice(table.start[i]!, table.end[i]!);
        if (LINK_OR_IMAGE.test(slice)) {
          const md = inlineMarkdown(slice, plainEsc, baseUrl);
          if (md.text === text.replace(/\s+/g, ' ').trim() && md.markdown !== '') inline = md.markdown;
        }
      }
      if (text.length === 0 && inline === undefined) continue;
      const esc = inline !== undefined ? () => inline! : plainEsc;
      const kind = table.block[i]! as BlockKind, ctx = table.context[i]!;
      const quote = (ctx & LineContext.Quote) !== 0 || kind === BlockKind.Quote;
      const prev = items[items.length - 1];
      if (ctx & LineContext.Preformatted) {
        // One fence per run of <pre> lines; a line that opens a new <pre> starts a new fence.
        if (prev?.kind === 'code' && prev.quote === quote && kind !== BlockKind.Preformatted && contiguous(table, prev.last, i)) {
          prev.lines.push(text);
          prev.last = i;
        } else items.push({ kind: 'code', lines: [text], quote, last: i });
      } else if (kind >= BlockKind.Heading1 && kind <= BlockKind.Heading6) {
        let t = esc(text);
        if (escape && t.endsWith('#')) t = `${t.slice(0, -1)}\\#`; // not a closing sequence
        items.push({ kind: 'heading', level: kind - BlockKind.Heading1 + 1, text: t, quote });
      } else if (kind === BlockKind.ListItem || ctx & LineContext.ListItem) {
        const depth = Math.max(1, (ctx & LineContext.ListDepthMask) >> LineContext.ListDepthShift);
        items.push({ kind: 'item', text: esc(text), quote, depth, ordered: (ctx & LineContext.OrderedList) !== 0, marker: '-', indent: 0 });
      } else {
        items.push({ kind: 'para', text: esc(text), quote });
      }
      if (tree && !(ctx & LineContext.Preformatted)) items[items.length - 1]!.cell = cellOf(tree, i);
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

const [TABLE, TR, TD, TH] = ['table', 'tr', 'td', 'th'].map(nameHash) as [number, number, number, number];
const SECTIONS = new Set(['thead', 'tbody', 'tfoot'].map(nameHash));

/**
 * The cell line `i`'s text starts in, from the page's element tree (built as a browser parses, so omitted end tags, comments
 * and scripts need no care here): its nearest `<td>`/`<th>`, that cell's row and the row's table; undefined outside a cell
 * (text in a `<caption>`, or in a table nested in a cell without a cell of its own). Cells directly in a table or a table
 * section form one row, the `<tr>` a browser implies there.
 */
function cellOf(tree: ElementTree, i: number): Cell | undefined {
  const { tag, parent } = tree;
  if (!tag) return undefined;
  let cell = tree.line[i]! - 1;
  while (cell >= 0 && tag[cell] !== TD && tag[cell] !== TH) {
    if (tag[cell] === TABLE) return undefined;
    cell = parent[cell]! - 1;
  }
  const row = cell >= 0 ? parent[cell]! - 1 : -1;
  if (row < 0 || !(tag[row] === TR || tag[row] === TABLE || SECTIONS.has(tag[row]!))) return undefined;
  let t = row;
  while (t >= 0 && tag[t] !== TABLE) t = parent[t]! - 1;
  if (t < 0) return undefined;
  let col = 0;
  for (let c = row + 1; c < cell; c = tree.end[c]!) if (tag[c] === TD || tag[c] === TH) col++;
  return { table: t, row, col };
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
  const rows = new Map<number, Map<number, string>>();
  for (const item of run) {
    if (item.kind !== 'para' || item.quote !== run[0]!.quote) return undefined;
    const { row, col } = item.cell!;
    const cells = rows.get(row) ?? new Map<number, string>();
    if (cells.has(col)) return undefined; // paragraphs in one cell: a layout table
    cells.set(col, item.text.replace(/\|/g, '\\|'));
    rows.set(row, cells);
  }
  const ordered = [...rows.keys()].sort((a, b) => a - b).map((r) => rows.get(r)!);
  if (ordered.length < 2 || ordered.filter((c) => c.size >= 2).length < 2) return undefined;
  const grid = ordered.map((cells) => Array.from({ length: Math.max(...cells.keys()) + 1 }, (_, c) => cells.get(c) ?? ''));
  return { kind: 'table', rows: grid, quote: run[0]!.quote };
}
