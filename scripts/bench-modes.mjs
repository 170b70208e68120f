#!/usr/bin/env node
/**
 * `npm run bench:modes`: FAR-SW apply modes under cross-validation, the
 * measurement behind FARSW_APPLY_DEFAULTS (`mode`, `FARSW_SITE_MODEL_DEFAULTS.mode`, `classify`).
 *
 * - inter-site: leave-one-dataset-out over the datasets with gold; each fold
 *   trains a model across sites (normalised features, as `npm run train:default`)
 *   on the other datasets and applies it to the held-out one;
 * - intra-site: 10-fold within every host with at least 10 pages of daniel,
 *   dragnet and cleanportaleval (pages without a host are no site); each fold
 *   trains a site model (raw features) on the host's other pages.
 * One training per fold; every configuration is applied to the same models.
 * Mean bag-of-words F1 (tokens): per dataset / per site, then the mean. Writes the "modes" section of docs/decisions.md.
 * Needs ../shared/datasets (or FARSW_DATASETS); skips with a message when absent.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  readDataset, makeFolds, Trainer, extractWithModel, scoreText, replaceBenchmarkSection,
} from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
if (!existsSync(dir)) {
  console.error(`bench:modes: ${dir} not found; this benchmark needs ../shared/datasets. Skipped.`);
  process.exit(0);
}

const CONFIGS = [
  ["crisp rules, FAR-SW alone (not the paper: farsw's lines, templates, paths, containers, fallback)", { classify: 'crisp', mode: 'farsw' }],
  ['crisp rules ∪ DANA', { classify: 'crisp', mode: 'union' }],
  ['confidence, FAR-SW alone', { classify: 'confidence', mode: 'farsw' }],
  ['confidence, DANA alone (same lines)', { classify: 'confidence', mode: 'dana' }],
  ['confidence ∪ DANA', { classify: 'confidence', mode: 'union' }],
  ["confidence ∪ DANA, only <a> attributes normalised (the paper's normalisation)", { classify: 'confidence', mode: 'union' }, { lines: { normalizeAttributes: 'anchors' } }],
  ['confidence ∪ DANA, comment sections kept at apply', { classify: 'confidence', mode: 'union' }, { lines: { dropComments: false } }],
  ['confidence ∪ DANA, veto below 0.2', { classify: 'confidence', mode: 'union', veto: 0.2 }],
  ['confidence ∪ DANA, DANA regions sized by text alone (not weighted by P(topical))', { classify: 'confidence', mode: 'union', weightRegions: false }],
  ['confidence ∪ DANA, path veto off for site models', { classify: 'confidence', mode: 'union', pathVeto: false }],
  ['confidence ∪ DANA, path veto on across sites too', { classify: 'confidence', mode: 'union', pathVeto: true }],
  ['confidence ∪ DANA, no single-container constraint', { classify: 'confidence', mode: 'union', container: 0, dana: { container: 0 } }],
  ['confidence, FAR-SW alone, no single-container constraint', { classify: 'confidence', mode: 'farsw', container: 0, dana: { container: 0 } }],
  ['confidence, FAR-SW alone, single container also for site models', { classify: 'confidence', mode: 'farsw', container: 0.7 }],
  ['confidence ∩ DANA', { classify: 'confidence', mode: 'intersection' }],
  ['confidence, DANA diff as evidence', { classify: 'confidence', mode: 'evidence' }],
  ['confidence, vote', { classify: 'confidence', mode: 'vote' }],
  ['confidence ∪ DANA, no title anchor (nor title container)', { classify: 'confidence', mode: 'union', dana: { titleDecay: 0 } }],
  ['confidence ∪ DANA, title anchor without the title container', { classify: 'confidence', mode: 'union', dana: { titleContainer: 0 } }],
  ['confidence ∪ DANA, repeated lines kept by site models', { classify: 'confidence', mode: 'union', dedupe: false }],
  ['confidence ∪ DANA, repeated lines dropped across sites too', { classify: 'confidence', mode: 'union', dedupe: true }],
  ['confidence ∪ DANA, no class/id words', { classify: 'confidence', mode: 'union', tokenEvidence: 0 }],
  ['confidence, FAR-SW alone, no paths', { classify: 'confidence', mode: 'farsw', pathEvidence: 0 }],
];

const records = [];
for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl.gz')).sort()) {
  for await (const r of readDataset(join(dir, f))) if (r.gold) records.push(r);
}

function trainOn(pages, featureVariant, site) {
  const t = new Trainer({ name: 'fold', featureVariant, site });
  for (const r of pages) t.addPage({ id: r.id, html: r.html, gold: r.gold });
  return t.finish();
}

/** Per configuration: group → [F1 of each test page]. */
function run(folds, featureVariant, siteModels) {
  const per = CONFIGS.map(() => new Map());
  for (const fold of folds) {
    const model = trainOn(fold.train, featureVariant, siteModels ? fold.group : null);
    CONFIGS.forEach(([, farsw, extra], c) => {
      for (const r of fold.test) {
        const f1 = scoreText(extractWithModel(r.html, model, { farsw, ...extra }).text, r.gold).bow.f1;
        if (!per[c].has(fold.group)) per[c].set(fold.group, []);
        per[c].get(fold.group).push(f1);
      }
    });
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  return per.map((m) => new Map([...m].map(([g, v]) => [g, v.reduce((a, b) => a + b, 0) / v.length])));
}
const mean = (m) => [...m.values()].reduce((a, b) => a + b, 0) / m.size;

const t0 = performance.now();
const inter = run(makeFolds(records, { mode: 'inter-site', groupBy: 'dataset', minPages: 10, seed: 1 }).folds, 'normalized', false);
const siteRecords = records.filter((r) => ['daniel', 'dragnet', 'cleanportaleval'].includes(r.dataset));
const intra = run(makeFolds(siteRecords, { mode: 'intra-site', groupBy: 'site', folds: 10, minPages: 10, seed: 1 }).folds, 'raw', true);
const secs = (performance.now() - t0) / 1000;

const datasets = [...inter[0].keys()];
const rows = CONFIGS.map(([label], c) =>
  `| ${label} | ${datasets.map((d) => inter[c].get(d).toFixed(3)).join(' | ')} | **${mean(inter[c]).toFixed(3)}** | **${mean(intra[c]).toFixed(3)}** (${intra[c].size} sites) |`);
const md = [
  `Command: \`npm run bench:modes\` (scripts/bench-modes.mjs; ${secs.toFixed(0)} s). Mean bag-of-words F1 (tokens).`,
  'Inter-site: leave-one-dataset-out, a model across sites (normalised features) trained on the other datasets. ' +
    'Intra-site: 10-fold within every host with ≥ 10 pages of daniel, dragnet and cleanportaleval, a site model (raw features) per fold; mean over sites.',
  '`confidence` = a line\'s significant-region set read as one rule, by its training confidence (+ class/id words); ∪/∩ = union/intersection with DANA (AdDANAg on the same lines). ' +
    'Every configuration keeps template lines and structural paths, normalises every start tag\'s attributes in the DANA core and removes user-comment sections (training and apply), keeps the final lines of models across sites in one container (θ 0.7, extract/container.ts; site models: off), starts DANA\'s Algorithm 1 from the region ranked by the title anchor (extract/title.ts) and, across sites, keeps the lines in the title container (site models: off), and in site models drops lines whose structural path the model knows as non-topical (path veto) and lines repeating an earlier chosen line (models across sites: neither) unless the row says otherwise. Intra-site folds train site models (the fold\'s host), as `farsw eval --cv intra-site --train` does. Defaults: `mode` and `FARSW_SITE_MODEL_DEFAULTS.mode` = confidence ∪ DANA, the best inter-site row and the best intra-site row (rows within 0.002 of each other are ties).',
  '',
  `| configuration | ${datasets.join(' | ')} | inter-site mean | intra-site mean |`,
  `|---|${datasets.map(() => '---').join('|')}|---|---|`,
  ...rows,
].join('\n');
// The alternatives behind a default: docs/decisions.md ("FAR-SW modes under cross-validation"), not BENCHMARKS.md.
const file = join(root, 'docs', 'decisions.md');
writeFileSync(file, replaceBenchmarkSection(existsSync(file) ? readFileSync(file, 'utf8') : null, 'modes', md));
console.log(md);
