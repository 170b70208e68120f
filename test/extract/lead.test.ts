import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { LEAD_LINKS, restoreLead } from '../../src/extract/farsw.js';
import { farswOptions } from '../../src/extract/model-extractor.js';
import { train } from '../../src/train/train.js';
import { sitePage } from '../helpers/site-pages.js';
import { explainDana, summarize } from '../../src/explain/explain.js';

const DECK = 'Pulse oximeters give biased results for people with darker skin, and the consequences for care in hospitals and at home could be serious, doctors warn in a new study.';
const LINKS = 'Read more: <a href="/a">how oximeters work, what the readings mean and why the colour of the skin changes the light they measure</a> and more.';

/** A headline, its deck, a byline and a link line in a header; the article's paragraphs in their own element; a footer. */
function page(space = ''): string {
  return `<body><div class="top">${space}<p>Menu: News, Health, Science and the rest of the sections of the site</p></div>
<div class="story"><div class="head"><h1>Race and the pulse oximeter</h1>${space}
<p class="deck">${DECK}</p>${space}<p>By Amy Moran-Thomas, 6 August 2020</p>
<p>${LINKS}</p></div>
<div class="body"><p>The device clips to a finger and shines red and infrared light through the skin to estimate oxygen.</p>
<p>Studies since the 1980s found it overestimates oxygen in patients with darker skin, sometimes by several points.</p>
<p>That matters when a reading decides who is sent home and who is given oxygen in a crowded ward.</p></div></div>
<div class="foot"><p>Copyright Example Review, all rights reserved, and the terms of use of this site apply to every page.</p></div></body>`;
}

/** The lines restoreLead keeps when DANA and the windows chose every line and the containers kept the headline and the body. */
function lead(html: string, minChars: number, chose = (_: string) => true): string[] {
  const t = buildLineTable(html);
  const title = t.text.findIndex((x) => x === 'Race and the pulse oximeter');
  const before = Uint8Array.from(t.text, (x) => (x.trim() !== '' && chose(x) ? 1 : 0));
  const chosen = Uint8Array.from(t.text, (x, i) => (i === title || x.startsWith('The device') || x.startsWith('Studies') || x.startsWith('That matters') ? 1 : 0));
  restoreLead(t, chosen, before, title, minChars, LEAD_LINKS);
  return t.text.filter((_, i) => chosen[i] === 1);
}

describe('restoreLead: the lead under the headline that the containers cut', () => {
  const body = ['The device clips', 'Studies since', 'That matters a'];
  const starts = (kept: string[]) => kept.map((x) => x.slice(0, 13));

  it('brings back the deck (a sentence of ≥ 160 characters between the headline and the body), not the byline nor the link line', () => {
    expect(DECK.length).toBeGreaterThanOrEqual(160);
    expect(starts(lead(page(), 160))).toEqual(['Race and the ', DECK.slice(0, 13), ...body.map((b) => b.slice(0, 13))]);
  });

  it('takes the byline too when the least length allows it, never the link-dense line, never a line before the headline or after the first kept one', () => {
    const kept = lead(page(), 10);
    expect(kept).toContain('By Amy Moran-Thomas, 6 August 2020');
    expect(kept.some((x) => x.startsWith('Read more'))).toBe(false);
    expect(kept.some((x) => x.startsWith('Menu') || x.startsWith('Copyright'))).toBe(false);
  });

  it('returns the lines it brought back, which explain names', () => {
    const t = buildLineTable(page());
    const title = t.text.indexOf('Race and the pulse oximeter'), deck = t.text.indexOf(DECK);
    const chosen = Uint8Array.from(t.text, (x, i) => (i === title || x.startsWith('The device') ? 1 : 0));
    expect(restoreLead(t, chosen, Uint8Array.from(t.text, (x) => (x.trim() !== '' ? 1 : 0)), title, 160, LEAD_LINKS)).toEqual([deck]);
    expect(summarize({ ...explainDana(t, 'addanag'), lead: [deck] })).toContain(`1 lead line under the headline brought back (${deck})`);
  });

  it('brings back only lines chosen before the containers', () => {
    expect(lead(page(), 160, (x) => x !== DECK)).not.toContain(DECK);
  });

  it('gives the same lines when white space between the tags changes (a browser renders both alike)', () => {
    expect(lead(page('\n   \n'), 160)).toEqual(lead(page(), 160));
    expect(lead(page('\n   \n'), 10)).toEqual(lead(page(), 10));
  });

  it('is 160 characters for models across sites, off for site models and the paper preset', () => {
    const model = train(Array.from({ length: 24 }, (_, k) => ({ ...sitePage(k), site: `news${k}.example.com` })), { name: 'lead', featureVariant: 'normalized', evidence: true });
    expect(farswOptions({}, model).leadChars).toBe(160);
    expect(farswOptions({}, { ...model, site: 'news1.example.com' }).leadChars).toBe(0);
    expect(farswOptions({}, model, 'paper').leadChars).toBe(0);
  });
});
