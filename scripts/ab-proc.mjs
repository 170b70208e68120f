#!/usr/bin/env node
/**
 * A/B speed of two builds, each in its own process: for every pair, one child process per build
 * (the order alternating from pair to pair) loads the dataset, makes warm-up passes and then
 * `--passes` timed passes of extract() over its pages, in CPU time; prints the median over pairs of
 * the ratio B/A (above 1: B is faster) and each build's median MB/s. Two builds loaded in one
 * process (scripts/ab-speed.mjs) were measured to favour the one loaded first by up to 7 % under
 * load (session 10, docs/decisions.md); separate processes share nothing but the machine. Warm-up:
 * passes over at least `--warm` MB (default 50), so small datasets time warm code too.
 *
 *   node scripts/ab-proc.mjs --a BUILD_A/dist --b dist [--pairs 3] [--passes 5] [--warm 50] [--methods addanag] DATASET.jsonl.gz…
 *
 * Needs the shared datasets it is given.
 */
import { readFileSync } from 'node:fs';
import { join, resolve, basename } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { median } from 'simple-statistics';

const { values: opts, positionals: files } = parseArgs({
  allowPositionals: true,
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    pairs: { type: 'string', default: '3' },
    passes: { type: 'string', default: '5' },
    warm: { type: 'string', default: '50' },
    methods: { type: 'string', default: 'addanag' },
    child: { type: 'string' },
    method: { type: 'string' },
  },
});

if (opts.child) {
  // Child: time one build on one dataset and print its MB/s (median of the timed passes).
  const lib = await import(pathToFileURL(join(resolve(opts.child), 'index.js')).href);
  const pages = gunzipSync(readFileSync(files[0])).toString('utf8').split('\n').filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l)).filter((r) => r.gold !== null).map((r) => r.html);
  const mb = pages.reduce((s, p) => s + Buffer.byteLength(p), 0) / 1e6;
  const f = opts.method === 'model:default' ? (h) => lib.extract(h) : (h) => lib.extract(h, { algorithm: opts.method });
  const pass = () => {
    const t0 = process.cpuUsage();
    for (const p of pages) f(p);
    const d = process.cpuUsage(t0);
    return mb / ((d.user + d.system) / 1e6);
  };
  for (let warmed = 0; warmed < Number(opts.warm); warmed += mb) pass();
  const speeds = Array.from({ length: Number(opts.passes) }, pass);
  process.stdout.write(`${median(speeds)} ${mb}\n`);
  process.exit(0);
}

if (!opts.a || !opts.b || files.length === 0) {
  process.stderr.write('usage: node scripts/ab-proc.mjs --a DIST_A --b DIST_B [--pairs N] [--passes N] [--methods m1,m2] DATASET.jsonl.gz…\n');
  process.exit(2);
}
const self = fileURLToPath(import.meta.url);
const run = (dir, method, file) => {
  const out = execFileSync(process.execPath, [self, '--child', dir, '--method', method, '--passes', opts.passes, '--warm', opts.warm, file], { encoding: 'utf8' });
  const [speed, mb] = out.trim().split(' ').map(Number);
  return { speed, mb };
};
for (const file of files) {
  for (const m of opts.methods.split(',')) {
    const ra = [], rb = [], ratio = [];
    let mb = 0;
    for (let i = 0; i < Number(opts.pairs); i++) {
      let a, b;
      if (i % 2 === 0) { a = run(opts.a, m, file); b = run(opts.b, m, file); } else { b = run(opts.b, m, file); a = run(opts.a, m, file); }
      ra.push(a.speed); rb.push(b.speed); ratio.push(b.speed / a.speed); mb = a.mb;
    }
    console.log(`${basename(file, '.jsonl.gz')} ${m}: B/A ${median(ratio).toFixed(3)} [${ratio.map((r) => r.toFixed(3)).join(', ')}] (A ${median(ra).toFixed(1)} MB/s, B ${median(rb).toFixed(1)} MB/s, ${opts.pairs} pairs × ${opts.passes} passes, ${mb.toFixed(1)} MB)`);
  }
}
