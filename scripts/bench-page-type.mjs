#!/usr/bin/env node
/**
 * `npm run bench:page-type`: the page-type classifier (src/features/page-type.ts, learnt by
 * src/train/page-type.ts) cross-validated on WCXB dev with folds grouped by domain (5 folds,
 * seeded): accuracy, macro F1, per-class precision / recall and the confusion matrix for each
 * learner setting of the grid, the chosen one (best accuracy) in full; and the cost of the
 * features against the line table they are computed from (medians per page).
 * Lines are built with the shipped default model's line options, as extraction builds them.
 *
 * Usage: npm run bench:page-type [-- --data FILE] [-- --folds 5] [-- --seed 1] [-- --news N]
 *   --news N: N pages (seeded sample) of each other shared dataset join the training folds as
 *   `article` (never the test folds: the accuracy stays WCXB's).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sampleRecords } from './sample-records.mjs';
import { domainOf } from './page-domain.mjs';
import {
  readJsonlDataset, buildLineTable, modelLineOptions, shippedDefaultModel, pageTypeFeatures, PAGE_TYPES, PAGE_TYPE_FEATURES,
  fitPageTypeClassifier, classifyFeatures, groupFolds, confusionFigures, markdownTable, mulberry32, extractWithModel,
} from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = process.env.FARSW_DATASETS ?? ['../shared/datasets', '../../shared/datasets'].map((p) => resolve(root, p)).find(existsSync) ?? resolve(root, '../shared/datasets');
const { values: opts } = parseArgs({
  options: {
    data: { type: 'string', default: join(shared, 'wcxb-dev.jsonl.gz') },
    folds: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    news: { type: 'string', default: '0' },
  },
});
if (!existsSync(opts.data)) {
  console.error(`bench:page-type: ${opts.data} not found; it needs ../shared/datasets. Skipped.`);
  process.exit(0);
}
const FOLDS = Number(opts.folds), SEED = Number(opts.seed);
const lines = modelLineOptions(shippedDefaultModel().params);

const tableMs = [], featureMs = [], extractMs = [];
/** Per dataset: the features' and the whole extraction's milliseconds, page by page. */
const cost = new Map();
const model = shippedDefaultModel();
/** Features of one record, timing the table build and the features apart (and, for WCXB pages, the whole default-model extraction). */
function featuresOf(r, timeExtraction = false) {
  let e = 0;
  if (timeExtraction) {
    const e0 = performance.now();
    extractWithModel(r.html, model, r.url ? { url: r.url } : {});
    e = performance.now() - e0;
    if (r.pageType) extractMs.push(e);
  }
  const t0 = performance.now();
  const table = buildLineTable(r.html, lines);
  const t1 = performance.now();
  const x = pageTypeFeatures(table, r.html, r.url);
  const t2 = performance.now();
  tableMs.push(t1 - t0);
  featureMs.push(t2 - t1);
  if (timeExtraction) {
    if (!cost.has(r.dataset)) cost.set(r.dataset, { features: [], extract: [] });
    cost.get(r.dataset).features.push(t2 - t1);
    cost.get(r.dataset).extract.push(e);
  }
  return x;
}

const xs = [], ys = [], groups = [];
for await (const r of readJsonlDataset(opts.data)) {
  const y = PAGE_TYPES.indexOf(r.pageType);
  if (y < 0) continue;
  xs.push(featuresOf(r, true));
  ys.push(y);
  groups.push(domainOf(r.url, r.host));
  if (xs.length % 200 === 0) process.stderr.write(`\r${xs.length} pages`);
}
process.stderr.write(`\rbench:page-type: ${xs.length} WCXB pages, ${new Set(groups).size} domains\n`);

// Other datasets' pages as articles, training folds only.
const extra = [];
if (Number(opts.news) > 0) {
  for (const f of readdirSync(shared).filter((n) => n.endsWith('.jsonl.gz') && join(shared, n) !== resolve(opts.data)).sort()) {
    const { kept } = await sampleRecords(readJsonlDataset(join(shared, f)), Number(opts.news), mulberry32(SEED));
    for (const r of kept) extra.push(featuresOf(r, true));
  }
  process.stderr.write(`bench:page-type: ${extra.length} pages of the other datasets join the training folds as article\n`);
}

const mean = (a) => a.reduce((p, q) => p + q, 0) / a.length;
const median = (a) => { const s = [...a].sort((p, q) => p - q); return s[Math.floor(s.length / 2)]; };
const fold = groupFolds(groups, FOLDS, SEED);

/** Cross-validated predictions of one setting. */
function crossValidate(setting) {
  const predicted = new Int32Array(xs.length);
  for (let k = 0; k < FOLDS; k++) {
    const train = [];
    for (let i = 0; i < xs.length; i++) if (fold[i] !== k) train.push(i);
    const tx = [...train.map((i) => xs[i]), ...extra], ty = [...train.map((i) => ys[i]), ...extra.map(() => 0)];
    const clf = fitPageTypeClassifier(tx, ty, PAGE_TYPES, PAGE_TYPE_FEATURES, setting);
    for (let i = 0; i < xs.length; i++) if (fold[i] === k) predicted[i] = PAGE_TYPES.indexOf(classifyFeatures(xs[i], clf).type);
  }
  return confusionFigures(ys, predicted, PAGE_TYPES.length);
}

const f3 = (x) => (Number.isFinite(x) ? x.toFixed(3) : '-');
const grid = [];
for (const balanced of [false, true]) for (const l2 of [0.001, 0.01, 0.03, 0.1]) grid.push({ l2, balanced });
const results = grid.map((s) => ({ s, r: crossValidate(s) }));
const best = results.reduce((a, b) => (b.r.accuracy > a.r.accuracy ? b : a));
const always = ys.filter((y) => y === 0).length / ys.length;
const out = [
  `Page-type classifier, WCXB dev (${xs.length} pages, ${new Set(groups).size} domains), ${FOLDS}-fold cross-validation grouped by domain, seed ${SEED}` +
    (extra.length ? `; ${extra.length} pages of the other shared datasets join every training fold as article` : '') + '.',
  `Always "article": accuracy ${f3(always)}.`,
  '',
  markdownTable(['learner setting', 'accuracy', 'macro F1'], results.map(({ s, r }) => [`logistic regression, L2 ${s.l2}${s.balanced ? ', balanced' : ''}`, f3(r.accuracy), f3(r.macroF1)])).trimEnd(),
  '',
  `Chosen: L2 ${best.s.l2}${best.s.balanced ? ', balanced class weights' : ''} (best accuracy). Per class:`,
  '',
  markdownTable(['type', 'pages', 'precision', 'recall'], PAGE_TYPES.map((t, c) => [t, String(ys.filter((y) => y === c).length), f3(best.r.precision[c]), f3(best.r.recall[c])])).trimEnd(),
  '',
  'Confusion matrix (rows: true type, columns: predicted):',
  '',
  markdownTable(['true \\ predicted', ...PAGE_TYPES], PAGE_TYPES.map((t, c) => [t, ...best.r.confusion[c].map(String)])).trimEnd(),
  '',
  `Cost per page (medians over the ${tableMs.length} pages): line table ${median(tableMs).toFixed(2)} ms, page-type features ${median(featureMs).toFixed(3)} ms ` +
    `(${((100 * median(featureMs)) / median(tableMs)).toFixed(1)} % of the table); means ${mean(tableMs).toFixed(2)} / ${mean(featureMs).toFixed(3)} ms. ` +
    `The default model's whole extraction (WCXB pages): median ${median(extractMs).toFixed(2)} ms, mean ${mean(extractMs).toFixed(2)} ms; ` +
    `the features add ${((100 * mean(featureMs.slice(0, extractMs.length))) / mean(extractMs)).toFixed(1)} % to it (ratio of the means, WCXB pages only).`,
  '',
  markdownTable(['dataset', 'pages', 'features ms (median)', 'extraction ms (median)', 'features / extraction (means)'], [...cost].map(([d, c]) => [
    d, String(c.features.length), median(c.features).toFixed(3), median(c.extract).toFixed(2), `${((100 * mean(c.features)) / mean(c.extract)).toFixed(1)} %`,
  ])).trimEnd(),
].join('\n');
console.log(out);
