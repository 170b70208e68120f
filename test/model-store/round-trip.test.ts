import { describe, it, expect } from 'vitest';
import { train } from '../../src/train/train.js';
import { openModelStore } from '../../src/model-store/sqlite.js';
import { loadModel } from '../../src/model-store/store.js';
import { sitePages } from '../helpers/site-pages.js';

describe('train → store → load', () => {
  it('gives an identical model (rules, levels, membership, report)', () => {
    const model = train(sitePages(10), { name: 'rt', site: 'news.example.com' });
    const store = openModelStore(':memory:');
    const summary = store.save(model);
    expect(summary).toMatchObject({ name: 'rt', site: 'news.example.com', version: 1, pages: 10, rules: model.rules.length });
    const loaded = loadModel(store, 'rt');
    expect(loaded).toEqual(model);
    expect(loaded.rules).toEqual(model.rules);
    store.close();
  });

  it('keeps a paper model\'s reading of Fig. 7 and its author\'s lines', () => {
    const model = train(sitePages(10), { name: 'paper', preset: 'paper' });
    expect(model.membership[1]).toMatchObject({ shape: 'two', twoRegionEnd: 'mean' });
    const store = openModelStore(':memory:');
    store.save(model);
    expect(loadModel(store, 'paper')).toEqual(model);
    store.close();
  });

  it('a training run that throws halfway leaves the store with its old models', () => {
    const store = openModelStore(':memory:');
    const old = train(sitePages(10), { name: 'rt' });
    store.save(old);
    expect(() => {
      const m = train(sitePages(10), { name: 'rt', onProgress: (done) => { if (done === 5) throw new Error('interrupted'); } });
      store.save(m);
    }).toThrow('interrupted');
    expect(store.list().map((s) => [s.name, s.version])).toEqual([['rt', 1]]);
    expect(store.load('rt')).toEqual(old);
    store.close();
  });
});
