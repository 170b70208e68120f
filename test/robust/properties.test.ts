/**
 * Property tests (fast-check) over every registered extractor (issue 7):
 * for arbitrary strings, HTML-like token soups and byte arrays,
 * 1. no extractor throws (byte input may be refused by `extract()` with an InputError: binary);
 * 2. the output is drawn from the page's visible text;
 * 3. the result is deterministic.
 *
 * "Visible text" = the output of the `plain` extractor (every text token outside
 * script, style, head and the other never-rendered elements). Property 2 compares
 * the non-white-space characters: those of an extractor's output must form a
 * subsequence of those of `plain`'s output. Characters, not words, because the
 * extractors cut paragraphs at slightly different element sets (a word split in
 * two by a block boundary in one and joined in another is the same characters);
 * white space is dropped because every extractor collapses it.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isFarswError, InputError } from '../../src/core/errors.js';
import { extract } from '../../src/api/extract.js';
import { extractorNames, getExtractor } from '../../src/extract/registry.js';

const NAMES = extractorNames();
const RUNS = { numRuns: Number(process.env.FARSW_PROP_RUNS ?? 150), seed: Number(process.env.FARSW_PROP_SEED ?? 7) };

/** Non-white-space characters of a text (white space as JavaScript's `\s` knows it). */
function visibleChars(text: string): string {
  return text.replace(/\s+/g, '');
}

/** True when `sub` is a subsequence of `full` (greedy, linear). */
function isSubsequence(sub: string, full: string): boolean {
  let j = 0;
  for (let i = 0; i < sub.length; i++) {
    const c = sub.charCodeAt(i);
    while (j < full.length && full.charCodeAt(j) !== c) j++;
    if (j === full.length) return false;
    j++;
  }
  return true;
}

/** HTML-ish token soup: tags (balanced or not), entities, comments, text in several scripts. */
const htmlSoup = fc.array(
  fc.oneof(
    fc.constantFrom(
      '<p>', '</p>', '<div class="a">', '</div>', '<a href="/x">', '</a>', '<br>', '<b>', '</b>', '<li>', '</ul>', '<ul>',
      '<td>', '<tr>', '<table>', '<script>', '</script>', '<style>', '</style>', '<!--', '-->', '<title>', '</title>',
      '<head>', '</head>', '<body>', '</body>', '<pre>', '</pre>', '<img src=x>', '<h1>', '</h1>', '&amp;', '&lt;', '&nbsp;',
      '&#x41;', '&notin;', '&not', '<', '>', '"', ' ', '\n', '\t', '<![CDATA[', ']]>', '<?xml version="1.0"?>', '<!DOCTYPE html>',
      '<noscript>', '</noscript>', '<textarea>', '</textarea>', '<svg>', '</svg>', '<select><option>', '</select>', '\0',
    ),
    fc.string({ maxLength: 12 }),
    fc.constantFrom('word', 'مرحبا', '图书馆', 'Ελλάδα', 'naïve', '😀'),
  ),
  { maxLength: 60 },
).map((parts) => parts.join(''));

const anyString = fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 100 }), fc.string({ unit: 'binary', maxLength: 100 }), htmlSoup);

describe('every extractor on arbitrary strings', () => {
  it('never throws, stays within the visible text, and is deterministic', () => {
    fc.assert(
      fc.property(anyString, (html) => {
        const visible = visibleChars(getExtractor('plain').extract(html).text);
        for (const name of NAMES) {
          const e = getExtractor(name);
          const a = e.extract(html);
          const b = e.extract(html);
          expect(b.text, name).toBe(a.text);
          expect(b.blocks, name).toEqual(a.blocks);
          if (!isSubsequence(visibleChars(a.text), visible)) {
            throw new Error(`${name}: output ${JSON.stringify(a.text)} is not drawn from the visible text ${JSON.stringify(visible)}`);
          }
          for (const blk of a.blocks) {
            expect(blk.start, name).toBeGreaterThanOrEqual(0);
            expect(blk.end, name).toBeLessThanOrEqual(a.lineCount);
            expect(blk.start, name).toBeLessThan(blk.end);
          }
        }
      }),
      RUNS,
    );
  });
});

describe('extract() on arbitrary bytes', () => {
  it('returns text without NULs or refuses with an InputError, deterministically', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), htmlSoup.map((s) => Buffer.from(s, 'latin1'))), fc.constantFrom(...NAMES), (bytes, algorithm) => {
        const run = (): string => {
          try {
            return extract(bytes, { algorithm }).text;
          } catch (e) {
            if (!isFarswError(e)) throw e;
            expect(e).toBeInstanceOf(InputError);
            expect(e.message).toMatch(/^not HTML: /);
            return `error: ${e.message}`;
          }
        };
        const first = run();
        expect(run()).toBe(first);
        expect(first.includes('\0')).toBe(false);
      }),
      { numRuns: 400, seed: 11 },
    );
  });
});
