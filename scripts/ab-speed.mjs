#!/usr/bin/env node
/**
 * Interleaved A/B speed of two builds in one process: each round times one pass over a dataset's
 * pages with build A and one with build B, interleaved in blocks of about 1 MB of pages (the order
 * alternating from block to block and round to round), per method;
 * prints the median of the per-round ratios B/A (above 1: B is faster) and each build's median MB/s.
 * Both builds run in the same process on the same pages, so machine load hits both alike; passes are
 * timed in CPU time of the process (process.cpuUsage), which waiting for a core does not count.
 * Two builds in one process were measured to favour one of them by 4–7 % depending on load order
 * (docs/decisions.md, "Speed"); `--proc` times each build in its own process instead: per pair, one
 * child per build (the order alternating), warm-up passes over `--warm` MB, then `--passes` timed
 * passes (median), and the median over `--pairs` of the ratios B/A.
 *
 *   node scripts/ab-speed.mjs --a scratch/base/dist --b dist [--rounds 15] [--methods addanag,model:default] DATASET.jsonl.gz…
 *   node scripts/ab-speed.mjs --proc --a scratch/base/dist --b dist [--pairs 5] [--passes 10] [--warm 200] [--methods addanag] [--format markdown] DATASET.jsonl.gz…
 *
 * `--format markdown|html` times the rendition too; `--format json` the result written as JSON (default: text).
 *
 * A build is a dist/ directory whose index.js exports `extract` (copy the previous build aside first;
 * its `../models/default.json` is the model it loads). Needs the shared datasets it is given.
 */
import { readFileSync } from 'node:fs';
import { join, resolve, basename } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { median } from 'simple-statistics';

const { values: opts, positionals: files } = parseArgs({
  allowPositionals: true,
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    rounds: { type: 'string', default: '15' },
    methods: { type: 'string', default: 'addanag,model:default' },
    proc: { type: 'boolean', default: false },
    pairs: { type: 'string', default: '5' },
    passes: { type: 'string', default: '10' },
    warm: { type: 'string', default: '200' },
    child: { type: 'string' },
    format: { type: 'string', default: 'text' },
  },
});
/**
 * One page through a build: extract() with the method and `--format` (markdown, html: the rendition; json: the result
 * written as JSON, as `--format json` writes a page; text: the text alone).
 */
const call = (lib, m, format = opts.format) => {
  const options = { ...(m === 'model:default' ? {} : { algorithm: m }), ...(format === 'markdown' || format === 'html' ? { format } : {}) };
  if (format === 'json') return (h) => JSON.stringify(lib.extract(h, options));
  return (h) => lib.extract(h, options);
};
const readPages = (file) => gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l)).filter((r) => r.gold !== null).map((r) => r.html);
const load = async (dir) => import(pathToFileURL(join(resolve(dir), 'index.js')).href);

if (opts.child) {
  // --proc's child: one build, one method, one dataset; prints its median MB/s over the timed passes.
  const f = call(await load(opts.child), opts.methods);
  const pages = readPages(files[0]);
  const mb = pages.reduce((s, p) => s + Buffer.byteLength(p), 0) / 1e6;
  const pass = () => {
    const t0 = process.cpuUsage();
    for (const p of pages) f(p);
    const d = process.cpuUsage(t0);
    return mb / ((d.user + d.system) / 1e6);
  };
  for (let warmed = 0; warmed < Number(opts.warm); warmed += mb) pass();
  process.stdout.write(`${median(Array.from({ length: Number(opts.passes) }, pass))} ${mb}\n`);
  process.exit(0);
}
if (!opts.a || !opts.b || files.length === 0) {
  process.stderr.write('usage: node scripts/ab-speed.mjs [--proc] --a DIST_A --b DIST_B [--rounds N] [--methods m1,m2] DATASET.jsonl.gz…\n');
  process.exit(2);
}
const methods = opts.methods.split(',');
if (opts.proc) {
  const self = fileURLToPath(import.meta.url);
  const run = (dir, m, file) => execFileSync(process.execPath,
    [self, '--child', dir, '--methods', m, '--format', opts.format, '--passes', opts.passes, '--warm', opts.warm, file], { encoding: 'utf8' }).trim().split(' ').map(Number);
  for (const file of files) {
    for (const m of methods) {
      const ra = [], rb = [], ratio = [];
      let mb = 0;
      for (let i = 0; i < Number(opts.pairs); i++) {
        let a, b;
        if (i % 2 === 0) { a = run(opts.a, m, file); b = run(opts.b, m, file); } else { b = run(opts.b, m, file); a = run(opts.a, m, file); }
        ra.push(a[0]); rb.push(b[0]); ratio.push(b[0] / a[0]); mb = a[1];
      }
      console.log(`${basename(file, '.jsonl.gz')} ${m}${opts.format === 'text' ? '' : ` ${opts.format}`}: B/A ${median(ratio).toFixed(3)} [${ratio.map((r) => r.toFixed(3)).join(', ')}] (A ${median(ra).toFixed(1)} MB/s, B ${median(rb).toFixed(1)} MB/s, one process per build, ${opts.pairs} pairs × ${opts.passes} passes, ${mb.toFixed(1)} MB)`);
    }
  }
  process.exit(0);
}
const A = await load(opts.a), B = await load(opts.b);
const rounds = Number(opts.rounds);

for (const file of files) {
  const pages = readPages(file);
  const mb = pages.reduce((s, p) => s + Buffer.byteLength(p), 0) / 1e6;
  for (const m of methods) {
    const fa = call(A, m), fb = call(B, m);
    // Pages in blocks of about 1 MB; A and B take turns block by block (the order alternating), so a
    // burst of load from other processes falls on both.
    const blocks = [];
    for (let i = 0, size = 0; i < pages.length; i++) {
      if (blocks.length === 0 || size >= 1e6) { blocks.push([]); size = 0; }
      blocks[blocks.length - 1].push(pages[i]);
      size += pages[i].length;
    }
    // CPU time of the process (user + system, ms), not wall time: on a shared machine a pass also waits for a core.
    const time = (f, block) => {
      const t0 = process.cpuUsage();
      for (const p of block) f(p);
      const d = process.cpuUsage(t0);
      return (d.user + d.system) / 1000;
    };
    for (const block of blocks) { time(fa, block); time(fb, block); } // warm-up
    const ra = [], rb = [], ratio = [];
    for (let r = 0; r < rounds; r++) {
      let ta = 0, tb = 0;
      blocks.forEach((block, k) => {
        if ((r + k) % 2 === 0) { ta += time(fa, block); tb += time(fb, block); } else { tb += time(fb, block); ta += time(fa, block); }
      });
      const a = mb / (ta / 1000), b = mb / (tb / 1000);
      ra.push(a); rb.push(b); ratio.push(b / a);
    }
    console.log(`${basename(file, '.jsonl.gz')} ${m}: B/A ${median(ratio).toFixed(3)} (A ${median(ra).toFixed(1)} MB/s, B ${median(rb).toFixed(1)} MB/s, ${rounds} rounds, ${mb.toFixed(1)} MB)`);
  }
}
