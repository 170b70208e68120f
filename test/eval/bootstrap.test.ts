import { describe, it, expect } from 'vitest';
import { pairedBootstrap } from '../../src/eval/bootstrap.js';

describe('pairedBootstrap', () => {
  it('gives a point interval when every page differs by the same amount', () => {
    const b = [0.2, 0.9, 0.5, 0.7];
    const r = pairedBootstrap(b.map((x) => x + 0.05), b);
    expect(r.mean).toBeCloseTo(0.05, 12);
    expect(r.low).toBeCloseTo(0.05, 12);
    expect(r.high).toBeCloseTo(0.05, 12);
    expect([r.wins, r.losses]).toEqual([4, 0]);
  });

  it('straddles 0 for a tie made of large wins and losses, and not for a consistent small lead', () => {
    const a = Array.from({ length: 200 }, (_, i) => (i % 2 ? 0.9 : 0.3));
    const b = Array.from({ length: 200 }, (_, i) => (i % 2 ? 0.3 : 0.9));
    const tie = pairedBootstrap(a, b);
    expect(tie.mean).toBeCloseTo(0, 12);
    expect(tie.low).toBeLessThan(0);
    expect(tie.high).toBeGreaterThan(0);
    expect([tie.wins, tie.losses]).toEqual([100, 100]);
    // 0.02 ahead on 150 pages, 0.01 behind on 50: mean 0.0125, every resample mean > 0.
    const c = Array.from({ length: 200 }, (_, i) => 0.5 + (i % 4 ? 0.02 : -0.01));
    const lead = pairedBootstrap(c, Array(200).fill(0.5));
    expect(lead.mean).toBeCloseTo(0.0125, 12);
    expect(lead.low).toBeGreaterThan(0);
    expect(lead.high).toBeLessThanOrEqual(0.02);
  });

  it('is reproducible from its seed and refuses unpaired input', () => {
    const a = [0.1, 0.8, 0.4, 0.9, 0.3], b = [0.2, 0.5, 0.6, 0.7, 0.1];
    expect(pairedBootstrap(a, b)).toEqual(pairedBootstrap(a, b));
    expect(pairedBootstrap(a, b, { seed: 2 }).low).not.toBe(pairedBootstrap(a, b, { seed: 1 }).low);
    expect(() => pairedBootstrap(a, b.slice(1))).toThrow(RangeError);
    expect(() => pairedBootstrap([], [])).toThrow(RangeError);
  });
});
