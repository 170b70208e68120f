/**
 * `npm run bench`: every line-based extractor on every shared dataset with gold.
 * Extractors: dana, addana, danag, addanag and the shipped default model.
 * Throughput: median of at least RUNS passes over each dataset (more on small ones; MB of UTF-8 HTML per
 * second of `extract()` calls), beside htmlparser2's bare Tokenizer measured
 * in the same run on the same pages. Quality: mean bag-of-words F1 (tokens)
 * and LCS F1 against gold. The real-page regression: F1 must stay above the
 * floors in `test/bench/floors.json`. Results go to docs/benchmarks/speed.md.
 *
 * The timing runs in a plain `node` process per dataset on the built library
 * (`time-extract.mjs`, after a fresh `tsc -p tsconfig.build.json`), the way a user of
 * the library or `farsw apply` runs it. Timed inside this vitest worker, the same
 * calls measured lower: on dragnet (alone), addanag 91.6 and the default model
 * 62.9 MB/s on the TypeScript source through vitest's module runner, 83 and 66 on
 * dist/ imported into the bench, against 95 and 72 in plain node on the same dist/
 * (bench-equivalent script: every extractor scored first, then 1 warm-up + 3 passes).
 *
 * Needs ../shared/datasets; skips with a message when it is absent.
 */
import { bench, describe, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { readDataset } from '../../src/dataset/load.js';
import type { PageRecord } from '../../src/dataset/types.js';
import { scoreText } from '../../src/eval/metrics.js';
import { extract } from '../../src/api/extract.js';
import { benchmarkPaths, loadFloors, median, writeBenchmarkSection } from './support.js';

/** What is measured: the DANA family, and the default model (what `farsw apply` runs with no options). */
const EXTRACTORS: ReadonlyArray<{ name: string; run: (html: string) => { text: string } }> = [
  ...['dana', 'addana', 'danag', 'addanag'].map((algorithm) => ({ name: algorithm, run: (html: string) => extract(html, { algorithm }) })),
  { name: 'default model', run: (html: string) => extract(html) },
];
const RUNS = 3;
const { datasets: DATASETS_DIR, root: ROOT } = benchmarkPaths();
/** The timing process (see the module comment). */
const TIMER = join(ROOT, 'test/bench/time-extract.mjs');

interface Cell { f1Bow: number; f1Lcs: number; pages: number; mbps: number[]; ratios: number[] }

async function loadSets(): Promise<Map<string, PageRecord[]>> {
  const sets = new Map<string, PageRecord[]>();
  if (!existsSync(DATASETS_DIR)) return sets;
  for (const f of readdirSync(DATASETS_DIR).filter((n) => n.endsWith('.jsonl.gz')).sort()) {
    const records: PageRecord[] = [];
    for await (const r of readDataset(join(DATASETS_DIR, f))) if (r.gold !== null) records.push(r);
    if (records.length > 0) sets.set(f.replace('.jsonl.gz', ''), records);
  }
  return sets;
}

const sets = await loadSets();
const cells = new Map<string, Cell>();
const tokenizerMbps = new Map<string, number[]>();
/** Timed passes per dataset (time-extract.mjs: at least RUNS, more on small datasets). */
const passes = new Map<string, number>();

/** Build dist/ from the current source, so the timing process runs this code. */
function buildLibrary(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * Time the tokenizer and every extractor on one dataset in a plain node process, once: tinybench calls a bench
 * function up to four times (once to see whether it is async, then in its warm-up and in its run), which timed
 * every dataset four times and kept the tokenizer of the last run only.
 */
function timeDataset(name: string): void {
  if (passes.has(name)) return;
  const out = execFileSync(process.execPath, [TIMER, join(DATASETS_DIR, `${name}.jsonl.gz`), String(RUNS)], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 20 });
  const { mbps, ratios, passes: n } = JSON.parse(out) as { mbps: Record<string, number[]>; ratios: Record<string, number[]>; passes: number };
  tokenizerMbps.set(name, mbps['tokenizer']!);
  passes.set(name, n);
  for (const ex of EXTRACTORS) {
    const cell = cells.get(`${ex.name}\t${name}`)!;
    cell.mbps.push(...mbps[ex.name]!);
    cell.ratios.push(...ratios[ex.name]!);
  }
}

/** The tokenizer's passes over a dataset spread by more than this (max ÷ min): the machine was busy during the run. */
const BUSY_SPREAD = 1.2;

const NOOP = () => {};

if (sets.size === 0) {
  console.warn(`extract.bench: ${DATASETS_DIR} not found; skipping (the benchmark needs ../shared/datasets).`);
  describe.skip('extract (needs ../shared/datasets)', () => bench('skipped', NOOP));
} else {
  buildLibrary();
  for (const [name, records] of sets) {
    describe(name, () => {
      for (const ex of EXTRACTORS) {
        const key = `${ex.name}\t${name}`;
        let bow = 0, lcs = 0;
        for (const r of records) {
          const s = scoreText(ex.run(r.html).text, r.gold!);
          bow += s.bow.f1; lcs += s.lcs.f1;
        }
        const cell: Cell = { f1Bow: bow / records.length, f1Lcs: lcs / records.length, pages: records.length, mbps: [], ratios: [] };
        cells.set(key, cell);
      }
      bench('tokenizer and extractors, timed in plain node on dist/', () => timeDataset(name), { iterations: 1, warmupIterations: 0, time: 0 });
    });
  }

  afterAll(() => {
    const floors = loadFloors();
    const rows: string[] = [];
    const regressions: string[] = [];
    for (const [key, c] of cells) {
      const [algorithm, name] = key.split('\t') as [string, string];
      const m = median(c.mbps), peer = median(tokenizerMbps.get(name)!);
      rows.push(`| ${algorithm} | ${name} | ${c.pages} | ${c.f1Bow.toFixed(3)} | ${c.f1Lcs.toFixed(3)} | ${m.toFixed(1)} | ${passes.get(name)} | ${peer.toFixed(1)} | ${median(c.ratios).toFixed(2)} |`);
      const floor = floors[key.replace('\t', '/')];
      if (floor !== undefined && c.f1Bow < floor) regressions.push(`${algorithm} on ${name}: BoW F1 ${c.f1Bow.toFixed(3)} < floor ${floor}`);
    }
    const busy = [...tokenizerMbps].filter(([, v]) => Math.max(...v) > BUSY_SPREAD * Math.min(...v))
      .map(([name, v]) => `${name} ${Math.min(...v).toFixed(1)}–${Math.max(...v).toFixed(1)}`);
    writeBenchmarkSection('extract', [
      `Command: \`npm run bench\` (vitest bench, test/bench/extract.bench.ts; timed in a plain node process per dataset on the freshly built dist/, test/bench/time-extract.mjs). Per cell, warm-up passes over the dataset (at least one, and 20 MB), then timed passes (at least ${RUNS}, and 100 MB: a pass over a small dataset takes tens of ms); MB/s = MB of UTF-8 HTML / CPU seconds of \`extract()\` calls (process.cpuUsage; within 0.5 % of wall time on an idle machine), median of the passes.`,
      'Peer: htmlparser2\'s bare `Tokenizer` (no-op callbacks) over the same pages, one pass after every timed extractor pass (tokenizer MB/s: the median of all of them); ratio = the median over the passes of extractor MB/s ÷ the tokenizer pass after it.',
      'F1: mean per-page bag-of-words (tokens) and LCS F1 against gold (src/eval/metrics.ts). The default model row is in-sample (the shipped model was trained on these pages): its F1 is not a generalisation figure (see the bench:compare section for the inter-site one); its MB/s is the apply speed with a model.',
      '',
      '| algorithm | dataset | pages | BoW F1 | LCS F1 | MB/s | passes | tokenizer MB/s | ratio |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
      ...(busy.length > 0 ? ['', `The machine was busy during this run: the tokenizer's passes spread by more than ${BUSY_SPREAD} × on ${busy.join(', ')} MB/s (compare the ratios, not the MB/s).`] : []),
    ].join('\n'));
    if (regressions.length > 0) throw new Error(`F1 regressions:\n${regressions.join('\n')}`);
  });
}
