/**
 * `npm run bench:algorithms`: every registered extractor on every dataset in
 * ../shared/datasets (or $FARSW_DATASETS): bag-of-words P/R/F1, LCS-token F1
 * and throughput, written to docs/benchmarks/algorithms.md between the markers
 * `<!-- algorithms:start -->` and `<!-- algorithms:end -->`.
 *
 * Usage: npm run bench:algorithms [-- --limit N] [-- --algorithms a,b] [-- --datasets x,y]
 *
 * Datasets without full gold text (trafilatura: `with`/`without` snippets) are
 * scored by snippets instead: share of `with` snippets found, share of
 * `without` snippets avoided.
 *
 * Scores are those of `farsw eval`: `scoreText` (src/eval/metrics.ts, LCS-token
 * and bag-of-words over `tokenize`) and `scoreSnippets` (src/eval/snippets.ts).
 *
 * Skips with a message (exit 0) when the datasets directory is absent.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readJsonlDataset } from '../src/dataset/load.js';
import { replaceBenchmarkSection } from '../src/eval/benchmark-section.js';
import { scoreText } from '../src/eval/metrics.js';
import { scoreSnippets } from '../src/eval/snippets.js';
import { extractorNames, getExtractor } from '../src/extract/registry.js';

const SECTION = 'algorithms';

interface Args {
  limit: number;
  algorithms: string[];
  datasets: string[] | undefined;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { limit: Infinity, algorithms: extractorNames(), datasets: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if (a === '--limit' && v) (args.limit = Number(v)), i++;
    else if (a === '--algorithms' && v) (args.algorithms = v.split(',')), i++;
    else if (a === '--datasets' && v) (args.datasets = v.split(',')), i++;
  }
  return args;
}

/** Sums of per-page precision, recall and F1 (divided by the page count for the table). */
interface PrfSum {
  p: number;
  r: number;
  f: number;
}

// ---- run ----

interface Cell {
  pages: number;
  bow: PrfSum;
  lcs: number;
  withFound: number;
  withTotal: number;
  withoutAvoided: number;
  withoutTotal: number;
  ms: number;
  bytes: number;
  errors: number;
}

async function runDataset(path: string, args: Args): Promise<Map<string, Cell>> {
  const cells = new Map<string, Cell>();
  for (const a of args.algorithms) {
    cells.set(a, { pages: 0, bow: { p: 0, r: 0, f: 0 }, lcs: 0, withFound: 0, withTotal: 0, withoutAvoided: 0, withoutTotal: 0, ms: 0, bytes: 0, errors: 0 });
  }
  let n = 0;
  for await (const r of readJsonlDataset(path)) {
    if (n >= args.limit) break;
    const hasGold = r.gold !== null;
    if (!hasGold && r.with === undefined) continue;
    n++;
    const bytes = Buffer.byteLength(r.html);
    for (const name of args.algorithms) {
      const cell = cells.get(name)!;
      let text: string;
      const t0 = performance.now();
      try {
        text = getExtractor(name).extract(r.html).text;
      } catch {
        cell.errors++;
        text = '';
      }
      cell.ms += performance.now() - t0;
      cell.bytes += bytes;
      cell.pages++;
      if (hasGold) {
        const { bow, lcs } = scoreText(text, r.gold!);
        cell.bow = { p: cell.bow.p + bow.precision, r: cell.bow.r + bow.recall, f: cell.bow.f + bow.f1 };
        cell.lcs += lcs.f1;
      } else {
        const s = scoreSnippets(text, r.with ?? [], r.without ?? []);
        cell.withFound += s.withFound;
        cell.withTotal += s.withTotal;
        cell.withoutAvoided += s.withoutAbsent;
        cell.withoutTotal += s.withoutTotal;
      }
    }
    if (n % 100 === 0) process.stderr.write(`  ${n} pages\n`);
  }
  return cells;
}

function fmt(x: number): string {
  return x.toFixed(3);
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const dir = resolve(process.env['FARSW_DATASETS'] ?? '../shared/datasets');
  if (!existsSync(dir)) {
    process.stderr.write(`bench:algorithms: ${dir} not found; skipping (needs ../shared/datasets or $FARSW_DATASETS)\n`);
    return 0;
  }
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl.gz') || f.endsWith('.jsonl'))
    .filter((f) => !args.datasets || args.datasets.includes(f.replace(/\.jsonl(\.gz)?$/, '')))
    .sort();
  const goldRows: string[] = [];
  const snippetRows: string[] = [];
  for (const f of files) {
    const name = f.replace(/\.jsonl(\.gz)?$/, '');
    process.stderr.write(`${name}\n`);
    const cells = await runDataset(join(dir, f), args);
    for (const [algo, c] of cells) {
      if (c.pages === 0) continue;
      const mbs = c.bytes / 1e6 / (c.ms / 1000);
      const err = c.errors > 0 ? ` (${c.errors} errors)` : '';
      if (c.withTotal > 0) {
        snippetRows.push(`| ${name} | ${c.pages} | ${algo} | ${fmt(c.withFound / c.withTotal)} | ${fmt(c.withoutTotal ? c.withoutAvoided / c.withoutTotal : 1)} | ${mbs.toFixed(1)}${err} |`);
      } else {
        goldRows.push(`| ${name} | ${c.pages} | ${algo} | ${fmt(c.bow.p / c.pages)} | ${fmt(c.bow.r / c.pages)} | ${fmt(c.bow.f / c.pages)} | ${fmt(c.lcs / c.pages)} | ${mbs.toFixed(1)}${err} |`);
      }
    }
  }
  const limit = Number.isFinite(args.limit) ? ` (first ${args.limit} pages per dataset)` : '';
  const section = [
    '## Algorithms on the shared datasets',
    '',
    `Command: \`npm run bench:algorithms\`${limit}. Node ${process.version}, one core, text extraction only (pages already decoded).`,
    'P/R/F1 are per-page means of the `farsw eval` metrics (src/eval/metrics.ts): bag-of-words = multiset token overlap, LCS = longest common token subsequence (DANA §V);',
    'tokens are lower-cased words, single characters for Han and kana (src/core/tokenize.ts). MB/s = UTF-8 bytes of HTML / extraction time.',
    '',
    '| dataset | pages | algorithm | BoW P | BoW R | BoW F1 | LCS F1 | MB/s |',
    '|---|---|---|---|---|---|---|---|',
    ...goldRows,
    '',
    ...(snippetRows.length
      ? [
          'Snippet datasets (no full gold): share of `with` snippets found and of `without` snippets absent; a snippet is found when its tokens occur as a contiguous run of the output\'s tokens (src/eval/snippets.ts).',
          '',
          '| dataset | pages | algorithm | with found | without avoided | MB/s |',
          '|---|---|---|---|---|---|',
          ...snippetRows,
          '',
        ]
      : []),
  ].join('\n');
  const target = resolve('docs/benchmarks/algorithms.md');
  const old = existsSync(target) ? readFileSync(target, 'utf8') : null;
  writeFileSync(target, replaceBenchmarkSection(old, SECTION, section));
  process.stderr.write(`wrote ${target}\n`);
  return 0;
}

process.exitCode = await main();
