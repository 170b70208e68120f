/**
 * The piscina worker of batch runs: `runTask` on a worker thread. The pool
 * loads the compiled file (`dist/batch/worker.js`), so batch runs with workers
 * need `npm run build` (the CLI runs from dist/ anyway); see pool.ts.
 */
import { runTask, type TaskRequest, type TaskResult } from './task.js';

/** Piscina calls the default export once per task. */
export default function work(request: TaskRequest): TaskResult {
  return runTask(request);
}
