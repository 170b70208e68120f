/**
 * Settings resolved once (extract/settings.ts): shipped defaults → model → preset → favor → explicit options.
 */
import { describe, it, expect } from 'vitest';
import { resolveSettings, settingsLayers } from '../../src/extract/settings.js';
import { FARSW_APPLY_DEFAULTS, FARSW_SITE_MODEL_DEFAULTS } from '../../src/core/defaults.js';
import { farswOptions } from '../../src/extract/model-extractor.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';

const across = { site: null };
const site = { site: 'news.example' };

describe('resolveSettings', () => {
  it('explicit options win over favor, over preset, over the model, over the defaults', () => {
    // container: defaults 0.7, site model 0, favor precision 0.6, explicit 0.5.
    expect(resolveSettings({ model: across }).container).toBe(FARSW_APPLY_DEFAULTS.container);
    expect(resolveSettings({ model: site }).container).toBe(0);
    expect(resolveSettings({ model: site, favor: 'precision' }).container).toBe(0.6);
    expect(resolveSettings({ model: site, favor: 'precision', given: { container: 0.5 } }).container).toBe(0.5);
    // dedupe: defaults false, site model true, preset paper false, explicit true.
    expect(resolveSettings({ model: across }).dedupe).toBe(false);
    expect(resolveSettings({ model: site }).dedupe).toBe(true);
    expect(resolveSettings({ model: site, preset: 'paper' }).dedupe).toBe(false);
    expect(resolveSettings({ model: site, preset: 'paper', given: { dedupe: true } }).dedupe).toBe(true);
    // runVeto: preset paper 0, favor precision 0.5 (the library refuses the two together; the order stands).
    expect(resolveSettings({ preset: 'paper', favor: 'precision' }).runVeto).toBe(0.5);
    // The DANA core's keys, layer by layer: gap 80 across sites, 20 on a site, 33 given.
    expect([resolveSettings({}).dana.gap, resolveSettings({ model: site }).dana.gap, resolveSettings({ model: site, given: { dana: { gap: 33 } } }).dana.gap]).toEqual([80, 20, 33]);
    expect(resolveSettings({ model: site, given: { dana: { gap: 33 } } }).dana.radius).toBe(FARSW_APPLY_DEFAULTS.dana.radius);
  });

  it('a site model reads every value of the site layer', () => {
    const o = resolveSettings({ model: site });
    const { dana, ...rest } = FARSW_SITE_MODEL_DEFAULTS;
    expect(o).toMatchObject(rest);
    expect(o.dana).toMatchObject(dana);
  });

  it('the evidence layer is one choice: an explicit classification replaces it whole', () => {
    const ev = { site: null, evidence: shippedDefaultModel().evidence! };
    expect(ev.evidence).toBeDefined();
    expect(resolveSettings({ model: ev })).toMatchObject({ classify: 'rules', blockScore: 'evidence' });
    expect(resolveSettings({ model: ev, given: { classify: 'confidence' } })).toMatchObject({ classify: 'confidence', blockScore: FARSW_APPLY_DEFAULTS.blockScore });
    expect(resolveSettings({ model: ev, given: { blockScore: 'paper' } })).toMatchObject({ classify: 'rules', blockScore: 'paper' });
    expect(resolveSettings({ model: ev, preset: 'paper' })).toMatchObject({ classify: 'crisp', blockScore: 'paper' });
    expect(settingsLayers({ model: ev })).toHaveLength(5);
  });

  it('is frozen, complete, and an option given as undefined is not given', () => {
    const o = resolveSettings({ model: across, given: { beta: undefined as unknown as number } });
    expect(Object.isFrozen(o)).toBe(true);
    expect(Object.isFrozen(o.dana)).toBe(true);
    expect(o.beta).toBe(FARSW_APPLY_DEFAULTS.beta);
    expect(Object.keys(o).sort()).toEqual(Object.keys(FARSW_APPLY_DEFAULTS).sort());
  });

  it('farswOptions is the same resolution, with the preset checked', () => {
    const model = shippedDefaultModel();
    expect(farswOptions({ container: 0.4 }, model, 'default', 'recall')).toEqual(resolveSettings({ model, preset: 'default', favor: 'recall', given: { container: 0.4 } }));
    expect(() => farswOptions({}, model, 'papers' as never)).toThrow(/unknown preset "papers"/);
  });
});
