/**
 * Bounded concurrent map over an async stream: the scheduler of batch runs.
 *
 * At most `concurrency` calls of `fn` run at once, and at most `window` items
 * are between "read" and "yielded" (running or finished but held back for
 * ordering). The source is pulled only when both bounds allow, so memory is
 * bounded by `window` items whatever the input size (backpressure), and a
 * consumer that stops pulling (a slow disk) stops the reading too.
 */

export interface MapBoundedOptions {
  /** Calls of `fn` in flight (≥ 1). */
  readonly concurrency: number;
  /** Items read but not yet yielded (≥ concurrency). */
  readonly window: number;
  /** Yield in input order (true) or as results finish (false). */
  readonly ordered: boolean;
}

/**
 * Yield `fn(item)` for every item of `source`, in input order when `ordered`.
 * `fn` must not reject (turn failures into values). An exception of the
 * source ends the iteration after the results already started are yielded.
 */
export async function* mapBounded<T, R>(
  source: AsyncIterable<T>,
  fn: (item: T) => Promise<R>,
  opts: MapBoundedOptions,
): AsyncGenerator<R> {
  const concurrency = Math.max(1, opts.concurrency);
  const window = Math.max(concurrency, opts.window);
  const it = source[Symbol.asyncIterator]();
  const ready = new Map<number, R>();
  let read = 0, yielded = 0, running = 0, nextOrdered = 0;
  let exhausted = false;
  let sourceError: unknown;
  let wake: (() => void) | undefined;
  try {
    for (;;) {
      while (!exhausted && running < concurrency && read - yielded < window) {
        let step: IteratorResult<T>;
        try {
          step = await it.next();
        } catch (e) {
          sourceError = e;
          exhausted = true;
          break;
        }
        if (step.done) {
          exhausted = true;
          break;
        }
        const seq = read++;
        running++;
        void fn(step.value).then((r) => {
          running--;
          ready.set(seq, r);
          wake?.();
        });
      }
      if (opts.ordered) {
        while (ready.has(nextOrdered)) {
          const r = ready.get(nextOrdered)!;
          ready.delete(nextOrdered++);
          yielded++;
          yield r;
        }
      } else {
        for (const [seq, r] of ready) {
          ready.delete(seq);
          yielded++;
          yield r;
        }
      }
      if (!exhausted && running < concurrency && read - yielded < window) continue;
      if (opts.ordered ? ready.has(nextOrdered) : ready.size > 0) continue;
      if (running === 0) break; // source exhausted and everything yielded
      await new Promise<void>((resolve) => { wake = resolve; });
      wake = undefined;
    }
  } finally {
    if (!exhausted) await it.return?.();
  }
  if (sourceError !== undefined) throw sourceError;
}
