import { describe, it, expect } from 'vitest';
import { tagAt, tagTable, nameIs, BLOCK, DROP, VOID, ANCHOR } from '../../src/html/tags.js';
import { TagAttributes } from '../../src/html/drops.js';
import { OpenElements } from '../../src/html/open-elements.js';
import { decodeReference, entityEnd, isSpace } from '../../src/html/text-chars.js';
import { LineContext } from '../../src/core/types.js';

/** The line builder's parts, each on its own (lines.test.ts tests them together). */
describe('tags', () => {
  const table = tagTable(['script', 'nav']);
  it('finds a known tag written in any case, without building a string', () => {
    const src = 'x<DiV><Nav><A><Br><custom>';
    expect(tagAt(table, src, 2, 5)?.name).toBe('div');
    expect(tagAt(table, src, 2, 5)!.flags & BLOCK).toBeTruthy();
    expect(tagAt(table, src, 7, 10)!.flags & DROP).toBeTruthy();
    expect(tagAt(table, src, 12, 13)!.flags & ANCHOR).toBeTruthy();
    expect(tagAt(table, src, 15, 17)!.flags & VOID).toBeTruthy();
    expect(tagAt(table, src, 19, 25)).toBeUndefined();
  });
  it('nameIs compares ASCII case-insensitively', () => {
    expect(nameIs('CLASS', 0, 5, 'class')).toBe(true);
    expect(nameIs('classes', 0, 7, 'class')).toBe(false);
  });
});

describe('TagAttributes', () => {
  const read = (src: string, attrs: [number, number, number, number][]): TagAttributes => {
    const a = new TagAttributes();
    a.reset();
    for (const [ns, ne, vs, ve] of attrs) {
      a.name(src, ns, ne);
      if (a.attr !== 0 && vs < ve) a.data(src, vs, ve);
      a.end(src);
    }
    return a;
  };
  it('sees hidden elements: the hidden attribute, display:none, aria-hidden="true"', () => {
    expect(read('hidden', [[0, 6, 6, 6]]).hidden).toBe(true);
    expect(read('style=color:red; DISPLAY : none', [[0, 5, 6, 31]]).hidden).toBe(true);
    expect(read('aria-hidden=true', [[0, 11, 12, 16]]).hidden).toBe(true);
    expect(read('aria-hidden=false', [[0, 11, 12, 17]]).hidden).toBe(false);
    expect(read('style=display:block', [[0, 5, 6, 19]]).hidden).toBe(false);
  });
  it('hashes class and id and keeps their ranges', () => {
    const a = read('class=post id=main', [[0, 5, 6, 10], [11, 13, 14, 18]]);
    expect(a.classHash).not.toBe(0);
    expect(a.idHash).not.toBe(0);
    expect(a.classRange).toEqual([6, 10]);
    expect(a.idRange).toEqual([14, 18]);
  });
});

describe('OpenElements', () => {
  const table = tagTable(['script', 'label']);
  const tag = (name: string) => tagAt(table, name, 0, name.length)!;
  const src = '<div class=comments><p>';
  const attrs = (cls: [number, number] | null): TagAttributes => {
    const a = new TagAttributes();
    a.reset();
    if (cls) { a.name('class', 0, 5); a.data(src, cls[0], cls[1]); a.end(src); }
    return a;
  };
  it('a comment section mutes what it holds until it is closed; the tree records parents and ends', () => {
    const open = new OpenElements(table, true, false);
    open.push(tag('div'), src, attrs([11, 19]), false);
    expect(open.muted()).toBe(true);
    open.push(tag('p'), src, attrs(null), false);
    expect(open.muted()).toBe(true);
    open.endTag(tag('div'));
    expect(open.muted()).toBe(false);
    expect(open.top()).toBeUndefined();
    expect([...open.elementParent.data.subarray(0, 2)]).toEqual([0, 1]);
    expect([...open.elementEnd.data.subarray(0, 2)]).toEqual([2, 2]);
  });
  it('a dropped inline element ends with its parent block; its own end tag does not close past a block', () => {
    const open = new OpenElements(table, false, false);
    open.push(tag('div'), src, attrs(null), false);
    open.push(tag('label'), src, attrs(null), false);
    expect(open.dropping()).toBe(true);
    open.push(tag('p'), src, attrs(null), false);
    open.endTag(tag('label')); // a special element (p) is in the way: ignored
    expect(open.dropping()).toBe(true);
    open.endTag(tag('div')); // closes p, label and div
    expect(open.dropping()).toBe(false);
    expect(open.top()).toBeUndefined();
  });
  it('a block start tag closes an open p; a new li closes the open one; an end tag out of scope is ignored', () => {
    const open = new OpenElements(table, false, false);
    open.push(tag('p'), src, attrs(null), false);
    open.impliedEnds(tag('div'), false);
    expect(open.top()).toBeUndefined();
    open.push(tag('ul'), src, attrs(null), false);
    open.push(tag('li'), src, attrs(null), false);
    open.impliedEnds(tag('li'), true);
    expect(open.top()!.name).toBe('ul');
    open.push(tag('table'), src, attrs(null), false);
    open.endTag(tag('ul')); // the table is a scope boundary
    expect(open.top()!.name).toBe('table');
  });
  it('gives text inside an ordered list item its context and depth', () => {
    const open = new OpenElements(table, false, false);
    open.openContext(1 << 18, 'ol'); // LIST
    open.openContext(1 << 17, 'li'); // LIST_ITEM
    const c = open.lineContext(0, false);
    expect(c & LineContext.ListItem).toBeTruthy();
    expect(c & LineContext.OrderedList).toBeTruthy();
    expect((c & LineContext.ListDepthMask) >> LineContext.ListDepthShift).toBe(1);
  });
});

describe('text characters', () => {
  it('finds references that end in ;, and decodes them', () => {
    const s = 'a &amp; b &nbsp &#x41; &lt;';
    expect(entityEnd(s, 2, s.length)).toBe(7);
    expect(entityEnd(s, 10, s.length)).toBe(0);
    expect(decodeReference(s, 16, 22)).toBe('A');
    expect(decodeReference(s, 23, 27)).toBe('<');
    expect(isSpace(0xa0) && isSpace(0x3000) && !isSpace(0x41)).toBe(true);
  });
});
