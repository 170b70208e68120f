#!/usr/bin/env node
/**
 * `npm run bench:routes`: the page-type routes (FARSW_APPLY_DEFAULTS.routes, or `--routes JSON`) on every shared dataset
 * except wcxb-dev (news and other article collections, none labelled by type): how many pages the shipped classifier
 * types as each page type, how many a route sends to a strategy, and the default model's BoW F1 routed against unrouted
 * (`strategy: 'none'`), paired bootstrap (2,000 resamples, seed 1). Unrouted pages give the same text both ways.
 *
 * --floors: also each route forced on every page of its type whatever the confidence: per type and threshold of bench:wcxb's
 * grid (scripts/wcxb-cv.mjs THRESHOLDS) the mean BoW F1 change per dataset, and the lowest threshold per type at which every
 * dataset's mean stays ≥ −`--bound` (default 0.001): what `npm run bench:wcxb -- --cv domain --floors JSON` takes (the
 * classifier, learnt on wcxb-dev alone, types many news pages as listings; docs/decisions.md, "Page types").
 *
 * Usage: npm run bench:routes [-- --routes '{"forum":{"strategy":"forum","minConfidence":0.6}}'] [-- --only daniel,dragnet]
 *        [-- --floors [--bound 0.001]]
 * Needs `npm run build` (the npm script runs it) and ../shared/datasets.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  readJsonlDataset, extractWithModel, shippedDefaultModel, scoreText, pairedBootstrap, markdownTable, PAGE_TYPES, FARSW_APPLY_DEFAULTS,
} from '../dist/index.js';
import { THRESHOLDS } from './wcxb-cv.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = process.env.FARSW_DATASETS ?? ['../shared/datasets', '../../shared/datasets'].map((p) => resolve(root, p)).find(existsSync) ?? resolve(root, '../shared/datasets');
const { values: opts } = parseArgs({ options: { routes: { type: 'string' }, only: { type: 'string' }, floors: { type: 'boolean', default: false }, bound: { type: 'string', default: '0.001' } } });
if (!existsSync(shared)) {
  console.error(`bench:routes: ${shared} not found; it needs ../shared/datasets. Skipped.`);
  process.exit(0);
}
const routes = opts.routes ? JSON.parse(opts.routes) : FARSW_APPLY_DEFAULTS.routes;
if (Object.keys(routes).length === 0) console.error('bench:routes: no routes (FARSW_APPLY_DEFAULTS.routes is empty): every page unrouted');
const model = shippedDefaultModel();
const only = opts.only ? new Set(opts.only.split(',')) : null;
const files = readdirSync(shared).filter((f) => f.endsWith('.jsonl.gz') && f !== 'wcxb-dev.jsonl.gz' && (!only || only.has(f.replace('.jsonl.gz', '')))).sort();

const rows = [];
/** --floors: per dataset, per page of a routed type, its type, confidence and the forced route's F1 change. */
const forced = {};
for (const f of files) {
  const name = f.replace('.jsonl.gz', '');
  const typed = Object.fromEntries(PAGE_TYPES.map((t) => [t, 0]));
  const routed = {};
  const a = [], b = [];
  let pages = 0;
  for await (const r of readJsonlDataset(join(shared, f))) {
    if (r.gold === null || r.gold === undefined) continue;
    const url = r.url ? { url: r.url } : {};
    let on;
    try {
      on = extractWithModel(r.html, model, { ...url, pageType: true, farsw: { routes } });
    } catch {
      continue;
    }
    pages++;
    typed[on.pageType.type]++;
    const f1 = scoreText(on.text, r.gold).bow.f1;
    a.push(f1);
    const route = opts.floors ? routes[on.pageType.type] : undefined;
    const off = on.strategy || route ? scoreText(extractWithModel(r.html, model, { ...url, strategy: 'none' }).text, r.gold).bow.f1 : f1;
    if (on.strategy) routed[on.strategy] = (routed[on.strategy] ?? 0) + 1;
    b.push(off);
    if (route) {
      const run = extractWithModel(r.html, model, { ...url, strategy: route.strategy, ...(route.settings ? { farsw: route.settings } : {}) });
      (forced[name] ??= []).push({ type: on.pageType.type, conf: on.pageType.confidence, diff: scoreText(run.text, r.gold).bow.f1 - off });
    }
    if (pages % 200 === 0) process.stderr.write(`\r${name}: ${pages} pages`);
  }
  process.stderr.write('\n');
  if (pages === 0) continue;
  if (opts.floors) (forced[name] ??= []).pages = pages;
  const d = pairedBootstrap(a, b);
  const nonArticle = pages - typed.article;
  rows.push([
    name, String(pages), `${nonArticle} (${PAGE_TYPES.filter((t) => t !== 'article' && typed[t] > 0).map((t) => `${t} ${typed[t]}`).join(', ') || '-'})`,
    Object.entries(routed).map(([s, n]) => `${s} ${n}`).join(', ') || '0',
    `${d.mean >= 0 ? '+' : ''}${d.mean.toFixed(4)} [${d.low.toFixed(4)}, ${d.high.toFixed(4)}]`, `${d.wins} / ${d.losses}`,
  ]);
}
console.log(`Routes: \`${JSON.stringify(routes)}\`\n`);
console.log(markdownTable(['dataset', 'pages', 'typed not article', 'routed', 'BoW F1 routed − unrouted [95 %]', 'pages up / down'], rows));

if (opts.floors) {
  // Mean change per dataset (over all its pages) when a type is routed from each threshold, the others unrouted.
  const bound = Number(opts.bound), names = Object.keys(forced), floors = {};
  const table = [];
  for (const type of Object.keys(routes)) {
    for (const theta of THRESHOLDS) {
      const cells = names.map((n) => {
        const ps = forced[n].filter((p) => p.type === type && p.conf > 0 && p.conf >= theta);
        return { mean: ps.reduce((s, p) => s + p.diff, 0) / forced[n].pages, k: ps.length };
      });
      table.push([type, String(theta), ...cells.map((c) => `${c.mean >= 0 ? '+' : ''}${c.mean.toFixed(4)} (${c.k})`)]);
      if (floors[type] === undefined && cells.every((c) => c.mean >= -bound)) floors[type] = theta;
    }
  }
  console.log(`\nEach route forced from each threshold (mean BoW F1 change over the dataset's pages; pages routed):\n`);
  console.log(markdownTable(['type', 'from', ...names], table));
  console.log(`Lowest threshold per type with every dataset's mean ≥ −${bound} (bench:wcxb --floors): \`${JSON.stringify(floors)}\``);
}
