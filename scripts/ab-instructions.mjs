#!/usr/bin/env node
/**
 * A/B of two builds in instructions executed (valgrind's callgrind), which machine load does not move: each build in
 * its own process (`node --predictable --single-threaded --hash-seed=1 --random-seed=1`: V8 compiles on the main thread,
 * hashes alike and schedules its garbage collection by allocation, not time, so one build counts the same twice). Per
 * path, `--warm` passes over fixed pages run with callgrind's instrumentation off (fast; V8 tiers the code up), then one
 * measured pass with it on, between two `os.getPriority()` calls (a libuv call nothing else makes:
 * `--dump-before=uv_os_getpriority` cuts the pass into its own dump part). What V8's compilers run during that pass
 * (bytecode, baseline and optimizing compilation, from `callgrind_annotate --inclusive`) is left out of the count and shown
 * apart: after too short a warm-up it is most of the pass and says nothing of the code's speed. Pages: `--per` evenly
 * spaced records with gold of each of cleaneval, dragnet, readability and wcxb-dev. Prints per path the instructions of A
 * and B and B/A (below 1: B runs fewer). A path is METHOD[/FORMAT]: model or an algorithm; text, markdown, html or json
 * (the result written as JSON); `model-noroutes` is the model without routing by page type (`strategy: 'none'`: no
 * classification, the default settings as the model path resolves them, once). `--passes N` measures N passes in a row
 * (default 1): the garbage collector's work lands in a pass by where the heap stands, more passes average it. `--cache FILE`
 * keeps A's counts and reuses them for the same A, paths, pages, warm-up and passes.
 *
 *   node scripts/ab-instructions.mjs --a A/dist --b dist [--paths model,addanag,model/markdown] [--warm 30] [--per 8] [--passes 3] [--cache FILE]
 *
 * Needs valgrind (callgrind_control, callgrind_annotate) and the shared datasets (FARSW_DATASETS, else
 * ../shared/datasets); a path takes one to four minutes per build under load.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

const { values: opts } = parseArgs({
  options: {
    a: { type: 'string' }, b: { type: 'string' }, paths: { type: 'string', default: 'model,addanag' },
    warm: { type: 'string', default: '30' }, per: { type: 'string', default: '8' }, passes: { type: 'string', default: '1' },
    child: { type: 'string' }, pages: { type: 'string' }, cache: { type: 'string' },
  },
});

if (opts.child) {
  // The child, under callgrind with instrumentation off: one build, every path; instructions are counted only over each
  // path's measured pass (instrumentation switched on by callgrind_control around it).
  const lib = await import(pathToFileURL(join(resolve(opts.child), 'index.js')).href);
  const pages = JSON.parse(readFileSync(opts.pages, 'utf8'));
  let sink = 0;
  for (const path of opts.paths.split(',')) {
    const [method, format = 'text'] = path.split('/');
    const options = { ...(method === 'model' ? {} : method === 'model-noroutes' ? { strategy: 'none' } : { algorithm: method }),
      ...(format === 'markdown' || format === 'html' ? { format } : {}) };
    const run = (h) => { const r = lib.extract(h, options); sink += format === 'json' ? JSON.stringify(r).length : r.text.length; };
    for (let w = 0; w < Number(opts.warm); w++) for (const h of pages) run(h);
    instrumentation(true);
    getPriority();
    for (let p = 0; p < Number(opts.passes); p++) for (const h of pages) run(h);
    getPriority();
    instrumentation(false);
  }
  process.stdout.write(`${sink}\n`);
  process.exit(0);
}

/** Switch callgrind's instrumentation of this process on or off, spinning (running code, which callgrind needs to see the request) until done. */
function instrumentation(on) {
  const flag = join(dirname(opts.pages), `instrumented.${process.pid}`);
  rmSync(flag, { force: true });
  spawn('sh', ['-c', `callgrind_control -i ${on ? 'on' : 'off'} ${process.pid} >/dev/null 2>&1; touch ${flag}`], { stdio: 'ignore' });
  while (!existsSync(flag));
  rmSync(flag);
}

if (!opts.a || !opts.b) {
  process.stderr.write('usage: node scripts/ab-instructions.mjs --a A/dist --b B/dist [--paths model,addanag/markdown] [--warm 2] [--per 8]\n');
  process.exit(2);
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const data = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
const work = mkdtempSync(join(tmpdir(), 'ab-instructions-'));
const pages = [];
for (const name of ['cleaneval', 'dragnet', 'readability', 'wcxb-dev']) {
  const recs = gunzipSync(readFileSync(join(data, `${name}.jsonl.gz`))).toString('utf8').split('\n')
    .filter((l) => l.trim() !== '').map((l) => JSON.parse(l)).filter((r) => r.gold !== null && r.gold !== undefined);
  const n = Number(opts.per);
  for (let k = 0; k < n; k++) pages.push(recs[Math.floor(((k + 0.5) * recs.length) / n)].html);
}
writeFileSync(join(work, 'pages.json'), JSON.stringify(pages));
const paths = opts.paths.split(',');
/** V8's compilers (bytecode, baseline, optimizing), whose work in a measured pass is left out of its count. */
const COMPILERS = /^\s*([\d,]+) .*v8::internal::(?:Runtime_CompileOptimized|Runtime_CompileLazy|baseline::BaselineBatchCompiler::CompileBatch)\(/gm;
/** Per path of one build, the measured pass (dump parts 2, 4, …): its instructions, those of V8's compilers among them. */
const count = (dist, tag) => {
  execFileSync('valgrind', ['--tool=callgrind', '--instr-atstart=no', '--smc-check=all-non-file', '--dump-before=uv_os_getpriority',
    `--callgrind-out-file=${join(work, tag)}.%p`, process.execPath, '--predictable', '--single-threaded', '--hash-seed=1', '--random-seed=1',
    fileURLToPath(import.meta.url), '--child', dist, '--pages', join(work, 'pages.json'), '--paths', opts.paths, '--warm', opts.warm, '--passes', opts.passes],
  { stdio: ['ignore', 'ignore', 'ignore'] });
  const files = readdirSync(work).filter((f) => f.startsWith(`${tag}.`));
  return paths.map((_, i) => {
    const part = files.find((f) => f.endsWith(`.${2 * (i + 1)}`));
    const m = part ? /^(?:summary|totals): (\d+)/m.exec(readFileSync(join(work, part), 'utf8')) : null;
    if (!m) return { all: NaN, compile: NaN };
    const annotated = execFileSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', join(work, part)], { encoding: 'utf8', maxBuffer: 1 << 28 });
    let compile = 0;
    for (const c of annotated.matchAll(COMPILERS)) compile += Number(c[1].replaceAll(',', ''));
    return { all: Number(m[1]), compile };
  });
};
/** A's counts from `--cache FILE` when it holds them for the same build, paths, pages and warm-up (the counts are deterministic). */
const cacheKey = JSON.stringify([resolve(opts.a), opts.paths, opts.per, opts.warm, opts.passes, data]);
const cached = opts.cache && existsSync(opts.cache) ? JSON.parse(readFileSync(opts.cache, 'utf8')) : {};
const a = cached[cacheKey] ?? count(opts.a, 'a');
if (opts.cache) writeFileSync(opts.cache, JSON.stringify({ ...cached, [cacheKey]: a }));
const b = count(opts.b, 'b');
const M = (x) => (x / 1e6).toFixed(1);
console.log(`${pages.length} pages, ${opts.warm} warm-up passes; instructions of ${opts.passes === '1' ? 'one pass' : `${opts.passes} passes`}, millions, without V8's compilers (compilers' share of the pass in brackets)`);
paths.forEach((p, i) => {
  const na = a[i].all - a[i].compile, nb = b[i].all - b[i].compile;
  console.log(`${p}: A ${M(na)} (${((100 * a[i].compile) / a[i].all).toFixed(1)} %) B ${M(nb)} (${((100 * b[i].compile) / b[i].all).toFixed(1)} %) B/A ${(nb / na).toFixed(3)}`);
});
rmSync(work, { recursive: true, force: true });
