#!/usr/bin/env node
/**
 * Leave-one-dataset-out choice among configurations (issue 17: every constant is chosen by LODO): reads the per-page
 * results `scripts/lodo.mjs --save FILE` wrote and, for each held-out dataset, picks the configuration with the best mean
 * over the other datasets' mean BoW F1, then reports that pick's score on the held-out dataset beside the first
 * configuration's (the baseline).
 *
 * Usage: node scripts/lodo-select.mjs FILE.json [--only NAME,…]   (--only: the configurations to choose among; the first
 *        configuration of the file is always a candidate)
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: opts, positionals } = parseArgs({ options: { only: { type: 'string' } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('usage: node scripts/lodo-select.mjs FILE.json [--only NAME,…]');
  process.exit(2);
}
const saved = JSON.parse(readFileSync(positionals[0], 'utf8'));
const base = saved.configs[0].name;
const keep = opts.only ? new Set([base, ...opts.only.split(',')]) : undefined;
const names = saved.configs.map((c) => c.name).filter((n) => !keep || keep.has(n));
const mean = (v) => v.reduce((s, x) => s + x, 0) / v.length;
const datasets = Object.keys(saved.results);
/** score.get(dataset).get(config) = mean F1 */
const score = new Map(datasets.map((d) => [d, new Map(names.map((n) => [n, mean(saved.results[d].f1[n])]))]));
console.log(`| held out | pick (best mean over the other ${datasets.length - 1}) | pick's F1 | ${base} | difference |`);
console.log('|---|---|---:|---:|---:|');
const picked = [], baseline = [];
for (const held of datasets) {
  const others = datasets.filter((d) => d !== held);
  let best = base, bestMean = -Infinity;
  for (const n of names) {
    const m = mean(others.map((d) => score.get(d).get(n)));
    if (m > bestMean + 1e-12) { best = n; bestMean = m; }
  }
  const s = score.get(held).get(best), b = score.get(held).get(base);
  picked.push(s); baseline.push(b);
  console.log(`| ${held} | ${best} | ${s.toFixed(4)} | ${b.toFixed(4)} | ${(s - b >= 0 ? '+' : '−') + Math.abs(s - b).toFixed(4)} |`);
}
console.log(`| **mean** | | **${mean(picked).toFixed(4)}** | **${mean(baseline).toFixed(4)}** | |`);
