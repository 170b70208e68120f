import { describe, expect, it } from 'vitest';
import { TokenKind, tokenizeHtml } from '../../src/extract/token-stream.js';
import { joinChosenText, countParagraphs } from '../../src/extract/token-text.js';
import { collapsedLength, countWords } from '../../src/extract/words.js';

describe('tokenizeHtml', () => {
  it('splits tags and text with source offsets, decoding entities', () => {
    const html = '<p class="x">Fish &amp; chips</p>';
    const t = tokenizeHtml(html);
    expect([...t.kind]).toEqual([TokenKind.Tag, TokenKind.Text, TokenKind.Tag]);
    expect(html.slice(t.start[0], t.end[0])).toBe('<p class="x">');
    expect(html.slice(t.start[1], t.end[1])).toBe('Fish &amp; chips');
    expect(t.text[1]).toBe('Fish & chips');
    expect(html.slice(t.start[2], t.end[2])).toBe('</p>');
  });

  it('marks script, style and head text hidden and comments as tags', () => {
    const t = tokenizeHtml('<head><title>T</title></head><body><script>x()</script><!-- c --><style>a{}</style>Hi</body>');
    const texts = [...t.kind].map((k, i) => [k, t.text[i]] as const).filter(([k]) => k !== TokenKind.Tag);
    expect(texts).toEqual([
      [TokenKind.Hidden, 'T'],
      [TokenKind.Hidden, 'x()'],
      [TokenKind.Hidden, 'a{}'],
      [TokenKind.Text, 'Hi'],
    ]);
  });

  it('flags anchor tags and starts paragraphs at block elements and <br>', () => {
    const html = '<div>One <a href="#">two</a> three</div><p>Four<br>five</p>';
    const t = tokenizeHtml(html);
    expect([...t.anchor].filter((a) => a === 1)).toHaveLength(2);
    expect(joinChosenText(t, new Uint8Array(t.count).fill(1))).toBe('One two three\nFour\nfive');
    expect(countParagraphs(t)).toBe(3);
  });

  it('keeps only the chosen text tokens', () => {
    const t = tokenizeHtml('<p>keep</p><p>drop</p>');
    const chosen = new Uint8Array(t.count);
    chosen[t.text.indexOf('keep')] = 1;
    expect(joinChosenText(t, chosen)).toBe('keep');
  });
});

describe('countWords', () => {
  it.each([
    ['', 0],
    ['  one two\tthree\n', 3],
    ['图书馆', 3],
    ['新 馆ab', 3],
    ['مرحبا بالعالم', 2],
  ])('%j has %i words', (text, n) => {
    expect(countWords(text)).toBe(n);
  });
});

describe('collapsedLength', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    [' a  b ', 3],
    ['abc', 3],
  ])('%j collapses to %i characters', (text, n) => {
    expect(collapsedLength(text)).toBe(n);
  });
});
