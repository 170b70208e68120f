import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { ABOVE_AXIS_BIT, computeEvidence, EVIDENCE_NUMERIC, IN_LINK_BIT, STRUCTURE_ITEMS, type LineEvidence } from '../../src/features/evidence.js';
import { findTitleLine } from '../../src/features/title-line.js';
import { lineKey } from '../../src/html/line-key.js';

const col = (name: string) => EVIDENCE_NUMERIC.indexOf(name as (typeof EVIDENCE_NUMERIC)[number]);
const bit = (name: string) => 1 << STRUCTURE_ITEMS.findIndex((s) => s.name === name);

/** The evidence entry of the text line whose text is `text`. */
function entry(html: string, text: string, common?: ReadonlySet<number>): { ev: LineEvidence; k: number } {
  const table = buildLineTable(html, { classTokens: true });
  const ev = computeEvidence(table, findTitleLine(table), common);
  const k = [...ev.lines].findIndex((i) => table.lineText(i) === text);
  if (k < 0) throw new Error(`no line "${text}" in ${JSON.stringify(table.text)}`);
  return { ev, k };
}

const PAGE = `<html><head><title>Storm closes the harbour – Example News</title></head><body>
<header><nav><ul><li><a href="/">Home</a></li><li><a href="/w">World news today</a></li></ul></nav></header>
<main><article><h1>Storm closes the harbour</h1>
<p>The council closed the harbour on Monday, after the storm broke two piers. Boats stay in port.</p>
<figure><img src="a.jpg"><figcaption>The north pier, broken.</figcaption></figure>
<blockquote>We will reopen when it is safe, the mayor said.</blockquote>
<table><tr><td>Wind speed at noon</td></tr></table>
</article></main>
<aside><p>Read more: <a href="/x">other storms of the year</a></p></aside>
<footer><form><p>Sign up for the letter</p></form></footer>
</body></html>`;

describe('computeEvidence: structure items', () => {
  it('marks each line with the block elements around its text', () => {
    const cases: [string, string[]][] = [
      ['Home', ['inside <li>', 'inside <nav>', 'inside <header>', 'inside a link']],
      ['Storm closes the harbour', ['inside a heading', 'inside <article>', 'inside <main>']],
      ['The council closed the harbour on Monday, after the storm broke two piers. Boats stay in port.', ['inside <p>', 'inside <article>', 'inside <main>']],
      ['The north pier, broken.', ['inside <figure>', 'inside <article>', 'inside <main>']],
      ['We will reopen when it is safe, the mayor said.', ['inside <blockquote>', 'inside <article>', 'inside <main>']],
      ['Wind speed at noon', ['inside <td>', 'inside <article>', 'inside <main>']],
      ['Read more: other storms of the year', ['inside <p>', 'inside <aside>']],
      ['Sign up for the letter', ['inside <p>', 'inside <form>', 'inside <footer>']],
    ];
    for (const [text, names] of cases) {
      const { ev, k } = entry(PAGE, text);
      const want = names.reduce((m, n) => m | bit(n), 0);
      const got = ev.structure[k]! & ~(1 << ABOVE_AXIS_BIT);
      expect({ text, got }).toEqual({ text, got: want });
    }
  });

  it('reads depth from the element tree: deeper lines have more enclosing blocks', () => {
    const a = entry(PAGE, 'Home'), b = entry(PAGE, 'Wind speed at noon'), c = entry(PAGE, 'Sign up for the letter');
    const depth = col('Depth');
    // html>body>main>article>table>tr>td (7, the deepest), html>body>header>nav>ul>li (6), html>body>footer>form>p (5).
    expect(b.ev.numeric[depth]![b.k]).toBe(1);
    expect(a.ev.numeric[depth]![a.k]).toBeCloseTo(6 / 7, 5);
    expect(c.ev.numeric[depth]![c.k]).toBeCloseTo(5 / 7, 5);
  });

  it('says "inside a link" only when (nearly) all of the text is anchor text', () => {
    const linked = entry(PAGE, 'World news today');
    expect(linked.ev.structure[linked.k]! & (1 << IN_LINK_BIT)).not.toBe(0);
    const partly = entry(PAGE, 'Read more: other storms of the year');
    expect(partly.ev.structure[partly.k]! & (1 << IN_LINK_BIT)).toBe(0);
    // The anchor text, with the space before it that the line builder gives to it: 25 of 35 bytes.
    expect(partly.ev.numeric[col('LinkDensity')]![partly.k]).toBeCloseTo(25 / 35, 5);
  });
});

describe('computeEvidence: text items', () => {
  it('counts words, punctuation and sentences (log scale for lengths)', () => {
    const { ev, k } = entry(PAGE, 'The council closed the harbour on Monday, after the storm broke two piers. Boats stay in port.');
    expect(ev.numeric[col('Words')]![k]).toBeCloseTo(Math.log1p(17), 5);
    // 17 words, two sentence ends.
    expect(ev.numeric[col('SentenceLength')]![k]).toBeCloseTo(Math.log1p(8.5), 5);
    // ',', '.', '.' in 94 characters.
    expect(ev.numeric[col('Punctuation')]![k]).toBeCloseTo(3 / 94, 5);
  });

  it('counts a Chinese character as a word and 。，as punctuation', () => {
    const { ev, k } = entry('<body><p>暴雨关闭港口，市长说。</p></body>', '暴雨关闭港口，市长说。');
    expect(ev.numeric[col('Words')]![k]).toBeCloseTo(Math.log1p(9), 5);
    expect(ev.numeric[col('Punctuation')]![k]).toBeCloseTo(2 / 11, 5);
    expect(ev.numeric[col('SentenceLength')]![k]).toBeCloseTo(Math.log1p(9), 5);
  });

  it('measures the share of common words with a given vocabulary, 0 without one', () => {
    const html = '<body><p>the cat and the dog</p></body>';
    const common = new Set(['the', 'and'].map(lineKey));
    const a = entry(html, 'the cat and the dog', common);
    // Distinct words: the, cat, and, dog → 2 of 4 are common.
    expect(a.ev.numeric[col('CommonWords')]![a.k]).toBeCloseTo(0.5, 5);
    const b = entry(html, 'the cat and the dog');
    expect(b.ev.numeric[col('CommonWords')]![b.k]).toBe(0);
  });
});

describe('computeEvidence: like lines', () => {
  // Lines of equal length one after another: repeated, the same text in other runs (a reference), or other text of the same length.
  const html = `<body><ul>${[
    'the cat sat. and ran', 'the cat sat. and ran', 'the cat sat. and ran', 'one dog sat; and ran', 'one dog sat; and ran',
    'Tom &amp; Jerry, the end.', 'Tom &#38; Jerry, the end.', 'Tom &amp; Jerry, the end?', 'a b c d e f g h i j k l m n o p',
    'abcdefghijklmnopqrstuvwxyz01234', 'a b c d e f g h i j k l m n o p',
  ].map((t) => `<li>${t}</li>`).join('\n')}</ul></body>`;

  it('gives each line the figures it has read alone (the line before\'s only when the text is the same)', () => {
    const table = buildLineTable(html, { classTokens: true });
    const common = new Set(['the', 'and', 'end'].map(lineKey));
    // With words kept every line is read; without, a line with the counts of the line before is compared with it first.
    const alone = computeEvidence(table, -1, common), like = computeEvidence(table, -1, common, { words: false });
    expect(like.lines).toEqual(alone.lines);
    expect(alone.lines.length).toBe(11);
    for (const name of ['Words', 'Punctuation', 'CommonWords', 'SentenceLength']) expect([...like.numeric[col(name)]!]).toEqual([...alone.numeric[col(name)]!]);
    // The figures do differ between lines of the same length.
    const words = [...alone.numeric[col('Words')]!], shares = [...alone.numeric[col('CommonWords')]!];
    expect(words[8]).not.toBe(words[9]);
    expect(shares[6]).toBe(shares[5]);
    expect(shares[3]).not.toBe(shares[2]);
  });
});

describe('computeEvidence: position, neighbours and the DANA prior', () => {
  it('places lines relative to the title line', () => {
    const table = buildLineTable(PAGE, { classTokens: true });
    const t = findTitleLine(table);
    expect(table.lineText(t)).toBe('Storm closes the harbour');
    const before = entry(PAGE, 'Home'), after = entry(PAGE, 'Sign up for the letter'), at = entry(PAGE, 'Storm closes the harbour');
    const c = col('TitleOffset');
    expect(before.ev.numeric[c]![before.k]).toBeLessThan(0);
    expect(at.ev.numeric[c]![at.k]).toBe(0);
    expect(after.ev.numeric[c]![after.k]).toBeGreaterThan(0);
  });

  it('averages the link density of the two text lines on each side', () => {
    const html = '<body><p><a href="/">one link</a></p><p><a href="/">two links</a></p><p>plain text here</p><p><a href="/">three</a></p><p>more plain text</p></body>';
    const { ev, k } = entry(html, 'plain text here');
    expect(ev.numeric[col('NeighbourLinks')]![k]).toBeCloseTo(3 / 4, 5);
  });

  it('carries DANA\'s smoothed difference: text lines above the axis, link lists below', () => {
    const html = `<body><ul>${'<li><a href="/a/very/long/address/for/a/menu/item">Menu</a></li>'.repeat(6)}</ul>
<p>${'A long paragraph of article text that outweighs its markup by far. '.repeat(4)}</p></body>`;
    const menu = entry(html, 'Menu'), para = entry(html, 'A long paragraph of article text that outweighs its markup by far. '.repeat(4).trim());
    const d = col('DanaDiff');
    expect(para.ev.numeric[d]![para.k]).toBeGreaterThan(0.9);
    expect(para.ev.structure[para.k]! & (1 << ABOVE_AXIS_BIT)).not.toBe(0);
    expect(menu.ev.numeric[d]![menu.k]).toBeLessThan(0);
    expect(menu.ev.structure[menu.k]! & (1 << ABOVE_AXIS_BIT)).toBe(0);
  });

  it('covers only lines with text, and gives the same evidence twice', () => {
    const table = buildLineTable(PAGE, { classTokens: true });
    const a = computeEvidence(table, 3), b = computeEvidence(table, 3);
    for (const i of a.lines) expect(table.contentChars[i]).toBeGreaterThan(0);
    expect(a.lines.length).toBe(table.text.filter((t) => t !== '').length);
    expect(a.numeric.map((c) => Array.from(c))).toEqual(b.numeric.map((c) => Array.from(c)));
  });
});

describe('computeEvidence: a reused buffer (the apply path)', () => {
  const plain = (ev: LineEvidence) => ({ lines: [...ev.lines], numeric: ev.numeric.map((c) => [...c]), structure: [...ev.structure] });
  const common = new Set([lineKey('the'), lineKey('of')]);

  it('gives the same evidence as a buffer of its own, page after page of other sizes, and leaves kept evidence alone', () => {
    const small = buildLineTable('<p>The end of the story.</p><ul><li><a href="/a">Next</a></li></ul>', { classTokens: true });
    const big = buildLineTable(PAGE, { classTokens: true });
    const kept = computeEvidence(big, findTitleLine(big), common);
    const before = plain(kept);
    for (const table of [big, small, big]) {
      const own = plain(computeEvidence(table, findTitleLine(table), common, { words: false }));
      expect(plain(computeEvidence(table, findTitleLine(table), common, { words: false, reuse: true }))).toEqual(own);
    }
    expect(plain(kept)).toEqual(before);
  });
});
