import { describe, it, expect } from 'vitest';
import { tokenize } from '../../src/train/tokenize.js';

describe('tokenize', () => {
  it.each([
    ['Hello, World! 42 times', ['hello', 'world', '42', 'times']],
    ['  ', []],
    ['北京欢迎你', ['北', '京', '欢', '迎', '你']],
    ['日本語のテキスト', ['日', '本', '語', 'の', 'テ', 'キ', 'ス', 'ト']],
    ['Привет, МИР', ['привет', 'мир']],
    ['مرحبا بالعالم', ['مرحبا', 'بالعالم']],
    ['abc北京def', ['abc', '北', '京', 'def']],
    ['naïve café', ['naïve', 'café']],
  ])('%j', (text, expected) => {
    expect(tokenize(text)).toEqual(expected);
  });
});
