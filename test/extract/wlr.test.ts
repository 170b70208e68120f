import { describe, expect, it } from 'vitest';
import { extractPlain } from '../../src/extract/plain.js';
import { collectWlrNodes, extractWlr, scoreWlrNodes } from '../../src/extract/wlr.js';
import { expectArticle, expectNoBoilerplate } from './expect-article.js';
import { CHINESE_MENU, CHINESE_PAGE, CHINESE_PARAGRAPHS, NEWS_PAGE, NEWS_PAGE_ONE_LINE } from './pages.js';

describe('collectWlrNodes', () => {
  it('counts words, leaves, links and link text per element; drops noisy and wordless elements', () => {
    const html = '<html><head><title>t</title></head><body><div><p>one two three</p><p>four <a href="#">five six</a></p><img src="x"></div><script>a b c</script></body></html>';
    const n = collectWlrNodes(html);
    expect(n.element.map((e) => e.name)).toEqual(['html', 'body', 'div', 'p', 'p', 'a']);
    expect([...n.words]).toEqual([6, 6, 6, 3, 3, 2]);
    expect([...n.leaves]).toEqual([3, 3, 3, 1, 2, 1]);
    expect([...n.links]).toEqual([1, 1, 1, 0, 1, 1]);
    expect([...n.linkTextLength]).toEqual([8, 8, 8, 0, 8, 8]);
    expect([...n.parent]).toEqual([-1, 0, 1, 2, 2, 4]);
    expect(n.rootWords / n.rootLeaves).toBe(2);
  });
});

describe('scoreWlrNodes', () => {
  it('builds I by eq. 2 and keeps every score in range', () => {
    const nodes = collectWlrNodes(NEWS_PAGE);
    const s = scoreWlrNodes(nodes);
    const maxWlr = Math.max(...s.wlr);
    const cut = Math.sqrt(maxWlr * (nodes.rootWords / nodes.rootLeaves));
    for (let i = 0; i < nodes.count; i++) {
      expect(s.inInitial[i]).toBe(s.wlr[i]! >= cut ? 1 : 0);
      expect(s.weight[i]).toBeGreaterThanOrEqual(0);
      expect(s.weight[i]).toBeLessThanOrEqual(1);
      expect(s.score[i]).toBeLessThanOrEqual(1);
    }
    // div#main and its only child div.article hold the same text and tie; the lower id (document order) wins.
    expect(nodes.element[s.selected]!.attribs['id']).toBe('main');
  });

  it('with the printed WLR factor over all nodes, picks the root (the documented reason for the default)', () => {
    const x = extractWlr(NEWS_PAGE, { relevance: 'product', candidates: 'all' });
    expect(x.text).toBe(extractPlain(NEWS_PAGE).text);
  });
});

describe('extractWlr', () => {
  it.each([
    ['multi-line', NEWS_PAGE],
    ['one-line', NEWS_PAGE_ONE_LINE],
  ])('keeps the article and drops menu and footer (%s page)', (_, page) => {
    const x = extractWlr(page);
    expect(x.method).toBe('wlr');
    expectArticle(x.text);
    expectNoBoilerplate(x.text);
  });

  it('works on Chinese text (CJK characters count as words)', () => {
    const x = extractWlr(CHINESE_PAGE);
    expect(x.text.split('\n')).toEqual(CHINESE_PARAGRAPHS);
    for (const m of CHINESE_MENU) expect(x.text).not.toContain(m);
  });

  it('returns empty text for a page without words', () => {
    expect(extractWlr('<html><body><img src="a"></body></html>').text).toBe('');
  });
});
