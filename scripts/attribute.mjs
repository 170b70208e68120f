#!/usr/bin/env node
/**
 * Page-by-page attribution of the default configuration's lost and extra tokens on held-out datasets (issue 17):
 * per page, farsw's BoW F1 and Readability's, and which step of the apply path lost gold lines or kept boilerplate ones.
 *
 * The steps are applied cumulatively (each adds one option of the shipped configuration to the one before):
 *   joined   DANA's regions ∪ the windows (no containers, no fill, no title line, no mute)
 *   box      + the final container (with its anchor and siblings)
 *   title    + the title container
 *   fill     + the fill of the container's stretch
 *   line     + the title line added
 *   lead     + the lead under the headline (the lines the containers cut between the title line and the first kept one)
 *   mute     + the learned mute (= the shipped configuration)
 * A line is "gold" when at least half of its tokens are in the gold's bag (and "R" when in Readability's output's bag).
 * Lost = gold lines not in the output, by the step that dropped them ("never" = never chosen: below the axis, outside the
 * joined regions); dropped = non-gold lines a step removed; extra = non-gold lines in the output, by the step that added
 * them. Token counts.
 *
 * Usage: node scripts/attribute.mjs --cache DIR [--held D1,D2] [--pages N] [--limit N] [--farsw JSON] [--skip-readability]
 *   --cache   the LODO model cache of scripts/lodo.mjs (trained with the shipped training options, same --sample and --seed)
 *   --pages   list the N pages where farsw trails Readability most, with the lines lost or added (default 15)
 *   --limit   the first N pages of each dataset only
 *   --farsw   apply options over the defaults for every step (a variant to attribute)
 *   --ids     a file of page ids (one a line, e.g. the worst pages `lodo-groups.mjs --worst` lists): attribute only those
 *   --classes also sort each page into the issue's failure modes by where most of its F1 went (`failureClass` below) and
 *             report, per dataset, the pages and the F1 short of 1 (Σ 1 − F1) of each class
 * Needs dist/ and ../shared/datasets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readJsonlDataset, runModel, blocksToText, allText, tokenize, bagOfWordsScore, modelFromJson } from '../dist/index.js';
import { LODO_OPTIONS, lodoCacheFile, readabilityText } from './lodo-common.mjs';

const { values: opts } = parseArgs({
  options: {
    ...LODO_OPTIONS,
    held: { type: 'string', default: 'htmltotext,readability' },
    pages: { type: 'string', default: '15' },
    farsw: { type: 'string', default: '{}' },
    limit: { type: 'string', default: '0' },
    'skip-readability': { type: 'boolean', default: false },
    ids: { type: 'string' },
    classes: { type: 'boolean', default: false },
  },
});
if (!opts.cache) {
  console.error('attribute: --cache DIR (the model cache of scripts/lodo.mjs) is needed');
  process.exit(2);
}
const cacheFile = (held) => lodoCacheFile(opts.cache, '{}', opts.sample, opts.seed, held);
const extra = JSON.parse(opts.farsw);
const OFF = { container: 0, fill: 0, addTitleLine: false, keepTitleLine: false, leadChars: 0, mute: 0, siblings: 0, dana: { titleContainer: 0 } };
const steps = [
  ['joined', OFF],
  ['box', { ...OFF, container: 0.7, siblings: undefined }],
  ['title', { ...OFF, container: 0.7, siblings: undefined, dana: {} }],
  ['fill', { ...OFF, container: 0.7, siblings: undefined, dana: {}, fill: undefined }],
  ['line', { ...OFF, container: 0.7, siblings: undefined, dana: {}, fill: undefined, addTitleLine: undefined, keepTitleLine: undefined }],
  ['lead', { ...OFF, container: 0.7, siblings: undefined, dana: {}, fill: undefined, addTitleLine: undefined, keepTitleLine: undefined, leadChars: undefined }],
  ['mute', {}],
];
const clean = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const only = opts.ids ? new Set(readFileSync(opts.ids, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean)) : undefined;
const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
/**
 * The failure mode of one page (issue 17's list), by where most of its tokens went: `not in page` (under half of the gold's
 * tokens occur in the page's visible text: the stored HTML lacks the article); `nothing kept`; `wrong block` (the output holds
 * less than a quarter of the gold and its extra tokens outnumber the gold it kept); `boilerplate joined` (extra tokens from
 * DANA's joined regions and the steps after them outnumber the lost ones); `cut by a container` (most lost tokens went in the
 * final or title container: the lead, the first paragraphs, a sibling section); `below the axis` (most lost tokens never
 * chosen: lines, lists or tables under DANA's axis or outside the joined regions); `muted`.
 */
const failureClass = (p) => {
  if (p.coverage < 0.5) return 'not in page';
  if (p.outTokens === 0) return 'nothing kept';
  const lost = sum(p.lost), extra = sum(p.extra);
  if (p.recall < 0.25 && extra > p.kept) return 'wrong block';
  if (extra >= lost) return 'boilerplate joined';
  const cut = (p.lost.box ?? 0) + (p.lost.title ?? 0), never = p.lost.never ?? 0, muted = p.lost.mute ?? 0;
  if (cut >= never && cut >= muted) return 'cut by a container';
  return never >= muted ? 'below the axis' : 'muted';
};
const readability = opts['skip-readability'] ? undefined : await readabilityText();
const bag = (tokens) => { const m = new Set(); for (const t of tokens) m.add(t); return m; };
const share = (tokens, set) => (tokens.length === 0 ? 0 : tokens.filter((t) => set.has(t)).length / tokens.length);

for (const held of opts.held.split(',')) {
  const model = modelFromJson(readFileSync(cacheFile(held), 'utf8'), cacheFile(held));
  const totals = { lost: Object.fromEntries(['never', ...steps.map(([s]) => s)].map((s) => [s, 0])), extra: Object.fromEntries(steps.map(([s]) => [s, 0])), cut: Object.fromEntries(steps.map(([s]) => [s, 0])), lostR: 0, extraR: 0 };
  const rows = [];
  for await (const r of readJsonlDataset(join(opts.data, `${held}.jsonl.gz`))) {
    if (!r.gold || (only && !only.has(r.id))) continue;
    if (Number(opts.limit) > 0 && rows.length >= Number(opts.limit)) break;
    const goldTokens = tokenize(r.gold);
    const gold = bag(goldTokens);
    const rText = readability ? readability(r.html) : '';
    const rBag = bag(tokenize(rText));
    const masks = [];
    let table, finalText;
    for (const [, o] of steps) {
      const f = { ...clean(o), ...extra, dana: { ...(o.dana ?? {}), ...(extra.dana ?? {}) } };
      const run = runModel(r.html, model, { farsw: f, ...(r.url ? { url: r.url } : {}) });
      table = run.table;
      const m = new Uint8Array(table.count);
      for (const b of run.detail.blocks) m.fill(1, b.start, b.end);
      masks.push(m);
      finalText = blocksToText(table, run.detail.blocks);
    }
    const outTokens = tokenize(finalText);
    const score = bagOfWordsScore(outTokens, goldTokens), f1 = score.f1;
    const rf1 = bagOfWordsScore(tokenize(rText), goldTokens).f1;
    const visible = bag(tokenize(allText(table)));
    const coverage = goldTokens.length === 0 ? 1 : share(goldTokens, visible);
    const page = { id: r.id, f1, rf1, lost: {}, extra: {}, cut: {}, lostR: 0, extraR: 0, ex: [], coverage, outTokens: outTokens.length, recall: score.recall, kept: Math.round(score.recall * goldTokens.length) };
    const last = masks.length - 1;
    for (let i = 0; i < table.count; i++) {
      if (table.contentChars[i] === 0) continue;
      const toks = tokenize(table.lineText(i));
      if (toks.length === 0) continue;
      const isGold = share(toks, gold) >= 0.5, inR = share(toks, rBag) >= 0.5;
      const inOut = masks[last][i] === 1;
      if (isGold && !inOut) {
        // The step that dropped it: the last step at which it was in, +1; never when never in.
        let s = -1;
        for (let k = 0; k < masks.length; k++) if (masks[k][i]) s = k;
        const step = s < 0 ? 'never' : steps[s + 1]?.[0] ?? 'mute';
        page.lost[step] = (page.lost[step] ?? 0) + toks.length;
        if (inR) { page.lostR += toks.length; page.ex.push(`  - ${step} R ${table.lineText(i).slice(0, 100)}`); }
      } else if (!isGold && !inOut) {
        let s = -1;
        for (let k = 0; k < masks.length; k++) if (masks[k][i]) s = k;
        if (s >= 0) { const step = steps[s + 1]?.[0] ?? 'mute'; page.cut[step] = (page.cut[step] ?? 0) + toks.length; }
      } else if (!isGold && inOut) {
        let s = 0;
        for (let k = 0; k < masks.length; k++) if (!masks[k][i]) s = k + 1;
        const step = steps[Math.min(s, last)][0];
        page.extra[step] = (page.extra[step] ?? 0) + toks.length;
        if (!inR) { page.extraR += toks.length; page.ex.push(`  + ${step} ${table.lineText(i).slice(0, 100)}`); }
      }
    }
    for (const [k, v] of Object.entries(page.lost)) totals.lost[k] += v;
    for (const [k, v] of Object.entries(page.extra)) totals.extra[k] += v;
    for (const [k, v] of Object.entries(page.cut)) totals.cut[k] += v;
    totals.lostR += page.lostR; totals.extraR += page.extraR;
    rows.push(page);
  }
  const mean = (v) => v.reduce((s, x) => s + x, 0) / v.length;
  console.log(`\n## ${held}: ${rows.length} pages, farsw ${mean(rows.map((p) => p.f1)).toFixed(4)}, Readability ${mean(rows.map((p) => p.rf1)).toFixed(4)}`);
  console.log(`lost gold tokens by step: ${JSON.stringify(totals.lost)}; of them in Readability's output: ${totals.lostR}`);
  console.log(`boilerplate tokens dropped by step: ${JSON.stringify(totals.cut)}`);
  console.log(`extra tokens by step: ${JSON.stringify(totals.extra)}; of them not in Readability's output: ${totals.extraR}`);
  if (opts.classes) {
    const byClass = new Map();
    for (const p of rows) {
      const c = failureClass(p);
      const e = byClass.get(c) ?? { pages: 0, short: 0, ids: [] };
      e.pages++; e.short += 1 - p.f1; e.ids.push(`${p.id.slice(held.length + 1, held.length + 41)} ${p.f1.toFixed(2)}`);
      byClass.set(c, e);
    }
    console.log(`failure classes (pages, Σ 1 − F1): ${[...byClass].sort((a, b) => b[1].short - a[1].short).map(([c, e]) => `${c} ${e.pages} (${e.short.toFixed(2)})`).join('; ')}`);
    for (const [c, e] of byClass) console.log(`  ${c}: ${e.ids.join(', ')}`);
  }
  rows.sort((a, b) => (a.f1 - a.rf1) - (b.f1 - b.rf1));
  for (const p of rows.slice(0, Number(opts.pages))) {
    console.log(`${p.id}: farsw ${p.f1.toFixed(3)} R ${p.rf1.toFixed(3)} lost ${JSON.stringify(p.lost)} extra ${JSON.stringify(p.extra)}`);
    for (const e of p.ex.slice(0, 12)) console.log(e);
  }
}
