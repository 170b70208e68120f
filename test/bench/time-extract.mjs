/**
 * The timing half of `npm run bench` (extract.bench.ts), run as its own plain `node`
 * process on the built library (dist/), so it measures what a user of the library or
 * `farsw apply` gets. Inside vitest the same calls ran 4–13 % slower on dragnet (its
 * module runner rewrites every cross-module call and the worker's heap holds every
 * dataset; see the bench's header).
 *
 * Usage: node test/bench/time-extract.mjs DATASET_FILE RUNS
 * Prints one JSON object: `{ bytes, pages, passes, mbps: { NAME: [MB/s of each timed pass] } }` (passes: timed passes per NAME),
 * NAME = `tokenizer` (htmlparser2's bare Tokenizer) or an extractor of extract.bench.ts.
 * Each one in turn: warm-up passes over the dataset's pages with gold, then timed passes: at least
 * one warm-up and RUNS timed passes, more on a small dataset so that the warm-up covers at least
 * WARM_MB and the timed passes at least TIMED_MB (a pass over chinese-wce's 3.4 MB takes ~35 ms: medians
 * of three such passes went from 98.5 to 95.1 MB/s across a change that made addanag 10–15 % faster there in
 * interleaved A/B runs; with these passes the next run measured 108.1).
 */
import { bareTokenize } from './bare-tokenize.mjs';
import { readDataset } from '../../dist/dataset/load.js';
import { extract } from '../../dist/api/extract.js';

const [file, runsArg] = process.argv.slice(2);
const runs = Number(runsArg);
if (!file || !(runs > 0)) throw new Error('usage: node test/bench/time-extract.mjs DATASET_FILE RUNS');

/** The same list as extract.bench.ts: the DANA family and the default model (`farsw apply` with no options). */
const TIMED = [
  { name: 'tokenizer', run: bareTokenize },
  ...['dana', 'addana', 'danag', 'addanag'].map((algorithm) => ({ name: algorithm, run: (html) => extract(html, { algorithm }) })),
  { name: 'default model', run: (html) => extract(html) },
];

/** Least MB of HTML for the warm-up and for the timed passes of one cell. */
const WARM_MB = 20, TIMED_MB = 100;

const pages = [];
for await (const r of readDataset(file)) if (r.gold !== null) pages.push(r.html);
const bytes = pages.reduce((a, p) => a + Buffer.byteLength(p), 0);
const warm = Math.max(1, Math.ceil((WARM_MB * 1e6) / bytes));
const timed = Math.max(runs, Math.ceil((TIMED_MB * 1e6) / bytes));
const mbps = {};
for (const { name, run } of TIMED) {
  mbps[name] = [];
  for (let pass = 0; pass < warm + timed; pass++) {
    const t0 = performance.now();
    for (const p of pages) run(p);
    if (pass >= warm) mbps[name].push(bytes / 1e6 / ((performance.now() - t0) / 1000));
  }
}
process.stdout.write(JSON.stringify({ bytes, pages: pages.length, passes: timed, mbps }) + '\n');
