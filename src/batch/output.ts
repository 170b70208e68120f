/**
 * Where batch results go: JSON Lines (plain, or gzip when the name ends in
 * .gz) or one `.txt` per page in a directory, or stdout.
 *
 * Files are written to `NAME.partial` and renamed to NAME when the run ends,
 * then `NAME.done` (a JSON summary) is written: a rerun that finds the marker
 * skips the work. An interrupted plain, ordered JSON Lines run resumes: the
 * partial file is cut after its last complete line, its K lines are kept, and
 * the run skips the first K records of its share (the output is in input
 * order, so they are exactly those). Gzip or unordered output restarts the
 * share instead (a cut gzip stream cannot be appended to safely; unordered
 * lines are not a prefix).
 *
 * A file or directory sink owns its output for the life of the run: `open`
 * locks `NAME.lock` (`DIR/.lock[-SHARE]`) before it looks at the partial
 * output, so a second run on the same output refuses or waits (lock.ts); the
 * lock goes at `commit` or `abandon`.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { access, mkdir, rename, truncate, writeFile, open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';
import { InputError } from '../core/errors.js';
import { acquireOutputLock, type LockOptions, type OutputLock } from './lock.js';
import { fnv1a32 } from './shard.js';

/** One line of batch output. */
export type OutputRecord = {
  readonly id?: string;
  readonly url?: string;
  readonly warc_record_id?: string;
} & ({ readonly text: string; readonly model?: string; readonly modelReason?: string; readonly ms: number; readonly error?: undefined } | { readonly error: string });

/** What a sink found before the run: work already done, or lines to keep. */
export interface SinkState {
  /** The `.done` marker exists: nothing to do. */
  readonly done: boolean;
  /** Records already in the output (resume): the run skips this many. */
  readonly kept: number;
  /** How many of the kept records are error records. */
  readonly keptFailed: number;
}

export interface OutputSink {
  /** The `.done` marker this sink writes, if any (run.ts compares the job it records). */
  readonly marker?: string;
  /** Check markers and partial output; call once before `write`. */
  open(): Promise<SinkState>;
  write(rec: OutputRecord): Promise<void>;
  /** Flush, rename into place and write the `.done` marker holding `summary`. */
  commit(summary: object): Promise<void>;
  /** Flush and stop, keeping the partial output for a later resume. */
  abandon(): Promise<void>;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(() => true, () => false);
}

async function writeLine(w: NodeJS.WritableStream, s: string): Promise<void> {
  if (!w.write(s)) await once(w as never, 'drain');
}

/** Count complete lines of a partial output and the offset after the last one; error lines counted too. */
async function scanPartial(path: string): Promise<{ lines: number; failed: number; end: number }> {
  let lines = 0, failed = 0, end = 0, offset = 0;
  let carry: Buffer = Buffer.alloc(0);
  for await (const c of createReadStream(path)) {
    const buf = carry.length ? Buffer.concat([carry, c as Buffer]) : (c as Buffer);
    let start = 0;
    for (let nl = buf.indexOf(0x0a, start); nl >= 0; nl = buf.indexOf(0x0a, start)) {
      const line = buf.subarray(start, nl);
      lines++;
      if (line.includes('"error":')) {
        try {
          if (typeof (JSON.parse(line.toString('utf8')) as { error?: unknown }).error === 'string') failed++;
        } catch { /* a line we wrote is JSON; ignore otherwise */ }
      }
      start = nl + 1;
      end = offset + start;
    }
    offset += start;
    carry = buf.subarray(start);
  }
  return { lines, failed, end };
}

/**
 * Lock `file` for a sink unless `marker` exists (before or after a wait: the run
 * waited for may have finished the share). Undefined: the marker is there.
 */
async function lockUnlessDone(file: string, marker: string, opts: LockOptions): Promise<OutputLock | undefined> {
  if (await exists(marker)) return undefined;
  await mkdir(dirname(file), { recursive: true }).catch((e: Error) => { throw new InputError(`${dirname(file)}: cannot create (${e.message})`); });
  const lock = await acquireOutputLock(file, opts);
  if (!(await exists(marker))) return lock;
  lock.release();
  return undefined;
}

/** Characters of output gathered before one write to the file. */
const WRITE_BATCH = 1 << 20;

/** JSON Lines to a file (gzip when the name ends in .gz), via NAME.partial and NAME.done, owned through NAME.lock. Lines are written in batches of about 1 MiB. */
export function jsonlFileSink(path: string, opts: { resumable: boolean; lock?: Omit<LockOptions, 'subject'> }): OutputSink {
  const partial = `${path}.partial`, marker = `${path}.done`;
  let lock: OutputLock | undefined;
  const gzip = /\.gz$/i.test(path);
  let file: WriteStream | undefined;
  let gz: Gzip | undefined;
  let finished: Promise<void> | undefined;
  const target = (): NodeJS.WritableStream => gz ?? file!;
  // Lines are written in batches of ≥ WRITE_BATCH characters: one write (and one zlib call) per record
  // cost the main thread more than the records themselves (CPU profile of a 2-worker run).
  let batch: string[] = [];
  let batched = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const text = batch.join('');
    batch = [];
    batched = 0;
    await writeLine(target(), text);
  };
  const close = async (): Promise<void> => {
    await flush();
    target().end();
    await finished;
  };
  return {
    marker,
    async open() {
      lock = await lockUnlessDone(`${path}.lock`, marker, { ...opts.lock, subject: partial });
      if (!lock) return { done: true, kept: 0, keptFailed: 0 };
      let kept = 0, keptFailed = 0;
      try {
        if (opts.resumable && !gzip && (await exists(partial))) {
          const scan = await scanPartial(partial);
          await truncate(partial, scan.end);
          kept = scan.lines;
          keptFailed = scan.failed;
        }
        file = createWriteStream(partial, { flags: kept > 0 ? 'a' : 'w' });
        await once(file, 'open').catch((e: Error) => { throw new InputError(`${partial}: cannot write (${e.message})`); });
      } catch (e) {
        lock.release();
        throw e;
      }
      if (gzip) {
        gz = createGzip();
        finished = pipeline(gz, file);
      } else {
        const f = file;
        finished = new Promise<void>((resolve, reject) => { f.once('finish', () => resolve()); f.once('error', reject); });
      }
      return { done: false, kept, keptFailed };
    },
    async write(rec) {
      const line = JSON.stringify(rec) + '\n';
      batch.push(line);
      batched += line.length;
      if (batched >= WRITE_BATCH) await flush();
    },
    async commit(summary) {
      try {
        await close();
        await rename(partial, path);
        await writeFile(marker, JSON.stringify(summary) + '\n');
      } finally {
        lock?.release();
      }
    },
    async abandon() {
      try {
        if (file) await close();
      } finally {
        lock?.release();
      }
    },
  };
}

const UNSAFE = /[^A-Za-z0-9._-]+/g;

/** File name of a page's text in --out-dir: a readable slug of its id or URL and a hash that keeps names unique. */
export function textFileName(key: string): string {
  const slug = key.replace(/^[a-z]+:\/\//i, '').replace(UNSAFE, '_').replace(/^[._]+/, '').slice(0, 100);
  return `${slug || 'page'}-${fnv1a32(key).toString(16).padStart(8, '0')}.txt`;
}

/**
 * One `.txt` per page in `dir` (written as .partial and renamed); error records
 * go to `onError`. The marker is `dir/.done` (`dir/.done-<shard>` for a share).
 * A rerun skips a finished share; an unfinished one is redone (files are overwritten).
 */
export function textDirSink(dir: string, opts: { markerName: string; onError: (rec: OutputRecord) => void; lock?: Omit<LockOptions, 'subject'> }): OutputSink {
  const marker = join(dir, opts.markerName);
  let lock: OutputLock | undefined;
  return {
    marker,
    async open() {
      lock = await lockUnlessDone(join(dir, opts.markerName.replace(/^\.done/, '.lock')), marker, { ...opts.lock, subject: dir });
      return lock ? { done: false, kept: 0, keptFailed: 0 } : { done: true, kept: 0, keptFailed: 0 };
    },
    async write(rec) {
      if (rec.error !== undefined) return opts.onError(rec);
      const name = join(dir, textFileName(rec.url ?? rec.id ?? rec.warc_record_id ?? 'page'));
      const fh = await open(`${name}.partial`, 'w');
      try {
        await fh.writeFile(rec.text + (rec.text ? '\n' : ''));
      } finally {
        await fh.close();
      }
      await rename(`${name}.partial`, name);
    },
    async commit(summary) {
      try {
        await writeFile(marker, JSON.stringify(summary) + '\n');
      } finally {
        lock?.release();
      }
    },
    abandon: async () => { lock?.release(); },
  };
}

/** JSON Lines to a callback (the CLI's stdout): no markers, no resume. */
export function streamSink(write: (s: string) => void | Promise<void>): OutputSink {
  return {
    open: async () => ({ done: false, kept: 0, keptFailed: 0 }),
    write: async (rec) => { await write(JSON.stringify(rec) + '\n'); },
    commit: async () => {},
    abandon: async () => {},
  };
}
