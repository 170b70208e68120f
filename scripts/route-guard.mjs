#!/usr/bin/env node
/**
 * The guard on page-type routes (issue 35: "on every other shared dataset, never below the current default by more than
 * 0.005"): routes are chosen on WCXB dev (`npm run bench:wcxb -- --cv domain`), but the classifier also types pages of the
 * other shared datasets (news, mostly) as listings, documentation or service pages, and a strategy made for those types
 * then runs on a news page. For every shared dataset but wcxb-dev (BoW F1 in tokens, `farsw eval`'s), per candidate route
 * (page type → strategy and its settings) and per confidence threshold of bench-wcxb's grid (scripts/wcxb-cv.mjs), the mean
 * per-page difference against the unrouted model path; then the lowest threshold per type at which every dataset's mean
 * difference stays ≥ −bound, and those routes together with a paired bootstrap (2,000 resamples, seed 1) per dataset.
 *
 * The datasets without gold text (trafilatura's) are left out.
 *
 * Usage: node scripts/route-guard.mjs --routes '{"listing":{"strategy":"repeated","settings":{"repeatedItems":3}}}'
 *        [--bound 0.002] [--at '{"listing":0.8}'] [--data ../shared/datasets] [--skip wcxb-dev]
 * --at: check the routes together at these thresholds (per type) instead of the lowest ones within the bound.
 * Needs `npm run build` and ../shared/datasets.
 */
import { readdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readJsonlDataset, runModel, shippedDefaultModel, blocksToText, scoreText, pairedBootstrap } from '../dist/index.js';
import { THRESHOLDS } from './wcxb-cv.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** FARSW_DATASETS, else ../shared/datasets beside the checkout (or beside its worktree directory). */
const datasetsDir = () => process.env.FARSW_DATASETS ?? (['../shared/datasets', '../../shared/datasets'].map((p) => resolve(root, p)).find(existsSync) ?? resolve(root, '../shared/datasets'));
const { values: opts } = parseArgs({
  options: {
    routes: { type: 'string' },
    bound: { type: 'string', default: '0.002' },
    data: { type: 'string', default: datasetsDir() },
    skip: { type: 'string', default: 'wcxb-dev' },
    at: { type: 'string' },
  },
});
if (!opts.routes) throw new Error('--routes: a JSON object, page type → {strategy, settings}');
const routes = JSON.parse(opts.routes);
const bound = Number(opts.bound);
if (!existsSync(opts.data)) {
  console.error(`route-guard: ${opts.data} not found; it needs ../shared/datasets. Skipped.`);
  process.exit(0);
}
const skip = new Set(opts.skip.split(','));
const files = readdirSync(opts.data).filter((f) => f.endsWith('.jsonl.gz') && !skip.has(f.replace('.jsonl.gz', ''))).sort();
const model = shippedDefaultModel();
const f1 = (run, gold) => scoreText(blocksToText(run.table, run.detail.blocks), gold).bow.f1;

/** Per dataset: per page, its predicted type, confidence and the F1 difference its type's route makes (0 when none). */
const pages = {};
for (const file of files) {
  const name = file.replace('.jsonl.gz', '');
  const rows = (pages[name] = []);
  for await (const r of readJsonlDataset(join(opts.data, file))) {
    if (!r.gold) continue;
    const plain = runModel(r.html, model, { url: r.url ?? undefined, pageType: true, strategy: 'none' });
    const type = plain.pageType?.type ?? 'article', conf = plain.pageType?.confidence ?? 0;
    const route = routes[type];
    let diff = 0;
    if (route) {
      const run = runModel(r.html, model, { url: r.url ?? undefined, strategy: route.strategy, ...(route.settings ? { farsw: route.settings } : {}) });
      diff = f1(run, r.gold) - f1(plain, r.gold);
    }
    rows.push({ type, conf, diff });
  }
  if (rows.length === 0) delete pages[name];
}

const names = Object.keys(pages);
const fmt = (x) => (x >= 0 ? '+' : '') + x.toFixed(4);
console.log(`| type | threshold | ${names.join(' | ')} |`);
console.log(`|---|---|${names.map(() => '---|').join('')}`);
const chosen = {};
for (const type of Object.keys(routes)) {
  for (const theta of THRESHOLDS) {
    const means = names.map((n) => {
      const rows = pages[n];
      let s = 0, k = 0;
      for (const p of rows) if (p.type === type && p.conf > 0 && p.conf >= theta) { s += p.diff; k++; }
      return { mean: s / rows.length, k };
    });
    console.log(`| ${type} | ${theta} | ${means.map((m) => `${fmt(m.mean)} (${m.k})`).join(' | ')} |`);
    if (chosen[type] === undefined && means.every((m) => m.mean >= -bound)) chosen[type] = theta;
  }
}
console.log(`\nLowest threshold per type with every dataset's mean difference ≥ −${bound} (bench:wcxb --floors): ${JSON.stringify(chosen)}`);
// --at: the thresholds to check together instead (the shipped ones, FARSW_APPLY_DEFAULTS.routes).
if (opts.at) Object.assign(chosen, JSON.parse(opts.at));
console.log(`\nThe routes together at ${JSON.stringify(chosen)}, paired bootstrap of BoW F1 (routed − unrouted), 2,000 resamples, seed 1:`);
for (const n of names) {
  const rows = pages[n];
  const d = rows.map((p) => (chosen[p.type] !== undefined && p.conf > 0 && p.conf >= chosen[p.type] ? p.diff : 0));
  const b = pairedBootstrap(d, d.map(() => 0));
  console.log(`${n}: ${fmt(b.mean)} [${fmt(b.low)}, ${fmt(b.high)}], ${d.filter((x) => x !== 0).length} of ${rows.length} pages differ`);
}
