/**
 * Exclusive ownership of a batch output for the life of a run: a second run on
 * the same output (an orphaned job-array task, a retry started while the old
 * process still runs) refuses with one line naming the file, or waits.
 *
 * The lock is a kernel record lock (POSIX fcntl) on an empty lock file beside
 * the output, taken through SQLite (better-sqlite3 is already a dependency;
 * Node has no flock): `BEGIN IMMEDIATE` holds SQLite's RESERVED byte until the
 * connection closes. The kernel drops the lock when the holder dies, however
 * it dies (SIGKILL, OOM kill), so there is no pid file to judge stale, no pid
 * reuse and no clock; on NFS the server's lock manager does the same.
 *
 * Protocol: open (creating) the file, lock it, then check that the path still
 * names the locked file (a holder unlinks the file, still locked, when it
 * releases; a waiter that locks the unlinked file retries on the new one).
 * Within one process a table of held files does what the kernel cannot
 * (POSIX locks belong to the process, and closing any descriptor of a file
 * drops them all).
 */
import Database from 'better-sqlite3';
import { closeSync, constants, fstatSync, openSync, readFileSync, statSync, unlinkSync, type Stats } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FarswError, InputError } from '../core/errors.js';
import type { AbortSignalLike } from '../core/portable.js';

/** Another run holds the lock (and the caller did not wait). */
export class OutputLockedError extends FarswError {
  override readonly code = 'OUTPUT_LOCKED';
}

/** A held lock; `release` is idempotent. */
export interface OutputLock {
  readonly file: string;
  release(): void;
}

export interface LockOptions {
  /** Wait until the holder ends instead of refusing (polls every `pollMs`, default 250). */
  readonly wait?: boolean;
  readonly pollMs?: number;
  /** Stops a wait: the promise rejects with the signal's reason. */
  readonly signal?: AbortSignalLike;
  /** What the lock protects, for messages (default: the lock file). */
  readonly subject?: string;
  /** Called once when a wait starts, with the holder's pid when it is known. */
  readonly onWait?: (holderPid: number | undefined) => void;
}

/** Lock files held by this process (resolved paths). */
const heldHere = new Set<string>();

type Attempt = { lock: OutputLock } | { busy: number | undefined } | { retry: true };

/** Take the lock on `file` (created if missing), or throw OutputLockedError naming `subject`. */
export async function acquireOutputLock(file: string, opts: LockOptions = {}): Promise<OutputLock> {
  const subject = opts.subject ?? file;
  let waiting = false;
  for (;;) {
    opts.signal?.throwIfAborted();
    const a = attempt(file);
    if ('lock' in a) return a.lock;
    if ('busy' in a) {
      if (!opts.wait) {
        const who = a.busy !== undefined ? `pid ${a.busy} holds` : 'a process holds';
        throw new OutputLockedError(`${subject} is being written by another run (${who} the lock ${file}); stop it, or pass --wait to wait for it`);
      }
      if (!waiting) opts.onWait?.(a.busy);
      waiting = true;
      await sleep(opts.pollMs ?? 250, undefined, opts.signal ? { signal: opts.signal } : {});
    }
  }
}

function attempt(file: string): Attempt {
  const key = resolve(file);
  if (heldHere.has(key)) return { busy: process.pid };
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW, 0o644);
  } catch (e) {
    throw new InputError(`${file}: cannot create the lock file (${(e as Error).message})`);
  }
  let db: Database.Database | undefined;
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) throw new InputError(`${file}: the lock file is not a regular file`);
    db = new Database(file, { timeout: 0 });
    db.pragma('journal_mode = MEMORY'); // the file stays empty: no -journal beside it
    try {
      db.prepare('BEGIN IMMEDIATE').run();
    } catch (e) {
      if ((e as { code?: string }).code !== 'SQLITE_BUSY') throw e;
      db.close();
      closeSync(fd);
      return { busy: lockHolder(opened) };
    }
    if (!sameFile(file, opened)) {
      db.close();
      closeSync(fd);
      return { retry: true };
    }
  } catch (e) {
    db?.close();
    closeSync(fd);
    if (e instanceof FarswError) throw e;
    throw new InputError(`${file}: cannot lock (${(e as Error).message})`);
  }
  heldHere.add(key);
  const held = db;
  let released = false;
  return {
    lock: {
      file,
      release() {
        if (released) return;
        released = true;
        try { unlinkSync(file); } catch { /* gone already: nothing to tidy */ }
        held.close(); // ends the transaction: the kernel lock goes with it
        closeSync(fd); // only now: closing any descriptor of the file drops the process's locks on it
        heldHere.delete(key);
      },
    },
  };
}

function sameFile(path: string, st: Stats): boolean {
  try {
    const now = statSync(path);
    return now.ino === st.ino && now.dev === st.dev;
  } catch {
    return false;
  }
}

/** The pid holding a POSIX lock on the file, from /proc/locks (Linux; undefined elsewhere or for a lock held on another NFS client). */
function lockHolder(st: Stats): number | undefined {
  let table: string;
  try {
    table = readFileSync('/proc/locks', 'latin1');
  } catch {
    return undefined;
  }
  const dev = Number(st.dev);
  const major = ((dev >>> 8) & 0xfff).toString(16).padStart(2, '0');
  const minor = ((dev & 0xff) | ((dev >>> 12) & 0xfff00)).toString(16).padStart(2, '0');
  const where = `${major}:${minor}:${st.ino}`;
  for (const line of table.split('\n')) {
    const f = line.trim().split(/\s+/);
    // "1: POSIX  ADVISORY  WRITE 7238 fe:00:2147374 1073741825 1073741825"
    if (f[1] === 'POSIX' && f[3] === 'WRITE' && f[5] === where) return Number(f[4]);
  }
  return undefined;
}
