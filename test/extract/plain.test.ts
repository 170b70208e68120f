import { describe, expect, it } from 'vitest';
import { extractPlain } from '../../src/extract/plain.js';
import { expectArticle, expectNoHiddenText } from './expect-article.js';
import { COPYRIGHT, FOOTER_ITEMS, MENU_ITEMS, NEWS_PAGE, TITLE } from './pages.js';

describe('extractPlain', () => {
  it('returns all visible text, one paragraph per line, in page order', () => {
    const x = extractPlain(NEWS_PAGE);
    expect(x.method).toBe('plain');
    expectArticle(x.text);
    expectNoHiddenText(x.text);
    const lines = x.text.split('\n');
    expect(lines).toEqual([...MENU_ITEMS, TITLE, ...lines.slice(MENU_ITEMS.length + 1, MENU_ITEMS.length + 5), ...FOOTER_ITEMS, COPYRIGHT]);
    expect(x.lineCount).toBe(lines.length);
  });

  it('decodes entities and collapses white space', () => {
    expect(extractPlain('<p>  a&nbsp;&lt;b&gt;\n\n c </p>').text).toBe('a <b> c');
  });
});
