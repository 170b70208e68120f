/**
 * `preset: 'paper'`: each algorithm as published. On hand-written pages, the output is the
 * one the papers' steps give by hand, and differs from the defaults where a farsw addition acts.
 */
import { describe, it, expect } from 'vitest';
import { extract } from '../../src/api/extract.js';
import { farswOptions } from '../../src/extract/model-extractor.js';
import { FARSW_APPLY_DEFAULTS } from '../../src/core/defaults.js';
import { PAPER_PRESET } from '../../src/core/presets.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';
import { resolveTrainParams } from '../../src/train/train.js';
import { FEATURE_NAMES } from '../../src/features/line-features.js';
import { HIGH, regionId } from '../../src/fuzzy/region.js';
import type { Model } from '../../src/model/model.js';

const para = (word: string, n: number) => Array.from({ length: n }, () => word).join(' ');

describe('paper preset: the DANA family', () => {
  const P1 = para('harbour', 40), P2 = para('seawall', 40), HIDDEN = para('hidden', 40), COMMENT = para('comment', 40);
  const page = `<html><body>\n<p>${P1}</p>\n<p>${P2}</p>\n<div hidden><p>${HIDDEN}</p></div>\n<div class="comments"><p>${COMMENT}</p></div>\n</body></html>`;

  it('keeps hidden elements and comment sections: one region above the axis holds all four paragraphs', () => {
    // Every paragraph line has T = 319 text characters against S ≤ 40 of markup: one region, all of it chosen.
    for (const a of ['danag', 'addanag']) {
      expect(extract(page, { algorithm: a, preset: 'paper' }).text).toBe([P1, P2, HIDDEN, COMMENT].join('\n'));
      expect(extract(page, { algorithm: a }).text).toBe([P1, P2].join('\n')); // farsw drops both
    }
  });

  it('starts Algorithm 1 from the largest region, not the one after the title', () => {
    const teasers = Array.from({ length: 4 }, (_, i) => `<p>${para(`teaser${i}`, 40)}</p>`).join('\n');
    const menu = Array.from({ length: 30 }, (_, i) => `<li><a href="/section/number/${i}" class="menu-item navigation">S${i}</a></li>`).join('\n');
    const article = [para('storm', 30), para('waves', 30)];
    const html = `<html><head><title>Storm hits the harbour town</title></head><body>\n<div>${teasers}</div>\n<ul>\n${menu}\n</ul>\n`
      + `<h1>Storm hits the harbour town</h1>\n${article.map((p) => `<p>${p}</p>`).join('\n')}\n</body></html>`;
    const paper = extract(html, { algorithm: 'addanag', preset: 'paper' }).text;
    expect(paper).toContain('teaser3');
    expect(paper).not.toContain('storm');
    const ours = extract(html, { algorithm: 'addanag' }).text;
    expect(ours).toContain(article[0]);
    expect(ours).not.toContain('teaser0');
  });

  it('returns nothing when no line is above the axis (no best-line fallback)', () => {
    const menu = '<html><body><ul>' + Array.from({ length: 5 }, (_, i) => `<li><a href="/a/long/path/${i}" class="nav-link">x${i}</a></li>`).join('') + '</ul></body></html>';
    expect(extract(menu, { algorithm: 'danag', preset: 'paper' }).blocks).toEqual([]);
    expect(extract(menu, { algorithm: 'danag' }).blocks).toHaveLength(1); // farsw's best line
  });

  it('normalises only anchors in AdDANAg: a long style attribute counts as code', () => {
    const styled = `<p style="${'color:red;'.repeat(40)}">${para('styled', 10)}</p>`;
    const html = `<html><body>\n${styled}\n</body></html>`;
    expect(extract(html, { algorithm: 'addanag', preset: 'paper' }).text).toBe('');
    expect(extract(html, { algorithm: 'addanag' }).text).toBe(para('styled', 10));
  });

  it('explicit options still apply on top of the preset', () => {
    expect(extract(page, { algorithm: 'addanag', preset: 'paper', lines: { dropHidden: true } }).text).toBe([P1, P2, COMMENT].join('\n'));
  });

  it('refuses an unknown preset with a one-line error', () => {
    expect(() => extract(page, { algorithm: 'addanag', preset: 'papers' as 'paper' })).toThrow(/unknown preset "papers"/);
  });
});

/**
 * FAR-SW with a hand-set model: the rule (D.High) on D's membership (MIN 0.2, Mean 0.5, MAX 0.9, so
 * D.High ≥ 0.5 from D = 0.6), eq. 4 over the model's H = (Mean + MAX) / 2: B 100, C 80, E 1, F 0.
 */
function handModel(): Model {
  const { evidence: _evidence, ...base } = shippedDefaultModel(); // the paper has no evidence rules
  const stats: [number, number, number][] = [[0, 3, 6], [0, 50, 150], [0, 40, 120], [0.2, 0.5, 0.9], [0, 0, 2], [0, 0, 0]];
  return {
    ...base,
    name: 'hand',
    site: null,
    featureVariant: 'raw',
    params: resolveTrainParams({ preset: 'paper', featureVariant: 'raw', bceShape: 'three' }),
    membership: stats.map(([min, mean, max], f) => ({ feature: f, name: FEATURE_NAMES[f]!, shape: 'three' as const, min, mean, max })),
    rules: [{ antecedent: [regionId(3, HIGH)], support: 1, confidence: 1, falsePositiveRate: 0 }],
    templateLines: [],
  };
}

/** Eq. 4, model reading, by hand from a line's source: B its bytes, C its text bytes, E its links. */
function handScore(source: string, text: string, links: number): number {
  const b = Buffer.byteLength(source), c = Buffer.byteLength(text);
  return Math.min(1, b / 100) + Math.min(1, c / 80) + c / b - Math.min(1, links / 1);
}

describe('paper preset: FAR-SW', () => {
  const model = handModel();
  const MENU = '<div><a href="/">Home</a> <a href="/n">News</a></div>';
  const A = para('Alpha', 33), B = para('Bravo', 33), C = para('Charlie', 25);
  const article = [MENU, '', `<p>${A}</p>`, `<p>${B}</p>`, `<p>${C}</p>`, '<div>footer short</div>', '<form><p>form text</p></form>'];
  const page = `<html><head><title>Alpha</title></head><body>\n${article.join('\n')}\n</body></html>`;

  it('classifies by the rule, joins a window padded by one line and keeps the block above β, padding included', () => {
    // The author's lines: the blank line goes, the form is deleted with its content (Table 1).
    // The optional <body> tag weighs nothing: line 0 is the menu. Topical (D ≥ 0.6): the three paragraphs (lines 1–3).
    // One window, lines 0..4: the menu and the footer pad it.
    const scores = [handScore(MENU, 'Home News', 2), handScore(article[2]!, A, 0), handScore(article[3]!, B, 0), handScore(article[4]!, C, 0), handScore(article[5]!, 'footer short', 0)];
    const block = scores.reduce((a, b) => a + b, 0) / scores.length;
    expect(block).toBeGreaterThan(1.5);
    const r = extract(page, { model, preset: 'paper' });
    expect(r.text).toBe(['Home News', A, B, C, 'footer short'].join('\n'));
    expect(r.blocks).toEqual([{ start: 0, end: 5, score: 0 }]);
    expect(r.farsw).toEqual({ informative: 1, fallback: false, fallbackKept: false });
  });

  it('keeps nothing when no block passes β (no fallback), where farsw keeps the best block', () => {
    const links = '<div><a href="/1">One</a> <a href="/2">Two</a> <a href="/3">Three</a></div>';
    const short = para('short', 10);
    const lines = [links, `<p>${short}</p>`, links];
    const html = `<html><body>\n${lines.join('\n')}\n</body></html>`;
    const block = (handScore(links, 'One Two Three', 3) * 2 + handScore(lines[1]!, short, 0)) / 3;
    expect(block).toBeLessThan(1.5);
    expect(extract(html, { model, preset: 'paper' }).text).toBe('');
    expect(extract(html, { model, preset: 'paper' }).farsw).toEqual({ informative: 0, fallback: true, fallbackKept: false });
    expect(extract(html, { model, preset: 'paper', farsw: { fallback: true } }).text).toBe(['One Two Three', short, 'One Two Three'].join('\n'));
  });

  it('turns every farsw addition of model apply off, and only under the preset', () => {
    const paper = farswOptions({}, model, 'paper');
    expect(paper).toMatchObject({ ...PAPER_PRESET.farswApply, dana: expect.objectContaining(PAPER_PRESET.farswDana) });
    const ours = farswOptions({}, model);
    expect(ours.classify).toBe(FARSW_APPLY_DEFAULTS.classify);
    expect(ours.fallback).toBe(true);
    expect(farswOptions({ beta: 1 }, model, 'paper').beta).toBe(1);
  });

  it('trains with the paper\'s preprocessing: the author\'s lines, Table 1 deleted, two regions for B, C, E across sites', () => {
    const across = resolveTrainParams({ preset: 'paper' });
    expect(across).toMatchObject({ reline: false, classTokens: false, featureVariant: 'normalized', bceShape: 'two', twoRegionEnd: 'mean', dropComments: false, dropHidden: false });
    expect(across.dropElements).toEqual(expect.arrayContaining(['form', 'fieldset', 'head', 'label']));
    expect(across.dropElements).not.toContain('a');
    expect(resolveTrainParams({ preset: 'paper', site: 'example.com' })).toMatchObject({ featureVariant: 'raw', bceShape: 'three' });
    expect(resolveTrainParams({ preset: 'paper', bceShape: 'three' }).bceShape).toBe('three');
  });
});

describe('paper preset: the baselines', () => {
  it('WLR reads eq. 4 as printed and CETR pins the origin centroid', async () => {
    const { extractWlr } = await import('../../src/extract/wlr.js');
    const { extractCetr } = await import('../../src/extract/cetr.js');
    const html = `<html><body><div><p>${para('body', 50)}</p><p>${para('text', 40)}</p></div><ul><li><a href="/">menu</a></li></ul></body></html>`;
    expect(extract(html, { algorithm: 'wlr', preset: 'paper' }).text).toBe(extractWlr(html, PAPER_PRESET.wlr).text);
    expect(extract(html, { algorithm: 'cetr', preset: 'paper' }).text).toBe(extractCetr(html, PAPER_PRESET.cetr).text);
  });
});
