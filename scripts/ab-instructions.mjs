#!/usr/bin/env node
/**
 * A/B of two builds in instructions executed (valgrind's callgrind), which machine load does not move: each build in
 * its own process (`node --single-threaded --hash-seed=1 --random-seed=1`, so V8 compiles on the main thread and hashes
 * alike), per path `--warm` passes over fixed pages, then one measured pass between two `os.getPriority()` calls (a libuv
 * call nothing else makes: `--dump-before=uv_os_getpriority` cuts the measured pass into its own dump part). Pages: `--per`
 * evenly spaced records with gold of each of cleaneval, dragnet, readability and wcxb-dev. Prints per path the
 * instructions of A and B and B/A (below 1: B runs fewer). A path is METHOD[/FORMAT]: model or an algorithm; text,
 * markdown, html or json (the result written as JSON).
 *
 *   node scripts/ab-instructions.mjs --a A/dist --b dist [--paths model,addanag,model/markdown] [--warm 2] [--per 8]
 *
 * Needs valgrind and the shared datasets (FARSW_DATASETS, else ../shared/datasets); a path takes minutes under callgrind.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

const { values: opts } = parseArgs({
  options: {
    a: { type: 'string' }, b: { type: 'string' }, paths: { type: 'string', default: 'model,addanag' },
    warm: { type: 'string', default: '2' }, per: { type: 'string', default: '8' },
    child: { type: 'string' }, pages: { type: 'string' },
  },
});

if (opts.child) {
  // The child, under callgrind: one build, every path.
  const lib = await import(pathToFileURL(join(resolve(opts.child), 'index.js')).href);
  const pages = JSON.parse(readFileSync(opts.pages, 'utf8'));
  let sink = 0;
  for (const path of opts.paths.split(',')) {
    const [method, format = 'text'] = path.split('/');
    const options = { ...(method === 'model' ? {} : { algorithm: method }), ...(format === 'markdown' || format === 'html' ? { format } : {}) };
    const run = (h) => { const r = lib.extract(h, options); sink += format === 'json' ? JSON.stringify(r).length : r.text.length; };
    for (let w = 0; w < Number(opts.warm); w++) for (const h of pages) run(h);
    getPriority();
    for (const h of pages) run(h);
    getPriority();
  }
  process.stdout.write(`${sink}\n`);
  process.exit(0);
}
if (!opts.a || !opts.b) {
  process.stderr.write('usage: node scripts/ab-instructions.mjs --a A/dist --b B/dist [--paths model,addanag/markdown] [--warm 2] [--per 8]\n');
  process.exit(2);
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const data = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
const work = mkdtempSync(join(tmpdir(), 'ab-instructions-'));
const pages = [];
for (const name of ['cleaneval', 'dragnet', 'readability', 'wcxb-dev']) {
  const recs = gunzipSync(readFileSync(join(data, `${name}.jsonl.gz`))).toString('utf8').split('\n')
    .filter((l) => l.trim() !== '').map((l) => JSON.parse(l)).filter((r) => r.gold !== null && r.gold !== undefined);
  const n = Number(opts.per);
  for (let k = 0; k < n; k++) pages.push(recs[Math.floor(((k + 0.5) * recs.length) / n)].html);
}
writeFileSync(join(work, 'pages.json'), JSON.stringify(pages));
const paths = opts.paths.split(',');
/** Instructions of each path's measured pass (dump parts 2, 4, …) for one build. */
const count = (dist, tag) => {
  execFileSync('valgrind', ['--tool=callgrind', '--smc-check=all-non-file', '--dump-before=uv_os_getpriority',
    `--callgrind-out-file=${join(work, tag)}.%p`, process.execPath, '--single-threaded', '--hash-seed=1', '--random-seed=1',
    fileURLToPath(import.meta.url), '--child', dist, '--pages', join(work, 'pages.json'), '--paths', opts.paths, '--warm', opts.warm],
  { stdio: ['ignore', 'ignore', 'ignore'] });
  const files = readdirSync(work).filter((f) => f.startsWith(`${tag}.`));
  return paths.map((_, i) => {
    const part = files.find((f) => f.endsWith(`.${2 * (i + 1)}`));
    const m = part ? /^(?:summary|totals): (\d+)/m.exec(readFileSync(join(work, part), 'utf8')) : null;
    return m ? Number(m[1]) : NaN;
  });
};
const a = count(opts.a, 'a'), b = count(opts.b, 'b');
paths.forEach((p, i) => console.log(`${p}: A ${a[i].toLocaleString('en')} B ${b[i].toLocaleString('en')} instructions, B/A ${(b[i] / a[i]).toFixed(3)} (${pages.length} pages, ${opts.warm} warm-up passes)`));
rmSync(work, { recursive: true, force: true });
