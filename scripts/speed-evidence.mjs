#!/usr/bin/env node
/**
 * Apply speed of a model with evidence rules (issue 17, item 5), interleaved with htmlparser2's bare Tokenizer and
 * the shipped default model in one process: round after round, each method makes one pass over the dataset's pages;
 * medians of the timed rounds in MB/s (MB = 10^6 bytes of UTF-8 HTML), and each method's ratio to the tokenizer.
 * The evidence model is trained on at most TRAIN pages of every shared dataset (the speed does not depend on
 * which pages; figures of quality come from scripts/lodo.mjs).
 *
 * Usage: npm run build && node scripts/speed-evidence.mjs DATASET [ROUNDS=7] [TRAIN=100]
 *   DATASET: a name under ../shared/datasets (e.g. cleaneval). Needs ../shared/datasets.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJsonlDataset, Trainer, hostOfRecord, extract, extractWithModel } from '../dist/index.js';
import { bareTokenize } from '../test/bench/bare-tokenize.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
const [name, roundsArg = '7', trainArg = '100'] = process.argv.slice(2);
if (!existsSync(dir)) { console.error(`speed-evidence: ${dir} not found; it needs ../shared/datasets. Skipped.`); process.exit(0); }
if (!name) { console.error('usage: node scripts/speed-evidence.mjs DATASET [ROUNDS] [TRAIN]'); process.exit(2); }

const trainer = new Trainer({ name: 'speed', featureVariant: 'normalized', evidence: true });
for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl.gz')).sort()) {
  let k = 0;
  for await (const r of readJsonlDataset(join(dir, f))) {
    if (!r.gold) continue;
    if (k++ >= Number(trainArg)) break;
    trainer.addPage({ id: r.id, html: r.html, gold: r.gold, site: hostOfRecord(r) });
  }
}
const model = trainer.finish();
const pages = [];
for await (const r of readJsonlDataset(join(dir, `${name}.jsonl.gz`))) if (r.gold) pages.push(r.html);
const bytes = pages.reduce((a, p) => a + Buffer.byteLength(p), 0);
const evidence = { classify: 'rules', blockScore: 'evidence', evidenceBeta: 0.8 };
const methods = [
  ['tokenizer', (h) => bareTokenize(h)],
  ['default model', (h) => extract(h)],
  ['evidence rules', (h) => extractWithModel(h, model, { farsw: evidence })],
];
const mbps = new Map(methods.map(([m]) => [m, []]));
const rounds = Number(roundsArg);
for (let round = 0; round <= rounds; round++) {
  for (const [m, run] of methods) {
    const t0 = performance.now();
    for (const p of pages) run(p);
    if (round > 0) mbps.get(m).push(bytes / 1e6 / ((performance.now() - t0) / 1000)); // round 0 warms up
  }
}
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const tok = median(mbps.get('tokenizer'));
console.log(`${name}: ${pages.length} pages, ${(bytes / 1e6).toFixed(1)} MB, ${rounds} interleaved rounds (medians)`);
for (const [m] of methods) console.log(`  ${m.padEnd(16)} ${median(mbps.get(m)).toFixed(1).padStart(7)} MB/s  ${(median(mbps.get(m)) / tok).toFixed(2)} × tokenizer`);
