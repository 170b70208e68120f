/**
 * Fault injection, deep and long pages (issue 36 item 9): no recursion or per-element quadratic step in any format or in
 * metadata. FlatParser (htmlparser2's Parser with a top-last stack) gives htmlparser2's events; 100,000 nested inline
 * elements and 20,000 nested blocks serialise as `--format html` without recursion; 200,000 unclosed `<b>` go through
 * every format and metadata (quadratic, they took minutes: the test's timeout is the check, no timing is asserted);
 * a 16 MB paragraph of one-letter words no longer overflows the regex engine's stack.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Parser, type Handler } from 'htmlparser2';
import { FlatParser } from '../../src/html/flat-parser.js';
import { cleanHtml } from '../../src/html/clean-html.js';
import { extract } from '../../src/api/extract.js';

/** Every event a parser reports, with its positions. */
function events(P: typeof Parser, html: string): string[] {
  const out: string[] = [];
  let p: Parser;
  const log = (kind: string) => (...args: unknown[]) => { out.push(`${kind} ${JSON.stringify(args)} ${p.startIndex}-${p.endIndex}`); };
  const handler: Partial<Handler> = {
    onopentag: log('open'), onclosetag: log('close'), ontext: log('text'), oncomment: log('comment'), onprocessinginstruction: log('pi'), onend: log('end'),
  };
  p = new P(handler, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  p.end(html);
  return out;
}

describe('FlatParser', () => {
  it('reports what htmlparser2\'s Parser reports, on generated markup (implied ends, stray end tags, foreign content)', () => {
    const tag = fc.constantFrom('p', 'b', 'i', 'li', 'ul', 'div', 'table', 'tr', 'td', 'svg', 'math', 'title', 'foreignObject', 'form', 'option', 'select', 'br', 'img', 'a', 'h1', 'dd', 'dt');
    const piece = fc.oneof(tag.map((t) => `<${t}>`), tag.map((t) => `</${t}>`), tag.map((t) => `<${t}/>`), fc.constantFrom('text ', '&amp;', '<!-- c -->', ' ', '<?x?>'));
    fc.assert(fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
      const html = pieces.join('');
      expect(events(FlatParser, html)).toEqual(events(Parser, html));
    }), { numRuns: 400 });
  });

  it('reads a <![CDATA[ in HTML content as a bogus comment ending at the next ">" (as browsers do), a section inside svg', () => {
    const html = '<body><![CDATA[ <div id="top"></div><h1>Headline</h1><p>Text</p></body>';
    const opened = (h: string): string[] => events(FlatParser, h).filter((e) => e.startsWith('open')).map((e) => JSON.parse(e.slice(5, e.lastIndexOf(' ')))[0]);
    // The comment ends at the first ">" (the <div>'s): what follows is the page (htmlparser2 hid it all, no "]]>" came).
    expect(opened(html)).toEqual(['body', 'h1', 'p']);
    expect(events(FlatParser, '<svg><![CDATA[ a <b> ]]></svg><p>x</p>')).toEqual(events(Parser, '<svg><![CDATA[ a <b> ]]></svg><p>x</p>'));
  });
});

describe('deep pages in every format', () => {
  it('100,000 nested inline elements and 20,000 nested blocks: --format html without recursion', () => {
    const inline = `<p>${'<b><i>'.repeat(50000)}deep words${'</i></b>'.repeat(50000)}</p>`;
    expect(cleanHtml(inline, [[0, inline.length]])).toContain('deep words');
    const blocks = `${'<blockquote>'.repeat(20000)}deep words${'</blockquote>'.repeat(20000)}`;
    const html = cleanHtml(blocks, [[0, blocks.length]]);
    expect(html).toContain('<blockquote>deep words</blockquote>');
    const page = `<html><body><p>An introduction long enough to be chosen as the text of this page.</p>${inline}</body></html>`;
    for (const format of ['html', 'markdown'] as const) expect(extract(page, { format })[format]).toContain('deep words');
  });

  it('200,000 unclosed <b>: text, html, markdown and metadata all finish (one nested <b> is written once)', () => {
    const page = `<html><head><title>Unclosed</title></head><body><p>intro words here</p>${'<b>x '.repeat(200000)}</body></html>`;
    const text = extract(page).text;
    expect(text.length).toBeGreaterThan(200000);
    const html = extract(page, { format: 'html' }).html!;
    expect(html.match(/<b>/g)).toHaveLength(1);
    expect(html.length).toBeGreaterThan(200000);
    expect(extract(page, { format: 'markdown' }).markdown!.length).toBeGreaterThan(200000);
    expect(extract(page, { metadata: true }).metadata!.title).toBe('Unclosed');
  });

  it('a 16 MB paragraph of one-letter words: no RangeError from the regex engine', () => {
    const page = `<html><body><p>${'a '.repeat(8 * 1024 * 1024)}</p></body></html>`;
    expect(extract(page, { algorithm: 'addanag' }).text.length).toBeGreaterThan(16e6 - 10);
    expect(extract(page).text.length).toBeGreaterThan(16e6 - 10);
  });
});
