/**
 * Read-only connections to a model store file (internal: its types are better-sqlite3's,
 * which the package's public types must not reach).
 */
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';

/** SQLite error codes of a read-only open that cannot set up its files (a WAL store in a read-only directory). */
const CANNOT_READ_IN_PLACE = /^SQLITE_(CANTOPEN|READONLY)/;

/** Snapshot directories still open; removed at process exit too, for connections nobody closes (a cached resolver). */
const SNAPSHOTS = new Set<string>();
let exitHook = false;

/**
 * A read-only connection to `path`. Normally the file itself. A snapshot copy in a temporary
 * directory, removed at close (or at process exit), when reading in place would create files
 * beside the store: a store in WAL mode (an older farsw wrote it; SQLite makes -wal and -shm for
 * any reader, and a read-only one cannot remove them), or one SQLite cannot read in place at all
 * (a hot journal in a directory the user cannot write).
 */
export function openReadOnly(path: string): { db: Database.Database; close: () => void } {
  if (!isWalFile(path)) {
    const direct = new Database(path, { readonly: true, fileMustExist: true });
    try {
      direct.prepare('SELECT count(*) FROM sqlite_master').get();
      return { db: direct, close: () => direct.close() };
    } catch (e) {
      direct.close();
      if (!CANNOT_READ_IN_PLACE.test(String((e as { code?: unknown }).code))) throw e;
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'farsw-store-'));
  const remove = (): void => {
    SNAPSHOTS.delete(dir);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const copy = join(dir, basename(path));
    copyFileSync(path, copy);
    for (const side of ['-wal', '-journal']) if (existsSync(path + side)) copyFileSync(path + side, copy + side);
    const db = new Database(copy, { readonly: false, fileMustExist: true }); // a private copy: recovering its journal is harmless
    SNAPSHOTS.add(dir);
    if (!exitHook) {
      exitHook = true;
      process.once('exit', () => { for (const d of SNAPSHOTS) rmSync(d, { recursive: true, force: true }); });
    }
    return { db, close: () => { db.close(); remove(); } };
  } catch (e) {
    remove();
    throw e;
  }
}

/** Is `path` a SQLite database in WAL mode? (Header bytes 18–19, the file format read/write versions, are 2 for WAL.) */
function isWalFile(path: string): boolean {
  const header = Buffer.alloc(20);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false; // the open below reports it
  }
  try {
    return readSync(fd, header, 0, 20, 0) === 20 && header.toString('latin1', 0, 15) === 'SQLite format 3' && header[18] === 2 && header[19] === 2;
  } finally {
    closeSync(fd);
  }
}
