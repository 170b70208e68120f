#!/usr/bin/env node
/**
 * Measure before building (issue 17, the joined boilerplate and the lines below the axis; session 15): over the LODO model
 * cache of scripts/lodo.mjs (each dataset's pages through the model that never saw the dataset), per held-out dataset,
 *   - the kept tokens of the regions Algorithm 1 joined to DANA's starting region, gold / not gold (a line is gold when at least
 *     half of its tokens are in the gold's bag), binned by a measure of the region (or of the line, `--by lines`);
 *   - what leaving out the kept lines below each threshold would do: the mean change of per-page BoW F1, pages up / down; then
 *     the leave-one-dataset-out pick among "off" and the thresholds (each held-out dataset gets the one with the best mean over
 *     the other six) and the held-out mean change under the picks;
 *   - with `--snippets`, trafilatura's snippets (in no fold) through the shipped model, for "off" and each threshold;
 *   - with `--lost`, where the gold lines the output lacks sit instead: before, inside or after the output's first-to-last
 *     stretch; inside the lowest element holding every output line, its parent, or elsewhere; link-dense (anchor text over half)
 *     or not; gold / not-gold tokens of the lines not kept in each place (what extending the output there would add).
 *
 * Measures (`--by`): `cohesion` the share of the region's distinct units, each weighted by its idf over the page's text lines
 * (log(1 + lines / lines holding it)), found in the starting region or the title line; units are the BoW scorer's tokens with
 * runs of CJK characters read as character bigrams. `loo` the same against every other joined region, the starting region and
 * the title line. `lines` per kept line, the cohesion of a window of ±`--window` text lines of its region. `linked` 1 when a line
 * of the region holds the text of a link line found outside it (a headline linked from elsewhere on the page), else 0.
 * `--relative` divides a page's values by twice their size-weighted mean over the page (0.5 = a typical region of that page).
 * `--vote-below R` (regions only) bins and cuts only the regions whose character-weighted mean vote (the model's P(content)) is
 * below R times the starting region's: cohesion as a second signal beside the vote.
 *
 * Usage: node scripts/joined-regions.mjs --cache DIR [--by cohesion|loo|lines|linked] [--relative] [--window 2] [--held D,…]
 *          [--snippets] [--lost] [--vote-below R]
 * Needs dist/ and ../shared/datasets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readJsonlDataset, runModel, tokenize, modelFromJson, selectRegions, blocksToText, bagOfWordsScore, scoreSnippets, summarizeSnippets, shippedDefaultModel, FARSW_APPLY_DEFAULTS } from '../dist/index.js';
import { evidenceConfidence } from '../dist/extract/evidence-vote.js';
import { LODO_OPTIONS, lodoCacheFile } from './lodo-common.mjs';

const { values: opts } = parseArgs({
  options: {
    ...LODO_OPTIONS,
    held: { type: 'string', default: 'chinese-wce,cleaneval,cleanportaleval,daniel,dragnet,htmltotext,readability' },
    by: { type: 'string', default: 'cohesion' },
    relative: { type: 'boolean', default: false },
    window: { type: 'string', default: '2' },
    snippets: { type: 'boolean', default: false },
    lost: { type: 'boolean', default: false },
    'vote-below': { type: 'string', default: '0' },
  },
});
if (!opts.cache) {
  console.error('joined-regions: --cache DIR (the model cache of scripts/lodo.mjs) is needed');
  process.exit(2);
}
if (!['cohesion', 'loo', 'lines', 'linked'].includes(opts.by)) {
  console.error(`joined-regions: --by ${opts.by}: expected cohesion, loo, lines or linked`);
  process.exit(2);
}
const GAP = FARSW_APPLY_DEFAULTS.dana.gap;
const WINDOW = Number(opts.window);
const VOTE_BELOW = Number(opts['vote-below']);
const BINS = [0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7];
const THRESHOLDS = opts.by === 'linked' ? [0.5] : [0.05, 0.1, 0.15, 0.2];
const binOf = (x) => { let b = 0; while (b < BINS.length - 1 && x >= BINS[b + 1]) b++; return b; };

const CJK_CHAR = /^[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]$/u;
const isCjk = (t) => t !== undefined && t.length <= 2 && CJK_CHAR.test(t);
/** The BoW scorer's tokens, a run of CJK characters as its character bigrams (a lone one as itself). */
function units(text) {
  const t = tokenize(text), out = [];
  for (let i = 0; i < t.length; i++) {
    if (!isCjk(t[i])) out.push(t[i]);
    else if (isCjk(t[i + 1])) out.push(t[i] + t[i + 1]);
    else if (!isCjk(t[i - 1])) out.push(t[i]);
  }
  return out;
}

/** Blocks of the 1s of a line mask. */
function maskBlocks(mask) {
  const blocks = [];
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    let j = i;
    while (j < mask.length && mask[j]) j++;
    blocks.push({ start: i, end: j, score: 0 });
    i = j;
  }
  return blocks;
}

/** Share of `units` (a Set) found in `bag`, each weighted by idf. */
function weightedShare(set, bag, idf) {
  let inside = 0, all = 0;
  for (const x of set) { const w = idf(x); all += w; if (bag.has(x)) inside += w; }
  return all > 0 ? inside / all : 0;
}

/**
 * One page through a model: the output mask, and the kept lines of the joined regions with the measure's value.
 * @returns { table, out, items: [{ lines: [line numbers], value, weight }] } (one item per region, or per line for `lines`)
 */
function measurePage(html, url, model) {
  const { table, detail } = runModel(html, model, url ? { url } : {});
  const out = new Uint8Array(table.count);
  for (const b of detail.blocks) out.fill(1, b.start, b.end);
  const d = detail.dana, items = [];
  if (d.start < 0) return { table, detail, out, items };
  const start = d.regions[d.start];
  const joined = selectRegions(d.regions, GAP, d.start).filter((g) => g.start !== start.start);
  if (joined.length === 0) return { table, detail, out, items };
  const lineUnits = new Array(table.count), df = new Map();
  let textLines = 0;
  for (let i = 0; i < table.count; i++) {
    if (table.contentChars[i] === 0) continue;
    const u = (lineUnits[i] = units(table.lineText(i)));
    if (u.length === 0) continue;
    textLines++;
    for (const x of new Set(u)) df.set(x, (df.get(x) ?? 0) + 1);
  }
  const idf = (x) => Math.log(1 + textLines / (df.get(x) ?? 1));
  const bagOf = (ranges) => {
    const bag = new Set();
    for (const [a, b] of ranges) for (let i = a; i < b; i++) for (const x of lineUnits[i] ?? []) bag.add(x);
    return bag;
  };
  const anchor = [[start.start, start.end], ...(d.titleLine >= 0 ? [[d.titleLine, d.titleLine + 1]] : [])];
  const startBag = bagOf(anchor);
  const links = opts.by === 'linked' ? linkLines(table) : [];
  const vote = VOTE_BELOW > 0 ? evidenceConfidence(table, model.evidence, { titleLine: d.titleLine }) : undefined;
  const meanVote = (r) => {
    let sum = 0, chars = 0;
    for (let i = r.start; i < r.end; i++) { sum += vote[i] * table.contentChars[i]; chars += table.contentChars[i]; }
    return chars > 0 ? sum / chars : 0;
  };
  const startVote = vote ? meanVote(start) : 0;
  for (const g of joined) {
    if (vote && opts.by !== 'lines' && !(meanVote(g) < VOTE_BELOW * startVote)) continue;
    const kept = [];
    for (let i = g.start; i < g.end; i++) if (out[i] && lineUnits[i]?.length) kept.push(i);
    if (kept.length === 0) continue;
    const size = kept.reduce((s, i) => s + lineUnits[i].length, 0);
    if (opts.by === 'lines') {
      const text = [];
      for (let i = g.start; i < g.end; i++) if (lineUnits[i]?.length) text.push(i);
      for (let a = 0; a < text.length; a++) {
        if (!out[text[a]]) continue;
        const win = bagOf([[text[Math.max(0, a - WINDOW)], text[Math.min(text.length - 1, a + WINDOW)] + 1]]);
        items.push({ lines: [text[a]], value: weightedShare(win, startBag, idf), weight: lineUnits[text[a]].length });
      }
    } else if (opts.by === 'linked') {
      items.push({ lines: kept, value: linkedFromElsewhere(table, g, links) ? 0 : 1, weight: size });
    } else {
      const against = opts.by === 'loo' ? bagOf([...anchor, ...joined.filter((h) => h !== g).map((h) => [h.start, h.end])]) : startBag;
      items.push({ lines: kept, value: weightedShare(bagOf([[g.start, g.end]]), against, idf), weight: size });
    }
  }
  if (opts.relative) {
    let a = 0, b = 0;
    for (const x of items) { a += x.value * x.weight; b += x.weight; }
    const mean = b > 0 ? a / b : 0;
    for (const x of items) x.value = mean > 0 ? Math.min(1, x.value / mean / 2) : 0;
  }
  return { table, detail, out, items };
}

/** The page's link lines (anchor text over half of the text) with at least 4 distinct tokens. */
function linkLines(table) {
  const links = [];
  for (let i = 0; i < table.count; i++) {
    if (table.contentChars[i] === 0 || table.anchorBytes[i] <= 0.5 * table.contentBytes[i]) continue;
    const set = new Set(tokenize(table.lineText(i)));
    if (set.size >= 4) links.push({ line: i, set });
  }
  return links;
}

/** Does a line of region `g` hold at least 80 % of a link line's tokens found outside it (and half of its own first 12)? */
function linkedFromElsewhere(table, g, links) {
  for (let i = g.start; i < g.end; i++) {
    if (table.contentChars[i] === 0) continue;
    const own = new Set(tokenize(table.lineText(i)));
    if (own.size < 4) continue;
    for (const l of links) {
      if (l.line >= g.start && l.line < g.end) continue;
      let k = 0;
      for (const x of l.set) if (own.has(x)) k++;
      if (k >= 0.8 * l.set.size && k >= 0.5 * Math.min(own.size, 12)) return true;
    }
  }
  return false;
}

const isGoldLine = (toks, gold) => toks.filter((t) => gold.has(t)).length >= 0.5 * toks.length;
const fmt = (x) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(4);
const cacheFile = (held) => lodoCacheFile(opts.cache, '{}', opts.sample, opts.seed, held);
const held = opts.held.split(',');
const deltas = {};
for (const d of held) {
  const model = modelFromJson(readFileSync(cacheFile(d), 'utf8'), cacheFile(d));
  const bins = BINS.map(() => [0, 0]);
  const change = THRESHOLDS.map(() => ({ sum: 0, up: 0, down: 0 }));
  const lost = new Map();
  let pages = 0;
  for await (const r of readJsonlDataset(join(opts.data, `${d}.jsonl.gz`))) {
    if (!r.gold) continue;
    pages++;
    const goldTokens = tokenize(r.gold), gold = new Set(goldTokens);
    const { table, out, items } = measurePage(r.html, r.url, model);
    if (opts.lost) whereLost(table, out, gold, lost);
    if (items.length === 0) continue;
    for (const x of items) {
      for (const i of x.lines) {
        const toks = tokenize(table.lineText(i));
        bins[binOf(x.value)][isGoldLine(toks, gold) ? 0 : 1] += toks.length;
      }
    }
    const f0 = bagOfWordsScore(tokenize(blocksToText(table, maskBlocks(out))), goldTokens).f1;
    THRESHOLDS.forEach((t, k) => {
      const cut = items.filter((x) => x.value < t);
      if (cut.length === 0) return;
      const mask = Uint8Array.from(out);
      for (const x of cut) for (const i of x.lines) mask[i] = 0;
      const f = bagOfWordsScore(tokenize(blocksToText(table, maskBlocks(mask))), goldTokens).f1;
      change[k].sum += f - f0;
      if (f > f0 + 1e-9) change[k].up++;
      if (f < f0 - 1e-9) change[k].down++;
    });
  }
  deltas[d] = change.map((c) => c.sum / pages);
  console.log(`## ${d} (${pages} pages), --by ${opts.by}${opts.relative ? ' --relative' : ''}`);
  console.log(`kept tokens of the joined regions, gold / not gold, by value: ${bins.map((b, i) => `[${BINS[i]}, ${BINS[i + 1] ?? 1}] ${b[0]} / ${b[1]}`).join('; ')}`);
  console.log(`leaving out the kept lines below: ${THRESHOLDS.map((t, k) => `${t} ${fmt(deltas[d][k])} (${change[k].up} up / ${change[k].down} down)`).join('; ')}`);
  if (opts.lost) {
    console.log('lines not kept, gold / not-gold tokens, by position (stretch; lowest element holding the output, its parent; links or text):');
    for (const [k, [g, n]] of [...lost].sort()) console.log(`  ${k.padEnd(24)} ${g} / ${n}`);
  }
}
if (held.length > 1) {
  // Leave-one-dataset-out: each held-out dataset gets "off" or the threshold with the best mean over the others.
  let sum = 0;
  const picks = held.map((d) => {
    let best = -1, bestMean = 0;
    THRESHOLDS.forEach((t, k) => {
      const m = held.filter((e) => e !== d).reduce((s, e) => s + deltas[e][k], 0) / (held.length - 1);
      if (m > bestMean + 1e-12) { best = k; bestMean = m; }
    });
    sum += best < 0 ? 0 : deltas[d][best];
    return `${d} ${best < 0 ? 'off' : THRESHOLDS[best]}`;
  });
  console.log(`\nleave-one-dataset-out picks: ${picks.join(', ')}; held-out mean change under the picks ${fmt(sum / held.length)}`);
}
if (opts.snippets) await snippets();

/** The gold lines not kept (and the other lines not kept) by where they sit against the output (`--lost`). */
function whereLost(table, out, gold, acc) {
  const tree = table.elements;
  let first = -1, last = -1;
  for (let i = 0; i < table.count; i++) if (out[i] && table.contentChars[i] > 0) { if (first < 0) first = i; last = i; }
  if (first < 0 || !tree) return;
  let box = tree.line[first] - 1;
  for (let i = first; i <= last; i++) {
    if (!out[i] || table.contentChars[i] === 0) continue;
    const e = tree.line[i] - 1;
    while (box >= 0 && !(e >= box && e < tree.end[box])) box = tree.parent[box] - 1;
  }
  const parent = box >= 0 ? tree.parent[box] - 1 : -1;
  const inside = (i, x) => { const e = tree.line[i] - 1; return x >= 0 && e >= x && e < tree.end[x]; };
  for (let i = 0; i < table.count; i++) {
    if (out[i] || table.contentChars[i] === 0) continue;
    const toks = tokenize(table.lineText(i));
    if (toks.length === 0) continue;
    const key = `${i < first ? 'before' : i > last ? 'after' : 'stretch'} ${inside(i, box) ? 'box' : inside(i, parent) ? 'parent' : 'elsewhere'} ${table.anchorBytes[i] > 0.5 * table.contentBytes[i] ? 'links' : 'text'}`;
    const e = acc.get(key) ?? [0, 0];
    e[isGoldLine(toks, gold) ? 0 : 1] += toks.length;
    acc.set(key, e);
  }
}

/** trafilatura's snippets through the shipped model, "off" and each threshold (`--snippets`). */
async function snippets() {
  const model = shippedDefaultModel();
  const counts = [[], ...THRESHOLDS.map(() => [])];
  for await (const r of readJsonlDataset(join(opts.data, 'trafilatura.jsonl.gz'))) {
    const { table, out, items } = measurePage(r.html, r.url, model);
    counts[0].push(scoreSnippets(blocksToText(table, maskBlocks(out)), r.with ?? [], r.without ?? []));
    THRESHOLDS.forEach((t, k) => {
      const mask = Uint8Array.from(out);
      for (const x of items) if (x.value < t) for (const i of x.lines) mask[i] = 0;
      counts[k + 1].push(scoreSnippets(blocksToText(table, maskBlocks(mask)), r.with ?? [], r.without ?? []));
    });
  }
  const row = (name, c) => { const s = summarizeSnippets(c); return `${name} ${s.withFound} / ${s.withoutAbsent} / ${s.f1.toFixed(4)}`; };
  console.log(`\ntrafilatura's snippets ("with" found / "without" left out / snippet F1): ${[row('off', counts[0]), ...THRESHOLDS.map((t, k) => row(`below ${t}`, counts[k + 1]))].join('; ')}`);
}
