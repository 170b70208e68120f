#!/usr/bin/env node
/**
 * Add `evidence.itemShares` (model/model.ts EvidenceModel) to a model file that lacks it, leaving every other number as
 * it is: per item, the share of text lines whose degree in it is above 0, over every page with gold in
 * ../shared/datasets (or FARSW_DATASETS), the pages `npm run train:default` trains on. Only speed depends on it (the
 * apply path groups each rule under its rarest item); training writes it itself (train/evidence.ts), this is for a
 * model trained before, so that its rules, membership functions and output stay what they are.
 *
 * Usage: npm run build && node scripts/item-shares.mjs [models/default.json]
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDataset, buildLineTable, modelFromJson, modelToJson, modelLineOptions } from '../dist/index.js';
import { pageEvidence, itemCount, itemDegrees } from '../dist/extract/evidence-vote.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
const file = resolve(process.argv[2] ?? join(root, 'models/default.json'));
if (!existsSync(dir)) { console.error(`item-shares: ${dir} not found; it needs ../shared/datasets`); process.exit(1); }
const model = modelFromJson(readFileSync(file, 'utf8'), file);
const ev = model.evidence;
if (!ev) { console.error(`item-shares: ${file} has no evidence rules`); process.exit(1); }
const n = itemCount(ev), held = new Float64Array(n), degree = new Float64Array(n), options = modelLineOptions(model.params);
let lines = 0;
for (const f of readdirSync(dir).filter((x) => x.endsWith('.jsonl.gz')).sort()) {
  for await (const r of readDataset(join(dir, f))) {
    if (!r.gold) continue;
    const table = buildLineTable(r.html, options), evidence = pageEvidence(table, ev);
    for (let k = 0; k < evidence.lines.length; k++, lines++) {
      itemDegrees(table, ev, evidence, k, degree);
      for (let i = 0; i < n; i++) if (degree[i] !== 0) held[i]++;
    }
  }
}
// Four decimals, as training writes them.
const itemShares = Array.from(held, (h) => (lines > 0 ? Math.round((h / lines) * 1e4) / 1e4 : 0));
const { membership, commonWords, classWords, classWordCarries, itemShares: _, ...rest } = ev;
const evidence = { membership, commonWords, classWords, ...(classWordCarries ? { classWordCarries } : {}), itemShares, ...rest };
writeFileSync(file, modelToJson({ ...model, evidence }));
console.error(`item-shares: ${lines} text lines, ${n} items → ${file}`);
