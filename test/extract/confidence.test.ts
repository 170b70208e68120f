import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { lineConfidence } from '../../src/extract/farsw.js';
import { computeLineFeatures } from '../../src/features/line-features.js';
import { modelLineOptions } from '../../src/model/model.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';

describe('lineConfidence', () => {
  it('gives 0 to lines without text and a probability to the others', () => {
    const model = shippedDefaultModel();
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 9}`).join(' ');
    const table = buildLineTable(`<body><div class="story"><p>${words(60)}.</p><div class="x"><img src="a.png"></div><p>${words(50)}.</p></div></body>`, modelLineOptions(model.params));
    const p = lineConfidence(computeLineFeatures(table, model.featureVariant).columns, model, table, 0.5);
    const empty = [...table.contentChars].map((c, i) => (c === 0 ? i : -1)).filter((i) => i >= 0);
    expect(empty.length).toBeGreaterThan(0); // pretty-printed lines: markup lines of their own
    for (const i of empty) expect(p[i]).toBe(0);
    for (let i = 0; i < table.count; i++) if (table.contentChars[i]! > 0) { expect(p[i]).toBeGreaterThan(0); expect(p[i]).toBeLessThan(1); }
  });
});
