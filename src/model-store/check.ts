/**
 * `farsw models check`: verify a model store file without changing it.
 *   1. SQLite's own `PRAGMA integrity_check` (pages, indexes, b-trees);
 *   2. it is a farsw store (`application_id`) at the schema version this farsw reads;
 *   3. every model version (current and kept previous ones) loads and validates:
 *      `validateModel` plus the row checks of `SqliteModelStore.load`.
 * Opened read-only (a snapshot copy when SQLite cannot read it in place, see openReadOnly).
 */
import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { ModelNotFoundError } from '../core/errors.js';
import { SCHEMA_VERSION, STORE_APPLICATION_ID } from './schema.js';
import { openReadOnly } from './read-only.js';
import { openModelStore, refuseDirectory } from './sqlite.js';

/** Result for one stored model. */
export interface ModelCheck {
  readonly name: string;
  readonly version: number;
  readonly active: boolean;
  /** null when the model loads and validates, else why not. */
  readonly problem: string | null;
}

/** Result of checking a store. */
export interface StoreCheck {
  readonly path: string;
  /** `integrity_check` findings; empty when SQLite reports "ok". */
  readonly integrity: readonly string[];
  readonly schemaVersion: number | null;
  readonly expectedSchemaVersion: number;
  /** Store-level problems (not a SQLite file, not a farsw store, newer schema). */
  readonly problems: readonly string[];
  readonly models: readonly ModelCheck[];
  /** True when nothing is wrong. */
  readonly ok: boolean;
}

/**
 * Check a store file (see the module comment).
 * @param path store file
 * @returns what was found; never throws for a damaged store (that is the point)
 * @throws ModelNotFoundError when there is no file at `path`
 */
export function checkModelStore(path: string): StoreCheck {
  if (!existsSync(path)) throw new ModelNotFoundError(`no model store at ${path}`);
  refuseDirectory(path);
  const problems: string[] = [];
  let integrity: string[] = [];
  let schemaVersion: number | null = null;
  const rows: { name: string; version: number; active: number }[] = [];
  let db: Database.Database | undefined;
  let closeDb: (() => void) | undefined;
  try {
    const ro = openReadOnly(path);
    db = ro.db;
    closeDb = ro.close;
    try {
      const found = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
      integrity = found.length === 1 && found[0] === 'ok' ? [] : found;
    } catch (e) {
      integrity = [`integrity_check failed: ${(e as Error).message}`];
    }
    schemaVersion = db.pragma('user_version', { simple: true }) as number;
    const appId = db.pragma('application_id', { simple: true }) as number;
    if (appId !== STORE_APPLICATION_ID) problems.push(`not a farsw model store (application_id ${appId}, expected ${STORE_APPLICATION_ID})`);
    else if (schemaVersion > SCHEMA_VERSION) problems.push(`schema version ${schemaVersion} is newer than this farsw reads (${SCHEMA_VERSION}); upgrade farsw`);
    else if (schemaVersion < SCHEMA_VERSION) problems.push(`schema version ${schemaVersion} is older than ${SCHEMA_VERSION}; a writing command (farsw train, models import) migrates it`);
    else rows.push(...(db.prepare('SELECT name, version, active FROM models ORDER BY name, version').all() as typeof rows));
  } catch (e) {
    problems.push(`cannot read the file as SQLite: ${(e as Error).message}`);
    if (db === undefined) integrity = ['not checked (the file cannot be opened)'];
  } finally {
    closeDb?.();
  }
  const models: ModelCheck[] = [];
  if (rows.length > 0) {
    const store = openModelStore(path, { readonly: true });
    try {
      for (const r of rows) {
        let problem: string | null = null;
        // Every version, the kept previous ones too: `models rollback` lands on those.
        try {
          if (r.active === 1) store.load(r.name);
          else store.loadVersion(r.name, r.version);
        } catch (e) { problem = (e as Error).message; }
        models.push({ name: r.name, version: r.version, active: r.active === 1, problem });
      }
    } finally {
      store.close();
    }
  }
  const ok = integrity.length === 0 && problems.length === 0 && models.every((m) => m.problem === null);
  return { path, integrity, schemaVersion, expectedSchemaVersion: SCHEMA_VERSION, problems, models, ok };
}
