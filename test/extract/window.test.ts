import { describe, it, expect } from 'vitest';
import { slidingWindow, scoreBlocks, selectInformative, blocksToMask, maskToBlocks } from '../../src/extract/window.js';

const mask = (n: number, on: number[]) => Uint8Array.from({ length: n }, (_, i) => (on.includes(i) ? 1 : 0));

describe('slidingWindow (FAR-SW Step 7)', () => {
  it('joins topical lines at most Φ apart and pads one line on each side', () => {
    // topical 3..5 and 9 (gap of 3 non-topical lines ≤ Φ − 1 = 4) → one block; 20 is isolated
    const blocks = slidingWindow(mask(30, [3, 4, 5, 9, 20]), 5);
    expect(blocks.map((b) => [b.start, b.end])).toEqual([[2, 11], [19, 22]]);
  });
  it('Φ = 0 makes every topical line its own block; padding 0 drops the neighbours', () => {
    expect(slidingWindow(mask(10, [2, 3, 7]), 0, 0).map((b) => [b.start, b.end])).toEqual([[2, 3], [3, 4], [7, 8]]);
  });
  it('clips padding to the page and merges blocks whose padding overlaps', () => {
    expect(slidingWindow(mask(5, [0, 4]), 1).map((b) => [b.start, b.end])).toEqual([[0, 2], [3, 5]]);
    expect(slidingWindow(mask(6, [1, 4]), 2).map((b) => [b.start, b.end])).toEqual([[0, 3], [3, 6]]); // touching, kept apart
    expect(slidingWindow(mask(6, [1, 3]), 1).map((b) => [b.start, b.end])).toEqual([[0, 5]]); // overlapping, merged
  });
});

describe('block scores and selection (FAR-SW §3.5)', () => {
  it('reproduces the paper\'s Block 2: (1.67 + 0.15 + 0.19) / 3 = 0.67', () => {
    const [b] = scoreBlocks([{ start: 0, end: 3, score: 0 }], [0.15, 1.67, 0.19]);
    expect(b!.score).toBeCloseTo(0.67, 2);
  });
  it('keeps blocks above β in page order, else the best one (fallback)', () => {
    const blocks = [{ start: 0, end: 2, score: 1.6 }, { start: 5, end: 6, score: 0.2 }, { start: 8, end: 9, score: 1.9 }];
    expect(selectInformative(blocks, 1.5)).toEqual({ blocks: [blocks[0], blocks[2]], fallback: false });
    expect(selectInformative(blocks, 2)).toEqual({ blocks: [blocks[2]], fallback: true });
    expect(selectInformative([], 1.5)).toEqual({ blocks: [], fallback: false });
  });
  it('with the fallback off (the paper), keeps nothing when no block passes β', () => {
    const blocks = [{ start: 0, end: 2, score: 1.2 }, { start: 5, end: 6, score: 0.2 }];
    expect(selectInformative(blocks, 1.5, false)).toEqual({ blocks: [], fallback: true });
    expect(selectInformative([{ start: 0, end: 2, score: 1.6 }], 1.5, false).blocks).toHaveLength(1);
  });
  it('reproduces the paper\'s Block 3: (0.28 + 1.55 + 0.33) / 3 = 0.72', () => {
    expect(scoreBlocks([{ start: 0, end: 3, score: 0 }], [0.28, 1.55, 0.33])[0]!.score).toBeCloseTo(0.72, 2);
  });
  it('blocks and masks convert both ways', () => {
    const m = mask(8, [1, 2, 5]);
    expect(Array.from(blocksToMask(maskToBlocks(m), 8))).toEqual(Array.from(m));
  });
});
