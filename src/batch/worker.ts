/**
 * The piscina worker of batch runs: `runTask` on a worker thread. The pool
 * loads the compiled file (`dist/batch/worker.js`); see pool.ts.
 *
 * Before a page, the worker writes the time it starts it (ms since the epoch,
 * as `performance.timeOrigin + performance.now()`) into its slot of the
 * shared start table (`workerData.starts`), so the main thread's watchdog
 * measures --page-timeout from the start of the work, not from the moment the
 * page was queued. The extraction options come once, with the worker data,
 * not with every page.
 */
import { threadId } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ExtractOptions } from '../api/extract.js';
import { runTask, type PageTask, type TaskResult } from './task.js';
import type { AdaptTable } from './adapt-model.js';
import { keepModelsLean } from '../model-store/resolve.js';

// This thread only extracts: its models are kept without what only reports read (a worker's heap is sized for that).
keepModelsLean();

/** What the pool gives every worker once: the start table and the options for `extract()`. */
export interface BatchWorkerData {
  readonly starts: SharedArrayBuffer;
  /** Int32 per slot: the threadId running its task (the watchdog terminates that thread on a timeout). */
  readonly threads: SharedArrayBuffer;
  readonly options: ExtractOptions;
  /** `--adapt`'s second pass: each host's model. */
  readonly adapt?: AdaptTable;
  /** Benchmarks only: answer without extracting (task.ts). */
  readonly noop?: boolean;
}

/** One message per page: the task and its slot in the start table. */
export interface WorkerRequest {
  readonly task: PageTask;
  readonly slot?: number;
}

let data: { starts: Float64Array; threads: Int32Array; options: ExtractOptions; adapt?: AdaptTable; noop?: boolean } | undefined;

function workerState(): NonNullable<typeof data> {
  if (!data) {
    const wd = Piscina.workerData as BatchWorkerData;
    data = { starts: new Float64Array(wd.starts), threads: new Int32Array(wd.threads), options: wd.options, ...(wd.adapt ? { adapt: wd.adapt } : {}), ...(wd.noop === true ? { noop: true } : {}) };
  }
  return data;
}

/** Start the page clock of `slot` on this thread (the watchdog times the task from here; tests' workers call it too). */
export function startPageClock(slot: number): void {
  const d = workerState();
  d.threads[slot] = threadId;
  d.starts[slot] = performance.timeOrigin + performance.now();
}

/** Piscina calls the default export once per task. */
export default function work(request: WorkerRequest): TaskResult {
  const d = workerState();
  const slot = request.slot;
  if (slot !== undefined) startPageClock(slot);
  try {
    return runTask({ task: request.task, options: d.options, ...(d.adapt ? { adapt: d.adapt } : {}), ...(d.noop === true ? { noop: true } : {}) });
  } finally {
    if (slot !== undefined) d.starts[slot] = 0; // done: the watchdog no longer times it (its answer may still be on its way)
  }
}
