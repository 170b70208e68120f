/**
 * Where batch tasks run: a piscina pool of worker threads, or (with
 * `workers: 0`) the main thread.
 *
 * Worker file: the pool loads `worker.js` next to this module, i.e.
 * `dist/batch/worker.js` when running the compiled CLI. When this module runs
 * from TypeScript sources (vitest), there is no sibling `.js`, and the batch
 * runs in-process, as with `workers: 0` (a dist/ build could be stale), unless
 * `workerFile` names a compiled worker: test/batch/pool.test.ts compiles the
 * sources into .build/ and passes it; the CLI reads FARSW_BATCH_WORKER.
 *
 * Scheduling: two tasks per worker are handed to it (one running, one waiting
 * in the worker), so a worker goes straight on to its next page instead of
 * waiting for the main thread to answer.
 *
 * Page timeout: the clock starts when a worker starts the page (the worker
 * writes the start time into a shared table; see worker.ts) and a watchdog on
 * the main thread checks the table (every timeout/10 ms, between 5 ms and 1 s).
 * On timeout the watchdog terminates the thread running the page (its id is
 * in a second shared table) and piscina starts a new one; the page that was
 * waiting in that worker never started, and is sent again (so it is neither
 * charged for the wait nor lost).
 * In-process (`workers: 0`) a page cannot be interrupted: no timeout.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { BATCH_DEFAULTS } from '../core/defaults.js';
import { ConfigError } from '../core/errors.js';
import type { ExtractOptions } from '../api/extract.js';
import { runTask, type PageTask, type TaskResult } from './task.js';
import type { AdaptTable } from './adapt-model.js';
import { batchModelHeap } from './model-heap.js';
import type { BatchWorkerData, WorkerRequest } from './worker.js';
import type { UrlLike } from '../core/portable.js';

/** Runs tasks; `run` never rejects (failures are error results). */
export interface PageExecutor {
  /** How many tasks may run at once. */
  readonly concurrency: number;
  run(task: Exclude<PageTask, { kind: 'ping' }>): Promise<TaskResult>;
  close(): Promise<void>;
}

export interface ExecutorOptions {
  /** Worker threads; 0 runs in-process. */
  readonly workers: number;
  /** Passed to `extract()` with every page. */
  readonly extract: ExtractOptions;
  /** Milliseconds (workers ≥ 1 only); 0 or Infinity = no limit. */
  readonly pageTimeoutMs: number;
  /** Largest page (bytes) a worker is given: its heap is sized for it (default BATCH_DEFAULTS.maxBytes). */
  readonly maxBytes?: number;
  /** Old-generation cap of each worker thread (MiB) instead of the one sized for `maxBytes` and the models: a task past it kills its worker. */
  readonly heapMb?: number;
  /** Override the compiled worker module (tests, embedders). */
  readonly workerFile?: string | UrlLike;
  /** `--adapt`'s second pass: each host's model, given to every worker once. */
  readonly adapt?: AdaptTable;
  /** Benchmarks only: workers read each record and answer without extracting (task.ts). */
  readonly noop?: boolean;
}

/** The compiled worker next to this module, or undefined when running from TypeScript sources. */
export function defaultWorkerFile(): UrlLike | undefined {
  const sibling = new URL('./worker.js', import.meta.url);
  return existsSync(fileURLToPath(sibling)) ? sibling : undefined;
}

function idOf(task: PageTask): { url?: string } {
  return task.kind === 'page' && task.url !== undefined ? { url: task.url } : {};
}

/**
 * Tasks handed to each worker: one running and one waiting in the worker's own
 * queue, so a worker goes on to its next page without waiting for the main
 * thread (with 1, workers sat idle 15–25 % of the time in CPU profiles).
 */
const TASKS_PER_WORKER = 2;
/** A page that was waiting on a worker killed for another page's timeout is sent again, at most this often. */
const MAX_RESENDS = 2;

/** Old-generation cap of a worker (MiB): room for the largest page it may be given (BATCH_DEFAULTS.workerHeapPerPageByte); the models' need is added to it. */
export function workerHeapMb(maxBytes: number | undefined): number {
  const page = Math.min(maxBytes ?? BATCH_DEFAULTS.maxBytes, BATCH_DEFAULTS.maxPageBytes);
  return Math.max(BATCH_DEFAULTS.workerOldGenerationMb, Math.ceil((page * BATCH_DEFAULTS.workerHeapPerPageByte) / (1024 * 1024)));
}

/** Old-generation cap of each worker (MiB): `heapMb`, else room for the largest page plus what the run's models need (model-heap.ts). */
export function executorHeapMb(opts: Pick<ExecutorOptions, 'heapMb' | 'maxBytes' | 'extract'>): number {
  if (opts.heapMb !== undefined) return opts.heapMb;
  let models = 0;
  try {
    models = batchModelHeap(opts.extract).mb;
  } catch {
    // A model that cannot be read: each record says why.
  }
  return workerHeapMb(opts.maxBytes) + models;
}

/** Start the executor (for workers ≥ 1: every thread started and answering). */
export async function createExecutor(opts: ExecutorOptions): Promise<PageExecutor> {
  const options = opts.extract;
  const filename = opts.workerFile ?? defaultWorkerFile();
  if (opts.workers <= 0 || filename === undefined) {
    return {
      concurrency: 1,
      run: async (task) => runTask({ task, options, ...(opts.adapt ? { adapt: opts.adapt } : {}), ...(opts.noop === true ? { noop: true } : {}) }),
      close: async () => {},
    };
  }
  const path = typeof filename === 'string' ? filename : fileURLToPath(filename);
  if (!existsSync(path)) throw new ConfigError(`batch worker ${path} not found (build it with "npm run build", or use --workers 0)`);
  const concurrency = opts.workers * TASKS_PER_WORKER;
  // Start table: slot k holds the start time (epoch ms) of the task using it, 0 when none runs; and the thread running it.
  const startsBuffer = new SharedArrayBuffer(8 * concurrency);
  const starts = new Float64Array(startsBuffer);
  const threadsBuffer = new SharedArrayBuffer(4 * concurrency);
  const threads = new Int32Array(threadsBuffer);
  const freeSlots = Array.from({ length: concurrency }, (_, k) => concurrency - 1 - k);
  const workerData: BatchWorkerData = {
    starts: startsBuffer, threads: threadsBuffer, options, ...(opts.adapt ? { adapt: opts.adapt } : {}), ...(opts.noop === true ? { noop: true } : {}),
  };
  const pool = new Piscina<WorkerRequest, TaskResult>({
    filename: typeof filename === 'string' ? filename : filename.href,
    minThreads: opts.workers,
    maxThreads: opts.workers,
    idleTimeout: 2 ** 31 - 1,
    concurrentTasksPerWorker: TASKS_PER_WORKER,
    workerData,
    resourceLimits: { maxYoungGenerationSizeMb: BATCH_DEFAULTS.workerYoungGenerationMb, maxOldGenerationSizeMb: executorHeapMb(opts) },
  });
  // Piscina reports a worker's answer to a task already cancelled (Ctrl-C, a timeout) as an 'error' event;
  // with no listener that was an uncaught "Unexpected message from Worker" and a stack trace. The task's own
  // promise has settled already, so there is nothing to report.
  pool.on('error', () => {});
  await Promise.all(Array.from({ length: opts.workers }, () => pool.run({ task: { kind: 'ping' } })));
  const timeout = opts.pageTimeoutMs > 0 && Number.isFinite(opts.pageTimeoutMs) ? opts.pageTimeoutMs : 0;
  // Watchdog: terminate the thread running a task started more than `timeout` ms ago (piscina then fails every task
  // of that thread and starts a new one). Not piscina's abort signals: piscina never gives an abortable task to a
  // busy worker, so a worker would hold one task at a time and wait for the main thread between pages.
  const running = new Set<number>();
  const killed = new Set<number>();
  const watchdog = timeout
    ? setInterval(() => {
        const now = performance.timeOrigin + performance.now();
        for (const slot of running) {
          if (killed.has(slot) || !(starts[slot]! > 0 && now - starts[slot]! > timeout)) continue;
          const thread = pool.threads.find((t) => t.threadId === threads[slot]);
          if (!thread) continue;
          killed.add(slot);
          void thread.terminate();
        }
      }, Math.max(5, Math.min(1000, timeout / 10)))
    : undefined;
  watchdog?.unref();
  let closing: Promise<void> | undefined;
  return {
    concurrency,
    run: async (task) => {
      const slot = freeSlots.pop()!;
      try {
        for (let attempt = 0; ; attempt++) {
          starts[slot] = 0;
          killed.delete(slot);
          running.add(slot);
          try {
            // The page bytes are in a SharedArrayBuffer (sources.ts): the message carries a handle, and the bytes stay here for a resend.
            return await pool.run({ task, slot });
          } catch (e) {
            if (killed.has(slot)) return { ...idOf(task), error: `${task.where}: timed out after ${timeout} ms (worker replaced)` };
            // Never started: it was waiting on a worker that was killed for another page.
            if (starts[slot] === 0 && attempt < MAX_RESENDS) continue;
            return { ...idOf(task), error: `${task.where}: worker failed (${(e as Error).message})` };
          }
        }
      } finally {
        running.delete(slot);
        killed.delete(slot);
        starts[slot] = 0;
        freeSlots.push(slot);
      }
    },
    close: () => {
      if (watchdog) clearInterval(watchdog);
      closing ??= pool.destroy();
      return closing;
    },
  };
}
