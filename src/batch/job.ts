/**
 * What produced a batch output: its inputs (path, size, modification time) and
 * the options that change its records. The `.done` marker records it, so a
 * rerun of the same job skips the finished output and a different job refuses
 * to reuse it (issue 21.6).
 */
import type { InputFile } from './sources.js';

/** A job as the marker records it (plain JSON). */
export interface BatchJob {
  readonly inputs: readonly { readonly path: string; readonly size?: number; readonly mtimeMs?: number }[];
  /** Options that change the output records (extractor, format, shard, limits…), as given. */
  readonly options: Readonly<Record<string, unknown>>;
}

/** The job of a run over `files` with `options` (undefined values dropped; a Model object reduced to its name). */
export function describeJob(files: readonly InputFile[], options: Readonly<Record<string, unknown>>): BatchJob {
  return {
    inputs: files.map((f) => ({ path: f.path, ...(f.size !== undefined ? { size: f.size } : {}), ...(f.mtimeMs !== undefined ? { mtimeMs: Math.round(f.mtimeMs) } : {}) })),
    options: JSON.parse(JSON.stringify(options, (k, v: unknown) => (k === 'model' && v !== null && typeof v === 'object' ? (v as { name?: unknown }).name : v))) as Record<string, unknown>,
  };
}

/**
 * How `found` (read from a marker) differs from `job`, in a few words; undefined when they are the same job.
 * A marker without a job (written by an older farsw) differs.
 */
export function jobDifference(found: unknown, job: BatchJob): string | undefined {
  const f = found as Partial<BatchJob> | undefined;
  if (!f || !Array.isArray(f.inputs) || typeof f.options !== 'object' || f.options === null) return 'the marker does not record its job';
  const before = new Map(f.inputs.map((i) => [i.path, i]));
  for (const i of job.inputs) {
    const b = before.get(i.path);
    if (!b) return `input ${i.path} is new`;
    if (b.size !== i.size || b.mtimeMs !== i.mtimeMs) return `input ${i.path} changed (size or modification time)`;
    before.delete(i.path);
  }
  const gone = before.keys().next();
  if (!gone.done) return `input ${gone.value} is no longer given`;
  const keys = new Set([...Object.keys(f.options), ...Object.keys(job.options)]);
  for (const k of [...keys].sort()) {
    const a = JSON.stringify(f.options[k]), b = JSON.stringify(job.options[k]);
    if (a !== b) return `option ${k} was ${a ?? 'unset'}, is ${b ?? 'unset'}`;
  }
  return undefined;
}
