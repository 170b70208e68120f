/**
 * The last phase of every line-based extractor: chosen lines → clean text.
 * Line texts are already entity-decoded, white-space collapsed and free of
 * markup (see `lines.ts`); each line is one block, so each becomes one
 * paragraph, separated by `\n`. With the page source (a built table), the
 * text is what a reader sees (html/layout.ts): the cells of a table row are
 * one line, separated by tabs; a `<pre>` keeps its white space and blank lines;
 * edit links and citation numbers (`[edit]`, `[1]`) are left out. The words
 * are the lines' words but those links.
 */
import { BlockKind, LineContext, type Block, type LineTable } from '../core/types.js';
import { emptyHeadings, isTocHeading, cellSeparator, outputLineText, preformattedText, preRunEnd, tableCells } from './layout.js';

/**
 * Join the text of the lines covered by `blocks` (in page order, not
 * overlapping), one paragraph per line; empty lines are skipped.
 */
export function blocksToText(table: LineTable, blocks: readonly Block[]): string {
  const source = table.source;
  const cells = source !== undefined && choosesCell(table, blocks) ? tableCells(table) : undefined;
  // A table of contents' title whose list was left out ("Contents" over the first heading); other empty headings stay (measured: docs/decisions.md).
  const empty = source !== undefined ? tocTitles(table, blocks) : undefined;
  // Lines are joined JOIN_LINES at a time and not kept by the table: their strings die young (held until one join at the end,
  // the 335,571 lines of a 50 MB page were copied by the young-generation collector and promoted).
  const out: string[] = [], joined: string[] = [];
  let prev = -1;
  for (const b of blocks) {
    for (let i = b.start; i < b.end; i++) {
      let t: string;
      if (empty?.has(i)) continue;
      if (source !== undefined && table.context[i]! & LineContext.Preformatted && table.contentChars[i]! > 0) {
        // A run of chosen lines of one <pre>, written as the page gives it.
        const last = preRunEnd(table, i, b.end);
        const pre = preformattedText(source, table, i, last);
        if (pre === undefined) t = table.lineText(i, false);
        else { t = pre; i = last; }
      } else t = outputLineText(table, i, source);
      if (t.length === 0) continue;
      const sep = cells && prev >= 0 ? cellSeparator(cells, prev, i) : undefined;
      if (sep !== undefined && out.length > 0) out[out.length - 1] += sep + t;
      else {
        if (out.length === JOIN_LINES) { joined.push(out.join('\n')); out.length = 0; }
        out.push(t);
      }
      prev = i;
    }
  }
  if (joined.length === 0) return out.join('\n');
  if (out.length > 0) joined.push(out.join('\n'));
  return joined.join('\n');
}

/** The empty headings (html/layout.ts emptyHeadings) among the chosen lines that title a table of contents. */
function tocTitles(table: LineTable, blocks: readonly Block[]): Set<number> | undefined {
  if (!choosesHeading(table, blocks)) return undefined; // many pages: no heading walk
  // A heading without text writes nothing here: whether one has text is all the check needs. The markup test
  // (a regex over three lines of source) runs on the few empty headings only.
  const empty = emptyHeadings(table, blocks, (i) => (table.contentChars[i]! > 0 ? 'text' : ''));
  for (const i of empty) if (!isTocHeading(table, i)) empty.delete(i);
  return empty.size > 0 ? empty : undefined;
}

/** Is a chosen line a heading? */
function choosesHeading(table: LineTable, blocks: readonly Block[]): boolean {
  for (const b of blocks) {
    for (let i = b.start; i < b.end; i++) {
      const k = table.block[i]!;
      if (k >= BlockKind.Heading1 && k <= BlockKind.Heading6) return true;
    }
  }
  return false;
}

/** Does a chosen line start in a table cell (BlockKind.TableCell: a `<td>`/`<th>` opened it)? Only then are cells looked up. */
function choosesCell(table: LineTable, blocks: readonly Block[]): boolean {
  for (const b of blocks) for (let i = b.start; i < b.end; i++) if (table.block[i] === BlockKind.TableCell) return true;
  return false;
}

/** Lines of the output joined at a time (blocksToText). */
const JOIN_LINES = 4096;

/** All visible text of the page (the `plain` lower bound). */
export function allText(table: LineTable): string {
  return blocksToText(table, table.count > 0 ? [{ start: 0, end: table.count, score: 0 }] : []);
}
