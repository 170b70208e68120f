#!/usr/bin/env node
/**
 * `npm run train:default`: train the shipped cross-site model `default` on every
 * page with gold in ../shared/datasets (or FARSW_DATASETS) and write it to
 * models/default.json (a JSON export, loaded when a store has no `default`).
 * Features are the normalised variant (FAR-SW §3.2: for models across sites); evidence rules are learned
 * (issue 17: they decide in apply, chosen by leave-one-dataset-out, docs/decisions.md), with each page's host as its site.
 * wcxb-dev's pages of every type (forums, products, listings, …) are trained on with the news collections (issue 35; their
 * figures are cross-validated by host: docs/decisions.md, "Page types"). About 2 minutes and 0.75 GB on all shared data.
 * The datasets are read in place; only the model's numbers are committed.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Trainer, readDataset, modelToJson, hostOfRecord } from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
if (!existsSync(dir)) {
  console.error(`train:default: ${dir} not found; it needs ../shared/datasets`);
  process.exit(1);
}
const trainer = new Trainer({ name: 'default', site: null, featureVariant: 'normalized', evidence: true });
const perDataset = new Map();
for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl.gz')).sort()) {
  for await (const r of readDataset(join(dir, f))) {
    if (!r.gold) continue;
    trainer.addPage({ id: r.id, html: r.html, gold: r.gold, site: hostOfRecord(r) });
    perDataset.set(r.dataset, (perDataset.get(r.dataset) ?? 0) + 1);
  }
  process.stderr.write(`train:default: ${f} read (${trainer.pages} pages so far)\n`);
}
const model = trainer.finish();
const trainedOn = [...perDataset].map(([dataset, pages]) => ({ dataset, pages }));
const out = { ...model, trainingReport: { ...model.trainingReport, trainedOn, skipped: model.trainingReport.skipped.slice(0, 50) } };
writeFileSync(join(root, 'models/default.json'), modelToJson(out));
const r = model.trainingReport;
console.error(`train:default: ${r.pages} pages, ${r.lines} lines (${r.topicalLines} topical), ${model.rules.length} rules → models/default.json`);
