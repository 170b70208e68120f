import { describe, expect, it } from 'vitest';
import {
  absoluteDerivative,
  extractCetr,
  gaussianSmooth,
  kMeansWithOrigin,
  tagRatioLines,
  tagRatios,
} from '../../src/extract/cetr.js';
import { tokenizeHtml } from '../../src/extract/token-stream.js';
import { expectArticle, expectNoBoilerplate } from './expect-article.js';
import { CHINESE_PAGE, CHINESE_PARAGRAPHS, MENU_ITEMS, NEWS_PAGE, NEWS_PAGE_ONE_LINE } from './pages.js';

describe('tagRatioLines / tagRatios', () => {
  it('counts text characters and tags per source line, dropping empty lines', () => {
    const html = '<ul><li><a>ab</a></li>\n\n<p>hello world</p>\n<script>\nvar x;\n</script>';
    const lines = tagRatioLines(tokenizeHtml(html), html, 'source');
    expect(lines.count).toBe(4); // line 3 holds only white space; line 4 only hidden text
    expect([...lines.textChars]).toEqual([2, 11, 0, 0]);
    expect([...lines.tags]).toEqual([5, 2, 1, 1]);
    expect([...tagRatios(lines)]).toEqual([2 / 5, 11 / 2, 0, 0]);
  });
});

describe('gaussianSmooth and absoluteDerivative', () => {
  it('keeps a constant series constant and has zero derivative on it', () => {
    const x = new Float64Array([3, 3, 3, 3, 3]);
    expect([...gaussianSmooth(x, 1)].map((v) => +v.toFixed(12))).toEqual([3, 3, 3, 3, 3]);
    expect([...absoluteDerivative(x, 3)]).toEqual([0, 0, 0, 0, 0]);
  });

  it('derivative compares a value with the mean of the next α values', () => {
    expect([...absoluteDerivative(new Float64Array([0, 2, 4, 6]), 2)]).toEqual([3, 3, 2, 0]);
  });
});

describe('kMeansWithOrigin', () => {
  const xs = new Float64Array([0.1, 0.2, 0, 50, 52, 51, 100, 104]);
  const ys = new Float64Array([0, 0.1, 0.2, 1, 2, 1, 5, 3]);
  it('puts the points near the origin in cluster 0, pinned or not', () => {
    for (const pin of [true, false]) {
      const a = kMeansWithOrigin(xs, ys, 3, 1, 100, pin);
      expect([...a.slice(0, 3)]).toEqual([0, 0, 0]);
      for (const c of a.slice(3)) expect(c).not.toBe(0);
    }
  });

  it('is deterministic for a seed', () => {
    expect(kMeansWithOrigin(xs, ys, 3, 42, 100)).toEqual(kMeansWithOrigin(xs, ys, 3, 42, 100));
  });
});

describe('extractCetr', () => {
  it('keeps the article and drops menu and footer on a page with source lines', () => {
    const x = extractCetr(NEWS_PAGE);
    expect(x.method).toBe('cetr');
    expectArticle(x.text);
    expectNoBoilerplate(x.text);
    for (const b of x.blocks) {
      expect(b.start).toBeLessThan(b.end);
      expect(b.end).toBeLessThanOrEqual(x.lineCount);
    }
  });

  it('cannot split a one-line page by source lines, but can by blocks', () => {
    const bySource = extractCetr(NEWS_PAGE_ONE_LINE);
    expect(bySource.lineCount).toBe(1);
    for (const m of MENU_ITEMS) expect(bySource.text.split('\n')).toContain(m);
    const byBlocks = extractCetr(NEWS_PAGE_ONE_LINE, { lines: 'blocks' });
    expectArticle(byBlocks.text);
    expectNoBoilerplate(byBlocks.text);
  });

  it('keeps Chinese article paragraphs', () => {
    const x = extractCetr(CHINESE_PAGE);
    for (const p of CHINESE_PARAGRAPHS) expect(x.text).toContain(p);
  });
});
