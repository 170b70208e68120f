import { describe, it, expect } from 'vitest';
import { buildLineTable, LineBuilder } from '../../src/html/lines.js';
import { lineKey } from '../../src/html/line-key.js';
import { BlockKind, LineContext, type LineTable } from '../../src/core/types.js';

const columns = (t: LineTable) => ({
  count: t.count, start: [...t.start], end: [...t.end], contentChars: [...t.contentChars],
  contentBytes: [...t.contentBytes], codeChars: [...t.codeChars], codeBytes: [...t.codeBytes],
  linkNormCodeChars: [...t.linkNormCodeChars], asciiBytes: [...t.asciiBytes], nonAsciiBytes: [...t.nonAsciiBytes],
  links: [...t.links], anchorBytes: [...t.anchorBytes], images: [...t.images], block: [...t.block], path: [...t.path], context: [...t.context], text: [...t.text],
});

/** The texts of the lines that hold text. */
const texts = (t: LineTable) => [...t.text].filter((x) => x !== '');

describe('buildLineTable', () => {
  it('cuts the page at block boundaries, as if pretty-printed', () => {
    const t = buildLineTable('<body><div><p>One</p><p>Two <b>bold</b> end</p></div><div>Three</div></body>');
    // <div> | <p>One</p> | <p>Two <b>bold</b> end</p> | </div> | <div>Three</div> (<body>, </body> weigh nothing)
    expect(t.text).toEqual(['', 'One', 'Two bold end', '', 'Three']);
    expect([...t.codeChars]).toEqual([5, 7, 14, 6, 11]);
    expect(t.block[1]).toBe(BlockKind.Paragraph);
    expect(t.block[4]).toBe(BlockKind.Div);
  });

  it('with markupBytes off, counts markup one byte per character and changes nothing else', () => {
    const page = '<body><div title="Ünïcödé"><p>Grüße <a href="/straße">hier</a></p></div><p>Ende</p></body>';
    const exact = buildLineTable(page), fast = buildLineTable(page, { markupBytes: false });
    // The tags of line 0 (<div title="Ünïcödé">) and line 1 (<a href="/straße">) hold 4 and 1 characters of two bytes.
    expect([...exact.codeBytes]).toEqual([...exact.codeChars].map((c, i) => c + [4, 1, 0, 0][i]!));
    expect([...fast.codeBytes]).toEqual([...fast.codeChars]);
    expect([...fast.nonAsciiBytes]).toEqual([...exact.nonAsciiBytes].map((b, i) => b - 2 * [4, 1, 0, 0][i]!));
    const same = (t: LineTable) => ({ ...columns(t), codeBytes: [], asciiBytes: [], nonAsciiBytes: [] });
    expect(same(fast)).toEqual(same(exact));
  });

  it('with carryMarkup, joins markup to the next text line', () => {
    const t = buildLineTable('<body><div><p>One</p><p>Two <b>bold</b> end</p></div><div>Three</div></body>', { carryMarkup: true });
    expect(t.text).toEqual(['One', 'Two bold end', 'Three']);
    expect(t.block[0]).toBe(BlockKind.Paragraph);
    expect(t.codeChars[0]).toBe('<div><p></p>'.length);
    // line 2 is "</div><div>Three</div>"
    expect(t.codeChars[2]).toBe('</div><div></div>'.length);
  });

  it('does not depend on the author\'s line breaks', () => {
    const minified = '<body><h1>Title</h1><p>First paragraph of text.</p><ul><li><a href="/x">Link</a></li></ul></body>';
    const pretty = '<body>\n  <h1>\n    Title\n  </h1>\n  <p>First paragraph\n of text.</p>\n<ul>\n<li><a href="/x">Link</a></li>\n</ul>\n</body>\n';
    const a = buildLineTable(minified), b = buildLineTable(pretty);
    expect(b.text).toEqual(a.text);
    expect([...b.codeChars]).toEqual([...a.codeChars]);
    expect([...b.contentBytes]).toEqual([...a.contentBytes]);
  });

  it('removes script, style, comments and the head', () => {
    const t = buildLineTable('<html><head><title>X</title><style>p{color:red}</style></head><body><script>var a="<p>no</p>";</script><!-- hidden --><p>Yes</p><noscript><p>No JS</p></noscript></body></html>');
    expect(t.text.filter((s) => s)).toEqual(['Yes']);
    // nothing of head, script, comment or noscript is counted, nor the optional html and body tags: <p>Yes</p>
    expect([...t.codeChars]).toEqual([7]);
  });

  it('decodes entities and collapses white space', () => {
    const t = buildLineTable('<p>  Fish &amp;\n\n chips&nbsp;&nbsp;here  </p>');
    expect(t.text[0]).toBe('Fish & chips here');
    expect(t.contentChars[0]).toBe('Fish & chips here'.length);
  });

  it('counts words joined by single spaces as one run, up to a double space, a reference, a tag or the end', () => {
    const html = '<p>one two three <b>four</b> five  six &amp; seven é eight x</p>';
    const text = 'one two three four five six & seven é eight x';
    for (const t of [buildLineTable(html), buildLineTable(html, { carryMarkup: true })]) {
      const i = t.text.indexOf(text);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(t.contentChars[i]).toBe(text.length);
      expect(t.contentBytes[i]).toBe(Buffer.byteLength(text));
    }
  });

  it('materialises text as decode, collapse and trim of the line source would', () => {
    const cases: [string, string][] = [
      ['<p>a &nbsp;b</p>', 'a b'], // a space before a reference that decodes to white space
      ['<p>a&#32;&#10; b</p>', 'a b'],
      ['<p> x <b> y </b>z </p>', 'x y z'], // white space across inline markup
      ['<p>x<b>y</b> z</p>', 'xy z'],
      ['<p>&copy 2020 &amp;co</p>', '© 2020 &co'], // legacy references without ';' (whole-line decoding)
      ['<p>&am<b>p;</b> x</p>', '& x'], // a reference split by markup
      ['<p>&amp;amp; &ampamp; &foo; &#x1F600;</p>', '&amp; &amp; &foo; 😀'],
      ['<p>\u3000中\u00a0文\t\n</p>', '中 文'],
      ['<p>a 😀 b\n  c  d&lt;e &lt; f</p>', 'a 😀 b c d<e < f'], // single spaces kept in a piece, runs collapsed between pieces
      ['<p>x\u00a0y &amp;&amp;z</p>', 'x y &&z'],
    ];
    for (const [html, text] of cases) expect(buildLineTable(html, { carryMarkup: true }).text).toEqual([text]);
  });

  it('counts runs of CJK, kana and Hangul, up to white space, other scripts and characters beyond the BMP', () => {
    const html = '<p>中文，日本語の文章\u3000한국어😀漢字 end。</p>';
    const text = '中文，日本語の文章 한국어😀漢字 end。';
    const t = buildLineTable(html);
    expect(t.text).toEqual([text]);
    expect(t.contentChars[0]).toBe([...text].length);
    expect(t.contentBytes[0]).toBe(Buffer.byteLength(text));
    expect(t.nonAsciiBytes[0]).toBe(Buffer.byteLength(text.replace(/[\x00-\x7f]/g, '')));
  });

  it('counts bytes of Arabic and Chinese text in UTF-8', () => {
    const t = buildLineTable('<p>سلام</p><p>中文</p>');
    expect(t.contentChars[0]).toBe(4);
    expect(t.contentBytes[0]).toBe(8);
    expect(t.nonAsciiBytes[0]).toBe(8);
    expect(t.asciiBytes[0]).toBe(7); // <p></p>
    expect(t.contentBytes[1]).toBe(6);
    expect(t.nonAsciiBytes[1]).toBe(6);
  });

  it('counts links, anchor text, images and normalises hyperlinks (AdDANAg)', () => {
    const html = '<p>See <a href="http://www.bbc.com/">BBC Web Site </a><img src="x.png"> now</p>';
    const t = buildLineTable(html, { normalizeAttributes: 'anchors' });
    expect(t.links[0]).toBe(1);
    expect(t.images[0]).toBe(1);
    expect(t.anchorBytes[0]).toBe('BBC Web Site '.length);
    const rawCode = '<p>'.length + '<a href="http://www.bbc.com/">'.length + '</a>'.length + '<img src="x.png">'.length + '</p>'.length;
    expect(t.codeChars[0]).toBe(rawCode);
    // LT = 13 → placeholder 8 → <a> weighs 3 + 8 = 11
    expect(t.linkNormCodeChars[0]).toBe(rawCode - '<a href="http://www.bbc.com/">'.length + 11);
  });

  it("normalises every start tag's attributes with normalizeAttributes 'all' (the default)", () => {
    const html = '<p style="font-family: Arial; font-size: 13px">See <a href="http://www.bbc.com/">BBC Web Site </a><img src="x.png"> now</p>';
    const t = buildLineTable(html);
    expect(t.codeChars[0]).toBe(html.length - 'See BBC Web Site  now'.length);
    // <p> 3 + <a> 3 + 8 (LT 13) + </a> 4 + <img> 5 + </p> 4
    expect(t.linkNormCodeChars[0]).toBe(3 + 11 + 4 + 5 + 4);
    expect(buildLineTable(html, { normalizeAttributes: 'anchors' }).linkNormCodeChars[0]).toBe(t.codeChars[0]! - '<a href="http://www.bbc.com/">'.length + 11);
  });

  it('drops user-comment sections (dropComments, the default) and keeps what follows them', () => {
    const html = '<div class="post"><p>Article text here.</p></div>'
      + '<div id="comments"><h3>2 comments</h3><ol class="comment-list"><li><div class="body"><p>First comment.</p></div><li><p>Second <a href="#">reply</a>.</p></ol>'
      + '<div id="respond"><form><p>Leave a reply</p></form></div></div>'
      + '<div class="commentary"><p>An op-ed column.</p></div><div class="footer"><p>Site footer.</p></div>';
    const dropped = texts(buildLineTable(html));
    expect(dropped).toEqual(['Article text here.', 'An op-ed column.', 'Site footer.']);
    const kept = texts(buildLineTable(html, { dropComments: false }));
    expect(kept).toContain('First comment.');
    expect(kept).toContain('Leave a reply');
  });

  it('gives an element its own class/id words even when another value, seen on an earlier page, has the same hash', () => {
    // "comments c2f0s" and "story s5c0b0" have the same 32-bit FNV-1a hash, the cache key of element kinds.
    const fnv = (s: string) => { let h = 0x811c9dc5; for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193); return h >>> 0; };
    expect(fnv('comments c2f0s')).toBe(fnv('story s5c0b0'));
    const story = '<div class="story s5c0b0"><p>Article text here.</p></div><p>After.</p>';
    const comments = '<div class="comments c2f0s"><p>First comment.</p></div><p>After.</p>';
    expect(texts(buildLineTable(comments))).toEqual(['After.']);
    expect(texts(buildLineTable(story))).toEqual(['Article text here.', 'After.']);
    expect(texts(buildLineTable(comments))).toEqual(['After.']);
  });

  it('drops hidden block elements (hidden, display: none, visibility: hidden, aria-hidden="true"; dropHidden, the default) and keeps them on request', () => {
    const html = '<div class="story"><p>Shown text.</p></div>'
      + '<div style="color: red; DISPLAY : none"><p>Hidden by style.</p><div><p>Nested hidden.</p></div></div>'
      + '<section hidden><p>Hidden attribute.</p></section><div style="visibility:hidden">Invisible.</div>'
      + '<div aria-hidden="TRUE"><p>Hidden from screen readers.</p></div><div aria-hidden="false"><p>Not hidden.</p></div>'
      + '<div style="display: block"><p>Block is shown.</p></div><p>After.</p>';
    expect(texts(buildLineTable(html))).toEqual(['Shown text.', 'Not hidden.', 'Block is shown.', 'After.']);
    expect(texts(buildLineTable(html, { dropHidden: false }))).toContain('Nested hidden.');
  });

  it('keeps an article whose class only states that it has comments (has-comments, no_comment), and still drops the section', () => {
    // Squarespace marks the post itself `has-comments`; the comment section is a sibling.
    const html = '<article class="BlogItem hentry has-comments"><h1>Title</h1><p>Post text.</p></article>'
      + '<div class="no_comment"><p>Nothing yet.</p></div><div class="comments has-comments"><p>A comment.</p></div><p>After.</p>';
    expect(texts(buildLineTable(html))).toEqual(['Title', 'Post text.', 'Nothing yet.', 'After.']);
  });

  it('drops a modal dialog (aria-modal="true") and a <dialog> without open, as hidden; keeps an open <dialog>', () => {
    const html = '<h1>Tomato sauces</h1><div role="dialog" aria-modal="true" class="signup"><p>Join our newsletter.</p></div>'
      + '<dialog><p>Are you sure?</p></dialog><dialog open><p>Welcome back.</p></dialog><div aria-modal="false"><p>Card text.</p></div><p>After.</p>';
    expect(texts(buildLineTable(html))).toEqual(['Tomato sauces', 'Welcome back.', 'Card text.', 'After.']);
    expect(texts(buildLineTable(html, { dropHidden: false }))).toEqual(['Tomato sauces', 'Join our newsletter.', 'Are you sure?', 'Welcome back.', 'Card text.', 'After.']);
    // metamorphic: the modal hidden by its style instead, the same lines
    expect(texts(buildLineTable(html.replace('aria-modal="true"', 'style="display: none"')))).toEqual(texts(buildLineTable(html)));
  });

  it("reads a React streaming segment (<div hidden id=\"S:0\">, revealed by the page's inline script) as shown, other hidden divs as hidden", () => {
    const html = '<main><!--$?--><template id="B:0"></template><p>Loading…</p><!--/$--></main><footer><p>Footer.</p></footer>'
      + '<div hidden id="S:0"><h1>Streamed title</h1><p>Streamed text.</p></div>'
      + '<div hidden id="S:x"><p>Not a segment.</p></div><div id="S:1" style="display:none"><p>Styled hidden.</p></div>'
      + '<script>$RC("B:0","S:0")</script>';
    expect(texts(buildLineTable(html))).toEqual(['Loading…', 'Footer.', 'Streamed title', 'Streamed text.']);
    // metamorphic: the id before `hidden`, or `hidden=""`, the same lines
    expect(texts(buildLineTable(html.replace('<div hidden id="S:0">', '<div id="S:0" hidden>')))).toEqual(texts(buildLineTable(html)));
    expect(texts(buildLineTable(html.replace('<div hidden id="S:0">', '<div hidden="" id="S:0">')))).toEqual(texts(buildLineTable(html)));
  });

  it('ends a dropped comment section where a browser would: at its end tag or an ancestor\'s', () => {
    // The comments div is never closed: </section> of its parent ends it.
    const html = '<section><p>Story.</p><div class="comments"><div><p>A comment.</p></div></section><p>After.</p>';
    expect(texts(buildLineTable(html))).toEqual(['Story.', 'After.']);
    // A list item with a comment class is not a container: an omitted </li> must not mute the page.
    expect(texts(buildLineTable('<ul><li class="comment">One<li>Two</ul><p>Three</p>'))).toEqual(['One', 'Two', 'Three']);
  });

  it('keys a line from the source as lineKey keys its text', () => {
    const html = '<p>  Héllo&nbsp;World 2024 &amp; 12 &#x41;BC </p><p>Tom &amp Jerry</p><p><b>Split</b>   <i>RUN</i> &lt;3</p><div>ΑΒΓ   δ</div>';
    const t = buildLineTable(html);
    const keys = Array.from({ length: t.count }, (_, i) => t.lineKey!(i));
    expect(keys).toEqual(Array.from({ length: t.count }, (_, i) => lineKey(t.lineText(i))));
    expect(keys.filter((k) => k !== 0)).toHaveLength(4);
    // Digit runs fold and case does not matter, as in lineKey.
    expect(buildLineTable('<p>3 COMMENTS</p>').lineKey!(0)).toBe(buildLineTable('<p>12 comments</p>').lineKey!(0));
  });

  it('hands a line\'s text in runs that join to lineText, before and after the text is built', () => {
    const html = '<p>  Héllo&nbsp;World &amp; 12 &#x41;BC </p><p><b>Split</b>   <i>RUN</i> &lt;3 x&y</p><pre>a  b\n c\0d</pre><div>ΑΒΓ   δ<img src=x>ε</div>';
    const joined = (t: ReturnType<typeof buildLineTable>, i: number): string => {
      let s = '';
      t.visitText!(i, { run: (text, from, to) => { s += text.slice(from, to); } });
      return s;
    };
    const t = buildLineTable(html);
    const runs = Array.from({ length: t.count }, (_, i) => joined(t, i));
    expect(runs).toEqual(buildLineTable(html).text);
    expect(runs.filter((s) => s !== '').length).toBeGreaterThan(4);
    expect(Array.from({ length: t.count }, (_, i) => joined(t, i))).toEqual(t.text);
  });

  it('breaks lines at <br> and at newlines inside <pre>', () => {
    const t = buildLineTable('<p>a<br>b</p><pre>x = 1\ny = 2</pre>');
    expect(t.text).toEqual(['a', 'b', 'x = 1', 'y = 2']);
  });

  it('keeps source offsets that cover each line', () => {
    const html = '<body><p>Alpha</p>\n<p>Beta</p></body>';
    const t = buildLineTable(html);
    expect(html.slice(t.start[0], t.end[0])).toBe('<p>Alpha</p>');
    expect(html.slice(t.start[1], t.end[1])).toBe('<p>Beta</p>');
  });

  it('gives the same table fed whole or one character at a time', () => {
    const html = '<html><head><title>t</title></head><body><div class="x"><h2>Heading &amp; more</h2>' +
      '<p>Text with <a href="/l">a link</a> and 中文 and عربي.</p><script>if (a < b) {}</script>' +
      '<ul><li><a href="/1">One</a></li><li>Two<br>Three</li></ul><blockquote>Q<pre>a\nb</pre></blockquote><!-- c --></div></body></html>';
    const whole = buildLineTable(html);
    const b = new LineBuilder();
    for (const ch of html) b.write(ch);
    expect(columns(b.end())).toEqual(columns(whole));
    const c = new LineBuilder();
    for (let i = 0; i < html.length; i += 7) c.write(html.slice(i, i + 7));
    expect(columns(c.end())).toEqual(columns(whole));
  });

  it('returns the same table from a second end(), and a table stays intact while later pages reuse the working arrays', () => {
    const page = (k: number) => `<body><div id="d${k}">` + Array.from({ length: 150 }, (_, i) => `<p class="c${i % 3}">Line ${k}.${i} with <a href="/x">a link</a> &amp; more</p>`).join('') + '</div></body>';
    const b = new LineBuilder().write(page(1));
    const first = b.end();
    expect(b.end()).toBe(first);
    const before = columns(first);
    const keys = Array.from({ length: first.count }, (_, i) => first.lineKey(i));
    // Other pages, of other sizes, built afterwards take the same spare arrays (core/u32-column.ts).
    for (const k of [2, 3]) buildLineTable(page(k) + page(k + 10));
    buildLineTable('<p>x</p>', { classTokens: true });
    expect(columns(first)).toEqual(before);
    expect(Array.from({ length: first.count }, (_, i) => first.lineKey(i))).toEqual(keys);
    expect(first.text.filter((t) => t !== '')[0]).toBe('Line 1.0 with a link & more');
  });

  it('gives each of several builders in progress at once its own working arrays', () => {
    const page = (k: number) => `<body><div class="k${k}">` + Array.from({ length: 120 }, (_, i) => `<p>Page ${k} line ${i} <a href="/">link</a></p>`).join('') + '</div></body>';
    const a = new LineBuilder(), b = new LineBuilder();
    const pa = page(1), pb = page(2);
    expect(pb.length).toBe(pa.length);
    // Interleaved pieces: both builders scan (and fill their arrays) before either ends.
    for (let i = 0; i < pa.length; i += 500) { a.write(pa.slice(i, i + 500)); b.write(pb.slice(i, i + 500)); }
    const ta = a.end();
    buildLineTable(page(3)); // takes the arrays a gave back while b is still open
    expect(columns(b.end())).toEqual(columns(buildLineTable(pb)));
    expect(columns(ta)).toEqual(columns(buildLineTable(pa)));
  });

  it('gives the same table when told how far the page is plain ASCII (asciiPrefix)', () => {
    const html = '<body><p title="ünï">Plain text</p><p>Text with <a href="/l" title="日本">a link</a> and 中文.</p></body>';
    const first = html.search(/[^\x00-\x7f]/);
    expect(columns(buildLineTable(html, {}, first))).toEqual(columns(buildLineTable(html)));
    // A hint past a tag holding a non-ASCII character, whose own character is ASCII, cannot be right: it is ignored.
    const wrong = '<body><p title="ü">a</p><p>b</p></body>';
    expect(columns(buildLineTable(wrong, {}, wrong.indexOf('<p>b')))).toEqual(columns(buildLineTable(wrong)));
    const ascii = '<body><p class="x">Only ASCII</p></body>';
    expect(columns(buildLineTable(ascii, {}, ascii.length))).toEqual(columns(buildLineTable(ascii)));
    // The markup's non-ASCII characters still count as such after the prefix.
    const t = buildLineTable(html, {}, first);
    expect(t.nonAsciiBytes.reduce((a, b) => a + b, 0)).toBe(Buffer.byteLength(html) - html.length + (html.match(/[^\x00-\x7f]/g) ?? []).length);
  });

  it('keys each line by its structural path (nearest block elements with id and class)', () => {
    const html = '<body><div id="main"><div class="post-123"><p>One</p><p>Two</p></div></div><div class="footer"><p>Three</p></div></body>';
    const t = buildLineTable(html);
    const byText = new Map(t.text.map((s, i) => [s, t.path[i]!]));
    expect(byText.get('One')).toBeGreaterThan(0);
    expect(byText.get('One')).toBe(byText.get('Two'));
    expect(byText.get('Three')).not.toBe(byText.get('One'));
    // digits in ids/classes are folded: the same layout on another page gives the same keys
    const other = buildLineTable(html.replace('post-123', 'post-987').replace('One', 'Uno'));
    expect(other.path[other.text.indexOf('Uno')]).toBe(byText.get('One'));
  });

  it('marks lines whose text lies inside <pre> or <blockquote>', () => {
    const t = buildLineTable('<p>out</p><blockquote><p>q1</p>q2</blockquote><pre>x = 1\ny = 2</pre><p>after</p>', { carryMarkup: true });
    expect(t.text).toEqual(['out', 'q1', 'q2', 'x = 1', 'y = 2', 'after']);
    expect([...t.context]).toEqual([
      LineContext.None, LineContext.Quote, LineContext.Quote, LineContext.Preformatted, LineContext.Preformatted, LineContext.None,
    ]);
    expect(t.block[1]).toBe(BlockKind.Paragraph); // the <p> opened it; the quote is in `context`
    expect(t.block[3]).toBe(BlockKind.Preformatted);
    expect(t.block[4]).toBe(BlockKind.Text); // a <pre> newline opened it
  });

  it('marks list-item text, also when </li> is omitted, and not after the list', () => {
    const t = buildLineTable('<ul><li><p>a</p><li>b<ol><li>c</ol>d</ul><p>e</p>', { carryMarkup: true });
    expect(t.text).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([...t.context].map((f) => f & LineContext.ListItem)).toEqual([4, 4, 4, 4, 0]);
    // The list depth where each line's text starts, and whether its innermost list is ordered.
    expect([...t.context].map((f) => (f & LineContext.ListDepthMask) >> LineContext.ListDepthShift)).toEqual([1, 1, 2, 1, 0]);
    expect([...t.context].map((f) => (f & LineContext.OrderedList ? 1 : 0))).toEqual([0, 0, 1, 0, 0]);
  });

  it('records class/id words of enclosing elements, bounded per line', () => {
    const t = buildLineTable('<body><div id="main-content"><div class="post entryBody"><p>Text</p></div></div></body>', { classTokens: true });
    const i = t.text.indexOf('Text');
    const { start, keys } = t.classTokens!;
    expect(keys.slice(start[i]!, start[i + 1]!).length).toBe(5); // post, entry, body, main, content
    const huge = Array.from({ length: 100_000 }, (_, k) => 'w' + k.toString(36).replace(/[0-9]/g, 'q')).join(' ');
    const h = buildLineTable(`<div class="${huge}"><p>x</p></div>`, { classTokens: true });
    const j = h.text.indexOf('x');
    expect(h.classTokens!.start[j + 1]! - h.classTokens!.start[j]!).toBeLessThanOrEqual(24);
  });

  it('reads tag names in any case; unknown and custom elements are inline', () => {
    const lower = buildLineTable('<body><div><p>One <my-widget>x</my-widget></p><script>no</script></div></body>');
    const upper = buildLineTable('<BODY><Div><P>One <MY-WIDGET>x</MY-WIDGET></P><SCRIPT>no</SCRIPT></Div></BODY>');
    expect(upper.text).toEqual(lower.text);
    expect([...upper.codeChars]).toEqual([...lower.codeChars]);
    expect(lower.text).toContain('One x');
    // a dropped custom element named in the options, longer than any built-in name
    expect(buildLineTable('<p>keep</p><cookie-consent-banner><p>drop</p></cookie-consent-banner>', { dropElements: ['cookie-consent-banner'] }).text.filter(Boolean)).toEqual(['keep']);
  });

  it('handles empty and text-only input', () => {
    expect(buildLineTable('').count).toBe(0);
    const t = buildLineTable('just text');
    expect(t.text).toEqual(['just text']);
  });
});
