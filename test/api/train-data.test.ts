/** The library's training runs and drift checks (src/api/train-data.ts, drift.ts): what `farsw train` and `models check` do, without the CLI. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkModelDrift, ConfigError, DatasetError, openModelStore, trainFromData, type TrainProgress } from '../../src/index.js';

const DATA = fileURLToPath(new URL('../../training-data/', import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'farsw-train-data-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('trainFromData', () => {
  it('trains one guarded model per host and saves them all in the store', async () => {
    const store = join(dir, 'sites.sqlite');
    const notes: string[] = [];
    const progress: TrainProgress[] = [];
    const r = await trainFromData({ data: DATA, bySite: true, minPages: 5, guardFolds: 2, store, onNote: (l) => notes.push(l), onProgress: (p) => progress.push(p) });
    expect(r.models.map((m) => m.site)).toEqual(['coastal-courier.example', 'harbour-herald.example', 'page-types.example', 'quarry-quarterly.example', 'river-review.example', 'valley-gazette.example']);
    expect(r.models.every((m) => m.trainingReport.siteCheck?.folds === 2)).toBe(true);
    expect(r.summaries.map((s) => s.name)).toEqual(r.models.map((m) => m.name));
    expect(r.failures).toEqual([]);
    expect(notes[0]).toMatch(/^6 hosts, 6 with at least 5 pages with gold/);
    expect(progress.filter((p) => p.stage === 'guard')).toHaveLength(6);
    const s = openModelStore(store, { readonly: true });
    try {
      expect(s.list().map((m) => m.name).sort()).toEqual(r.models.map((m) => m.name));
    } finally {
      s.close();
    }
    // A drift check of one of them on its own pages: the same site, no drift.
    const d = await checkModelDrift({ model: 'river-review.example', data: DATA, store });
    expect(d.report.pages).toBe(12);
    expect(d.otherHosts).toBeGreaterThan(0);
    expect(d.report.drifted).toBe(false);
  }, 120_000);

  it('learns a label-free site model without a store (the shipped default model seeds it; nothing saved)', async () => {
    const r = await trainFromData({ data: DATA, unlabeled: true, site: 'valley-gazette.example', model: 'valley', guard: false });
    expect(r.models).toHaveLength(1);
    expect(r.models[0]!.site).toBe('valley-gazette.example');
    expect(r.models[0]!.trainingReport.unlabeled?.seedModel).toBe('default');
    expect(r.summaries).toEqual([]);
  }, 60_000);

  it('refuses options that exclude each other, and data with no host big enough', async () => {
    await expect(trainFromData({ data: DATA })).rejects.toThrow(new ConfigError('--model NAME is required (or use --by-site)'));
    await expect(trainFromData({ data: DATA, bySite: true, site: 'a.example' })).rejects.toBeInstanceOf(ConfigError);
    await expect(trainFromData({ data: DATA, model: 'x', unlabeled: true })).rejects.toBeInstanceOf(ConfigError);
    await expect(trainFromData({ data: DATA, bySite: true, minPages: 100, guard: false })).rejects.toBeInstanceOf(DatasetError);
  });
});
