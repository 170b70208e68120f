/**
 * Fault injection, model store (issue 19 items 15–20): hostile imports, a foreign SQLite file,
 * a store in a read-only directory, kill -9 in the middle of a multi-model save, another writer
 * holding the lock, rollback onto a damaged version.
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { run } from '../../src/cli/main.js';
import { checkModelStore } from '../../src/model-store/check.js';
import { openModelStore } from '../../src/model-store/sqlite.js';
import { modelToJson } from '../../src/model/model.js';
import { exampleModel } from '../helpers/example-model.js';
import { capture } from '../cli/capture.js';
import { compiledWorker, noStackTrace } from './helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');

let dir: string, store: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'farsw-store-'));
  store = join(dir, 'farsw.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = capture();
  const code = await run(args, io);
  expect(noStackTrace(io.err), io.err).toBe(true);
  return { code, out: io.out, err: io.err };
}

const sha = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');

describe('hostile models import', () => {
  type Json = Record<string, any>;
  const cases: [string, (m: Json) => void, RegExp][] = [
    ['[null] in membership', (m) => { m.membership[2] = null; }, /membership\[2\] must be an object, found null/],
    ['[null] in rules', (m) => { m.rules = [null]; }, /rules\[0\] must be an object, found null/],
    ['[null] in levels', (m) => { m.levels[0] = null; }, /levels\[0\] must be an object/],
    ['[null] in itemsets', (m) => { m.levels[0].itemsets = [null]; }, /levels\[0\]\.itemsets\[0\] must be an object/],
    ['a string for a number', (m) => { m.membership[0].min = '0'; }, /membership\[0\]\.min must be a finite number/],
    ['a string for a count', (m) => { m.trainingReport.pages = '12'; }, /trainingReport\.pages must be a non-negative integer/],
    ['an object for a string', (m) => { m.farswVersion = { v: 1 }; }, /farswVersion must be a string/],
    ['an object for a name', (m) => { m.membership[1].name = {}; }, /membership\[1\]\.name must be a string/],
    ['a missing report field', (m) => { delete m.trainingReport.maskCounts; }, /trainingReport\.maskCounts must be an object/],
    ['a missing list', (m) => { delete m.frequentRegions; }, /frequentRegions must be an array/],
    ['a bad frequent region', (m) => { m.frequentRegions[0].region = 99; }, /frequentRegions\[0\]\.region is not a region id/],
    ['[null] in the skipped list', (m) => { m.trainingReport.skipped = [null]; }, /trainingReport\.skipped\[0\] must be an object/],
    ['bad mask counts', (m) => { m.trainingReport.maskCounts.topical = [[1, 'x']]; }, /maskCounts\.topical\[0\] must be \[mask, lines\]/],
    ['a string in dropElements', (m) => { m.params.dropElements = [1]; }, /params\.dropElements\[0\] must be a string/],
    ['rules without their level', (m) => { m.levels = []; }, /rules of \d+ items without a level/],
    ['a site that is a number', (m) => { m.site = 5; }, /site must be a string or null/],
  ];

  it.each(cases)('%s: refused with one line naming the field; the store is unchanged', async (_, mutate, message) => {
    const good = openModelStore(store);
    good.save(exampleModel('keep'));
    good.close();
    const before = sha(store);
    const m = JSON.parse(modelToJson(exampleModel('hostile'))) as Json;
    mutate(m);
    const file = join(dir, 'hostile.json');
    writeFileSync(file, JSON.stringify(m));
    const r = await cli(['models', 'import', file, '--store', store]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(message);
    expect(r.err.startsWith(`farsw: ${file}: `)).toBe(true);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(sha(store)).toBe(before);
    expect((await cli(['models', 'list', '--store', store, '--json'])).out).not.toContain('hostile');
  });

  it('the example model itself imports, and every command reads it', async () => {
    const file = join(dir, 'ok.json');
    writeFileSync(file, modelToJson(exampleModel('fine')));
    expect((await cli(['models', 'import', file, '--store', store])).code).toBe(0);
    for (const args of [['models', 'show', 'fine'], ['models', 'check'], ['rules', 'fine']]) {
      const r = await cli([...args, '--store', store]);
      expect(r.code, args.join(' ') + r.err).toBe(0);
    }
  });
});

describe('a foreign SQLite file', () => {
  it('is refused by every writing command without a byte of it changed (no WAL switch, no -wal/-shm)', async () => {
    const db = new Database(store);
    db.exec('CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES (\'mine\')');
    db.close();
    const before = sha(store);
    const file = join(dir, 'm.json');
    writeFileSync(file, modelToJson(exampleModel('x')));
    for (const args of [['models', 'rm', 'x'], ['models', 'import', file], ['models', 'rollback', 'x'], ['models', 'list'], ['models', 'check']]) {
      const r = await cli([...args, '--store', store]);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err + r.out).toMatch(/not a farsw model store/);
    }
    expect(sha(store)).toBe(before);
    expect(readdirSync(dir).sort()).toEqual(['farsw.sqlite', 'm.json']);
  });
});

describe('a store the user cannot write', () => {
  it('read commands leave no -wal/-shm beside a store', async () => {
    const s = openModelStore(store);
    s.save(exampleModel('m'));
    s.close();
    for (const args of [['models', 'list'], ['models', 'show', 'm'], ['models', 'check'], ['rules', 'm']]) expect((await cli([...args, '--store', store])).code).toBe(0);
    expect(readdirSync(dir)).toEqual(['farsw.sqlite']);
  });

  it('in a read-only directory (a tmpfs remounted read-only), every read command works, also on a store an older farsw left in WAL mode', async (ctx) => {
    const mnt = join(dir, 'ro');
    mkdirSync(mnt);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mnt], { stdio: 'ignore' });
    } catch {
      console.warn('skipped: cannot mount a tmpfs here (needs root and mount permission)');
      ctx.skip();
      return;
    }
    try {
      const page = join(dir, 'p.html');
      writeFileSync(page, '<html><body><p>Article 1 tells how the village rebuilt its old stone bridge after the flood.</p></body></html>');
      for (const wal of [false, true]) {
        const path = join(mnt, wal ? 'wal.sqlite' : 'farsw.sqlite');
        const s = openModelStore(path);
        s.save(exampleModel('m'));
        s.close();
        if (wal) {
          const db = new Database(path);
          db.pragma('journal_mode = WAL');
          db.close();
        }
      }
      execFileSync('mount', ['-o', 'remount,ro', mnt]);
      for (const name of ['farsw.sqlite', 'wal.sqlite']) {
        const path = join(mnt, name);
        for (const args of [['models', 'list'], ['models', 'show', 'm'], ['models', 'check'], ['rules', 'm'], ['apply', '--model', 'm', page]]) {
          const r = await cli([...args, '--store', path]);
          expect(r.code, `${name}: ${args.join(' ')}: ${r.err}`).toBe(0);
        }
        const w = await cli(['models', 'rm', 'm', '--store', path]);
        expect(w.code).toBe(1);
        expect(w.err).toMatch(/read-only|cannot/);
      }
      expect(readdirSync(mnt).sort()).toEqual(['farsw.sqlite', 'wal.sqlite']);
    } finally {
      execFileSync('umount', ['-l', mnt]);
    }
  });
});

describe('train --by-site is one transaction', () => {
  it('kill -9 in the middle of saving 40 models leaves every model at its old version', async () => {
    const s = openModelStore(store);
    const names = Array.from({ length: 40 }, (_, i) => `site${String(i).padStart(2, '0')}`);
    s.saveAll(names.map((n) => exampleModel(n, 0)));
    s.close();
    const sqliteJs = join(compiledWorker(), '../../model-store/sqlite.js');
    const exampleJs = join(dir, 'models.mjs');
    writeFileSync(exampleJs, `export const models = ${JSON.stringify(names.map((n) => JSON.parse(modelToJson(exampleModel(n, 1)))))};`);
    // The child saves version 2 of every model and stops dead (waiting) after the 25th model's rows; then it is killed.
    const code = `import { openModelStore } from ${JSON.stringify(sqliteJs)};
import { models } from ${JSON.stringify(exampleJs)};
let n = 0;
const s = openModelStore(process.argv[1], { onWriteStep: (step) => { if (step === 'report' && ++n === 25) { process.stdout.write('mid-save\\n'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60000); } } });
s.saveAll(models.map(({ $schema, ...m }) => m));`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code, store], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d) => { err += String(d); });
    await new Promise<void>((res, rej) => {
      child.stdout!.on('data', (d) => { if (String(d).includes('mid-save')) res(); });
      child.on('exit', (c) => rej(new Error(`child exited ${c} before mid-save: ${err}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('close', r));
    const after = openModelStore(store, { readonly: true });
    try {
      expect(after.list().map((m) => m.version)).toEqual(names.map(() => 1));
      for (const n of names) expect(after.load(n)).toEqual(exampleModel(n, 0));
    } finally {
      after.close();
    }
    expect(checkModelStore(store).ok).toBe(true);
  }, 60_000);

  it('a write error at the 30th of 40 models leaves all 40 as they were', () => {
    const s = openModelStore(store);
    const names = Array.from({ length: 40 }, (_, i) => `s${i}`);
    s.saveAll(names.map((n) => exampleModel(n, 0)));
    s.close();
    let n = 0;
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const w = openModelStore(store, { onWriteStep: (step) => { if (step === 'report' && ++n === 30) throw full; } });
    try {
      expect(() => w.saveAll(names.map((x) => exampleModel(x, 1)))).toThrow(`${store}: cannot save 40 models (the store is unchanged): the disk is full`);
      expect(w.list().every((m) => m.version === 1)).toBe(true);
    } finally {
      w.close();
    }
  });
});

describe('another writer holds the lock', () => {
  it('a save waits for it (an immediate transaction honours the busy timeout) and then succeeds', async () => {
    const s = openModelStore(store);
    s.save(exampleModel('a', 0));
    s.close();
    // The child takes the write lock, reads (so a deferred writer would deadlock with it), and lets go after 1.5 s.
    const code = `const D = (await import('better-sqlite3')).default; const db = new D(process.argv[1]);
db.exec('BEGIN IMMEDIATE'); db.prepare('SELECT count(*) FROM models').get(); db.prepare("UPDATE models SET site = site WHERE name = 'a'").run();
process.stdout.write('locked\\n'); setTimeout(() => { db.exec('COMMIT'); db.close(); }, 1500);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code, store], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((res) => child.stdout!.on('data', (d) => { if (String(d).includes('locked')) res(); }));
    const w = openModelStore(store, { busyTimeoutMs: 30_000 });
    try {
      expect(w.save(exampleModel('a', 1)).version).toBe(2);
    } finally {
      w.close();
      await new Promise((r) => child.once('close', r));
    }
  }, 60_000);
});

describe('rollback onto a damaged version', () => {
  it('is refused before anything is deleted; check lists the damaged previous version', async () => {
    const s = openModelStore(store);
    s.save(exampleModel('a', 0));
    s.save(exampleModel('a', 1));
    s.close();
    const db = new Database(store);
    db.prepare("DELETE FROM membership WHERE model_id = (SELECT id FROM models WHERE name = 'a' AND version = 1)").run();
    db.close();
    const c = await cli(['models', 'check', '--store', store]);
    expect(c.code).toBe(1);
    expect(c.out).toMatch(/BAD\s+a v1 \(previous, kept for rollback\): .*membership must list 6 functions/);
    const r = await cli(['models', 'rollback', 'a', '--store', store]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/cannot roll back model a: the previous version 1 does not load \(.*membership must list 6 functions.*\); the current version is kept/);
    const after = openModelStore(store, { readonly: true });
    try {
      expect(after.load('a')).toEqual(exampleModel('a', 1));
      expect(after.list()[0]!.version).toBe(2);
    } finally {
      after.close();
    }
  });
});
