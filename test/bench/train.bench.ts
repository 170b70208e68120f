/**
 * Training throughput on real pages: `train` (lines + features + gold alignment
 * + membership + Apriori) against its first stage alone (`buildLineTable`), on
 * the first 300 pages with gold of ../shared/datasets/dragnet.jsonl.gz ($FARSW_DATASETS overrides the folder).
 * Needs ../shared (skips with a message when absent). MB = MB of HTML (UTF-16 length / 1e6 as a proxy).
 *   npx vitest bench --run test/bench/train.bench.ts
 * The full-dataset figures (global and --by-site, wall time and peak RSS) are
 * measured with /usr/bin/time -v node bin/farsw.js train …: see docs/benchmarks/training.md.
 */
import { bench, describe } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonlDataset } from '../../src/dataset/load.js';
import { buildLineTable } from '../../src/html/lines.js';
import { FARSW_PREPROCESS_DEFAULTS } from '../../src/core/defaults.js';
import { train, type TrainingPage } from '../../src/train/train.js';
import { benchmarkPaths } from './support.js';

const FILE = join(benchmarkPaths().datasets, 'dragnet.jsonl.gz');
const pages: TrainingPage[] = [];
if (existsSync(FILE)) {
  for await (const r of readJsonlDataset(FILE)) {
    if (r.gold) pages.push({ id: r.id, html: r.html, gold: r.gold });
    if (pages.length === 300) break;
  }
} else {
  console.warn(`train.bench: ${FILE} not found; skipping (needs ../shared/datasets)`);
}
const mb = pages.reduce((s, p) => s + p.html.length, 0) / 1e6;

describe(`training on ${pages.length} dragnet pages (${mb.toFixed(1)} MB)`, () => {
  bench('train (all stages)', () => { if (pages.length) train(pages, { name: 'bench' }); }, { iterations: 3, time: 0 });
  bench('buildLineTable only (peer: stage 1)', () => {
    for (const p of pages) buildLineTable(p.html, { dropElements: FARSW_PREPROCESS_DEFAULTS.dropElements, carryMarkup: FARSW_PREPROCESS_DEFAULTS.carryMarkup });
  }, { iterations: 3, time: 0 });
});
