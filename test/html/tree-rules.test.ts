import { describe, it, expect } from 'vitest';
import { buildLineTable, LineBuilder } from '../../src/html/lines.js';
import { FARSW_PREPROCESS_DEFAULTS } from '../../src/core/defaults.js';
import { extract } from '../../src/index.js';
import { REWRITES } from '../../scripts/rewrites.mjs';

const text = (html: string, options = {}): string[] => buildLineTable(html, options).text.filter((t) => t !== '');
const modelDrops = { dropElements: FARSW_PREPROCESS_DEFAULTS.dropElements };

/** The HTML Standard's tree-construction rules where they decide the body's text (issue 16.1, 16.2). */
describe('line builder: what a browser shows in <body>', () => {
  it('ends the head at a start tag that cannot be in it, or at text, when </head> and <body> are missing', () => {
    expect(text('<html><head><title>T</title><meta charset=utf-8><div><p>Article text.</p></div></html>')).toEqual(['Article text.']);
    expect(text('<head><title>T</title><link rel=x>Plain text starts the body')).toEqual(['Plain text starts the body']);
    expect(text('<head><script>var a = 1;</script>\n  <style>p{}</style>\n</head>\n<p>After')).toEqual(['After']);
    expect(buildLineTable('<head><title>The title</title><p>x').title).toBe('The title');
  });

  it('keeps content after </body> and </html>', () => {
    expect(text('<body><p>a</p></body><p>after body</p></html><p>after html')).toEqual(['a', 'after body', 'after html']);
  });

  it('ignores a <head> or a second <body> inside the body', () => {
    expect(text('<body><p>a<head><p>b</head><body><p>c')).toEqual(['a', 'b', 'c']);
  });

  it('ends a hidden element where a browser does, also without its end tag', () => {
    expect(text('<p>One<div style="display:none">hidden<p>still hidden</div><p>shown after</p>')).toEqual(['One', 'shown after']);
    expect(text('<section><div hidden>gone<section><div><p>deep</section></section><p>shown')).toEqual(['shown']);
    // an implied </p> ends a hidden paragraph at the next block
    expect(text('<p hidden>gone<div>shown</div>')).toEqual(['shown']);
  });

  it('ends a dropped inline element (the model drops <label>) with its parent, not at the end of the page', () => {
    expect(text('<div><label>Name<div>in label</div></div><p>after', modelDrops)).toEqual(['after']);
    expect(text('<p>Name: <label>x</p><p>after label', modelDrops)).toEqual(['Name:', 'after label']);
    expect(text('<select><option>A<option>B</select><p>after', modelDrops)).toEqual(['after']);
    expect(text('<select><option>A<input><p>after select', modelDrops)).toEqual(['after select']);
  });

  it('reads svg and math as foreign content: self-closing, breakout tags, integration points', () => {
    expect(text('<p>a<svg/><p>after svg')).toEqual(['a', 'after svg']);
    expect(text('<p>x<svg><path d=""><p>breakout</svg>')).toEqual(['x', 'breakout']);
    expect(text('<p>x<svg><g><b>bold</b></g></svg>')).toEqual(['xbold']);
    expect(text('<svg><foreignObject><div>in svg</div></foreignObject></svg><p>after')).toEqual(['after']);
    expect(text('<math><mi>x</mi></math><p>after math')).toEqual(['after math']);
  });

  it('reads scripts by the script data escape states and <noscript> as a scripting browser', () => {
    expect(text('<script>a="<!--<script>";b="</script>";c=1</script><p>after script')).toEqual(['after script']);
    // in the escaped state (after <!--) a </script> still ends the script; only <script> inside it protects one
    expect(text('<script><!-- x = "</script>"; --></script><p>shown')).toEqual(['"; -->', 'shown']);
    expect(text('<noscript><div>no js</noscript><p>after noscript')).toEqual(['after noscript']);
    expect(text('FOO<script></script foo=">" dd>BAR')).toEqual(['FOOBAR']);
  });

  it('drops <template> content, shows <xmp> and <plaintext> as text, and shows nothing of a frameset', () => {
    expect(text('<template><p>tpl</template><p>after tpl')).toEqual(['after tpl']);
    expect(text('<xmp><b>x</b></xmp>')).toEqual(['<b>x</b>']);
    expect(text('<p>a<plaintext><p>b</p>')).toEqual(['a', '<p>b</p>']);
    expect(text('<head><title>F</title></head><frameset><frame src=a><noframes>no frames</noframes></frameset>')).toEqual([]);
  });

  it('closes list items, cells and paragraphs implied by the next one', () => {
    expect(text('<ul><li>a<li>b</ul><table><tr><td>c<td>d<tr><td>e</table>')).toEqual(['a', 'b', 'c', 'd', 'e']);
    const t = buildLineTable('<ul><li>one<li>two</ul><p>after', { classTokens: true });
    // (implied html, body), ul, li, li (siblings: the second closes the first), p
    expect([...t.elements!.parent]).toEqual([0, 1, 2, 3, 3, 2]);
  });

  it('separates words at an image in the line of text, not at a floated image or a tracking pixel', () => {
    expect(text('<p>Costumes<img src=bar.gif>Creflo Dollar</p>')).toEqual(['Costumes Creflo Dollar']);
    expect(text('<p>[1 0<IMG SRC=onebar.gif ALT="(-1)">0]</p>')).toEqual(['[1 0 0]']);
    expect(text('<p>Eines Tages we<img align="right" src=ring.jpg>rde ich</p>')).toEqual(['Eines Tages werde ich']);
    expect(text('<p>fantastic book<img src=ir width="1" height="1" border="0">.)</p>')).toEqual(['fantastic book.)']);
    expect(text('<p>a<img style="float: left" src=x>b</p>')).toEqual(['ab']);
    // the same through the line's whole-text decoding (a legacy reference without ';')
    expect(text('<p>R&ampD<img src=x>next</p>')).toEqual(['R&D next']);
    const t = buildLineTable('<p>one<img src=x>two</p>');
    expect(t.contentChars[0]).toBe('one two'.length);
  });

  it('leaves NUL characters out of the text, as a browser does', () => {
    expect(text('<p>a\0b\0</p>\0')).toEqual(['ab']);
    expect(text('<html>\0<frameset></frameset>')).toEqual([]);
    expect(text('<table>\0filler\0text\0')).toEqual(['fillertext']);
  });

  it('gives <link>, <meta>, <base> in the body no weight (a browser never renders them) unless hidden elements are kept', () => {
    const plain = '<body><div><p>Lead paragraph of the article.</p><p>Second <a href="/x">paragraph</a>.</p></div>';
    const micro = '<body><div><link itemprop="mainEntityOfPage" href="/a"><p>Lead paragraph<meta itemprop="datePublished" content="2024-05-01"> of the article.</p>' +
      '<p>Second <a href="/x">paragraph</a>.<base href="/"></p></div>';
    const a = buildLineTable(plain), b = buildLineTable(micro);
    expect(b.text).toEqual(a.text);
    expect([...b.codeChars]).toEqual([...a.codeChars]);
    expect([...b.linkNormCodeChars]).toEqual([...a.linkNormCodeChars]);
    expect([...b.asciiBytes]).toEqual([...a.asciiBytes]);
    // preset paper (hidden elements kept, as published): they are markup like any tag
    const sum = (c: Uint32Array): number => c.reduce((x, y) => x + y, 0);
    const kept = buildLineTable(micro, { dropHidden: false });
    expect(sum(kept.codeChars) - sum(buildLineTable(plain, { dropHidden: false }).codeChars)).toBe(micro.length - plain.length);
  });

  it('gives the same table fed whole or one character at a time', () => {
    const page = '<head><title>T</title><script><!--<script>x</script>y</script>--></script><p>a<svg><p>b</svg><noscript><p>c</noscript>';
    const b = new LineBuilder();
    for (const ch of page) b.write(ch);
    expect(b.end().text).toEqual(buildLineTable(page).text);
  });
});

/** Pages written by hand; each rewrite a browser cannot tell apart must give the same extraction (issue 16.5). */
const PAGES = [
  `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Harbour walk</title>
  <link rel="stylesheet" href="/s.css">
  <script src="/a.js"></script>
</head>
<body class="post">
  <nav id="menu"><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/about">About</a></li></ul></nav>
  <main>
    <article>
      <h1>Harbour walk</h1>
      <p class="lead">The path along the old harbour wall reopened on Monday after two years of repairs to the sea defences.</p>
      <p>Walkers can again follow the wall from the lighthouse to the fish market, a distance of about three kilometres, with new benches and lighting along the way.</p>
      <pre>Opening hours:
  06:00 - 22:00</pre>
      <p>The council said the work cost less than planned because the stone from the old wall was reused.</p>
    </article>
  </main>
  <footer><p>&copy; 2024 Town news</p></footer>
</body>
</html>
`,
  `<HTML><HEAD><TITLE>Recipe</TITLE>
<META NAME="description" CONTENT="bread">
</HEAD><BODY BGCOLOR='#ffffff'>
<TABLE WIDTH=100%><TR><TD><A HREF="/">Recipes</A> | <A HREF="/bread">Bread</A></TD></TR></TABLE>
<H2>Simple bread</H2>
<P>Mix flour, water, salt and yeast into a soft dough and knead it for ten minutes until it is smooth.
<P>Leave the dough to rise for an hour in a warm place, shape it, and bake it at two hundred degrees for thirty minutes.
<UL><LI>500 g flour<LI>300 ml water<LI>10 g salt<LI>7 g yeast</UL>
<P><FONT SIZE=1>Copyright Recipe site</FONT>
</BODY></HTML>
`,
  `<html><head><title>Notes</title><style>.x{display:none}</style></head>
<body><div id="page"><div class="sidebar"><p>Links</p><p><a href="/1">one</a> <a href="/2">two</a></p></div>
<div class="content"><h1>Field notes</h1>
<p>Spring came late this year: the first swallows arrived in the third week of April, ten days after the long-term average for the valley.</p>
<p>The river stayed high until May, which kept the meadows wet and brought more waders than usual to the flooded fields below the village.</p>
<blockquote><p>"We counted forty lapwings on one field," said the warden.</p></blockquote>
</div></div></body></html>
`,
];

/** Changes a browser ignores, beyond the rewrites of scripts/rewrites.mjs. */
const IGNORED: Record<string, (html: string) => string> = {
  /** A floated image inside the first word of each paragraph (it floats aside; the word reads whole). */
  'floated image inside a word': (html) => html.replace(/(<p>[A-Za-z]{2})/gi, '$1<img align="right" src="/i.jpg">'),
  /** Microdata in the body: a <meta> in each paragraph, a <link> before it (never rendered). */
  '<meta> and <link> in the body': (html) => html.replace(/<p>/gi, '<link itemprop="url" href="/page"><p><meta itemprop="position" content="1">'),
};

describe('rewrites a browser cannot tell apart', () => {
  it('NULs in the text (a browser\'s tree builder ignores them): the same line table (extract() refuses such pages as binary)', () => {
    for (const page of PAGES) {
      const rewritten = page.replace(/(<(?:p|li)>[A-Za-z])/gi, '$1\0');
      expect(rewritten).not.toBe(page);
      const a = buildLineTable(page), b = buildLineTable(rewritten);
      expect(b.text).toEqual(a.text);
      expect([...b.contentChars]).toEqual([...a.contentChars]);
    }
  });
  for (const [name, rewrite] of Object.entries(IGNORED)) {
    it(`${name}: the same text from addanag and the default model`, () => {
      for (const page of PAGES) {
        const rewritten = rewrite(page);
        expect(rewritten).not.toBe(page);
        expect(extract(rewritten, { algorithm: 'addanag' }).text).toBe(extract(page, { algorithm: 'addanag' }).text);
        expect(extract(rewritten).text).toBe(extract(page).text);
      }
    });
  }
  for (const [name, rewrite] of Object.entries(REWRITES)) {
    it(`${name}: the same text from addanag and the default model`, () => {
      for (const page of PAGES) {
        const rewritten = rewrite(page);
        expect(extract(rewritten, { algorithm: 'addanag' }).text).toBe(extract(page, { algorithm: 'addanag' }).text);
        expect(extract(rewritten).text).toBe(extract(page).text);
      }
    });
  }
});

/** The guard (issue 16.3): a hidden element or comment section that holds the page is read, with a warning. */
describe('swallowed-page guard', () => {
  const article = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i} of the article, long enough to be the main text of this page.</p>`).join('\n');
  it('keeps a page whose body is hidden until a script shows it, and says so', () => {
    const page = `<html><head><title>t</title></head><body style="display:none">${article}</body></html>`;
    const t = buildLineTable(page);
    expect(t.text.filter(Boolean)).toHaveLength(6);
    expect(t.warnings?.[0]).toMatch(/<body> \(hidden by its attributes\) hides most of the page's text/);
    const r = extract(page, { algorithm: 'addanag' });
    expect(r.text).toContain('Paragraph 3');
    expect(r.warnings).toEqual(t.warnings);
    expect(extract(page).warnings).toEqual(t.warnings);
  });
  it('recovers the same way when the page is streamed in chunks', () => {
    const page = `<html><head><title>t</title></head><body aria-hidden="true">${article}</body></html>`;
    const b = new LineBuilder();
    for (let i = 0; i < page.length; i += 7) b.write(page.slice(i, i + 7));
    const streamed = b.end();
    const whole = buildLineTable(page);
    expect(streamed.text).toEqual(whole.text);
    expect(streamed.warnings).toEqual(whole.warnings);
    expect(streamed.warnings?.[0]).toMatch(/hides most of the page's text/);
  });
  it('counts visible characters, so indentation does not decide whether it fires', () => {
    // 120 visible characters hidden, written with much indentation: below the 200-character bound either way.
    const hidden = Array.from({ length: 10 }, (_, i) => `<p>item ${i} text</p>`).join('\n' + ' '.repeat(40));
    const page = `<body><div hidden>\n${' '.repeat(40)}${hidden}\n</div><p>ok</p></body>`;
    for (const p of [page, REWRITES['white space between tags collapsed']!(page), REWRITES['page on one line']!(page)]) {
      expect(buildLineTable(p).warnings).toBeUndefined();
      expect(text(p)).toEqual(['ok']);
    }
  });
  it('leaves a page alone when the hidden part is small', () => {
    const page = `<body>${article}<div hidden><p>a small hidden note</p></div></body>`;
    const t = buildLineTable(page);
    expect(t.warnings).toBeUndefined();
    expect(t.text.join(' ')).not.toContain('hidden note');
  });
  it("gives the muted text's source length (`muted`), a bound of its visible characters, streamed or whole", () => {
    expect(buildLineTable(`<body>${article}</body>`).muted).toBe(0);
    const page = `<body>${article}<div hidden><p>a small hidden note</p></div><div class="comments"><p>a comment</p></div></body>`;
    expect(buildLineTable(page).muted).toBe('a small hidden note'.length + 'a comment'.length);
    const b = new LineBuilder();
    for (let i = 0; i < page.length; i += 5) b.write(page.slice(i, i + 5));
    expect(b.end().muted).toBe(buildLineTable(page).muted);
  });
});

/** The noscript guard: a crawler's copy of a script-rendered page (a Discourse thread) in <noscript> is read when it holds the page. */
describe('noscript guard', () => {
  const posts = Array.from({ length: 5 }, (_, i) => `<div class="post"><span class="creator">user${i}</span><p>Reply ${i}: the thread's text, long enough to be read as the page's content.</p></div>`).join('\n');
  const app = '<div id="app" hidden><p>Loading the application, please wait while the forum starts.</p></div>';
  const page = `<html><head><noscript><style>p{}</style></noscript></head><body>${app}<noscript data-path="/t/1">${posts}</noscript><p>Powered by a forum</p></body></html>`;
  it('reads the noscript content as shown when it holds most of the page, and says so', () => {
    const t = buildLineTable(page);
    expect(t.text.filter(Boolean)).toEqual([...Array.from({ length: 5 }, (_, i) => [`user${i}`, `Reply ${i}: the thread's text, long enough to be read as the page's content.`]).flat(), 'Powered by a forum']);
    expect(t.warnings).toEqual(["<noscript> holds most of the page's text; it was read as shown"]);
    expect(extract(page).text).toContain('Reply 3');
  });
  it('gives the same table when the page is streamed in chunks', () => {
    const b = new LineBuilder();
    for (let i = 0; i < page.length; i += 5) b.write(page.slice(i, i + 5));
    const streamed = b.end(), whole = buildLineTable(page);
    expect(streamed.text).toEqual(whole.text);
    expect(streamed.warnings).toEqual(whole.warnings);
  });
  it('leaves a page alone whose own text outweighs its noscript (a tracking pixel, a "please enable JavaScript")', () => {
    const article = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i} of the article, long enough to be the main text of this page.</p>`).join('');
    const t = buildLineTable(`<body>${article}<noscript><p>Please enable JavaScript to view the comments powered by a service.</p><img src=x></noscript></body>`);
    expect(t.warnings).toBeUndefined();
    expect(t.text.join(' ')).not.toContain('enable JavaScript');
    // …and also a page with a long noscript when the rest already holds more than a twentieth of it
    const t2 = buildLineTable(`<body><p>${'word '.repeat(40)}</p><noscript>${posts}</noscript></body>`);
    expect(t2.warnings).toBeUndefined();
  });
});

describe('<![CDATA[ in HTML content', () => {
  it('is a bogus comment ending at the next >, as a browser reads it, not a section swallowing the page up to ]]>', () => {
    expect(text('<body><![CDATA[\n<div id="top"></div><p>Thread text</p><p>More</p></body>')).toEqual(['Thread text', 'More']);
    expect(text('<body><p>a<![CDATA[ x > y ]]>b</p>')).toEqual(['a y ]]>b']);
  });
  it('is a section, skipped up to ]]> as before, directly inside svg or math (foreign content)', () => {
    expect(text('<body><p>a</p><svg><![CDATA[ x > y </svg><p>not shown]]></svg><p>b</p>')).toEqual(['a', 'b']);
  });
});
