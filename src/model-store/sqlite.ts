/**
 * SQLite implementation of ModelStore (better-sqlite3). One file holds every
 * model; WAL journaling lets readers (`apply`, `rules`, `models list`, opened
 * read-only) work while a writer trains. Every statement is prepared once per
 * connection; each write is one transaction, so a failed or killed write
 * leaves the store as it was.
 */

import { accessSync, constants as fsConstants, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { ModelFormatError, ModelNotFoundError } from '../core/errors.js';
import { FARSW_VERSION } from '../core/version.js';
import type { MembershipFunction } from '../fuzzy/membership.js';
import { validateModel, validateModelName, type Model, type TrainingReport } from '../model/model.js';
import { checkModelComplete } from '../model/model-shape.js';
import type { ModelFootprint } from '../model/footprint.js';
import { openReadOnly } from './read-only.js';
import { inspectStore, migrate, MIGRATIONS } from './schema.js';
import type { ModelStore, ModelSummary } from './store.js';

/** Options of `openModelStore`. */
export interface OpenStoreOptions {
  /** Open read-only (apply, rules, models list): no migration, no writes. */
  readonly readonly?: boolean;
  /** Clock for `created` (the CLI passes none: the system clock). */
  readonly now?: () => Date;
  /** Migration list (tests only). */
  readonly migrations?: readonly { readonly version: number; readonly sql: string }[]; // schema.ts's Migration, spelled out: the public types must not reach better-sqlite3's
  /** Called inside the write transaction after each part is written (tests inject failures here). */
  readonly onWriteStep?: (step: 'model' | 'membership' | 'itemsets' | 'rules' | 'report') => void;
  /** How long to wait for another process's write lock, in ms (default 5000). */
  readonly busyTimeoutMs?: number;
}

/**
 * Turn a SQLite error into a ModelFormatError that names the store and says what to do;
 * other errors pass through unchanged.
 * @param path store file, for the message
 * @param what the operation that failed ("cannot save model a")
 */
export function storeError(e: unknown, path: string, what: string): unknown {
  const code = (e as { code?: unknown })?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return e;
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN')) return new ModelFormatError(`${path}: ${what}: ${cannotWrite(path, code.startsWith('SQLITE_READONLY'))}`, { cause: e });
  const why = code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')
    ? 'the store is locked by another process (a running farsw train?); try again when it has finished'
    : code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB'
      ? `the store file is damaged (${(e as Error).message}); see farsw models check --store ${path}`
      : code === 'SQLITE_FULL' ? 'the disk is full'
          : `${(e as Error).message} (${code})`;
  return new ModelFormatError(`${path}: ${what}: ${why}`, { cause: e });
}

/**
 * Why a store cannot be opened or written, in words (SQLite says only "unable to open database file" or
 * "attempt to write a readonly database"): a read-only file system, no permission, naming the file or the
 * directory it would be created in.
 */
function cannotWrite(path: string, write: boolean): string {
  const exists = existsSync(path);
  const target = exists ? path : dirname(path);
  let code: string | undefined;
  try {
    accessSync(target, write || !exists ? fsConstants.W_OK : fsConstants.R_OK);
  } catch (e) {
    code = (e as NodeJS.ErrnoException).code;
  }
  const why = code === 'EROFS' ? 'on a read-only file system' : code === 'EACCES' || code === 'EPERM' ? 'not writable by this user (permission denied)' : undefined;
  if (!exists) return why ? `cannot create it: its directory ${target} is ${why}` : 'cannot create it';
  if (why) return write ? `the store file is ${why}` : `the store file is ${why.replace('writable', 'readable')}`;
  return write ? 'the store file is read-only' : 'SQLite cannot open the file';
}

/** A store path that is a directory: one line, before SQLite's "unable to open database file". */
export function refuseDirectory(path: string): void {
  let dir = false;
  try {
    dir = statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch { /* a parent that is a file: said when the store is opened */ }
  if (dir) throw new ModelFormatError(`${path}: is a directory; --store takes a model store file (as ${path.replace(/\/+$/, '')}/models.sqlite)`);
}

interface ModelRow {
  id: number; name: string; version: number; site: string | null; created_at: string; farsw_version: string;
  format_version: number; feature_set: string; feature_variant: string; params_json: string; fingerprint: string;
  pages: number; lines: number; topical_lines: number; rules: number; previous: number; template_max_chars?: number | null;
}

const items = (xs: readonly number[]): string => xs.join(',');
const parseItems = (s: string): number[] => s.split(',').map(Number);

/**
 * Open (and create or migrate, unless read-only) a model store.
 *
 * Stores use SQLite's rollback journal (journal_mode DELETE): a reader needs no file beside
 * the store, so read commands work in a directory the user cannot write and leave no
 * -wal/-shm behind (issue 19). A writer converts a store left in WAL mode by an older farsw.
 * What the file is (a farsw store, an empty file, something else) is read before anything
 * is written to it. Writes are IMMEDIATE transactions, so a writer waits `busyTimeoutMs` for
 * another one instead of failing at once when it upgrades its read lock.
 * @param path store file, or `:memory:`
 * @throws ModelNotFoundError when a read-only store file does not exist; ModelFormatError for a foreign or newer file
 */
export function openModelStore(path: string, options: OpenStoreOptions = {}): ModelStore {
  const readonly = options.readonly === true;
  if (path !== ':memory:') {
    refuseDirectory(path);
    if (readonly && !existsSync(path)) throw new ModelNotFoundError(`no model store at ${path}; train a model first (farsw train --store ${path})`);
    if (!readonly) {
      try {
        mkdirSync(dirname(path), { recursive: true });
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        const why = code === 'ENOTDIR' || code === 'EEXIST' ? 'a parent of it is not a directory' : code === 'EROFS' ? 'read-only file system' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code ?? (e as Error).message;
        throw new ModelFormatError(`${path}: cannot create the store's directory (${why})`, { cause: e });
      }
    }
  }
  let db: Database.Database;
  let close: () => void;
  try {
    if (readonly && path !== ':memory:') ({ db, close } = openReadOnly(path));
    else {
      const d = new Database(path);
      ({ db, close } = { db: d, close: () => d.close() });
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_NOTADB') throw new ModelFormatError(`${path}: not a SQLite model store`, { cause: e });
    if (String((e as { code?: string }).code).startsWith('SQLITE_CANTOPEN')) throw storeError(e, path, 'cannot open model store');
    throw new ModelFormatError(`${path}: cannot open model store (${(e as Error).message})`, { cause: e });
  }
  try {
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
    const migrations = options.migrations ?? MIGRATIONS;
    inspectStore(db, path, readonly, migrations); // reads only: a foreign file is refused before any write
    if (!readonly && path !== ':memory:') useRollbackJournal(db, options);
    db.pragma('foreign_keys = ON');
    migrate(db, path, readonly, migrations);
  } catch (e) {
    close();
    if ((e as { code?: string }).code === 'SQLITE_NOTADB') throw new ModelFormatError(`${path}: not a SQLite model store`, { cause: e });
    throw storeError(e, path, 'cannot open model store');
  }
  return new SqliteModelStore(db, close, path, readonly, options);
}

/** Switch a writable store to journal_mode DELETE (older stores are WAL); left as it is while another process has it open. */
function useRollbackJournal(db: Database.Database, options: OpenStoreOptions): void {
  if (db.pragma('journal_mode', { simple: true }) === 'delete') return;
  db.pragma('busy_timeout = 0');
  try {
    db.pragma('journal_mode = DELETE');
  } catch (e) {
    if (!String((e as { code?: unknown }).code).startsWith('SQLITE_BUSY')) throw e;
  } finally {
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
  }
}

class SqliteModelStore implements ModelStore {
  private readonly q;
  private readonly saveTx;
  private readonly rollbackTx;

  private readonly removeTx;

  constructor(db: Database.Database, private readonly closeDb: () => void, readonly path: string, readonly readonly: boolean, private readonly opts: OpenStoreOptions) {
    const summary = `SELECT m.*, (SELECT count(*) FROM rules r WHERE r.model_id = m.id) AS rules,
      EXISTS (SELECT 1 FROM models p WHERE p.name = m.name AND p.active = 0) AS previous FROM models m`;
    this.q = {
      active: db.prepare(`${summary} WHERE m.name = ? AND m.active = 1`),
      version: db.prepare(`${summary} WHERE m.name = ? AND m.version = ?`),
      byId: db.prepare(`${summary} WHERE m.id = ?`),
      list: db.prepare(`${summary} WHERE m.active = 1 ORDER BY m.name`),
      footprints: db.prepare(`SELECT m.name,
        (SELECT count(*) FROM token_stats t WHERE t.model_id = m.id) + (SELECT count(*) FROM path_stats p WHERE p.model_id = m.id) AS stats,
        (SELECT count(*) FROM template_lines t WHERE t.model_id = m.id) + (SELECT count(*) FROM topical_slots s WHERE s.model_id = m.id) AS keys,
        coalesce((SELECT length(report_json) FROM training_reports r WHERE r.model_id = m.id), 0)
          + coalesce((SELECT length(evidence_json) FROM evidence e WHERE e.model_id = m.id), 0)
          + coalesce((SELECT length(page_type_json) FROM page_type g WHERE g.model_id = m.id), 0) AS json_bytes
        FROM models m WHERE m.active = 1`),
      membership: db.prepare('SELECT feature, name, shape, min, mean, max FROM membership WHERE model_id = ? ORDER BY feature'),
      frequent: db.prepare('SELECT region, count FROM frequent_regions WHERE model_id = ? ORDER BY feature'),
      itemsets: db.prepare('SELECT level, items, support FROM itemsets WHERE model_id = ? ORDER BY level, ord'),
      rules: db.prepare('SELECT items, support, confidence, fp_rate FROM rules WHERE model_id = ? ORDER BY ord'),
      report: db.prepare('SELECT report_json FROM training_reports WHERE model_id = ?'),
      templates: db.prepare('SELECT key FROM template_lines WHERE model_id = ? ORDER BY key'),
      paths: db.prepare('SELECT key, topical, non_topical FROM path_stats WHERE model_id = ? ORDER BY key'),
      tokens: db.prepare('SELECT key, topical, non_topical FROM token_stats WHERE model_id = ? ORDER BY key'),
      evidence: db.prepare('SELECT evidence_json FROM evidence WHERE model_id = ?'),
      pageType: db.prepare('SELECT page_type_json FROM page_type WHERE model_id = ?'),
      slots: db.prepare('SELECT key FROM topical_slots WHERE model_id = ? ORDER BY key'),
      ...(readonly ? {} : this.writeStatements(db)),
    };
    // Called with .immediate(): the write lock is taken at BEGIN, where the busy timeout applies (a deferred
    // transaction that upgrades its read lock gets SQLITE_BUSY at once: train failed after 0.38 s, not 5 s).
    this.saveTx = readonly ? null : db.transaction((models: readonly Model[], created: string) => { for (const m of models) this.write(m, created); });
    this.rollbackTx = readonly ? null : db.transaction((name: string) => this.doRollback(name));
    this.removeTx = readonly ? null : db.transaction((name: string) => this.w().deleteName.run(name).changes > 0);
  }

  private writeStatements(db: Database.Database) {
    return {
      maxVersion: db.prepare('SELECT coalesce(max(version), 0) AS v FROM models WHERE name = ?'),
      dropInactive: db.prepare('DELETE FROM models WHERE name = ? AND active = 0'),
      deactivate: db.prepare('UPDATE models SET active = 0 WHERE name = ? AND active = 1'),
      insertModel: db.prepare(`INSERT INTO models (name, version, active, site, created_at, farsw_version, format_version, feature_set,
        feature_variant, params_json, fingerprint, pages, lines, topical_lines, template_max_chars)
        VALUES (@name, @version, 1, @site, @created, @farswVersion, @formatVersion, @featureSet, @featureVariant, @params, @fingerprint, @pages, @lines, @topicalLines,
        @templateMaxChars)`),
      insertMembership: db.prepare('INSERT INTO membership (model_id, feature, name, shape, min, mean, max) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      insertFrequent: db.prepare('INSERT INTO frequent_regions (model_id, feature, region, count) VALUES (?, ?, ?, ?)'),
      insertItemset: db.prepare('INSERT INTO itemsets (model_id, level, ord, items, support) VALUES (?, ?, ?, ?, ?)'),
      insertRule: db.prepare('INSERT INTO rules (model_id, ord, items, support, confidence, fp_rate) VALUES (?, ?, ?, ?, ?, ?)'),
      insertReport: db.prepare('INSERT INTO training_reports (model_id, report_json) VALUES (?, ?)'),
      insertTemplate: db.prepare('INSERT INTO template_lines (model_id, key) VALUES (?, ?)'),
      insertPath: db.prepare('INSERT INTO path_stats (model_id, key, topical, non_topical) VALUES (?, ?, ?, ?)'),
      insertToken: db.prepare('INSERT INTO token_stats (model_id, key, topical, non_topical) VALUES (?, ?, ?, ?)'),
      insertEvidence: db.prepare('INSERT INTO evidence (model_id, evidence_json) VALUES (?, ?)'),
      insertPageType: db.prepare('INSERT INTO page_type (model_id, page_type_json) VALUES (?, ?)'),
      insertSlot: db.prepare('INSERT INTO topical_slots (model_id, key) VALUES (?, ?)'),
      deleteName: db.prepare('DELETE FROM models WHERE name = ?'),
      deleteActive: db.prepare('DELETE FROM models WHERE name = ? AND active = 1'),
      latestInactive: db.prepare('SELECT id FROM models WHERE name = ? AND active = 0 ORDER BY version DESC LIMIT 1'),
      activate: db.prepare('UPDATE models SET active = 1 WHERE id = ?'),
    };
  }

  private w() {
    if (this.readonly) throw new ModelFormatError(`${this.path}: store opened read-only`);
    return this.q as Required<typeof this.q>;
  }

  save(model: Model): ModelSummary {
    return this.saveAll([model])[0]!;
  }

  saveAll(models: readonly Model[]): ModelSummary[] {
    for (const model of models) validateModel(model, `model ${JSON.stringify((model as { name?: unknown }).name)}`);
    const names = models.map((m) => m.name);
    if (new Set(names).size !== names.length) throw new ModelFormatError(`${this.path}: cannot save: the same model name twice in one save`);
    this.w();
    const created = (this.opts.now?.() ?? new Date()).toISOString();
    const what = models.length === 1 ? `model ${models[0]!.name}` : `${models.length} models`;
    try {
      this.saveTx!.immediate(models, created);
    } catch (e) {
      throw storeError(e, this.path, `cannot save ${what} (the store is unchanged)`);
    }
    return names.map((n) => this.summary(n));
  }

  private write(model: Model, created: string): void {
    const q = this.w();
    const step = this.opts.onWriteStep ?? (() => {});
    const version = (q.maxVersion.get(model.name) as { v: number }).v + 1;
    q.dropInactive.run(model.name);
    q.deactivate.run(model.name);
    const r = model.trainingReport;
    const id = Number(q.insertModel.run({
      name: model.name, version, site: model.site, created, farswVersion: model.farswVersion || FARSW_VERSION,
      formatVersion: model.formatVersion, featureSet: model.featureSet, featureVariant: model.featureVariant,
      params: JSON.stringify(model.params), fingerprint: r.fingerprint, pages: r.pages, lines: r.lines, topicalLines: r.topicalLines,
      templateMaxChars: model.templateMaxChars ?? null,
    }).lastInsertRowid);
    step('model');
    for (const mf of model.membership) q.insertMembership.run(id, mf.feature, mf.name, mf.shape, mf.min, mf.mean, mf.max);
    model.frequentRegions.forEach((f, i) => q.insertFrequent.run(id, i, f.region, f.count));
    step('membership');
    for (const l of model.levels) l.itemsets.forEach((s, i) => q.insertItemset.run(id, l.level, i, items(s.items), s.support));
    step('itemsets');
    model.rules.forEach((rule, i) => q.insertRule.run(id, i, items(rule.antecedent), rule.support, rule.confidence, rule.falsePositiveRate));
    step('rules');
    q.insertReport.run(id, JSON.stringify(r));
    for (const k of model.templateLines ?? []) q.insertTemplate.run(id, k);
    for (const [k, t, n] of model.pathStats ?? []) q.insertPath.run(id, k, t, n);
    for (const [k, t, n] of model.tokenStats ?? []) q.insertToken.run(id, k, t, n);
    if (model.evidence) q.insertEvidence.run(id, JSON.stringify(model.evidence));
    if (model.pageType) q.insertPageType.run(id, JSON.stringify(model.pageType));
    for (const k of model.topicalSlots ?? []) q.insertSlot.run(id, k);
    step('report');
  }

  load(name: string): Model {
    validateModelName(name);
    try {
      const row = this.q.active.get(name) as ModelRow | undefined;
      if (!row) throw new ModelNotFoundError(`no model named ${JSON.stringify(name)} in ${this.path}; see farsw models list`);
      return this.read(row, name);
    } catch (e) {
      throw storeError(e, this.path, `cannot read model ${name}`);
    }
  }

  loadVersion(name: string, version: number): Model {
    validateModelName(name);
    try {
      const row = this.q.version.get(name, version) as ModelRow | undefined;
      if (!row) throw new ModelNotFoundError(`no version ${version} of model ${JSON.stringify(name)} in ${this.path}`);
      return this.read(row, `${name} v${version}`);
    } catch (e) {
      throw storeError(e, this.path, `cannot read model ${name} v${version}`);
    }
  }

  private read(row: ModelRow, name: string): Model {
    const membership = (this.q.membership.all(row.id) as MembershipFunction[]).map((m) => ({ ...m }));
    const frequentRegions = (this.q.frequent.all(row.id) as { region: number; count: number }[]).map((f) => ({ region: f.region, count: f.count }));
    const levels: { level: number; itemsets: { items: number[]; support: number }[] }[] = [];
    for (const s of this.q.itemsets.all(row.id) as { level: number; items: string; support: number }[]) {
      while (levels.length < s.level) levels.push({ level: levels.length + 1, itemsets: [] });
      levels[s.level - 1]!.itemsets.push({ items: parseItems(s.items), support: s.support });
    }
    const rules = (this.q.rules.all(row.id) as { items: string; support: number; confidence: number; fp_rate: number }[])
      .map((r) => ({ antecedent: parseItems(r.items), support: r.support, confidence: r.confidence, falsePositiveRate: r.fp_rate }));
    const rep = this.q.report.get(row.id) as { report_json: string } | undefined;
    const templateLines = (this.q.templates.all(row.id) as { key: number }[]).map((t) => t.key);
    const pathStats = statRows(this.q.paths, row.id);
    const tokenStats = statRows(this.q.tokens, row.id);
    const evidence = this.q.evidence.get(row.id) as { evidence_json: string } | undefined;
    const topicalSlots = (this.q.slots.all(row.id) as { key: number }[]).map((t) => t.key);
    const pageType = this.q.pageType.get(row.id) as { page_type_json: string } | undefined;
    const model = {
      formatVersion: row.format_version,
      name: row.name,
      site: row.site,
      featureSet: row.feature_set,
      featureVariant: row.feature_variant,
      farswVersion: row.farsw_version,
      membership: withTwoRegionEnd(membership, row.params_json),
      frequentRegions,
      levels,
      rules,
      params: JSON.parse(row.params_json) as unknown,
      trainingReport: rep ? (JSON.parse(rep.report_json) as TrainingReport) : null,
      ...(templateLines.length > 0 ? { templateLines } : {}),
      ...(row.template_max_chars != null ? { templateMaxChars: row.template_max_chars } : {}),
      ...(pathStats.length > 0 ? { pathStats } : {}),
      ...(tokenStats.length > 0 ? { tokenStats } : {}),
      ...(topicalSlots.length > 0 ? { topicalSlots } : {}),
      ...(evidence ? { evidence: JSON.parse(evidence.evidence_json) as unknown } : {}),
      ...(pageType ? { pageType: JSON.parse(pageType.page_type_json) as unknown } : {}),
    };
    const valid = validateModel(model, `${this.path}: model ${name}`);
    checkModelComplete(valid, (what) => { throw new ModelFormatError(`${this.path}: model ${name}: ${what}`); }, 'the store is damaged, retrain or re-import the model');
    return valid;
  }

  list(): ModelSummary[] {
    try {
      return (this.q.list.all() as ModelRow[]).map(toSummary);
    } catch (e) {
      throw storeError(e, this.path, 'cannot list models');
    }
  }

  footprints(): Map<string, ModelFootprint> {
    try {
      const rows = this.q.footprints.all() as { name: string; stats: number; keys: number; json_bytes: number }[];
      return new Map(rows.map((r) => [r.name, { stats: r.stats, keys: r.keys, jsonBytes: r.json_bytes }]));
    } catch (e) {
      throw storeError(e, this.path, 'cannot list models');
    }
  }

  remove(name: string): boolean {
    validateModelName(name);
    this.w();
    try {
      return this.removeTx!.immediate(name);
    } catch (e) {
      throw storeError(e, this.path, `cannot remove model ${name}`);
    }
  }

  rollback(name: string): ModelSummary {
    validateModelName(name);
    this.w();
    try {
      this.rollbackTx!.immediate(name);
    } catch (e) {
      throw storeError(e, this.path, `cannot roll back model ${name}`);
    }
    return this.summary(name);
  }

  private doRollback(name: string): void {
    const q = this.w();
    const prev = q.latestInactive.get(name) as { id: number } | undefined;
    if (!prev) {
      throw new ModelNotFoundError(`model ${JSON.stringify(name)} has no previous version to roll back to in ${this.path}`);
    }
    // The target must load before the current version goes (issue 19: rollback landed on a damaged version).
    const row = this.q.byId.get(prev.id) as ModelRow;
    try {
      this.read(row, `${name} v${row.version}`);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new ModelFormatError(`${this.path}: cannot roll back model ${name}: the previous version ${row.version} does not load (${why}); the current version is kept`, { cause: e });
    }
    q.deleteActive.run(name);
    q.activate.run(prev.id);
  }

  private summary(name: string): ModelSummary {
    const row = this.q.active.get(name) as ModelRow | undefined;
    if (!row) throw new ModelNotFoundError(`no model named ${JSON.stringify(name)} in ${this.path}`);
    return toSummary(row);
  }

  close(): void {
    this.closeDb();
  }
}

function toSummary(r: ModelRow): ModelSummary {
  return {
    name: r.name, site: r.site, version: r.version, hasPrevious: r.previous === 1, created: r.created_at,
    farswVersion: r.farsw_version, featureVariant: r.feature_variant, pages: r.pages, lines: r.lines,
    topicalLines: r.topical_lines, rules: r.rules, fingerprint: r.fingerprint,
  };
}

/**
 * Stats rows as [key, topical, nonTopical], read one row at a time: with `.all()` every row's object lived beside its
 * tuple, and a model of millions of entries needed twice the heap to load in a batch worker (docs/decisions.md).
 */
function statRows(statement: Database.Statement, modelId: number): (readonly [number, number, number])[] {
  const out: (readonly [number, number, number])[] = [];
  for (const r of statement.iterate(modelId) as IterableIterator<{ key: number; topical: number; non_topical: number }>) out.push([r.key, r.topical, r.non_topical]);
  return out;
}

/** The store keeps Fig. 7's reading in the model's params only: put it back on its two-region functions. */
function withTwoRegionEnd(membership: MembershipFunction[], paramsJson: string): MembershipFunction[] {
  const end = (JSON.parse(paramsJson) as { twoRegionEnd?: unknown }).twoRegionEnd;
  return end === 'mean' ? membership.map((m) => (m.shape === 'two' ? { ...m, twoRegionEnd: 'mean' as const } : m)) : membership;
}
