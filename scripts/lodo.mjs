#!/usr/bin/env node
/**
 * `npm run bench:lodo`: leave-one-dataset-out (LODO) measurement of models across sites, the
 * yardstick every constant of the default model is chosen by (issue 17). One process, no workers.
 *
 * For each dataset D of ../shared/datasets with gold text, a model is trained (as `npm run train:default`
 * trains the shipped one) on every other dataset's pages and applied to D's pages. Each page's lines,
 * features and labels are prepared once and added to the six trainers that use it, so the seven LODO
 * models cost about one training. Every configuration (a name, training options, apply options) is
 * scored on the same pages; configurations with the same training options share their models.
 *
 * Reports per dataset: pages, mean bag-of-words F1 (tokens) per configuration, the FAR-SW fallback share
 * (pages where no block passed β), each configuration's paired bootstrap interval against the first
 * (the baseline) and, with `--readability`, Readability (@mozilla/readability over linkedom, as
 * bench:compare runs it) on the same pages in the same loop, with each configuration's interval against it.
 *
 * Usage: node scripts/lodo.mjs [--configs FILE.mjs] [--only NAME,…] [--sample N] [--seed S]
 *          [--readability] [--save FILE.json] [--data DIR]
 *   --configs  a module whose default export is [{ name, train?: TrainOptions, farsw?: apply options, lines?: LineOptions,
 *              dist?: DIR }] (training options over the shipped model's: normalised features, evidence rules; plus lodo's
 *              own `pagesPerDataset`: train on about that many pages of each dataset at most; `dist`: train and apply with
 *              another build's dist/, e.g. the commit before a change, so a change to the training code is measured against the
 *              old code in the same run; scoring is always this build's); default: the shipped configuration alone (`default`)
 *   --sample   at most N pages per dataset (seeded reservoir; 0 = every page, the default)
 *   --save     per-page F1 and fallback of every configuration (and Readability), for later comparison
 *   --cache    a directory keeping the trained LODO models (one JSON file per training options, sample, seed and held-out
 *              dataset): a later run with the same options loads them instead of training. Clear it when training changes.
 *   --held     apply to and report only these held-out datasets (comma-separated names; models are still trained for all)
 *   --peers    registered extractors run on the same pages in the same loop as further columns (comma-separated: `addanag,dana`)
 * Needs `npm run build` (dist/) and ../shared/datasets (or FARSW_DATASETS); exits 0 with a message without them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sampleRecords } from './sample-records.mjs';
import { LODO_OPTIONS, lodoCacheFile, readabilityText } from './lodo-common.mjs';
import * as own from '../dist/index.js';

const { readJsonlDataset, tokenize, bagOfWordsScore, pairedBootstrap, mulberry32, hashString, hostOfRecord } = own;

const { values: opts } = parseArgs({
  options: {
    ...LODO_OPTIONS,
    configs: { type: 'string' },
    only: { type: 'string' },
    readability: { type: 'boolean', default: false },
    peers: { type: 'string' },
    save: { type: 'string' },
    held: { type: 'string' },
  },
});
if (!existsSync(opts.data)) {
  console.error(`lodo: ${opts.data} not found; this benchmark needs ../shared/datasets. Skipped.`);
  process.exit(0);
}
const SAMPLE = Number(opts.sample);
let configs = opts.configs ? (await import(pathToFileURL(resolve(opts.configs)).href)).default : [{ name: 'default' }];
if (opts.only) {
  const keep = new Set(opts.only.split(','));
  configs = configs.filter((c, i) => i === 0 || keep.has(c.name));
}
const files = readdirSync(opts.data).filter((n) => n.endsWith('.jsonl.gz')).sort();
const log = (s) => process.stderr.write(`lodo: ${s}\n`);
const t0 = performance.now();
const secs = () => ((performance.now() - t0) / 1000).toFixed(0);

/** The gold pages of one file, or a seeded reservoir sample of SAMPLE of them, in id order. */
async function* pagesOf(file) {
  if (SAMPLE <= 0) {
    for await (const r of readJsonlDataset(join(opts.data, file))) if (r.gold) yield r;
    return;
  }
  async function* gold() {
    for await (const r of readJsonlDataset(join(opts.data, file))) if (r.gold) yield r;
  }
  yield* (await sampleRecords(gold(), SAMPLE, mulberry32(Number(opts.seed)))).kept;
}

// ---- training: one trainer per (build, training options, held-out dataset) ----
/** The build a configuration trains and applies with: this one, or its `dist` (loaded once). */
const builds = new Map();
for (const c of configs) if (c.dist && !builds.has(resolve(c.dist))) builds.set(resolve(c.dist), await import(pathToFileURL(join(resolve(c.dist), 'index.js')).href));
const buildOf = (c) => (c.dist ? builds.get(resolve(c.dist)) : own);
const trainKey = (c) => JSON.stringify(c.train ?? {}) + (c.dist ? ` @${resolve(c.dist)}` : '');
const trainGroups = new Map();
for (const c of configs) if (!trainGroups.has(trainKey(c))) trainGroups.set(trainKey(c), c);
const datasets = [];
const goldFiles = [];
for (const f of files) {
  for await (const r of pagesOf(f)) { datasets.push(r.dataset); goldFiles.push(f); break; }
}
/** models.get(trainKey).get(heldOut) */
const models = new Map();
/** The cache file of one LODO model (--cache). */
const cacheFile = (key, held) => lodoCacheFile(opts.cache, key, SAMPLE, opts.seed, held);
for (const [key, config] of trainGroups) {
  const { Trainer, preparePage, resolveTrainParams, modelToJson, modelFromJson } = buildOf(config), train = config.train ?? {};
  if (opts.cache && datasets.every((d) => existsSync(cacheFile(key, d)))) {
    models.set(key, new Map(datasets.map((d) => [d, modelFromJson(readFileSync(cacheFile(key, d), 'utf8'), cacheFile(key, d))])));
    log(`loaded ${datasets.length} models for training options ${key} from ${opts.cache} (${secs()} s)`);
    continue;
  }
  // As `npm run train:default` trains the shipped model; `pagesPerDataset` (lodo's own) trains on about that many pages of
  // each dataset at most (a page is kept when its id's hash modulo the dataset's pages is below it).
  const { pagesPerDataset, ...trainOptions } = train;
  const options = { featureVariant: 'normalized', evidence: true, ...trainOptions };
  const params = resolveTrainParams(options);
  const trainers = new Map(datasets.map((d) => [d, new Trainer({ ...options, name: `lodo-${d}` })]));
  for (const f of goldFiles) {
    let total = 0;
    if (pagesPerDataset) for await (const _ of pagesOf(f)) total++;
    for await (const r of pagesOf(f)) {
      if (pagesPerDataset && hashString(r.id) % total >= pagesPerDataset) continue;
      const page = preparePage({ id: r.id, html: r.html, gold: r.gold, site: hostOfRecord(r) }, params);
      for (const [held, t] of trainers) if (held !== r.dataset) t.addPrepared(page);
    }
  }
  models.set(key, new Map([...trainers].map(([d, t]) => [d, t.finish()])));
  if (opts.cache) {
    mkdirSync(opts.cache, { recursive: true });
    for (const [d, m] of models.get(key)) writeFileSync(cacheFile(key, d), modelToJson(m));
  }
  log(`trained ${datasets.length} models for training options ${key} (${secs()} s)`);
}

// ---- applying ----
const readability = opts.readability ? await readabilityText() : undefined;
const peers = opts.peers ? opts.peers.split(',') : [];
const names = [...configs.map((c) => c.name), ...peers, ...(readability ? ['Readability'] : [])];
/** per dataset: { ids, f1: name → number[], fallback: name → number[] } */
const held = opts.held ? new Set(opts.held.split(',')) : undefined;
const results = new Map(datasets.filter((d) => !held || held.has(d)).map((d) => [d, { ids: [], lang: [], url: [], f1: new Map(names.map((n) => [n, []])), fallback: new Map(names.map((n) => [n, []])) }]));
const applyMs = new Map(names.map((n) => [n, 0]));
let bytes = 0;
for (const f of goldFiles) {
  if (held && !held.has(datasets[goldFiles.indexOf(f)])) continue;
  for await (const r of pagesOf(f)) {
    const res = results.get(r.dataset);
    res.ids.push(r.id);
    res.lang.push(r.lang ?? null);
    res.url.push(r.url ?? null);
    const gold = tokenize(r.gold);
    bytes += Buffer.byteLength(r.html);
    for (const c of configs) {
      const model = models.get(trainKey(c)).get(r.dataset);
      const a = performance.now();
      const out = buildOf(c).extractWithModel(r.html, model, { ...(c.farsw ? { farsw: c.farsw } : {}), ...(c.lines ? { lines: c.lines } : {}), ...(r.url ? { url: r.url } : {}) });
      applyMs.set(c.name, applyMs.get(c.name) + performance.now() - a);
      res.f1.get(c.name).push(bagOfWordsScore(tokenize(out.text), gold).f1);
      res.fallback.get(c.name).push(out.detail.fallback ? 1 : 0);
    }
    for (const p of peers) {
      const a = performance.now();
      const text = own.extract(r.html, { algorithm: p }).text;
      applyMs.set(p, applyMs.get(p) + performance.now() - a);
      res.f1.get(p).push(bagOfWordsScore(tokenize(text), gold).f1);
      res.fallback.get(p).push(0);
    }
    if (readability) {
      const a = performance.now();
      const text = readability(r.html);
      applyMs.set('Readability', applyMs.get('Readability') + performance.now() - a);
      res.f1.get('Readability').push(bagOfWordsScore(tokenize(text), gold).f1);
      res.fallback.get('Readability').push(0);
    }
  }
  log(`applied to ${f} (${secs()} s)`);
}

// ---- report ----
const mean = (v) => v.reduce((s, x) => s + x, 0) / v.length;
const f3 = (x) => x.toFixed(3);
const signed = (x) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;
const interval = (a, b) => {
  const d = pairedBootstrap(a, b);
  const mark = d.low > 0 ? ' ▲' : d.high < 0 ? ' ▼' : '';
  return `${signed(d.mean)} (${signed(d.low)} … ${signed(d.high)})${mark}`;
};
const base = configs[0].name;
const lines = [];
lines.push(`LODO BoW F1 (tokens), ${datasets.length} datasets${SAMPLE > 0 ? `, ≤ ${SAMPLE} pages each (seed ${opts.seed})` : ', every page with gold'}; ${secs()} s.`);
lines.push('');
lines.push(`| dataset (pages) | ${names.join(' | ')} |`);
lines.push(`|---|${names.map(() => '---:').join('|')}|`);
for (const [d, res] of results) lines.push(`| ${d} (${res.ids.length}) | ${names.map((n) => f3(mean(res.f1.get(n)))).join(' | ')} |`);
const macro = names.map((n) => mean([...results.values()].map((res) => mean(res.f1.get(n)))));
lines.push(`| **mean of datasets** | ${macro.map((x) => `**${f3(x)}**`).join(' | ')} |`);
lines.push('');
lines.push('Fallback share (no FAR-SW block passed β):');
lines.push('');
lines.push(`| dataset | ${configs.map((c) => c.name).join(' | ')} |`);
lines.push(`|---|${configs.map(() => '---:').join('|')}|`);
for (const [d, res] of results) lines.push(`| ${d} | ${configs.map((c) => `${(100 * mean(res.fallback.get(c.name))).toFixed(0)} %`).join(' | ')} |`);
const compare = (against, label) => {
  const others = configs.filter((c) => c.name !== against);
  if (others.length === 0) return;
  lines.push('');
  lines.push(`Against ${label}: mean per-page BoW F1 difference, 95 % paired bootstrap interval (2,000 resamples, seed 1); ▲/▼ = interval above/below 0.`);
  lines.push('');
  lines.push(`| dataset | ${others.map((c) => c.name).join(' | ')} |`);
  lines.push(`|---|${others.map(() => '---:').join('|')}|`);
  for (const [d, res] of results) lines.push(`| ${d} | ${others.map((c) => interval(res.f1.get(c.name), res.f1.get(against))).join(' | ')} |`);
};
compare(base, `the baseline \`${base}\``);
if (readability) compare('Readability', 'Readability (same run)');
lines.push('');
lines.push(`Apply time, whole run (${(bytes / 1e6).toFixed(0)} MB of HTML per configuration): ${names.map((n) => `${n} ${(applyMs.get(n) / 1000).toFixed(1)} s`).join(', ')}.`);
console.log(lines.join('\n'));
if (opts.save) {
  const saved = Object.fromEntries([...results].map(([d, res]) => [d, { ids: res.ids, lang: res.lang, url: res.url, f1: Object.fromEntries(res.f1), fallback: Object.fromEntries(res.fallback) }]));
  writeFileSync(opts.save, JSON.stringify({ configs, sample: SAMPLE, seed: Number(opts.seed), results: saved }) + '\n');
}
