/**
 * Fault injection, huge models (issue 36.10): batch workers load a model within bounds (their heap sized from what the
 * model holds, the model kept without what only reports read), a model no worker may hold is refused at import and
 * before a batch starts with one line naming it, its size and the limit, and a batch whose workers die keeps every
 * record's id. The models are the shipped one grown with generated entries; the limits are made small
 * (FARSW_MAX_MODEL_HEAP_MB, `heapMb`), so the files stay a few MB.
 */
import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/cli/main.js';
import { openModelStore } from '../../src/model-store/sqlite.js';
import { modelFromJson, modelToJson, type Model } from '../../src/model/model.js';
import { modelFootprint } from '../../src/model/footprint.js';
import { footprintHeapMb, MODEL_HEAP_ENV } from '../../src/batch/model-heap.js';
import { executorHeapMb, workerHeapMb } from '../../src/batch/pool.js';
import { BATCH_DEFAULTS } from '../../src/core/defaults.js';
import { SHIPPED_DEFAULT_MODEL } from '../../src/model-store/resolve.js';
import { capture } from '../cli/capture.js';
import { compiledWorker, pageLines, runToMemory, writeLines } from './helpers.js';

/** A distinct, well-mixed 32-bit number per counter value (keys stay unique and sorted as i * 1024 + mix(i) % 1024). */
function mix(i: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return Math.imul(h, 0xc2b2ae35) >>> 0;
}

/** The shipped model with `n` more token and path stats (unique sorted keys) and `n` more page fingerprints. */
function grownModel(n: number, name = 'grown'): Model {
  const base = modelFromJson(readFileSync(SHIPPED_DEFAULT_MODEL, 'utf8'));
  const stats = (salt: number): [number, number, number][] =>
    Array.from({ length: n }, (_, i) => [i * 1024 + 1 + (mix(i + salt) & 1023), mix(i + salt + 1) % 500, mix(i + salt + 2) % 500]);
  const prints = Array.from({ length: n }, (_, i) => `${mix(i).toString(16).padStart(8, '0')}:${1000 + i}`).sort();
  return { ...base, name, tokenStats: stats(7), pathStats: stats(11), trainingReport: { ...base.trainingReport, pageFingerprints: prints } };
}

let dir: string;
let small: string, big: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'farsw-huge-'));
  small = join(dir, 'small.json');
  big = join(dir, 'big.json');
  writeFileSync(small, modelToJson(grownModel(2_000, 'small')));
  writeFileSync(big, modelToJson(grownModel(40_000, 'big'))); // about 4.6 MB, 8 MB of worker heap by the estimate
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => { delete process.env[MODEL_HEAP_ENV]; });

describe('what a model holds', () => {
  it('the store counts it as the model does, without loading it', () => {
    const model = grownModel(3_000);
    const store = openModelStore(join(dir, 'count.sqlite'));
    try {
      store.save(model);
      const counted = store.footprints().get('grown');
      expect(counted).toEqual(modelFootprint(model));
      expect(counted).toMatchObject({ stats: model.tokenStats!.length + model.pathStats!.length });
    } finally {
      store.close();
    }
  });

  it('a worker is given the page\'s heap plus what the run\'s models need', () => {
    const extract = { model: big };
    const need = footprintHeapMb(modelFootprint(modelFromJson(readFileSync(big, 'utf8'))), statSync(big).size);
    expect(need).toBeGreaterThan(4);
    expect(executorHeapMb({ extract, maxBytes: BATCH_DEFAULTS.maxBytes })).toBe(workerHeapMb(BATCH_DEFAULTS.maxBytes) + need);
    // the grown model needs more than the small one, an algorithm nothing, and an explicit cap is kept as given
    expect(executorHeapMb({ extract: { model: small } })).toBeLessThan(executorHeapMb({ extract }));
    expect(executorHeapMb({ extract: { algorithm: 'addanag' } })).toBe(workerHeapMb(undefined));
    expect(executorHeapMb({ extract, heapMb: 40 })).toBe(40);
  });
});

describe('a model no worker may hold', () => {
  it('is refused at import with one line naming the file, its size and the limit; the store is unchanged', async () => {
    process.env[MODEL_HEAP_ENV] = '3';
    const store = join(dir, 'import.sqlite');
    const io = capture();
    expect(await run(['models', 'import', big, '--store', store], io)).toBe(1);
    const mb = (statSync(big).size / 1048576).toFixed(1);
    expect(io.err).toMatch(new RegExp(`^farsw: ${big.replace(/[.]/g, '\\.')} \\(${mb} MB\\): needs about \\d+ MB of heap in each batch worker, above the limit of 3 MB \\(${MODEL_HEAP_ENV}\\); not imported\\n$`));
    // within the limit it is imported
    const ok = capture();
    expect(await run(['models', 'import', small, '--store', store], ok)).toBe(0);
    expect(ok.out).toMatch(/imported small/);
    const check = openModelStore(store, { readonly: true });
    try { expect(check.list().map((s) => s.name)).toEqual(['small']); } finally { check.close(); }
  });

  it('is refused before a batch starts (--model FILE and a stored model), and nothing is written; --workers 0 runs it', async () => {
    process.env[MODEL_HEAP_ENV] = '3';
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(3));
    const output = join(dir, 'out.jsonl');
    const io = capture();
    expect(await run(['apply', '--model', big, '--input', input, '--output', output, '--workers', '1'], io)).toBe(1);
    expect(io.err).toMatch(/^farsw: .*big\.json \(\d+\.\d MB\): needs about \d+ MB of heap in each batch worker, above the limit of 3 MB \(FARSW_MAX_MODEL_HEAP_MB\); no batch started \(--workers 0 runs it in the main thread\)\n$/);
    expect(existsSync(output)).toBe(false);
    const store = join(dir, 'stored.sqlite');
    delete process.env[MODEL_HEAP_ENV];
    expect(await run(['models', 'import', big, '--store', store], capture())).toBe(0);
    process.env[MODEL_HEAP_ENV] = '3';
    const stored = capture();
    expect(await run(['apply', '--model', 'big', '--store', store, '--input', input, '--output', output, '--workers', '2'], stored)).toBe(1);
    expect(stored.err).toMatch(/^farsw: model big in .*stored\.sqlite: needs about \d+ MB .* above the limit of 3 MB/);
    expect(existsSync(output)).toBe(false);
    const inProcess = capture();
    expect(await run(['apply', '--model', big, '--input', input, '--output', output, '--workers', '0', '--quiet'], inProcess)).toBe(0);
    expect(readFileSync(output, 'utf8').trim().split('\n')).toHaveLength(3);
  });

  it('a bad limit is named', async () => {
    process.env[MODEL_HEAP_ENV] = 'lots';
    const io = capture();
    expect(await run(['models', 'import', small, '--store', join(dir, 'bad.sqlite')], io)).toBe(2);
    expect(io.err).toMatch(/FARSW_MAX_MODEL_HEAP_MB=lots: expected a number of MB above 0/);
  });
});

describe('batch workers and a large model', () => {
  let workerFile: string;
  beforeAll(() => { workerFile = compiledWorker(); }, 180_000);

  it('workers give the texts the main thread gives (the model kept without what only reports read)', async () => {
    const input = writeLines(join(dir, 'same.jsonl'), pageLines(6));
    const strip = (rs: { id?: string; text?: string; error?: string }[]): string[] => rs.map((r) => `${r.id}|${r.text ?? r.error}`);
    const extract = { model: big };
    const inProcess = strip((await runToMemory({ inputs: [input], extract })).records);
    const workers = await runToMemory({ inputs: [input], extract, workers: 2, workerFile });
    expect(strip(workers.records)).toEqual(inProcess);
    expect(workers.summary).toMatchObject({ records: 6, failed: 0 });
  }, 60_000);

  it('when the model does not fit a worker, every record fails with its own id and the run ends', async () => {
    const input = writeLines(join(dir, 'ids.jsonl'), pageLines(3));
    // 12 MiB of heap: the worker starts, and dies loading the model on each record
    const { records, summary } = await runToMemory({ inputs: [input], extract: { model: big }, workers: 1, workerFile, heapMb: 12 });
    expect(records.map((r) => r.id)).toEqual(['p0', 'p1', 'p2']);
    for (const r of records) expect(r.error).toMatch(/worker failed \(.*memory/);
    expect(summary).toMatchObject({ records: 3, failed: 3 });
  }, 120_000);
});
