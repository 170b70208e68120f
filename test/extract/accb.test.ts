import { describe, expect, it } from 'vitest';
import { blurAt, cumulativeKernel, extractAccb, gaussianKernel, tokenBlurSum } from '../../src/extract/accb.js';
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

  it('sums a token\'s blur as blurring each character would, at the ends of the vector too', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (const n of [0, 1, 5, 30, 81, 82, 300]) {
      const v = Uint8Array.from({ length: n }, () => (rnd() < 0.6 ? 1 : 0));
      const g = gaussianKernel(40, 40 / 3), cum = cumulativeKernel(g);
      for (const [a, b] of [[0, n], [0, Math.min(n, 3)], [Math.floor(n / 3), Math.floor((2 * n) / 3)], [Math.max(0, n - 50), n], [Math.min(n, 39), Math.min(n, 41)], [Math.min(n, 40), Math.min(n, 200)]] as const) {
        v.fill(1, a, b); // a text token's characters are content
        let slow = 0;
        for (let p = a; p < b; p++) slow += blurAt(v, p, g);
        expect(tokenBlurSum(v, a, b, g, cum)).toBeCloseTo(slow, 9);
      }
    }
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
