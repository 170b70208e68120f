import { describe, it, expect } from 'vitest';
import { train } from '../../src/train/train.js';
import { openModelStore } from '../../src/model-store/sqlite.js';
import { loadModel } from '../../src/model-store/store.js';
import { sitePages } from '../helpers/site-pages.js';
import { fitPageTypeClassifier } from '../../src/train/page-type.js';
import { PAGE_TYPE_FEATURES } from '../../src/features/page-type.js';
import { modelFromJson, modelToJson, validateModel } from '../../src/model/model.js';
import { extract } from '../../src/api/extract.js';
import { extractWithModel } from '../../src/extract/model-extractor.js';

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

describe('the page-type classifier in a model', () => {
  const classifier = fitPageTypeClassifier(
    [[0, 1], [1, 0], [0, 2], [2, 0]].map((x) => [...x, ...new Array(PAGE_TYPE_FEATURES.length - 2).fill(0)]),
    [0, 1, 0, 1], ['article', 'forum'], PAGE_TYPE_FEATURES, { iterations: 20 });

  it('goes through the SQLite store and a JSON export unchanged', () => {
    const model = { ...train(sitePages(10), { name: 'typed' }), pageType: classifier };
    const store = openModelStore(':memory:');
    store.save(model);
    const loaded = loadModel(store, 'typed');
    expect(loaded.pageType).toEqual(classifier);
    expect(loaded).toEqual(model);
    store.close();
    expect(modelFromJson(modelToJson(model)).pageType).toEqual(classifier);
  });

  it('an older model without it loads unchanged and calls every page an article', () => {
    const model = train(sitePages(10), { name: 'old' });
    expect(model.pageType).toBeUndefined();
    const loaded = modelFromJson(modelToJson(model));
    expect(loaded).toEqual(model);
    const html = '<body><h1>Forum</h1><div class="post"><p>A post</p></div></body>';
    expect(extract(html, { model: loaded, metadata: true }).metadata?.pageType).toEqual({ type: 'article', confidence: 0 });
    expect(extractWithModel(html, loaded, { pageType: true }).pageType).toEqual({ type: 'article', confidence: 0, probabilities: {} });
  });

  it('a malformed classifier is refused naming the field', () => {
    const model = train(sitePages(10), { name: 'bad' });
    const bad = (pageType: unknown) => () => validateModel({ ...model, pageType });
    expect(bad([])).toThrow('pageType must be an object');
    expect(bad({ ...classifier, bias: [0] })).toThrow('pageType.bias must list 2 finite numbers');
    expect(bad({ ...classifier, scale: classifier.scale.map(() => 0) })).toThrow(/pageType\.scale must list \d+ finite numbers > 0/);
    expect(bad({ ...classifier, weights: [classifier.weights[0]] })).toThrow('pageType.weights must list 2 rows');
    expect(bad({ ...classifier, classes: 'article' })).toThrow('pageType.classes must be a non-empty array of strings');
  });
});
