#!/usr/bin/env node
/**
 * The 50 MB single-line page of issue 7 (test/robust/hostile-pages.ts singleLinePage, generated here the same way)
 * through `extract(bytes)` with the default model of build A and of build B, and B's confidence path
 * (`classify: 'confidence'`), interleaved in one process after a 5 MB warm-up of each; medians of wall and CPU seconds
 * (CPU time of the process: waiting for a core on a loaded machine does not count, V8's helper threads do).
 *
 * Usage: node scripts/speed-hostile.mjs A_DIST B_DIST [RUNS=3]   (a dist/ directory each; one may be ./dist)
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from 'simple-statistics';

const [a, b, runsArg = '3'] = process.argv.slice(2);
if (!a || !b) { console.error('usage: node scripts/speed-hostile.mjs A_DIST B_DIST [RUNS]'); process.exit(2); }
const load = (dir) => import(pathToFileURL(join(resolve(dir), 'index.js')).href);
const A = await load(a), B = await load(b);
const PARAGRAPH = 'The harbour board met on Tuesday and agreed to repair the old pier before the summer season begins.';
const unit = `<div class="c"><p>${PARAGRAPH} <a href="/n">more</a></p></div>`;
const page = (bytes) => Buffer.from(`<html><body>${unit.repeat(Math.ceil(bytes / unit.length))}</body></html>`);
const warm = page(5e6), big = page(50e6);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const ways = [['A default model', (x) => A.extract(x)], ['B default model', (x) => B.extract(x)], ['B confidence path', (x) => B.extract(x, { farsw: { classify: 'confidence' } })]];
for (const [, f] of ways) f(warm);
const times = new Map(ways.map(([n]) => [n, []]));
for (let r = 0; r < Number(runsArg); r++) {
  for (const [n, f] of r % 2 ? ways : [...ways].reverse()) {
    const t0 = performance.now(), c0 = cpu();
    f(big);
    times.get(n).push([(performance.now() - t0) / 1000, cpu() - c0]);
  }
}
console.log(`single-line page, ${(big.length / 1e6).toFixed(1)} MB, ${runsArg} interleaved runs (medians)`);
for (const [n, v] of times) console.log(`  ${n.padEnd(18)} wall ${median(v.map((x) => x[0])).toFixed(2)} s, CPU ${median(v.map((x) => x[1])).toFixed(2)} s`);
