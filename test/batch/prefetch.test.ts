import { describe, it, expect } from 'vitest';
import { prefetch } from '../../src/batch/prefetch.js';

describe('prefetch', () => {
  it('yields every item in order and reads at most `size` ahead', async () => {
    let read = 0;
    const source = (async function* () { for (let i = 0; i < 20; i++) { read++; yield i; } })();
    const out: number[] = [];
    for await (const x of prefetch(source, 4)) {
      out.push(x);
      expect(read - out.length).toBeLessThanOrEqual(4);
    }
    expect(out).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('rethrows a source error after the items before it', async () => {
    const source = (async function* () { yield 1; yield 2; throw new Error('cut'); })();
    const out: number[] = [];
    await expect((async () => { for await (const x of prefetch(source, 3)) out.push(x); })()).rejects.toThrow('cut');
    expect(out).toEqual([1, 2]);
  });

  it('stops the source when the consumer stops', async () => {
    let closed = false;
    const source = (async function* () { try { for (let i = 0; ; i++) yield i; } finally { closed = true; } })();
    for await (const x of prefetch(source, 2)) if (x === 3) break;
    expect(closed).toBe(true);
  });
});
