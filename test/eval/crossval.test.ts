import { describe, it, expect } from 'vitest';
import { crossValidate, makeFolds, type TrainAndExtract } from '../../src/eval/crossval.js';
import { formatCrossValidation } from '../../src/eval/report.js';
import { mulberry32, shuffled } from '../../src/core/random.js';
import type { PageRecord } from '../../src/dataset/types.js';
import { ConfigError } from '../../src/core/errors.js';

const rec = (site: string, n: number): PageRecord => ({
  id: `${site}/${String(n).padStart(3, '0')}`, dataset: 'd', url: `https://${site}/p${n}`, lang: 'en', host: null,
  html: `<p>page ${n} of ${site}</p>`, gold: `page ${n} of ${site}`, source: { file: 'mem' },
});

const records: PageRecord[] = [
  ...Array.from({ length: 23 }, (_, i) => rec('a.example', i)),
  ...Array.from({ length: 10 }, (_, i) => rec('b.example', i)),
  ...Array.from({ length: 4 }, (_, i) => rec('c.example', i)),
];

describe('mulberry32', () => {
  it('is deterministic and in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
  it('shuffles into a permutation', () => {
    const xs = Array.from({ length: 50 }, (_, i) => i);
    const s = shuffled(xs, mulberry32(7));
    expect([...s].sort((p, q) => p - q)).toEqual(xs);
    expect(s).not.toEqual(xs);
  });
});

describe('makeFolds', () => {
  it('intra-site: k folds per site, each page tested once, train ∩ test = ∅', () => {
    const { folds, skipped } = makeFolds(records, { mode: 'intra-site', folds: 10, minPages: 5, seed: 3 });
    expect(skipped).toEqual([{ group: 'c.example', pages: 4 }]);
    const a = folds.filter((f) => f.group === 'a.example');
    expect(a).toHaveLength(10);
    const tested = a.flatMap((f) => f.test.map((r) => r.id)).sort();
    expect(tested).toEqual(records.filter((r) => r.url!.includes('a.example')).map((r) => r.id).sort());
    for (const f of a) {
      expect(f.train.length + f.test.length).toBe(23);
      const train = new Set(f.train.map((r) => r.id));
      expect(f.test.every((r) => !train.has(r.id))).toBe(true);
      expect(f.test.length === 2 || f.test.length === 3).toBe(true);
      expect(f.train.every((r) => r.url!.includes('a.example'))).toBe(true);
    }
  });

  it('is reproducible for a seed, independent of input order, and changes with the seed', () => {
    const ids = (seed: number, input: PageRecord[]): string[][] =>
      makeFolds(input, { mode: 'intra-site', folds: 5, minPages: 5, seed }).folds.map((f) => f.test.map((r) => r.id));
    expect(ids(1, records)).toEqual(ids(1, [...records].reverse()));
    expect(ids(1, records)).not.toEqual(ids(2, records));
  });

  it('inter-site: leave one site out, small sites still train', () => {
    const { folds } = makeFolds(records, { mode: 'inter-site', minPages: 5 });
    expect(folds.map((f) => f.group)).toEqual(['a.example', 'b.example']);
    expect(folds[0]!.test).toHaveLength(23);
    expect(folds[0]!.train).toHaveLength(14);
    expect(folds[1]!.train).toHaveLength(27);
  });

  it('leave-one-dataset-out with groupBy dataset', () => {
    const two = [...records.slice(0, 12), ...records.slice(12).map((r) => ({ ...r, dataset: 'e' }))];
    const { folds } = makeFolds(two, { mode: 'inter-site', groupBy: 'dataset', minPages: 1 });
    expect(folds.map((f) => [f.group, f.test.length, f.train.length])).toEqual([
      ['d', 12, 25],
      ['e', 25, 12],
    ]);
  });

  it('rejects bad options', () => {
    expect(() => makeFolds(records, { mode: 'intra-site', folds: 1 })).toThrow(ConfigError);
  });
});

describe('crossValidate', () => {
  it('calls back once per fold and reports per site and the mean over sites', async () => {
    let calls = 0;
    // "Trains" by remembering the training ids; echoes gold for pages whose
    // number is even, nothing for odd ones. Checks train/test disjointness.
    const trainAndExtract: TrainAndExtract = (train, test) => {
      calls++;
      const seen = new Set(train.map((r) => r.id));
      return test.map((r) => {
        if (seen.has(r.id)) throw new Error('leak');
        const n = Number(r.id.split('/')[1]);
        return { text: n % 2 === 0 ? r.gold! : '', ms: 1 };
      });
    };
    const report = await crossValidate(records, trainAndExtract, { mode: 'intra-site', folds: 10, minPages: 10, seed: 9 });
    expect(calls).toBe(20);
    expect(report.groups.map((g) => g.group)).toEqual(['a.example', 'b.example']);
    const a = report.groups[0]!.summary;
    expect(a.pages).toBe(23);
    expect(a.lcs!.f1).toBeCloseTo(12 / 23, 12); // 12 even numbers in 0..22
    const b = report.groups[1]!.summary;
    expect(b.lcs!.f1).toBeCloseTo(0.5, 12);
    expect(report.meanOverGroups.lcs!.f1).toBeCloseTo((12 / 23 + 0.5) / 2, 12);
    expect(report.overall.lcs!.f1).toBeCloseTo(17 / 33, 12);
    expect(report.meanOverGroups.msPerPage).toBeCloseTo(1, 12);
    const text = formatCrossValidation(report);
    expect(text).toMatch(/intra-site: 10-fold within each site/);
    expect(text).toMatch(/mean of 2/);
    expect(text).toMatch(/1 sites \(4 pages\) below --min-pages/);
  });

  it('rejects a callback that returns the wrong number of predictions', async () => {
    await expect(crossValidate(records, () => [], { mode: 'inter-site', minPages: 5 })).rejects.toBeInstanceOf(ConfigError);
  });
});
