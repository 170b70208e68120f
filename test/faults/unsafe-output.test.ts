/**
 * Fault injection, unsafe output (issue 36 items 6–8): URLs in `--format html` and `--format markdown` read as a
 * browser reads them (character references decoded, tabs, newlines and leading controls stripped) and kept only when
 * http(s), mailto or relative, checked with Node's WHATWG URL parser; Markdown link syntax that reads back, with the
 * CommonMark reference parser, as the links of the page and no others; metadata URLs through the same check, and a
 * title never from an inline SVG's or MathML's <title>.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseFragment } from 'parse5';
import { Parser as MarkdownParser, HtmlRenderer } from 'commonmark';
import { safeUrl } from '../../src/html/safe-url.js';
import { cleanHtml, inlineMarkdown } from '../../src/html/clean-html.js';
import { escapeMarkdown } from '../../src/html/markdown.js';
import { extractMetadata } from '../../src/html/metadata.js';
import { extract } from '../../src/api/extract.js';

const BASE = 'https://site.example/dir/page.html';
const SAFE = new Set(['http:', 'https:', 'mailto:']);
/** How a browser reads a URL written in the output: its scheme, or null when it does not parse. */
const protocolOf = (url: string, base = BASE): string | null => {
  try { return new URL(url, base).protocol; } catch { return null; }
};
const attrQuote = (s: string): string => s.replace(/&(?![#a-zA-Z])/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Pieces of hostile URLs: split schemes, controls, references the HTML parser decodes. */
const piece = fc.constantFrom(
  'javascript:', 'JaVaScRiPt:', 'java', 'script', ':', 'alert(1)', 'data:text/html,x', 'vbscript:', 'file:///etc/passwd',
  '\t', '\n', '\r', '\u0000', '\u0001', '\u001f', ' ', '\u00a0', '&#x09;', '&#10;', '&#13;', '&Tab;', '&NewLine;', '&#58;', '&colon;',
  '&#x6a;', '&#0;', 'http://ok.example/', 'https:', '//', '/rel', 'mailto:a@b.example', '?q=1', '#x', ')', '(', '[', ']', '<', '>', '\\', '"', "'",
);
const hostileUrl = fc.array(piece, { minLength: 1, maxLength: 8 }).map((a) => a.join(''));

/** Every href and src of an HTML fragment, as the browser's HTML parser decodes them. */
function htmlUrls(html: string): string[] {
  const out: string[] = [];
  const walk = (n: { attrs?: { name: string; value: string }[]; childNodes?: unknown[] }): void => {
    for (const a of n.attrs ?? []) if (a.name === 'href' || a.name === 'src') out.push(a.value);
    for (const c of n.childNodes ?? []) walk(c as typeof n);
  };
  walk(parseFragment(html) as unknown as Parameters<typeof walk>[0]);
  return out;
}

/** The links and images of a Markdown text as CommonMark reads it: kind, destination and text. */
function markdownLinks(markdown: string): { type: string; destination: string; text: string }[] {
  const doc = new MarkdownParser().parse(markdown);
  const out: { type: string; destination: string; text: string }[] = [];
  const walker = doc.walker();
  const open: { type: string; destination: string; text: string }[] = [];
  for (let e = walker.next(); e; e = walker.next()) {
    const { node, entering } = e;
    if (node.type === 'link' || node.type === 'image') {
      if (entering) open.push({ type: node.type, destination: node.destination ?? '', text: '' });
      else out.push(open.pop()!);
    } else if (entering && node.type === 'text') for (const o of open) o.text += node.literal ?? '';
  }
  return out;
}

describe('URLs in --format html and markdown: read as a browser reads them', () => {
  it('safeUrl keeps only what Node\'s WHATWG URL parser reads as http(s), mailto or relative, with and without a base', () => {
    fc.assert(fc.property(hostileUrl, (raw) => {
      const decoded = (parseFragment(`<a href="${attrQuote(raw)}">x</a>`).childNodes[0] as unknown as { attrs: { value: string }[] }).attrs[0]!.value;
      for (const base of [BASE, undefined]) {
        const kept = safeUrl(decoded, base);
        if (kept !== null) expect(SAFE.has(protocolOf(kept) ?? 'none')).toBe(true);
        // A URL the browser reads as another scheme is never kept.
        const read = protocolOf(decoded);
        if (read !== null && !SAFE.has(read)) expect(kept).toBeNull();
      }
    }), { numRuns: 1000 });
  });

  it('split and prefixed javascript: schemes are dropped (jav&#x09;ascript:, &#x01;javascript:, java&NewLine;script:)', () => {
    for (const href of ['jav&#x09;ascript:alert(1)', '&#x01;javascript:alert(1)', ' &#0;javascript:alert(1)', 'java&NewLine;script:alert(1)', 'javascript&colon;alert(1)', 'jav\tascript:alert(1)', '\u0001javascript:x']) {
      const page = `<p>Read <a href="${href}">this</a> and <img src="${href}" alt="pic"> now.</p>`;
      for (const base of [BASE, undefined]) {
        const html = cleanHtml(page, [[0, page.length]], base);
        expect(html).toContain('this');
        // Dropped, or (a reference htmlparser2 decodes to U+FFFD) a harmless relative path.
        for (const url of htmlUrls(html)) expect(SAFE.has(protocolOf(url) ?? 'none')).toBe(true);
        const md = inlineMarkdown(page, escapeMarkdown, base).markdown;
        for (const l of markdownLinks(md)) expect(SAFE.has(protocolOf(l.destination) ?? 'none')).toBe(true);
        if (!/&#x01;|&#0;/.test(href)) expect(htmlUrls(html)).toEqual([]);
      }
    }
  });

  it('every URL written by cleanHtml and inlineMarkdown is http(s), mailto or relative to a browser and to CommonMark', () => {
    fc.assert(fc.property(hostileUrl, hostileUrl, fc.boolean(), (href, src, withBase) => {
      const base = withBase ? BASE : undefined;
      const page = `<p>See <a href="${attrQuote(href)}">the [report] (here)</a> and <img src="${attrQuote(src)}" alt="a ] b"> too.</p>`;
      for (const url of htmlUrls(cleanHtml(page, [[0, page.length]], base))) expect(SAFE.has(protocolOf(url) ?? 'none')).toBe(true);
      const md = inlineMarkdown(page, escapeMarkdown, base).markdown;
      const links = markdownLinks(md);
      expect(links.length).toBeLessThanOrEqual(2);
      for (const l of links) expect(SAFE.has(protocolOf(l.destination) ?? 'none')).toBe(true);
      // Safe mode leaves no raw HTML to omit: none was written.
      expect(new HtmlRenderer({ safe: true }).render(new MarkdownParser().parse(md))).not.toContain('raw HTML omitted');
    }), { numRuns: 500 });
  });
});

describe('Markdown link syntax: URL and text escaped as CommonMark reads them', () => {
  it('a relative URL\'s backslashes are written as slashes: //host:\\ does not become the invalid port //host:%5C in Markdown', () => {
    const page = '<p>See <img src="//javascript:\\" alt="pic"> too.</p>';
    const links = markdownLinks(inlineMarkdown(page, escapeMarkdown, undefined).markdown);
    expect(links.map((l) => l.destination)).toEqual(['//javascript:/']);
    expect(protocolOf(links[0]!.destination)).toBe('https:');
    expect(safeUrl('/a\\b?q=c\\d', undefined)).toBe('/a/b?q=c\\d');
    expect(safeUrl('mailto:a\\b@c.example', undefined)).toBe('mailto:a\\b@c.example');
  });

  it('an href holding )[text](javascript:…) stays one link to the same URL', () => {
    const href = 'https://a.example/x)[click](javascript:alert(1))';
    const page = `<p>Go <a href="${href}">there</a> now.</p>`;
    const md = inlineMarkdown(page, escapeMarkdown, undefined).markdown;
    expect(markdownLinks(md)).toEqual([{ type: 'link', destination: encodeURI(href).replace(/%25/g, '%'), text: 'there' }]);
  });

  it('spaces, angle brackets, backslashes and character references in a URL come back as the same URL', () => {
    for (const href of ['/a b/c', '/x<y>z', '/back\\slash', '/q?a=1&amp;b=2', '/q?x=&amp;lt;', '<x', '/p(1)', '/p)(']) {
      const page = `<p>Go <a href="${attrQuote(href)}">there</a> now.</p>`;
      const decoded = (parseFragment(page).childNodes[0] as unknown as { childNodes: { attrs?: { value: string }[] }[] }).childNodes[1]!.attrs![0]!.value;
      const links = markdownLinks(inlineMarkdown(page, escapeMarkdown, undefined).markdown);
      expect(links).toHaveLength(1);
      // CommonMark percent-encodes what a URL may not hold; decoded, it is the page's URL as a browser reads it
      // (a backslash before the query is written as the slash an http(s) URL reads it as).
      expect(new URL(decodeURI(links[0]!.destination), BASE).href).toBe(new URL(decoded, BASE).href);
      expect(links[0]!.text).toBe('there');
    }
  });

  it('brackets in link text and image alt do not end the link', () => {
    const page = '<p><a href="/a">one ] [two](javascript:x) three</a> <img src="/i.png" alt="x](javascript:y)"></p>';
    const links = markdownLinks(inlineMarkdown(page, escapeMarkdown, undefined).markdown);
    expect(links.map((l) => [l.type, l.destination])).toEqual([['link', '/a'], ['image', '/i.png']]);
    expect(links[0]!.text).toBe('one ] [two](javascript:x) three');
  });

  it('extract --format markdown on a page: the hostile href is one link, text intact', () => {
    const para = 'The river authority published its survey of the old stone bridge after the spring flood, with drawings of every arch.';
    const html = `<html><body><div><p>${para} <a href="https://a.example/)[x](javascript:alert(1))">Survey</a></p><p>${para}</p><p>${para}</p></div></body></html>`;
    const md = extract(html, { algorithm: 'addanag', format: 'markdown' }).markdown!;
    const links = markdownLinks(md);
    expect(links.map((l) => l.text)).toEqual(['Survey']);
    expect(links[0]!.destination.startsWith('https://a.example/')).toBe(true);
  });
});

describe('metadata: URLs through the same check, the title never a drawing\'s', () => {
  it('canonicalUrl: javascript: (split, prefixed, in og:url or JSON-LD) is null; http(s) and relative resolve', () => {
    const head = (h: string) => `<html><head>${h}</head><body><p>x</p></body></html>`;
    for (const href of ['javascript:alert(1)', 'jav&#x09;ascript:alert(1)', '&#x01;javascript:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      expect(extractMetadata(head(`<link rel="canonical" href="${href}">`), BASE).canonicalUrl).toBeNull();
      expect(extractMetadata(head(`<link rel="canonical" href="${href}">`)).canonicalUrl).toBeNull();
      expect(extractMetadata(head(`<meta property="og:url" content="${href}">`), BASE).canonicalUrl).toBeNull();
    }
    expect(extractMetadata(head('<script type="application/ld+json">{"@type":"Article","url":"javascript:alert(1)"}</script>'), BASE).canonicalUrl).toBeNull();
    expect(extractMetadata(head('<link rel="canonical" href=" /news/a ">'), BASE).canonicalUrl).toBe('https://site.example/news/a');
    expect(extractMetadata(head('<link rel="canonical" href="/news/a">')).canonicalUrl).toBe('/news/a');
  });

  it('the title never comes from an inline SVG\'s or MathML\'s <title>', () => {
    expect(extractMetadata('<html><body><svg><title>Close icon</title><path d="M0 0"/></svg><p>Text.</p></body></html>').title).toBeNull();
    expect(extractMetadata('<html><body><math><title>Formula</title><mi>x</mi></math><p>Text.</p></body></html>').title).toBeNull();
    expect(extractMetadata('<html><head></head><body><svg><title>Logo</title></svg><h1>Real Headline Here</h1></body></html>').title).toBe('Real Headline Here');
    expect(extractMetadata('<html><body><h1><svg><title>icon</title></svg>Harbour Wall Rebuilt</h1></body></html>').title).toBe('Harbour Wall Rebuilt');
    // The page's own <title> after a drawing is still read.
    expect(extractMetadata('<html><body><svg><title>Logo</title></svg></body><title>Page Title</title></html>').title).toBe('Page Title');
  });
});
