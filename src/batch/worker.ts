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
import { Piscina } from 'piscina';
import type { ExtractOptions } from '../api/extract.js';
import { runTask, type PageTask, type TaskResult } from './task.js';
import type { AdaptTable } from './adapt-model.js';

/** What the pool gives every worker once: the start table and the options for `extract()`. */
export interface BatchWorkerData {
  readonly starts: SharedArrayBuffer;
  readonly options: ExtractOptions;
  /** `--adapt`'s second pass: each host's model. */
  readonly adapt?: AdaptTable;
}

/** One message per page: the task and its slot in the start table. */
export interface WorkerRequest {
  readonly task: PageTask;
  readonly slot?: number;
}

let data: { starts: Float64Array; options: ExtractOptions; adapt?: AdaptTable } | undefined;

/** Piscina calls the default export once per task. */
export default function work(request: WorkerRequest): TaskResult {
  if (!data) {
    const wd = Piscina.workerData as BatchWorkerData;
    data = { starts: new Float64Array(wd.starts), options: wd.options, ...(wd.adapt ? { adapt: wd.adapt } : {}) };
  }
  if (request.slot !== undefined) data.starts[request.slot] = performance.timeOrigin + performance.now();
  return runTask({ task: request.task, options: data.options, ...(data.adapt ? { adapt: data.adapt } : {}) });
}
