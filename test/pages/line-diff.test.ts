import { describe, it, expect } from 'vitest';
import { lineDiff } from './line-diff.js';

describe("lineDiff (the golden pages' failure message)", () => {
  it('marks added and removed lines with two lines of context', () => {
    expect(lineDiff('a\nb\nc\nd\ne\nf\ng', 'a\nb\nc\nD\ne\nf\ng\nh')).toBe(['  b', '  c', '- d', '+ D', '  e', '  f', '  g', '+ h'].join('\n'));
  });

  it('puts … between changes far apart', () => {
    const same = Array.from({ length: 10 }, (_, k) => `line ${k}`);
    expect(lineDiff(['x', ...same, 'y'].join('\n'), ['X', ...same, 'Y'].join('\n')))
      .toBe(['- x', '+ X', '  line 0', '  line 1', '…', '  line 8', '  line 9', '- y', '+ Y'].join('\n'));
  });

  it('gives nothing for equal texts', () => {
    expect(lineDiff('a\nb', 'a\nb')).toBe('');
  });
});
