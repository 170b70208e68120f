/**
 * The piscina worker of batch runs: `runTask` on a worker thread. The pool
 * loads the compiled file (`dist/batch/worker.js`); see pool.ts.
 *
 * Before a page, the worker writes the time it starts it (ms since the epoch,
 * as `performance.timeOrigin + performance.now()`) into its slot of the
 * shared start table (`workerData.starts`), so the main thread's watchdog
 * measures --page-timeout from the start of the work, not from the moment the
 * page was queued.
 */
import { Piscina } from 'piscina';
import { runTask, type TaskRequest, type TaskResult } from './task.js';

let starts: Float64Array | undefined;

/** Piscina calls the default export once per task. */
export default function work(request: TaskRequest & { readonly slot?: number }): TaskResult {
  if (request.slot !== undefined) {
    starts ??= new Float64Array((Piscina.workerData as { starts: SharedArrayBuffer }).starts);
    starts[request.slot] = performance.timeOrigin + performance.now();
  }
  return runTask(request);
}
