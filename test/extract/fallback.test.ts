/**
 * FAR-SW's fallback block (§3.5: no window passed β, the best one is kept) and the
 * link-density cut farsw applies to it in `union` (FarswApplyOptions.fallbackLinkDensity,
 * keepFallback: a link-dense block away from DANA's lines is left out).
 */
import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { applyModel, keepFallback, linkDense } from '../../src/extract/farsw.js';
import { farswOptions } from '../../src/extract/model-extractor.js';
import { modelLineOptions } from '../../src/model/model.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';
import { extract } from '../../src/api/extract.js';

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

describe('keepFallback', () => {
  // Line 0: a paragraph without links; lines 1-3: three teaser links with a word each.
  const t = buildLineTable('<p>plain words of an article paragraph here</p>'
    + [1, 2, 3].map((i) => `<p><a href="/${i}">a teaser headline number ${i}</a> more</p>`).join(''));
  const list = { start: 1, end: 4, score: 0 };
  it('keeps a block that is not link-dense, wherever it lies', () => {
    expect(linkDense(t, { start: 0, end: 1, score: 0 }, 0.5)).toBe(false);
    expect(keepFallback(t, { start: 0, end: 1, score: 0 }, [], 0.5)).toBe(true);
  });
  it('leaves out a link-dense block that touches none of DANA\'s blocks', () => {
    expect(linkDense(t, list, 0.5)).toBe(true);
    expect(keepFallback(t, list, [], 0.5)).toBe(false);
    expect(keepFallback(t, { start: 2, end: 4, score: 0 }, [{ start: 0, end: 1, score: 0 }], 0.5)).toBe(false); // a line between
  });
  it('keeps a link-dense block next to or over DANA\'s lines, and every block with the cut off', () => {
    expect(keepFallback(t, list, [{ start: 0, end: 1, score: 0 }], 0.5)).toBe(true); // adjacent
    expect(keepFallback(t, list, [{ start: 2, end: 3, score: 0 }], 0.5)).toBe(true); // inside
    expect(keepFallback(t, list, [], 0)).toBe(true);
  });
});

describe('the fallback block', () => {
  const model = shippedDefaultModel();
  const table = buildLineTable(TEASERS, modelLineOptions(model.params));
  // The confidence reading and eq. 5 block scores; β = 100: no window can pass, so every run falls back.
  const run = (mode: 'union' | 'farsw', fallbackLinkDensity: number) =>
    applyModel(table, model, farswOptions({ classify: 'confidence', beta: 100, mode, fallbackLinkDensity }, model));
  const lines = (blocks: readonly { start: number; end: number }[]) => blocks.reduce((s, b) => s + b.end - b.start, 0);

  it('is a link-dense list on this page, and DANA chose a line inside it', () => {
    const r = run('union', 0);
    expect(r.fallback).toBe(true);
    expect(r.informative).toBe(0);
    expect(r.windows.length).toBeGreaterThan(0);
    expect(r.windows.every((w) => linkDense(table, w, 0.5))).toBe(true);
    expect(r.dana.blocks.length).toBeGreaterThan(0);
    expect(lines(r.dana.blocks)).toBeLessThan(8);
  });

  it('is added in union: the cut spares a link-dense block that touches DANA\'s lines', () => {
    for (const share of [0, 0.5]) {
      const r = run('union', share);
      expect(r.fallbackKept).toBe(true);
      expect(lines(r.blocks)).toBeGreaterThanOrEqual(8);
    }
  });

  it('is kept by FAR-SW alone, which has nothing else', () => {
    const r = run('farsw', 0.5);
    expect(r.fallbackKept).toBe(true);
    expect(lines(r.blocks)).toBeGreaterThanOrEqual(8);
  });

  it('is not taken with fallback off (--no-fallback): union keeps DANA\'s lines alone, without failing', () => {
    const r = applyModel(table, model, farswOptions({ classify: 'confidence', beta: 100, mode: 'union', fallback: false }, model));
    expect(r.fallback).toBe(true);
    expect(lines(r.blocks)).toBeLessThan(8);
  });

  it('is reported by extract()', () => {
    const r = extract(TEASERS, { model, farsw: { classify: 'confidence', beta: 100 } });
    expect(r.farsw).toEqual({ informative: 0, fallback: true, fallbackKept: true });
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
