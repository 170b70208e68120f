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
import { constants as fsConstants, createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { access, lstat, mkdir, open, readFile, readlink, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';
import { InputError } from '../core/errors.js';
import { acquireOutputLock, type LockOptions, type OutputLock } from './lock.js';
import { fnv1a32 } from './shard.js';
import { jobDifference, type BatchJob } from './job.js';
import type { Renditions } from '../api/formats.js';

/** One line of batch output. */
export type OutputRecord = {
  readonly id?: string;
  readonly url?: string;
  /** URL inputs: the URL the page was read from, after redirects (`url` is the one asked for). */
  readonly finalUrl?: string;
  readonly warc_record_id?: string;
} & ((Renditions & { readonly text: string; readonly model?: string; readonly modelReason?: string; readonly ms: number; readonly error?: undefined; readonly metadata?: object }) | { readonly error: string });

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
  readonly marker?: string | undefined;
  /** The file it finally writes (after check(); a link's target), if it writes one: run.ts refuses it as an input. */
  readonly file?: string | undefined;
  /** Check the output path (a directory where a file is wanted, a parent that is a file) before any input is read. */
  check?(): Promise<void>;
  /**
   * Check markers and partial output; call once before `write`. With `resume`, a partial output is continued only when
   * the job it records (`NAME.partial.job`) is `resume.job`: another is refused naming the difference, or with `force`
   * started over; the job is recorded beside a new partial output.
   */
  open(resume?: { readonly job: BatchJob; readonly force: boolean }): Promise<SinkState>;
  /** What is wrong with the finished output its `.done` marker (`found`) describes; undefined when it is all there. */
  verify?(found: Readonly<Record<string, unknown>>): Promise<string | undefined>;
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

/** A write error as one line: what happened to which file, and that the partial output stays for a resume. */
function writeError(file: string, e: unknown): InputError {
  const err = e as NodeJS.ErrnoException;
  const why = err.code === 'ENOSPC' ? 'no space left on device'
    : err.code === 'EDQUOT' ? 'disk quota exceeded'
      : err.code === 'EROFS' ? 'read-only file system'
        : err.code === 'EACCES' || err.code === 'EPERM' ? 'permission denied'
          : err.code === 'EISDIR' ? 'is a directory'
            : err.code === 'ELOOP' ? 'is a symbolic link (not followed)'
              : err.message ?? String(e);
  return new InputError(`${file}: cannot write (${why})`, { cause: e });
}

/**
 * A directory that cannot be made, as one line naming it and why: a parent that is a file, or the nearest existing
 * ancestor on a read-only file system or not writable (a recursive mkdir says only ENOENT for a missing parent it
 * could not make).
 */
async function mkdirError(dir: string, e: NodeJS.ErrnoException, file?: string): Promise<InputError> {
  const what = file === undefined ? `${dir}: cannot create` : `${file}: cannot write`;
  if (e.code === 'ENOTDIR' || e.code === 'EEXIST') return new InputError(`${what}: a parent of it is not a directory`, { cause: e });
  let up = resolve(dir);
  while (dirname(up) !== up && !(await stat(up).then(() => true, () => false))) up = dirname(up);
  const code = await access(up, fsConstants.W_OK).then(() => e.code, (a: NodeJS.ErrnoException) => a.code);
  const why = code === 'EROFS' ? `${up} is on a read-only file system` : code === 'EACCES' || code === 'EPERM' ? `${up} is not writable (permission denied)` : e.message;
  return new InputError(`${what} (${why})`, { cause: e });
}

/** Make `dir` and its missing parents (for `file`, named in a failure's one line: mkdirError). */
async function makeDir(dir: string, file?: string): Promise<void> {
  await mkdir(dir, { recursive: true }).catch(async (e: NodeJS.ErrnoException) => { throw await mkdirError(dir, e, file); });
}

/**
 * A file a command writes whole (`eval --json`, `--pages`, `explain --svg`, `--html`): its missing parent
 * directories are made, as for `--output`; a failure is one line in words naming the file.
 */
export async function writeWholeFile(path: string, content: string): Promise<void> {
  await makeDir(dirname(resolve(path)), path);
  try {
    await writeFile(path, content);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR' || code === 'EEXIST') throw new InputError(`${path}: cannot write: a parent of it is not a directory`, { cause: e });
    throw writeError(path, e);
  }
}

/** Open flags of files farsw creates beside the output: never through a symbolic link planted there. */
const CREATE = fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC | fsConstants.O_NOFOLLOW;
const APPEND = fsConstants.O_WRONLY | fsConstants.O_APPEND | fsConstants.O_NOFOLLOW;

/** Write a small file (a marker) without following a symbolic link at its name. */
async function writeSmall(path: string, text: string): Promise<void> {
  const fh = await open(path, CREATE, 0o644).catch((e: unknown) => { throw writeError(path, e); });
  try {
    await fh.writeFile(text).catch((e: unknown) => { throw writeError(path, e); });
  } finally {
    await fh.close();
  }
}

/**
 * Where `--output PATH` really goes, checked before any input is read:
 * - a regular file, or a name not yet taken: written as PATH.partial and renamed;
 * - a symbolic link: the same, next to its target (the link stays a link);
 * - a device, FIFO or socket (/dev/null, /dev/stdout): written directly, no partial, rename or marker;
 * - a directory, or a parent that is not a directory: an InputError naming it.
 */
export async function resolveOutputPath(path: string): Promise<{ path: string; special: boolean }> {
  let target = path;
  for (let hops = 0; ; hops++) {
    const st = await lstat(target).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return undefined;
      if (e.code === 'ENOTDIR') throw new InputError(`${path}: cannot write: a parent of it is not a directory`);
      throw writeError(path, e);
    });
    if (st === undefined) break;
    if (st.isSymbolicLink()) {
      if (hops >= 32) throw new InputError(`${path}: cannot write: too many symbolic links`);
      target = resolve(dirname(target), await readlink(target));
      continue;
    }
    if (st.isDirectory()) throw new InputError(`${path}: is a directory; --output needs a file name (or use --out-dir)`);
    if (!st.isFile()) return { path: target, special: true };
    break;
  }
  const parent = dirname(target);
  const pst = await stat(parent).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    if (e.code === 'ENOTDIR') throw new InputError(`${path}: cannot write: a parent of it is not a directory`);
    throw writeError(parent, e);
  });
  if (pst === undefined) await makeDir(parent, path);
  else if (!pst.isDirectory()) throw new InputError(`${path}: cannot write: ${parent} is not a directory`);
  return { path: target, special: false };
}

/**
 * JSON Lines to a file (gzip when the name ends in .gz), via NAME.partial and NAME.done,
 * owned through NAME.lock (see resolveOutputPath for links and special files). Lines are
 * written in batches of about 1 MiB. A write error (a full disk) is one InputError naming
 * the file; the partial output stays for a resume and no marker is written.
 */
export function jsonlFileSink(path: string, opts: { resumable: boolean; lock?: Omit<LockOptions, 'subject'> }): OutputSink {
  let out = path, partial = `${path}.partial`, marker = `${path}.done`;
  let special = false;
  let lock: OutputLock | undefined;
  const gzip = /\.gz$/i.test(path);
  let file: WriteStream | undefined;
  let gz: Gzip | undefined;
  let finished: Promise<void> | undefined;
  let failure: unknown;
  const target = (): NodeJS.WritableStream => gz ?? file!;
  const failed = (): void => { if (failure !== undefined) throw writeError(special ? out : partial, failure); };
  // Lines are written in batches of ≥ WRITE_BATCH characters: one write (and one zlib call) per record
  // cost the main thread more than the records themselves (CPU profile of a 2-worker run).
  let batch: string[] = [];
  let batched = 0;
  const flush = async (): Promise<void> => {
    failed();
    if (batch.length === 0) return;
    const text = batch.join('');
    batch = [];
    batched = 0;
    await writeLine(target(), text).catch((e: unknown) => { failure ??= e; });
    failed();
  };
  const close = async (): Promise<void> => {
    await flush();
    target().end();
    await finished;
    failed();
  };
  let resolved = false;
  const check = async (): Promise<void> => {
    if (resolved) return;
    const where = await resolveOutputPath(path);
    out = where.path;
    special = where.special;
    partial = `${out}.partial`;
    marker = `${out}.done`;
    resolved = true;
  };
  return {
    // Where the marker goes once the path is resolved (a link's target); none for a device.
    get marker() { return special ? undefined : marker; },
    get file() { return special ? undefined : out; },
    check,
    async open(resume) {
      await check();
      // A device or FIFO is written directly: no lock, no partial, no marker.
      if (!special) {
        lock = await lockUnlessDone(`${out}.lock`, marker, { ...opts.lock, subject: partial });
        if (!lock) return { done: true, kept: 0, keptFailed: 0 };
      }
      let kept = 0, keptFailed = 0;
      const jobFile = `${partial}.job`;
      try {
        if (!special && opts.resumable && !gzip && (await exists(partial))) {
          // The interrupted run's job: another job's records are not this one's first records.
          const diff = resume ? jobDifference(await readJson(jobFile), resume.job, 'partial output') : undefined;
          if (diff !== undefined && !resume!.force) {
            throw new InputError(`${partial}: an interrupted run of another job is there (${diff}); --force starts over, or write to another --output`);
          }
          if (diff === undefined) {
            const scan = await scanPartial(partial);
            await truncate(partial, scan.end).catch((e: unknown) => { throw writeError(partial, e); });
            kept = scan.lines;
            keptFailed = scan.failed;
          }
        }
        if (!special && resume && kept === 0) await writeSmall(jobFile, JSON.stringify(resume.job) + '\n');
        const name = special ? out : partial;
        const fh = await open(name, special ? 'w' : kept > 0 ? APPEND : CREATE, 0o644).catch((e: unknown) => { throw writeError(name, e); });
        file = createWriteStream(name, { fd: fh });
        file.on('error', (e) => { failure ??= e; });
      } catch (e) {
        lock?.release();
        throw e;
      }
      if (gzip) {
        gz = createGzip();
        gz.on('error', (e) => { failure ??= e; });
        finished = pipeline(gz, file).catch((e: unknown) => { failure ??= e; });
      } else {
        const f = file;
        finished = new Promise<void>((resolve) => { f.once('finish', () => resolve()); f.once('error', () => resolve()); });
      }
      return { done: false, kept, keptFailed };
    },
    async write(rec) {
      failed();
      const line = JSON.stringify(rec) + '\n';
      batch.push(line);
      batched += line.length;
      if (batched >= WRITE_BATCH) await flush();
    },
    async commit(summary) {
      try {
        await close();
        if (special) return;
        // The marker is written aside first: a full disk then fails before the rename, with the partial kept.
        // It records the output's size, checked before a rerun trusts it.
        const bytes = (await stat(partial)).size;
        await writeSmall(`${marker}.partial`, JSON.stringify({ ...summary, bytes }) + '\n');
        await rename(partial, out).catch((e: unknown) => { throw writeError(out, e); });
        await rename(`${marker}.partial`, marker).catch((e: unknown) => { throw writeError(marker, e); });
        await rm(`${partial}.job`, { force: true });
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
    async verify(found) {
      const st = await stat(out).catch(() => undefined);
      if (!st?.isFile()) return `${out} is gone`;
      if (typeof found['bytes'] === 'number') return st.size === found['bytes'] ? undefined : `${out} has ${st.size} bytes, the marker says ${found['bytes']}`;
      // A marker of an older farsw: an output of records is not empty.
      return st.size === 0 && typeof found['records'] === 'number' && found['records'] > 0 ? `${out} is empty, the marker says ${found['records']} records` : undefined;
    },
  };
}

/** A small JSON file, or undefined when it is missing or not JSON. */
async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const UNSAFE = /[^A-Za-z0-9._-]+/g;

/** How --out-dir writes a page: its file extension and its content from the record (api/formats.ts OutputFormat). */
export interface PageFileFormat {
  readonly extension: string;
  readonly file: (record: { readonly text: string; readonly metadata?: object } & Renditions) => string;
}

/** A record id that is an input file's path (a page file's extension): its base name without the extension is the page's name. */
const PAGE_FILE = /(?:^|[\\/])([^\\/]+?)(?:\.(?:s?html?|xhtml|php|aspx?|jsp|warc))?(?:\.gz)?$/i;
const PAGE_EXTENSION = /\.(?:s?html?|xhtml|php|aspx?|jsp|warc)(?:\.gz)?$|\.gz$/i;

/**
 * File name of a page in --out-dir: a readable slug of its record id (an input file's base name without its extension,
 * not its whole path) or URL, and a hash of the whole key that keeps names unique (shards may share the directory).
 */
export function textFileName(key: string, extension = '.txt'): string {
  const named = !/^[a-z]+:\/\//i.test(key) && PAGE_EXTENSION.test(key) ? PAGE_FILE.exec(key)?.[1] ?? key : key;
  const slug = named.replace(/^[a-z]+:\/\//i, '').replace(UNSAFE, '_').replace(/^[._]+/, '').slice(0, 100);
  return `${slug || 'page'}-${fnv1a32(key).toString(16).padStart(8, '0')}${extension}`;
}

/**
 * One file per page in `dir` (`.txt`, or the extension of `format`; written as .partial and renamed); error records
 * go to `onError`. The marker is `dir/.done` (`dir/.done-<shard>` for a share).
 * A rerun skips a finished share; an unfinished one is redone (files are overwritten).
 * Names are unique per record within a run: a second record with the same id or URL,
 * or another key whose name collides on the hash, gets `-2`, `-3`, … before `.txt`
 * (in input order, so a rerun names them the same), never another record's file.
 */
export function textDirSink(dir: string, opts: { markerName: string; onError: (rec: OutputRecord) => void; lock?: Omit<LockOptions, 'subject'>; format?: PageFileFormat }): OutputSink {
  const extension = opts.format?.extension ?? '.txt';
  const body = opts.format?.file ?? ((rec: { readonly text: string }) => rec.text + (rec.text ? '\n' : ''));
  const marker = join(dir, opts.markerName);
  // The files this share wrote, with their sizes: the marker's list (`.done.files`), checked before a rerun trusts it.
  const fileList = `${marker}.files`;
  const written: string[] = [];
  let lock: OutputLock | undefined;
  const used = new Set<string>();
  const check = async (): Promise<void> => {
    const st = await stat(dir).catch(() => undefined);
    if (st && !st.isDirectory()) throw new InputError(`${dir}: is not a directory; --out-dir needs a directory`);
  };
  return {
    marker,
    check,
    async open() {
      await check();
      const st = await stat(dir).catch(() => undefined);
      if (!st) await makeDir(dir);
      lock = await lockUnlessDone(join(dir, opts.markerName.replace(/^\.done/, '.lock')), marker, { ...opts.lock, subject: dir });
      return lock ? { done: false, kept: 0, keptFailed: 0 } : { done: true, kept: 0, keptFailed: 0 };
    },
    async write(rec) {
      if (rec.error !== undefined) return opts.onError(rec);
      let base = textFileName(rec.id ?? rec.url ?? rec.warc_record_id ?? 'page', extension);
      if (used.has(base)) {
        const stem = base.slice(0, -extension.length);
        let k = 2;
        while (used.has(`${stem}-${k}${extension}`)) k++;
        base = `${stem}-${k}${extension}`;
      }
      used.add(base);
      const name = join(dir, base);
      const content = body(rec);
      const fh = await open(`${name}.partial`, CREATE, 0o644).catch((e: unknown) => { throw writeError(`${name}.partial`, e); });
      try {
        await fh.writeFile(content).catch((e: unknown) => { throw writeError(`${name}.partial`, e); });
      } finally {
        await fh.close();
      }
      // Never replace anything but a regular file of ours.
      const old = await lstat(name).catch(() => undefined);
      if (old && !old.isFile()) throw new InputError(`${name}: exists and is not a regular file; not replaced`);
      await rename(`${name}.partial`, name).catch((e: unknown) => { throw writeError(name, e); });
      written.push(`${base}\t${Buffer.byteLength(content)}`);
    },
    async commit(summary) {
      try {
        await writeSmall(fileList, written.join('\n') + (written.length > 0 ? '\n' : ''));
        await writeSmall(marker, JSON.stringify({ ...summary, files: written.length }) + '\n');
      } finally {
        lock?.release();
      }
    },
    abandon: async () => { lock?.release(); },
    async verify(found) {
      if (typeof found['files'] !== 'number') return undefined; // a marker of an older farsw lists no files
      const list = await readFile(fileList, 'utf8').catch(() => undefined);
      if (list === undefined) return `${fileList}, the list of its files, is gone`;
      const lines = list.split('\n').filter((l) => l !== '');
      let missing = 0, changed = 0, first: string | undefined;
      for (const l of lines) {
        const [name, size] = l.split('\t') as [string, string];
        const st = await stat(join(dir, name)).catch(() => undefined);
        if (!st) missing++;
        else if (st.size !== Number(size)) changed++;
        else continue;
        first ??= name;
      }
      if (missing + changed === 0 && lines.length === found['files']) return undefined;
      return `${missing} of its ${lines.length} files missing, ${changed} changed (${first ?? 'the list is short'})`;
    },
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
