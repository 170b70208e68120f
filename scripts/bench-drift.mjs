#!/usr/bin/env node
/**
 * `node scripts/bench-drift.mjs`: the drift check (issue 18.5) on every host with at least 10 pages with gold
 * in ../shared/datasets. Per site, pages sorted by id (daniel ids start with the crawl date): a site model
 * (with its guard) trained on the first 70 %, then `checkDrift` on the last 30 %, as
 * `farsw models check NAME --data NEW_PAGES` runs it. Prints a Markdown table.
 *   node scripts/bench-drift.mjs [--out FILE.md]
 * Needs ../shared/datasets (or FARSW_DATASETS); skips with a message when absent.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { sitePages } from './site-pages.mjs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { train, checkSiteModel, checkDrift, shippedDefaultModel } from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
if (!existsSync(dir)) {
  console.error(`bench-drift: ${dir} not found; this benchmark needs ../shared/datasets. Skipped.`);
  process.exit(0);
}
const i = process.argv.indexOf('--out');
const out = i < 0 ? null : process.argv[i + 1];
const dflt = shippedDefaultModel();
const f3 = (x) => (x === null || x === undefined ? '-' : x.toFixed(3));
const rows = [];
for (const [site, all] of await sitePages(dir, 10)) {
  const pages = all.slice().sort((a, b) => (a.id < b.id ? -1 : 1));
  const cut = Math.round(pages.length * 0.7);
  const old = pages.slice(0, cut), fresh = pages.slice(cut);
  const m = train(old, { name: 'd', site });
  const siteCheck = checkSiteModel(old, { site }, dflt);
  const model = siteCheck ? { ...m, trainingReport: { ...m.trainingReport, siteCheck } } : m;
  const d = checkDrift(fresh, model, dflt);
  rows.push({ site, old: old.length, fresh: fresh.length, d });
  console.error(`${site.padEnd(26)} templates ${f3(d.templateLines.baseline)} → ${f3(d.templateLines.now)}  agreement ${f3(d.agreement.baseline)} → ${f3(d.agreement.now)}  ${d.drifted ? 'DRIFT' : 'ok'}`);
}
const lines = [
  '| site | trained on | checked on | template lines found per page: training → new | agreement with the default model: training → new | new pages: site model / default model BoW F1 | verdict |',
  '|---|---:|---:|---:|---:|---:|---|',
  ...rows.map(({ site, old, fresh, d }) => `| ${site} | ${old} | ${fresh} | ${f3(d.templateLines.baseline)} → ${f3(d.templateLines.now)} | ${f3(d.agreement.baseline)} → ${f3(d.agreement.now)} | ${f3(d.scores?.siteF1)} / ${f3(d.scores?.defaultF1)} | ${d.drifted ? `drift: ${d.findings.map((x) => x.split(':')[0]).join('; ')}` : 'ok'} |`),
  '',
  `${rows.filter((r) => r.d.drifted).length} of ${rows.length} sites flagged. Over flagged sites, site model − default model on the new pages: ${f3(mean(rows.filter((r) => r.d.drifted), (r) => r.d.scores.siteF1 - r.d.scores.defaultF1))}; over the others: ${f3(mean(rows.filter((r) => !r.d.drifted), (r) => r.d.scores.siteF1 - r.d.scores.defaultF1))}.`,
];
function mean(xs, f) { return xs.length ? xs.reduce((a, x) => a + f(x), 0) / xs.length : null; }
console.log(lines.join('\n'));
if (out) writeFileSync(out, lines.join('\n') + '\n');
