/**
 * Structural slots (issue 18.2, site models): where a line's element sits in the page, exactly enough that the same
 * slot of a site's template is the same key on every page. A line's slot is its element's tag under its parent's
 * XPath (each ancestor's tag with its index among same-tag siblings), combined with the line's structural path
 * (LineTable.path: the nearest three block elements with their class and id). A site model remembers which slots
 * held article lines on its training pages (Model.topicalSlots) and keeps those lines where the windows and the
 * DANA core left them out (extract/farsw.ts).
 */
import type { LineTable } from '../core/types.js';

const FNV_OFFSET = 2166136261;
const mix = (h: number, x: number): number => Math.imul(h ^ x, 16777619) >>> 0;

/**
 * The slot key of every line: 0 for a line without text; a line outside every block element gets 1.
 * A table without an element tree (made by hand) has no slots: all 0.
 */
export function slotKeys(table: LineTable): Uint32Array {
  const n = table.count;
  const out = new Uint32Array(n);
  const tree = table.elements;
  if (!tree) return out;
  const count = tree.parent.length;
  // Per element: its XPath hash (ancestors' tags with same-tag sibling indices), computed in document order.
  const xpath = new Uint32Array(count);
  const siblings = new Map<number, number>();
  for (let e = 0; e < count; e++) {
    const p = tree.parent[e]!, tag = tree.tag ? tree.tag[e]! : 0;
    const k = p * 4294967296 + tag;
    const index = siblings.get(k) ?? 0;
    siblings.set(k, index + 1);
    xpath[e] = mix(mix(p > 0 ? xpath[p - 1]! : FNV_OFFSET, tag), index + 1);
  }
  for (let i = 0; i < n; i++) {
    if (table.contentChars[i] === 0) continue;
    const e = tree.line[i]! - 1;
    if (e < 0) { out[i] = 1; continue; }
    const p = tree.parent[e]!, tag = tree.tag ? tree.tag[e]! : 0;
    out[i] = mix(mix(p > 0 ? xpath[p - 1]! : FNV_OFFSET, tag), table.path[i]!) || 1;
  }
  return out;
}
