/**
 * `npm run bench:algorithms`: every registered extractor on every dataset in
 * ../shared/datasets (or $FARSW_DATASETS): bag-of-words P/R/F1, LCS-token F1
 * and throughput, written to BENCHMARKS.md between the markers
 * `<!-- algorithms:start -->` and `<!-- algorithms:end -->`.
 *
 * Usage: npm run bench:algorithms [-- --limit N] [-- --algorithms a,b] [-- --datasets x,y]
 *
 * Datasets without full gold text (trafilatura: `with`/`without` snippets) are
 * scored by snippet recall instead: share of `with` snippets found, share of
 * `without` snippets avoided.
 *
 * Skips with a message (exit 0) when the datasets directory is absent.
 *
 * TODO(lead): swap `bagOfWords` / `lcsF1` below for src/eval/metrics.ts once the
 * eval branch has landed, so the table uses the project's one metric definition.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readJsonLines } from '../src/dataset/read-jsonl.js';
import { extractorNames, getExtractor } from '../src/extract/registry.js';

const START = '<!-- algorithms:start -->';
const END = '<!-- algorithms:end -->';

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

// ---- metrics (local until src/eval/metrics.ts lands) ----

/** Words; single characters for CJK (the datasets' README token rule); lower-cased. */
const TOKEN = /[\u3400-\u4dbf\u4e00-\u9fff\u3040-\u30ff\uac00-\ud7af\uf900-\ufaff]|[\p{L}\p{N}]+/gu;

function tokens(text: string): string[] {
  return text.toLowerCase().match(TOKEN) ?? [];
}

interface Prf {
  p: number;
  r: number;
  f: number;
}

function prf(common: number, predicted: number, gold: number): Prf {
  if (predicted === 0 && gold === 0) return { p: 1, r: 1, f: 1 };
  const p = predicted === 0 ? 0 : common / predicted;
  const r = gold === 0 ? 0 : common / gold;
  return { p, r, f: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
}

/** Bag-of-words P/R/F1: multiset intersection of tokens. */
function bagOfWords(pred: string[], gold: string[]): Prf {
  const counts = new Map<string, number>();
  for (const t of gold) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of pred) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      common++;
      counts.set(t, c - 1);
    }
  }
  return prf(common, pred.length, gold.length);
}

/**
 * LCS-token P/R/F1 (DANA §V): P = |LCS| / |pred|, R = |LCS| / |gold|.
 * |LCS| by Hyyrö's bit-parallel algorithm, O(|pred| · |gold| / 32).
 */
function lcsF1(pred: string[], gold: string[]): Prf {
  if (pred.length === 0 || gold.length === 0) return prf(0, pred.length, gold.length);
  const ids = new Map<string, number>();
  const g = gold.map((t) => ids.get(t) ?? (ids.set(t, ids.size), ids.size - 1));
  const words = (g.length + 31) >>> 5;
  const masks = new Map<number, Uint32Array>();
  g.forEach((id, i) => {
    let m = masks.get(id);
    if (!m) masks.set(id, (m = new Uint32Array(words)));
    m[i >>> 5]! |= 1 << (i & 31);
  });
  const v = new Uint32Array(words).fill(0xffffffff);
  for (const t of pred) {
    const id = ids.get(t);
    if (id === undefined) continue;
    const m = masks.get(id)!;
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const old = v[w]!;
      const u = old & m[w]!;
      const sum = old + (u >>> 0) + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      v[w] = ((sum >>> 0) | (old & ~m[w]!)) >>> 0;
    }
  }
  let ones = 0;
  for (let i = 0; i < g.length; i++) if ((v[i >>> 5]! >>> (i & 31)) & 1) ones++;
  return prf(g.length - ones, pred.length, gold.length);
}

// ---- run ----

interface Cell {
  pages: number;
  bow: Prf;
  lcs: number;
  withFound: number;
  withTotal: number;
  withoutAvoided: number;
  withoutTotal: number;
  ms: number;
  bytes: number;
  errors: number;
}

interface DatasetRecord {
  html: string;
  gold: string | null;
  with?: string[];
  without?: string[];
}

function isRecord(v: unknown): v is DatasetRecord {
  return typeof v === 'object' && v !== null && typeof (v as { html?: unknown }).html === 'string';
}

async function runDataset(path: string, args: Args): Promise<Map<string, Cell>> {
  const cells = new Map<string, Cell>();
  for (const a of args.algorithms) {
    cells.set(a, { pages: 0, bow: { p: 0, r: 0, f: 0 }, lcs: 0, withFound: 0, withTotal: 0, withoutAvoided: 0, withoutTotal: 0, ms: 0, bytes: 0, errors: 0 });
  }
  let n = 0;
  for await (const entry of readJsonLines(path)) {
    if (n >= args.limit) break;
    const r = entry.value;
    if (!isRecord(r)) continue;
    const hasGold = typeof r.gold === 'string';
    if (!hasGold && !Array.isArray(r.with)) continue;
    n++;
    const bytes = Buffer.byteLength(r.html);
    const goldTokens = hasGold ? tokens(r.gold!) : [];
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
        const pred = tokens(text);
        const b = bagOfWords(pred, goldTokens);
        cell.bow = { p: cell.bow.p + b.p, r: cell.bow.r + b.r, f: cell.bow.f + b.f };
        cell.lcs += lcsF1(pred, goldTokens).f;
      } else {
        const norm = text.replace(/\s+/g, ' ');
        for (const s of r.with ?? []) (cell.withTotal++, norm.includes(s.replace(/\s+/g, ' ').trim()) && cell.withFound++);
        for (const s of r.without ?? []) (cell.withoutTotal++, !norm.includes(s.replace(/\s+/g, ' ').trim()) && cell.withoutAvoided++);
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
    START,
    '## Algorithms on the shared datasets',
    '',
    `Command: \`npm run bench:algorithms\`${limit}. Node ${process.version}, one core, text extraction only (pages already decoded).`,
    'P/R/F1 are per-page means; bag-of-words = multiset token overlap, LCS = longest common token subsequence (DANA §V);',
    'tokens are lower-cased words, single characters for CJK. MB/s = UTF-8 bytes of HTML / extraction time.',
    '',
    '| dataset | pages | algorithm | BoW P | BoW R | BoW F1 | LCS F1 | MB/s |',
    '|---|---|---|---|---|---|---|---|',
    ...goldRows,
    '',
    ...(snippetRows.length
      ? [
          'Snippet datasets (no full gold): share of `with` snippets found verbatim (white space normalised) and of `without` snippets absent.',
          '',
          '| dataset | pages | algorithm | with found | without avoided | MB/s |',
          '|---|---|---|---|---|---|',
          ...snippetRows,
          '',
        ]
      : []),
    END,
  ].join('\n');
  const target = resolve('BENCHMARKS.md');
  const old = existsSync(target) ? readFileSync(target, 'utf8') : '# Benchmarks\n';
  const s = old.indexOf(START);
  const e = old.indexOf(END);
  const next = s >= 0 && e > s ? old.slice(0, s) + section + old.slice(e + END.length) : `${old.trimEnd()}\n\n${section}\n`;
  writeFileSync(target, next);
  process.stderr.write(`wrote ${target}\n`);
  return 0;
}

process.exitCode = await main();
