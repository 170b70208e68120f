import { describe, it, expect } from 'vitest';
import { tokenize, internPair } from '../../src/core/tokenize.js';

describe('tokenize', () => {
  it.each([
    ['', []],
    ['   \n\t', []],
    ['... — !!! ?', []],
    ['Hello, World!', ['hello', 'world']],
    ["don't stop", ['don', 't', 'stop']],
    ['pi = 3.14', ['pi', '3', '14']],
    ['snake_case', ['snake', 'case']],
    ['ÜBER naïve Straße', ['über', 'naïve', 'straße']],
    ['中文测试', ['中', '文', '测', '试']],
    ['日本語のテキスト', ['日', '本', '語', 'の', 'テ', 'キ', 'ス', 'ト']],
    ['カー', ['カ', 'ー']],
    ['abc中文def', ['abc', '中', '文', 'def']],
    ['2024年5月', ['2024', '年', '5', '月']],
    ['Привет, мир', ['привет', 'мир']],
    ['مرحبا بالعالم', ['مرحبا', 'بالعالم']],
    ['한국어 문장', ['한국어', '문장']],
    ['Καλημέρα κόσμε', ['καλημέρα', 'κόσμε']],
    ['Привет, МИР', ['привет', 'мир']],
    ['Hello, World! 42 times', ['hello', 'world', '42', 'times']],
  ])('%j → %j', (text, expected) => {
    expect(tokenize(text)).toEqual(expected);
  });

  it('keeps combining marks inside the word', () => {
    expect(tokenize('cafe\u0301 ok')).toEqual(['cafe\u0301', 'ok']);
  });
});

describe('internPair', () => {
  it('gives equal tokens equal ids across both sequences', () => {
    const p = internPair(['a', 'b', 'a'], ['b', 'c']);
    expect(Array.from(p.a)).toEqual([0, 1, 0]);
    expect(Array.from(p.b)).toEqual([1, 2]);
    expect(p.tokens).toEqual(['a', 'b', 'c']);
  });
});

describe('tokenize on all-ASCII texts (the plain-pattern path)', () => {
  it('cuts at underscores, punctuation and spaces, keeps letter-digit runs', () => {
    expect(tokenize("Don't_stop: 3.14 abc9 X")).toEqual(['don', 't', 'stop', '3', '14', 'abc9', 'x']);
  });

  it('treats a text that lower-cases to ASCII (KELVIN SIGN → k) like the same ASCII text', () => {
    expect(tokenize('\u212Aelvin scale')).toEqual(tokenize('Kelvin scale'));
    expect(tokenize('\u212Aelvin scale')).toEqual(['kelvin', 'scale']);
  });

  it('leaves non-ASCII texts to the Unicode rule (accents stay in the word, Han characters split)', () => {
    expect(tokenize('Café 中文ab')).toEqual(['café', '中', '文', 'ab']);
  });
});
