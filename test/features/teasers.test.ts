import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { teaserChars, teaserLines } from '../../src/features/teasers.js';
import { train, type TrainingPage } from '../../src/train/train.js';
import { extractWithModel, farswOptions, runModel } from '../../src/extract/model-extractor.js';
import { modelToJson, validateModel, type Model } from '../../src/model/model.js';
import { ModelFormatError } from '../../src/core/errors.js';
import { sitePage } from '../helpers/site-pages.js';
import { describeRules } from '../../src/model/describe.js';
import { formatRules } from '../../src/cli/commands/rules.js';

const STORY = 'The lighthouse keepers of Gullrock voted on Tuesday to repaint the tower in its old red and white bands, after a summer of letters from sailors who said the grey coat made it hard to see in the fog.';
const SUMMARY = (k: number) => `A short summary of teaser number ${k}, about the ferry timetable, the school fair and the weather for the weekend on the islands, with a second sentence on the harbour fees that the council raised again for the visiting yachts, and a third on the new bus stop by the chapel that nobody asked for.`;

/** A teaser item: a linked headline and a summary in a div beside it (the summary may sit in an inline span). */
const item = (k: number, span = false) => `<li><h3><a href="/news/${k}">Teaser ${k}</a></h3><div class="tip">${span ? `<span>${SUMMARY(k)}</span>` : SUMMARY(k)}</div></li>`;

/** The headline, a one-paragraph story, `gap` lines of a link menu, then a list of `n` teasers with summaries. */
function page(n: number, gap = 100, space = '', span = false): string {
  const menu = Array.from({ length: gap }, (_, k) => `<li><a href="/m/${k}">Menu ${k}</a></li>`).join(space);
  const teasers = Array.from({ length: n }, (_, k) => item(k, span)).join(space);
  return `<html><head><title>Gullrock lighthouse to be repainted - Island Post</title></head><body>
<div class="story">${space}<h1>Gullrock lighthouse to be repainted</h1>${space}<p>${STORY}</p>${space}</div>
<ul class="menu">${menu}</ul>
<div class="latest"><h2>Latest</h2><ul>${teasers}</ul></div></body></html>`;
}

const marked = (html: string): string[] => {
  const t = buildLineTable(html), m = teaserLines(t);
  return t.text.filter((_, i) => m?.[i] === 1);
};

describe('teaser lists (features/teasers.ts)', () => {
  it('marks the headline and summary lines of a list of teasers, not the story, the headline nor a menu of bare links', () => {
    const lines = marked(page(4, 10));
    expect(lines).toContain(SUMMARY(0));
    expect(lines).toContain('Teaser 3');
    expect(lines).toHaveLength(8);
    expect(lines.some((x) => x === STORY || x.startsWith('Gullrock') || x.startsWith('Menu'))).toBe(false);
  });

  it('needs three teasers: two items with summaries are not a list', () => {
    expect(marked(page(2, 10))).toEqual([]);
    expect(marked(page(3, 10))).toHaveLength(6);
  });

  it('marks the same text when white space between the tags changes or a summary sits in an inline element (a browser renders them alike)', () => {
    expect(marked(page(5, 10, '\n  \n'))).toEqual(marked(page(5, 10)));
    expect(marked(page(5, 10, '', true))).toEqual(marked(page(5, 10)));
  });

  it('counts the teaser text after the title line, and the part of it the labels call content (what training learns)', () => {
    const t = buildLineTable(page(4, 10));
    const title = t.text.indexOf('Gullrock lighthouse to be repainted');
    const summaries = Uint8Array.from(t.text, (x) => (x.startsWith('A short summary') ? 1 : 0));
    const all = t.text.reduce((s, x, i) => s + (x.startsWith('A short summary') || x.startsWith('Teaser ') ? t.contentChars[i]! : 0), 0);
    const content = t.text.reduce((s, _, i) => s + (summaries[i] ? t.contentChars[i]! : 0), 0);
    expect(teaserChars(t, title, summaries)).toEqual({ content, all });
    expect(teaserChars(t, -1, summaries)).toEqual({ content: 0, all: 0 });
    expect(teaserChars(t, t.count - 1, summaries)).toEqual({ content: 0, all: 0 });
  });
});

describe('teaser lists in training and in the title anchor', () => {
  // Training pages: a headline, the story, then a teaser list the gold leaves out (each page on a site of its own).
  const pages: TrainingPage[] = Array.from({ length: 12 }, (_, k) => ({
    id: `t/${k}`, site: `isle${k}.example.org`, html: page(4 + (k % 3), 5 + k).replace(/Gullrock/g, `Gullrock ${k}`), gold: `Gullrock ${k} lighthouse to be repainted\n${STORY}`,
  }));
  const model = train(pages, { name: 'teasers', featureVariant: 'normalized', evidence: true });

  it('learns the share of teaser text that was the article: none of it here', () => {
    expect(model.evidence!.teaserShare).toBe(0);
  });

  it('starts the DANA core from the story, not from the teaser list under it that outranked it (off: the list)', () => {
    // A model that never saw such lists (the imaginary news site's pages) with the share the shared data teaches (about 0.17).
    const site = train(Array.from({ length: 24 }, (_, k) => ({ ...sitePage(k), site: `news${k}.example.com` })), { name: 'news', featureVariant: 'normalized', evidence: true });
    expect(site.evidence!.teaserShare).toBeUndefined();
    const model: Model = { ...site, evidence: { ...site.evidence!, teaserShare: 0.17 } };
    /** The text of the region Algorithm 1 starts from. */
    const start = (html: string, m: Model, farsw = {}): string => {
      const { table, detail } = runModel(html, m, { farsw });
      const r = detail.dana.regions[detail.dana.start]!;
      return table.text.slice(r.start, r.end).join('\n');
    };
    // Teasers under the story: each item's region is longer than the story, so by size and distance alone one of them ranks first.
    const html = page(40, 0);
    expect(start(html, model)).toContain(STORY);
    expect(start(html, model, { teaserRank: false })).toMatch(/^Teaser \d+\nA short summary of teaser number \d+/);
    expect(extractWithModel(html, model).text).toContain(STORY);
    // A model without the share (trained before it) weighs the lists as any line.
    expect(start(html, site)).toBe(start(html, model, { teaserRank: false }));
    // The same decision when white space between the tags changes or the summaries sit in inline elements.
    expect(start(page(40, 0, '\n  \n'), model)).toBe(start(html, model));
    expect(extractWithModel(page(40, 0, '\n  \n'), model).text).toBe(extractWithModel(html, model).text);
    expect(extractWithModel(page(40, 0, '', true), model).text).toBe(extractWithModel(html, model).text);
  });

  it('is on for models across sites and off in the paper preset; the share is saved and a damaged one refused', () => {
    expect(farswOptions({}, model).teaserRank).toBe(true);
    expect(farswOptions({}, model, 'paper').teaserRank).toBe(false);
    expect(validateModel(JSON.parse(modelToJson(model))).evidence!.teaserShare).toBe(0);
    expect(formatRules(describeRules(model))).toContain('teaser lists after the headline (≥ 3 items of a linked headline and a text): 0.0 % of their text was the article');
    const bad = JSON.parse(modelToJson(model));
    bad.evidence.teaserShare = 1.5;
    expect(() => validateModel(bad)).toThrow(ModelFormatError);
  });
});
