#!/usr/bin/env node
/**
 * `npm run bench:papers`: the papers' experiments, run with `--preset paper` on ../shared/datasets,
 * for BENCHMARKS.md "The papers, reproduced" (its tables in docs/benchmarks/papers.md). One process, one pass per experiment:
 *
 * - FAR-SW inter-site: leave-one-dataset-out; per fold a paper model across sites (normalised features,
 *   Fig. 7's two regions for B, C, E), and one with Fig. 3's three regions; applied with the paper preset
 *   (eq. 4 over the model's H, and over page maxima), share of pages where no block passes β;
 * - FAR-SW intra-site: 10-fold within every host with ≥ 10 pages of daniel, dragnet, cleanportaleval; a paper
 *   site model per fold (raw features, three regions); the Φ sweep of Fig. 8 on the same models;
 * - FAR-SW same page: a paper model trained on one page and applied to it (§3.6's first experiment);
 * - DANA on daniel's non-Latin pages (zh, ru, el) and chinese-wce, gap 20 and 160; DANAg against AdDANAg;
 *   WLR and CETR; each as published and with farsw's defaults;
 * - speed: every page through each extractor in turn (interleaved), MB/s and ms per page.
 *
 * F1: mean per page; LCS-token F1 (DANA's and AdDANAg's metric) and bag-of-words F1 (FAR-SW's eq. 6–8;
 * tokens, and UTF-8 bytes as the paper counts). Options: --sample N (pages per dataset; default all),
 * --same-page N (pages for the same-page run; default 200), --no-write (print, leave docs/benchmarks/papers.md).
 * Needs ../shared/datasets (or FARSW_DATASETS); skips with a message when absent.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  readDataset, makeFolds, Trainer, extractWithModel, extract, scoreText, bagOfWordsScore, tokenize, replaceBenchmarkSection, hostOfRecord,
} from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
if (!existsSync(dir)) {
  console.error(`bench:papers: ${dir} not found; this benchmark needs ../shared/datasets. Skipped.`);
  process.exit(0);
}
const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const SAMPLE = arg('--sample', Infinity);
const SAME_PAGE = arg('--same-page', 200);
const WRITE = !process.argv.includes('--no-write');

// Every page with gold (trafilatura's gold is partial: left out, as bench:compare does); a seeded sample per dataset with --sample.
let seed = 1;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const records = [];
const siteRecords = []; // every page of the datasets with sites, for intra-site cross-validation
for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl.gz') && !n.startsWith('trafilatura')).sort()) {
  const all = [];
  for await (const r of readDataset(join(dir, f))) if (r.gold && r.gold.trim()) all.push(r);
  if (['daniel', 'dragnet', 'cleanportaleval'].some((d) => f.startsWith(`${d}.`))) siteRecords.push(...all);
  if (all.length > SAMPLE) {
    for (let i = all.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [all[i], all[j]] = [all[j], all[i]]; }
    all.length = SAMPLE;
    all.sort((a, b) => (a.id < b.id ? -1 : 1));
  }
  records.push(...all);
}
const t0 = performance.now();
const log = (s) => process.stderr.write(`${((performance.now() - t0) / 1000).toFixed(0)} s ${s}\n`);
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const f3 = (x) => (Number.isFinite(x) ? x.toFixed(3) : '–');
const pct = (x) => `${(100 * x).toFixed(1)} %`;

/** Scores of one prediction: LCS and BoW (tokens) F1, BoW P/R, and BoW F1 in bytes. */
function score(text, gold, { lcs = true, bytes = false } = {}) {
  const s = lcs ? scoreText(text, gold) : null;
  const t = s ? s.bow : bagOfWordsScore(tokenize(text), tokenize(gold));
  const b = bytes ? bagOfWordsScore(tokenize(text), tokenize(gold), 'bytes') : null;
  return { lcs: s ? s.lcs.f1 : NaN, bow: t.f1, p: t.precision, r: t.recall, bytes: b ? b.f1 : NaN };
}

function train(pages, options) {
  const t = new Trainer({ name: 'fold', ...options });
  for (const r of pages) t.addPage({ id: r.id, html: r.html, gold: r.gold });
  return t.finish();
}

/** Accumulates per-group lists of page scores for several configurations. */
class Table {
  constructor() { this.rows = new Map(); }
  add(config, group, s) {
    if (!this.rows.has(config)) this.rows.set(config, new Map());
    const g = this.rows.get(config);
    if (!g.has(group)) g.set(group, []);
    g.get(group).push(s);
  }
  /** Mean over groups of the per-group mean of `key`. */
  macro(config, key) { return mean([...this.rows.get(config).values()].map((v) => mean(v.map((s) => s[key])))); }
  group(config, group, key) { const v = this.rows.get(config)?.get(group); return v ? mean(v.map((s) => s[key])) : NaN; }
  groups(config) { return [...this.rows.get(config).keys()]; }
  pages(config) { return [...this.rows.get(config).values()].reduce((a, v) => a + v.length, 0); }
}

// ---------------------------------------------------------------- FAR-SW inter-site
const inter = new Table();
const RELINED = { reline: true, carryMarkup: true };
const INTER = [
  ['paper (Fig. 7 two regions with Low\' reaching 0 at Mean, eq. 4 over the model\'s H)', {}, { preset: 'paper' }],
  ['paper, eq. 4 over page maxima (farsw\'s first reading)', {}, { preset: 'paper', farsw: { scoreNorm: 'page' } }],
  ['paper, Fig. 7 read with Low\' reaching 0 at H (farsw\'s first reading)', { twoRegionEnd: 'h' }, { preset: 'paper' }],
  ['paper, Fig. 3 three regions', { bceShape: 'three' }, { preset: 'paper' }],
  ['paper, with farsw\'s fallback block', {}, { preset: 'paper', farsw: { fallback: true } }],
  ['paper on farsw\'s text lines (re-lined, markup joins the next text line)', RELINED, { preset: 'paper' }],
  ['paper on farsw\'s text lines, with the fallback block', RELINED, { preset: 'paper', farsw: { fallback: true } }],
];
for (const fold of makeFolds(records, { mode: 'inter-site', groupBy: 'dataset', minPages: 10, seed: 1 }).folds) {
  const models = new Map();
  for (const [label, trainOptions, options] of INTER) {
    const key = JSON.stringify(trainOptions);
    if (!models.has(key)) models.set(key, train(fold.train, { preset: 'paper', ...trainOptions }));
    const model = models.get(key);
    for (const r of fold.test) {
      const x = extractWithModel(r.html, model, options);
      inter.add(label, fold.group, { ...score(x.text, r.gold, { lcs: false, bytes: true }), nopass: x.detail.informative === 0 ? 1 : 0 });
    }
  }
  log(`inter-site ${fold.group}: rules ${[...models.values()].map((m) => m.rules.map((q) => q.antecedent.join(',')).join(' or ')).join(' | ')}`);
}

// ---------------------------------------------------------------- FAR-SW intra-site and the Φ sweep (Fig. 8)
const intra = new Table();
const PHIS = [0, 1, 2, 3, 4, 5, 6, 8, 10];
const intraFolds = makeFolds(siteRecords, { mode: 'intra-site', groupBy: 'site', folds: 10, minPages: 10, seed: 1 }).folds;
for (const fold of intraFolds) {
  const model = train(fold.train, { preset: 'paper', site: fold.group });
  const relined = train(fold.train, { preset: 'paper', site: fold.group, ...RELINED });
  for (const r of fold.test) {
    for (const phi of PHIS) {
      const x = extractWithModel(r.html, model, { preset: 'paper', farsw: { phi } });
      intra.add(`phi ${phi}`, fold.group, { ...score(x.text, r.gold, { lcs: false, bytes: phi === 5 }), windows: x.detail.windows.length, nopass: x.detail.informative === 0 ? 1 : 0 });
    }
    const y = extractWithModel(r.html, model, { preset: 'paper', farsw: { scoreNorm: 'page' } });
    intra.add('page maxima', fold.group, { ...score(y.text, r.gold, { lcs: false }), nopass: y.detail.informative === 0 ? 1 : 0 });
    const z = extractWithModel(r.html, relined, { preset: 'paper' });
    intra.add('relined', fold.group, { ...score(z.text, r.gold, { lcs: false }), nopass: z.detail.informative === 0 ? 1 : 0 });
    intra.add('fallback', fold.group, score(extractWithModel(r.html, model, { preset: 'paper', farsw: { fallback: true } }).text, r.gold, { lcs: false }));
    intra.add('relined fallback', fold.group, score(extractWithModel(r.html, relined, { preset: 'paper', farsw: { fallback: true } }).text, r.gold, { lcs: false }));
  }
}
log(`intra-site: ${intraFolds.length} folds`);

// ---------------------------------------------------------------- FAR-SW same page (§3.6)
const same = [];
const pool = records.filter((r) => hostOfRecord(r) !== null);
const step = Math.max(1, Math.floor(pool.length / SAME_PAGE));
for (let i = 0; i < pool.length && same.length < SAME_PAGE; i += step) {
  const r = pool[i];
  let model;
  try { model = train([r], { preset: 'paper', site: hostOfRecord(r) }); } catch { same.push({ bow: 0, p: 0, r: 0, bytes: 0, failed: 1 }); continue; }
  const x = extractWithModel(r.html, model, { preset: 'paper' });
  same.push({ ...score(x.text, r.gold, { lcs: false, bytes: true }), failed: 0 });
}
log(`same page: ${same.length}`);

// ---------------------------------------------------------------- DANA family and baselines
const algo = new Table();
const nonLatin = (r) => (r.dataset === 'daniel' && ['zh', 'ru', 'el'].includes(r.lang)) || r.dataset === 'chinese-wce';
const ALGOS = [
  ['dana', 'paper', { algorithm: 'dana', preset: 'paper' }, nonLatin],
  ['dana', 'paper, gap 160', { algorithm: 'dana', preset: 'paper', dana: { gap: 160 } }, nonLatin],
  ['dana', 'default', { algorithm: 'dana' }, nonLatin],
  ['danag', 'paper', { algorithm: 'danag', preset: 'paper' }, () => true],
  ['addanag', 'paper', { algorithm: 'addanag', preset: 'paper' }, () => true],
  ['addanag', 'paper, gap 160', { algorithm: 'addanag', preset: 'paper', dana: { gap: 160 } }, () => true],
  ['danag', 'default', { algorithm: 'danag' }, () => true],
  ['addanag', 'default', { algorithm: 'addanag' }, () => true],
  ['wlr', 'paper', { algorithm: 'wlr', preset: 'paper' }, () => true],
  ['wlr', 'default', { algorithm: 'wlr' }, () => true],
  ['cetr', 'paper', { algorithm: 'cetr', preset: 'paper' }, () => true],
  ['cetr', 'default', { algorithm: 'cetr' }, () => true],
];
for (const r of records) {
  for (const [name, label, options, take] of ALGOS) {
    if (!take(r)) continue;
    const group = nonLatin(r) && name === 'dana' ? `${r.dataset}:${r.lang}` : r.dataset;
    algo.add(`${name} ${label}`, group, score(extract(r.html, options).text, r.gold));
  }
}
log('algorithms');

// ---------------------------------------------------------------- speed (interleaved, one process)
const paperModel = train(records.filter((r) => r.dataset !== 'dragnet'), { preset: 'paper' });
const SPEED = [
  ['dana, paper (daniel non-Latin pages)', (h) => extract(h, { algorithm: 'dana', preset: 'paper' }), nonLatin],
  ['dana, default (same pages)', (h) => extract(h, { algorithm: 'dana' }), nonLatin],
  ['addanag, paper', (h) => extract(h, { algorithm: 'addanag', preset: 'paper' }), () => true],
  ['addanag, default', (h) => extract(h, { algorithm: 'addanag' }), () => true],
  ['FAR-SW paper model, paper preset', (h) => extractWithModel(h, paperModel, { preset: 'paper' }), () => true],
  ['default model (shipped), defaults', (h) => extract(h), () => true],
];
const speedPages = records.filter((_, i) => i % 4 === 0);
const spent = SPEED.map(() => [0, 0, 0]); // ms, bytes, pages
for (const round of [0, 1, 2]) {
  for (const r of speedPages) {
    const bytes = Buffer.byteLength(r.html);
    SPEED.forEach(([, run, take], k) => {
      if (!take(r)) return;
      const s = performance.now();
      run(r.html);
      if (round > 0) { spent[k][0] += performance.now() - s; spent[k][1] += bytes; spent[k][2]++; }
    });
  }
}
log('speed');

// ---------------------------------------------------------------- report
const secs = ((performance.now() - t0) / 1000).toFixed(0);
const interDatasets = inter.groups(INTER[0][0]);
const interRows = INTER.map(([label]) => `| ${label} | ${interDatasets.map((d) => f3(inter.group(label, d, 'bow'))).join(' | ')} | **${f3(inter.macro(label, 'bow'))}** | ${f3(inter.macro(label, 'bytes'))} | ${pct(inter.macro(label, 'nopass'))} |`);
const intraSites = intra.groups('phi 5').length;
const phiRows = PHIS.map((phi) => `| ${phi} | ${intra.macro(`phi ${phi}`, 'windows').toFixed(1)} | ${f3(intra.macro(`phi ${phi}`, 'p'))} | ${f3(intra.macro(`phi ${phi}`, 'r'))} | ${f3(intra.macro(`phi ${phi}`, 'bow'))} | ${pct(intra.macro(`phi ${phi}`, 'nopass'))} |`);
const algoRow = (name, label) => {
  const c = `${name} ${label}`;
  if (!algo.rows.has(c)) return null;
  const gs = algo.groups(c);
  return `| ${name} | ${label} | ${gs.map((g) => `${g} ${f3(algo.group(c, g, 'lcs'))} / ${f3(algo.group(c, g, 'bow'))}`).join('; ')} | **${f3(algo.macro(c, 'lcs'))}** / ${f3(algo.macro(c, 'bow'))} | ${algo.pages(c)} |`;
};
const speedRows = SPEED.map(([label], k) => `| ${label} | ${spent[k][2]} | ${(spent[k][1] / 1e6 / (spent[k][0] / 1000)).toFixed(1)} | ${(spent[k][0] / spent[k][2]).toFixed(2)} |`);
const md = [
  '### Measured by `npm run bench:papers`',
  '',
  `scripts/bench-papers.mjs, ${secs} s, ${records.length} pages with gold of ../shared/datasets (trafilatura left out: partial gold)${Number.isFinite(SAMPLE) ? `, at most ${SAMPLE} per dataset (seeded sample)` : ''}. Mean per page, then per dataset / site / language. Intra-site cross-validation uses every page of its datasets.`,
  '',
  '**FAR-SW inter-site** (leave-one-dataset-out; a paper model across sites per fold, applied with `--preset paper`). BoW F1 (tokens) per held-out dataset; "no block > β": pages where no window passes β = 1.5 (the paper then keeps nothing).',
  '',
  `| configuration | ${interDatasets.join(' | ')} | mean BoW F1 (tokens) | mean BoW F1 (bytes) | no block > β |`,
  `|---|${interDatasets.map(() => '---').join('|')}|---|---|---|`,
  ...interRows,
  '',
  `**FAR-SW intra-site and the Φ sweep of Fig. 8** (10-fold within the ${intraSites} hosts with ≥ 10 pages among every page of daniel, dragnet, cleanportaleval; a paper site model per fold, applied with \`--preset paper --phi Φ\`). Mean over sites of windows per page, BoW precision, recall, F1 (tokens). At Φ = 5, BoW F1 in bytes: ${f3(intra.macro('phi 5', 'bytes'))}; with eq. 4 over page maxima instead of the model's H: F1 ${f3(intra.macro('page maxima', 'bow'))}, no block > β on ${pct(intra.macro('page maxima', 'nopass'))} of pages; on farsw's text lines (re-lined, markup joining the next text line) at Φ = 5: F1 ${f3(intra.macro('relined', 'bow'))}, no block > β on ${pct(intra.macro('relined', 'nopass'))}. With farsw's fallback block kept (\`--fallback\`): F1 ${f3(intra.macro('fallback', 'bow'))} on the author's lines, ${f3(intra.macro('relined fallback', 'bow'))} on farsw's text lines.`,
  '',
  '| Φ | windows per page | precision | recall | F1 | no block > β |',
  '|---|---|---|---|---|---|',
  ...phiRows,
  '',
  `**FAR-SW, one page for training and testing** (§3.6; ${same.length} pages with a host, evenly spaced; a paper site model trained on the page alone and applied to it): BoW precision ${f3(mean(same.map((s) => s.p)))}, recall ${f3(mean(same.map((s) => s.r)))}, F1 ${f3(mean(same.map((s) => s.bow)))} (bytes: ${f3(mean(same.map((s) => s.bytes)))}); training found no rule on ${same.filter((s) => s.failed).length} pages (scored 0).`,
  '',
  '**DANA family and baselines**: LCS F1 / BoW F1 (tokens) per dataset (DANA: per dataset and language of its non-Latin pages: daniel zh, ru, el and chinese-wce); mean over the groups.',
  '',
  '| algorithm | run | per group (LCS / BoW) | mean (LCS / BoW) | pages |',
  '|---|---|---|---|---|',
  ...ALGOS.map(([n, l]) => algoRow(n, l)).filter((x) => x !== null),
  '',
  `**Speed** (one process, every fourth page, each page through every row in turn; two timed rounds after a warm-up round; the machine was shared, so compare rows, not machines). The FAR-SW paper model was trained across sites on every dataset but dragnet.`,
  '',
  '| extractor | pages timed | MB/s | ms per page |',
  '|---|---|---|---|',
  ...speedRows,
].join('\n');
console.log(md);
if (WRITE) {
  const file = join(root, 'docs/benchmarks/papers.md');
  writeFileSync(file, replaceBenchmarkSection(readFileSync(file, 'utf8'), 'papers', md));
}
