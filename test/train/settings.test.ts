/**
 * Training settings resolved as the model path's are (core/layers.ts): shipped defaults → site layer → preset → options.
 */
import { describe, it, expect } from 'vitest';
import { resolveTrainParams, trainSettingsLayers } from '../../src/train/train.js';
import * as defaults from '../../src/core/defaults.js';
import { FARSW_SITE_TRAIN_DEFAULTS } from '../../src/core/defaults.js';
import { mergeLayers } from '../../src/core/layers.js';

const SITE = 'news.example';

describe('mergeLayers', () => {
  it('a later layer wins key by key; undefined gives nothing; nested keys merge one level down', () => {
    const m = mergeLayers([{ a: 1, b: 2, d: { x: 1, y: 2 } }, { b: 3, c: undefined, d: { y: undefined, z: 3 } }, { a: undefined }], ['d']);
    expect(m).toEqual({ a: 1, b: 3, d: { x: 1, y: 2, z: 3 } });
    expect(Object.keys(m)).toEqual(['a', 'b', 'd']);
    expect(Object.isFrozen(m) && Object.isFrozen(m['d'])).toBe(true);
  });
});

describe('resolveTrainParams', () => {
  it('a site model takes every value of the site layer; a model across sites none of them', () => {
    expect(resolveTrainParams({ site: SITE })).toMatchObject(FARSW_SITE_TRAIN_DEFAULTS);
    const across = resolveTrainParams({});
    expect([across.carryMarkup, across.exclusiveAlign ?? false, across.slots ?? false]).toEqual([false, false, false]);
  });

  it('the paper preset wins over the site layer, the options given over both', () => {
    // The paper's lines are the author's: carryMarkup off even on a site; alignment and slots stay the site's.
    expect(resolveTrainParams({ site: SITE, preset: 'paper' })).toMatchObject({ carryMarkup: false, exclusiveAlign: true, slots: true });
    expect(resolveTrainParams({ site: SITE, preset: 'paper', carryMarkup: true, slots: false }).carryMarkup).toBe(true);
    expect(resolveTrainParams({ site: SITE, exclusiveAlign: false, slots: false, carryMarkup: false })).not.toHaveProperty('exclusiveAlign');
    expect(resolveTrainParams({ exclusiveAlign: true, slots: true, carryMarkup: true })).toMatchObject(FARSW_SITE_TRAIN_DEFAULTS);
    // An option given as undefined (a JavaScript caller's) gives nothing.
    expect(resolveTrainParams({ site: SITE, carryMarkup: undefined } as unknown as { site: string }).carryMarkup).toBe(true);
  });

  it('the layers are the defaults, the site layer, the preset, the options, in that order', () => {
    const options = { site: SITE, preset: 'paper' as const, alpha: 0.4 };
    const layers = trainSettingsLayers(options);
    expect(layers).toHaveLength(4);
    expect(layers[1]).toBe(FARSW_SITE_TRAIN_DEFAULTS);
    expect(layers[3]).toBe(options);
    expect(trainSettingsLayers({})[1]).toEqual({});
  });

  it('resolves the same parameters as the per-key defaults did (the models trained before load and train alike)', () => {
    const common = { alpha: 0.5, significance: 0.5, minSupport: 0.5, alignThreshold: 0.5, classTokens: true, dropComments: true, dropHidden: true };
    const { dropElements, ...site } = resolveTrainParams({ site: SITE });
    expect(dropElements).toEqual(defaults.FARSW_PREPROCESS_DEFAULTS.dropElements);
    expect(site).toEqual({ ...common, featureVariant: 'raw', bceShape: 'three', carryMarkup: true, exclusiveAlign: true, slots: true });
    const { dropElements: _d, ...across } = resolveTrainParams({ evidence: true });
    expect(across).toEqual({ ...common, featureVariant: 'raw', bceShape: 'three', carryMarkup: false, evidence: true });
    const { dropElements: _p, ...paperSite } = resolveTrainParams({ site: SITE, preset: 'paper' });
    expect(paperSite).toEqual({ ...common, classTokens: false, dropComments: false, dropHidden: false, featureVariant: 'raw', bceShape: 'three', carryMarkup: false, reline: false, exclusiveAlign: true, slots: true, twoRegionEnd: 'mean' });
  });

  it('no default object holds a site* shadow key: a site-dependent value lives in a site layer', () => {
    const shadow = Object.entries(defaults).flatMap(([name, v]) => (typeof v === 'object' && v !== null ? Object.keys(v).filter((k) => /^site[A-Z]/.test(k)).map((k) => `${name}.${k}`) : []));
    expect(shadow).toEqual([]);
  });

  it('a bad value is a ConfigError naming the option', () => {
    expect(() => resolveTrainParams({ site: SITE, alpha: 2 })).toThrow(/alpha must be in \[0, 1\], got 2/);
  });
});
