#!/usr/bin/env node
/**
 * `npm run bench:site-models`: label-free site models (issue 18.3) on every host with at least
 * --min-pages pages with gold in ../shared/datasets (daniel, dragnet, cleanportaleval have hosts).
 * Per site: a label-free model trained on all the site's pages without their gold (trainUnlabeled,
 * seeded by the shipped default model), applied to the same pages, scored against the gold it never
 * saw; beside the default model on the same pages. Mean BoW F1 (tokens) per site, then over sites, and
 * per dataset group (each site in the dataset most of its pages come from). The last line's "never below
 * the seed" is an oracle, not an extractor: per page the better of the two models' scores (what a label-free
 * model that is never worse than its seed where the seed is right could reach at most).
 *   node scripts/bench-site-models.mjs [--min-pages 10] [--sites N] [--out FILE.md] [--no-guard] [--template-share 0.3] [--save FILE.json] [--guard-seed 1] [--train-json '{"slots":true}'] [--label-json '{"splitPaths":false}']
 * --save keeps every site's guard pages (the cross-validation against the pseudo-labels) and gold scores, for comparing guard
 * rules offline on the same trainings, per dataset and held out (scripts/guard-lodo.mjs).
 * Needs ../shared/datasets (or FARSW_DATASETS); skips with a message when absent.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { sitePages } from './site-pages.mjs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pseudoLabel, trainPseudoLabelled, checkPseudoLabelled, fallbackText, extractWithModel, shippedDefaultModel, scoreText } from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
if (!existsSync(dir)) {
  console.error(`bench:site-models: ${dir} not found; this benchmark needs ../shared/datasets. Skipped.`);
  process.exit(0);
}
const arg = (name, def) => { const i = process.argv.indexOf(name); return i < 0 ? def : process.argv[i + 1]; };
const minPages = Number(arg('--min-pages', 10));
const maxSites = Number(arg('--sites', 1e9));
const out = arg('--out', null);
const guard = !process.argv.includes('--no-guard');
const share = arg('--template-share', undefined);
const rule = JSON.parse(arg('--rule', 'null')) ?? undefined;
const lineLabels = !process.argv.includes('--no-line-labels');
const apply = JSON.parse(arg('--apply-json', 'null')) ?? undefined;
const save = arg('--save', null);
const guardSeed = Number(arg('--guard-seed', 1));
// Training options of the label-free model and the guard's trainings (experiments: e.g. `{"slots": true}`).
const trainExtra = JSON.parse(arg('--train-json', '{}'));
// Pseudo-label options of pseudoLabel (experiments: e.g. `{"splitPaths": false}`).
const labelExtra = JSON.parse(arg('--label-json', '{}'));
const saved = [];

const dflt = shippedDefaultModel();
const sites = (await sitePages(dir, minPages)).slice(0, maxSites);
const rows = [];
const t0 = performance.now();
for (const [site, pages] of sites) {
  const seed = new Map(pages.map((p) => [p.id, extractWithModel(p.html, dflt).text]));
  const labels = pseudoLabel(pages.map((p) => ({ id: p.id, html: p.html })), { site, seed: (p) => seed.get(p.id), seedModel: dflt.name, ...(share !== undefined ? { templateShare: Number(share) } : {}), lineLabels, ...labelExtra });
  const model = trainPseudoLabelled(labels, { name: 'lf', site, ...trainExtra });
  // The guard on pseudo-labels, as `farsw train --unlabeled` records it: --model auto uses the model only where it won.
  const guardPages = [];
  const check = guard ? checkPseudoLabelled(labels, { site, ...trainExtra }, dflt, { defaultCache: seed, rule, pages: guardPages, seed: guardSeed }) : { useSite: true };
  const gold = [];
  const below = check.fallbackBelow ?? 0;
  let d = 0, l = 0, g = 0, o = 0, fell = 0;
  for (const p of pages) {
    const dt = seed.get(p.id), lt = extractWithModel(p.html, model, apply ? { farsw: apply } : {}).text;
    const df = scoreText(dt, p.gold).bow.f1, lf = scoreText(lt, p.gold).bow.f1;
    d += df;
    l += lf;
    o += Math.max(lf, df);
    if (save) gold.push({ default: df, site: lf, agreement: scoreText(lt, dt).bow.f1 });
    // What --model auto keeps: the default model where the guard refused the site model, else the site model with its per-page fallback.
    const kept = check.useSite ? fallbackText(lt, dt, below) : { text: dt, fellBack: false };
    if (kept.fellBack) fell++;
    g += scoreText(kept.text, p.gold).bow.f1;
  }
  const row = { site, dataset: majority(pages.map((p) => p.dataset)), pages: pages.length, dflt: d / pages.length, lf: l / pages.length, auto: g / pages.length, oracle: o / pages.length, useSite: check.useSite, below, fell, template: model.trainingReport.unlabeled.templateLines };
  rows.push(row);
  if (save) saved.push({ site, dataset: row.dataset, guard: guardPages, gold });
  console.error(`${site.padEnd(28)} ${String(row.pages).padStart(4)}  default ${row.dflt.toFixed(3)}  label-free ${row.lf.toFixed(3)}  guarded ${row.auto.toFixed(3)} (${row.useSite ? `site, τ ${row.below}, ${row.fell} fell back` : 'default'})`);
}
const mean = (f, of = rows) => of.reduce((a, r) => a + f(r), 0) / of.length;
const sign = (x) => (x >= 0 ? '+' : '') + x.toFixed(3);
const sign4 = (x) => (x >= 0 ? '+' : '') + x.toFixed(4);
const worst = (f) => rows.reduce((w, r) => (f(r) - r.dflt < f(w) - w.dflt ? r : w), rows[0]);
const lines = [
  '| site | pages | template lines | default model | label-free site model | difference | --model auto (guard on pseudo-labels) | difference |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.site} | ${r.pages} | ${r.template} | ${r.dflt.toFixed(3)} | ${r.lf.toFixed(3)} | ${sign(r.lf - r.dflt)} | ${r.auto.toFixed(3)} (${r.useSite ? `site${r.below > 0 ? `, τ ${r.below}: ${r.fell} fell back` : ''}` : 'default'}) | ${sign(r.auto - r.dflt)} |`),
  `| **mean of ${rows.length} sites** | ${rows.reduce((a, r) => a + r.pages, 0)} | | **${mean((r) => r.dflt).toFixed(3)}** | **${mean((r) => r.lf).toFixed(3)}** | **${sign(mean((r) => r.lf - r.dflt))}** | **${mean((r) => r.auto).toFixed(3)}** | **${sign(mean((r) => r.auto - r.dflt))}** |`,
  '',
  `Label-free model alone: worst site ${worst((r) => r.lf).site} (${sign(worst((r) => r.lf).lf - worst((r) => r.lf).dflt)}), ${rows.filter((r) => r.lf < r.dflt - 0.01).length} sites below the default by more than 0.01. `
  + `With the guard: worst ${worst((r) => r.auto).site} (${sign(worst((r) => r.auto).auto - worst((r) => r.auto).dflt)}), ${rows.filter((r) => r.auto < r.dflt - 0.01).length} sites below by more than 0.01; the label-free model used on ${rows.filter((r) => r.useSite).length} of ${rows.length} sites. ${((performance.now() - t0) / 1000).toFixed(0)} s.`,
  '',
  `Difference to the default model per dataset group (sites; alone / with the guard / never below the seed on a page, an oracle): ${[...new Set(rows.map((r) => r.dataset))].sort().map((ds) => rows.filter((r) => r.dataset === ds)).concat([rows])
    .map((of) => `${of === rows ? 'all' : of[0].dataset} (${of.length}) ${[(r) => r.lf, (r) => r.auto, (r) => r.oracle].map((f) => sign4(mean((r) => f(r) - r.dflt, of))).join(' / ')}`).join('; ')}.`,
];
console.log(lines.join('\n'));
if (out) writeFileSync(out, lines.join('\n') + '\n');
if (save) writeFileSync(save, JSON.stringify({ rule: rule ?? null, sites: saved }));

/** The most frequent value (ties: the first seen). */
function majority(values) {
  const n = new Map();
  for (const v of values) n.set(v, (n.get(v) ?? 0) + 1);
  return [...n].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}
