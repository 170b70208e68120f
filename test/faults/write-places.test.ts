/**
 * Fault injection, places farsw cannot write (issue 36 item 12): a read-only file system or a directory the user
 * cannot write is named as such for --out-dir and --store (not ENOENT, not "unable to open database file"); a
 * directory given as --store is one line saying so, before anything else is printed ("integrity ok" was).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/cli/main.js';
import { openModelStore } from '../../src/model-store/sqlite.js';
import { modelToJson } from '../../src/model/model.js';
import { exampleModel } from '../helpers/example-model.js';
import { capture } from '../cli/capture.js';
import { noStackTrace, page, tempDir } from './helpers.js';

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = capture();
  const code = await run(args, io);
  expect(noStackTrace(io.err), io.err).toBe(true);
  return { code, out: io.out, err: io.err };
}

let dir = '';
let modelFile = '';
let pages = '';
beforeAll(() => {
  dir = tempDir('write-places');
  modelFile = join(dir, 'm.json');
  writeFileSync(modelFile, modelToJson(exampleModel('m')));
  pages = join(dir, 'pages.jsonl');
  writeFileSync(pages, JSON.stringify({ id: 'p1', html: page(1) }) + '\n');
});

describe('a directory given as --store', () => {
  it('is one line naming it, for reads and writes; models check prints no "integrity ok" first', async () => {
    const store = join(dir, 'a-dir');
    mkdirSync(store);
    for (const args of [['models', 'check'], ['models', 'list'], ['models', 'import', modelFile]]) {
      const r = await cli([...args, '--store', store]);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.out).toBe('');
      expect(r.err).toBe(`farsw: ${store}: is a directory; --store takes a model store file (as ${store}/models.sqlite)\n`);
    }
  });
});

describe('a store or an --out-dir where nothing can be written', () => {
  it('a store under a file: its parent is not a directory', async () => {
    writeFileSync(join(dir, 'file'), 'x');
    const r = await cli(['models', 'import', modelFile, '--store', join(dir, 'file', 'models.sqlite')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/file\/models\.sqlite: cannot create the store's directory \(a parent of it is not a directory\)/);
  });

  it('a directory without write permission (skipped as root, who may write anywhere)', async (ctx) => {
    if (process.getuid?.() === 0) { ctx.skip(); return; }
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o555);
    try {
      const s = await cli(['models', 'import', modelFile, '--store', join(locked, 'models.sqlite')]);
      expect(s.err).toMatch(new RegExp(`models\\.sqlite: cannot open model store: cannot create it: its directory .*locked is not writable by this user \\(permission denied\\)`));
      const o = await cli(['apply', '-q', '-a', 'addanag', '--input', pages, '--out-dir', join(locked, 'out', 'texts')]);
      expect(o.err).toMatch(/out\/texts: cannot create \(.*locked is not writable \(permission denied\)\)/);
    } finally {
      chmodSync(locked, 0o755);
    }
  });

  it('a read-only file system (a tmpfs remounted read-only; skipped where mount is not allowed)', async (ctx) => {
    const mnt = join(dir, 'ro');
    mkdirSync(mnt);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mnt], { stdio: 'ignore' });
    } catch {
      console.warn('skipped: cannot mount a tmpfs here (needs root and mount permission)');
      ctx.skip();
      return;
    }
    try {
      const existing = join(mnt, 'old.sqlite');
      const s = openModelStore(existing);
      s.save(exampleModel('m'));
      s.close();
      execFileSync('mount', ['-o', 'remount,ro', mnt]);
      const create = await cli(['models', 'import', modelFile, '--name', 'n', '--store', join(mnt, 'new.sqlite')]);
      expect(create.code).toBe(1);
      expect(create.err).toBe(`farsw: ${join(mnt, 'new.sqlite')}: cannot open model store: cannot create it: its directory ${mnt} is on a read-only file system\n`);
      const write = await cli(['models', 'import', modelFile, '--name', 'n', '--store', existing]);
      expect(write.code).toBe(1);
      expect(write.err).toMatch(/old\.sqlite: .*the store file is on a read-only file system/);
      const out = await cli(['apply', '-q', '-a', 'addanag', '--input', pages, '--out-dir', join(mnt, 'out', 'texts')]);
      expect(out.code).toBe(1);
      expect(out.err).toMatch(new RegExp(`out/texts: cannot create \\(${mnt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is on a read-only file system\\)`));
      const outFile = await cli(['apply', '-q', '-a', 'addanag', '--input', pages, '--output', join(mnt, 'sub', 'out.jsonl')]);
      expect(outFile.err).toMatch(/sub\/out\.jsonl: cannot write \(.* is on a read-only file system\)/);
    } finally {
      execFileSync('umount', ['-l', mnt]);
    }
  });
});

