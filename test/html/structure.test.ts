import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { attributeTokens } from '../../src/html/structure.js';
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
