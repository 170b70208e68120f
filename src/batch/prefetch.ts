/**
 * Read ahead of an async stream: keep up to `size` items requested, so the
 * consumer finds the next item ready instead of waiting for the source (file
 * reads and gunzip run off the main thread, and a page waits for them
 * otherwise while a worker sits idle). Memory grows by at most `size` items.
 */

/**
 * Yield the items of `source` in order, with up to `size` of them requested
 * ahead. An error of the source is rethrown where it occurs in the order.
 */
export async function* prefetch<T>(source: AsyncIterable<T>, size: number): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  const pending: Promise<IteratorResult<T>>[] = [];
  const request = (): void => {
    const p = it.next();
    p.catch(() => {}); // rethrown when its turn comes; never an unhandled rejection
    pending.push(p);
  };
  let finished = false;
  try {
    for (;;) {
      while (pending.length < Math.max(1, size)) request();
      const step = await pending.shift()!;
      if (step.done) { finished = true; return; }
      yield step.value;
    }
  } finally {
    if (!finished) await it.return?.();
  }
}
