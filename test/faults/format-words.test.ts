/**
 * Fault injection, data loss in the formats (issue 36 item 4): `--format html` and `--format markdown` hold the words of
 * the text output, in order (scripts/format-words.mjs compares their letters and digits: HTML read with parse5, Markdown
 * with the CommonMark reference parser). Hand-written pages for each way text was lost, then generated pages; the same
 * script over ../shared's pages reports the mismatches of real pages. A heading with nothing under it, which the formats
 * leave out and the text keeps, may be missing whole.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatMismatch, headingTexts } from '../../scripts/format-words.mjs';
import * as lib from '../../src/index.js';
import { outputLineText } from '../../src/html/layout.js';
import { extract, type ExtractOptions } from '../../src/api/extract.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';
import { PAGE_TYPES, PAGE_TYPE_FEATURES, type PageTypeClassifier } from '../../src/features/page-type.js';

const SENTENCE = 'The river authority published its survey of the old stone bridge after the spring flood, with drawings of every arch and pier.';
const page = (body: string): string => `<html><head><title>Bridge</title></head><body><div id="main"><p>${SENTENCE}</p>${body}<p>${SENTENCE} Again.</p></div></body></html>`;
const METHODS: readonly ExtractOptions[] = [{}, { algorithm: 'addanag' }];

/** Every method and format: the format's letters are the text output's. */
function expectSameWords(html: string, url?: string, methods: readonly ExtractOptions[] = METHODS): void {
  for (const m of methods) {
    for (const format of ['html', 'markdown'] as const) {
      const r = extract(html, { ...m, format, ...(url !== undefined ? { url } : {}) });
      const miss = formatMismatch(r.text, r[format] ?? '', format, headingTexts(lib, html, outputLineText));
      expect(miss, `${m.algorithm ?? 'model'} ${format}: ${JSON.stringify(miss)}\n${r[format]}`).toBeNull();
    }
  }
}

describe('html and markdown hold the words of the text output', () => {
  it('a text node that begins on an unchosen line (white space after </form>) is kept', () => {
    expectSameWords(page(`<form><button>Search</button></form>\n   ${SENTENCE} Third.`));
    expectSameWords(page(`<form><input name=q><button>Go</button></form> ${SENTENCE} Fourth.<br>`));
    expectSameWords(page(`<select><option>One</option></select>\n\t${SENTENCE} Fifth.`));
  });

  it('page text that Markdown would read as markup: "!" before a link, "&amp;" written out, entities in text', () => {
    expectSameWords(page(`<p>Read it now!<a href="/x">Register here</a> and more words about the bridge and the arch.</p>`));
    expectSameWords(page(`<p>Label &amp;amp; Message, 400&amp;percnt; more, SQL &amp;#x26; AI and &amp;lt;b&amp;gt; text about the bridge.</p>`));
    expectSameWords(page(`<p>Footnote one![<a href="#n1">1</a>] and a bang! [<a href="/b">two</a>] about the bridge and its arches.</p>`));
  });

  it("text and inline markup between a table's rows (which a browser moves before the table) stay in place, in a cell", () => {
    const rows = '<tr><td>Song Title</td><td>Length</td></tr><b><b><tr><td><b>1</b>.</td><td>3:10</td></tr>Don\'t Mean Nothing</b></b><tr><td><b>2</b>.</td><td>4:02</td></tr>Endless Summer';
    const html = page(`<table>${rows}</table>`);
    expectSameWords(html);
    const r = extract(html, { format: 'html' });
    expect(r.text).toContain("Don't Mean Nothing\n");
    expect(r.html).toContain("<td>Don't Mean Nothing</td>");
    expect(r.html).not.toMatch(/<(?:table|tr|tbody)>\s*<b>/);
  });

  it('a text node with a character reference that begins before its line (after a broken end tag `</P` + newline + `<p>`) is kept', () => {
    expectSameWords(page(`<div><p>I still enjoy the thrill of an effective framework. </P\n<p>However, I take time in between projects to travel. So consulting doesn&#8217;t have to be all or nothing.</span><span>As a bonus, here is a summary of the pros and cons.</span></p></div>`));
  });

  it('links with brackets, parentheses and hostile URLs keep their text', () => {
    expectSameWords(page(`<p>See <a href="https://en.wikipedia.example/wiki/Load_(computing">load [balancing]</a> and <a href="javascript:x">the map</a> of the bridge.</p>`), 'https://site.example/a');
    expectSameWords(page(`<p>See <a href="https://a.example/x)[t](javascript:alert(1))">the report</a> on the bridge and its stones.</p>`));
  });
});

/** Fragments pages are made of: prose, inline markup, forms, lists, tables, quotes, code, entities, links. */
const word = fc.constantFrom('bridge', 'river', 'arch', 'stone', 'flood', 'survey', 'Über', 'café', '橋梁', 'мост', '42', 'x1');
const words = fc.array(word, { minLength: 1, maxLength: 12 }).map((w) => w.join(' '));
const inline = fc.oneof(
  words,
  words.map((w) => `<b>${w}</b>`), words.map((w) => `<i>${w}</i>`), words.map((w) => `<span>${w}</span>`),
  fc.tuple(words, fc.constantFrom('/a', 'https://x.example/p_(q)', 'javascript:alert(1)', 'jav&#x09;ascript:x', '/a b', '#f')).map(([w, h]) => `<a href="${h}">${w}</a>`),
  words.map((w) => `<img src="/i.png" alt="${w}">`),
  fc.constantFrom('&amp;', '&lt;b&gt;', '&amp;amp;', '!', '[', ']', '(', ')', '*', '_', '`', '#', '1.', '- ', '\n', '   ', '<br>', '&nbsp;', '\\'),
);
const line = fc.array(inline, { minLength: 1, maxLength: 6 }).map((p) => p.join(''));
const block = fc.oneof(
  line.map((l) => `<p>${l}</p>`),
  line.map((l) => `<h2>${l}</h2>`),
  fc.array(line, { minLength: 1, maxLength: 4 }).map((ls) => `<ul>${ls.map((l) => `<li>${l}</li>`).join('')}</ul>`),
  fc.array(line, { minLength: 1, maxLength: 4 }).map((ls) => `<ol>${ls.map((l) => `<li>${l}</li>`).join('')}</ol>`),
  fc.array(fc.tuple(line, line), { minLength: 2, maxLength: 3 }).map((rows) => `<table>${rows.map(([a, b]) => `<tr><td>${a}</td><td>${b}</td></tr>`).join('')}</table>`),
  line.map((l) => `<blockquote>${l}</blockquote>`),
  line.map((l) => `<pre>${l}</pre>`),
  fc.tuple(words, line).map(([w, l]) => `<form><button>${w}</button></form>${l}`),
  fc.tuple(words, line).map(([w, l]) => `<div>${l}<div>${w}</div>${l}</div>`),
  line,
);

/** The shipped model with a classifier that calls every page `type` (probability e^5 / (e^5 + 6)): the page takes that type's route. */
function routedAs(type: string): ExtractOptions {
  const d = PAGE_TYPE_FEATURES.length;
  const pageType: PageTypeClassifier = {
    classes: [...PAGE_TYPES], features: [...PAGE_TYPE_FEATURES], mean: new Array(d).fill(0), scale: new Array(d).fill(1),
    weights: PAGE_TYPES.map(() => new Array(d).fill(0)), bias: PAGE_TYPES.map((t) => (t === type ? 5 : 0)),
  };
  return { model: { ...shippedDefaultModel(), pageType } };
}

describe('text a route adds to the chosen lines', () => {
  it("a product's JSON-LD description, which the text ends with, ends the html and the markdown too", () => {
    const description = 'Hand-turned legs, a seat carved from one board, finished with linseed oil & beeswax *by hand*.';
    const html = `<html><head><script type="application/ld+json">{"@type":"Product","name":"Oak stool","description":"${description}"}</script></head>
<body><div class="product"><h1>Oak stool</h1><table><tr><td>Height</td><td>45 cm</td></tr><tr><td>Wood</td><td>oiled oak</td></tr></table>
<span class="price">$120</span></div></body></html>`;
    const product = routedAs('product');
    const r = extract(html, { ...product, format: 'html' });
    expect(r.text.endsWith(`\n${description}`)).toBe(true);
    expect(r.html).toContain('<p>Hand-turned legs, a seat carved from one board, finished with linseed oil &amp; beeswax *by hand*.</p>\n</article>');
    expect(extract(html, { ...product, format: 'markdown' }).markdown).toMatch(/\n\nHand-turned legs[^\n]*beeswax \\\*by hand\\\*\.$/);
    expectSameWords(html, undefined, [product]);
  });
});

describe('the comparison itself', () => {
  it("a product page read again with its hidden elements: the hidden dialog's empty headings, which the text keeps, may be missing", () => {
    const desc = 'Hand-turned legs, a seat carved from one board of oiled European oak, finished with linseed oil and beeswax over three days in our workshop by the harbour, then signed under the seat.';
    const html = `<html><body><div class="product"><h2>Picture 1 of 1</h2><div role="dialog" hidden><h2>Gallery</h2><h2>Picture 1 of 1</h2></div>
<h1>Oak stool</h1><div class="tab" hidden><p>${desc}</p><p>${desc}</p></div><span class="price">$120</span><p>Condition: new</p></div></body></html>`;
    const product = routedAs('product');
    expect(extract(html, product).text.startsWith('Picture 1 of 1\nGallery\nPicture 1 of 1\nOak stool\n')).toBe(true);
    expect(headingTexts(lib, html, outputLineText)).toContain('Gallery');
    expectSameWords(html, undefined, [product]);
  });
  it('lets the formats leave out several empty headings in a row, and nothing else', () => {
    const html = page('<h2><b>bridge</b><img src="/i.png" alt="bridge"></h2>\n<h2><i>bridge</i></h2>\n<h2>&amp;</h2>');
    expectSameWords(html);
    const text = 'Intro words.\nbridge\nriver\nBody words.';
    expect(formatMismatch(text, '<p>Intro words.</p><p>Body words.</p>', 'html', ['bridge', 'river'])).toBeNull();
    expect(formatMismatch(text, '<p>Intro words.</p><p>Body words.</p>', 'html', ['bridge'])).not.toBeNull();
    // empty headings on both sides of a kept one (a sidebar of headings whose links are left out)
    const side = 'Intro words.\nMy stuff\nSports\nPhysics\nReviews\nUseful Stuff\nBody words.';
    const heads = ['My stuff', 'Sports', 'Physics', 'Reviews', 'Useful Stuff'];
    expect(formatMismatch(side, '<p>Intro words.</p><h3>Physics</h3><h4>Useful Stuff</h4><p>Body words.</p>', 'html', heads)).toBeNull();
    expect(formatMismatch(side, '<p>Intro words.</p><h3>Physics</h3><p>Body words.</p>', 'html', heads.slice(0, 4))).not.toBeNull();
  });

  it("a Wikipedia heading with nothing under it may be left out under the text's name for it (without its [edit] link)", () => {
    const edit = (h: string) => `<h2><span class="mw-headline">${h}</span><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/w/index.php?action=edit&amp;section=3">edit</a><span class="mw-editsection-bracket">]</span></span></h2>`;
    const html = page(`${edit('See also')}\n<div role="navigation" class="portal"><ul><li><a href="/p">Free software portal</a></li></ul></div>\n${edit('Notes')}`);
    expect(headingTexts(lib, html, outputLineText)).toEqual(['See also', 'Notes']);
    expectSameWords(html);
  });
});

describe('generated pages', () => {
  it('html and markdown hold the text output\'s words on generated pages', () => {
    fc.assert(fc.property(fc.array(block, { minLength: 1, maxLength: 10 }), (blocks) => {
      expectSameWords(page(blocks.join('\n')));
    }), { numRuns: 150 });
  });
});
