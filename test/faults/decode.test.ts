/**
 * Fault injection, decoding (issue 36 item 5): a page that is UTF-8 but for a few bytes (a malformed `<meta charset>`,
 * one stray byte in a comment, a legacy declaration over UTF-8 text) is read as UTF-8, its stray bytes U+FFFD; legacy
 * pages (windows-1252, windows-1251, GBK-like pairs) never pass for UTF-8.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { decodeHtml } from '../../src/html/decode.js';

const TEXT = 'Grüße aus Köln: schöne Straße, 中文 und Привет.';
const bytes = (...parts: (string | number[])[]): Uint8Array => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p)] : p)));

describe('UTF-8 but for a few bytes is UTF-8', () => {
  it('a malformed declared charset (<meta charset="utf-8\\xff">) with UTF-8 text', () => {
    const d = decodeHtml(bytes('<html><head><meta charset="utf-8', [0xff], '"></head><body><p>', TEXT, '</p></body></html>'));
    expect(d.encoding).toBe('utf-8');
    expect(d.text).toContain(TEXT);
  });

  it('one stray byte in a comment, nothing declared', () => {
    const d = decodeHtml(bytes('<html><body><!-- build ', [0xe9], ' --><p>', TEXT, '</p></body></html>'));
    expect(d).toMatchObject({ encoding: 'utf-8', source: 'utf8' });
    expect(d.text).toContain(TEXT);
    expect(d.text).toContain('build \uFFFD');
  });

  it('a few stray bytes under a legacy declaration (the page was re-encoded to UTF-8 and its old declaration kept)', () => {
    const d = decodeHtml(bytes('<meta charset="windows-1252"><p>', TEXT, [0x96], ' and ', TEXT, '</p>'));
    expect(d.encoding).toBe('utf-8');
    expect(d.text.split(TEXT)).toHaveLength(3);
  });

  it('a stray byte does not outweigh the page: truncated sequences at the end, an invalid lead in the middle', () => {
    expect(decodeHtml(bytes('<p>', TEXT, [0xe4, 0xb8], '</p>')).encoding).toBe('utf-8');
    expect(decodeHtml(bytes('<p>', TEXT, [0xc0, 0xaf], TEXT, [0xf0, 0x28, 0x8c, 0x28], '</p>')).encoding).toBe('utf-8');
  });

  it('trustValidUtf8: false keeps the declaration', () => {
    const d = decodeHtml(bytes('<meta charset="windows-1252"><p>', TEXT, [0x96], '</p>'), { trustValidUtf8: false });
    expect(d.encoding).toBe('windows-1252');
  });
});

describe('legacy pages are not taken for UTF-8', () => {
  /** windows-1251 / -1252 letters: bytes 0xC0–0xFF between ASCII letters and spaces. */
  const singleByte = fc.array(fc.oneof(fc.integer({ min: 0xc0, max: 0xff }), fc.constantFrom(0x20, 0x61, 0x65, 0x2e)), { minLength: 40, maxLength: 400 })
    .filter((a) => a.filter((b) => b >= 0x80).length >= 20);
  /** GBK pairs: lead 0x81–0xFE, trail 0x40–0xFE but 0x7F, with ASCII between. */
  const gbkPair = fc.tuple(fc.integer({ min: 0x81, max: 0xfe }), fc.integer({ min: 0x40, max: 0xfe }).filter((b) => b !== 0x7f));
  const gbk = fc.array(fc.oneof({ weight: 4, arbitrary: gbkPair.map((p) => p) }, { weight: 1, arbitrary: fc.constant([0x20]) }), { minLength: 30, maxLength: 300 })
    .map((a) => a.flat());

  it('windows-1251 and windows-1252 text declared so stays so; undeclared, it is not read as UTF-8', () => {
    fc.assert(fc.property(singleByte, (body) => {
      expect(decodeHtml(bytes('<meta charset="windows-1251"><p>', body, '</p>')).encoding).toBe('windows-1251');
      expect(decodeHtml(bytes('<p>', body, '</p>')).encoding).not.toBe('utf-8');
    }), { numRuns: 300 });
  });

  it('GBK-like pairs declared as GBK stay GBK', () => {
    fc.assert(fc.property(gbk, (body) => {
      expect(decodeHtml(bytes('<meta charset="gbk"><p>', body, '</p>')).encoding).toBe('gbk');
    }), { numRuns: 300 });
  });
});
