/**
 * What produced a batch output: its inputs (path, size, modification time, and a hash of the first and last bytes of
 * the first files) and the options that change its records. The `.done` marker records it, so a rerun of the same job
 * skips the finished output and a different job refuses to reuse it (issue 21.6); so does the `.partial.job` beside an
 * interrupted output, so a resume continues only the job it was (issue 36.1).
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { InputFile } from './sources.js';

/** One input as a job records it. */
export interface JobInput {
  readonly path: string;
  readonly size?: number;
  readonly mtimeMs?: number;
  /** sha1 of the file's first and last HASH_BYTES bytes (an input rewritten in place with its size and time kept). */
  readonly hash?: string;
}

/** A job as the marker records it (plain JSON). */
export interface BatchJob {
  readonly inputs: readonly JobInput[];
  /** Options that change the output records (extractor, format, shard, limits…), as given. */
  readonly options: Readonly<Record<string, unknown>>;
}

/** Bytes hashed at each end of an input file; inputs hashed (a directory of a million files is not read twice). */
const HASH_BYTES = 64 * 1024;
const HASHED_FILES = 1000;

/** sha1 of a file's first and last HASH_BYTES bytes; undefined when it cannot be read (the run reports that). */
async function edgeHash(path: string, size: number): Promise<string | undefined> {
  const fh = await open(path, 'r').catch(() => undefined);
  if (!fh) return undefined;
  try {
    const h = createHash('sha1');
    const head = Buffer.alloc(Math.min(size, HASH_BYTES));
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    h.update(head.subarray(0, bytesRead));
    if (size > HASH_BYTES) {
      const tail = Buffer.alloc(Math.min(size - HASH_BYTES, HASH_BYTES));
      const t = await fh.read(tail, 0, tail.length, size - tail.length);
      h.update(tail.subarray(0, t.bytesRead));
    }
    return h.digest('hex');
  } catch {
    return undefined;
  } finally {
    await fh.close();
  }
}

/** The job of a run over `files` with `options` (undefined values dropped; a Model object reduced to its name). */
export async function describeJob(files: readonly InputFile[], options: Readonly<Record<string, unknown>>): Promise<BatchJob> {
  const inputs: JobInput[] = [];
  for (const [k, f] of files.entries()) {
    const hash = k < HASHED_FILES && f.size !== undefined && f.error === undefined ? await edgeHash(f.path, f.size) : undefined;
    inputs.push({
      path: f.path, ...(f.size !== undefined ? { size: f.size } : {}), ...(f.mtimeMs !== undefined ? { mtimeMs: Math.round(f.mtimeMs) } : {}),
      ...(hash !== undefined ? { hash } : {}),
    });
  }
  return {
    inputs,
    options: JSON.parse(JSON.stringify(options, (k, v: unknown) => (k === 'model' && v !== null && typeof v === 'object' ? (v as { name?: unknown }).name : v))) as Record<string, unknown>,
  };
}

/**
 * How `found` (read from a marker or a partial output's job file) differs from `job`, in a few words; undefined when
 * they are the same job. One without a job (written by an older farsw) differs.
 * @param what what `found` was read from, for the message ('marker', 'partial output')
 */
export function jobDifference(found: unknown, job: BatchJob, what = 'marker'): string | undefined {
  const f = found as Partial<BatchJob> | undefined;
  if (!f || !Array.isArray(f.inputs) || typeof f.options !== 'object' || f.options === null) return `the ${what} does not record its job`;
  const before = new Map(f.inputs.map((i) => [i.path, i]));
  for (const i of job.inputs) {
    const b = before.get(i.path);
    if (!b) return `input ${i.path} is new`;
    if (b.size !== i.size) return `input ${i.path} changed (size ${b.size ?? '?'} → ${i.size ?? '?'} bytes)`;
    if (b.mtimeMs !== i.mtimeMs) return `input ${i.path} changed (modified since)`;
    if (b.hash !== undefined && i.hash !== undefined && b.hash !== i.hash) return `input ${i.path} changed (rewritten in place: same size and time, other bytes)`;
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
