#!/usr/bin/env node
/**
 * `npm run bench:adapt`: what `farsw apply --adapt` (issue 18.4) costs and gains on a crawl of real pages:
 * daniel, dragnet and cleanportaleval of ../shared/datasets as they are (hosts with ≥ 10 pages, many smaller
 * hosts, pages without a host), the same run with and without --adapt, alternating, each in a child process
 * of its own (its peak RSS, main thread and workers together). Per run: wall seconds and peak RSS; for the
 * --adapt runs, per host with ≥ --adapt-min-pages pages: pages, pages sampled, bytes sampled, training time
 * (worker time: seed, label-free training, the guard's five folds) and the decision; and, against the gold the
 * models never saw, mean BoW F1 per host with and without --adapt.
 *   node scripts/bench-adapt.mjs [--runs 2] [--workers 2] [--out FILE.md]
 * Needs ../shared/datasets (or FARSW_DATASETS); skips with a message when absent.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from 'simple-statistics';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
const arg = (name, def) => { const i = process.argv.indexOf(name); return i < 0 ? def : process.argv[i + 1]; };
const FILES = ['daniel', 'dragnet', 'cleanportaleval'].map((n) => join(dir, `${n}.jsonl.gz`));

if (process.argv.includes('--child')) {
  // One run: runBatch as `farsw apply --input FILES [--adapt] -w N` does it; prints its figures as JSON.
  const { runBatch, jsonlFileSink } = await import('../dist/index.js');
  const adapt = arg('--child') === 'adapt';
  let report;
  const t0 = performance.now();
  const summary = await runBatch({
    inputs: FILES, workers: Number(arg('--workers', 2)), extract: {}, force: true,
    sink: jsonlFileSink(arg('--output'), { resumable: false }),
    ...(adapt ? { adapt: { minPages: 10 }, onAdapt: (r) => { report = r; } } : {}),
  });
  const perHost = report?.perHost.map((h) => ({ host: h.host, pages: h.pages, sampled: h.sampled, bytes: h.bytes, ms: h.entry.ms, adapted: h.entry.model !== undefined, reason: h.entry.reason }));
  process.stdout.write(JSON.stringify({
    seconds: (performance.now() - t0) / 1000, records: summary.records, maxRssMb: process.resourceUsage().maxRSS / 1024,
    ...(report ? { report: { ...report, perHost } } : {}),
  }));
  process.exit(0);
}

if (!FILES.every(existsSync)) {
  console.error(`bench:adapt: ${dir} lacks daniel/dragnet/cleanportaleval; this benchmark needs ../shared/datasets. Skipped.`);
  process.exit(0);
}
const runs = Number(arg('--runs', 2));
const workers = Number(arg('--workers', 2));
const out = arg('--out', null);
const tmp = mkdtempSync(join(tmpdir(), 'farsw-bench-adapt-'));
const results = { adapt: [], plain: [] };
try {
  for (let r = 0; r < runs; r++) {
    for (const mode of ['plain', 'adapt']) {
      const output = join(tmp, `${mode}.jsonl`);
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', mode, '--workers', String(workers), '--output', output], { encoding: 'utf8', maxBuffer: 64e6, env: { ...process.env, FARSW_DATASETS: dir } });
      if (child.status !== 0) throw new Error(`${mode} run failed: ${child.stderr}`);
      const res = JSON.parse(child.stdout);
      res.texts = new Map(readFileSync(output, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((x) => x.text !== undefined).map((x) => [x.id, x]));
      results[mode].push(res);
      console.error(`${mode} run ${r + 1}: ${res.seconds.toFixed(1)} s, peak RSS ${res.maxRssMb.toFixed(0)} MB${res.report ? `, training ${res.report.trainSeconds.toFixed(1)} s` : ''}`);
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

// Gold per id, and scores per host of the last run of each mode.
const { readDataset, hostOfRecord, scoreText } = await import('../dist/index.js');
const gold = new Map();
for (const f of FILES) for await (const rec of readDataset(f)) if (rec.gold) gold.set(rec.id, { gold: rec.gold, host: hostOfRecord(rec) });
const last = { adapt: results.adapt.at(-1), plain: results.plain.at(-1) };
const rows = last.adapt.report.perHost.map((h) => {
  let a = 0, p = 0, n = 0;
  for (const [id, g] of gold) {
    if (g.host !== h.host) continue;
    const at = last.adapt.texts.get(id)?.text, pt = last.plain.texts.get(id)?.text;
    if (at === undefined || pt === undefined) continue;
    a += scoreText(at, g.gold).bow.f1; p += scoreText(pt, g.gold).bow.f1; n++;
  }
  return { ...h, gold: n, plainF1: n ? p / n : NaN, adaptF1: n ? a / n : NaN };
});
const f3 = (x) => x.toFixed(3);
const sign = (x) => (x >= 0 ? '+' : '') + x.toFixed(3);
const rep = last.adapt.report;
const trainMs = rows.map((r) => r.ms);
const mb = (b) => (b / 1e6).toFixed(2);
const scored = rows.filter((r) => r.gold > 0);
const mean = (f) => scored.reduce((s, r) => s + f(r), 0) / scored.length;
const lines = [
  `Input: ${FILES.map((f) => f.slice(dir.length + 1)).join(', ')}: ${last.plain.records} records; ${rep.hosts} hosts (+ ${rep.noHost} pages without a host), ${rep.eligible} with ≥ 10 pages. \`--workers ${workers}\`, ${runs} runs of each, alternating; medians.`,
  '',
  '| run | wall s (median) | runs (s) | peak RSS MB (median) | first pass s | training s (wall) | training worker-s |',
  '|---|---:|---|---:|---:|---:|---:|',
  `| without --adapt | ${median(results.plain.map((r) => r.seconds)).toFixed(1)} | ${results.plain.map((r) => r.seconds.toFixed(1)).join(', ')} | ${median(results.plain.map((r) => r.maxRssMb)).toFixed(0)} | | | |`,
  `| --adapt | ${median(results.adapt.map((r) => r.seconds)).toFixed(1)} | ${results.adapt.map((r) => r.seconds.toFixed(1)).join(', ')} | ${median(results.adapt.map((r) => r.maxRssMb)).toFixed(0)} | ${median(results.adapt.map((r) => r.report.readSeconds)).toFixed(1)} | ${median(results.adapt.map((r) => r.report.trainSeconds)).toFixed(1)} | ${median(results.adapt.map((r) => r.report.perHost.reduce((s, h) => s + h.ms, 0) / 1000)).toFixed(1)} |`,
  '',
  `Per host (last --adapt run): training worker time median ${(median(trainMs) / 1000).toFixed(2)} s, max ${(Math.max(...trainMs) / 1000).toFixed(2)} s; `
    + `sample median ${mb(median(rows.map((r) => r.bytes)))} MB, max ${mb(Math.max(...rows.map((r) => r.bytes)))} MB (${median(rows.map((r) => r.sampled))} pages median); all samples together at most ${mb(rep.peakBytes)} MB held at once.`,
  '',
  '| host | pages | sampled | sample MB | training s | model | BoW F1 without --adapt | with --adapt | difference |',
  '|---|---:|---:|---:|---:|---|---:|---:|---:|',
  ...rows.map((r) => `| ${r.host} | ${r.pages} | ${r.sampled} | ${mb(r.bytes)} | ${(r.ms / 1000).toFixed(2)} | ${r.adapted ? 'adapt' : 'usual (lost the guard)'} | ${r.gold ? f3(r.plainF1) : '–'} | ${r.gold ? f3(r.adaptF1) : '–'} | ${r.gold ? sign(r.adaptF1 - r.plainF1) : '–'} |`),
  `| **mean of ${scored.length} hosts with gold** | | | | | ${rows.filter((r) => r.adapted).length} adapt | **${f3(mean((r) => r.plainF1))}** | **${f3(mean((r) => r.adaptF1))}** | **${sign(mean((r) => r.adaptF1 - r.plainF1))}** |`,
  '',
];
console.log(lines.join('\n'));
if (out) writeFileSync(out, lines.join('\n') + '\n');
