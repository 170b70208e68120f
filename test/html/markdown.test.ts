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
      '\\# not a heading\n\n\\- not a list\n\n1\\. not ordered\n\na \\*b\\* \\[c\\](d) \\<e\\> \\`f\\`',
    );
    expect(all('<h2>C#</h2>')).toBe('## C\\#');
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
});
