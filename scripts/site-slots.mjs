#!/usr/bin/env node
/**
 * Slot memory for labelled site models (issue 18.2, session 13), measured offline: per site and fold (intra-site 10-fold,
 * seed 1, as eval), the site model is trained on the fold's training pages and, beside it, each training line's label is
 * remembered under keys a site's template makes stable (its text, its element's XPath with sibling indices, …). On a held-out
 * page the model's chosen lines are then overridden where a key's training lines agree. `--in-sample` trains on every page.
 *   node scripts/site-slots.mjs [--in-sample] [--only HOST] [--sites N]
 * Needs ../shared/datasets.
 */
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDataset, makeFolds, preparePage, resolveTrainParams, Trainer, runModel, scoreText, blocksToMask, hashString } from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
const arg = (name, def) => { const i = process.argv.indexOf(name); return i < 0 ? def : process.argv[i + 1]; };
const inSample = process.argv.includes('--in-sample');
const only = arg('--only', null);
const maxSites = Number(arg('--sites', 1e9));

const records = [];
const datasetOf = new Map();
for (const f of ['cleanportaleval', 'daniel', 'dragnet']) for await (const r of readDataset(join(dir, `${f}.jsonl.gz`))) { records.push(r); datasetOf.set(r, f); }
const { folds } = makeFolds(records, { mode: 'intra-site', folds: 10, minPages: 10, seed: 1 });

const mix = (h, x) => Math.imul(h ^ x, 16777619) >>> 0;
/** Per line: keys of its structural slot. */
function slotKeys(table) {
  const tree = table.elements;
  const E = tree.parent.length;
  const xp = new Uint32Array(E), xpNoIdx = new Uint32Array(E);
  const counter = new Map();
  for (let e = 0; e < E; e++) {
    const p = tree.parent[e];
    const tag = tree.tag ? tree.tag[e] : 0;
    const ck = p * 1000003 + (tag % 1000003);
    const idx = counter.get(ck) ?? 0;
    counter.set(ck, idx + 1);
    const base = p ? xp[p - 1] : 2166136261;
    xp[e] = mix(mix(base, tag), idx + 1);
    xpNoIdx[e] = mix(p ? xp[p - 1] : 2166136261, tag);
  }
  const n = table.count;
  const full = new Uint32Array(n), parent = new Uint32Array(n), first = new Uint32Array(n);
  let prevE = -2, ord = 0;
  for (let i = 0; i < n; i++) {
    if (table.contentChars[i] === 0) continue;
    const e = tree.line[i] - 1;
    ord = e === prevE ? ord + 1 : 0;
    prevE = e;
    full[i] = e < 0 ? 1 : mix(mix(xp[e], ord), table.path[i]);
    parent[i] = e < 0 ? 1 : mix(xpNoIdx[e], table.path[i]);
    const w = table.lineText(i).trim().split(/\s+/).slice(0, 2).join(' ').replace(/\d+/g, '0').toLowerCase();
    first[i] = mix(table.path[i], hashString(w));
  }
  return { full, parent, first };
}

const KEYS = ['text', 'full', 'parent', 'first'];
function linesOf(table) {
  const s = slotKeys(table);
  const text = new Uint32Array(table.count);
  for (let i = 0; i < table.count; i++) if (table.contentChars[i] > 0) text[i] = table.lineKey(i);
  return { text, ...s };
}

/** Memory: per key kind, key → [topical chars, non-topical chars, pages]. */
function remember(pages) {
  const mem = Object.fromEntries(KEYS.map((k) => [k, new Map()]));
  for (const { keys, topical, chars } of pages) {
    for (const kind of KEYS) {
      const m = mem[kind], seen = new Set();
      const ks = keys[kind];
      for (let i = 0; i < ks.length; i++) {
        if (!chars[i]) continue;
        let s = m.get(ks[i]);
        if (!s) m.set(ks[i], (s = [0, 0, 0]));
        if (topical[i]) s[0]++; else s[1]++;
        if (!seen.has(ks[i])) { seen.add(ks[i]); s[2]++; }
      }
    }
  }
  return mem;
}

/** Variants: an ordered list of key kinds; a key decides with ≥ minPages pages and purity ≥ q. */
const VARIANTS = {
  base: [],
  'add:full': [['full', 2, 0.9, 'add']],
  'add:parent': [['parent', 2, 0.9, 'add']],
  'add:parent-3': [['parent', 3, 0.9, 'add']],
  'add:parent-0.95': [['parent', 2, 0.95, 'add']],
  'add:parent-0.8': [['parent', 2, 0.8, 'add']],
  'add:full+parent': [['full', 2, 0.9, 'add'], ['parent', 2, 0.9, 'add']],
  'add:parent+full': [['parent', 2, 0.9, 'add'], ['full', 2, 0.9, 'add']],
};

function decide(chosen, keys, chars, mem, rules) {
  const out = Uint8Array.from(chosen);
  for (let i = 0; i < out.length; i++) {
    if (!chars[i]) continue;
    for (const [kind, minPages, q, dir] of rules) {
      const s = mem[kind].get(keys[kind][i]);
      if (!s || s[2] < minPages) continue;
      const share = s[0] / (s[0] + s[1]);
      if (share >= q) { if (dir !== 'drop') out[i] = 1; break; }
      if (1 - share >= q) { if (dir !== 'add') out[i] = 0; break; }
    }
  }
  return out;
}

function textOf(table, mask) {
  const seen = new Set(), out = [];
  for (let i = 0; i < table.count; i++) {
    if (!mask[i] || table.contentChars[i] === 0) continue;
    const t = table.lineText(i);
    if (t.length === 0 || seen.has(t)) continue;
    seen.add(t); out.push(t);
  }
  return out.join('\n');
}

const scores = new Map(); // site -> variant -> []
let sites = 0;
const bySite = new Map();
for (const f of folds) { if (!bySite.has(f.group)) bySite.set(f.group, []); bySite.get(f.group).push(f); }
for (const [site, fs] of bySite) {
  if (only && site !== only) continue;
  if (++sites > maxSites) break;
  const params = resolveTrainParams({ site, featureVariant: 'raw' });
  const prep = new Map();
  const prepOf = (p, i) => {
    if (!prep.has(p)) {
      const pp = preparePage({ id: p.id, html: p.html, gold: p.gold }, params, i);
      if (pp.skip) { prep.set(p, null); return null; }
      const run = runModelLinesOnly(p.html);
      prep.set(p, { topical: pp.lines.topical, chars: pp.lines.chars, keys: linesOf(run) });
    }
    return prep.get(p);
  };
  const per = Object.fromEntries(Object.keys(VARIANTS).map((v) => [v, []]));
  const runs = inSample ? [{ train: [...fs[0].train, ...fs[0].test], test: [...fs[0].train, ...fs[0].test] }] : fs;
  for (const f of runs) {
    const trainer = new Trainer({ name: 'slot', featureVariant: 'raw', site });
    const mems = [];
    f.train.forEach((p, i) => { if (p.gold) { trainer.addPage({ id: p.id, html: p.html, gold: p.gold }); const x = prepOf(p, i); if (x) mems.push(x); } });
    const model = trainer.finish();
    const mem = remember(mems);
    for (const p of f.test) {
      const { table, detail } = runModel(p.html, model);
      const chosen = blocksToMask(detail.blocks, table.count);
      const keys = linesOf(table);
      const chars = table.contentChars;
      for (const [v, rules] of Object.entries(VARIANTS)) per[v].push(scoreText(textOf(table, rules.length ? decide(chosen, keys, chars, mem, rules) : chosen), p.gold ?? '').bow.f1);
    }
  }
  function runModelLinesOnly(html) { return runModelTable(html); }
  const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
  scores.set(site, { ds: datasetOf.get(fs[0].train[0]), ...Object.fromEntries(Object.entries(per).map(([v, a]) => [v, mean(a)])) });
  console.log(site, Object.entries(scores.get(site)).map(([v, x]) => `${v} ${typeof x === 'number' ? x.toFixed(3) : x}`).join(' | '));
}
const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
for (const v of Object.keys(VARIANTS)) {
  const all = [...scores.values()];
  const g = (ds) => mean(all.filter((s) => s.ds === ds).map((s) => s[v])).toFixed(4);
  console.log(`${v.padEnd(20)} ${mean(all.map((s) => s[v])).toFixed(4)}  daniel ${g('daniel')} dragnet ${g('dragnet')} cpe ${g('cleanportaleval')}  >=0.97: ${all.filter((s) => s[v] >= 0.97).length}`);
}

function runModelTable(html) {
  return buildTable(html);
}
import { buildLineTable, modelLineOptions } from '../dist/index.js';
function buildTable(html) { return buildLineTable(html, modelLineOptions(resolveTrainParams({ site: 'x', featureVariant: 'raw' }))); }
