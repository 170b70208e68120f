#!/usr/bin/env node
/**
 * Where the default model's apply path spends its time after the line table, against issue 17.5's budget
 * (0.65 × htmlparser2's bare Tokenizer), and the floor of its two large stages. One process, the stages interleaved
 * round after round over the same pages (the first pages of the dataset up to `--mb` MB of HTML), in two groups: the
 * tokenizer, the line table and `extract` first, before the script builds the state the other stages read; `--warm`
 * rounds first, untimed. CPU time, medians, ms per MB of HTML (10^6 bytes, UTF-8). Figures under load are comparable
 * within one run only.
 *
 * Stages (each over every page, on line tables built once, except `tokenizer`, `line table` and `extract`):
 *   tokenizer        htmlparser2's bare Tokenizer (test/bench/bare-tokenize.mjs): the budget is its time / 0.65;
 *   line table       buildLineTable with the model's line options (src/html, not this stage's subject);
 *   extract          extract(html): the whole path (decode, line table, model, text);
 *   features         the six FAR-SW features, AdDANAg's diff and the title line (what applyModel computes first);
 *   evidence         features/evidence.ts computeEvidence (the text reader over every text line, the numeric columns);
 *   items            evidenceConfidence without the vote: each line's fuzzified regions, structure and class-word items;
 *   vote             the weighted vote over the rule index (mining/class-rules.ts voteActive) on those items;
 *   rest             applyModel after the vote (DANA core, windows, containers, mute, …);
 *   text             blocksToText of the chosen blocks;
 *   routing          the page-type routing (extract/strategies/index.ts routePage: the page classified when a route could take it).
 * Floors (lower bounds of any implementation of the same evidence and vote, measured the same way):
 *   reader floor     one table lookup per text character and the word, punctuation and sentence-end counts, no word
 *                    keys (the reader must at least count; keying the first 64 distinct words is extra);
 *   vote floor       the vote's time per rule visited × the rules that fire per line: a vote that visited only the rules
 *                    that fire, at no cost to find them (an estimate; the firing rules streamed from a precomputed list
 *                    were measured slower than the index, memory-bound: docs/decisions.md).
 *
 * Usage: npm run build && node scripts/speed-floor.mjs DATASET [--rounds 5] [--warm 4] [--mb 30]
 * Needs ../shared/datasets.
 */
import { existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from 'simple-statistics';
import { readJsonlDataset, extract, buildLineTable, blocksToText, modelLineOptions, resolveModel, routePage } from '../dist/index.js';
import { pageEvidence, evidenceConfidence, itemCount, itemDegrees, ruleIndex } from '../dist/extract/evidence-vote.js';
import { voteActive } from '../dist/mining/class-rules.js';
import { computeLineFeatures } from '../dist/features/line-features.js';
import { smoothDiff } from '../dist/extract/dana.js';
import { findTitleLine } from '../dist/extract/title.js';
import { applyModel } from '../dist/extract/farsw.js';
import { farswOptions } from '../dist/extract/model-extractor.js';
import { bareTokenize } from '../test/bench/bare-tokenize.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
const { values: opts, positionals: [name] } = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '5' }, warm: { type: 'string', default: '4' }, mb: { type: 'string', default: '30' } } });
if (!existsSync(dir)) { console.error(`speed-floor: ${dir} not found; it needs ../shared/datasets. Skipped.`); process.exit(0); }
if (!name) { console.error('usage: node scripts/speed-floor.mjs DATASET [--rounds 5] [--warm 4] [--mb 30]'); process.exit(2); }

const model = resolveModel({}), ev = model.evidence, lineOptions = modelLineOptions(model.params), apply = farswOptions(undefined, model);
const pages = [];
let bytes = 0;
for await (const r of readJsonlDataset(join(dir, `${name}.jsonl.gz`))) {
  if (!r.gold) continue;
  if (bytes >= Number(opts.mb) * 1e6) break;
  pages.push(r.html);
  bytes += Buffer.byteLength(r.html);
}
const ms = {};
/**
 * `--warm` rounds, then `--rounds` timed, of `stages` interleaved (alternating order), CPU time of each into `ms`. The
 * warm-up is for `extract()`: on the 9 WCXB dev pages its first rounds took 129, 17, 15, 11, then 7–10 ms/MB (with one
 * warm-up round its median came out 12.5–15.2 ms/MB, against 6.9–9.0 warmed).
 */
function timeRounds(stages) {
  const warm = Number(opts.warm);
  for (const k of Object.keys(stages)) ms[k] = [];
  for (let round = 0; round < warm + Number(opts.rounds); round++) {
    const order = Object.entries(stages);
    for (const [k, run] of round % 2 ? order : order.reverse()) {
      const t0 = process.cpuUsage();
      run();
      const d = process.cpuUsage(t0);
      if (round >= warm) ms[k].push((d.user + d.system) / 1000);
    }
  }
}
// The whole path, the tokenizer and the line table first, with only the pages in memory, as in use (not beside the
// tables, evidence and items this script keeps for the stages below).
timeRounds({
  'tokenizer': () => { for (const h of pages) bareTokenize(h); },
  'line table': () => { for (const h of pages) buildLineTable(h, lineOptions); },
  'extract': () => { for (const h of pages) extract(h); },
});
const tables = pages.map((h) => buildLineTable(h, lineOptions));
const shared = tables.map((t) => ({ features: computeLineFeatures(t, model.featureVariant), diff: smoothDiff(t.contentChars, t.linkNormCodeChars, 1), titleLine: findTitleLine(t) }));
const chosen = tables.map((t) => applyModel(t, model, apply).blocks);

// Each text line's active items and degrees, and its firing rules (for the vote and its floor).
const n = itemCount(ev), index = ruleIndex(ev);
const starts = [0], act = [], deg = [], fireStarts = [0];
let fire = 0;
const scratch = new Float64Array(n);
tables.forEach((t, p) => {
  const e = pageEvidence(t, ev, shared[p]);
  for (let k = 0; k < e.lines.length; k++) {
    itemDegrees(t, ev, e, k, scratch);
    for (let i = 0; i < n; i++) if (scratch[i] !== 0) { act.push(i); deg.push(scratch[i]); }
    starts.push(act.length);
    for (const r of ev.rules) if (r.items.every((i) => scratch[i] !== 0)) fire++;
    fireStarts.push(fire);
  }
});
const S = Int32Array.from(starts), A = Int32Array.from(act), G = Float64Array.from(deg), FS = Int32Array.from(fireStarts);
const degree = new Float64Array(n + 1).fill(1, n), active = new Int32Array(n);
const lines = S.length - 1;
let sink = 0;

function vote() {
  for (let l = 0; l < lines; l++) {
    const s = S[l], e = S[l + 1];
    for (let j = s; j < e; j++) { degree[A[j]] = G[j]; active[j - s] = A[j]; }
    sink += voteActive(index, degree, active, e - s, ev.prior);
    for (let j = s; j < e; j++) degree[A[j]] = 0;
  }
}
// The reader floor: a class table lookup per character; words, punctuation marks and sentence ends counted.
const CLASS = new Uint8Array(0x10000);
for (let c = 0; c < 0x10000; c++) {
  const word = (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122) || (c >= 0xc0 && !(c >= 0x2000 && c <= 0x2bff));
  CLASS[c] = word ? 1 : (c >= 33 && c <= 47) || c === 58 || c === 59 || c === 63 ? 2 | (c === 46 || c === 33 || c === 63 ? 4 : 0) : 0;
}
const counter = {
  words: 0, punct: 0, ends: 0, inWord: 0,
  run(s, from, to) {
    let words = this.words, punct = this.punct, ends = this.ends, inWord = this.inWord;
    for (let i = from; i < to; i++) {
      const x = CLASS[s.charCodeAt(i)], w = x & 1;
      words += inWord & (w ^ 1);
      inWord = w;
      punct += (x >> 1) & 1;
      ends += (x >> 2) & 1;
    }
    this.words = words; this.punct = punct; this.ends = ends; this.inWord = inWord;
  },
};
function readerFloor() {
  for (const t of tables) {
    for (let i = 0; i < t.count; i++) {
      if (t.contentChars[i] === 0) continue;
      counter.words = 0; counter.punct = 0; counter.ends = 0; counter.inWord = 0;
      t.visitText(i, counter);
      sink += counter.words + counter.inWord + counter.punct + counter.ends;
    }
  }
}

timeRounds({
  'features': () => { for (const t of tables) { computeLineFeatures(t, model.featureVariant); smoothDiff(t.contentChars, t.linkNormCodeChars, 1); findTitleLine(t); } },
  'evidence': () => { tables.forEach((t, p) => pageEvidence(t, ev, { ...shared[p], words: false, reuse: true })); },
  'evidence+vote': () => { tables.forEach((t, p) => evidenceConfidence(t, ev, shared[p])); },
  'vote': vote,
  'apply': () => { for (const t of tables) applyModel(t, model, apply); },
  'text': () => { tables.forEach((t, p) => blocksToText(t, chosen[p])); },
  'routing': () => { tables.forEach((t, p) => routePage(t, pages[p], undefined, model, apply, false)); },
  'reader floor': readerFloor,
});
const rounds = Number(opts.rounds), mb = bytes / 1e6, at = (k) => median(ms[k]) / mb;
const tok = at('tokenizer'), budget = tok / 0.65;
const evidence = at('evidence'), items = at('evidence+vote') - evidence - at('vote'), voteMs = at('vote');
const rest = at('apply') - at('evidence+vote') - at('features');
const after = at('extract') - at('line table');
const row = (label, v, note = '') => console.log(`  ${label.padEnd(34)} ${v.toFixed(2).padStart(6)} ms/MB${note}`);
console.log(`${name}: ${pages.length} pages, ${mb.toFixed(1)} MB, ${lines} text lines (${(lines / mb).toFixed(0)} per MB), ${rounds} interleaved rounds after ${opts.warm} (medians), CPU time`);
row('tokenizer', tok, `  (${(1000 / tok).toFixed(0)} MB/s)`);
row('budget: tokenizer / 0.65', budget);
row('extract (whole path)', at('extract'), `  (${(1000 / at('extract')).toFixed(1)} MB/s, ${(tok / at('extract')).toFixed(2)} × tokenizer)`);
row('line table', at('line table'), `  (${(at('line table') / budget).toFixed(2)} × the budget)`);
row('after the table (extract − table)', after);
row('  features, diff, title line', at('features'));
row('  evidence (text reader, columns)', evidence);
row('  items (fuzzify, structure, words)', items);
row('  vote', voteMs, `  (${(voteMs * mb * 1e6 / lines).toFixed(0)} ns per line)`);
row('  rest of applyModel', rest);
row('  text', at('text'));
row('  page-type routing (classification)', at('routing'));
row('  decode, sniff, routed pages (remainder)', after - at('features') - evidence - items - voteMs - rest - at('text') - at('routing'));
row('reader floor', at('reader floor'), `  (evidence above it: ${(evidence - at('reader floor')).toFixed(2)})`);
const voteFloor = voteMs * (FS[lines] / lines) / visits();
row('vote floor (firing rules only)', voteFloor, `  (${(FS[lines] / lines).toFixed(0)} firing of ${visits().toFixed(0)} visited per line)`);
const floor = at('reader floor') + voteFloor + at('features') + rest + at('text');
row('post-table floor (w/o items, remainder)', floor);
row('line table + post-table floor', at('line table') + floor, `  (${((at('line table') + floor) / budget).toFixed(2)} × the budget)`);
if (sink === 42) console.log('');

/** Rules the index visits per line (over the groups of its active items). */
function visits() {
  let v = 0;
  for (let j = 0; j < A.length; j++) v += index.groupStart[A[j] + 1] - index.groupStart[A[j]];
  return v / lines;
}
