import { describe, it, expect } from 'vitest';
import { lineKey, TemplateCounter, PathCounter } from '../../src/train/templates.js';

describe('lineKey', () => {
  it('folds case, white space and digits', () => {
    expect(lineKey('© 2011 The  Courier')).toBe(lineKey('© 2012 the courier'));
    expect(lineKey('3 comments')).toBe(lineKey('12 comments'));
    expect(lineKey('Privacy policy')).not.toBe(lineKey('Cookie policy'));
    expect(lineKey('')).toBe(0);
  });
});

describe('TemplateCounter', () => {
  it('keeps lines non-topical on enough pages and never topical', () => {
    const c = new TemplateCounter();
    for (let p = 0; p < 10; p++) {
      c.addPage(['Home | News | Sport', `Story ${p} body text`, 'Share this', 'Related: more'], [0, 1, 0, p === 0 ? 1 : 0]);
    }
    const keys = c.select({ minShare: 0.1, maxTopicalRatio: 0.1, maxKeys: 100 });
    expect(keys).toContain(lineKey('Home | News | Sport'));
    expect(keys).toContain(lineKey('Share this'));
    // "Story N body text" folds to one key but it is topical; "Related: more" was topical once in 9 (ratio 0.11 > 0.1)
    expect(keys).not.toContain(lineKey('Story 1 body text'));
    expect(keys).not.toContain(lineKey('Related: more'));
    expect([...keys].sort((a, b) => a - b)).toEqual(keys);
  });
});

describe('PathCounter', () => {
  it('counts topical and non-topical lines per path, kept when on enough pages', () => {
    const c = new PathCounter();
    c.addPage([7, 7, 9, 0], [1, 1, 0, 1], [5, 5, 5, 5]);
    c.addPage([7, 9, 11], [1, 0, 1], [5, 5, 0]);
    expect(c.select(0.1, 10)).toEqual([[7, 3, 0], [9, 0, 2]]);
  });
});
