import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdtempSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openModelStore } from '../../src/model-store/sqlite.js';
import { MIGRATIONS, SCHEMA_VERSION, STORE_APPLICATION_ID } from '../../src/model-store/schema.js';
import { ModelFormatError, ModelNotFoundError } from '../../src/core/errors.js';
import { exampleModel } from '../helpers/example-model.js';
import type { Model } from '../../src/model/model.js';
import { extract } from '../../src/index.js';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'farsw-store-')); });
afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

describe('SQLite model store', () => {
  it('round-trips a model exactly (in memory)', () => {
    const store = openModelStore(':memory:');
    const m = exampleModel('site-a');
    store.save(m);
    expect(store.load('site-a')).toEqual(m);
    store.close();
  });

  it('creates the file with the schema version and application id, rollback journal (no -wal/-shm beside it)', () => {
    const path = join(dir, 'sub', 'farsw.sqlite');
    openModelStore(path).close();
    expect(existsSync(path)).toBe(true);
    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('application_id', { simple: true })).toBe(STORE_APPLICATION_ID);
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    db.close();
  });

  it('retraining replaces atomically and keeps one previous version; rollback restores it', () => {
    const store = openModelStore(join(dir, 's.sqlite'), { now: () => new Date('2024-01-02T03:04:05Z') });
    store.save(exampleModel('a', 0));
    store.save(exampleModel('a', 1));
    store.save(exampleModel('a', 2));
    expect(store.list().map((s) => [s.name, s.version, s.hasPrevious])).toEqual([['a', 3, true]]);
    expect(store.load('a')).toEqual(exampleModel('a', 2));
    const back = store.rollback('a');
    expect(back.version).toBe(2);
    expect(back.hasPrevious).toBe(false);
    expect(store.load('a')).toEqual(exampleModel('a', 1));
    expect(() => store.rollback('a')).toThrow(ModelNotFoundError);
    expect(store.load('a')).toEqual(exampleModel('a', 1));
    expect(store.list()[0]!.created).toBe('2024-01-02T03:04:05.000Z');
    store.close();
  });

  it('remove deletes every version', () => {
    const store = openModelStore(':memory:');
    store.save(exampleModel('a'));
    store.save(exampleModel('a', 1));
    store.save(exampleModel('b'));
    expect(store.remove('a')).toBe(true);
    expect(store.remove('a')).toBe(false);
    expect(store.list().map((s) => s.name)).toEqual(['b']);
    expect(() => store.load('a')).toThrow(ModelNotFoundError);
    store.close();
  });

  it('a write that throws halfway leaves the store as it was', () => {
    const path = join(dir, 's.sqlite');
    const first = openModelStore(path);
    first.save(exampleModel('a', 0));
    first.save(exampleModel('b', 0));
    first.close();
    for (const failAt of ['model', 'membership', 'itemsets', 'rules', 'report'] as const) {
      const store = openModelStore(path, { onWriteStep: (s) => { if (s === failAt) throw new Error(`killed at ${s}`); } });
      expect(() => store.save(exampleModel('a', 5))).toThrow(`killed at ${failAt}`);
      expect(() => store.save(exampleModel('c', 5))).toThrow(`killed at ${failAt}`);
      store.close();
      const ro = openModelStore(path, { readonly: true });
      expect(ro.list().map((s) => [s.name, s.version, s.hasPrevious])).toEqual([['a', 1, false], ['b', 1, false]]);
      expect(ro.load('a')).toEqual(exampleModel('a', 0));
      ro.close();
    }
    const db = new Database(path, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((db.prepare('SELECT count(*) AS n FROM itemsets').get() as { n: number }).n).toBe(6);
    db.close();
  });

  it('a store an older farsw left in WAL mode is read from a snapshot: no -wal/-shm beside it, even from a resolver nobody closes', () => {
    const path = join(dir, 'wal.sqlite');
    const w = openModelStore(path);
    w.save(exampleModel('a', 0));
    w.close();
    const raw = new Database(path);
    raw.pragma('journal_mode = WAL');
    raw.pragma('wal_autocheckpoint = 0');
    raw.prepare("UPDATE models SET site = 'wal.example'").run(); // committed into the -wal only
    expect(existsSync(`${path}-wal`)).toBe(true);
    const ro = openModelStore(path, { readonly: true });
    expect(ro.list().map((s) => s.site)).toEqual(['wal.example']); // the -wal's commit is seen
    ro.close();
    raw.close(); // checkpoints and removes -wal/-shm
    expect(readdirSync(dir)).toEqual(['wal.sqlite']);
    // In-process apply: the library caches its store connection for the process's lifetime.
    const page = '<html><body><p>' + 'The harbour wall was rebuilt over the winter by the town. '.repeat(8) + '</p></body></html>';
    const r = extract(page, { store: path, model: 'a' });
    expect(r.model).toBe('a');
    expect(readdirSync(dir)).toEqual(['wal.sqlite']);
  });

  it('readers work while a writer holds the store open', () => {
    const path = join(dir, 's.sqlite');
    const writer = openModelStore(path);
    writer.save(exampleModel('a'));
    const reader = openModelStore(path, { readonly: true });
    expect(reader.load('a')).toEqual(exampleModel('a'));
    writer.save(exampleModel('a', 1));
    expect(reader.load('a')).toEqual(exampleModel('a', 1));
    expect(() => reader.save(exampleModel('x'))).toThrow(ModelFormatError);
    reader.close();
    writer.close();
  });

  it('read-only open of a missing store says to train first', () => {
    expect(() => openModelStore(join(dir, 'none.sqlite'), { readonly: true })).toThrow(/no model store .*train a model first/);
  });

  it('refuses a store from a newer farsw', () => {
    const path = join(dir, 's.sqlite');
    openModelStore(path).close();
    const db = new Database(path);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openModelStore(path)).toThrow(new RegExp(`schema version ${SCHEMA_VERSION + 1} is newer than this farsw understands \\(${SCHEMA_VERSION}\\); upgrade farsw`));
  });

  it('refuses a SQLite file that is not a farsw store', () => {
    const path = join(dir, 'other.sqlite');
    const db = new Database(path);
    db.exec('CREATE TABLE t (x)');
    db.close();
    expect(() => openModelStore(path)).toThrow(/not a farsw model store/);
  });

  /** A store holding `model`, turned into what an older farsw wrote: `sql` undoes the later migrations, `version` is set. */
  function olderStore(model: Model, sql: string, version: number): string {
    const path = join(dir, 's.sqlite');
    const current = openModelStore(path);
    current.save(model);
    current.close();
    const old = new Database(path);
    old.exec(sql);
    old.pragma(`user_version = ${version}`);
    old.close();
    return path;
  }

  it('migrates a version-1 store (no template lines) to the current schema and keeps its models', () => {
    // What farsw wrote before schema version 2: no template_lines or path_stats table.
    const path = olderStore(exampleModel('a'), 'DROP TABLE template_lines; DROP TABLE path_stats; DROP TABLE token_stats; ALTER TABLE models DROP COLUMN template_max_chars; DROP TABLE evidence; DROP TABLE topical_slots; DROP TABLE page_type', 1);
    expect(() => openModelStore(path, { readonly: true }))
      .toThrow(new RegExp(`schema version 1 is older than ${SCHEMA_VERSION}; run a command that writes the store`));
    const s = openModelStore(path);
    expect(s.load('a')).toEqual(exampleModel('a'));
    const withTemplates = { ...exampleModel('b'), templateLines: [7, 42, 0xfffffff0], templateMaxChars: 120 };
    s.save(withTemplates);
    expect(s.load('b')).toEqual(withTemplates);
    s.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('migrates a version-2 store (no template bound) and reads its models without one', () => {
    const withTemplates = { ...exampleModel('a'), templateLines: [7, 42] };
    const path = olderStore(withTemplates, 'ALTER TABLE models DROP COLUMN template_max_chars; DROP TABLE evidence; DROP TABLE topical_slots; DROP TABLE page_type', 2);
    const s = openModelStore(path);
    expect(s.load('a')).toEqual(withTemplates);
    const bounded = { ...exampleModel('b'), templateLines: [7], templateMaxChars: 33 };
    s.save(bounded);
    expect(s.load('b')).toEqual(bounded);
    s.close();
  });

  it('migrates a version-4 store (no slots): its site models load without slots; a model with slots round-trips', () => {
    const path = olderStore(exampleModel('a'), 'DROP TABLE topical_slots; DROP TABLE page_type', 4);
    const s = openModelStore(path);
    expect(s.load('a')).toEqual(exampleModel('a'));
    const slotted = { ...exampleModel('b'), topicalSlots: [3, 99, 0xfffffff0] };
    s.save(slotted);
    expect(s.load('b')).toEqual(slotted);
    s.close();
  });

  it('migrates a version-5 store (no page types): its models load without a classifier', () => {
    const path = olderStore(exampleModel('a'), 'DROP TABLE page_type', 5);
    const s = openModelStore(path);
    expect(s.load('a')).toEqual(exampleModel('a'));
    expect(s.load('a').pageType).toBeUndefined();
    s.close();
  });

  it('runs a further migration on an older store; read-only open of an older store refuses clearly', () => {
    const path = join(dir, 's.sqlite');
    const v1 = openModelStore(path);
    v1.save(exampleModel('a'));
    v1.close();
    // A hypothetical next schema version that adds a column.
    const next = SCHEMA_VERSION + 1;
    const vNext = [...MIGRATIONS, { version: next, sql: "ALTER TABLE models ADD COLUMN note TEXT NOT NULL DEFAULT ''" }];
    expect(() => openModelStore(path, { readonly: true, migrations: vNext }))
      .toThrow(new RegExp(`schema version ${SCHEMA_VERSION} is older than ${next}; run a command that writes the store`));
    const s = openModelStore(path, { migrations: vNext });
    expect(s.load('a')).toEqual(exampleModel('a'));
    s.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(next);
    expect(db.prepare('SELECT note FROM models').get()).toEqual({ note: '' });
    db.close();
  });

  it('rejects bad names and invalid models before writing', () => {
    const store = openModelStore(':memory:');
    expect(() => store.load('../etc')).toThrow(ModelFormatError);
    expect(() => store.save({ ...exampleModel('a'), formatVersion: 99 })).toThrow(/retrain/);
    expect(store.list()).toEqual([]);
    store.close();
  });
});
