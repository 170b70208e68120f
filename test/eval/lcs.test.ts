import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { lcsLength } from '../../src/eval/lcs.js';

/** Plain O(nm) dynamic programme, the reference. */
function lcsDp(a: readonly number[], b: readonly number[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    }
    prev = cur;
  }
  return prev[b.length]!;
}

const codes = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0));

describe('lcsLength', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 0],
    ['', 'abc', 0],
    ['abc', 'abc', 3],
    ['abc', 'def', 0],
    ['ABCBDAB', 'BDCABA', 4], // CLRS example: BCBA
    ['AGGTAB', 'GXTXAYB', 4], // GTAB
    ['abcde', 'ace', 3],
    ['xaxbxcx', 'abc', 3],
  ])('LCS(%j, %j) = %i', (a, b, k) => {
    expect(lcsLength(codes(a), codes(b))).toBe(k);
    expect(lcsLength(codes(b), codes(a))).toBe(k);
  });

  it('is exact across 32-bit word boundaries (patterns of 31–97 symbols)', () => {
    for (const m of [31, 32, 33, 63, 64, 65, 97]) {
      const a = Array.from({ length: m }, (_, i) => (i * 7) % 5);
      const b = Array.from({ length: m + 11 }, (_, i) => (i * 3) % 5);
      expect(lcsLength(a, b)).toBe(lcsDp(a, b));
    }
  });

  it('equals the O(nm) dynamic programme on random sequences', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 150 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 150 }),
        (a, b) => lcsLength(a, b) === lcsDp(a, b),
      ),
      { numRuns: 300 },
    );
  });

  it('scores two 20,000-token sequences quickly', () => {
    let seed = 12345;
    const next = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 16;
    };
    const a = Array.from({ length: 20_000 }, () => next() % 3000);
    const b = Array.from({ length: 20_000 }, () => next() % 3000);
    const t0 = performance.now();
    const k = lcsLength(a, b);
    const ms = performance.now() - t0;
    expect(k).toBeGreaterThan(0);
    expect(k).toBeLessThanOrEqual(20_000);
    expect(ms).toBeLessThan(2000); // generous bound for a shared CI machine
  });
});
