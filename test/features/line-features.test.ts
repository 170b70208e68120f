import { describe, it, expect } from 'vitest';
import type { LineTable } from '../../src/core/types.js';
import { computeLineFeatures } from '../../src/features/line-features.js';

/** A hand-built table: only the columns the features read matter. */
function table(rows: { content: number; code: number; links: number; images: number }[]): LineTable {
  const n = rows.length;
  const u = (f: (r: (typeof rows)[number]) => number) => Uint32Array.from(rows.map(f));
  return {
    count: n, start: new Uint32Array(n), end: new Uint32Array(n),
    contentChars: u((r) => r.content), contentBytes: u((r) => r.content),
    codeChars: u((r) => r.code), codeBytes: u((r) => r.code), linkNormCodeChars: u((r) => r.code),
    asciiBytes: new Uint32Array(n), nonAsciiBytes: new Uint32Array(n),
    links: u((r) => r.links), anchorBytes: new Uint32Array(n), images: u((r) => r.images),
    block: new Uint8Array(n), path: new Uint32Array(n), context: new Uint8Array(n), text: rows.map(() => 'x'), lineText: () => 'x',
  };
}

describe('computeLineFeatures', () => {
  const t = table([
    { content: 170, code: 28, links: 0, images: 0 }, // the paper's §3.2 example line: B 198, C 170, D 0.86
    { content: 10, code: 90, links: 2, images: 1 },
    { content: 0, code: 0, links: 0, images: 0 },
  ]);

  it('raw: index, bytes, density, counts', () => {
    const f = computeLineFeatures(t, 'raw');
    expect(f.names).toEqual(['Index', 'TextLength', 'OutputTextLength', 'Density', 'LinkNum', 'ImgNum']);
    expect(Array.from(f.columns[0]!)).toEqual([1, 2, 3]);
    expect(Array.from(f.columns[1]!)).toEqual([198, 100, 0]);
    expect(Array.from(f.columns[2]!)).toEqual([170, 10, 0]);
    expect(f.columns[3]![0]).toBeCloseTo(0.8586, 4);
    expect(f.columns[3]![1]).toBeCloseTo(0.1, 10);
    expect(f.columns[3]![2]).toBe(0);
    expect(Array.from(f.columns[4]!)).toEqual([0, 2, 0]);
    expect(Array.from(f.columns[5]!)).toEqual([0, 1, 0]);
  });

  it('normalized: every value in [0, 1], index i/N, others over the page maximum', () => {
    const f = computeLineFeatures(t, 'normalized');
    expect(Array.from(f.columns[0]!)).toEqual([1 / 3, 2 / 3, 1]);
    expect(Array.from(f.columns[1]!)).toEqual([1, 100 / 198, 0]);
    expect(Array.from(f.columns[4]!)).toEqual([0, 1, 0]);
    for (const col of f.columns) for (const v of col) { expect(v).toBeGreaterThanOrEqual(0); expect(v).toBeLessThanOrEqual(1); }
  });
});
