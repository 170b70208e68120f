/**
 * FAR-SW's fallback block (§3.5: no window passed β, the best one is kept) and the
 * link-density cut farsw applies to it in `union` (FarswApplyOptions.fallbackLinkDensity).
 */
import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { applyModel, linkDense } from '../../src/extract/farsw.js';
import { farswOptions } from '../../src/extract/model-extractor.js';
import { modelLineOptions } from '../../src/model/model.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';
import { extract } from '../../src/extract/extract.js';

const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i % 7}`).join(' ');
// Eight teasers: a long headline link and three words of plain text each (anchor text ≈ 6/7 of the text).
const TEASERS = '<body><ul class="more">'
  + Array.from({ length: 8 }, (_, i) => `<li><a href="/s/${i}">${words(18, 'teaser')}</a> ${words(3, 'x')}</li>`).join('')
  + '</ul></body>';

describe('linkDense', () => {
  const t = buildLineTable('<p><a href="/a">one two three four</a> five six</p><p>plain words only here</p>');
  it('compares anchor bytes with text bytes', () => {
    expect(linkDense(t, { start: 0, end: 1, score: 0 }, 0.5)).toBe(true); // 18 of 27 bytes
    expect(linkDense(t, { start: 0, end: 1, score: 0 }, 0.7)).toBe(false);
    expect(linkDense(t, { start: 0, end: 2, score: 0 }, 0.5)).toBe(false); // 18 of 49
  });
  it('is never true with the cut off', () => {
    expect(linkDense(t, { start: 0, end: 1, score: 0 }, 0)).toBe(false);
  });
});

describe('the fallback block', () => {
  const model = shippedDefaultModel();
  const table = buildLineTable(TEASERS, modelLineOptions(model.params));
  // β = 100: no window can pass, so every run falls back.
  const run = (mode: 'union' | 'farsw', fallbackLinkDensity: number) =>
    applyModel(table, model, farswOptions({ beta: 100, mode, fallbackLinkDensity }, model));
  const lines = (blocks: readonly { start: number; end: number }[]) => blocks.reduce((s, b) => s + b.end - b.start, 0);

  it('is a link-dense list on this page', () => {
    const r = run('union', 0);
    expect(r.fallback).toBe(true);
    expect(r.informative).toBe(0);
    expect(r.windows.length).toBeGreaterThan(0);
    expect(r.windows.every((w) => linkDense(table, w, 0.5))).toBe(true);
  });

  it('is added in union when the cut is off, and left out when it is on', () => {
    const off = run('union', 0), on = run('union', 0.5);
    expect(off.fallbackKept).toBe(true);
    expect(on.fallbackKept).toBe(false);
    // Without the fallback block only DANA's lines remain: fewer than the eight teasers.
    expect(lines(off.blocks)).toBeGreaterThanOrEqual(8);
    expect(lines(on.blocks)).toBeLessThan(lines(off.blocks));
  });

  it('is kept by FAR-SW alone, which has nothing else', () => {
    const r = run('farsw', 0.5);
    expect(r.fallbackKept).toBe(true);
    expect(lines(r.blocks)).toBeGreaterThanOrEqual(8);
  });

  it('is reported by extract()', () => {
    const r = extract(TEASERS, { model, farsw: { beta: 100 } });
    expect(r.farsw).toEqual({ informative: 0, fallback: true, fallbackKept: false });
    expect(extract(TEASERS, { algorithm: 'addanag' }).farsw).toBeUndefined();
  });
});

describe('defaults by kind of model', () => {
  const base = shippedDefaultModel();
  const site = { ...base, site: 'news.example' };
  it("a model across sites runs its DANA core with gap 80, a site model with the paper's 20, unless asked", () => {
    expect(farswOptions({}, base).dana.gap).toBe(80);
    expect(farswOptions({}, site).dana.gap).toBe(20);
    expect(farswOptions({ dana: { gap: 33 } }, site).dana.gap).toBe(33);
  });
  it('cuts link-dense fallback blocks for both', () => {
    expect(farswOptions({}, base).fallbackLinkDensity).toBe(0.5);
    expect(farswOptions({}, site).fallbackLinkDensity).toBe(0.5);
  });
});
