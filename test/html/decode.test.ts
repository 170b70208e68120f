import { describe, it, expect } from 'vitest';
import { decodeHtml, pageSource } from '../../src/html/decode.js';

// Legacy-encoded bytes, written out as hex so the test needs no encoder.
// "سلام" in windows-1256: d3 e1 c7 e3
const AR_1256 = [0xd3, 0xe1, 0xc7, 0xe3];
// "中文" in GBK: d6 d0 ce c4
const ZH_GBK = [0xd6, 0xd0, 0xce, 0xc4];
// "日本" in Shift_JIS: 93 fa 96 7b
const JA_SJIS = [0x93, 0xfa, 0x96, 0x7b];
// "Привет" in windows-1251: cf f0 e8 e2 e5 f2
const RU_1251 = [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2];
// "café" in windows-1252: 63 61 66 e9
const FR_1252 = [0x63, 0x61, 0x66, 0xe9];

/** windows-1251 maps А..я to 0xC0..0xFF and ё to 0xB8; the rest here is ASCII. */
const cp1251 = (s: string) => [...s].map((ch) => {
  const c = ch.codePointAt(0)!;
  if (c >= 0x410 && c <= 0x44f) return c - 0x410 + 0xc0;
  if (c === 0x451) return 0xb8;
  if (c < 0x80) return c;
  throw new Error(`not in test map: ${ch}`);
});

const page = (meta: string, body: number[]) =>
  Uint8Array.from([...Buffer.from(`<html><head>${meta}</head><body><p>`), ...body, ...Buffer.from('</p></body></html>')]);

describe('decodeHtml', () => {
  it.each([
    ['windows-1256', AR_1256, 'سلام'],
    ['gbk', ZH_GBK, '中文'],
    ['shift_jis', JA_SJIS, '日本'],
    ['windows-1251', RU_1251, 'Привет'],
    ['windows-1252', FR_1252, 'café'],
  ])('decodes %s declared in <meta charset>', (enc, bytes, text) => {
    const d = decodeHtml(page(`<meta charset="${enc}">`, bytes));
    expect(d.encoding).toBe(enc);
    expect(d.source).toBe('meta');
    expect(d.text).toContain(text);
  });

  it('maps labels to their WHATWG superset (gb2312 → gbk, iso-8859-1 → windows-1252)', () => {
    expect(decodeHtml(page('<meta http-equiv="Content-Type" content="text/html; charset=gb2312">', ZH_GBK)).encoding).toBe('gbk');
    expect(decodeHtml(page('<meta charset="iso-8859-1">', FR_1252)).encoding).toBe('windows-1252');
  });

  it('lets a BOM win over everything, and a transport hint over the meta', () => {
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from('<meta charset="windows-1251"><p>é</p>')]);
    expect(decodeHtml(bom)).toMatchObject({ encoding: 'utf-8', source: 'bom' });
    const d = decodeHtml(page('<meta charset="windows-1252">', RU_1251), { contentType: 'text/html; charset=windows-1251' });
    expect(d).toMatchObject({ encoding: 'windows-1251', source: 'transport' });
    expect(d.text).toContain('Привет');
  });

  it('prefers valid multi-byte UTF-8 over a contradicting legacy declaration', () => {
    const d = decodeHtml(page('<meta charset="iso-8859-1">', [...Buffer.from('Grüße, 中文')]));
    expect(d).toMatchObject({ encoding: 'utf-8', source: 'utf8' });
    expect(d.text).toContain('Grüße, 中文');
    const strict = decodeHtml(page('<meta charset="iso-8859-1">', [...Buffer.from('Grüße')]), { trustValidUtf8: false });
    expect(strict.encoding).toBe('windows-1252');
  });

  it('detects an undeclared legacy page', () => {
    const sentence = 'Это длинное предложение на русском языке, чтобы детектор кодировки мог уверенно определить её. ';
    const d = decodeHtml(page('', cp1251(sentence.repeat(5))));
    expect(d.source).toBe('detector');
    expect(d.text).toContain('русском языке');
  });

  it('gives way to the detector when the bytes are not in the declared encoding (docs/encodings.md)', () => {
    const ru = 'Рыбаки чинят сети на берегу, а потом несут улов на рынок в центре города. ';
    const utf8Declared = decodeHtml(page('<meta charset="utf-8">', cp1251(ru.repeat(4))));
    expect(utf8Declared).toMatchObject({ encoding: 'windows-1251', source: 'detector' });
    expect(utf8Declared.text).toContain('чинят сети на берегу');
    // 渔民每天清晨修补渔网，… (an invented sentence) in GBK, declared Shift_JIS: a few GBK pairs are no Shift_JIS.
    const gbk = [...Buffer.from('d3e6c3f1c3bfccecc7e5b3bfd0deb2b9d3e6cdf8a3acc8bbbaf3b0d1d3e3cbcdb5bdd5f2c9cfb5c4cad0b3a1a1a3d0c2b5c4b5ccb0d3c3f7c4eab4bacceccdeab9a4a3acbed3c3f1c3c7b6bcbadcc6dab4fda1a3', 'hex')];
    const sjisDeclared = decodeHtml(page('<meta charset="shift_jis">', [...gbk, ...gbk, ...gbk]));
    expect(sjisDeclared).toMatchObject({ encoding: 'gb18030', source: 'detector' });
    expect(sjisDeclared.text).toContain('渔民每天清晨修补渔网');
  });

  it('keeps a declaration the bytes are written in, stray bytes and all', () => {
    const mostly = [...Buffer.from('Grüße aus dem Fährhaus, schöne Grüße an alle Fährleute. '.repeat(3)), 0xe9, 0x20, 0xfc];
    const d = decodeHtml(page('<meta charset="utf-8">', mostly));
    expect(d).toMatchObject({ encoding: 'utf-8', source: 'meta' });
    expect(d.text).toContain('Fährhaus');
    expect(d.text).toContain('\uFFFD \uFFFD');
    expect(decodeHtml(page('<meta charset="windows-1251">', RU_1251))).toMatchObject({ encoding: 'windows-1251', source: 'meta' });
    // trustValidUtf8: false follows the declaration whatever the bytes are, as a browser does.
    expect(decodeHtml(page('<meta charset="utf-8">', cp1251('Рыбаки чинят сети на берегу. '.repeat(4))), { trustValidUtf8: false }).encoding).toBe('utf-8');
  });

  it('never throws on invalid bytes', () => {
    const d = decodeHtml(Uint8Array.from([0x3c, 0x70, 0x3e, 0xff, 0xfe, 0xfd, 0x00, 0x80]));
    expect(typeof d.text).toBe('string');
  });
});

describe('pageSource', () => {
  it('reports how far a page is plain ASCII, and drops NUL characters', () => {
    expect(pageSource('<p>plain</p>')).toEqual({ text: '<p>plain</p>', asciiPrefix: 12 });
    expect(pageSource('<p>café</p>')).toEqual({ text: '<p>café</p>', asciiPrefix: 6 });
    expect(pageSource('')).toEqual({ text: '', asciiPrefix: 0 });
    // A NUL before or after the first non-ASCII character: dropped, and the prefix is not claimed.
    expect(pageSource('<p>a\0b</p>')).toEqual({ text: '<p>ab</p>', asciiPrefix: 0 });
    expect(pageSource('<p>é\0\0</p>')).toEqual({ text: '<p>é</p>', asciiPrefix: 0 });
  });

  it('finds a NUL anywhere after the first non-ASCII character, and only a NUL', () => {
    // Characters whose low byte is zero (U+0100, U+3000, U+FF00) are not NULs.
    const wide = '<p>\u0100\u3000\uff00 ' + 'x'.repeat(70_000) + '\u3000</p>';
    expect(pageSource(wide)).toEqual({ text: wide, asciiPrefix: 3 });
    // A NUL past the first 65,536 characters searched, and one at the very end.
    expect(pageSource(wide + 'y\0')).toEqual({ text: wide + 'y', asciiPrefix: 0 });
    expect(pageSource('é' + 'z'.repeat(65_535) + '\0' + 'w')).toEqual({ text: 'é' + 'z'.repeat(65_535) + 'w', asciiPrefix: 0 });
  });

  it('looks only for NULs when asked for no ASCII prefix', () => {
    const plain = '<p>plain</p>';
    expect(pageSource(plain, false).text).toBe(plain);
    expect(pageSource(plain, false).asciiPrefix).toBe(0);
    expect(pageSource('<p>a\0b</p>', false)).toEqual({ text: '<p>ab</p>', asciiPrefix: 0 });
    // Characters whose low byte is zero are not NULs; a NUL past the first 65,536 characters is found.
    const wide = '<p>\u0100\u3000\uff00 ' + 'x'.repeat(70_000) + '</p>';
    expect(pageSource(wide, false)).toEqual({ text: wide, asciiPrefix: 0 });
    expect(pageSource(wide + 'y\0', false)).toEqual({ text: wide + 'y', asciiPrefix: 0 });
  });

  it('is what decodeHtml reports for bytes', () => {
    const d = decodeHtml(Uint8Array.from([...Buffer.from('<p>ab\0'), ...FR_1252]));
    expect(d.text).toBe('<p>abcafé');
    expect(d.asciiPrefix).toBe(0);
    const e = decodeHtml(Buffer.from('<meta charset="utf-8"><p>naïve</p>'));
    expect(e.asciiPrefix).toBe('<meta charset="utf-8"><p>na'.length);
  });

  it('takes an ASCII page\'s bytes as its text (no NUL: all of it plain ASCII; a NUL: dropped), as UTF-8 or windows-1252', () => {
    for (const head of ['', '<meta charset="utf-8">', '<meta charset="iso-8859-1">']) {
      const html = `${head}<p>plain text</p>`;
      // A view into a larger buffer: only its own bytes count.
      const within = Buffer.from(`\u00e9${html}\u00e9`).subarray(2, 2 + html.length);
      expect(decodeHtml(within)).toMatchObject({ text: html, asciiPrefix: html.length });
      expect(decodeHtml(Buffer.from(`${head}<p>pl\0ain</p>`))).toMatchObject({ text: `${head}<p>plain</p>`, asciiPrefix: 0 });
    }
  });
});
