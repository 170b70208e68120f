/**
 * What a reader sees of the chosen lines in every format (html/layout.ts and the writers that use it): table rows,
 * code blocks, Markdown escaping and headings, absolute links, and a Wikipedia-like page's edit links, citation numbers
 * and table of contents (issue 37, items 4, 5, 6 and 15). Markdown is read back with the `commonmark` parser.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Parser as MarkdownParser, type Node } from 'commonmark';
import { extract } from '../../src/api/extract.js';
import { buildLineTable } from '../../src/html/lines.js';
import { blocksToText } from '../../src/html/text.js';
import { blocksToMarkdown, escapeMarkdown } from '../../src/html/markdown.js';
import { noiseTexts, pageBaseUrl, withoutNoise } from '../../src/html/layout.js';
import { collapseSpace, escapeText } from '../../src/html/clean-html.js';
import { tokenize } from '../../src/core/tokenize.js';
import { OUTPUT_FORMATS } from '../../src/api/formats.js';

const all = (t: { count: number }) => [{ start: 0, end: t.count, score: 0 }];
const text = (html: string): string => { const t = buildLineTable(html); return blocksToText(t, all(t)); };
const markdown = (html: string, baseUrl?: string): string => {
  const t = buildLineTable(html);
  return blocksToMarkdown(t, all(t), { source: html, ...(baseUrl !== undefined ? { baseUrl } : {}) });
};
const parse = (md: string): Node => new MarkdownParser().parse(md);
/** `--format html` of every line of a page. */
const html = (page: string, url?: string): string => {
  const t = buildLineTable(page);
  return OUTPUT_FORMATS.html.render!({ source: page, table: t, blocks: all(t), text: '', url });
};

/** The nodes of a CommonMark document, depth first. */
function nodes(doc: Node): Node[] {
  const out: Node[] = [];
  const w = doc.walker();
  for (let e = w.next(); e; e = w.next()) if (e.entering) out.push(e.node);
  return out;
}
/** A Markdown paragraph's text as CommonMark reads it (text, code spans; soft breaks as spaces). */
const plain = (md: string): string => nodes(parse(md)).map((n) => (n.type === 'text' || n.type === 'code' ? n.literal ?? '' : n.type === 'softbreak' ? ' ' : '')).join('');

const TABLE = `<table>
<tr><th>Station</th><th>Light</th><th>Picture</th></tr>
<tr><td>North Head</td><td>white flash</td><td><img src="/n.png" alt="north"></td></tr>
<tr><td colspan="2">Closed for repairs</td><td>until May</td></tr>
</table>`;

describe('tables (item 4)', () => {
  it('text: a row is one line, its cells separated by tabs (an empty cell between two is one more tab)', () => {
    expect(text(TABLE)).toBe('Station\tLight\tPicture\nNorth Head\twhite flash\nClosed for repairs\tuntil May');
    expect(text('<table><tr><td>a</td><td></td><td>c</td></tr><tr><td>d</td><td>e</td><td>f</td></tr></table>')).toBe('a\t\tc\nd\te\tf');
  });

  it('text: the words are the line table\'s, one line per cell, in the same order', () => {
    const t = buildLineTable(TABLE);
    expect(tokenize(blocksToText(t, all(t)))).toEqual(tokenize(t.text.join('\n')));
  });

  it('text: paragraphs inside a cell (a layout table) stay lines of their own', () => {
    expect(text('<table><tr><td><p>one</p><p>two</p></td><td>side</td></tr></table>')).toBe('one\ntwo\nside');
  });

  it('markdown: a GFM table with the image cell and empty cells after a colspan; CommonMark reads the cells back', () => {
    const md = markdown(TABLE, 'https://lights.example/list');
    expect(md).toBe([
      '| Station | Light | Picture |',
      '| --- | --- | --- |',
      '| North Head | white flash | ![north](https://lights.example/n.png) |',
      '| Closed for repairs |  | until May |',
    ].join('\n'));
    // Plain CommonMark has no tables: each row is text, and the image is an image.
    expect(nodes(parse(md)).filter((n) => n.type === 'image').map((n) => n.destination)).toEqual(['https://lights.example/n.png']);
  });

  it('html: the table as it was, the image cell and the colspan kept', () => {
    expect(html(TABLE)).toBe('<article>\n<table><tr><th>Station</th><th>Light</th><th>Picture</th></tr>\n'
      + '<tr><td>North Head</td><td>white flash</td><td><img src="/n.png" alt="north"></td></tr>\n'
      + '<tr><td colspan="2">Closed for repairs</td><td>until May</td></tr></table>\n</article>');
    // The image cell is a line without text: chosen with its table, though the extractor did not choose it.
    const t = buildLineTable(TABLE), image = [...t.text.keys()].filter((i) => t.images[i]! > 0);
    expect(image.map((i) => t.contentChars[i])).toEqual([0]);
    const chosen = [...t.text.keys()].filter((i) => t.contentChars[i]! > 0).map((i) => ({ start: i, end: i + 1, score: 0 }));
    expect(OUTPUT_FORMATS.html.render!({ source: TABLE, table: t, blocks: chosen, text: '', url: undefined })).toContain('<img src="/n.png" alt="north">');
  });
});

const CODE = `<p>Run it:</p>
<pre class="language-js"><code>if (x) {
    run(x);

}</code></pre>
<pre><code class="lang-sh">ls   -l</code></pre>
<div class="highlight highlight-source-python"><pre>print( 1 )</pre></div>
<p>Call <code>go  (a*b)</code> once.</p>`;

describe('code (item 5)', () => {
  it('text: a <pre> keeps its indentation, runs of spaces and blank lines', () => {
    expect(text(CODE)).toBe('Run it:\nif (x) {\n    run(x);\n\n}\nls   -l\nprint( 1 )\nCall go (a*b) once.');
  });

  it('markdown: fenced with the language of language-x, lang-x or highlight-source-x; <code> in a line is a code span', () => {
    const md = markdown(CODE);
    expect(md).toBe('Run it:\n\n```js\nif (x) {\n    run(x);\n\n}\n```\n\n```sh\nls   -l\n```\n\n```python\nprint( 1 )\n```\n\nCall `go (a*b)` once.');
    const blocks = nodes(parse(md)).filter((n) => n.type === 'code_block');
    expect(blocks.map((n) => [n.info, n.literal])).toEqual([['js', 'if (x) {\n    run(x);\n\n}\n'], ['sh', 'ls   -l\n'], ['python', 'print( 1 )\n']]);
  });

  it('html and json: the same white space; html keeps the language class', () => {
    const out = html(CODE);
    expect(out).toContain('<pre class="language-js"><code>if (x) {\n    run(x);\n\n}</code></pre>');
    expect(out).toContain('<pre><code class="lang-sh">ls   -l</code></pre>');
    const page = `<html><body><article><h1>Setup</h1><p>${'Install the tool, then run the check below before the first start of the day. '.repeat(3)}</p><pre>if (x) {\n    run(x);\n\n}</pre><p>${'Then start the tool and watch its log for the first minute. '.repeat(3)}</p></article></body></html>`;
    const json = JSON.parse(OUTPUT_FORMATS.json.page(extract(page, { algorithm: 'addanag' }), { file: 'p.html', many: false })) as { text: string };
    expect(json.text).toContain('if (x) {\n    run(x);\n\n}');
  });

  it('a <pre> whose source words differ from its lines (a dropped element inside) keeps the lines as they are', () => {
    expect(text('<pre>a\n  b<script>c</script>\nd</pre>')).toBe('a\nb\nd');
  });
});

describe('markdown escaping (item 6): only what CommonMark would read as markup', () => {
  it('leaves plain punctuation alone', () => {
    for (const s of ['2 * 3 = 6', 'snake_case and a_b_c', 'a < b > c', 'C# and F#', '#hashtag', '-5 degrees', '3.14 and 2024.', 'AT&T', 'C:\\Users', 'about ~ 5 km', 'x = y + 1']) {
      expect(escapeMarkdown(s), s).toBe(s);
    }
  });

  it('escapes emphasis, tags, references, list and heading markers', () => {
    expect(escapeMarkdown('*stars* and _under_')).toBe('\\*stars\\* and \\_under\\_');
    expect(escapeMarkdown('<b>not bold</b>')).toBe('\\<b>not bold\\</b>');
    expect(escapeMarkdown('# not a heading')).toBe('\\# not a heading');
    expect(escapeMarkdown('- not a list')).toBe('\\- not a list');
    expect(escapeMarkdown('* not a list')).toBe('\\* not a list');
    expect(escapeMarkdown('2024. A year')).toBe('2024\\. A year');
    expect(escapeMarkdown('> not a quote')).toBe('\\> not a quote');
    expect(escapeMarkdown('---')).toBe('\\---');
    expect(escapeMarkdown('&amp; stays')).toBe('\\&amp; stays');
    expect(escapeMarkdown('[a](b)')).toBe('\\[a\\](b)');
  });

  it('round trip: any line of page text reads back as itself', () => {
    const char = fc.constantFrom('a', 'b', ' ', '*', '_', '~', '`', '[', ']', '(', ')', '<', '>', '&', '#', '-', '+', '.', '1', '!', '\\', ';', 'x', '=');
    fc.assert(fc.property(fc.array(char, { minLength: 1, maxLength: 24 }).map((a) => a.join('').replace(/\s+/g, ' ').trim()), (s) => {
      fc.pre(s !== '');
      expect(plain(escapeMarkdown(s))).toBe(s);
    }), { numRuns: 3000 });
  });

  it('no empty headings: a heading followed by one of its level or above, or by the end, is left out', () => {
    const md = markdown('<h2>Contents</h2><h2>History</h2><p>Old.</p><h2>Links</h2><h3>More</h3><h2>Notes</h2><h3>Sub</h3><p>n</p><h2>End</h2>');
    expect(md).toBe('## History\n\nOld.\n\n## Notes\n\n### Sub\n\nn');
  });

  it('links absolute from <base href>, the page URL, or og:url', () => {
    expect(pageBaseUrl('<head><base href="/docs/"></head>', 'https://a.example/x/y')).toBe('https://a.example/docs/');
    expect(pageBaseUrl('<head><base href="https://b.example/p/"></head>', undefined)).toBe('https://b.example/p/');
    expect(pageBaseUrl('<head><meta property="og:url" content="https://c.example/post"></head>', undefined)).toBe('https://c.example/post');
    expect(pageBaseUrl('<head><meta property="og:url" content="https://c.example/post"></head>', 'https://d.example/q')).toBe('https://d.example/q');
    expect(pageBaseUrl('<p>no head</p>', undefined)).toBeUndefined();
    expect(pageBaseUrl('<HEAD><BASE\tHREF="https://e.example/"><META PROPERTY="OG:URL" CONTENT="https://f.example/"></HEAD>', undefined)).toBe('https://e.example/');
    expect(pageBaseUrl('<head><Meta Property="OG:URL" Content="https://f.example/"></head>', undefined)).toBe('https://f.example/');
    const page = `<html><head><meta property="og:url" content="https://c.example/post/1"></head><body><article><h1>A post</h1><p>${'Words of the post that a reader came for, with enough of them to count. '.repeat(3)}See <a href="../2">the next one</a>.</p></article></body></html>`;
    expect(extract(page, { algorithm: 'addanag', format: 'markdown' }).markdown).toContain('[the next one](https://c.example/2)');
  });
});

describe('a Wikipedia-like page (item 15): no edit links, citation numbers or empty Contents heading in any format', () => {
  const page = readFileSync(new URL('../pages/wiki-article/source.html', import.meta.url));
  const noise = /\[(?:edit|\d+)\]|\bContents\b/;

  it.each(['text', 'markdown', 'html'] as const)('%s', (format) => {
    const r = extract(page, { format });
    const out = format === 'text' ? r.text : format === 'markdown' ? r.markdown! : r.html!.replace(/<[^>]*>/g, '');
    expect(out).toContain('Lighthouse keeping is the work of tending');
    expect(out).toContain('History');
    expect(out).not.toMatch(noise);
    expect(out).not.toContain('cite_note');
    expect(out).not.toContain('action=edit');
  });

  it('markdown: absolute links from <base href>, the data table, both code blocks; CommonMark finds no heading without content', () => {
    const md = extract(page, { format: 'markdown' }).markdown!;
    expect(md).toContain('[lighthouse](https://coast.example.org/wiki/Lighthouse)');
    expect(md).toContain('| Trim the wick | 20 | ![wick scissors](https://coast.example.org/images/scissors.png) |');
    const doc = nodes(parse(md));
    expect(doc.filter((n) => n.type === 'code_block').map((n) => n.info)).toEqual(['text', 'python']);
    for (const h of doc.filter((n) => n.type === 'heading')) expect(h.next, plain(md)).not.toBeNull();
  });

  it('the noise texts of a line and the line without them', () => {
    const slice = '<h2><span>History</span><span class="mw-editsection">[<a href="/w?action=edit">edit</a>]</span></h2>';
    expect(noiseTexts(slice)).toEqual(['[edit]']);
    expect(noiseTexts('<p>year.<sup class="reference"><a href="#cite_note-1">[1]</a></sup> Then<a href="#n2">[b]</a> <a href="/x">[3]</a></p>')).toEqual(['[1]', '[b]']);
    expect(withoutNoise('year.[1] Then[b] [3]', ['[1]', '[b]'])).toBe('year. Then [3]');
    expect(withoutNoise('a lamp [1], and', ['[1]'])).toBe('a lamp, and');
  });
});

describe('collapseSpace and escapeText (the writers skip the replace where nothing changes)', () => {
  it('give what the replaces give', () => {
    const texts = ['', ' ', 'one', 'one two', ' one', 'one ', 'one  two', 'one\ttwo', 'one\ntwo', 'a\u00a0b', 'a\u3000b', ' \u00a0 ', 'a\r\n b',
      'x & y', '<b>', 'a > b', '&amp;', 'plain text, no markup'];
    for (const t of texts) {
      expect(collapseSpace(t)).toBe(t.replace(/\s+/g, ' '));
      expect(escapeText(t)).toBe(t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    }
  });
});
