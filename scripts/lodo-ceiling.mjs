#!/usr/bin/env node
/**
 * How far issue 17's targets are from what a per-page choice could reach (the proof behind a missed target): reads the
 * per-page results of `scripts/lodo.mjs --readability --save FILE` and reports, per held-out dataset, for one configuration:
 *   - its mean BoW F1, Readability's, the difference with its 95 % paired bootstrap interval;
 *   - the F1 it gains over Readability summed over the pages where it leads, and loses where it trails;
 *   - the per-page best of it and Readability (an oracle that always picks the better of the two), against Readability;
 *   - the per-page best of every configuration in the file (the oracle over all the variants measured), alone and with Readability;
 *   - the F1 to gain, summed over pages, to meet the target (Readability + 0.02; on `readability`, whose gold is
 *     Readability's own output, 0.96), and the room left: Σ (1 − the per-page best of it and Readability), over every page
 *     and over the pages where that best is at least 0.5 (the others' gold text is mostly not in the HTML).
 *
 * Usage: node scripts/lodo-ceiling.mjs FILE.json [--config NAME]   (default: the file's second configuration, or its first)
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pairedBootstrap } from '../dist/index.js';

const { values: opts, positionals } = parseArgs({ options: { config: { type: 'string' } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('usage: node scripts/lodo-ceiling.mjs FILE.json [--config NAME]');
  process.exit(2);
}
const saved = JSON.parse(readFileSync(positionals[0], 'utf8'));
const names = saved.configs.map((c) => c.name);
const name = opts.config ?? names[Math.min(1, names.length - 1)];
if (!names.includes(name)) {
  console.error(`lodo-ceiling: no configuration '${name}' in ${positionals[0]} (${names.join(', ')})`);
  process.exit(2);
}
const mean = (v) => v.reduce((s, x) => s + x, 0) / v.length;
const sum = (v) => v.reduce((s, x) => s + x, 0);
const f3 = (x) => x.toFixed(3);
const signed = (x) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;
const interval = (a, b) => {
  const d = pairedBootstrap(a, b);
  return `${signed(d.mean)} (${signed(d.low)} … ${signed(d.high)})`;
};
console.log(`Configuration \`${name}\` against Readability; oracle = the per-page better of the two; best of configurations = the per-page best of the file's ${names.length} configurations; all = that and Readability.`);
console.log('');
console.log('| dataset (pages) | F1 | Readability | difference (95 %) | Σ lead | Σ trail | oracle − Readability (95 %) | best of configurations | all − Readability | target | Σ to gain | room Σ (1 − oracle) | room, oracle ≥ 0.5 |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [d, r] of Object.entries(saved.results)) {
  const R = r.f1.Readability;
  if (!R) { console.error('lodo-ceiling: the file has no Readability results (run lodo.mjs with --readability)'); process.exit(2); }
  const f = r.f1[name], n = f.length;
  const best = f.map((x, i) => Math.max(x, R[i]));
  const configs = R.map((_, i) => Math.max(...names.map((c) => r.f1[c][i])));
  const all = configs.map((x, i) => Math.max(x, R[i]));
  const target = d === 'readability' ? 0.96 : mean(R) + 0.02;
  const lead = sum(f.map((x, i) => Math.max(0, x - R[i]))), trail = sum(f.map((x, i) => Math.max(0, R[i] - x)));
  console.log(`| ${d} (${n}) | ${f3(mean(f))} | ${f3(mean(R))} | ${interval(f, R)} | ${f3(lead)} | ${f3(trail)} | ${interval(best, R)} | ${f3(mean(configs))} | ${signed(mean(all) - mean(R))} | ${f3(target)} | ${f3(Math.max(0, (target - mean(f)) * n))} | ${f3(sum(best.map((x) => 1 - x)))} | ${f3(sum(best.map((x) => (x >= 0.5 ? 1 - x : 0))))} |`);
}
