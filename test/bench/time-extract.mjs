/**
 * The timing half of `npm run bench` (extract.bench.ts), run as its own plain `node`
 * process on the built library (dist/), so it measures what a user of the library or
 * `farsw apply` gets. Inside vitest the same calls ran 4–13 % slower on dragnet (its
 * module runner rewrites every cross-module call and the worker's heap holds every
 * dataset; see the bench's header).
 *
 * Usage: node test/bench/time-extract.mjs DATASET_FILE RUNS
 * Prints one JSON object: `{ bytes, pages, passes, mbps: { NAME: [MB/s of each timed pass] }, ratios: { NAME: […] } }`
 * (passes: timed passes per extractor), NAME = `tokenizer` (htmlparser2's bare Tokenizer) or an extractor of
 * extract.bench.ts. Each extractor in turn: warm-up passes over the dataset's pages with gold, then timed passes: at
 * least one warm-up and RUNS timed passes, more on a small dataset so that the warm-up covers at least WARM_MB and
 * the timed passes at least TIMED_MB (a pass over chinese-wce's 3.4 MB takes ~35 ms: medians of three such passes
 * went from 98.5 to 95.1 MB/s across a change that made addanag 10–15 % faster there in interleaved A/B runs; with
 * these passes the next run measured 108.1).
 * The tokenizer is warmed up first, then timed once after every timed extractor pass, so its row spans the same
 * minutes as the extractors' and `ratios[NAME]` pairs each extractor pass with the tokenizer pass after it: a
 * machine busy for part of the run moves both (the tokenizer timed alone, first, for under a second of
 * cleaneval, measured 112.6 MB/s in a run whose other rows were normal). Passes are timed in CPU time of the process
 * (`process.cpuUsage`), which waiting for a core does not count; on an idle machine it is within 0.5 % of wall time.
 */
import { bareTokenize } from './bare-tokenize.mjs';
import { readDataset } from '../../dist/dataset/load.js';
import { extract } from '../../dist/api/extract.js';

const [file, runsArg] = process.argv.slice(2);
const runs = Number(runsArg);
if (!file || !(runs > 0)) throw new Error('usage: node test/bench/time-extract.mjs DATASET_FILE RUNS');

/** The same list as extract.bench.ts: the DANA family and the default model (`farsw apply` with no options). */
const EXTRACTORS = [
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

/** MB/s of one pass of `run` over the pages, in CPU time. */
function pass(run) {
  const t0 = process.cpuUsage();
  for (const p of pages) run(p);
  const t = process.cpuUsage(t0);
  return bytes / ((t.user + t.system) || 1);
}

for (let i = 0; i < warm; i++) pass(bareTokenize);
const mbps = { tokenizer: [] }, ratios = {};
for (const { name, run } of EXTRACTORS) {
  mbps[name] = [];
  ratios[name] = [];
  for (let i = 0; i < warm; i++) pass(run);
  for (let i = 0; i < timed; i++) {
    const m = pass(run), peer = pass(bareTokenize);
    mbps[name].push(m);
    mbps.tokenizer.push(peer);
    ratios[name].push(m / peer);
  }
}
process.stdout.write(JSON.stringify({ bytes, pages: pages.length, passes: timed, mbps, ratios }) + '\n');
