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
  const out: string[] = [];
  for (const b of blocks) {
    for (let i = b.start; i < b.end; i++) {
      const t = table.lineText(i);
      if (t.length > 0) out.push(t);
    }
  }
  return out.join('\n');
}

/** All visible text of the page (the `plain` lower bound). */
export function allText(table: LineTable): string {
  return blocksToText(table, table.count > 0 ? [{ start: 0, end: table.count, score: 0 }] : []);
}
