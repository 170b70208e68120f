/**
 * `farsw serve --stdio`: a long-lived worker for callers in other languages (integrations/python). One JSON request a
 * line in, one JSON answer a line out, in the order of the requests:
 *
 *   {"id": "a", "html": "<html>…", "url"?: "https://…", "options"?: {"format": "markdown", …}}   (or "html_b64": bytes)
 *   {"id": "a", "text": "…", "model": "default", "modelReason": "…", "ms": 4.1}                  (apply --input's record)
 *   {"id": "a", "error": "line 1: options.phi: expected an integer ≥ 1, found 0"}
 *
 * Requests go through the batch pool (pool.ts): each is parsed and extracted on a worker thread (the model loads once
 * per thread), a page over --page-timeout or over the thread's heap cap becomes an error answer and its thread is
 * replaced. At most `maxPending` requests are read and not yet answered: with that many in hand, standard input is
 * not read (backpressure), and a caller that does not read the answers stops the reading too. At the end of the
 * input the requests in hand are answered and `serve` resolves.
 */
import { BATCH_DEFAULTS } from '../core/defaults.js';
import { flagsToOptions, type ApplyFlags } from '../api/flag-options.js';
import type { OutputRecord } from './output.js';
import { createExecutor } from './pool.js';
import { recordOf } from './run.js';
import { requestId } from './serve-request.js';
import { skipLimit, splitLines } from './sources.js';
import type { UrlLike } from '../core/portable.js';

export interface ServeConfig {
  /** The request stream (standard input). */
  readonly input: AsyncIterable<Buffer>;
  /** Write one answer line; a promise while the reader is behind. */
  readonly write: (line: string) => void | Promise<void>;
  /** `apply`'s extraction flags the worker starts with; a request's `options` are laid over them. */
  readonly flags: ApplyFlags;
  /** Worker threads (default 1; 0: in the main thread, no time or memory bound). */
  readonly workers?: number;
  /** Milliseconds a page may take from the moment a thread starts it (0: no limit). */
  readonly pageTimeoutMs?: number;
  /** Longest request line in bytes: a longer one is answered with an error, unread. */
  readonly maxBytes?: number;
  /** Old-generation cap of each thread (MiB); default sized for `maxBytes` as `apply`'s workers are. */
  readonly heapMb?: number;
  /** Requests read and not yet answered, at most (≥ 1). */
  readonly maxPending?: number;
  /** The compiled worker module (tests). */
  readonly workerFile?: string | UrlLike;
}

export interface ServeSummary {
  /** Requests answered, and how many of those with an error. */
  requests: number;
  failed: number;
  /** Wall-clock seconds from the start to the last answer. */
  seconds: number;
}

export const SERVE_DEFAULTS = Object.freeze({
  workers: 1,
  /** Two per thread keep a thread busy while the main thread answers (pool.ts); more only buffers. */
  maxPending: 16,
});

/** One request line of the input, or why it cannot be read. */
type Line = { readonly n: number; readonly bytes: Uint8Array; readonly error?: undefined } | { readonly n: number; readonly error: string };

/** The request lines of `input`; blank lines are skipped, a line over `maxBytes` is an error and not kept. */
async function* requestLines(input: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<Line> {
  for await (const l of splitLines(input, maxBytes, skipLimit(maxBytes))) {
    if (l.cut) { yield { n: l.line, error: `line ${l.line}: no line end within ${l.size} bytes; the rest of the input is skipped` }; return; }
    if (l.bytes === undefined) { yield { n: l.line, error: `line ${l.line}: request of ${l.size} bytes exceeds --max-bytes ${maxBytes}` }; continue; }
    if (l.bytes.every((c) => c === 0x20 || c === 0x09)) continue;
    yield { n: l.line, bytes: l.bytes };
  }
}

/** Answer every request of `config.input` in order; resolves at the end of the input, once all are answered. */
export async function serve(config: ServeConfig): Promise<ServeSummary> {
  const t0 = performance.now();
  const maxBytes = Math.min(config.maxBytes ?? BATCH_DEFAULTS.maxBytes, BATCH_DEFAULTS.maxPageBytes);
  const maxPending = Math.max(1, config.maxPending ?? SERVE_DEFAULTS.maxPending);
  const flags: ApplyFlags = { ...config.flags, profile: false };
  const executor = await createExecutor({
    workers: config.workers ?? SERVE_DEFAULTS.workers, extract: flagsToOptions(flags), maxBytes,
    pageTimeoutMs: config.pageTimeoutMs ?? BATCH_DEFAULTS.pageTimeoutMs,
    ...(config.heapMb !== undefined ? { heapMb: config.heapMb } : {}),
    ...(config.workerFile !== undefined ? { workerFile: config.workerFile } : {}),
  });
  const summary: ServeSummary = { requests: 0, failed: 0, seconds: 0 };
  const answer = async (line: Line): Promise<OutputRecord> => {
    if (line.error !== undefined) return { error: line.error };
    const result = await executor.run({ kind: 'request', line: line.bytes, where: `line ${line.n}`, flags });
    // A timed-out or dead thread's answer has no id: the main thread reads it from the line then, not for every page.
    const id = result.id ?? (result.error !== undefined ? requestId(line.bytes) : undefined);
    return recordOf(id !== undefined ? { id } : {}, result);
  };
  try {
    for await (const rec of answerInOrder(requestLines(config.input, maxBytes), answer, Math.min(executor.concurrency, maxPending), maxPending)) {
      summary.requests++;
      if (rec.error !== undefined) summary.failed++;
      await config.write(JSON.stringify(rec) + '\n');
    }
  } finally {
    await executor.close();
  }
  summary.seconds = (performance.now() - t0) / 1000;
  return summary;
}

/**
 * `fn` of each item, yielded in input order as soon as it is ready, with at most `concurrency` calls running and
 * `window` items read and not yet yielded. Unlike mapBounded (a batch reads its files ahead), waiting for the next
 * item never holds back an answer: a caller sends a request and waits for its answer before sending the next.
 */
async function* answerInOrder<T, R>(source: AsyncIterable<T>, fn: (item: T) => Promise<R>, concurrency: number, window: number): AsyncGenerator<R> {
  const it = source[Symbol.asyncIterator]();
  const pending: Promise<R>[] = [];
  let next: Promise<IteratorResult<T>> | undefined;
  let exhausted = false;
  let running = 0;
  const queued: (() => void)[] = [];
  const limited = async (item: T): Promise<R> => {
    if (running < concurrency) running++;
    else await new Promise<void>((resolve) => queued.push(resolve)); // the slot is handed over by the call that ends
    try {
      return await fn(item);
    } finally {
      const waiting = queued.shift();
      if (waiting) waiting();
      else running--;
    }
  };
  try {
    for (;;) {
      if (!exhausted && next === undefined && pending.length < window) next = it.next();
      const head = pending[0];
      if (head === undefined && next === undefined) break;
      const won = await Promise.race([
        ...(head ? [head.then((r) => ({ answer: r }))] : []),
        ...(next ? [next.then((step) => ({ step }))] : []),
      ]);
      if ('step' in won) {
        next = undefined;
        if (won.step.done) exhausted = true;
        else pending.push(limited(won.step.value));
      } else {
        pending.shift();
        yield won.answer;
      }
    }
  } finally {
    if (!exhausted) await it.return?.();
  }
}
