import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { bagOfWordsScore, lcsScore, prf, scoreText, utf8Length } from '../../src/eval/metrics.js';
import { tokenize } from '../../src/core/tokenize.js';
import { lcsLength } from '../../src/eval/lcs.js';
import { internPair } from '../../src/core/tokenize.js';

const close = (actual: { precision: number; recall: number; f1: number }, p: number, r: number, f: number): void => {
  expect(actual.precision).toBeCloseTo(p, 10);
  expect(actual.recall).toBeCloseTo(r, 10);
  expect(actual.f1).toBeCloseTo(f, 10);
};

describe('prf', () => {
  it('handles the empty cases', () => {
    close(prf(0, 0, 0), 1, 1, 1);
    close(prf(0, 5, 0), 0, 0, 0);
    close(prf(0, 0, 5), 0, 0, 0);
    close(prf(0, 3, 4), 0, 0, 0);
  });
  it('computes P = k/m, R = k/g, F1 = 2PR/(P+R)', () => {
    close(prf(2, 4, 2), 0.5, 1, 2 / 3);
  });
});

describe('scoreText', () => {
  it('word order matters for LCS, not for bag of words', () => {
    // pred: a b c d ; gold: d c b a → LCS 1, bag 4
    const s = scoreText('a b c d', 'D, C. B; A!');
    close(s.lcs, 1 / 4, 1 / 4, 1 / 4);
    close(s.bow, 1, 1, 1);
  });

  it('hand-computed English example', () => {
    // pred tokens: the cat sat on the mat today (7)
    // gold tokens: the cat sat on a mat (6)
    // LCS = the cat sat on mat = 5 → P 5/7, R 5/6
    // bag ∩ = the(1) cat sat on mat = 5 → same here
    const s = scoreText('The cat sat on the mat today.', 'The cat sat on a mat.');
    const p = 5 / 7;
    const r = 5 / 6;
    close(s.lcs, p, r, (2 * p * r) / (p + r));
    close(s.bow, p, r, (2 * p * r) / (p + r));
    expect(s.predictedTokens).toBe(7);
    expect(s.goldTokens).toBe(6);
  });

  it('repeated tokens: bag intersection counts multiplicity', () => {
    // pred: x x x y ; gold: y x → LCS("xxxy","yx") = 1 ; bag ∩ = x(1) + y(1) = 2
    const s = scoreText('x x x y', 'y x');
    close(s.lcs, 1 / 4, 1 / 2, (2 * (1 / 4) * (1 / 2)) / (1 / 4 + 1 / 2));
    close(s.bow, 2 / 4, 2 / 2, (2 * 0.5 * 1) / 1.5);
  });

  it('Chinese: one token per character', () => {
    // pred 今天天气很好 (6), gold 天气很好吗 (5): LCS 天气很好 = 4; bag ∩ = 天 气 很 好 = 4
    const s = scoreText('今天天气很好', '天气很好吗');
    close(s.lcs, 4 / 6, 4 / 5, (2 * (4 / 6) * (4 / 5)) / (4 / 6 + 4 / 5));
    close(s.bow, 4 / 6, 4 / 5, (2 * (4 / 6) * (4 / 5)) / (4 / 6 + 4 / 5));
  });

  it('bytes unit weighs tokens by UTF-8 length', () => {
    // pred: 中 ab (3 + 2 bytes) ; gold: 中 cd (3 + 2) → overlap 3 bytes of 5
    const s = scoreText('中 ab', '中 cd', { unit: 'bytes' });
    close(s.bow, 3 / 5, 3 / 5, 3 / 5);
    const t = scoreText('中 ab', '中 cd');
    close(t.bow, 1 / 2, 1 / 2, 1 / 2);
  });

  it('punctuation-only and empty texts count as empty', () => {
    close(scoreText('', '').lcs, 1, 1, 1);
    close(scoreText('!!! ---', '...').bow, 1, 1, 1);
    close(scoreText('---', 'some words').lcs, 0, 0, 0);
    close(scoreText('some words', '').bow, 0, 0, 0);
    close(scoreText('', 'x').bow, 0, 0, 0);
  });

  it('is insensitive to case, punctuation and line breaks', () => {
    close(scoreText('Hello\nWORLD', 'hello, world.').lcs, 1, 1, 1);
  });
});

describe('utf8Length', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['中', 3],
    ['😀', 4],
  ])('%j → %i bytes', (s, n) => {
    expect(utf8Length(s)).toBe(n);
    expect(utf8Length(s)).toBe(Buffer.byteLength(s, 'utf8'));
  });
});

const words = fc.array(fc.constantFrom('a', 'b', 'c', 'dd', '中', '文', 'é'), { maxLength: 60 });

describe('metric properties', () => {
  it('P, R, F1 ∈ [0, 1] for both metrics and both units', () => {
    fc.assert(
      fc.property(words, words, (p, g) => {
        for (const prfValue of [lcsScore(p, g), bagOfWordsScore(p, g), bagOfWordsScore(p, g, 'bytes')]) {
          for (const v of [prfValue.precision, prfValue.recall, prfValue.f1]) {
            if (!(v >= 0 && v <= 1)) return false;
          }
        }
        return true;
      }),
    );
  });

  it('identical texts give P = R = F1 = 1', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const r = scoreText(s, s);
        return [r.lcs, r.bow].every((x) => x.precision === 1 && x.recall === 1 && x.f1 === 1);
      }),
    );
  });

  it('LCS length ≤ bag intersection, so LCS P and R ≤ bag-of-words P and R', () => {
    fc.assert(
      fc.property(words, words, (p, g) => {
        const pair = internPair(p, g);
        const k = lcsLength(pair.a, pair.b);
        const counts = new Map<string, number>();
        for (const t of p) counts.set(t, (counts.get(t) ?? 0) + 1);
        let bag = 0;
        for (const t of g) {
          const c = counts.get(t) ?? 0;
          if (c > 0) {
            bag++;
            counts.set(t, c - 1);
          }
        }
        const l = lcsScore(p, g);
        const b = bagOfWordsScore(p, g);
        return k <= bag && l.precision <= b.precision + 1e-12 && l.recall <= b.recall + 1e-12;
      }),
    );
  });

  it('is symmetric: swapping texts swaps P and R', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), (a, b) => {
        const x = scoreText(a, b);
        const y = scoreText(b, a);
        return x.lcs.precision === y.lcs.recall && x.bow.recall === y.bow.precision;
      }),
    );
  });

  it('tokenize is applied identically to both sides', () => {
    expect(tokenize('A-b')).toEqual(tokenize('a b'));
  });
});
