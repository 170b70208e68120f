import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../../src/html/lines.js';
import { chromeLines, chromeStage, remuteStage } from '../../../src/extract/strategies/chrome.js';
import { FARSW_APPLY_DEFAULTS } from '../../../src/core/defaults.js';
import { modelLineOptions, type Model } from '../../../src/model/model.js';
import { shippedDefaultModel } from '../../../src/model-store/resolve.js';
import { farswOptions } from '../../../src/extract/model-extractor.js';

/** A listing: the site's header and menu, an aside, a list of articles each with its own header and footer, the site's footer. */
const item = (i: number): string =>
  `<article class="teaser"><header><h2>Tide report ${i}</h2></header><p>Low water at ${i} o'clock, calm sea.</p><footer><p>Filed by the harbour office</p></footer></article>`;
const page = `<html><body><header class="site"><p>Harbour News</p><nav><a href="/">Home</a> <a href="/tides">Tides</a></nav></header>
<aside><p>Most read this week</p></aside>
<main><h1>Tide reports</h1>${[1, 2, 3].map(item).join('\n')}</main>
<div class="outside"><section><footer><p>Section footnote</p></footer></section></div>
<footer><p>Copyright Harbour News</p><p>Privacy policy</p></footer></body></html>`;

const textOf = (html: string, mask: Uint8Array): string[] => buildLineTable(html).text.filter((_, i) => mask[i]);

describe('chromeLines', () => {
  it("marks the page's header, nav, aside and footer, not an article's or section's own header and footer", () => {
    const lines = textOf(page, chromeLines(buildLineTable(page))!);
    expect(lines).toEqual(['Harbour News', 'Home Tides', 'Most read this week', 'Copyright Harbour News', 'Privacy policy']);
  });
  it('leaves out an aside left open before the page\'s <main> (the parser puts the page inside it), but not the chrome inside it', () => {
    // The announcement banner's <aside> is never closed: <main> and the footer after it are the aside's children.
    const open = `<html><body><aside class="banner"><p>Join us at the conference</p>
<main><nav><a href="/">Home</a></nav><h1>Lessons from a long career</h1><p>I had the privilege of speaking at the fest.</p></main>
<footer><p>Copyright Harbour News</p></footer></body></html>`;
    expect(textOf(open, chromeLines(buildLineTable(open))!)).toEqual(['Home', 'Copyright Harbour News']);
    // The same page with its aside closed: the banner alone is chrome, as before.
    const closed = open.replace('</p>\n<main>', '</p></aside>\n<main>');
    expect(textOf(closed, chromeLines(buildLineTable(closed))!)).toEqual(['Join us at the conference', 'Home', 'Copyright Harbour News']);
  });
  it('is undefined for a table without element tags (made by hand)', () => {
    const t = buildLineTable(page);
    const { tag: _tag, ...rest } = t.elements!;
    expect(chromeLines({ ...t, elements: rest } as typeof t)).toBeUndefined();
  });
});

describe('chromeStage', () => {
  const table = buildLineTable(page);
  const run = (dropChrome: boolean, chosen: Uint8Array) => chromeStage.run({ table, model: {} as Model, options: { ...FARSW_APPLY_DEFAULTS, dropChrome } }, { chosen });
  it("drops the chosen lines in the page's chrome and keeps the items' own headers and footers", () => {
    const all = new Uint8Array(table.count).fill(1);
    const kept = table.text.filter((_, i) => run(true, all).chosen![i] && table.contentChars[i]! > 0);
    expect(kept).toEqual([
      'Tide reports',
      'Tide report 1', "Low water at 1 o'clock, calm sea.", 'Filed by the harbour office',
      'Tide report 2', "Low water at 2 o'clock, calm sea.", 'Filed by the harbour office',
      'Tide report 3', "Low water at 3 o'clock, calm sea.", 'Filed by the harbour office',
      'Section footnote',
    ]);
    expect(all.every((v) => v === 1)).toBe(true); // the input is not changed
  });
  it('returns no edit when off (dropChrome false, the default) or when no chosen line is in the chrome', () => {
    const all = new Uint8Array(table.count).fill(1);
    expect(FARSW_APPLY_DEFAULTS.dropChrome).toBe(false);
    expect(run(false, all)).toEqual({});
    const h1 = new Uint8Array(table.count);
    h1[table.text.indexOf('Tide reports')] = 1;
    expect(run(true, h1)).toEqual({});
  });
});

describe('remuteStage', () => {
  // A grid whose cards each end in a share bar, and a div-built site footer (no <footer>): class words the default model learned as not the article's.
  const card = (i: number): string =>
    `<div class="card"><h3>Harbour walk number ${i}</h3><p>A circular walk of ${i + 3} km along the quay, past the lighthouse and the old fish market, with a cafe at the end.</p><div class="social"><p>Share on Facebook</p></div></div>`;
  const html = `<html><body><h1>Harbour walks</h1><div class="grid">${[1, 2, 3, 4, 5, 6].map(card).join('')}</div><div class="footer"><p>Copyright Harbour Walks</p></div></body></html>`;
  const model = shippedDefaultModel();
  const table = buildLineTable(html, modelLineOptions(model.params));
  const all = new Uint8Array(table.count).fill(1);
  const run = (remute: boolean) => remuteStage.run({ table, model, options: farswOptions({ remute }, model) }, { chosen: all });
  it("leaves out the added lines whose class words the model's mute knows (social, footer), and keeps the cards", () => {
    const kept = table.text.filter((_, i) => run(true).chosen![i] && table.contentChars[i]! > 0);
    expect(kept).not.toContain('Share on Facebook');
    expect(kept).not.toContain('Copyright Harbour Walks');
    expect(kept).toContain('Harbour walk number 6');
    expect(kept).toHaveLength(1 + 2 * 6);
  });
  it('returns no edit when off (remute false, the default)', () => {
    expect(FARSW_APPLY_DEFAULTS.remute).toBe(false);
    expect(run(false)).toEqual({});
  });
});
