#!/usr/bin/env node
/**
 * `npm run bench:batch`: throughput and memory of batch runs
 * (`farsw apply --input …`), each run a separate `node` process running the
 * compiled CLI, timed from spawn to exit (startup and pool start included).
 *
 * 1. Throughput: every ../shared/datasets/*.jsonl.gz in one run, with
 *    --workers 1 and 2 (alternating, RUNS times each; medians). Pages/s and
 *    MB/s, MB = uncompressed record bytes (JSON Lines, HTML plus gold).
 * 2. Memory: a WARC of ≈ WARC_GB GB generated in the system temp folder by
 *    repeating the dataset pages as HTTP responses (deleted afterwards; never
 *    committed), run with --workers 2; peak RSS of the process (all threads):
 *    VmHWM of /proc/self/status (getrusage's maxRSS is not used on Linux: it
 *    keeps the parent's RSS from before exec, and this parent holds the pages).
 *
 * Writes the section between <!-- batch:start --> and <!-- batch:end --> of
 * docs/benchmarks/batch.md (section 5 between <!-- batch-coordinator:start/end -->). Needs `npm run build` (the npm script runs it) and
 * ../shared/datasets (skips with a message when absent).
 *
 * 3. Gated pairs (for a shared machine): up to PAIRS times, measure the CPU
 *    ceiling, run --workers 1 then 2 on one dataset file (GATE_INPUT), measure
 *    the ceiling again; report the pairs where both ceilings were ≥ GATE
 *    (the machine really gave two cores throughout).
 *
 * 4. CPU split (Linux): main thread, worker threads, the rest (zlib's libuv pool, V8 helper threads), per
 *    run and per 100 MB, and the speed-up those CPU times allow on two free cores (idealSpeedUp).
 *
 * 5. Coordinator (issue 38.5): the first COORD_PAGES records of wcxb-dev, uncompressed, with --workers 1 and a
 *    no-op extractor (FARSW_BATCH_NOOP=1: the workers parse and check each record and answer an empty text), and
 *    with the default model at --workers 1 and 2. Per-MB figures are slopes between that run and one over the
 *    first 20 records (start-up and pool start cancel out). The coordinator's cost is the main thread's CPU per MB
 *    of the no-op run (and of the default run, which writes the real texts); the extraction's is the CPU per MB the
 *    default model adds to the whole process (default run − no-op run, GC and compiler threads included) and the
 *    worker threads' CPU per MB of the default run.
 *
 * Usage: npm run bench:batch [-- --runs 3] [-- --workers 1,2] [-- --warc-gb 1] [-- --no-warc] [-- --gate 1.8 --pairs 8]
 *        [-- --coordinator-only] [-- --no-coordinator] [-- --coordinator-pages 600]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { readJsonLines } from '../dist/dataset/read-jsonl.js';
import { median } from 'simple-statistics';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    data: { type: 'string', default: resolve(root, '../shared/datasets') },
    runs: { type: 'string', default: '3' },
    workers: { type: 'string', default: '1,2' },
    'warc-gb': { type: 'string', default: '1' },
    'no-warc': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    gate: { type: 'string', default: '1.8' },
    pairs: { type: 'string', default: '8' },
    'gate-input': { type: 'string', default: 'dragnet.jsonl.gz' },
    'coordinator-only': { type: 'boolean', default: false },
    'no-coordinator': { type: 'boolean', default: false },
    'coordinator-pages': { type: 'string', default: '600' },
  },
});
if (!existsSync(opts.data)) {
  console.error(`bench:batch: ${opts.data} not found; this benchmark needs ../shared/datasets. Skipped.`);
  process.exit(0);
}
const RUNS = Number(opts.runs);
const WORKERS = opts.workers.split(',').map(Number);
const scratch = mkdtempSync(join(tmpdir(), 'farsw-bench-batch-'));
const datasets = readdirSync(opts.data).filter((f) => f.endsWith('.jsonl.gz')).sort().map((f) => join(opts.data, f));

/**
 * Run the CLI in a child process; resolves to wall seconds, the summary line, the peak RSS (MB) and the
 * CPU seconds of the whole process and, on Linux, per thread: `main` (the main thread: reading, gunzip
 * bookkeeping, scheduling, output), `workers` (the `--workers` threads that used the most CPU: parsing and
 * extraction) and `other` (the rest: libuv's pool running zlib, V8's helper threads for GC and optimizing
 * compilation, threads already gone). Per-thread CPU comes from /proc/self/task/<tid>/stat, sampled every
 * 100 ms and once at the end.
 */
async function runCli(args, env = {}) {
  const workers = Number(args[args.indexOf('--workers') + 1] ?? 0);
  const code = `const fs = await import('node:fs');
    const seen = new Map();
    const tick = () => {
      let tasks = [];
      try { tasks = fs.readdirSync('/proc/self/task'); } catch { return; }
      for (const t of tasks) {
        try {
          const st = fs.readFileSync('/proc/self/task/' + t + '/stat', 'utf8');
          const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
          seen.set(t, (Number(f[11]) + Number(f[12])) / 100);
        } catch {}
      }
    };
    const iv = setInterval(tick, 100); iv.unref();
    const m = await import(${JSON.stringify(join(root, 'dist/cli/main.js'))});
    const c = await m.run(process.argv.slice(1));
    tick();
    const hwm = fs.existsSync('/proc/self/status') ? /VmHWM:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] : undefined;
    const ru = process.resourceUsage();
    const main = seen.get(String(process.pid));
    const rest = [...seen].filter(([t]) => t !== String(process.pid)).map(([, v]) => v).sort((a, b) => b - a);
    const w = rest.slice(0, ${workers}).reduce((a, b) => a + b, 0);
    process.stderr.write('RSS ' + (hwm ?? ru.maxRSS) + '\\nCPU ' + (ru.userCPUTime + ru.systemCPUTime) + '\\n'
      + (main !== undefined ? 'THREADS ' + main + ' ' + w + '\\n' : ''));
    process.exitCode = c;`;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', code, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  const [exit] = await once(child, 'exit');
  const seconds = (performance.now() - t0) / 1000;
  const summary = err.split('\n').find((l) => l.startsWith('farsw apply:')) ?? '';
  const m = /: (\d+) records, (\d+) failed.*?, ([\d.]+) MB in/.exec(summary);
  const rss = Number(/RSS (\d+)/.exec(err)?.[1] ?? NaN) / 1024;
  const cpu = Number(/CPU (\d+)/.exec(err)?.[1] ?? NaN) / 1e6;
  const th = /THREADS ([\d.]+) ([\d.]+)/.exec(err);
  const main = th ? Number(th[1]) : NaN, workerCpu = th ? Number(th[2]) : NaN;
  if (!m || (exit !== 0 && exit !== 3)) throw new Error(`run failed (exit ${exit}): ${err}`);
  return { seconds, cpu, main, workerCpu, other: cpu - main - workerCpu, records: Number(m[1]), failed: Number(m[2]), mb: Number(m[3]), rss, summary };
}

/**
 * What the machine gives two threads right now: iterations of a busy loop in 2 s, two threads at once
 * against one alone. On an idle 2-core machine this is ≈ 2; the batch speed-up cannot exceed it.
 */
async function cpuCeiling() {
  const { Worker } = await import('node:worker_threads');
  const code = 'let x = 0; const t = Date.now(); while (Date.now() - t < 2000) x++; require("node:worker_threads").parentPort.postMessage(x);';
  const spin = (n) => Promise.all(Array.from({ length: n }, () => new Promise((res) => {
    const w = new Worker(code, { eval: true });
    w.once('message', (m) => { res(m); void w.terminate(); });
  })));
  const [one] = await spin(1);
  const two = await spin(2);
  return (two[0] + two[1]) / one;
}

/**
 * The 2-worker speed-up the CPU times allow on two free cores: a 1-worker run takes at least its worker
 * thread's CPU time and at least half the process's; a 2-worker run at least half the process's and at
 * least one worker's share. Ratio of the two lower bounds (the speed-up if both runs reach them).
 */
const idealSpeedUp = (one, two) => Math.max(one.workerCpu, one.cpu / 2) / Math.max(two.workerCpu / 2, two.cpu / 2);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

/** Replace the section between <!-- NAME:start --> and <!-- NAME:end --> of docs/benchmarks/batch.md (appended when absent). */
function writeSection(name, md) {
  const file = join(root, 'docs/benchmarks/batch.md');
  const start = `<!-- ${name}:start -->`, end = `<!-- ${name}:end -->`;
  const stamp = `_Written ${new Date().toISOString().slice(0, 10)} on ${process.platform}/${process.arch}, Node ${process.version}._`;
  const block = `${start}\n${md}\n\n${stamp}\n${end}`;
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const i = old.indexOf(start), j = old.indexOf(end);
  writeFileSync(file, i >= 0 && j > i ? old.slice(0, i) + block + old.slice(j + end.length) : `${old.trimEnd()}\n\n${block}\n`);
}

/** The first `n` records of a JSON Lines file, uncompressed, in the scratch folder. */
async function firstRecords(file, n, name) {
  const out = join(scratch, name);
  const ws = createWriteStream(out);
  let k = 0;
  for await (const e of readJsonLines(file)) {
    if (k++ >= n) break;
    if (!ws.write(JSON.stringify(e.value) + '\n')) await once(ws, 'drain');
  }
  ws.end();
  await once(ws, 'finish');
  return out;
}

/**
 * Section 5: RUNS alternating rounds of (no-op, default -w 1, default -w 2) over `pages` records and the same over
 * 20 records; medians; per-MB figures are slopes between the two inputs.
 */
async function coordinator(file, pages) {
  const big = await firstRecords(file, pages, 'coord-big.jsonl');
  const small = await firstRecords(file, 20, 'coord-small.jsonl');
  const settings = [
    { key: 'noop', w: 1, env: { FARSW_BATCH_NOOP: '1' } },
    { key: 'w1', w: 1, env: {} },
    { key: 'w2', w: 2, env: {} },
  ];
  const runs = {};
  const loadBefore = load();
  const ceilingBefore = await cpuCeiling();
  for (let r = 0; r < RUNS; r++) {
    for (const st of settings) {
      for (const [size, input] of [['big', big], ['small', small]]) {
        const out = join(scratch, `coord-${st.key}-${size}.jsonl`);
        rmSync(`${out}.done`, { force: true });
        const res = await runCli(['apply', '--quiet', '--workers', String(st.w), '--input', input, '--output', out], st.env);
        (runs[`${st.key}-${size}`] ??= []).push(res);
        console.error(`coordinator: ${st.key} ${size}, run ${r + 1}: ${res.records} pages, ${res.mb} MB in ${res.seconds.toFixed(2)} s (CPU ${res.cpu.toFixed(2)} s: main ${res.main.toFixed(2)}, workers ${res.workerCpu.toFixed(2)}, other ${res.other.toFixed(2)}) (load ${load()})`);
      }
    }
  }
  const ceilingAfter = await cpuCeiling();
  const med = (key, f) => median(runs[key].map(f));
  const slope = (key, f) => (med(`${key}-big`, f) - med(`${key}-small`, f)) / (runs[`${key}-big`][0].mb - runs[`${key}-small`][0].mb) * 1000; // ms per MB
  const per = (key) => ({ main: slope(key, (x) => x.main), workers: slope(key, (x) => x.workerCpu), other: slope(key, (x) => x.other), total: slope(key, (x) => x.cpu) });
  const noop = per('noop'), w1 = per('w1'), w2 = per('w2');
  const wall = (key) => med(`${key}-big`, (x) => x.seconds);
  return {
    pages: runs['w1-big'][0].records, mb: runs['w1-big'][0].mb, noop, w1, w2,
    extraction: w1.total - noop.total,
    wall: { noop: wall('noop'), w1: wall('w1'), w2: wall('w2') },
    cpu: { w1: runs['w1-big'].map((x) => x), w2: runs['w2-big'].map((x) => x) },
    one: { workerCpu: med('w1-big', (x) => x.workerCpu), cpu: med('w1-big', (x) => x.cpu) },
    two: { workerCpu: med('w2-big', (x) => x.workerCpu), cpu: med('w2-big', (x) => x.cpu) },
    loadBefore, loadAfter: load(), ceilingBefore, ceilingAfter,
  };
}

/** Section 5 as Markdown. */
function coordinatorMarkdown(c) {
  if (!c) return '';
  const f = (x, d = 1) => x.toFixed(d);
  const row = (name, x) => `| ${name} | ${f(x.main, 2)} | ${f(x.workers, 2)} | ${f(x.other, 2)} | ${f(x.total, 2)} |`;
  const speedUp = c.wall.w1 / c.wall.w2;
  return [
    '## The coordinator, and 1 against 2 workers (`npm run bench:batch -- --coordinator-only`)',
    '',
    `Coordinator against extraction (issue 38.5): the first ${c.pages} WCXB dev pages (${f(c.mb)} MB of uncompressed JSON Lines), \`--workers 1\`,`,
    `with a no-op extractor (\`FARSW_BATCH_NOOP=1\`: workers parse and check each record, answer an empty text) and with the default model;`,
    `CPU ms per MB = slope between that run and one over the first 20 pages (start-up cancels out), medians of ${RUNS} runs; load average before ${c.loadBefore}, after ${c.loadAfter}.`,
    '',
    '| run | main thread ms/MB | worker threads ms/MB | other threads ms/MB | whole process ms/MB |',
    '|---|---:|---:|---:|---:|',
    row('no-op extractor, 1 worker', c.noop),
    row('default model, 1 worker', c.w1),
    row('default model, 2 workers', c.w2),
    '',
    `Coordinator (main thread, no-op run): **${f(c.noop.main, 2)} ms/MB**; extraction (what the default model adds to the whole process): **${f(c.extraction, 2)} ms/MB**, **${f(c.extraction / c.noop.main)}×** the coordinator (target ≥ 5×).`,
    `In the default run the main thread (which also writes the texts) takes ${f(c.w1.main, 2)} ms/MB, the worker threads ${f(c.w1.workers, 2)} ms/MB: one main thread feeds ${f(c.w1.workers / c.w1.main)} busy workers.`,
    '',
    `1 against 2 workers, default model, same ${c.pages} pages (wall from spawn to exit, medians; CPU ceiling ${c.ceilingBefore.toFixed(2)}× before, ${c.ceilingAfter.toFixed(2)}× after):`,
    `${f(c.pages / c.wall.w1, 0)} pages/s with 1 worker (${f(c.wall.w1, 2)} s), ${f(c.pages / c.wall.w2, 0)} pages/s with 2 (${f(c.wall.w2, 2)} s): **${f(speedUp, 2)}×** (target ≥ 1.5×);`,
    `the CPU times allow ${f(idealSpeedUp(c.one, c.two), 2)}× on two free cores (process CPU ${f(c.one.cpu, 2)} s with 1 worker, ${f(c.two.cpu, 2)} s with 2).`,
  ].join('\n');
}

// 5. Coordinator against extraction, and 1 against 2 workers, on the first pages of WCXB dev (run first: it is the
// figure issue 38.5 asks for, and --coordinator-only stops after it).
let coord;
const wcxb = join(opts.data, 'wcxb-dev.jsonl.gz');
if (!opts['no-coordinator'] && existsSync(wcxb)) coord = await coordinator(wcxb, Number(opts['coordinator-pages']));
if (coord) {
  const md = coordinatorMarkdown(coord);
  console.log(md);
  if (!opts['no-write']) writeSection('batch-coordinator', md);
}
if (opts['coordinator-only']) {
  rmSync(scratch, { recursive: true, force: true });
  process.exit(0);
}

// 1. Throughput on the datasets.
const loadBefore = load();
const ceilingBefore = await cpuCeiling();
console.error(`CPU ceiling (2 busy threads / 1): ${ceilingBefore.toFixed(2)}×`);
const results = new Map(WORKERS.map((w) => [w, []]));
for (let r = 0; r < RUNS; r++) {
  for (const w of WORKERS) {
    const out = join(scratch, `out-w${w}.jsonl`);
    rmSync(`${out}.done`, { force: true });
    const res = await runCli(['apply', '--quiet', '--workers', String(w), ...datasets.flatMap((d) => ['--input', d]), '--output', out]);
    results.get(w).push(res);
    console.error(`workers ${w}, run ${r + 1}: ${res.records} pages, ${res.mb} MB in ${res.seconds.toFixed(2)} s (CPU ${res.cpu.toFixed(1)} s: main ${res.main.toFixed(2)}, workers ${res.workerCpu.toFixed(2)}, other ${res.other.toFixed(2)}), peak RSS ${res.rss.toFixed(0)} MB (load ${load()})`);
  }
}
const loadAfter = load();
const ceilingAfter = await cpuCeiling();
console.error(`CPU ceiling after: ${ceilingAfter.toFixed(2)}×`);
const rows = WORKERS.map((w) => {
  const rs = results.get(w);
  const s = median(rs.map((x) => x.seconds));
  return { w, cpu: median(rs.map((x) => x.cpu)), main: median(rs.map((x) => x.main)), workerCpu: median(rs.map((x) => x.workerCpu)), other: median(rs.map((x) => x.other)), pages: rs[0].records, mb: rs[0].mb, s, pps: rs[0].records / s, mbps: rs[0].mb / s, rss: Math.max(...rs.map((x) => x.rss)), all: rs.map((x) => x.seconds.toFixed(1)).join(', ') };
});
const base = rows.find((r) => r.w === 1);

// 3. Gated pairs: 1 and 2 workers while the machine gives two threads two cores.
const gate = Number(opts.gate);
const gated = [];
const gateInput = join(opts.data, opts['gate-input']);
for (let k = 0; k < Number(opts.pairs) && existsSync(gateInput); k++) {
  const c0 = await cpuCeiling();
  const pair = {};
  for (const w of [1, 2]) {
    const out = join(scratch, `gate-w${w}.jsonl`);
    rmSync(`${out}.done`, { force: true });
    pair[w] = await runCli(['apply', '--quiet', '--workers', String(w), '--input', gateInput, '--output', out]);
  }
  const c1 = await cpuCeiling();
  const ok = c0 >= gate && c1 >= gate;
  console.error(`pair ${k + 1}: ceiling ${c0.toFixed(2)}/${c1.toFixed(2)}, 1 worker ${pair[1].seconds.toFixed(2)} s, 2 workers ${pair[2].seconds.toFixed(2)} s → ${(pair[1].seconds / pair[2].seconds).toFixed(2)}×${ok ? '' : ' (discarded)'}; CPU s main/workers/other: 1 worker ${[pair[1].main, pair[1].workerCpu, pair[1].other].map((x) => x.toFixed(2)).join('/')}, 2 workers ${[pair[2].main, pair[2].workerCpu, pair[2].other].map((x) => x.toFixed(2)).join('/')}`);
  gated.push({ c0, c1, ok, s1: pair[1].seconds, s2: pair[2].seconds, records: pair[1].records, mb: pair[1].mb, one: pair[1], two: pair[2] });
}

// 2. Peak RSS on a generated WARC.
let warcRow;
if (!opts['no-warc']) {
  const target = Number(opts['warc-gb']) * 1e9;
  const warc = join(scratch, 'big.warc');
  const pages = [];
  for (const d of datasets) {
    for await (const e of readJsonLines(d)) if (e.value && typeof e.value.html === 'string') pages.push({ url: e.value.url ?? `https://bench.invalid/${e.value.id}`, body: Buffer.from(e.value.html) });
  }
  const ws = createWriteStream(warc);
  let written = 0, n = 0;
  while (written < target) {
    const p = pages[n % pages.length];
    const http = Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n');
    const head = Buffer.from(`WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:${randomUUID()}>\r\nWARC-Target-URI: ${p.url}\r\nWARC-Date: 2024-01-01T00:00:00Z\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: ${http.length + p.body.length}\r\n\r\n`);
    for (const b of [head, http, p.body, Buffer.from('\r\n\r\n')]) {
      written += b.length;
      if (!ws.write(b)) await once(ws, 'drain');
    }
    n++;
  }
  ws.end();
  await once(ws, 'finish');
  pages.length = 0;
  const size = statSync(warc).size;
  console.error(`generated ${warc}: ${(size / 1e9).toFixed(2)} GB, ${n} records`);
  const res = await runCli(['apply', '--quiet', '--workers', '2', '--input', warc, '--output', join(scratch, 'warc-out.jsonl.gz')]);
  console.error(`WARC: ${res.records} pages in ${res.seconds.toFixed(1)} s, peak RSS ${res.rss.toFixed(0)} MB`);
  warcRow = { size, n, ...res };
  rmSync(warc, { force: true });
}
rmSync(scratch, { recursive: true, force: true });

const f = (x, d = 1) => x.toFixed(d);
const md = [
  '## Batch runs (`npm run bench:batch`)',
  '',
  `Command: \`npm run bench:batch\` (${RUNS} runs per setting, alternating; median wall time from process spawn to exit).`,
  `Input: all ${datasets.length} \`../shared/datasets/*.jsonl.gz\` files in one \`farsw apply --input … --output OUT.jsonl\` run, default extractor;`,
  'MB = uncompressed JSON Lines record bytes. Machine: ' + `${cpus().length} × ${cpus()[0]?.model ?? '?'}, load average before ${loadBefore}, after ${loadAfter} (shared machine).`,
  '',
  `CPU available to two threads (two busy-loop threads against one, measured before and after): ${ceilingBefore.toFixed(2)}× and ${ceilingAfter.toFixed(2)}× — the ceiling of any 2-worker speed-up at that moment (2× on an idle 2-core machine).`,
  '',
  'CPU s = user + system CPU time of the whole process (all threads), median: the work a run costs, whatever the load.',
  '',
  '| workers | pages | MB | wall s (median) | runs (s) | pages/s | MB/s | speed-up vs 1 | CPU s | main / workers / other CPU s | peak RSS MB |',
  '|---:|---:|---:|---:|---|---:|---:|---:|---:|---|---:|',
  ...rows.map((r) => `| ${r.w} | ${r.pages} | ${f(r.mb)} | ${f(r.s, 2)} | ${r.all} | ${f(r.pps, 0)} | ${f(r.mbps, 2)} | ${base ? f(base.s / r.s, 2) + '×' : ''} | ${f(r.cpu, 1)} | ${f(r.main, 2)} / ${f(r.workerCpu, 2)} / ${f(r.other, 2)} | ${f(r.rss, 0)} |`),
  '',
  ...(rows.every((r) => Number.isFinite(r.main)) ? [
    'CPU per 100 MB of input (medians; main = the main thread, workers = the worker threads, other = libuv\'s pool running zlib, V8\'s helper threads for GC and optimizing compilation, threads gone before the last sample; /proc/self/task, sampled every 100 ms):',
    '',
    '| workers | main CPU-s / 100 MB | workers CPU-s / 100 MB | other CPU-s / 100 MB | total CPU-s / 100 MB |',
    '|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.w} | ${f(r.main / r.mb * 100, 2)} | ${f(r.workerCpu / r.mb * 100, 2)} | ${f(r.other / r.mb * 100, 2)} | ${f(r.cpu / r.mb * 100, 2)} |`),
    '',
    ...(base && rows.find((r) => r.w === 2) ? [
      `Ideal speed-up these CPU times allow on two free cores: a 1-worker run takes at least max(its worker thread, half the process CPU) = ${f(Math.max(base.workerCpu, base.cpu / 2), 2)} s, a 2-worker run at least max(one worker's share, half the process CPU) = ${f(Math.max(rows.find((r) => r.w === 2).workerCpu / 2, rows.find((r) => r.w === 2).cpu / 2), 2)} s: **${f(idealSpeedUp(base, rows.find((r) => r.w === 2)), 2)}×** if both runs reach their bound (the work outside the worker threads runs beside a single worker for free, and takes the worker threads' cores from two). For 1.8× with this worker CPU, main + other of the 2-worker run would have to be ≤ 2 × ${f(base.workerCpu, 2)} / 1.8 − ${f(rows.find((r) => r.w === 2).workerCpu, 2)} = ${f(2 * base.workerCpu / 1.8 - rows.find((r) => r.w === 2).workerCpu, 2)} s; it is ${f(rows.find((r) => r.w === 2).main + rows.find((r) => r.w === 2).other, 2)} s.`,
      '',
    ] : []),
  ] : []),
  ...(gated.length ? [
    `Gated pairs (\`${opts['gate-input']}\`, ${gated[0].records} pages, ${f(gated[0].mb)} MB; 1 then 2 workers, the CPU ceiling measured before and after each pair;`,
    `a pair counts when both ceilings are ≥ ${gate}, i.e. the machine gave two threads two cores throughout):`,
    '',
    '| pair | ceiling before/after | 1 worker s | 2 workers s | speed-up | CPU s main / workers / other, 1 worker | same, 2 workers | ideal speed-up from CPU | counted |',
    '|---:|---|---:|---:|---:|---|---|---:|---|',
    ...gated.map((g, k) => `| ${k + 1} | ${f(g.c0, 2)} / ${f(g.c1, 2)} | ${f(g.s1, 2)} | ${f(g.s2, 2)} | ${f(g.s1 / g.s2, 2)}× | ${f(g.one.main, 2)} / ${f(g.one.workerCpu, 2)} / ${f(g.one.other, 2)} | ${f(g.two.main, 2)} / ${f(g.two.workerCpu, 2)} / ${f(g.two.other, 2)} | ${f(idealSpeedUp(g.one, g.two), 2)}× | ${g.ok ? 'yes' : 'no'} |`),
    '',
    gated.some((g) => g.ok)
      ? `Median speed-up over the counted pairs: **${f(median(gated.filter((g) => g.ok).map((g) => g.s1 / g.s2)), 2)}×** (${gated.filter((g) => g.ok).length} of ${gated.length} pairs).`
      : `No pair ran with two free cores (every ceiling below ${gate}): no speed-up figure from this run.`,
    `Median ideal speed-up from the CPU times of all ${gated.length} pairs (load-independent up to cache effects): ${f(median(gated.map((g) => idealSpeedUp(g.one, g.two))), 2)}×.`,
    '',
  ] : []),
  ...(warcRow ? [
    `Memory: a ${f(warcRow.size / 1e9, 2)} GB uncompressed WARC (${warcRow.n} HTTP responses repeating the dataset pages, generated in the temp folder and deleted) → \`--workers 2\`, gzip JSON Lines output:`,
    `${warcRow.records} pages in ${f(warcRow.seconds)} s (${f(warcRow.records / warcRow.seconds, 0)} pages/s, ${f(warcRow.size / 1e6 / warcRow.seconds)} MB/s of WARC), **peak RSS ${f(warcRow.rss, 0)} MB** (VmHWM, main thread and workers).`,
  ] : []),
].join('\n');
console.log(md);
if (!opts['no-write']) writeSection('batch', md);
