import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { attributeTokens, elementKind } from '../../src/html/structure.js';
import { lineKey } from '../../src/html/line-key.js';

/** The rule as regexes (split camelCase, lower-case, runs of 3+ a–z, first 24 distinct), read on the first 1024 characters. */
function reference(value: string): number[] {
  const words = value.slice(0, 1024).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().match(/[a-z]{3,}/g) ?? [];
  const out: number[] = [];
  for (const w of words) {
    const k = lineKey(w);
    if (!out.includes(k)) out.push(k);
    if (out.length === 24) break;
  }
  return out;
}
const keys = (...words: string[]): number[] => words.map((w) => lineKey(w));

describe('attributeTokens', () => {
  it('splits on non-letters, drops runs shorter than 3 and repeats', () => {
    expect(attributeTokens('post-body entry_content post x1 ab')).toEqual(keys('post', 'body', 'entry', 'content'));
  });

  it('splits camelCase between a lower-case and an upper-case letter, not inside capitals', () => {
    expect(attributeTokens('mainContent HTMLParser navBarTop')).toEqual(keys('main', 'content', 'htmlparser', 'nav', 'bar', 'top'));
  });

  it('keeps at most 24 distinct words', () => {
    const value = Array.from({ length: 30 }, (_, i) => 'w' + String.fromCharCode(97 + (i % 26)).repeat(2) + String.fromCharCode(97 + Math.floor(i / 26))).join(' ');
    expect(attributeTokens(value)).toEqual(reference(value));
    expect(attributeTokens(value)).toHaveLength(24);
  });

  it('reads only the first 1024 characters', () => {
    const value = '-'.repeat(1022) + 'abcdef';
    expect(attributeTokens(value)).toEqual([]);
    expect(attributeTokens('-'.repeat(1021) + 'abcdef')).toEqual(keys('abc'));
  });

  it('has no words in an empty or letterless value', () => {
    expect(attributeTokens('')).toEqual([]);
    expect(attributeTokens('12 -- __')).toEqual([]);
  });

  it('lower-cases outside ASCII as String.toLowerCase does (KELVIN SIGN is k)', () => {
    expect(attributeTokens('\u212Aey nav')).toEqual(keys('key', 'nav'));
    expect(attributeTokens('caf\u00e9 menu')).toEqual(keys('caf', 'menu'));
  });

  it('gives the regex rule on any ASCII or mixed value', () => {
    const chars = fc.constantFrom('a', 'b', 'c', 'Z', 'Q', 'x', '-', ' ', '_', '1', 'é', '\u212A', 'İ');
    fc.assert(fc.property(fc.array(chars, { maxLength: 60 }).map((a) => a.join('')), (value) => {
      expect(attributeTokens(value)).toEqual(reference(value));
    }), { numRuns: 2000 });
  });
});

describe('elementKind', () => {
  let calls = 1;
  /** The words of an element with this id and class (undefined: absent), its values read on a page's source. */
  const words = (id: string | undefined, cls: string | undefined): readonly number[] => {
    const src = `<div id="${id ?? ''}" class="${cls ?? ''}">`;
    const idFrom = 9, classFrom = idFrom + (id ?? '').length + 9;
    // Distinct hashes per call, so that every call computes its kind (no cache hit from another test value).
    const salt = (calls += 2);
    return elementKind('div', salt, src, id === undefined ? 0 : salt, [idFrom, idFrom + (id ?? '').length], cls === undefined ? 0 : salt ^ 1, [classFrom, classFrom + (cls ?? '').length], salt).tokens;
  };

  it('reads the words of `${id} ${class}` on the source, as attributeTokens does on that string', () => {
    expect(words('mainContent', 'post-body')).toEqual(attributeTokens('mainContent post-body'));
    expect(words(undefined, 'nav menu')).toEqual(keys('nav', 'menu'));
    expect(words('top', undefined)).toEqual(keys('top'));
    // The first 1024 characters of the joined value: the space between them counts.
    expect(words('-'.repeat(1020), 'abcdef')).toEqual(keys('abc'));
    expect(words('-'.repeat(1019), 'abcdef')).toEqual(keys('abcd'));
    expect(words(undefined, '-'.repeat(1020) + 'abcdef')).toEqual(keys('abc'));
    expect(words('caf\u00e9', '\u212Aey')).toEqual(attributeTokens('caf\u00e9 \u212Aey'));
  });

  it('gives attributeTokens of the joined values on any ASCII or mixed id and class', () => {
    const chars = fc.constantFrom('a', 'b', 'c', 'Z', 'Q', 'x', '-', ' ', '_', '1', 'é', '\u212A', 'İ');
    const value = fc.option(fc.array(chars, { maxLength: 40 }).map((a) => a.join('')), { nil: undefined });
    fc.assert(fc.property(value, value, (id, cls) => {
      fc.pre(id !== undefined || cls !== undefined);
      expect(words(id, cls)).toEqual(attributeTokens(`${id ?? ''} ${cls ?? ''}`));
    }), { numRuns: 2000 });
  });
});
