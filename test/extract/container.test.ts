import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { keepDominantContainer, keepTitleContainer } from '../../src/extract/container.js';
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
    // html (implied), body, #page, #main, h1, .body, p, p, #sidebar, p, p(outside)
    expect(tree.parent.length).toBe(11);
    expect([...tree.parent]).toEqual([0, 1, 2, 3, 4, 4, 6, 6, 3, 9, 2]);
    expect([...tree.end]).toEqual([11, 11, 10, 8, 5, 8, 7, 8, 10, 10, 11]);
    const title = t.text.indexOf('Title of the story');
    expect(tree.line[title]).toBe(5); // h1 is element 4
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

  it('with minLines, never takes an element holding fewer chosen lines with text as the container', () => {
    // One long paragraph (~75 % of the text) and two short ones in one body: θ 0.7 alone keeps the long paragraph only.
    const p = buildLineTable(`<body><div class="story"><h1>Headline here</h1><div class="body">${para(90, 'l')}${para(15, 'm')}${para(10, 'n')}</div></div>`
      + `<div class="foot">${para(3, 'f')}</div></body>`);
    const single = keptText(p, keepDominantContainer(p, all(p), 0.7));
    expect(single).toHaveLength(1);
    expect(single[0]).toMatch(/^l0 /);
    // At least 3 lines: the body holding the three paragraphs, not the headline's sibling or the footer.
    const body = keptText(p, keepDominantContainer(p, all(p), 0.7, 3));
    expect(body.map((x) => x.slice(0, 2))).toEqual(['l0', 'm0', 'n0']);
    // At least 4 lines: the story, headline and body (the footer is outside it).
    const story = keptText(p, keepDominantContainer(p, all(p), 0.7, 4));
    expect(story).toHaveLength(4);
    expect(story[0]).toBe('Headline here');
    // minLines 1 is the plain constraint.
    expect(keptText(p, keepDominantContainer(p, all(p), 0.7, 1))).toEqual(single);
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

describe('keepTitleContainer', () => {
  // The article (headline + body) in #post; a list of teasers in #related, outside it, with more text.
  const html = `<body><div id="page"><div id="post"><h1>Title of the story</h1><div class="body">${para(30, 'a')}${para(30, 'b')}</div></div>`
    + `<div id="related">${para(25, 'r')}${para(25, 's')}${para(25, 't')}</div></div></body>`;
  const t = buildLineTable(html);
  const title = t.text.indexOf('Title of the story');
  const bodyLine = t.text.findIndex((x) => x.startsWith('a0 '));
  const region = { start: bodyLine, end: bodyLine + 2 };

  it('keeps the chosen lines inside the lowest element holding the title line and the starting region', () => {
    const kept = keptText(t, keepTitleContainer(t, all(t), title, region, 0.2));
    expect(kept).toHaveLength(3);
    expect(kept[0]).toBe('Title of the story');
    expect(kept.join(' ')).not.toMatch(/\br0\b|\bs0\b|\bt0\b/);
  });

  it('changes nothing when that element would keep too little of the chosen text', () => {
    // #post holds about 45 % of the chosen text: enough at 0.2, not at 0.5.
    const m = all(t);
    expect(keepTitleContainer(t, m, title, region, 0.5)).toBe(m);
  });

  it('changes nothing without a title line, a region, or when off', () => {
    const m = all(t);
    expect(keepTitleContainer(t, m, -1, region, 0.2)).toBe(m);
    expect(keepTitleContainer(t, m, title, undefined, 0.2)).toBe(m);
    expect(keepTitleContainer(t, m, title, region, 0)).toBe(m);
  });

  it("cuts a long sidebar beside a short article at models across sites' 10 %, not at DANA's 20 %", () => {
    // A two-paragraph story (#post, about 13 % of the chosen text) beside a sidebar of eight long paragraphs.
    const side = buildLineTable(`<body><div id="page"><div id="post"><h1>Title of the story</h1><div class="body">${para(12, 'a')}${para(12, 'b')}</div></div>`
      + `<div id="sidebar">${['p', 'q', 'r', 's', 't', 'u', 'v', 'x'].map((w) => para(25, w)).join('')}</div></div></body>`);
    const head = side.text.indexOf('Title of the story');
    const first = side.text.findIndex((x) => x.startsWith('a0 '));
    const m = all(side);
    expect(keepTitleContainer(side, m, head, { start: first, end: first + 2 }, 0.2)).toBe(m);
    expect(keptText(side, keepTitleContainer(side, m, head, { start: first, end: first + 2 }, 0.1)).map((x) => x.split(' ')[0])).toEqual(['Title', 'a0', 'b0']);
  });

  it('climbs to the common ancestor when the region lies in another branch', () => {
    // Starting region in #related: the common ancestor is #page, which holds everything: nothing changes.
    const r = t.text.findIndex((x) => x.startsWith('r0 '));
    const m = all(t);
    expect(keepTitleContainer(t, m, title, { start: r, end: r + 1 }, 0.2)).toBe(m);
  });
});
