#!/usr/bin/env node
/**
 * Apply speed of the shipped default model (issue 17, item 5: its evidence rules decide), interleaved with
 * htmlparser2's bare Tokenizer, the line table alone (`buildLineTable` with the model's line options) and the confidence path (the same model with `classify: 'confidence'`, eq. 5 block
 * scores: what the default ran before the evidence rules) in one process: round after round, each method makes one
 * pass over the dataset's pages; medians of the timed rounds in MB/s (MB = 10^6 bytes of UTF-8 HTML; time = CPU time of
 * the process, which waiting for a core on a loaded machine does not count), and each method's ratio to the tokenizer.
 *
 * Usage: npm run build && node scripts/speed-evidence.mjs DATASET [ROUNDS=7]
 *   DATASET: a name under ../shared/datasets (e.g. cleaneval). Needs ../shared/datasets.
 */
import { existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJsonlDataset, extract, buildLineTable, modelLineOptions, resolveModel } from '../dist/index.js';
import { bareTokenize } from '../test/bench/bare-tokenize.mjs';
import { median } from 'simple-statistics';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
const [name, roundsArg = '7'] = process.argv.slice(2);
if (!existsSync(dir)) { console.error(`speed-evidence: ${dir} not found; it needs ../shared/datasets. Skipped.`); process.exit(0); }
if (!name) { console.error('usage: node scripts/speed-evidence.mjs DATASET [ROUNDS]'); process.exit(2); }

const pages = [];
for await (const r of readJsonlDataset(join(dir, `${name}.jsonl.gz`))) if (r.gold) pages.push(r.html);
const bytes = pages.reduce((a, p) => a + Buffer.byteLength(p), 0);
// The line table alone, built as the default model builds it: what is left of the model path's time is its stages after the table.
const lines = modelLineOptions(resolveModel({}).params);
const methods = [
  ['tokenizer', (h) => bareTokenize(h)],
  ['line table', (h) => buildLineTable(h, lines)],
  ['default model', (h) => extract(h)],
  ['confidence path', (h) => extract(h, { farsw: { classify: 'confidence', blockScore: 'paper' } })],
];
const mbps = new Map(methods.map(([m]) => [m, []]));
const rounds = Number(roundsArg);
for (let round = 0; round <= rounds; round++) {
  for (const [m, run] of round % 2 ? methods : [...methods].reverse()) {
    const t0 = process.cpuUsage();
    for (const p of pages) run(p);
    const t = process.cpuUsage(t0);
    if (round > 0) mbps.get(m).push(bytes / (t.user + t.system)); // MB/s (bytes per µs); round 0 warms up
  }
}
const tok = median(mbps.get('tokenizer'));
console.log(`${name}: ${pages.length} pages, ${(bytes / 1e6).toFixed(1)} MB, ${rounds} interleaved rounds (medians)`);
for (const [m] of methods) console.log(`  ${m.padEnd(16)} ${median(mbps.get(m)).toFixed(1).padStart(7)} MB/s  ${(median(mbps.get(m)) / tok).toFixed(2)} × tokenizer`);
const model = median(mbps.get('default model')), cp = median(mbps.get('confidence path')), table = median(mbps.get('line table'));
console.log(`  default model / confidence path: ${(model / cp).toFixed(2)}`);
// MB/s is bytes per µs, so 1000 / (MB/s) is ms per MB.
console.log(`  after the line table (decode, model stages, text): ${(1000 / model - 1000 / table).toFixed(1)} ms per MB; the line table ${(1000 / table).toFixed(1)} ms per MB`);
