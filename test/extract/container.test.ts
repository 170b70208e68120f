import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { keepDominantContainer } from '../../src/extract/container.js';
import type { LineTable } from '../../src/core/types.js';

const para = (words: number, tag = 'w') => `<p>${Array.from({ length: words }, (_, i) => `${tag}${i}`).join(' ')}</p>`;
const all = (t: LineTable) => Uint8Array.from({ length: t.count }, (_, i) => (t.contentChars[i]! > 0 ? 1 : 0));
const keptText = (t: LineTable, m: Uint8Array) => t.text.filter((_, i) => m[i] === 1);

describe('keepDominantContainer', () => {
  // Title in a header sibling of the body; a sidebar in another column.
  const html = `<body><div id="page"><div id="main"><h1>Title of the story</h1><div class="body">${para(60, 'a')}${para(60, 'b')}</div></div>`
    + `<div id="sidebar">${para(25, 's')}</div></div><p>outside</p></body>`;
  const t = buildLineTable(html);

  it('numbers block elements in document order with subtree ranges', () => {
    const tree = t.elements!;
    expect(tree).toBeDefined();
    // body, #page, #main, h1, .body, p, p, #sidebar, p, p(outside)
    expect(tree.parent.length).toBe(10);
    expect([...tree.parent]).toEqual([0, 1, 2, 3, 3, 5, 5, 2, 8, 1]);
    expect([...tree.end]).toEqual([10, 9, 7, 4, 7, 6, 7, 9, 9, 10]);
    const title = t.text.indexOf('Title of the story');
    expect(tree.line[title]).toBe(4); // h1 is element 3
  });

  it('drops chosen lines outside the deepest element holding ≥ θ of the chosen text', () => {
    // .body holds ~82 % of the text: the title (its sibling), the sidebar and the last line go.
    const kept = keptText(t, keepDominantContainer(t, all(t), 0.7));
    expect(kept).toHaveLength(2);
    expect(kept.every((x) => /^[ab]0 /.test(x))).toBe(true);
    // With θ 0.9 the deepest element holding enough is #page (~99 %): only the line outside it goes.
    const wide = keptText(t, keepDominantContainer(t, all(t), 0.9));
    expect(wide).toContain('Title of the story');
    expect(wide.join(' ')).toMatch(/s0/);
    expect(wide).not.toContain('outside');
  });

  it('changes nothing when θ is 0, or when no element holds enough', () => {
    const m = all(t);
    expect(keepDominantContainer(t, m, 0)).toBe(m);
    // Half the text in each of two unrelated top-level elements, θ above what either holds.
    const two = buildLineTable(`<div>${para(40, 'x')}</div><div>${para(40, 'y')}</div>`);
    const m2 = all(two);
    expect(keepDominantContainer(two, m2, 0.7)).toBe(m2);
  });

  it('is a no-op for tables without an element tree', () => {
    const { elements: _e, ...rest } = t;
    const bare = { ...rest, lineText: (i: number) => t.lineText(i), text: t.text } as LineTable;
    const m = all(t);
    expect(keepDominantContainer(bare, m, 0.7)).toBe(m);
  });
});
