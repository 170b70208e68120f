#!/usr/bin/env node
/**
 * Data for choosing the site-model guard's rule (issue 18.1): the nested intra-site cross-validation of
 * `farsw eval --cv intra-site --train`, with every page's scores kept, so that guard rules can be compared
 * offline on the same trainings. Per site (hosts with ≥ 10 pages of daniel, dragnet, cleanportaleval),
 * per outer fold (10-fold, seed 1, as eval): the site model on the held-out pages, and the inner k-fold
 * (the guard's, on the outer fold's training pages only) page by page; the default model beside both.
 *   node scripts/guard-data.mjs --out FILE.json [--inner 5] [--sites N] [--only HOST] [--train-json '{"evidence":true}']
 *   node scripts/guard-data.mjs --from FILE.json [--rule '{"fallbacks":[0],"majority":false}']   # a guard rule on those pages
 *   node scripts/guard-data.mjs --out FILE.json --variants '[{"farsw":{"beta":2}}, …]'; node scripts/guard-data.mjs --from FILE.json --select
 * The last pair: apply-only alternatives scored on every page, then each alternative's mean, the best per site on the test
 * pages (an oracle), and one chosen per outer fold by its inner pages (over the shipped settings only when better by more
 * than 0, 1, 2 standard errors of the paired inner differences).
 * The second form applies guardDecision (eval/site-guard.ts) with the rule given (default: the shipped one) to each
 * outer fold's inner pages and scores the held-out pages: mean over sites, sites below the default model.
 * Needs ../shared/datasets (the first form).
 */
import { writeFileSync } from 'node:fs';
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { readDataset, makeFolds, Trainer, extractWithModel, shippedDefaultModel, scoreText, tokenize, shuffled, mulberry32, hashString, guardDecision } from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
const arg = (name, def) => { const i = process.argv.indexOf(name); return i < 0 ? def : process.argv[i + 1]; };
const out = arg('--out', '/tmp/guard-data.json');
const innerK = Number(arg('--inner', 5));
const maxSites = Number(arg('--sites', 1e9));
const only = arg('--only', null);
const extra = JSON.parse(arg('--train-json', '{}'));
const keepText = process.argv.includes('--texts');
const applyOptions = JSON.parse(arg('--apply-json', '{}'));
const noInner = process.argv.includes('--no-inner');
// Apply-only alternatives scored beside the model's own apply on every inner and held-out page (row.v), for choosing a site's
// apply settings by its inner folds (`--from F --select`).
const variants = JSON.parse(arg('--variants', '[]'));

if (arg('--from', null) && process.argv.includes('--select')) {
  const data = JSON.parse(readFileSync(arg('--from'), 'utf8'));
  const names = ['shipped', ...data.variants.map((v) => JSON.stringify(v))];
  const at = (r, i) => (i === 0 ? r.site : r.v[i - 1]);
  const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
  const siteMean = (byFold) => { const per = new Map(); for (const [site, xs] of byFold) per.set(site, [...(per.get(site) ?? []), ...xs]); return mean([...per.values()].map(mean)); };
  const sites = [...new Set(data.folds.map((f) => f.site))];
  const testScores = (i) => new Map(sites.map((s) => [s, data.folds.filter((f) => f.site === s).flatMap((f) => f.test.map((r) => at(r, i)))]));
  const all = names.map((_, i) => testScores(i));
  names.forEach((n, i) => console.log(`${n}: ${siteMean(all[i]).toFixed(4)}`));
  console.log(`best per site on the test pages (an oracle): ${mean(sites.map((s) => Math.max(...all.map((m) => mean(m.get(s)))))).toFixed(4)}`);
  for (const k of [0, 1, 2]) {
    const got = [];
    for (const f of data.folds) {
      const base = f.inner.map((r) => at(r, 0));
      let best = 0, bestMean = mean(base);
      for (let i = 1; i < names.length; i++) {
        const d = f.inner.map((r, j) => at(r, i) - base[j]), m = mean(d);
        const se = Math.sqrt(d.reduce((a, x) => a + (x - m) ** 2, 0) / (d.length - 1) / d.length);
        if (mean(f.inner.map((r) => at(r, i))) > bestMean + 1e-9 && m > k * se) { best = i; bestMean = mean(f.inner.map((r) => at(r, i))); }
      }
      got.push([f.site, f.test.map((r) => at(r, best))]);
    }
    console.log(`chosen per outer fold by its inner pages, over the shipped settings beyond ${k} standard errors: ${siteMean(got).toFixed(4)}`);
  }
  process.exit(0);
}

if (arg('--from', null)) {
  const data = JSON.parse(readFileSync(arg('--from'), 'utf8'));
  const rule = JSON.parse(arg('--rule', '{}'));
  const asGuard = (r) => ({ site: r.site, default: r.dflt, agreement: r.agree });
  const per = new Map();
  let used = 0, fell = 0;
  for (const f of data.folds) {
    const d = guardDecision(f.inner.map(asGuard), rule);
    if (d.useSite) used++;
    const e = per.get(f.site) ?? { got: [], def: [] };
    for (const r of f.test) {
      const back = d.useSite && r.agree < d.fallbackBelow;
      if (back) fell++;
      e.got.push(!d.useSite || back ? r.dflt : r.site); e.def.push(r.dflt);
    }
    per.set(f.site, e);
  }
  const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
  const rows = [...per].map(([site, e]) => ({ site, got: mean(e.got), def: mean(e.def) }));
  const below = rows.filter((r) => r.got < r.def - 1e-9).sort((a, b) => a.got - a.def - (b.got - b.def));
  console.log(`rule ${JSON.stringify(rule)}: mean ${mean(rows.map((r) => r.got)).toFixed(4)} (default ${mean(rows.map((r) => r.def)).toFixed(4)}) over ${rows.length} sites; site model in ${used} of ${data.folds.length} folds, ${fell} test pages fell back; `
    + `${below.length} sites below the default${below.length ? `: ${below.map((r) => `${r.site} ${(r.got - r.def).toFixed(3)}`).join(', ')}` : ''}; ≥ 0.97: ${rows.filter((r) => r.got >= 0.97).length}`);
  process.exit(0);
}

const records = [];
for (const f of ['cleanportaleval', 'daniel', 'dragnet']) for await (const r of readDataset(join(dir, `${f}.jsonl.gz`))) records.push(r);
const { folds } = makeFolds(records, { mode: 'intra-site', folds: 10, minPages: 10, seed: 1 });
const dflt = shippedDefaultModel();
const dcache = new Map();
const dtext = (p) => { let t = dcache.get(p.id); if (t === undefined) dcache.set(p.id, (t = extractWithModel(p.html, dflt).text)); return t; };
const f1 = (a, b) => scoreText(a, b).bow.f1;
const ntok = (t) => tokenize(t).length;

function trainOn(pages, site) {
  const trainer = new Trainer({ name: 'g', featureVariant: 'raw', site, ...extra });
  for (const p of pages) trainer.addPage({ id: p.id, html: p.html, gold: p.gold });
  try { return trainer.finish(); } catch { return null; }
}
function row(p, model) {
  const s = model ? extractWithModel(p.html, model, applyOptions).text : '';
  const d = dtext(p);
  const r = { id: p.id, site: f1(s, p.gold), dflt: f1(d, p.gold), agree: f1(s, d), slen: ntok(s), dlen: ntok(d) };
  if (keepText) { r.st = s; }
  if (variants.length) r.v = variants.map((o) => (model ? f1(extractWithModel(p.html, model, o).text, p.gold) : 0));
  return r;
}

const sites = [...new Set(folds.map((f) => f.group))].slice(0, maxSites).filter((s) => !only || s === only);
const result = [];
const t0 = performance.now();
for (const fold of folds) {
  if (!sites.includes(fold.group)) continue;
  const train = fold.train.filter((r) => r.gold);
  const model = trainOn(train, fold.group);
  const test = fold.test.filter((r) => r.gold).map((p) => row(p, model));
  // The guard's inner cross-validation, as site-guard.ts deals it.
  const order = shuffled(train.slice().sort((a, b) => (a.id < b.id ? -1 : 1)), mulberry32((1 ^ hashString(fold.group)) >>> 0));
  const k = noInner ? 0 : Math.min(innerK, order.length);
  const inner = [];
  for (let f = 0; f < k; f++) {
    const m = trainOn(order.filter((_, i) => i % k !== f), fold.group);
    order.forEach((p, i) => { if (i % k === f) inner.push({ ...row(p, m), fold: f }); });
  }
  result.push({ site: fold.group, fold: fold.index, test, inner });
  if (process.argv.includes('--quiet')) continue;
  process.stderr.write(`${fold.group} #${fold.index} ${((performance.now() - t0) / 1000).toFixed(0)}s\n`);
}
writeFileSync(out, JSON.stringify({ innerK, extra, applyOptions, variants, folds: result }));
{
  const per = new Map();
  for (const f of result) { const e = per.get(f.site) ?? []; e.push(...f.test); per.set(f.site, e); }
  const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
  const rows = [...per].map(([site, t]) => ({ site, s: mean(t.map((r) => r.site)), d: mean(t.map((r) => r.dflt)) }));
  console.log(`site models alone: mean ${mean(rows.map((r) => r.s)).toFixed(4)} (default ${mean(rows.map((r) => r.d)).toFixed(4)}); ≥ 0.97: ${rows.filter((r) => r.s >= 0.97).length}; `
    + `below the default: ${rows.filter((r) => r.s < r.d - 1e-9).length}; ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  if (process.argv.includes('--per-site')) for (const r of rows) console.log(`  ${r.site.padEnd(24)} ${r.s.toFixed(3)} ${r.d.toFixed(3)}`);
}
