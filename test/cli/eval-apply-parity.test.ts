/**
 * `eval --model auto` scores exactly what `apply --model auto` outputs: a site model with the guard's
 * per-page fallback (the default model's text where the two agree below τ) is applied to a site's pages,
 * and eval's per-page scores equal the scores of apply's output read back as predictions.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '../../src/cli/main.js';
import { openModelStore, train } from '../../src/index.js';
import { capture } from './capture.js';

const SITE = fileURLToPath(new URL('../../training-data/river-review.example/', import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'farsw-parity-'));
  const names = (await readdir(SITE)).filter((f) => f.endsWith('.html')).sort();
  const pages = await Promise.all(names.map(async (f) => {
    const stem = f.slice(0, -'.html'.length);
    const meta = JSON.parse(await readFile(join(SITE, `${stem}.json`), 'utf8')) as { url: string };
    return { id: stem, html: await readFile(join(SITE, f), 'utf8'), gold: await readFile(join(SITE, `${stem}.txt`), 'utf8'), url: meta.url };
  }));
  await writeFile(join(dir, 'pages.jsonl'), pages.map((p) => JSON.stringify({ ...p, dataset: 'river' })).join('\n') + '\n');
  // A site model trained on a few pages, with a guard decision that keeps it and falls back where the two models disagree.
  const model = train(pages.slice(0, 4), { name: 'river', site: 'river-review.example' });
  const siteCheck = { folds: 2, pages: 4, siteF1: 0.9, defaultF1: 0.8, defaultModel: 'default', agreement: 0.8, useSite: true, fallbackBelow: 0.8, guardedF1: 0.9, wins: 3, losses: 1 };
  const store = openModelStore(join(dir, 'store.sqlite'));
  try {
    store.save({ ...model, trainingReport: { ...model.trainingReport, siteCheck } });
  } finally {
    store.close();
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Rows of a --pages CSV without the timing column, by id. */
function scores(csv: string): Map<string, string> {
  const rows = csv.trim().split('\n').slice(1).map((l) => l.split(','));
  return new Map(rows.map((r) => [r[0]!, [...r.slice(0, 5), ...r.slice(6)].join(',')]));
}

describe('eval --model auto and apply --model auto', () => {
  it('score and output the same text on every page, the per-page fallback included', async () => {
    const store = join(dir, 'store.sqlite');
    const data = join(dir, 'pages.jsonl');
    const applyIo = capture();
    expect(await run(['apply', '--input', data, '--output', join(dir, 'out.jsonl'), '--store', store, '--workers', '0'], applyIo)).toBe(0);
    const records = (await readFile(join(dir, 'out.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { id: string; text: string; model?: string; fellBack?: boolean });
    // The fixture exercises both branches: pages kept by the site model, and pages given the default model's text.
    const models = new Set(records.map((r) => r.model));
    expect(models).toEqual(new Set(['river', 'default']));

    const evalIo = capture();
    expect(await run(['eval', '--data', data, '--store', store, '--pages', join(dir, 'eval.csv')], evalIo)).toBe(0);
    const predIo = capture();
    expect(await run(['eval', '--data', data, '--predictions', join(dir, 'out.jsonl'), '--pages', join(dir, 'pred.csv')], predIo)).toBe(0);
    const fromEval = scores(await readFile(join(dir, 'eval.csv'), 'utf8'));
    const fromApply = scores(await readFile(join(dir, 'pred.csv'), 'utf8'));
    expect(fromEval.size).toBe(records.length);
    expect(fromEval).toEqual(fromApply);
  });
});
