import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { blocksToMarkdown, escapeMarkdown } from '../../src/html/markdown.js';
import { FARSW_PREPROCESS_DEFAULTS } from '../../src/core/defaults.js';

const all = (html: string, carryMarkup = true) => {
  const t = buildLineTable(html, { carryMarkup, dropElements: FARSW_PREPROCESS_DEFAULTS.dropElements });
  return blocksToMarkdown(t, [{ start: 0, end: t.count, score: 0 }]);
};

const PAGE = `<html><body><article>
<h1>Sea wall rebuilt</h1>
<p>Work began on <a href="/monday">Monday</a>.</p>
<p>The council said:</p>
<blockquote><p>It will take a year.</p><p>Roads stay open.</p></blockquote>
<h2>What changes</h2>
<ul>
  <li>New steps</li>
  <li>A wider <b>path</b></li>
</ul>
<p>More next week.</p>
<pre><code>x = 1
y = 2</code></pre>
</article></body></html>`;

const EXPECTED = `# Sea wall rebuilt

Work began on Monday.

The council said:

> It will take a year.
>
> Roads stay open.

## What changes

- New steps
- A wider path

More next week.

\`\`\`
x = 1
y = 2
\`\`\``;

describe('blocksToMarkdown', () => {
  it('keeps headings, paragraphs, quotes, lists, code and link text', () => {
    expect(all(PAGE)).toBe(EXPECTED);
  });

  it('gives the same markdown whether markup forms lines of its own or not', () => {
    expect(all(PAGE, false)).toBe(EXPECTED);
  });

  it('renders only the chosen blocks', () => {
    const t = buildLineTable('<p>menu</p><h3>Title</h3><p>Body.</p><p>footer</p>', { carryMarkup: true });
    expect(t.text).toEqual(['menu', 'Title', 'Body.', 'footer']);
    expect(blocksToMarkdown(t, [{ start: 1, end: 3, score: 0 }])).toBe('### Title\n\nBody.');
    expect(blocksToMarkdown(t, [])).toBe('');
  });

  it('escapes page text that would read as markup', () => {
    expect(all('<p># not a heading</p><p>- not a list</p><p>1. not ordered</p><p>a *b* [c](d) &lt;e&gt; `f`</p>')).toBe(
      '\\# not a heading\n\n\\- not a list\n\n1\\. not ordered\n\na \\*b\\* \\[c\\](d) \\<e> \\`f\\`',
    );
    expect(all('<h2>C#</h2><p>x</p>')).toBe('## C\\#\n\nx');
    expect(escapeMarkdown('plain words')).toBe('plain words');
  });

  it('nests lists as the page does and numbers ordered items', () => {
    const html = '<ul><li>Buy <b>milk</b><ul><li>whole</li><li>skim<ol><li>first</li><li>second</li></ol></li></ul></li><li>Bread</li></ul>'
      + '<p>Then:</p><ol><li>Cook<li>Eat</ol>';
    const expected = '- Buy milk\n  - whole\n  - skim\n    1. first\n    2. second\n- Bread\n\nThen:\n\n1. Cook\n2. Eat';
    expect(all(html)).toBe(expected);
    expect(all(html, false)).toBe(expected);
    // A numbered item is indented by its marker's width; a deeper level restarts the count.
    expect(all('<ol><li>a<li>b<li>c<li>d<li>e<li>f<li>g<li>h<li>i<li>j<ul><li>x</ul></ol>').split('\n').slice(-2)).toEqual(['10. j', '    - x']);
  });

  it('fences code containing backticks with a longer fence', () => {
    expect(all('<pre>a ``` b</pre>')).toBe('````\na ``` b\n````');
  });

  it('starts a new list after a paragraph and a new fence for each <pre>', () => {
    expect(all('<ol><li>a</li></ol><p>p</p><ul><li>b</li><li>c</li></ul>')).toBe('1. a\n\np\n\n- b\n- c');
    expect(all('<pre>one</pre><pre>two</pre>')).toBe('```\none\n```\n\n```\ntwo\n```');
  });

  describe('tables (with the page source)', () => {
    const md = (html: string, carryMarkup = true, blocks?: { start: number; end: number }[]) => {
      const t = buildLineTable(html, { carryMarkup, dropElements: FARSW_PREPROCESS_DEFAULTS.dropElements });
      return blocksToMarkdown(t, (blocks ?? [{ start: 0, end: t.count }]).map((b) => ({ ...b, score: 0 })), { source: html });
    };
    const DATA = '<p>Standings after the third round.</p><table><tr><th>Team</th><th>Points</th></tr>'
      + '<tr><td>North | South</td><td>14</td></tr><tr><td><a href="/r">Riverside</a></td><td>12</td></tr></table><p>Next round in May.</p>';
    const GFM = 'Standings after the third round.\n\n| Team | Points |\n| --- | --- |\n| North \\| South | 14 |\n| [Riverside](/r) | 12 |\n\nNext round in May.';

    it('renders a data table as a GFM table, its first row the header, pipes in cells escaped', () => {
      expect(md(DATA)).toBe(GFM);
    });

    it('gives the same table for markup a browser renders the same (implied tbody and closing tags, markup lines or not)', () => {
      expect(md(DATA, false)).toBe(GFM);
      const implied = '<p>Standings after the third round.</p><TABLE><tbody><tr><th>Team<th>Points'
        + '<tr><td>North | South<td>14<!-- <td>not a cell</td> --><tr><td><a href="/r">Riverside</a><td>12</table><p>Next round in May.</p>';
      expect(md(implied)).toBe(GFM);
      expect(md(implied, false)).toBe(GFM);
      const scripted = DATA.replace('<tr><td>North', '<script>document.write("<tr><td>x</td>")</script><tr><td>North');
      expect(md(scripted)).toBe(GFM);
    });

    it('reads header cells with no <tr> around them as one row, as a browser implies it; a caption stays a paragraph', () => {
      const t = '<table><caption>Prices</caption><thead><th>Fruit</th><th>Price</th></thead><tr><td>Pear</td><td>2</td></tr><tr><td>Fig</td><td>3</td></tr></table>';
      expect(md(t)).toBe('Prices\n\n| Fruit | Price |\n| --- | --- |\n| Pear | 2 |\n| Fig | 3 |');
    });

    it('pads a short row', () => {
      const t = '<table><tr><td>a</td><td>b</td><td>c</td></tr><tr><td>d</td></tr><tr><td>e</td><td>f</td></tr></table>';
      expect(md(t)).toBe('| a | b | c |\n| --- | --- | --- |\n| d |  |  |\n| e | f |  |');
    });

    it('leaves a layout table as paragraphs: one cell a row, or paragraphs in a cell', () => {
      expect(md('<table><tr><td>First story.</td></tr><tr><td>Second story.</td></tr></table>')).toBe('First story.\n\nSecond story.');
      expect(md('<table><tr><td><p>One.</p><p>Two.</p></td><td>Side.</td></tr><tr><td>x</td><td>y</td></tr></table>')).toBe('One.\n\nTwo.\n\nSide.\n\nx\n\ny');
    });

    it('without the page source, cells stay paragraphs', () => {
      expect(all('<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>')).toBe('a\n\nb\n\nc\n\nd');
    });
  });
});
