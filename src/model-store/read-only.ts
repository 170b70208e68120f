/**
 * Read-only connections to a model store file (internal: its types are better-sqlite3's,
 * which the package's public types must not reach).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';

/** SQLite error codes of a read-only open that cannot set up its files (a WAL store in a read-only directory). */
const CANNOT_READ_IN_PLACE = /^SQLITE_(CANTOPEN|READONLY)/;

/**
 * A read-only connection to `path`. Normally the file itself; when SQLite cannot read it in
 * place (a store in WAL mode, or with a hot journal, in a directory the user cannot write:
 * SQLite must create -shm there), a snapshot copy in a temporary directory, removed at close.
 */
export function openReadOnly(path: string): { db: Database.Database; close: () => void } {
  const direct = new Database(path, { readonly: true, fileMustExist: true });
  try {
    direct.prepare('SELECT count(*) FROM sqlite_master').get();
    return { db: direct, close: () => direct.close() };
  } catch (e) {
    direct.close();
    if (!CANNOT_READ_IN_PLACE.test(String((e as { code?: unknown }).code))) throw e;
  }
  const dir = mkdtempSync(join(tmpdir(), 'farsw-store-'));
  const copy = join(dir, basename(path));
  try {
    copyFileSync(path, copy);
    for (const side of ['-wal', '-journal']) if (existsSync(path + side)) copyFileSync(path + side, copy + side);
    const db = new Database(copy, { readonly: false, fileMustExist: true }); // a private copy: recovering its journal is harmless
    return { db, close: () => { db.close(); rmSync(dir, { recursive: true, force: true }); } };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

