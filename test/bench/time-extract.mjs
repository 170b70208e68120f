/**
 * The timing half of `npm run bench` (extract.bench.ts), run as its own plain `node`
 * process on the built library (dist/), so it measures what a user of the library or
 * `farsw apply` gets. Inside vitest the same calls ran 4–13 % slower on dragnet (its
 * module runner rewrites every cross-module call and the worker's heap holds every
 * dataset; see the bench's header).
 *
 * Usage: node test/bench/time-extract.mjs DATASET_FILE RUNS
 * Prints one JSON object: `{ bytes, pages, mbps: { NAME: [MB/s of each timed pass] } }`,
 * NAME = `tokenizer` (htmlparser2's bare Tokenizer) or an extractor of extract.bench.ts.
 * Each one in turn: one warm-up pass over the dataset's pages with gold, then RUNS timed passes.
 */
import { bareTokenize } from './bare-tokenize.mjs';
import { readDataset } from '../../dist/dataset/load.js';
import { extract } from '../../dist/extract/extract.js';

const [file, runsArg] = process.argv.slice(2);
const runs = Number(runsArg);
if (!file || !(runs > 0)) throw new Error('usage: node test/bench/time-extract.mjs DATASET_FILE RUNS');

/** The same list as extract.bench.ts: the DANA family and the default model (`farsw apply` with no options). */
const TIMED = [
  { name: 'tokenizer', run: bareTokenize },
  ...['dana', 'addana', 'danag', 'addanag'].map((algorithm) => ({ name: algorithm, run: (html) => extract(html, { algorithm }) })),
  { name: 'default model', run: (html) => extract(html) },
];

const pages = [];
for await (const r of readDataset(file)) if (r.gold !== null) pages.push(r.html);
const bytes = pages.reduce((a, p) => a + Buffer.byteLength(p), 0);
const mbps = {};
for (const { name, run } of TIMED) {
  mbps[name] = [];
  for (let pass = 0; pass <= runs; pass++) {
    const t0 = performance.now();
    for (const p of pages) run(p);
    if (pass > 0) mbps[name].push(bytes / 1e6 / ((performance.now() - t0) / 1000));
  }
}
process.stdout.write(JSON.stringify({ bytes, pages: pages.length, mbps }) + '\n');
