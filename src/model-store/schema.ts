/**
 * Schema of the SQLite model store and its migrations. The schema version is
 * `PRAGMA user_version`; `PRAGMA application_id` marks the file as a farsw store.
 * A migration runs in one transaction with the version bump, so a store is
 * always at some whole version.
 */

import type Database from 'better-sqlite3';
import { ModelFormatError } from '../core/errors.js';

/** `PRAGMA application_id` of farsw stores: ASCII "FRSW". */
export const STORE_APPLICATION_ID = 0x46525357;

/** One schema step: SQL taking the store from `version − 1` to `version`. */
export interface Migration {
  readonly version: number;
  readonly sql: string;
}

/** Every migration, in order. Append, never edit: stores in the field were written with these. */
export const MIGRATIONS: readonly Migration[] = Object.freeze([
  {
    version: 1,
    sql: `
CREATE TABLE models (
  id              INTEGER PRIMARY KEY,
  name            TEXT    NOT NULL,
  version         INTEGER NOT NULL,
  active          INTEGER NOT NULL CHECK (active IN (0, 1)),
  site            TEXT,
  created_at      TEXT    NOT NULL,
  farsw_version   TEXT    NOT NULL,
  format_version  INTEGER NOT NULL,
  feature_set     TEXT    NOT NULL,
  feature_variant TEXT    NOT NULL,
  params_json     TEXT    NOT NULL,
  fingerprint     TEXT    NOT NULL,
  pages           INTEGER NOT NULL,
  lines           INTEGER NOT NULL,
  topical_lines   INTEGER NOT NULL,
  UNIQUE (name, version)
);
CREATE UNIQUE INDEX models_one_active ON models (name) WHERE active = 1;
CREATE TABLE membership (
  model_id INTEGER NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  feature  INTEGER NOT NULL,
  name     TEXT    NOT NULL,
  shape    TEXT    NOT NULL CHECK (shape IN ('three', 'two')),
  min      REAL    NOT NULL,
  mean     REAL    NOT NULL,
  max      REAL    NOT NULL,
  PRIMARY KEY (model_id, feature)
);
CREATE TABLE frequent_regions (
  model_id INTEGER NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  feature  INTEGER NOT NULL,
  region   INTEGER NOT NULL,
  count    REAL    NOT NULL,
  PRIMARY KEY (model_id, feature)
);
CREATE TABLE itemsets (
  model_id INTEGER NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  level    INTEGER NOT NULL,
  ord      INTEGER NOT NULL,
  items    TEXT    NOT NULL,
  support  REAL    NOT NULL CHECK (support BETWEEN 0 AND 1),
  PRIMARY KEY (model_id, level, ord)
);
CREATE TABLE rules (
  model_id   INTEGER NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  ord        INTEGER NOT NULL,
  items      TEXT    NOT NULL,
  support    REAL    NOT NULL CHECK (support BETWEEN 0 AND 1),
  confidence REAL    NOT NULL CHECK (confidence BETWEEN 0 AND 1),
  fp_rate    REAL    NOT NULL CHECK (fp_rate BETWEEN 0 AND 1),
  PRIMARY KEY (model_id, ord)
);
CREATE TABLE training_reports (
  model_id    INTEGER PRIMARY KEY REFERENCES models (id) ON DELETE CASCADE,
  report_json TEXT NOT NULL
);
`,
  },
  {
    // Template (boilerplate) line keys, structural-path and class/id-word statistics of a model (train/templates.ts).
    version: 2,
    sql: `
CREATE TABLE template_lines (
  model_id INTEGER NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  key      INTEGER NOT NULL,
  PRIMARY KEY (model_id, key)
) WITHOUT ROWID;
CREATE TABLE path_stats (
  model_id    INTEGER NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  key         INTEGER NOT NULL,
  topical     INTEGER NOT NULL,
  non_topical INTEGER NOT NULL,
  PRIMARY KEY (model_id, key)
) WITHOUT ROWID;
CREATE TABLE token_stats (
  model_id    INTEGER NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  key         INTEGER NOT NULL,
  topical     INTEGER NOT NULL,
  non_topical INTEGER NOT NULL,
  PRIMARY KEY (model_id, key)
) WITHOUT ROWID;
`,
  },
  {
    // Model.templateMaxChars: the longest training line carrying a template key (NULL: older models, no bound).
    version: 3,
    sql: `ALTER TABLE models ADD COLUMN template_max_chars INTEGER;`,
  },
  {
    // Model.evidence: the evidence rules (issue 17) as one JSON value, read back through validateModel.
    version: 4,
    sql: `
CREATE TABLE evidence (
  model_id      INTEGER PRIMARY KEY REFERENCES models (id) ON DELETE CASCADE,
  evidence_json TEXT NOT NULL
);
`,
  },
  {
    // Model.topicalSlots: the structural slots of a site model's article lines (issue 18.2).
    version: 5,
    sql: `
CREATE TABLE topical_slots (
  model_id INTEGER NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  key      INTEGER NOT NULL,
  PRIMARY KEY (model_id, key)
) WITHOUT ROWID;
`,
  },
  {
    // Model.pageType: the page-type classifier (issue 35) as one JSON value, read back through validateModel.
    version: 6,
    sql: `
CREATE TABLE page_type (
  model_id       INTEGER PRIMARY KEY REFERENCES models (id) ON DELETE CASCADE,
  page_type_json TEXT NOT NULL
);
`,
  },
]);

/** Schema version this farsw writes. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/**
 * Check a store's schema version and bring it up to date.
 * - empty database (no tables, version 0): create the schema;
 * - older version: run the missing migrations, each in one transaction (refused when read-only);
 * - newer version, or a database that is not a farsw store: refuse.
 * @param db open database
 * @param path file name for messages
 * @param readonly whether the store was opened read-only
 * @param migrations migration list (tests pass their own)
 * @throws ModelFormatError with what was found and what to do
 */
export function migrate(db: Database.Database, path: string, readonly: boolean, migrations: readonly Migration[] = MIGRATIONS): void {
  const { current, latest } = inspectStore(db, path, readonly, migrations);
  if (current === latest || readonly) return;
  for (const m of migrations) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`application_id = ${STORE_APPLICATION_ID}`);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
}

/**
 * Read (never write) what a database is: a farsw store at some schema version, an empty
 * file, or something else. Runs before anything that writes, so a foreign SQLite file is
 * refused unchanged (issue 19: `models rm` on one switched it to WAL first).
 * @throws ModelFormatError for a foreign or newer file, or an older/empty one opened read-only
 */
export function inspectStore(db: Database.Database, path: string, readonly: boolean, migrations: readonly Migration[] = MIGRATIONS): { current: number; latest: number } {
  const latest = migrations[migrations.length - 1]!.version;
  const current = db.pragma('user_version', { simple: true }) as number;
  const appId = db.pragma('application_id', { simple: true }) as number;
  const tables = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n;
  if (tables > 0 && appId !== STORE_APPLICATION_ID) {
    throw new ModelFormatError(`${path}: not a farsw model store (SQLite application_id ${appId}, expected ${STORE_APPLICATION_ID}); use another --store path`);
  }
  if (current > latest) {
    throw new ModelFormatError(`${path}: model store schema version ${current} is newer than this farsw understands (${latest}); upgrade farsw`);
  }
  if (current !== latest && readonly) {
    throw new ModelFormatError(
      current === 0
        ? `${path}: empty model store; train a model first (farsw train)`
        : `${path}: model store schema version ${current} is older than ${latest}; run a command that writes the store (farsw train, farsw models import) to migrate it`,
    );
  }
  return { current, latest };
}
