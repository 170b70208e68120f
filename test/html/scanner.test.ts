import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Tokenizer } from 'htmlparser2';
import { HtmlScanner } from '../../src/html/scanner.js';

type Event = [string, ...number[]];

/** Adjacent text events are one run (the line builder joins them). */
function pushText(ev: Event[], s: number, e: number): void {
  const last = ev[ev.length - 1];
  if (last && last[0] === 'text' && last[2] === s) last[2] = e;
  else ev.push(['text', s, e]);
}

/** htmlparser2's bare Tokenizer: the reference. */
function reference(html: string): Event[] {
  const ev: Event[] = [];
  const none = (): void => {};
  const t = new Tokenizer({ decodeEntities: false }, {
    onattribdata: (s, e) => ev.push(['data', s, e]), onattribentity: none, onattribend: () => ev.push(['aend']),
    onattribname: (s, e) => ev.push(['aname', s, e]), oncdata: none, onclosetag: (s, e) => ev.push(['close', s, e]),
    oncomment: none, ondeclaration: none, onend: none, onopentagend: (e) => ev.push(['tagend', e]),
    onopentagname: (s, e) => ev.push(['open', s, e]), onprocessinginstruction: none,
    onselfclosingtag: (e) => ev.push(['tagend', e]), ontext: (s, e) => pushText(ev, s, e), ontextentity: none,
  });
  t.write(html);
  t.end();
  return ev;
}

/** The scanner, fed whole (`piece` 0) or in pieces of `piece` characters. */
function scanned(html: string, piece = 0): Event[] {
  const ev: Event[] = [];
  const s = new HtmlScanner({
    onText: (a, b) => pushText(ev, a, b),
    onOpenTagName: (a, b) => { ev.push(['open', a, b]); return true; },
    onAttribName: (a, b) => ev.push(['aname', a, b]),
    onAttribData: (a, b) => ev.push(['data', a, b]),
    onAttribEnd: () => ev.push(['aend']),
    onOpenTagEnd: (e) => ev.push(['tagend', e]),
    onCloseTag: (a, b) => ev.push(['close', a, b]),
  });
  if (piece > 0) for (let i = piece; i < html.length; i += piece) s.scan(html.slice(0, i), false);
  s.scan(html, true);
  return ev;
}

/** Pieces of markup that reach every tokenizer state, quirks included. */
const FRAGMENTS = [
  '<', '>', '/', '!', '?', '-', '--', '[', ']', '"', "'", '=', ' ', '\n', '\t', '\f', '\v', 'a', 'x', 'D', '&amp;', 'é', '\u001c', '\u000f',
  'div', 'p', 'br', 'script', 'SCRIPT', 'style', 'title', 'textarea', 'iframe', 'noembed', 'noframes', 'xmp', 'plaintext', 'sc', 'no', 'te',
  'class', 'id', '<!--', '-->', '--!>', '<![CDATA[', ']]>', '<!doctype', '<!DOCTYPE html>', '</', '</script>', '</style ', '<p class="a b">', '<a href=x>',
];
const markup = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(''));

describe('HtmlScanner', () => {
  it('reports what htmlparser2\'s Tokenizer reports, on generated markup', () => {
    fc.assert(fc.property(markup, (html) => {
      expect(scanned(html)).toEqual(reference(html));
    }), { numRuns: 3000, seed: 7 });
  });

  it('gives the same events when the source comes in pieces', () => {
    fc.assert(fc.property(markup, fc.integer({ min: 1, max: 9 }), (html, piece) => {
      expect(scanned(html, piece)).toEqual(reference(html));
    }), { numRuns: 2000, seed: 11 });
  });

  it('keeps the tokenizer\'s handling of unfinished tokens at the end', () => {
    // a lone `<`, `</` and a special-name prefix are text; a tag cut after `/` gives text from −1 (the tokenizer's)
    for (const html of ['a<', 'a</', 'a<scr', 'a<p', 'a<div', 'a<br/', 'a</div x', 'a<!-- x', '<script>x</scr', '<title>t']) {
      expect(scanned(html)).toEqual(reference(html));
    }
    expect(scanned('a<scr')).toEqual([['text', 0, 1], ['text', 2, 5]]);
    expect(scanned('<script>if (a<b) x()</script >y')).toEqual([['open', 1, 7], ['tagend', 7], ['text', 8, 20], ['close', 22, 28], ['text', 30, 31]]);
  });
});
