/**
 * Model store faults (issue 7): a damaged file, a newer schema, lost rows, a store
 * locked by a training process, a write error mid-save. Each gives a typed error that
 * names the store; a half-written model is never readable; `farsw models check` reports.
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { run } from '../../src/cli/main.js';
import { ModelFormatError, ModelNotFoundError } from '../../src/core/errors.js';
import { checkModelStore } from '../../src/model-store/check.js';
import { SCHEMA_VERSION } from '../../src/model-store/schema.js';
import { openModelStore } from '../../src/model-store/sqlite.js';
import { exampleModel } from '../helpers/example-model.js';
import { capture } from '../cli/capture.js';

const ROOT = resolve(import.meta.dirname, '../..');


let dir: string, path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'farsw-store-faults-'));
  path = join(dir, 'farsw.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A store with models a (two versions) and b, closed. */
function goodStore(): void {
  const s = openModelStore(path);
  s.save(exampleModel('a', 0));
  s.save(exampleModel('a', 1));
  s.save(exampleModel('b'));
  s.close();
}

function raw(f: (db: Database.Database) => void): void {
  const db = new Database(path);
  try { f(db); } finally { db.close(); }
}

/** CLI run that must end without an unexpected error (no stack trace). */
async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = capture();
  const code = await run(args, io);
  expect(io.err).not.toMatch(/unexpected error|\n\s+at /);
  return { code, out: io.out, err: io.err };
}

describe('damaged store files', () => {
  it('a file that is not SQLite: every command names the store', async () => {
    writeFileSync(path, Buffer.from('this is not a database at all, just text\n'.repeat(200)));
    expect(() => openModelStore(path, { readonly: true })).toThrow(ModelFormatError);
    expect(() => openModelStore(path, { readonly: true })).toThrow(path);
    for (const args of [['models', 'list'], ['models', 'show', 'a'], ['rules', 'a'], ['models', 'rm', 'a']]) {
      const r = await cli([...args, '--store', path]);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err).toContain(path);
    }
    const c = await cli(['models', 'check', '--store', path]);
    expect(c.code).toBe(1);
    expect(c.out).toMatch(/problem\s+cannot read the file as SQLite/);
  });

  it('a store with damaged pages: reading fails with a clear error, check reports the damage', async () => {
    goodStore();
    const size = statSync(path).size;
    expect(size).toBeGreaterThan(8192);
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(size - 4096, 0xa5), 0, size - 4096, 4096); // keep page 1 (header, schema)
    closeSync(fd);
    const store = openModelStore(path, { readonly: true });
    try {
      expect(() => store.load('a')).toThrow(ModelFormatError);
      expect(() => store.load('a')).toThrow(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: cannot read model a: the store file is damaged`));
    } finally {
      store.close();
    }
    const c = await cli(['models', 'check', '--store', path]);
    expect(c.code).toBe(1);
    expect(c.out).toMatch(/integrity\s+(integrity_check failed: )?database disk image is malformed/);
  });

  it('a store from a newer schema version is refused with "upgrade farsw"', async () => {
    goodStore();
    raw((db) => db.pragma('user_version = 99'));
    expect(() => openModelStore(path, { readonly: true })).toThrow(`schema version 99 is newer than this farsw understands (${SCHEMA_VERSION}); upgrade farsw`);
    expect(() => openModelStore(path)).toThrow(ModelFormatError);
    const r = await cli(['models', 'list', '--store', path]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${path}: model store schema version 99`);
    const c = checkModelStore(path);
    expect(c.ok).toBe(false);
    expect(c.problems[0]).toMatch(/newer/);
  });

  it.each([
    ['membership', 'membership must list 6 functions'],
    ['frequent_regions', '0 frequent-region rows, expected 6'],
    ['rules', 'no rule rows, but Apriori found itemsets'],
    ['itemsets', 'rules of 2 items without a level L2'],
    ['training_reports', 'trainingReport must be an object'],
  ])('a model whose %s rows are lost is refused, naming store and model', async (table, message) => {
    goodStore();
    raw((db) => db.prepare(`DELETE FROM ${table} WHERE model_id = (SELECT id FROM models WHERE name = 'b' AND active = 1)`).run());
    const store = openModelStore(path, { readonly: true });
    try {
      expect(() => store.load('b')).toThrow(`${path}: model b: ${message}`);
      expect(store.load('a')).toEqual(exampleModel('a', 1)); // the other model is unharmed
    } finally {
      store.close();
    }
    const c = await cli(['models', 'check', '--store', path]);
    expect(c.code).toBe(1);
    expect(c.out).toMatch(/ok\s+a v2/);
    expect(c.out).toContain(`BAD          b v1: ${path}: model b: ${message}`);
  });

  it('models check passes a healthy store and lists every model', async () => {
    goodStore();
    const c = await cli(['models', 'check', '--store', path]);
    expect(c.code, c.out).toBe(0);
    expect(c.out).toMatch(/integrity\s+ok/);
    expect(c.out).toContain('a v1 (previous, kept for rollback)');
    expect(c.out).toContain('2 model(s) ok');
    const j = await cli(['models', 'check', '--store', path, '--json']);
    expect(JSON.parse(j.out).ok).toBe(true);
  });
});

/** A child process that opens the store, begins a write transaction, writes part of a model and waits. */
function lockingChild(): Promise<ChildProcess> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.pragma('busy_timeout = 5000');
    db.exec('BEGIN IMMEDIATE');
    db.prepare("INSERT INTO models (name, version, active, site, created_at, farsw_version, format_version, feature_set, feature_variant, params_json, fingerprint, pages, lines, topical_lines) VALUES ('half', 1, 1, NULL, 'now', '0', 1, 'farsw-6', 'raw', '{}', 'x', 1, 1, 1)").run();
    process.stdout.write('locked\\n');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script, path], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolvePromise, reject) => {
    let err = '';
    child.stderr!.on('data', (d) => { err += String(d); });
    child.stdout!.on('data', (d) => { if (String(d).includes('locked')) resolvePromise(child); });
    child.on('exit', (code) => reject(new Error(`locking child exited ${code}: ${err}`)));
  });
}

describe('concurrency and interrupted writes', () => {
  it('a store locked by a training process: writers get "locked by another process", readers keep working', async () => {
    goodStore();
    const child = await lockingChild();
    try {
      const writer = openModelStore(path, { busyTimeoutMs: 100 });
      try {
        expect(() => writer.save(exampleModel('c'))).toThrow(`${path}: cannot save model c (the store is unchanged): the store is locked by another process`);
      } finally {
        writer.close();
      }
      const reader = openModelStore(path, { readonly: true });
      try {
        expect(reader.list().map((m) => m.name)).toEqual(['a', 'b']); // the uncommitted 'half' is invisible
        expect(() => reader.load('half')).toThrow(ModelNotFoundError);
      } finally {
        reader.close();
      }
      const r = await cli(['models', 'list', '--store', path]);
      expect(r.code).toBe(0);
      expect(r.out).not.toContain('half');
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('close', r));
    }
    // The killed writer's half-written model never becomes readable; the store is intact.
    const after = openModelStore(path);
    try {
      expect(after.list().map((m) => m.name)).toEqual(['a', 'b']);
      after.save(exampleModel('c'));
      expect(after.load('c')).toEqual(exampleModel('c'));
    } finally {
      after.close();
    }
    expect(checkModelStore(path).ok).toBe(true);
  }, 20_000);

  it.each(['model', 'membership', 'itemsets', 'rules', 'report'] as const)('a write error after the %s rows leaves the store as it was', (failAt) => {
    goodStore();
    const diskFull = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const store = openModelStore(path, { onWriteStep: (step) => { if (step === failAt) throw diskFull; } });
    try {
      expect(() => store.save(exampleModel('a', 7))).toThrow(`${path}: cannot save model a (the store is unchanged): the disk is full`);
      expect(() => store.save(exampleModel('new'))).toThrow(ModelFormatError);
      expect(store.load('a')).toEqual(exampleModel('a', 1));
      expect(() => store.load('new')).toThrow(ModelNotFoundError);
      expect(store.list().map((m) => [m.name, m.version])).toEqual([['a', 2], ['b', 1]]);
    } finally {
      store.close();
    }
    expect(checkModelStore(path).ok).toBe(true);
  });
});
