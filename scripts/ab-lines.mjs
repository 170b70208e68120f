#!/usr/bin/env node
/**
 * The line table alone, two builds in one process: `buildLineTable(pageSource(html).text, lineOptions, asciiPrefix)`
 * over the first `--mb` MB of each dataset's pages with gold, build A and build B in alternating order round after
 * round, CPU time (process.cpuUsage), with htmlparser2's bare Tokenizer timed in the same rounds. Prints each build's
 * median ms per MB, the median of the per-round ratios A/B (above 1: B is faster), the tokenizer's ms per MB and B's
 * time as a multiple of issue 17.5's budget (the tokenizer's time / 0.65). Line options: the default model's
 * (`--options model`, as extract() builds the table for it), addanag's (`--options addanag`: `markupBytes` off) or the
 * defaults (`--options default`).
 * Two builds in one process favour one of them by a few per cent depending on which is loaded first: run it with
 * the builds swapped as well and take the geometric mean of the two ratios (docs/decisions.md, "Speed").
 *
 *   node scripts/ab-lines.mjs --a OLD/dist --b dist [--rounds 7] [--mb 10] [--options model|addanag|default] DATASET…
 *
 * DATASET is a name in ../shared/datasets (cleaneval, daniel, …). A build is a dist/ directory with its models/ beside it.
 */
import { readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { median } from 'simple-statistics';
import { bareTokenize } from '../test/bench/bare-tokenize.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts, positionals: names } = parseArgs({
  allowPositionals: true,
  options: {
    a: { type: 'string' }, b: { type: 'string' }, rounds: { type: 'string', default: '7' }, mb: { type: 'string', default: '10' },
    options: { type: 'string', default: 'model' }, data: { type: 'string', default: resolve(root, '../shared/datasets') },
  },
});
if (!opts.a || !opts.b || names.length === 0) {
  console.error('usage: node scripts/ab-lines.mjs --a OLD/dist --b dist [--rounds 7] [--mb 10] [--options model|addanag|default] DATASET…');
  process.exit(2);
}
const build = async (dir) => {
  const lib = await import(pathToFileURL(join(resolve(dir), 'index.js')).href);
  const { pageSource } = await import(pathToFileURL(join(resolve(dir), 'html', 'decode.js')).href);
  const lines = opts.options === 'model' ? lib.modelLineOptions(lib.resolveModel({}).params) : opts.options === 'addanag' ? { markupBytes: false } : {};
  return { lib, pageSource, lines };
};
const A = await build(opts.a), B = await build(opts.b);
const cpu = (f) => { const t0 = process.cpuUsage(); f(); const t = process.cpuUsage(t0); return (t.user + t.system) / 1000; };

for (const name of names) {
  const html = [];
  let bytes = 0;
  for (const line of gunzipSync(readFileSync(join(opts.data, `${name}.jsonl.gz`))).toString('utf8').split('\n')) {
    if (line.trim() === '' || bytes >= Number(opts.mb) * 1e6) continue;
    const r = JSON.parse(line);
    if (r.gold === null || r.gold === undefined) continue;
    html.push(r.html);
    bytes += Buffer.byteLength(r.html);
  }
  const mb = bytes / 1e6;
  const pagesOf = (x) => html.map((h) => x.pageSource(h));
  const pa = pagesOf(A), pb = pagesOf(B);
  const runA = () => { for (const p of pa) A.lib.buildLineTable(p.text, A.lines, p.asciiPrefix); };
  const runB = () => { for (const p of pb) B.lib.buildLineTable(p.text, B.lines, p.asciiPrefix); };
  const runT = () => { for (const h of html) bareTokenize(h); };
  runA(); runB(); runT();
  const ta = [], tb = [], tt = [], ratio = [];
  for (let r = 0; r < Number(opts.rounds); r++) {
    let a, b;
    if (r % 2) { a = cpu(runA); b = cpu(runB); } else { b = cpu(runB); a = cpu(runA); }
    tt.push(cpu(runT) / mb); ta.push(a / mb); tb.push(b / mb); ratio.push(a / b);
  }
  const tok = median(tt);
  console.log(`${name}: ${html.length} pages, ${mb.toFixed(1)} MB; A ${median(ta).toFixed(2)} ms/MB, B ${median(tb).toFixed(2)} ms/MB; A/B ${median(ratio).toFixed(3)}; ` +
    `tokenizer ${tok.toFixed(2)} ms/MB; B ${(median(tb) / (tok / 0.65)).toFixed(2)} × the budget`);
}
