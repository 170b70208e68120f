/**
 * Security (issue 7): SQL only through prepared statements with bound values;
 * model names validated wherever they enter (CLI, imported JSON, host names in
 * training data); no page content is ever fetched or executed (no network at all
 * during apply).
 */
import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syncBuiltinESMExports } from 'node:module';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { run } from '../../src/cli/main.js';
import { extract } from '../../src/api/extract.js';
import { extractorNames } from '../../src/extract/registry.js';
import { modelToJson } from '../../src/model/model.js';
import { openModelStore } from '../../src/model-store/sqlite.js';
import { exampleModel } from '../helpers/example-model.js';
import { sitePage } from '../helpers/site-pages.js';
import { capture } from '../cli/capture.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');


function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);
}

describe('SQL audit', () => {
  /** Interpolations allowed inside SQL text: constants of the code, never values from input. */
  const ALLOWED = new Set(['summary', 'STORE_APPLICATION_ID', 'm.version', 'Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))']);

  it('every prepare/exec/pragma call interpolates only constants; values are bound parameters', () => {
    const found: string[] = [];
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      const src = readFileSync(file, 'utf8');
      for (const m of src.matchAll(/\.(prepare|exec|pragma)\(\s*`([^`]*)`/g)) {
        for (const x of m[2]!.matchAll(/\$\{([^}]*(?:\}[^`$]*?)?)\}/g)) {
          const expr = x[1]!.trim();
          found.push(expr);
          expect(ALLOWED.has(expr), `${file}: SQL interpolates \${${expr}}; bind it as a parameter`).toBe(true);
        }
      }
      // db.exec only runs the constant migrations.
      for (const m of src.matchAll(/\bdb\.exec\(([^)]*)\)/g)) expect(m[1], file).toBe('m.sql');
    }
    expect(found.length).toBeGreaterThan(0); // the audit sees the store's SQL
  });

  it('a hostile model name is stored as data, never run as SQL', () => {
    const store = openModelStore(':memory:');
    try {
      const name = "x'); DROP TABLE models; --";
      expect(() => store.save(exampleModel(name))).toThrow(/invalid model name/);
      const ok = "a.b-c_d";
      store.save(exampleModel(ok));
      expect(store.list().map((s) => s.name)).toEqual([ok]);
    } finally {
      store.close();
    }
  });
});

describe('model names', () => {
  let dir: string, store: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'farsw-security-'));
    store = join(dir, 'store', 'farsw.sqlite');
    const s = openModelStore(store);
    s.save(exampleModel('good'));
    s.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const BAD = ['../escape', 'a/b', '..', '.hidden', '', 'a b', "x';--", 'a\0b', 'x'.repeat(200), 'C:\\\\win'];

  it.each(BAD)('refuses %j in every command that takes a name', async (name) => {
    for (const args of [['models', 'show', name], ['models', 'rm', name], ['models', 'export', name], ['models', 'rollback', name], ['rules', name]]) {
      const io = capture();
      expect(await run([...args, '--store', store], io), args.join(' ')).toBe(1);
      expect(io.err).toContain('invalid model name');
    }
  });

  it('refuses a bad name for train --model and import --name, and in an imported file', async () => {
    const io = capture();
    expect(await run(['train', '--data', dir, '--model', '../x', '--store', store], io)).toBe(1);
    expect(io.err).toContain('invalid model name');
    const file = join(dir, 'model.json');
    writeFileSync(file, modelToJson(exampleModel('fine')));
    const io2 = capture();
    expect(await run(['models', 'import', file, '--name', '../../etc/x', '--store', store], io2)).toBe(1);
    expect(io2.err).toContain('invalid model name');
    writeFileSync(file, modelToJson(exampleModel('fine')).replace('"name": "fine"', '"name": "../../x"'));
    const io3 = capture();
    expect(await run(['models', 'import', file, '--store', store], io3)).toBe(1);
    expect(io3.err).toContain('invalid model name');
  });

  it('export writes to stdout only and import reads only the named file: nothing is written beside the store', async () => {
    // SQLite's own -wal / -shm files may appear beside the store; nothing else may.
    const listing = (): string[] => readdirSync(dirname(store)).filter((f) => !/^farsw\.sqlite(-wal|-shm)?$/.test(f));
    const before = listing();
    const io = capture();
    expect(await run(['models', 'export', 'good', '--store', store], io)).toBe(0);
    expect(JSON.parse(io.out).name).toBe('good');
    expect(listing()).toEqual(before);
    expect(before).toEqual([]);
    expect(existsSync(join(dir, 'good'))).toBe(false);
  });

  it('train --by-site skips a record whose host is not a valid model name instead of aborting', async () => {
    const data = join(dir, 'hosts.jsonl');
    const recs = [
      ...Array.from({ length: 3 }, (_, k) => ({ ...sitePage(k), id: `ok/${k}`, host: 'news.example' })),
      { ...sitePage(5), id: 'evil/1', host: '../../etc/passwd' },
    ];
    writeFileSync(data, recs.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const io = capture();
    expect(await run(['train', '--data', data, '--by-site', '--min-pages', '2', '--store', store], io), io.err).toBe(0);
    expect(io.err).toContain('skipped evil/1: host "../../etc/passwd" gives no valid model name');
    expect(io.out).toMatch(/^news\.example \(news\.example\): 3 pages/m);
  });
});

describe('no network access during apply', () => {
  /** A page that references every kind of external resource a browser would fetch or run. */
  const PAGE = `<!doctype html><html><head>
<base href="http://evil.example/">
<meta http-equiv="refresh" content="0; url=http://evil.example/r">
<link rel="stylesheet" href="http://evil.example/a.css"><link rel="preload" href="//evil.example/f.woff2">
<style>@import url("http://evil.example/b.css"); body { background: url(http://evil.example/bg.png) }</style>
<script src="http://evil.example/x.js"></script>
<script>fetch('http://evil.example/beacon'); globalThis.__farswExecuted = true;</script>
</head><body onload="globalThis.__farswExecuted = true">
<img src="http://evil.example/i.png" srcset="http://evil.example/i2.png 2x"><picture><source srcset="https://evil.example/p.webp"></picture>
<iframe src="http://evil.example/frame"></iframe><object data="http://evil.example/o.swf"></object><embed src="http://evil.example/e">
<video src="http://evil.example/v.mp4" poster="http://evil.example/p.jpg"></video><audio src="http://evil.example/a.mp3"></audio>
<svg><image href="http://evil.example/s.svg"/><script>globalThis.__farswExecuted = true</script></svg>
<form action="http://evil.example/post"><input type="image" src="http://evil.example/btn.png"></form>
<a href="javascript:globalThis.__farswExecuted=true">link</a>
<p>The harbour board met on Tuesday and agreed to repair the old pier before the summer season begins.</p>
<p>Work starts in March and the pier reopens in June, the board said in a statement on its web site.</p>
</body></html>`;

  const calls: string[] = [];
  type Patch = [Record<string, unknown>, string, unknown];
  const saved: Patch[] = [];
  const block = (target: Record<string, unknown>, key: string, label: string): void => {
    saved.push([target, key, target[key]]);
    target[key] = (...args: unknown[]) => {
      calls.push(`${label}(${String(args[0]).slice(0, 60)})`);
      throw new Error(`network access attempted: ${label}`);
    };
  };

  beforeAll(() => {
    block(globalThis as unknown as Record<string, unknown>, 'fetch', 'fetch');
    for (const [mod, label] of [[http, 'http'], [https, 'https']] as const) {
      block(mod as unknown as Record<string, unknown>, 'request', `${label}.request`);
      block(mod as unknown as Record<string, unknown>, 'get', `${label}.get`);
    }
    block(net as unknown as Record<string, unknown>, 'connect', 'net.connect');
    block(net as unknown as Record<string, unknown>, 'createConnection', 'net.createConnection');
    block(tls as unknown as Record<string, unknown>, 'connect', 'tls.connect');
    block(dns as unknown as Record<string, unknown>, 'lookup', 'dns.lookup');
    syncBuiltinESMExports(); // named imports (`import { request } from 'node:http'`) see the stubs too
  });
  afterAll(() => {
    for (const [target, key, value] of saved.reverse()) target[key] = value;
    syncBuiltinESMExports();
  });
  afterEach(() => {
    expect(calls).toEqual([]);
    expect((globalThis as Record<string, unknown>)['__farswExecuted']).toBeUndefined();
  });

  it('the stubs are in place (a fetch would be caught)', () => {
    expect(() => (globalThis.fetch as unknown as () => void)()).toThrow(/network access attempted/);
    calls.length = 0;
  });

  it('extract() with every extractor fetches and runs nothing', () => {
    for (const algorithm of extractorNames()) {
      const text = extract(Buffer.from(PAGE), { algorithm }).text;
      expect(text, algorithm).not.toContain('evil.example');
      expect(text, algorithm).not.toContain('__farswExecuted');
    }
    expect(extract(PAGE).text).toContain('harbour board');
  });

  it('farsw apply (file and batch) fetches and runs nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'farsw-nonet-'));
    try {
      const file = join(dir, 'page.html');
      writeFileSync(file, PAGE);
      const io = capture();
      expect(await run(['apply', '--format', 'json', '--url', 'http://evil.example/page', file], io), io.err).toBe(0);
      expect(JSON.parse(io.out).text).toContain('harbour board');
      const input = join(dir, 'pages.jsonl');
      writeFileSync(input, JSON.stringify({ id: 'p', url: 'http://evil.example/', html: PAGE }) + '\n');
      const io2 = capture();
      expect(await run(['apply', '--input', input], io2), io2.err).toBe(0);
      expect(JSON.parse(io2.out).text).toContain('harbour board');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
