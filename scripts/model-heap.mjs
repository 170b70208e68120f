#!/usr/bin/env node
/**
 * The heap a batch worker needs for a large model, against what farsw estimates (BATCH_DEFAULTS.workerHeapPer*):
 * grows the shipped model to about each size given (unique sorted keys in tokenStats and pathStats, 45 % of the bytes
 * each, page fingerprints 10 %), imports it into a temporary store, then finds by bisection the smallest old
 * generation (MiB) with which a worker thread, as a batch worker keeps its models, loads it and extracts one page —
 * from the store and as `--model FILE.json`. Each try runs in its own process (a worker short of heap while parsing
 * JSON can abort the whole process). Prints one JSON line per model and source.
 *
 *   npm run build && node scripts/model-heap.mjs [--sizes 20,75,150] [--dist dist] [--keep DIR]
 *
 * Needs no datasets; about 1 GB of memory and a few minutes per 100 MB of model.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({ options: { sizes: { type: 'string', default: '20,75,150' }, dist: { type: 'string', default: join(root, 'dist') }, keep: { type: 'string' } } });
const dist = pathToFileURL(resolve(opts.dist)).href;
const PAGE = `<html><head><title>A page</title></head><body><nav><a href="/">Home</a> <a href="/a">About</a></nav>${'<p>The village rebuilt its old stone bridge after the spring flood had washed the middle arch away.</p>'.repeat(40)}<footer>© 2026</footer></body></html>`;

// A child: one try at one limit (argv: store or -, model, MiB).
if (process.env.FARSW_MODEL_HEAP_TRY) {
  const [store, model, mb] = JSON.parse(process.env.FARSW_MODEL_HEAP_TRY);
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    (async () => {
      (await import(workerData.dist + '/model-store/resolve.js')).keepModelsLean();
      const { extract } = await import(workerData.dist + '/api/extract.js');
      const options = { model: workerData.model, ...(workerData.store !== '-' ? { store: workerData.store } : {}) };
      const c0 = process.cpuUsage();
      extract(workerData.page, options);
      const c = process.cpuUsage(c0);
      extract(workerData.page, options);
      parentPort.postMessage({ loadCpuMs: Math.round((c.user + c.system) / 1000) });
    })();`;
  const w = new Worker(code, { eval: true, workerData: { dist, store, model, page: PAGE }, resourceLimits: { maxOldGenerationSizeMb: mb, maxYoungGenerationSizeMb: 8 } });
  w.once('message', (m) => { console.log(JSON.stringify({ ok: true, ...m })); void w.terminate(); });
  w.once('error', (e) => console.log(JSON.stringify({ ok: false, error: e.message })));
} else {
  await main();
}

function tryLimit(store, model, mb) {
  const c = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { env: { ...process.env, FARSW_MODEL_HEAP_TRY: JSON.stringify([store, model, mb]) }, encoding: 'utf8' });
  try { return JSON.parse(c.stdout.trim().split('\n').pop()); } catch { return { ok: false, error: `process died (${c.signal ?? c.status})` }; }
}

/** Smallest MiB (within 1/32) that loads the model and extracts the page. */
function need(store, model) {
  let lo = 16, hi = 256, best;
  for (;;) {
    const r = tryLimit(store, model, hi);
    if (r.ok) { best = r; break; }
    lo = hi; hi *= 2;
    if (hi > 16384) return { needMb: null };
  }
  while (hi - lo > Math.max(8, hi / 32)) {
    const mid = Math.round((lo + hi) / 2);
    const r = tryLimit(store, model, mid);
    if (r.ok) { hi = mid; best = r; } else lo = mid;
  }
  return { needMb: hi, loadCpuMs: best.loadCpuMs };
}

/** A distinct, well-mixed 32-bit number per counter value: keys i * 1024 + mix(i) % 1024 stay unique and sorted. */
function mix(i) {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return Math.imul(h, 0xc2b2ae35) >>> 0;
}

async function main() {
  const { modelFromJson, modelToJson } = await import(`${dist}/model/model.js`);
  const { modelFootprint } = await import(`${dist}/model/footprint.js`);
  const { footprintHeapMb } = await import(`${dist}/batch/model-heap.js`);
  const { openModelStore } = await import(`${dist}/model-store/sqlite.js`);
  const dir = opts.keep ?? mkdtempSync(join(tmpdir(), 'farsw-model-heap-'));
  const store = join(dir, 'models.sqlite');
  const base = modelFromJson(readFileSync(join(root, 'models/default.json'), 'utf8'));
  try {
    for (const mb of opts.sizes.split(',').map(Number)) {
      // pretty JSON of [key, t, n] takes about 52 bytes, a fingerprint about 26
      const bytes = mb * 1024 * 1024 - 400_000;
      const nStats = Math.floor((bytes * 0.45) / 52), nPrints = Math.floor((bytes * 0.1) / 26);
      const stats = (salt) => Array.from({ length: nStats }, (_, i) => [i * 1024 + 1 + (mix(i + salt) & 1023), mix(i + salt + 1) % 5000, mix(i + salt + 2) % 5000]);
      const name = `grown${mb}`;
      const model = {
        ...base, name, tokenStats: stats(7), pathStats: stats(11),
        trainingReport: { ...base.trainingReport, pageFingerprints: Array.from({ length: nPrints }, (_, i) => `${mix(i).toString(16).padStart(8, '0')}:${1000 + (i % 90000)}`).sort() },
      };
      const file = join(dir, `${name}.json`);
      writeFileSync(file, modelToJson(model));
      const s = openModelStore(store);
      try { s.save(model); } finally { s.close(); }
      const fileBytes = statSync(file).size, footprint = modelFootprint(model);
      const common = { model: name, fileMb: +(fileBytes / 1048576).toFixed(1), stats: footprint.stats, fingerprints: nPrints };
      console.log(JSON.stringify({ ...common, source: 'store', estimateMb: footprintHeapMb(footprint), ...need(store, name) }));
      console.log(JSON.stringify({ ...common, source: 'file', estimateMb: footprintHeapMb(footprint, fileBytes), ...need('-', file) }));
    }
    console.log(JSON.stringify({ model: 'default', source: 'shipped', estimateMb: footprintHeapMb(modelFootprint(base)), ...need('-', join(root, 'models/default.json')) }));
  } finally {
    if (opts.keep === undefined) rmSync(dir, { recursive: true, force: true });
  }
}
