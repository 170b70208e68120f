import { describe, expect, it } from 'vitest';
import { bteWeights, extractBte, maxWeightSpan } from '../../src/extract/bte.js';
import { tokenizeHtml } from '../../src/extract/token-stream.js';
import { expectArticle, expectNoBoilerplate } from './expect-article.js';
import { CHINESE_MENU, CHINESE_PAGE, CHINESE_PARAGRAPHS, NEWS_PAGE, NEWS_PAGE_ONE_LINE } from './pages.js';

/** Brute force: the objective tags-before + text-inside + tags-after over all spans. */
function bruteForce(w: number[]): number {
  let best = 0;
  for (let i = 0; i < w.length; i++) {
    for (let j = i; j < w.length; j++) {
      let s = 0;
      for (let k = i; k <= j; k++) s += w[k]!;
      best = Math.max(best, s);
    }
  }
  return best;
}

describe('maxWeightSpan', () => {
  it.each([
    [[], 0, 0, 0],
    [[-1, -1], 0, 0, 0],
    [[-1, 3, -1, 2, -5, 1], 1, 4, 4],
    [[2, -3, 1], 0, 1, 2],
  ])('%j → [%i, %i) score %i', (w, start, end, score) => {
    expect(maxWeightSpan(w)).toEqual({ start, end, score });
  });

  it('matches the brute-force maximum on pseudo-random vectors', () => {
    let seed = 7;
    for (let t = 0; t < 50; t++) {
      const w: number[] = [];
      for (let i = 0; i < 30; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        w.push(seed % 3 === 0 ? (seed % 7) : -1);
      }
      expect(maxWeightSpan(w).score).toBe(bruteForce(w));
    }
  });
});

describe('bteWeights', () => {
  it('weighs tags −1, text +words, hidden text 0', () => {
    const t = tokenizeHtml('<p>one two</p><script>var a = 1;</script>');
    expect([...bteWeights(t)]).toEqual([-1, 2, -1, -1, 0, -1]);
  });
});

describe('extractBte', () => {
  it.each([
    ['multi-line', NEWS_PAGE],
    ['one-line', NEWS_PAGE_ONE_LINE],
  ])('keeps the article and drops menu and footer (%s page)', (_, page) => {
    const x = extractBte(page);
    expect(x.method).toBe('bte');
    expectArticle(x.text);
    expectNoBoilerplate(x.text);
  });

  it('counts CJK characters as words', () => {
    const x = extractBte(CHINESE_PAGE);
    for (const p of CHINESE_PARAGRAPHS) expect(x.text).toContain(p);
    for (const m of CHINESE_MENU) expect(x.text.split('\n')).not.toContain(m);
  });

  it('is deterministic', () => {
    expect(extractBte(NEWS_PAGE)).toEqual(extractBte(NEWS_PAGE));
  });
});
