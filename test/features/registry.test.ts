/** The feature registry (features/registry.ts): one entry per FAR-SW feature, the columns, Eq. 4 and the feature set follow it. */
import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { computeLineFeatures, FEATURE_COUNT, FEATURE_LETTERS, FEATURE_NAMES, FEATURE_SET, scoreLines } from '../../src/features/line-features.js';
import { checkFeatureCount, LINE_FEATURES, MAX_FEATURES } from '../../src/features/registry.js';
import { featureShapes } from '../../src/train/train.js';

const PAGE = '<body>\n<p>One line of plain text here.</p>\n<p><a href="/x">a link</a> and <img src="i.png"> words</p>\n<div></div>\n</body>';

describe('the feature registry', () => {
  it('names the six features of the paper in column order, and the feature set models record', () => {
    expect(FEATURE_NAMES).toEqual(['Index', 'TextLength', 'OutputTextLength', 'Density', 'LinkNum', 'ImgNum']);
    expect(FEATURE_LETTERS.join('')).toBe('ABCDEF');
    expect(FEATURE_COUNT).toBe(LINE_FEATURES.length);
    expect(FEATURE_SET).toBe('farsw-6'); // models/default.json's: existing models keep loading
    expect(FEATURE_COUNT).toBeLessThanOrEqual(MAX_FEATURES);
    expect(featureShapes('two')).toEqual(['three', 'two', 'two', 'three', 'two', 'three']);
  });

  it('refuses more features than the 32-bit region masks hold, naming MAX_FEATURES', () => {
    expect(MAX_FEATURES).toBe(10);
    expect(() => checkFeatureCount(MAX_FEATURES)).not.toThrow();
    expect(() => checkFeatureCount(MAX_FEATURES + 1)).toThrow(/11 line features, over MAX_FEATURES = 10: .*32-bit mask/);
  });

  it('gives one column per entry, each the entry’s own values; normalized keeps D and scales the rest', () => {
    const table = buildLineTable(PAGE);
    const raw = computeLineFeatures(table, 'raw');
    const norm = computeLineFeatures(table, 'normalized');
    expect(raw.columns).toHaveLength(FEATURE_COUNT);
    LINE_FEATURES.forEach((f, k) => {
      const own = new Float64Array(table.count);
      f.column(table, own);
      expect([...raw.columns[k]!]).toEqual([...own]);
    });
    for (let i = 0; i < table.count; i++) {
      expect(raw.columns[1]![i]).toBe(table.contentBytes[i]! + table.codeBytes[i]!);
      expect(norm.columns[0]![i]).toBe((i + 1) / table.count);
      expect(norm.columns[3]![i]).toBe(raw.columns[3]![i]);
      for (const c of norm.columns) expect(c[i]).toBeGreaterThanOrEqual(0), expect(c[i]).toBeLessThanOrEqual(1);
    }
  });

  it('scores lines by Eq. 4, B + C + D − E − F, with and without the model’s H', () => {
    const table = buildLineTable(PAGE);
    const norm = computeLineFeatures(table, 'normalized');
    const [, b, c, d, e, f] = norm.columns;
    const plain = scoreLines(norm);
    for (let i = 0; i < table.count; i++) expect(plain[i]).toBe(b![i]! + c![i]! + d![i]! - e![i]! - f![i]!);
    const raw = computeLineFeatures(table, 'raw');
    const h = [1, 10, 5, 1, 1, 0];
    const clip = (v: number, s: number): number => (s > 0 ? Math.min(1, Math.max(0, v / s)) : v > 0 ? 1 : 0);
    const scaled = scoreLines(raw, h);
    const [, rb, rc, rd, re, rf] = raw.columns;
    for (let i = 0; i < table.count; i++) expect(scaled[i]).toBe(clip(rb![i]!, 10) + clip(rc![i]!, 5) + rd![i]! - clip(re![i]!, 1) - clip(rf![i]!, 0));
  });
});
