#!/usr/bin/env node
/**
 * What bounds a labelled site model (issue 18.2), per site (hosts with ≥ 10 pages of daniel, dragnet,
 * cleanportaleval), on the lines a site model is trained and applied on:
 *   - label ceiling: BoW F1 against the gold of the page's own gold-aligned lines (train/align.ts), i.e. a
 *     model that classified every line exactly as its training labels do: no line-level model can do better
 *     than the alignment lets it (text inside a line that the gold cuts, gold text no line carries);
 *   - repeat ceiling: the same, but every line whose key (its text, dates and counts folded) recurs on ≥ 2
 *     pages of the site takes that key's majority label over the site (in-sample): what a model that
 *     decides a repeated line by what it is can reach when the gold keeps the same line on one page and
 *     drops it on another;
 *   - inconsistent: share of the tokens on repeated lines labelled against their key's majority;
 *   - token ceiling: the best BoW F1 any extractor of the page's visible text can reach, 2c / (1 + c) with c the
 *     share of gold tokens found in that text (1 for a page with empty gold, where the best output is nothing);
 *     "text always returned": the same with 0 on a page with empty gold (farsw's extractors always return text);
 *   - reachable: min(token ceiling with text always returned, label ceiling, repeat ceiling), the best a site model that
 *     returns text and reproduces its labels, deciding a repeated line by its key, can reach (eval's mean counts every page);
 *   - in-sample: the site model (the shipped site settings) trained on all the site's pages with gold and scored on every page,
 *     as eval scores (0 on empty gold): how well the model class reproduces labels it was trained on, no page held out.
 *   node scripts/site-ceiling.mjs [--min-pages 10]
 * Needs ../shared/datasets.
 */
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDataset, makeFolds, preparePage, resolveTrainParams, buildLineTable, modelLineOptions, scoreText, Trainer, extractWithModel } from '../dist/index.js';

/** 2c / (1 + c): P = 1 and R = c, c the gold tokens the page's text holds; `empty`: the score on a page with empty gold. */
function tokenCeiling(text, gold, empty = 1) {
  if (gold.trim() === '') return empty;
  const c = scoreText(text, gold).bow.recall;
  return (2 * c) / (1 + c);
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
const arg = (name, def) => { const i = process.argv.indexOf(name); return i < 0 ? def : process.argv[i + 1]; };
const minPages = Number(arg('--min-pages', 10));
const extra = JSON.parse(arg('--train-json', '{}'));

const records = [];
for (const f of ['cleanportaleval', 'daniel', 'dragnet']) for await (const r of readDataset(join(dir, `${f}.jsonl.gz`))) records.push(r);
// The sites and pages of the intra-site cross-validation (one fold per site is enough to list its pages).
const { folds } = makeFolds(records, { mode: 'intra-site', folds: 10, minPages, seed: 1 });
const bySite = new Map();
for (const f of folds) if (f.index === 0) bySite.set(f.group, [...f.train, ...f.test]);
const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
console.log('| site | pages | token ceiling | token ceiling, text always returned | label ceiling | repeat ceiling | reachable (min) | site model in-sample | inconsistent tokens |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
const rows = [];
for (const [site, pages] of [...bySite].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
  const params = resolveTrainParams({ site, featureVariant: 'raw', ...extra });
  const texts = pages.map((p) => buildLineTable(p.html, modelLineOptions(params)).text.join('\n'));
  const tokens = pages.map((p, i) => tokenCeiling(texts[i], p.gold ?? ''));
  const returned = pages.map((p, i) => tokenCeiling(texts[i], p.gold ?? '', 0));
  const prepared = pages.filter((p) => p.gold).map((p, i) => {
    const pp = preparePage({ id: p.id, html: p.html, gold: p.gold }, params, i);
    const table = buildLineTable(p.html, modelLineOptions(params));
    const text = Array.from({ length: table.count }, (_, j) => table.text[j] ?? '');
    return { gold: p.gold, topical: pp.lines.topical, keys: pp.lines.keys, text, skip: pp.skip };
  }).filter((p) => !p.skip);
  // Per key: pages it is on, topical and non-topical tokens.
  const stat = new Map();
  for (const p of prepared) {
    const seen = new Set();
    p.keys.forEach((k, i) => {
      let s = stat.get(k);
      if (!s) stat.set(k, (s = { pages: 0, top: 0, non: 0 }));
      if (!seen.has(k)) { seen.add(k); s.pages++; }
      const n = p.text[i].split(/\s+/).filter(Boolean).length;
      if (p.topical[i]) s.top += n; else s.non += n;
    });
  }
  let wrong = 0, repeated = 0;
  for (const s of stat.values()) if (s.pages >= 2) { repeated += s.top + s.non; wrong += Math.min(s.top, s.non); }
  const label = [], repeat = [];
  for (const p of prepared) {
    // A line repeated on the page counts once, as site models drop repeated lines (FARSW_SITE_MODEL_DEFAULTS.dedupe).
    const keep = (major) => { const seen = new Set(); return p.text.filter((t, i) => {
      const s = stat.get(p.keys[i]);
      const on = major && s.pages >= 2 ? s.top > s.non : p.topical[i] === 1;
      if (!on || seen.has(t)) return false;
      seen.add(t);
      return true;
    }).join('\n'); };
    label.push(scoreText(keep(false), p.gold).bow.f1);
    repeat.push(scoreText(keep(true), p.gold).bow.f1);
  }
  const row = { site, pages: pages.length, token: mean(tokens), returned: mean(returned), label: mean(label), repeat: mean(repeat), wrong: repeated ? wrong / repeated : 0 };
  row.reach = Math.min(row.returned, row.label, row.repeat);
  const trainer = new Trainer({ name: 'in-sample', featureVariant: 'raw', site, ...extra });
  for (const p of pages) if (p.gold) trainer.addPage({ id: p.id, html: p.html, gold: p.gold });
  const model = trainer.finish();
  row.inSample = mean(pages.map((p) => scoreText(extractWithModel(p.html, model).text, p.gold ?? '').bow.f1));
  rows.push(row);
  console.log(`| ${site} | ${row.pages} | ${row.token.toFixed(3)} | ${row.returned.toFixed(3)} | ${row.label.toFixed(3)} | ${row.repeat.toFixed(3)} | ${row.reach.toFixed(3)} | ${row.inSample.toFixed(3)} | ${(100 * row.wrong).toFixed(1)} % |`);
}
const col = (k) => mean(rows.map((r) => r[k])).toFixed(3);
console.log(`| **mean of ${rows.length} sites** | | **${col('token')}** | **${col('returned')}** | **${col('label')}** | **${col('repeat')}** | **${col('reach')}** | **${col('inSample')}** | |`);
console.log(`\nSites below 0.97: token ceiling ${rows.filter((r) => r.token < 0.97).map((r) => `${r.site} (${r.token.toFixed(3)})`).join(', ') || 'none'}; label ceiling ${rows.filter((r) => r.label < 0.97).map((r) => r.site).join(', ') || 'none'}; repeat ceiling ${rows.filter((r) => r.repeat < 0.97).map((r) => r.site).join(', ') || 'none'}; reachable ${rows.filter((r) => r.reach < 0.97).map((r) => `${r.site} (${r.reach.toFixed(3)})`).join(', ') || 'none'}; in-sample ${rows.filter((r) => r.inSample < 0.97).length} sites`);
