#!/usr/bin/env node
/**
 * `npm run bench:compare`: farsw's extractors and two peers — Readability
 * (@mozilla/readability over a linkedom document) and Defuddle (over a
 * linkedom document) — on the same pages, in the same process loop, each
 * page handed to every extractor in turn. Only the extraction is timed: for
 * farsw `extract(html)`; for the peers linkedom's `parseHTML(html)` plus
 * `parse()` (both start from the same HTML string; the DOM parse is reported
 * separately too). Scoring and HTML → text conversion of the peers' output
 * (farsw's block-aware `buildLineTable` + `allText`, untimed) are outside
 * the timed region. Every output is scored with farsw's metrics.
 *
 * Pages: every page with gold text of ../shared/datasets, except that a
 * dataset with more than SAMPLE pages contributes a seeded reservoir sample
 * of SAMPLE pages (mulberry32, seed SEED). trafilatura (no full gold) is
 * left out. Writes a section of docs/benchmarks/peers.md (--out) between marker comments.
 *
 * Usage: npm run bench:compare [-- --data DIR] [-- --sample 200] [-- --seed 1]
 * Needs `npm run build` (the npm script runs it) and ../shared/datasets.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sampleRecords } from './sample-records.mjs';
import { peers, quiet } from './peers.mjs';
import {
  readJsonlDataset, getExtractor, extractorNames, buildLineTable, allText, scorePage, summarize,
  mulberry32, markdownTable, replaceBenchmarkSection, Trainer, extractWithModel, shippedDefaultModel, pairedBootstrap, hostOfRecord,
} from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    data: { type: 'string', default: resolve(root, '../shared/datasets') },
    sample: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '20' },
    out: { type: 'string', default: join(root, 'docs/benchmarks/peers.md') },
  },
});
const SAMPLE = Number(opts.sample);
const SEED = Number(opts.seed);
const WARMUP = Number(opts.warmup);
const SECTION = 'bench:compare';

if (!existsSync(opts.data)) {
  console.error(`bench:compare: ${opts.data} not found; this benchmark needs ../shared/datasets. Skipped.`);
  process.exit(0);
}

/** Seeded reservoir sample of the gold pages of one file (all of them if ≤ SAMPLE). */
async function samplePages(file) {
  async function* gold() {
    for await (const r of readJsonlDataset(file)) if (r.gold !== null) yield r;
  }
  const { kept, seen } = await sampleRecords(gold(), SAMPLE, mulberry32(SEED));
  return { pages: kept, total: seen };
}

/** Peer output HTML → plain text (one paragraph per block), untimed. */
function htmlToText(html) {
  return html ? allText(buildLineTable(`<body>${html}</body>`)) : '';
}

const now = () => performance.now();

/** Each runner: (record) → { text, ms, parseMs } or { error, ms }. */
const farswRunners = extractorNames().map((name) => {
  const ex = getExtractor(name);
  return {
    name: `farsw ${name}`,
    farsw: true,
    run(record) {
      const t0 = now();
      const { text } = ex.extract(record.html, record.url ? { url: record.url } : {});
      return { text, ms: now() - t0, parseMs: 0 };
    },
  };
});
/**
 * The default model, inter-site: for the pages of dataset D, a model trained
 * (as `npm run train:default` does) on every page with gold of the other
 * datasets, never on D (leave-one-dataset-out). Trained before the timed loop.
 */
async function lodoModels(datasetNames) {
  const trainers = new Map(datasetNames.map((d) => [d, new Trainer({ name: `lodo-${d}`, featureVariant: 'normalized', evidence: true })]));
  for (const f of files) {
    for await (const r of readJsonlDataset(join(opts.data, f))) {
      if (!r.gold) continue;
      for (const [held, t] of trainers) if (held !== r.dataset) t.addPage({ id: r.id, html: r.html, gold: r.gold, site: hostOfRecord(r) });
    }
  }
  return new Map([...trainers].map(([d, t]) => [d, t.finish()]));
}

function modelRunner(name, modelFor) {
  return {
    name,
    farsw: true,
    run(record) {
      const model = modelFor(record);
      const t0 = now();
      const { text } = extractWithModel(record.html, model, record.url ? { url: record.url } : {});
      return { text, ms: now() - t0, parseMs: 0 };
    },
  };
}


const errorLog = [];
function runOne(runner, record) {
  try {
    const r = runner.run(record);
    const text = r.text ?? htmlToText(r.html);
    return { prediction: { text, ms: r.ms }, parseMs: r.parseMs };
  } catch (e) {
    const message = String(e?.message ?? e).split('\n')[0];
    errorLog.push(`${runner.name} on ${record.id}: ${message}`);
    // A failed page counts as an empty output; its time is not known, so it is left out of MB/s.
    return { prediction: { error: message }, parseMs: 0 };
  }
}

const files = (await readdir(opts.data)).filter((f) => f.endsWith('.jsonl.gz')).sort();
const datasets = [];
for (const f of files) {
  const { pages, total } = await samplePages(join(opts.data, f));
  if (pages.length) datasets.push({ name: pages[0].dataset, pages, total });
}
const all = datasets.flatMap((d) => d.pages);
console.error('bench:compare: training leave-one-dataset-out models…');
const lodo = await lodoModels(datasets.map((d) => d.name));
const runners = [
  modelRunner('farsw default model, inter-site (LODO)', (r) => lodo.get(r.dataset)),
  modelRunner('farsw default model (shipped; trained on these pages)', () => shippedDefaultModel()),
  ...farswRunners,
  ...peers,
];
console.error(`bench:compare: ${all.length} pages from ${datasets.length} datasets, ${runners.length} extractors`);

// Warm-up (JIT) on the first pages, not counted.
let restore = quiet();
for (const r of all.slice(0, WARMUP)) for (const x of runners) runOne(x, r);
restore();
errorLog.length = 0;

const scores = new Map(runners.map((x) => [x.name, []]));
const parseMs = new Map(runners.map((x) => [x.name, 0]));
const t0 = now();
for (const [i, record] of all.entries()) {
  restore = quiet();
  for (const x of runners) {
    const { prediction, parseMs: p } = runOne(x, record);
    scores.get(x.name).push(scorePage(record, prediction, 'tokens'));
    parseMs.set(x.name, parseMs.get(x.name) + p);
  }
  restore();
  if ((i + 1) % 100 === 0) process.stderr.write(`\r${i + 1}/${all.length}`);
}
process.stderr.write(`\rdone in ${((now() - t0) / 1000).toFixed(0)} s\n`);
for (const line of errorLog) console.error(`bench:compare: error: ${line}`);

const f3 = (x) => (x === null || x === undefined ? '-' : x.toFixed(3));
const reference = 'farsw default model, inter-site (LODO)';
const refSummary = summarize(scores.get(reference));
const overallRows = runners.map((x) => {
  const s = summarize(scores.get(x.name));
  const parseShare = s.ms > 0 ? parseMs.get(x.name) / s.ms : 0;
  return [
    x.name, String(s.pages), f3(s.lcs?.f1), f3(s.bow?.f1), f3(s.lcs?.precision), f3(s.lcs?.recall),
    s.mbPerS === null ? '-' : s.mbPerS.toFixed(2),
    x.farsw ? '-' : `${Math.round(parseShare * 100)} %`,
    s.mbPerS ? `${(refSummary.mbPerS / s.mbPerS).toFixed(1)}×` : '-',
    String(s.empty), String(s.errors),
  ];
});
const perDatasetRows = datasets.map((d) => {
  const ids = new Set(d.pages.map((p) => p.id));
  return [
    `${d.name} (${d.pages.length}${d.pages.length < d.total ? ` of ${d.total}` : ''})`,
    ...runners.map((x) => {
      const s = summarize(scores.get(x.name).filter((p) => ids.has(p.id)));
      return `${f3(s.lcs?.f1)} / ${f3(s.bow?.f1)}`;
    }),
  ];
});

/** The inter-site model against each peer, per dataset: BoW F1 difference with a paired bootstrap interval. */
const f4 = (x) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(4);
const versusRows = peers.flatMap((peer) => datasets.map((d) => {
  const ids = new Set(d.pages.map((p) => p.id));
  const bow = (name) => scores.get(name).filter((p) => ids.has(p.id)).map((p) => p.bow?.f1 ?? 0);
  const r = pairedBootstrap(bow(reference), bow(peer.name), { seed: SEED });
  const verdict = r.low > 0 ? 'ahead' : r.high < 0 ? 'behind' : 'not separable';
  return [peer.name.split(' (')[0], d.name, String(r.pages), f4(r.mean), `${f4(r.low)} … ${f4(r.high)}`, `${r.wins} / ${r.losses}`, verdict];
}));

const sampled = datasets.filter((d) => d.pages.length < d.total).map((d) => d.name);
const section = [
  '## farsw vs. Readability and Defuddle (same pages, same process)',
  '',
  `Produced by \`npm run bench:compare\` (scripts/bench-compare.mjs) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${all.length} pages of ../shared/datasets: every page with gold text` +
    (sampled.length ? `, except a seeded sample (reservoir, mulberry32 seed ${SEED}) of ${SAMPLE} pages from each of ${sampled.join(', ')}` : '') +
    '; trafilatura (no full gold) left out. Every page goes to every extractor in turn in one loop, after a warm-up of ' +
    `${WARMUP} pages. Timed: farsw \`extract(html)\`; peers: linkedom \`parseHTML(html)\` + \`parse()\` (the "DOM parse" column is its share of that time); pages without a \`<body>\` tag get the \`<html><body>\` a browser implies before linkedom sees them (linkedom does not). ` +
    'Peer output HTML is turned into text with farsw\'s block-aware converter, untimed. F1: mean over pages, LCS-token and bag-of-words (tokens) metrics of `farsw eval`. ' +
    `MB = 10^6 bytes of HTML (UTF-8). "faster by" = the MB/s of "${reference}" ÷ the row's MB/s. ` +
    'The inter-site row applies, to the pages of each dataset, a default model trained (as `npm run train:default` does) on the other datasets only; ' +
    'the shipped model was trained on every page here, so its row is in-sample and shown for reference only.',
  '',
  markdownTable(
    ['extractor', 'pages', 'LCS F1', 'BoW F1', 'LCS P', 'LCS R', 'MB/s', 'DOM parse', 'default model faster by', 'empty', 'errors'],
    overallRows,
  ).trimEnd(),
  '',
  'Per dataset, LCS F1 / BoW F1:',
  '',
  markdownTable(['dataset (pages)', ...runners.map((x) => x.name)], perDatasetRows).trimEnd(),
  '',
  'The gold of the `readability` dataset is Readability.js\'s own reference output (its test suite\'s expected.html), so Readability scores near 1 there by construction.',
  '',
  `"${reference}" against each peer, per dataset: mean of the per-page BoW F1 differences, its 95 % paired bootstrap interval ` +
    `(src/eval/bootstrap.ts: 2,000 resamples of the pages, seed ${SEED}), and the pages it wins / loses by more than 0.01. ` +
    '"ahead" / "behind" when the interval excludes 0.',
  '',
  markdownTable(['peer', 'dataset', 'pages', 'ΔF1 (BoW)', '95 % interval', 'wins / losses', ''], versusRows).trimEnd(),
].join('\n');

const doc = existsSync(opts.out) ? readFileSync(opts.out, 'utf8') : null;
writeFileSync(opts.out, replaceBenchmarkSection(doc, SECTION, section));
console.log(section);
console.error(`bench:compare: wrote ${relative(process.cwd(), opts.out) || opts.out}`);
