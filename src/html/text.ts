/**
 * The last phase of every line-based extractor: chosen lines → clean text.
 * Line texts are already entity-decoded, white-space collapsed and free of
 * markup (see `lines.ts`); each line is one block, so each becomes one
 * paragraph, separated by `\n`.
 */
import type { Block, LineTable } from '../core/types.js';

/**
 * Join the text of the lines covered by `blocks` (in page order, not
 * overlapping), one paragraph per line; empty lines are skipped.
 */
export function blocksToText(table: LineTable, blocks: readonly Block[]): string {
  // Lines are joined JOIN_LINES at a time and not kept by the table: their strings die young (held until one join at the end,
  // the 335,571 lines of a 50 MB page were copied by the young-generation collector and promoted).
  const out: string[] = [], joined: string[] = [];
  for (const b of blocks) {
    for (let i = b.start; i < b.end; i++) {
      const t = table.lineText(i, false);
      if (t.length === 0) continue;
      out.push(t);
      if (out.length === JOIN_LINES) { joined.push(out.join('\n')); out.length = 0; }
    }
  }
  if (joined.length === 0) return out.join('\n');
  if (out.length > 0) joined.push(out.join('\n'));
  return joined.join('\n');
}

/** Lines of the output joined at a time (blocksToText). */
const JOIN_LINES = 4096;

/** All visible text of the page (the `plain` lower bound). */
export function allText(table: LineTable): string {
  return blocksToText(table, table.count > 0 ? [{ start: 0, end: table.count, score: 0 }] : []);
}
