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
 * - the cells of a data table (with the page source: ≥ 2 rows, two of them with ≥ 2 cells, one line of text
 *   per cell) → a GFM table, its first row the header; a layout table (one cell a row, paragraphs in a cell)
 *   stays paragraphs;
 * - anything else → a paragraph; blocks are separated by a blank line.
 * With the page source, links become `[text](url)` and images `![alt](url)` (an image-only line a
 * paragraph of its own); without it, links are their text. Page text is escaped so that it
 * cannot turn into markup: `\ ` * _ [ ] < >` inline, and block markers at a line start.
 */
import { BlockKind, LineContext, type Block, type LineTable } from '../core/types.js';
import { inlineMarkdown } from './clean-html.js';

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

const INLINE_SPECIAL = /[\\`*_[\]<>]/g;
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

/** The table cell a line's text sits in: table (numbered per page), row and column. */
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
  const cells = source !== undefined ? new CellTracker(source) : undefined;
  for (const b of blocks) {
    for (let i = b.start; i < b.end; i++) {
      const text = table.lineText(i);
      const cell = cells?.line(table.start[i]!, table.end[i]!);
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
      items[items.length - 1]!.cell = ctx & LineContext.Preformatted ? undefined : cell;
    }
  }
  const grouped = groupTables(items);
  items.length = 0;
  items.push(...grouped);
  nestItems(items);
  const out: string[] = [];
  for (let k = 0; k < items.length; k++) {
    const item = items[k]!, prev = items[k - 1];
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

/**
 * Follows `<table>`, `<tr>`, `<td>`/`<th>` through the chosen lines' source, in page order, to say which
 * cell each line's first text lies in. A table opened inside a cell starts a new table; after it closes,
 * the outer table's later cells start another (a layout table, which stays paragraphs anyway).
 */
class CellTracker {
  private tables = 0;
  private table = -1;
  private row = -1;
  private col = -1;
  private inCell = false;
  /** Source read so far: the markup between chosen lines (lines not chosen) counts too. */
  private at = 0;

  constructor(private readonly source: string) {}

  /** The cell of the first text of the line at `start..end` (page order), or undefined outside any cell. */
  line(start: number, end: number): Cell | undefined {
    if (start > this.at) this.feed(this.source.slice(this.at, start), false);
    const cell = this.feed(this.source.slice(Math.max(start, this.at), end), true);
    this.at = Math.max(this.at, end);
    return cell;
  }

  private feed(slice: string, wantText: boolean): Cell | undefined {
    let found: Cell | undefined;
    let seen = !wantText;
    for (const m of slice.matchAll(TAG_OR_TEXT)) {
      const name = m.groups!['name']?.toLowerCase();
      if (name === undefined) {
        if (!seen && (m[0][0] !== '<' || m[0].length === 1) && /\S/.test(m[0])) { seen = true; found = this.inCell ? { table: this.table, row: this.row, col: this.col } : undefined; }
        continue;
      }
      const closing = m.groups!['close'] === '/';
      if (name === 'table') {
        if (closing) { this.table = -1; this.inCell = false; } else this.open();
      } else if (name === 'tr' && !closing) {
        if (this.table < 0) this.open();
        this.row++; this.col = -1; this.inCell = false;
      } else if (name === 'td' || name === 'th') {
        if (closing) { this.inCell = false; continue; }
        if (this.table < 0) this.open();
        if (this.row < 0) this.row = 0;
        this.col++; this.inCell = true;
      }
    }
    return found;
  }

  private open(): void {
    this.table = this.tables++;
    this.row = -1; this.col = -1; this.inCell = false;
  }
}

/** A comment or a script/style/textarea element (skipped whole), a table, row or cell tag, another tag, or text (a `<` opening no tag is text). */
const TAG_OR_TEXT = /<!--[\s\S]*?(?:-->|$)|<(?:script|style|textarea)\b[\s\S]*?(?:<\/(?:script|style|textarea)\s*>|$)|<(?<close>\/?)(?<name>table|tr|td|th)\b[^>]*>|<[a-z/!?][^>]*>|[^<]+|</gi;

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
