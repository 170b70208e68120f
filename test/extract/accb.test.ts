import { describe, expect, it } from 'vitest';
import { blurAt, extractAccb, gaussianKernel } from '../../src/extract/accb.js';
import { expectArticle, expectNoBoilerplate } from './expect-article.js';
import { CHINESE_MENU, CHINESE_PAGE, CHINESE_PARAGRAPHS, MENU_ITEMS, NEWS_PAGE, NEWS_PAGE_ONE_LINE } from './pages.js';

describe('gaussianKernel and blurAt', () => {
  it('is symmetric with its peak in the middle', () => {
    const g = gaussianKernel(4, 2);
    expect(g).toHaveLength(9);
    expect(g[4]).toBe(1);
    for (let k = 0; k < 4; k++) expect(g[k]).toBeCloseTo(g[8 - k]!, 12);
  });

  it('gives 1 inside a long run of content, 0 inside code, 0.5 at a symmetric edge', () => {
    const v = new Uint8Array(200);
    v.fill(1, 100);
    const g = gaussianKernel(10, 10 / 3);
    expect(blurAt(v, 150, g)).toBe(1);
    expect(blurAt(v, 50, g)).toBe(0);
    const edge = new Uint8Array([0, 0, 0, 1, 1, 1]);
    expect(blurAt(edge, 2, gaussianKernel(2, 1)) + blurAt(edge, 3, gaussianKernel(2, 1))).toBeCloseTo(1, 12);
  });
});

describe('extractAccb', () => {
  it.each([
    ['multi-line', NEWS_PAGE],
    ['one-line', NEWS_PAGE_ONE_LINE],
  ])('keeps the article and drops menu and footer (%s page)', (_, page) => {
    const x = extractAccb(page);
    expect(x.method).toBe('accb');
    expectArticle(x.text);
    expectNoBoilerplate(x.text);
  });

  it('threshold 0 keeps every visible text token, threshold above 1 none', () => {
    const all = extractAccb(NEWS_PAGE, { threshold: 0 }).text.split('\n');
    for (const m of MENU_ITEMS) expect(all).toContain(m);
    expect(extractAccb(NEWS_PAGE, { threshold: 1.01 }).text).toBe('');
  });

  it('works on Chinese text', () => {
    const x = extractAccb(CHINESE_PAGE);
    for (const p of CHINESE_PARAGRAPHS) expect(x.text).toContain(p);
    for (const m of CHINESE_MENU) expect(x.text.split('\n')).not.toContain(m);
  });
});
