#!/usr/bin/env node
/**
 * `npm run bench:wcxb`: farsw (the default model through `extract()`), Defuddle and
 * Readability.js on the WCXB development split (../shared/datasets/wcxb-dev.jsonl.gz),
 * in one process, each page handed to every extractor in turn, scored with the
 * benchmark's own metric (word F1 over Python's `\w+` words of the lower-cased texts,
 * bags with counts, mean per page; src/eval/word-f1.ts). Prints the issue's table
 * (all + the seven page types), the pages that come out empty per type and pages/s
 * (timed: farsw `extract(html)`; peers linkedom `parseHTML` + `parse()`, as
 * bench:compare times them; peer HTML → text with farsw's block-aware converter, untimed).
 *
 * Usage: npm run bench:wcxb [-- --pages out.jsonl] [-- --model FILE.json] [-- --peers none]
 *        [-- --sample N --seed 1] [-- --cv domain|host] [-- --floors JSON] [-- --below JSON] [-- --news N | --news-weight W] [-- --any-strategy] [-- --write]   (--write puts the tables in docs/benchmarks/wcxb.md, --out)
 *
 * --cv domain (or host): farsw's row cross-validated, 5 folds of the pages' domains (hosts), seed 1 (bench-page-type.mjs's
 * folds). Every page-type strategy variant (extract/strategies/index.ts, the grids below) runs on every page; each fold
 * is scored with the page types a classifier learnt without it predicts (the shipped model's setting, L2 0.03) and with
 * the routes (variant and confidence threshold per type, scripts/wcxb-cv.mjs) chosen on the other four folds, whose pages
 * are typed by classifiers learnt without the fold scored and their own fold. Not per fold: the rules model itself
 * (the shipped default, trained with wcxb-dev among its pages; retrained per fold it moved all by +0.005,
 * docs/decisions.md "Page types"). Also printed: the routes all five folds choose (what FARSW_APPLY_DEFAULTS.routes
 * ships), the pages routed, and each fold's choice.
 * --any-strategy: each type may be routed to any strategy variant, not only those of the strategies made for it (article never).
 * --below '{"collection":"service"}': the pages of a type under its route's threshold may take the route chosen for another
 * type (or a variant of a strategy named), when that adds on the same folds (a route's `below`; docs/decisions.md, "Page
 * types: unsure pages").
 * --floors '{"listing":0.7}': the lowest threshold a type's route may have (the other shared datasets' guard,
 * `npm run bench:routes -- --floors`).
 * Every fold's classifier learns as the shipped one does (scripts/page-type-training.mjs): with every page of the other shared
 * datasets as `article` at weight `--news-weight` (default the shipped 0.05; 0: wcxb-dev alone).
 * --news N: instead, N pages (seeded sample) of each other shared dataset at weight 1 (an earlier experiment).
 * --pages writes one JSON line per page: {id, type, host, words, f1: {extractor: F1}, empty: [extractors]}
 * (extractor keys: farsw, defuddle, readability), for diffing two runs; under --cv also held: {f1, variant, type,
 * confidence} (the page's held-out score, the variant it ran, its held-out classifier's type and confidence).
 * Needs `npm run build` (the npm script runs it) and ../shared/datasets.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { peers as allPeers, quiet } from './peers.mjs';
import { sampleRecords } from './sample-records.mjs';
import { domainOf } from './page-domain.mjs';
import { chooseRoutes, routed } from './wcxb-cv.mjs';
import { PAGE_TYPE_FIT, otherPages } from './page-type-training.mjs';
import {
  readJsonlDataset, extract, buildLineTable, allText, wordF1, wordTokens, markdownTable, replaceBenchmarkSection,
  modelFromJson, mulberry32, shippedDefaultModel, modelLineOptions, pageTypeFeatures, PAGE_TYPES, PAGE_TYPE_FEATURES,
  fitPageTypeClassifier, classifyFeatures, groupFolds, PAGE_TYPE_STRATEGIES,
} from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** FARSW_DATASETS, else ../shared/datasets beside the checkout (or beside its worktree directory). */
function datasetsDir() {
  if (process.env.FARSW_DATASETS) return process.env.FARSW_DATASETS;
  return ['../shared/datasets', '../../shared/datasets'].map((p) => resolve(root, p)).find(existsSync) ?? resolve(root, '../shared/datasets');
}
const { values: opts } = parseArgs({
  options: {
    data: { type: 'string', default: join(datasetsDir(), 'wcxb-dev.jsonl.gz') },
    model: { type: 'string' },
    peers: { type: 'string', default: 'defuddle,readability' },
    pages: { type: 'string' },
    sample: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '20' },
    write: { type: 'boolean', default: false },
    out: { type: 'string', default: join(root, 'docs/benchmarks/wcxb.md') },
    cv: { type: 'string' },
    folds: { type: 'string', default: '5' },
    floors: { type: 'string', default: '{}' },
    below: { type: 'string', default: '{}' },
    news: { type: 'string', default: '0' },
    'news-weight': { type: 'string' },
    'any-strategy': { type: 'boolean', default: false },
  },
});
if (opts.cv !== undefined && opts.cv !== 'domain' && opts.cv !== 'host') throw new Error(`--cv: domain or host, not ${opts.cv}`);
const SECTION = 'bench:wcxb';
/** --floors: per page type, the lowest confidence threshold a route may have (`npm run bench:routes -- --floors` prints them). */
const floors = JSON.parse(opts.floors);
/** --below '{"collection":"service"}': per page type, the route (another type's) or strategy its pages under the route's threshold may take (wcxb-cv.mjs chooseRoutes). */
const below = JSON.parse(opts.below);
const TYPES = ['article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product'];

if (!existsSync(opts.data)) {
  console.error(`bench:wcxb: ${opts.data} not found; this benchmark needs ../shared/datasets. Skipped.`);
  process.exit(0);
}
const wanted = opts.peers === 'none' ? [] : opts.peers.split(',');
for (const k of wanted) if (!allPeers.some((p) => p.key === k)) throw new Error(`--peers: unknown peer ${k} (defuddle, readability, none)`);
const model = opts.model ? modelFromJson(readFileSync(opts.model, 'utf8')) : undefined;

const now = () => performance.now();
/** Peer output HTML → plain text (one paragraph per block), untimed. */
const htmlToText = (html) => (html ? allText(buildLineTable(`<body>${html}</body>`)) : '');

/**
 * Under --cv, the strategy variants measured on every page: `none` (the model path unrouted), then each strategy of
 * PAGE_TYPE_STRATEGIES with each setting of its grid here (a strategy without a grid: its defaults).
 */
const GRIDS = {
  forum: [
    { commentShare: 1 }, { commentShare: 1, quoteChars: 10, signatures: true }, { commentShare: 1, quoteChars: 20, signatures: true },
    ...[0.3, 0.5].map((postsShare) => ({ commentShare: 1, quoteChars: 10, signatures: true, postsShare })),
    ...[false, true].map((replies) => ({ commentShare: 1, quoteChars: 10, signatures: true, postsShare: 0.3, dropConsent: true, replies })),
    ...[{}, { dropChrome: true }, { dropChrome: true, signIn: true }].map((c) => ({ commentShare: 1, quoteChars: 10, signatures: true, postsShare: 0.3, dropConsent: true, replies: true, memberStats: true, ...c })),
  ],
  // jsonLdDescription off left the grid once every fold chose it on (docs/decisions.md, "Page types").
  items: [
    { bodyChars: 400, jsonLdDescription: true }, { bodyChars: 400, jsonLdDescription: true, dropWidgets: true },
    ...[1500, 3000].map((hiddenChars) => ({ bodyChars: 400, jsonLdDescription: true, dropWidgets: true, hiddenChars })),
    ...[3000, 5000].map((hiddenChars) => ({ bodyChars: 400, jsonLdDescription: true, dropWidgets: true, hiddenChars, dedupe: true })),
    { bodyChars: 400, jsonLdDescription: true, dropWidgets: true, hiddenChars: 3000, dedupe: true, dropChrome: true },
    // quoteChars: a description the body fallback or the relax to <main> brings back twice; dana.titleContainer 0: tab panels outside the headline's element.
    ...[{}, { dana: { titleContainer: 0 } }].map((d) => ({ bodyChars: 400, jsonLdDescription: true, dropWidgets: true, hiddenChars: 3000, dedupe: true, dropChrome: true, quoteChars: 20, ...d })),
  ],
  repeated: [{ repeatedItems: 3 }, { repeatedItems: 3, bodyChars: 200 }, { repeatedItems: 5, bodyChars: 200 },
    ...[false, true].flatMap((remute) => [{ repeatedItems: 3, dropChrome: true, remute }, { repeatedItems: 5, bodyChars: 200, dropChrome: true, remute }]),
    // hiddenChars 100000 (read with hidden elements whenever the page hides 200 characters) and repeatedByTag left the grid
    // (docs/decisions.md, "Collections: grids a script shows").
    { repeatedItems: 5, bodyChars: 200, dropChrome: true, remute: true, hiddenChars: 500 },
    // Repeats dropped (quoteChars) and the page read with hidden elements, that reading kept when it adds to the visible one
    // (hiddenKeep, hiddenGrowth: docs/decisions.md, "Collections and listings: hidden card details kept when they add").
    { repeatedItems: 3, dropChrome: true, remute: true, quoteChars: 20 },
    ...[{ hiddenKeep: 0.5 }, { hiddenKeep: 0.5, hiddenGrowth: 3 }].map((h) => ({ repeatedItems: 5, bodyChars: 200, dropChrome: true, remute: true, quoteChars: 20, readHidden: true, ...h })),
    ...[0.5, 0.8].map((hiddenKeep) => ({ repeatedItems: 3, dropChrome: true, remute: true, quoteChars: 20, readHidden: true, hiddenKeep, hiddenGrowth: 3 })),
    // Items grouped by tag and first class word (repeatedBase: modifier classes left out; "Collections and listings: items whose modifier classes differ").
    ...[3, 5].map((repeatedItems) => ({ repeatedItems, dropChrome: true, remute: true, quoteChars: 20, readHidden: true, hiddenKeep: 0.5, hiddenGrowth: 3, repeatedBase: true })),
    // A cookie-consent dialog in no group and dropped before the mute again (dropConsent: "Listings and service pages: cookie-consent dialogs").
    ...[3, 5].map((repeatedItems) => ({ repeatedItems, dropChrome: true, remute: true, quoteChars: 20, readHidden: true, hiddenKeep: 0.5, hiddenGrowth: 3, repeatedBase: true, dropConsent: true }))],
  sections: [{ repeatedItems: 3 }, { repeatedItems: 3, quoteChars: 20 }, { repeatedItems: 3, quoteChars: 20, dropChrome: true, remute: true },
    ...[0, 50, 100].map((muteProse) => ({ repeatedItems: 3, quoteChars: 20, dropChrome: true, remute: true, readHidden: true, ...(muteProse ? { muteProse } : {}) })),
    { repeatedItems: 3, quoteChars: 20, dropChrome: true, remute: true, readHidden: true, muteProse: 50, dropConsent: true }],
  // mute 0: Sphinx and Django sections take their heading's slug as id (`no-mime-no-links…`), whose words the learned mute knows from news menus.
  docs: [{ repeatedItems: 3, dropChrome: true }, ...[{}, { mute: 0 }].map((m) => ({ repeatedItems: 3, dropChrome: true, readHidden: true, ...m }))],
};
const variants = opts.cv === undefined ? [] : [
  { key: 'none', strategy: 'none', types: [] },
  ...PAGE_TYPE_STRATEGIES.flatMap((s) => (GRIDS[s.id] ?? [undefined]).map((farsw) => ({
    key: farsw ? `${s.id} ${Object.entries(farsw).map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : v}`).join(' ')}` : s.id, strategy: s.id, types: s.types, ...(farsw ? { farsw } : {}),
  }))),
];
/** farsw as `extract()` runs it (under --cv: once per variant, the strategy forced). */
const farswRunner = (key, name, forced = {}) => ({
  key, name,
  run(record) {
    const options = { ...(record.url ? { url: record.url } : {}), ...(model ? { model } : {}), ...forced };
    const t0 = now();
    const { text } = extract(record.html, options);
    return { text, ms: now() - t0 };
  },
});
const runners = [
  ...(opts.cv === undefined
    ? [farswRunner('farsw', model ? `farsw (model ${opts.model})` : 'farsw (default model)')]
    : variants.map((v) => farswRunner(v.key === 'none' ? 'farsw' : `farsw:${v.key}`, `farsw (${v.key})`, { strategy: v.strategy, ...(v.farsw ? { farsw: v.farsw } : {}) }))),
  // Defuddle before Readability, the issue table's order.
  ...['defuddle', 'readability'].filter((k) => wanted.includes(k)).map((k) => allPeers.find((p) => p.key === k)),
];

/** The pages: all of them, or a seeded sample of --sample N. */
async function* pages() {
  const n = Number(opts.sample);
  if (n > 0) {
    const { kept } = await sampleRecords(readJsonlDataset(opts.data), n, mulberry32(Number(opts.seed)));
    yield* kept;
  } else yield* readJsonlDataset(opts.data);
}

const errors = [];
/** One extractor on one page: its text and time (a failure is an empty output, untimed). */
function runOne(runner, record) {
  try {
    const r = runner.run(record);
    return { text: r.text ?? htmlToText(r.html), ms: r.ms };
  } catch (e) {
    errors.push(`${runner.key} on ${record.id}: ${String(e?.message ?? e).split('\n')[0]}`);
    return { text: '', ms: null };
  }
}

// Warm-up (JIT) on the first pages, not counted.
let warm = 0;
let restore = quiet();
for await (const r of pages()) {
  if (warm++ >= Number(opts.warmup)) break;
  for (const x of runners) runOne(x, r);
}
restore();
errors.length = 0;

/** Per extractor and type: Σ F1, pages, empty outputs, Σ ms over timed pages, timed pages. */
const stats = new Map(runners.map((x) => [x.key, new Map()]));
const bucket = (key, type) => {
  const m = stats.get(key);
  if (!m.has(type)) m.set(type, { f1: 0, pages: 0, empty: 0, ms: 0, timed: 0 });
  return m.get(type);
};
const perPage = [];
/** Under --cv: per page, its type, fold group, classifier features and F1 per runner. */
const cvPages = [];
const cvLines = modelLineOptions((model ?? shippedDefaultModel()).params);
let seen = 0;
const t0 = now();
for await (const record of pages()) {
  if (record.gold === null) continue;
  const type = record.pageType ?? 'unknown';
  const line = { id: record.id, type, host: record.host, words: wordTokens(record.gold).length, f1: {}, empty: [] };
  restore = quiet();
  for (const x of runners) {
    const { text, ms } = runOne(x, record);
    const f1 = wordF1(text, record.gold).f1;
    const empty = wordTokens(text).length === 0;
    for (const b of [bucket(x.key, type), bucket(x.key, 'all')]) {
      b.f1 += f1;
      b.pages++;
      if (empty) b.empty++;
      if (ms !== null) {
        b.ms += ms;
        b.timed++;
      }
    }
    line.f1[x.key] = Math.round(f1 * 1e6) / 1e6;
    if (empty) line.empty.push(x.key);
  }
  restore();
  if (opts.cv !== undefined) {
    const group = opts.cv === 'host' ? record.host ?? domainOf(record.url) : domainOf(record.url, record.host);
    cvPages.push({ type, group, x: pageTypeFeatures(buildLineTable(record.html, cvLines), record.html, record.url), f1: line.f1 });
  }
  if (opts.pages) perPage.push(line);
  if (++seen % 100 === 0) process.stderr.write(`\r${seen} pages`);
}
const seconds = (now() - t0) / 1000;
process.stderr.write(`\rbench:wcxb: ${seen} pages in ${seconds.toFixed(0)} s\n`);
for (const e of errors) console.error(`bench:wcxb: error: ${e}`);

const types = ['all', ...TYPES, ...[...stats.get('farsw').keys()].filter((t) => t !== 'all' && !TYPES.includes(t)).sort()];
const present = types.filter((t) => stats.get('farsw').has(t));
const f3 = (b) => (b && b.pages ? (b.f1 / b.pages).toFixed(3) : '-');
const rows = present.map((t) => [`${t} (${stats.get('farsw').get(t).pages})`, ...runners.map((x) => f3(stats.get(x.key).get(t)))]);
const emptyRows = present.map((t) => [t, ...runners.map((x) => String(stats.get(x.key).get(t)?.empty ?? 0))]);
const speed = runners.map((x) => {
  const b = stats.get(x.key).get('all');
  return b && b.ms > 0 ? (b.timed / (b.ms / 1000)).toFixed(1) : '-';
});
const names = runners.map((x) => x.name);

/**
 * --cv: routes chosen on four folds, scored on the fifth (module comment). Returns the section's lines: per type the
 * unrouted model path, the routed one held out, the peers; the routes all folds choose; each fold's choice.
 */
async function crossValidated() {
  const n = cvPages.length, K = Number(opts.folds), SEED = 1;
  // --news: other datasets' pages as articles, in every classifier's training.
  let news = [], newsWeight = 1;
  const dir = dirname(resolve(opts.data));
  if (Number(opts.news) > 0) {
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.jsonl.gz') && join(dir, x) !== resolve(opts.data)).sort()) {
      const { kept } = await sampleRecords(readJsonlDataset(join(dir, f)), Number(opts.news), mulberry32(SEED));
      for (const r of kept) news.push(pageTypeFeatures(buildLineTable(r.html, cvLines), r.html, r.url));
    }
  } else {
    newsWeight = opts['news-weight'] !== undefined ? Number(opts['news-weight']) : PAGE_TYPE_FIT.otherWeight;
    if (newsWeight > 0) news = (await otherPages(dir, opts.data, cvLines)).map((o) => o.x);
  }
  const fold = groupFolds(cvPages.map((p) => p.group), K, SEED);
  const labelled = cvPages.map((p, i) => i).filter((i) => PAGE_TYPES.includes(cvPages[i].type));
  const l2 = (model ?? shippedDefaultModel()).pageType?.training?.l2 ?? PAGE_TYPE_FIT.l2;
  /** Predictions for `pages` of a classifier learnt on the labelled pages outside the folds `without`. */
  const predict = (without, pages, pred) => {
    const train = labelled.filter((i) => !without.includes(fold[i]));
    const clf = fitPageTypeClassifier([...train.map((i) => cvPages[i].x), ...news], [...train.map((i) => PAGE_TYPES.indexOf(cvPages[i].type)), ...news.map(() => 0)], PAGE_TYPES, PAGE_TYPE_FEATURES,
      { l2, weights: [...train.map(() => 1), ...news.map(() => newsWeight)] });
    for (const i of pages) {
      const r = classifyFeatures(cvPages[i].x, clf);
      pred.type[i] = PAGE_TYPES.indexOf(r.type);
      pred.conf[i] = r.confidence;
    }
  };
  const newPred = () => ({ type: new Int32Array(n), conf: new Float64Array(n) });
  const all = [...Array(n).keys()];
  const outer = newPred();
  for (let k = 0; k < K; k++) predict([k], all.filter((i) => fold[i] === k), outer);
  const f1 = cvPages.map((p) => ({ ...Object.fromEntries(variants.map((v) => [v.key, p.f1[v.key === 'none' ? 'farsw' : `farsw:${v.key}`]])) }));
  const held = new Float64Array(n), heldVariant = new Array(n);
  const foldRoutes = [];
  for (let k = 0; k < K; k++) {
    process.stderr.write(`\rbench:wcxb: --cv fold ${k + 1} of ${K}`);
    const inner = newPred();
    for (let j = 0; j < K; j++) if (j !== k) predict([k, j], all.filter((i) => fold[i] === j), inner);
    const routes = chooseRoutes(all.filter((i) => fold[i] !== k), inner, f1, variants, PAGE_TYPES, floors, opts['any-strategy'], below);
    foldRoutes.push(routes);
    for (const i of all) if (fold[i] === k) ({ f1: held[i], variant: heldVariant[i] } = routed(i, outer, f1, routes, PAGE_TYPES));
  }
  // --pages: each page's held-out score, the variant it ran and the type its held-out classifier predicted.
  if (opts.pages) for (const i of all) perPage[i].held = { f1: Math.round(held[i] * 1e6) / 1e6, variant: heldVariant[i], type: PAGE_TYPES[outer.type[i]], confidence: Math.round(outer.conf[i] * 1e3) / 1e3 };
  process.stderr.write('\n');
  const shipped = chooseRoutes(all, outer, f1, variants, PAGE_TYPES, floors, opts['any-strategy'], below);
  const accuracy = labelled.filter((i) => PAGE_TYPES[outer.type[i]] === cvPages[i].type).length / labelled.length;
  const peerKeys = runners.filter((x) => !x.key.startsWith('farsw')).map((x) => x.key);
  const mean = (pages, get) => (pages.length ? (pages.reduce((a, i) => a + get(i), 0) / pages.length).toFixed(3) : '-');
  const rows = present.map((t) => {
    const pages = all.filter((i) => t === 'all' || cvPages[i].type === t);
    const routedPages = pages.filter((i) => heldVariant[i] !== 'none').length;
    return [`${t} (${pages.length})`, mean(pages, (i) => f1[i].none), mean(pages, (i) => held[i]), String(routedPages), ...peerKeys.map((k) => mean(pages, (i) => cvPages[i].f1[k]))];
  });
  const routeWords = (routes) => Object.entries(routes).map(([t, r]) => `${t} → ${r.variant} from ${r.threshold}${r.below ? `, below it ${r.below.variant}` : ''}`).join('; ') || 'none';
  // The routes in FARSW_APPLY_DEFAULTS.routes' shape.
  const asRoute = (key, minConfidence) => {
    const v = variants.find((x) => x.key === key);
    return { strategy: v.strategy, minConfidence, ...(v.farsw ? { settings: v.farsw } : {}) };
  };
  const asDefaults = (routes) => JSON.stringify(Object.fromEntries(Object.entries(routes).map(([t, r]) =>
    [t, { ...asRoute(r.variant, r.threshold), ...(r.below ? { below: asRoute(r.below.variant, 0) } : {}) }])));
  return [
    `farsw cross-validated by ${opts.cv === 'host' ? 'host' : 'domain'} (\`npm run bench:wcxb -- --cv ${opts.cv}\`): ${K} folds of the pages' ${opts.cv === 'host' ? 'hosts' : 'domains'} (seed ${SEED}); ` +
      `each fold typed by a page-type classifier learnt without it (L2 ${l2}${news.length ? `, with ${news.length} pages of the other shared datasets as article at weight ${newsWeight}` : ''}; accuracy ${accuracy.toFixed(3)} over the folds) and routed by the routes the other four chose. ` +
      'The rules model is the shipped default, trained with wcxb-dev among its pages (not per fold).',
    '',
    markdownTable(['page type (pages)', 'farsw, unrouted', 'farsw, routed (held out)', 'pages routed', ...peerKeys.map((k) => runners.find((x) => x.key === k).name)], rows).trimEnd(),
    '',
    `Routes chosen on all ${K} folds (each page typed by the classifier learnt without its fold): ${routeWords(shipped)}; as settings: \`${asDefaults(shipped)}\`.`,
    '',
    ...foldRoutes.map((r, k) => `- fold ${k + 1} (${all.filter((i) => fold[i] === k).length} pages): ${routeWords(r)}`),
  ];
}
const cvLinesOut = opts.cv !== undefined ? await crossValidated() : [];

const sampled = Number(opts.sample) > 0 ? `a seeded sample (reservoir, mulberry32 seed ${opts.seed}) of ${opts.sample} pages of ` : '';
const section = [
  '## WCXB: every kind of page (issue 35)',
  '',
  `Produced by \`npm run bench:wcxb\` (scripts/bench-wcxb.mjs) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on ${sampled}` +
    `${relative(root, opts.data)} (WCXB dev split, ${seen} pages), every page handed to each extractor in turn in one process after a warm-up of ${opts.warmup} pages. ` +
    'Metric: the benchmark\'s, word F1 over the `\\w+` words of the lower-cased texts (bags with counts), mean per page; ' +
    'a page with empty gold scores 1 for an empty output, else 0 (src/eval/word-f1.ts). ' +
    'Peers run over a linkedom document as in bench:compare; their output HTML is turned into text with farsw\'s block-aware converter, untimed.',
  '',
  markdownTable(['page type (pages)', ...names], rows).trimEnd(),
  '',
  'Pages that come out empty (no word), per type:',
  '',
  markdownTable(['page type', ...names], emptyRows).trimEnd(),
  '',
  markdownTable(['', ...names], [['pages/s (one core, timed call only)', ...speed]]).trimEnd(),
  ...(cvLinesOut.length ? ['', ...cvLinesOut] : []),
].join('\n');

console.log(section);
if (opts.pages) {
  writeFileSync(opts.pages, perPage.map((l) => JSON.stringify(l)).join('\n') + '\n');
  console.error(`bench:wcxb: per-page scores in ${opts.pages}`);
}
if (opts.write) {
  const doc = existsSync(opts.out) ? readFileSync(opts.out, 'utf8') : null;
  writeFileSync(opts.out, replaceBenchmarkSection(doc, SECTION, section));
  console.error(`bench:wcxb: wrote ${relative(process.cwd(), opts.out) || opts.out}`);
}
