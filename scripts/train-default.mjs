#!/usr/bin/env node
/**
 * `npm run train:default`: train the shipped cross-site model `default` on every
 * page with gold in ../shared/datasets (or FARSW_DATASETS) and write it to
 * models/default.json (a JSON export, loaded when a store has no `default`).
 * Features are the normalised variant (FAR-SW §3.2: for models across sites); evidence rules are learned
 * (issue 17: they decide in apply, chosen by leave-one-dataset-out, docs/decisions.md), with each page's host as its site.
 * wcxb-dev's pages of every type (forums, products, listings, …) are trained on with the news collections (issue 35; their
 * figures are cross-validated by host: docs/decisions.md, "Page types"). About 2 minutes and 0.75 GB on all shared data.
 * The page-type classifier (src/features/page-type.ts; its setting chosen by domain-grouped
 * cross-validation, `npm run bench:page-type`, docs/decisions.md "Page types") is learnt from
 * the pages that carry a `page_type` (wcxb-dev), with the other datasets' pages as light `article` examples
 * (scripts/page-type-training.mjs), and stored as the model's `pageType`.
 * `--page-type-only`: keep models/default.json's rules and only learn the classifier again.
 * The datasets are read in place; only the model's numbers are committed.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { PAGE_TYPE_FIT, otherPages } from './page-type-training.mjs';
import {
  Trainer, readDataset, modelToJson, modelFromJson, hostOfRecord, buildLineTable, modelLineOptions, pageTypeFeatures,
  fitPageTypeClassifier, PAGE_TYPES, PAGE_TYPE_FEATURES,
} from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
if (!existsSync(dir)) {
  console.error(`train:default: ${dir} not found; it needs ../shared/datasets`);
  process.exit(1);
}
const files = readdirSync(dir).filter((n) => n.endsWith('.jsonl.gz')).sort();
const modelFile = join(root, 'models/default.json');

let model;
if (process.argv.includes('--page-type-only')) model = modelFromJson(readFileSync(modelFile, 'utf8'), modelFile);
else {
  const trainer = new Trainer({ name: 'default', site: null, featureVariant: 'normalized', evidence: true });
  const perDataset = new Map();
  for (const f of files) {
    for await (const r of readDataset(join(dir, f))) {
      if (!r.gold) continue;
      trainer.addPage({ id: r.id, html: r.html, gold: r.gold, site: hostOfRecord(r) });
      perDataset.set(r.dataset, (perDataset.get(r.dataset) ?? 0) + 1);
    }
    process.stderr.write(`train:default: ${f} read (${trainer.pages} pages so far)\n`);
  }
  const trained = trainer.finish();
  const trainedOn = [...perDataset].map(([dataset, pages]) => ({ dataset, pages }));
  model = { ...trained, trainingReport: { ...trained.trainingReport, trainedOn, skipped: trained.trainingReport.skipped.slice(0, 50) } };
  const r = model.trainingReport;
  console.error(`train:default: ${r.pages} pages, ${r.lines} lines (${r.topicalLines} topical), ${model.rules.length} rules`);
}

// The page-type classifier, on the lines the model builds.
const lines = modelLineOptions(model.params);
const xs = [], ys = [];
let labelledFile = null;
for (const f of files) {
  for await (const r of readDataset(join(dir, f))) {
    const y = PAGE_TYPES.indexOf(r.pageType);
    if (y < 0) continue;
    xs.push(pageTypeFeatures(buildLineTable(r.html, lines), r.html, r.url));
    ys.push(y);
    labelledFile = join(dir, f);
  }
}
const others = labelledFile ? await otherPages(dir, labelledFile, lines) : [];
const weights = [...xs.map(() => 1), ...others.map(() => PAGE_TYPE_FIT.otherWeight)];
const { pageType: _old, ...rest } = model;
const out = xs.length > 0 ? {
  ...rest,
  pageType: fitPageTypeClassifier([...xs, ...others.map((o) => o.x)], [...ys, ...others.map(() => 0)], PAGE_TYPES, PAGE_TYPE_FEATURES, { l2: PAGE_TYPE_FIT.l2, weights }),
} : rest;
console.error(`train:default: page-type classifier ${xs.length > 0 ? `learnt from ${xs.length} pages with a page_type and ${others.length} other pages as article (weight ${PAGE_TYPE_FIT.otherWeight})` : 'not learnt (no page has a page_type)'}`);
writeFileSync(modelFile, modelToJson(out));
console.error('train:default: → models/default.json');
