#!/usr/bin/env node
/**
 * Slot memories for labelled site models (issue 18.2, session 13), measured offline. Per site (hosts with ≥ 10 pages of
 * daniel, dragnet, cleanportaleval) and outer fold (intra-site 10-fold, seed 1, as eval), a site model is trained on the
 * fold's training pages with slots off, and each training line's label is remembered under keys a site's template makes
 * stable; on a held-out page the model's chosen lines are then changed where a key's training lines agree:
 *   - slot: features/slots.ts, what site models learn (the element's tag under its parent's XPath, with the line's path);
 *   - full: the same with the element's own same-tag sibling index and the line's ordinal in the element;
 *   - text: the line's template key (lineKey: its text with digits folded);
 *   - first: the line's path with its first two words;
 *   - link: the slot with whether anchor text is over half of the line's text (a related headline in the body's slot).
 * A variant lists [key, min pages, min share, direction]: the first key seen on at least `min pages` training pages whose lines
 * were topical (or not) at least `min share` of the time decides; `add` only adds lines, `drop` only drops them, neither both.
 *   node scripts/site-slots.mjs [--in-sample] [--only HOST] [--variants '{"name": [["slot", 2, 0.9, "add"]], …}']
 * `--in-sample` trains on every page of the site and scores the same pages. Prints per site and per dataset group (the
 * dataset most of the site's pages come from). Needs ../shared/datasets.
 */
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDataset, makeFolds, preparePage, resolveTrainParams, Trainer, runModel, scoreText, blocksToMask, hashString, slotKeys, buildLineTable, modelLineOptions } from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
const arg = (name, def) => { const i = process.argv.indexOf(name); return i < 0 ? def : process.argv[i + 1]; };
const inSample = process.argv.includes('--in-sample');
const only = arg('--only', null);
const VARIANTS = { base: [], ...JSON.parse(arg('--variants', JSON.stringify({
  'add:slot': [['slot', 2, 0.9, 'add']],
  'add:full': [['full', 2, 0.9, 'add']],
  slot: [['slot', 2, 0.9]],
  full: [['full', 2, 0.9]],
  'drop:full': [['full', 2, 0.9, 'drop']],
  'text+full': [['text', 2, 0.9], ['full', 2, 0.9]],
  'add:first': [['first', 2, 0.9, 'add']],
}))) };
const KINDS = ['slot', 'full', 'text', 'first', 'link'];

const records = [];
for (const f of ['cleanportaleval', 'daniel', 'dragnet']) for await (const r of readDataset(join(dir, `${f}.jsonl.gz`))) records.push(r);
const { folds } = makeFolds(records, { mode: 'intra-site', folds: 10, minPages: 10, seed: 1 });

const mix = (h, x) => Math.imul(h ^ x, 16777619) >>> 0;
/** Per line, every kind of key (0: no text). */
function keysOf(table) {
  const tree = table.elements, n = table.count, E = tree.parent.length;
  const xpath = new Uint32Array(E), siblings = new Map();
  for (let e = 0; e < E; e++) {
    const p = tree.parent[e], tag = tree.tag ? tree.tag[e] : 0, k = p * 4294967296 + tag, index = siblings.get(k) ?? 0;
    siblings.set(k, index + 1);
    xpath[e] = mix(mix(p ? xpath[p - 1] : 2166136261, tag), index + 1);
  }
  const full = new Uint32Array(n), text = new Uint32Array(n), first = new Uint32Array(n);
  let prev = -2, ordinal = 0;
  for (let i = 0; i < n; i++) {
    if (table.contentChars[i] === 0) continue;
    const e = tree.line[i] - 1;
    ordinal = e === prev ? ordinal + 1 : 0;
    prev = e;
    full[i] = e < 0 ? 1 : mix(mix(xpath[e], ordinal), table.path[i]);
    text[i] = table.lineKey(i);
    first[i] = mix(table.path[i], hashString(table.lineText(i).trim().split(/\s+/).slice(0, 2).join(' ').replace(/\d+/g, '0').toLowerCase()));
  }
  const slot = slotKeys(table), link = new Uint32Array(n);
  for (let i = 0; i < n; i++) if (slot[i]) link[i] = mix(slot[i], 2 * table.anchorBytes[i] > table.contentBytes[i] ? 2 : 1);
  return { slot, full, text, first, link };
}

/** Per kind: key → [topical lines, non-topical lines, pages]. */
function remember(pages) {
  const mem = Object.fromEntries(KINDS.map((k) => [k, new Map()]));
  for (const { keys, topical } of pages) {
    for (const kind of KINDS) {
      const m = mem[kind], seen = new Set(), ks = keys[kind];
      for (let i = 0; i < ks.length; i++) {
        if (!ks[i]) continue;
        let s = m.get(ks[i]);
        if (!s) m.set(ks[i], (s = [0, 0, 0]));
        if (topical[i]) s[0]++; else s[1]++;
        if (!seen.has(ks[i])) { seen.add(ks[i]); s[2]++; }
      }
    }
  }
  return mem;
}

function decide(chosen, keys, mem, rules) {
  const out = Uint8Array.from(chosen);
  for (let i = 0; i < out.length; i++) {
    for (const [kind, minPages, q, dir] of rules) {
      const k = keys[kind][i], s = k && mem[kind].get(k);
      if (!s || s[2] < minPages) continue;
      const share = s[0] / (s[0] + s[1]);
      if (share >= q) { if (dir !== 'drop') out[i] = 1; break; }
      if (1 - share >= q) { if (dir !== 'add') out[i] = 0; break; }
    }
  }
  return out;
}

/** The chosen lines' text, a line repeated on the page once (site models drop repeats). */
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

const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
const bySite = new Map();
for (const f of folds) { if (!bySite.has(f.group)) bySite.set(f.group, []); bySite.get(f.group).push(f); }
const rows = [];
for (const [site, fs] of bySite) {
  if (only && site !== only) continue;
  const params = resolveTrainParams({ site, featureVariant: 'raw', slots: false });
  const all = [...fs[0].train, ...fs[0].test];
  const counts = new Map();
  for (const p of all) counts.set(p.dataset, (counts.get(p.dataset) ?? 0) + 1);
  const dataset = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  const prepared = new Map();
  for (const [i, p] of all.entries()) {
    if (!p.gold) continue;
    const pp = preparePage({ id: p.id, html: p.html, gold: p.gold }, params, i);
    if (!pp.skip) prepared.set(p, { topical: pp.lines.topical, keys: keysOf(buildLineTable(p.html, modelLineOptions(params))) });
  }
  const per = Object.fromEntries(Object.keys(VARIANTS).map((v) => [v, []]));
  for (const f of inSample ? [{ train: all, test: all }] : fs) {
    const trainer = new Trainer({ name: 'slots', featureVariant: 'raw', site, slots: false });
    for (const p of f.train) if (p.gold) trainer.addPage({ id: p.id, html: p.html, gold: p.gold });
    const model = trainer.finish();
    const mem = remember(f.train.map((p) => prepared.get(p)).filter(Boolean));
    for (const p of f.test) {
      const { table, detail } = runModel(p.html, model);
      const chosen = blocksToMask(detail.blocks, table.count), keys = keysOf(table);
      for (const [v, rules] of Object.entries(VARIANTS)) per[v].push(scoreText(textOf(table, rules.length ? decide(chosen, keys, mem, rules) : chosen), p.gold ?? '').bow.f1);
    }
  }
  const row = { site, dataset, ...Object.fromEntries(Object.entries(per).map(([v, a]) => [v, mean(a)])) };
  rows.push(row);
  console.log(`${site} (${dataset}): ${Object.keys(VARIANTS).map((v) => `${v} ${row[v].toFixed(3)}`).join(' | ')}`);
}
for (const v of Object.keys(VARIANTS)) {
  const g = (d) => mean(rows.filter((r) => r.dataset === d).map((r) => r[v])).toFixed(4);
  console.log(`${v.padEnd(12)} ${mean(rows.map((r) => r[v])).toFixed(4)}  daniel ${g('daniel')} / dragnet ${g('dragnet')} / cleanportaleval ${g('cleanportaleval')}  sites >= 0.97: ${rows.filter((r) => r[v] >= 0.97).length}`);
}
