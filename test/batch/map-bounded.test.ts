import { describe, it, expect } from 'vitest';
import { mapBounded } from '../../src/batch/map-bounded.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('mapBounded', () => {
  it('keeps input order when later items finish first, with at most `concurrency` calls in flight', async () => {
    let inFlight = 0, peak = 0;
    const delays = [30, 1, 20, 1, 1, 15, 1, 1];
    const out: number[] = [];
    const source = (async function* () { yield* delays.keys(); })();
    for await (const r of mapBounded(source, async (i) => {
      inFlight++; peak = Math.max(peak, inFlight);
      await sleep(delays[i]!);
      inFlight--;
      return i;
    }, { concurrency: 3, window: 6, ordered: true })) out.push(r);
    expect(out).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });

  it('never reads more than `window` items ahead of the consumer (backpressure)', async () => {
    let read = 0;
    const source = (async function* () { for (let i = 0; i < 1000; i++) { read++; yield i; } })();
    const gen = mapBounded(source, async (i) => i, { concurrency: 2, window: 8, ordered: true });
    for (let k = 0; k < 5; k++) await gen.next();
    expect(read).toBeLessThanOrEqual(5 + 8);
    await gen.return(undefined);
  });

  it('unordered yields as results finish', async () => {
    const delays = [40, 1, 1];
    const out: number[] = [];
    for await (const r of mapBounded((async function* () { yield* delays.keys(); })(), async (i) => { await sleep(delays[i]!); return i; }, { concurrency: 3, window: 3, ordered: false })) out.push(r);
    expect(out[2]).toBe(0);
    expect([...out].sort()).toEqual([0, 1, 2]);
  });

  it('yields the started results, then rethrows a source error', async () => {
    const out: number[] = [];
    const source = (async function* () { yield 1; yield 2; throw new Error('disk gone'); })();
    await expect((async () => { for await (const r of mapBounded(source, async (i) => i, { concurrency: 2, window: 4, ordered: true })) out.push(r); })()).rejects.toThrow('disk gone');
    expect(out).toEqual([1, 2]);
  });
});
