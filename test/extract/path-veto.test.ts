import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { applyModel, dropRepeatedLines } from '../../src/extract/farsw.js';
import { farswOptions } from '../../src/extract/model-extractor.js';
import { modelLineOptions } from '../../src/model/model.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';

const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i % 7}`).join(' ');
// A related-stories box inside the article container, as dense as the story: DANA keeps it.
const PAGE = '<body><div id="story">'
  + Array.from({ length: 5 }, () => `<p class="text">${words(40, 'story')}.</p>`).join('')
  + `<div class="related"><p class="teaser">${words(40, 'related')}.</p></div></div></body>`;

describe('path veto', () => {
  const base = shippedDefaultModel();
  const table = buildLineTable(PAGE, modelLineOptions(base.params));
  const teaser = table.text.findIndex((t) => t.startsWith('related0'));
  // The site model has seen the teaser's structural path on 50 non-topical training lines.
  const model = { ...base, site: 'news.example', pathStats: [[table.path[teaser]!, 0, 50] as [number, number, number]] };
  const kept = (pathVeto: boolean) => {
    const { blocks } = applyModel(table, model, farswOptions({ pathVeto }, model));
    return blocks.some((b) => teaser >= b.start && teaser < b.end);
  };

  it('drops a line whose path the site model knows as non-topical, whatever chose it', () => {
    expect(teaser).toBeGreaterThan(0);
    expect(kept(false)).toBe(true);
    expect(kept(true)).toBe(false);
  });

  it('is on for site models and off for models across sites by default', () => {
    expect(farswOptions({}, model).pathVeto).toBe(true);
    expect(farswOptions({}, base).pathVeto).toBe(false);
  });

  it('drops repeated lines for site models only, unless asked', () => {
    expect(farswOptions({}, model).dedupe).toBe(true);
    expect(farswOptions({}, base).dedupe).toBe(false);
    expect(farswOptions({ dedupe: false }, model).dedupe).toBe(false);
  });

  it('turns the title container off for site models, on across sites, unless asked', () => {
    expect(farswOptions({}, model).dana.titleContainer).toBe(0);
    expect(farswOptions({}, base).dana.titleContainer).toBeGreaterThan(0);
    expect(farswOptions({ dana: { titleContainer: 0.3 } }, model).dana.titleContainer).toBe(0.3);
  });
});

describe('dropRepeatedLines', () => {
  it('keeps the first copy of each chosen text and leaves other lines alone', () => {
    const t = buildLineTable('<p>The wall will be rebuilt.</p><p>Advertisement</p><p>The  wall will be <b>rebuilt</b>.</p><p>Advertisement</p><p>Other text.</p>');
    const chosen = Uint8Array.from([1, 1, 1, 1, 0]);
    expect(t.count).toBe(5);
    dropRepeatedLines(t, chosen);
    expect([...chosen]).toEqual([1, 1, 0, 0, 0]);
  });
});
