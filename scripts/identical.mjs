#!/usr/bin/env node
/**
 * Are two builds' outputs identical? One fingerprint (sha1) per page × method over every page of
 * ../shared/datasets/*.jsonl.gz, for every registered algorithm (`extractorNames()`) and for the
 * default model (`extract(html)`, method `model:default`); then compare two fingerprint files.
 *
 *   node scripts/identical.mjs write [--dist dist] [--data ../shared/datasets] [--only addanag,model:default] [--fields text] [--options JSON] --out before.json
 *   node scripts/identical.mjs compare before.json after.json [--list 10]
 *   node scripts/identical.mjs show --dist A --dist2 B --id dragnet/123 --method addanag   (the two texts of one page)
 *
 * A fingerprint hashes the whole result as JSON (text, blocks, method, model, FAR-SW summary, warnings,
 * anything else the result carries), without its timing fields (`profile`, `ms`); a thrown error
 * is fingerprinted by its class and message. `--options` adds extract() options to every call (e.g. '{"format":"markdown","preset":"paper"}'). `--fields text` fingerprints only those fields (has the text changed?); `--fields words`
 * the text's words alone (has anything but white space changed?). `--dist` is a built library (a dist/ directory,
 * e.g. a copy of the previous build) whose `index.js` exports `extract` and `extractorNames`.
 * `compare` prints, per method, how many pages differ (per dataset) and the first ids; exit code 1
 * when anything differs or a page or method is missing on one side, 0 when all are identical.
 * Needs ../shared/datasets (or --data); takes about a minute per method on two cores' worth of load.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MODEL = 'model:default';
const TIME_FIELDS = new Set(['profile', 'ms']);
const NOT_TOKEN = /[^\p{L}\p{N}\p{M}]+/gu;

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dist: { type: 'string', default: join(root, 'dist') },
    dist2: { type: 'string' },
    data: { type: 'string', default: resolve(root, '../shared/datasets') },
    out: { type: 'string' },
    only: { type: 'string' },
    fields: { type: 'string' },
    list: { type: 'string', default: '10' },
    id: { type: 'string' },
    method: { type: 'string' },
    options: { type: 'string' },
  },
});

/** extract() options added to every call (`--options`). */
const extra = opts.options ? JSON.parse(opts.options) : {};

const [command, ...files] = positionals;
if (command === 'write') await write();
else if (command === 'compare') compare(files);
else if (command === 'show') await show();
else usage();

function usage() {
  process.stderr.write('usage: node scripts/identical.mjs write [--dist DIR] [--data DIR] [--only m1,m2] --out FILE\n' +
    '       node scripts/identical.mjs compare A.json B.json [--list N]\n' +
    '       node scripts/identical.mjs show --dist A --dist2 B --id ID --method M\n');
  process.exit(2);
}

/** The library of a build directory. */
async function library(dir) {
  const index = join(resolve(dir), 'index.js');
  if (!existsSync(index)) throw new Error(`${index}: no built library there (run npm run build)`);
  return import(pathToFileURL(index).href);
}

/** Every page of every dataset file, in file then record order. */
function* pages(dataDir) {
  if (!existsSync(dataDir)) throw new Error(`${dataDir}: no datasets (../shared/datasets is needed)`);
  for (const f of readdirSync(dataDir).filter((n) => n.endsWith('.jsonl.gz')).sort()) {
    const lines = gunzipSync(readFileSync(join(dataDir, f))).toString('utf8').split('\n');
    for (const line of lines) {
      if (line.trim() === '') continue;
      const r = JSON.parse(line);
      yield { id: r.id, dataset: f.replace(/\.jsonl\.gz$/, ''), html: r.html, url: r.url ?? undefined };
    }
  }
}

/** The result without its timing fields (or only `--fields`, e.g. `text`), as stable JSON. */
function stable(result) {
  if (opts.fields) return JSON.stringify(opts.fields.split(',').map((f) => (f === 'words' ? (result.text === undefined ? null : wordsOf(result.text)) : result[f] ?? null)));
  return JSON.stringify(result, (key, value) => (TIME_FIELDS.has(key) ? undefined : value));
}

/** `--fields words`: the text's evaluation tokens (core/tokenize.ts's rule), so a change of white space alone (a table row on one line, a <pre>'s indentation) is no difference. */
function wordsOf(text) {
  return text.toLowerCase().split(NOT_TOKEN).filter((w) => w !== '').join(' ');
}

function run(lib, method, html) {
  try {
    return method === MODEL ? lib.extract(html, extra) : lib.extract(html, { ...extra, algorithm: method });
  } catch (e) {
    return { error: `${e?.constructor?.name ?? 'Error'}: ${e?.message ?? String(e)}` };
  }
}

async function write() {
  if (!opts.out) usage();
  const lib = await library(opts.dist);
  const methods = opts.only ? opts.only.split(',') : [...lib.extractorNames(), MODEL];
  const out = { dist: resolve(opts.dist), methods, options: extra, pages: {} };
  let n = 0;
  const t0 = performance.now();
  for (const p of pages(opts.data)) {
    const row = { dataset: p.dataset };
    for (const m of methods) row[m] = createHash('sha1').update(stable(run(lib, m, p.html))).digest('hex');
    out.pages[p.id] = row;
    if (++n % 500 === 0) process.stderr.write(`${n} pages, ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  }
  writeFileSync(opts.out, JSON.stringify(out) + '\n');
  process.stderr.write(`${n} pages × ${methods.length} methods → ${opts.out}\n`);
}

function compare([a, b]) {
  if (!a || !b) usage();
  const A = JSON.parse(readFileSync(a, 'utf8')), B = JSON.parse(readFileSync(b, 'utf8'));
  const listN = Number(opts.list);
  let bad = false;
  const methods = [...new Set([...A.methods, ...B.methods])];
  const ids = [...new Set([...Object.keys(A.pages), ...Object.keys(B.pages)])];
  const missing = ids.filter((id) => !A.pages[id] || !B.pages[id]);
  if (missing.length > 0) {
    bad = true;
    console.log(`${missing.length} pages in one file only: ${missing.slice(0, listN).join(' ')}`);
  }
  const shared = ids.filter((id) => A.pages[id] && B.pages[id]);
  console.log(`${shared.length} pages compared`);
  for (const m of methods) {
    if (!A.methods.includes(m) || !B.methods.includes(m)) {
      bad = true;
      console.log(`${m}: only in ${A.methods.includes(m) ? a : b}`);
      continue;
    }
    const diff = shared.filter((id) => A.pages[id][m] !== B.pages[id][m]);
    if (diff.length > 0) bad = true;
    const perDataset = {};
    for (const id of diff) perDataset[A.pages[id].dataset] = (perDataset[A.pages[id].dataset] ?? 0) + 1;
    const where = Object.entries(perDataset).map(([d, k]) => `${d} ${k}`).join(', ');
    console.log(`${m}: ${diff.length} of ${shared.length} differ${diff.length ? ` (${where}); first: ${diff.slice(0, listN).join(' ')}` : ''}`);
  }
  process.exitCode = bad ? 1 : 0;
}

async function show() {
  if (!opts.dist2 || !opts.id || !opts.method) usage();
  const [l1, l2] = [await library(opts.dist), await library(opts.dist2)];
  for (const p of pages(opts.data)) {
    if (p.id !== opts.id) continue;
    for (const [name, lib] of [[opts.dist, l1], [opts.dist2, l2]]) {
      const r = run(lib, opts.method, p.html);
      console.log(`==== ${name} (${opts.method}, ${opts.id})\n${r.error ?? r.text}`);
    }
    return;
  }
  throw new Error(`${opts.id}: no such page`);
}
