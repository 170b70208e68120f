/**
 * `npm run bench`: hostile-input throughput (issue 7). The target: a 50 MB
 * single-line page through `extract()` (bytes in: binary sniff, decode, lines,
 * selection, text) in under 2 s with the default extraction (`extract(bytes)` with no
 * options: the shipped `default` FAR-SW model, what `farsw apply` runs) and with
 * the default algorithm (addanag). A 5 MB page of the
 * same shape shows whether time is linear in size (equal MB/s). Peer:
 * htmlparser2's bare Tokenizer over the same string in the same run.
 * Pages are generated (test/robust/hostile-pages.ts); needs no ../shared.
 * wlr (a DOM method, not meant for the hot path) is left out.
 */
import { afterAll, bench, describe } from 'vitest';
import { extract } from '../../src/api/extract.js';
import { DEFAULT_ALGORITHM } from '../../src/extract/registry.js';
import { singleLinePage } from '../robust/hostile-pages.js';
import { bareTokenize, median, writeBenchmarkSection } from './support.js';

const RUNS = 3;
const LIMIT_S = 2;
const ALGORITHMS = [DEFAULT_ALGORITHM, 'dana', 'danag', 'plain', 'bte', 'accb', 'cetr'].filter((a, i, all) => all.indexOf(a) === i);
/** Row name of `extract(bytes)` without options (model `auto` → the shipped default model). */
const MODEL_ROW = 'default model (farsw apply)';
const SIZES = [5e6, 50e6];


/** Seconds per pass, by `${name}\t${size}`. */
const seconds = new Map<string, number[]>();
const megabytes = new Map<number, number>();

function timed(key: string, fn: () => void): () => void {
  seconds.set(key, []);
  return () => {
    const t0 = performance.now();
    fn();
    seconds.get(key)!.push((performance.now() - t0) / 1000);
  };
}

for (const size of SIZES) {
  describe(`single-line page, ${size / 1e6} MB`, () => {
    const html = singleLinePage(size);
    const bytes = Buffer.from(html);
    megabytes.set(size, bytes.length / 1e6);
    bench('htmlparser2 Tokenizer (peer)', timed(`tokenizer\t${size}`, () => bareTokenize(html)), { iterations: RUNS, warmupIterations: 1, time: 0 });
    bench(MODEL_ROW, timed(`${MODEL_ROW}\t${size}`, () => void extract(bytes)), { iterations: RUNS, warmupIterations: 1, time: 0 });
    for (const algorithm of ALGORITHMS) {
      bench(algorithm, timed(`${algorithm}\t${size}`, () => void extract(bytes, { algorithm })), { iterations: RUNS, warmupIterations: 1, time: 0 });
    }
  });
}

afterAll(() => {
  const rows: string[] = [];
  for (const name of ['tokenizer', MODEL_ROW, ...ALGORITHMS]) {
    const s = SIZES.map((size) => median(seconds.get(`${name}\t${size}`) ?? []));
    const mbps = SIZES.map((size, i) => megabytes.get(size)! / s[i]!);
    const big = s[s.length - 1]!;
    const verdict = name === 'tokenizer' ? 'peer' : big < LIMIT_S ? 'yes' : '**no**';
    rows.push(`| ${name === 'tokenizer' ? 'htmlparser2 Tokenizer (peer)' : name} | ${s.map((x) => x.toFixed(2)).join(' | ')} | ${mbps.map((x) => x.toFixed(1)).join(' | ')} | ${(mbps[1]! / mbps[0]!).toFixed(2)} | ${verdict} |`);
  }
  writeBenchmarkSection('hostile', [
    `Command: \`npm run bench\` (vitest bench, test/bench/hostile.bench.ts). A generated single-line page (no newline; \`<div><p>\` paragraphs with a link, \`singleLinePage\` in test/robust/hostile-pages.ts) given to \`extract()\` as bytes (binary sniff, decode, lines, selection, text). Median of ${RUNS} passes after one warm-up. Target: 50 MB in under ${LIMIT_S} s by default (\`extract(bytes)\` without options = the shipped default model, what \`farsw apply\` runs; and the default algorithm ${DEFAULT_ALGORITHM}). Linear time shows as a 50 MB / 5 MB throughput ratio near 1.`,
    '',
    `| extractor | s, ${SIZES.map((x) => `${x / 1e6} MB`).join(' | s, ')} | MB/s, ${SIZES.map((x) => `${x / 1e6} MB`).join(' | MB/s, ')} | ratio 50/5 | 50 MB < ${LIMIT_S} s |`,
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'));
});
