#!/usr/bin/env node
/**
 * Interleaved A/B speed of two builds in one process: each round times one pass over a dataset's
 * pages with build A and one with build B, interleaved in blocks of about 1 MB of pages (the order
 * alternating from block to block and round to round), per method;
 * prints the median of the per-round ratios B/A (above 1: B is faster) and each build's median MB/s.
 * Both builds run in the same process on the same pages, so machine load hits both alike; passes are
 * timed in CPU time of the process (process.cpuUsage), which waiting for a core does not count.
 *
 *   node scripts/ab-speed.mjs --a scratch/base/dist --b dist [--rounds 15] [--methods addanag,model:default] DATASET.jsonl.gz…
 *
 * A build is a dist/ directory whose index.js exports `extract` (copy the previous build aside first;
 * its `../models/default.json` is the model it loads). Needs the shared datasets it is given.
 */
import { readFileSync } from 'node:fs';
import { join, resolve, basename } from 'node:path';
import { pathToFileURL } from 'node:url';
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
  },
});
if (!opts.a || !opts.b || files.length === 0) {
  process.stderr.write('usage: node scripts/ab-speed.mjs --a DIST_A --b DIST_B [--rounds N] [--methods m1,m2] DATASET.jsonl.gz…\n');
  process.exit(2);
}
const load = async (dir) => import(pathToFileURL(join(resolve(dir), 'index.js')).href);
const A = await load(opts.a), B = await load(opts.b);
const rounds = Number(opts.rounds);
const methods = opts.methods.split(',');
const call = (lib, m) => (m === 'model:default' ? (h) => lib.extract(h) : (h) => lib.extract(h, { algorithm: m }));

for (const file of files) {
  const pages = gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l)).filter((r) => r.gold !== null).map((r) => r.html);
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
