#!/usr/bin/env node
/**
 * `npm run bench:page-type`: the page-type classifier (src/features/page-type.ts, learnt by
 * src/train/page-type.ts) cross-validated on WCXB dev with folds grouped by domain (5 folds,
 * seeded): accuracy, macro F1, per-class precision / recall and the confusion matrix for each
 * learner setting of the grid, the chosen one (best accuracy) in full; and the cost of the
 * features against the line table they are computed from (medians per page).
 * Lines are built with the shipped default model's line options, as extraction builds them.
 *
 * The learner's settings of the grid: L2, and the weight of the other shared datasets' pages, which join the training folds
 * as `article` (scripts/page-type-training.mjs; never the test folds: the accuracy stays WCXB's). Those pages are split in
 * 5 folds of their own domains too: each is typed by the classifier of the fold it is not in (what routing would do to news
 * pages unseen in training). The shipped setting (PAGE_TYPE_FIT) is printed in full, with the pages of each type typed so at
 * the shipped routes' confidence.
 *
 * Usage: npm run bench:page-type [-- --data FILE] [-- --folds 5] [-- --seed 1] [-- --write]
 *   --write puts the tables in docs/benchmarks/wcxb.md (section bench:page-type).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { domainOf } from './page-domain.mjs';
import { PAGE_TYPE_FIT } from './page-type-training.mjs';
import {
  readJsonlDataset, buildLineTable, modelLineOptions, shippedDefaultModel, pageTypeFeatures, PAGE_TYPES, PAGE_TYPE_FEATURES,
  fitPageTypeClassifier, classifyFeatures, groupFolds, confusionFigures, markdownTable, extractWithModel, FARSW_APPLY_DEFAULTS,
  replaceBenchmarkSection,
} from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = process.env.FARSW_DATASETS ?? ['../shared/datasets', '../../shared/datasets'].map((p) => resolve(root, p)).find(existsSync) ?? resolve(root, '../shared/datasets');
const { values: opts } = parseArgs({
  options: {
    data: { type: 'string', default: join(shared, 'wcxb-dev.jsonl.gz') },
    folds: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    write: { type: 'boolean', default: false },
    out: { type: 'string', default: join(root, 'docs/benchmarks/wcxb.md') },
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

// Other datasets' pages as articles, training folds only (page-type-training.mjs otherPages, here timed as above).
const extra = [], extraGroups = [], extraData = [];
for (const f of readdirSync(shared).filter((n) => n.endsWith('.jsonl.gz') && join(shared, n) !== resolve(opts.data)).sort()) {
  for await (const r of readJsonlDataset(join(shared, f))) {
    if (r.gold === null || r.gold === undefined || r.pageType) continue;
    extra.push(featuresOf(r, true));
    extraGroups.push(domainOf(r.url, r.host));
    extraData.push(r.dataset);
  }
}
process.stderr.write(`bench:page-type: ${extra.length} pages of the other datasets\n`);

const mean = (a) => a.reduce((p, q) => p + q, 0) / a.length;
const median = (a) => { const s = [...a].sort((p, q) => p - q); return s[Math.floor(s.length / 2)]; };
const fold = groupFolds(groups, FOLDS, SEED);

const extraFold = groupFolds(extraGroups, FOLDS, SEED);

/** Cross-validated predictions of one setting: WCXB's pages, and the other datasets' by their own folds. */
function crossValidate(setting) {
  const predicted = new Int32Array(xs.length), confidence = new Float64Array(xs.length);
  const other = new Int32Array(extra.length), otherConfidence = new Float64Array(extra.length);
  for (let k = 0; k < FOLDS; k++) {
    const train = [], trainExtra = [];
    for (let i = 0; i < xs.length; i++) if (fold[i] !== k) train.push(i);
    if (setting.otherWeight > 0) for (let i = 0; i < extra.length; i++) if (extraFold[i] !== k) trainExtra.push(i);
    const tx = [...train.map((i) => xs[i]), ...trainExtra.map((i) => extra[i])], ty = [...train.map((i) => ys[i]), ...trainExtra.map(() => 0)];
    const weights = [...train.map(() => 1), ...trainExtra.map(() => setting.otherWeight)];
    const clf = fitPageTypeClassifier(tx, ty, PAGE_TYPES, PAGE_TYPE_FEATURES, { l2: setting.l2, weights });
    const put = (x, i, pred, conf) => {
      const r = classifyFeatures(x, clf);
      pred[i] = PAGE_TYPES.indexOf(r.type);
      conf[i] = r.confidence;
    };
    for (let i = 0; i < xs.length; i++) if (fold[i] === k) put(xs[i], i, predicted, confidence);
    for (let i = 0; i < extra.length; i++) if (extraFold[i] === k) put(extra[i], i, other, otherConfidence);
  }
  return { ...confusionFigures(ys, predicted, PAGE_TYPES.length), predicted, confidence, other, otherConfidence };
}

const f3 = (x) => (Number.isFinite(x) ? x.toFixed(3) : '-');
const grid = [{ l2: 0.03, otherWeight: 0 }, ...[0.03, 0.05, 0.1].map((otherWeight) => ({ l2: 0.03, otherWeight })), ...[0.01, 0.1].map((l2) => ({ l2, otherWeight: 0.05 }))];
const shipped = (s) => s.l2 === PAGE_TYPE_FIT.l2 && s.otherWeight === PAGE_TYPE_FIT.otherWeight;
const results = grid.map((s) => ({ s, r: crossValidate(s) }));
const best = results.find(({ s }) => shipped(s));
const always = ys.filter((y) => y === 0).length / ys.length;
const LISTING = PAGE_TYPES.indexOf('listing');
/** Pages of the other datasets typed `c` (or anything but article, c = −1). */
const othersTyped = (r, c) => [...r.other].filter((p) => (c < 0 ? p !== 0 : p === c)).length;
const routes = FARSW_APPLY_DEFAULTS.routes;
const datasets = [...new Set(extraData)];
const out = [
  '## Page types: the classifier, cross-validated by domain',
  '',
  `\`npm run bench:page-type\` (${new Date().toISOString().slice(0, 10)}): WCXB dev, ${xs.length} pages, ${new Set(groups).size} domains, ${FOLDS} folds grouped by domain, seed ${SEED}; ` +
    `multinomial logistic regression over ${PAGE_TYPE_FEATURES.length} standardised features. Every training fold also holds the ${extra.length} pages with gold of the other shared ` +
    'datasets (news and other article collections) as `article`, each at the weight below (0: WCXB alone); those pages are typed by the classifier of ' +
    `the fold of their own domains they are not in (${FOLDS} folds). Always \`article\`: accuracy ${f3(always)}.`,
  '',
  markdownTable(['L2', 'other pages\' weight', 'accuracy', 'macro F1', 'listing recall', 'other pages typed not article', 'of them listing'], results.map(({ s, r }) => [
    `${shipped(s) ? '**' : ''}${s.l2}${shipped(s) ? '**' : ''}`, String(s.otherWeight), f3(r.accuracy), f3(r.macroF1), f3(r.recall[LISTING]),
    `${othersTyped(r, -1)} of ${extra.length}`, String(othersTyped(r, LISTING)),
  ])).trimEnd(),
  '',
  `Shipped (scripts/page-type-training.mjs): L2 ${PAGE_TYPE_FIT.l2}, the other pages at weight ${PAGE_TYPE_FIT.otherWeight}; chosen for the routes it allows ` +
    '([decisions.md, "Page types"](../decisions.md#page-types)), not for accuracy. Per class, and the pages a route takes (typed so with at least the route\'s ' +
    'confidence in `FARSW_APPLY_DEFAULTS.routes`: of the type, of other types, of the other datasets):',
  '',
  markdownTable(['type', 'pages', 'precision', 'recall', 'route from', 'routed: the type', 'other types', 'other datasets'], PAGE_TYPES.map((t, c) => {
    const route = routes[t];
    const at = (pred, conf, i) => pred[i] === c && conf[i] > 0 && conf[i] >= (route?.minConfidence ?? Infinity);
    const own = ys.filter((y, i) => y === c && at(best.r.predicted, best.r.confidence, i)).length;
    const wrong = ys.filter((y, i) => y !== c && at(best.r.predicted, best.r.confidence, i)).length;
    const news = datasets.map((d) => [d, extraData.filter((e, i) => e === d && at(best.r.other, best.r.otherConfidence, i)).length]).filter(([, n]) => n > 0);
    return [t, String(ys.filter((y) => y === c).length), f3(best.r.precision[c]), f3(best.r.recall[c]), route ? String(route.minConfidence) : '-',
      route ? String(own) : '-', route ? String(wrong) : '-', route ? news.map(([d, n]) => `${d} ${n}`).join(', ') || '0' : '-'];
  })).trimEnd(),
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
if (opts.write) {
  const doc = existsSync(opts.out) ? readFileSync(opts.out, 'utf8') : null;
  writeFileSync(opts.out, replaceBenchmarkSection(doc, 'bench:page-type', out));
  console.error(`bench:page-type: wrote ${relative(process.cwd(), opts.out) || opts.out}`);
}
