/** Shared assertions on the hand-written news page. */
import { expect } from 'vitest';
import { ARTICLE_PARAGRAPHS, COPYRIGHT, FOOTER_ITEMS, MENU_ITEMS, TITLE } from './pages.js';

/** The article's paragraphs appear, each as a line of its own. */
export function expectArticle(text: string): void {
  const lines = text.split('\n');
  for (const p of ARTICLE_PARAGRAPHS) expect(lines).toContain(p);
}

/** No menu or footer item, no copyright, no script, style or comment text. */
export function expectNoBoilerplate(text: string): void {
  const lines = text.split('\n');
  for (const m of [...MENU_ITEMS, ...FOOTER_ITEMS]) expect(lines).not.toContain(m);
  expect(text).not.toContain(COPYRIGHT);
  expectNoHiddenText(text);
}

/** Script, style, title and comment content never appear. */
export function expectNoHiddenText(text: string): void {
  expect(text).not.toContain('script text');
  expect(text).not.toContain('comment text');
  expect(text).not.toContain('font-family');
  expect(text).not.toContain('Elmsford Gazette');
  expect(text).not.toContain('<');
}

export { TITLE };
