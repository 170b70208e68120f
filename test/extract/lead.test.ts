import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { LEAD_LINKS, restoreLead } from '../../src/extract/farsw.js';
import { farswOptions } from '../../src/extract/model-extractor.js';
import { train } from '../../src/train/train.js';
import { sitePage } from '../helpers/site-pages.js';
import { explainDana, summarize } from '../../src/explain/explain.js';

const DECK = 'Volunteers counted more harbour seals on the sandbanks of the river mouth this spring than in any year since the counts began, and the council now plans to close the old jetty.';
const LINKS = 'Read more: <a href="/a">how the count works, who takes part and why the tides decide the days on which the volunteers can reach the banks</a> and more.';

/** A headline, its deck, a byline and a link line in a header; the article's paragraphs in their own element; a footer. */
function page(space = ''): string {
  return `<body><div class="top">${space}<p>Menu: News, Nature, Science and the rest of the sections of the site</p></div>
<div class="story"><div class="head"><h1>Seals return to the estuary</h1>${space}
<p class="deck">${DECK}</p>${space}<p>By Jo Example, 3 May 2026</p>
<p>${LINKS}</p></div>
<div class="body"><p>The count starts at low tide, when the banks are dry and the seals haul out to rest in the sun.</p>
<p>Counts since the 1990s found fewer than forty seals a year, most of them young ones passing through.</p>
<p>Those matter when the council decides where boats may land and where walkers may go in the summer.</p></div></div>
<div class="foot"><p>Copyright Example Tide, all rights reserved, and the terms of use of this site apply to every page.</p></div></body>`;
}

/** The lines restoreLead keeps when DANA and the windows chose every line and the containers kept the headline and the body. */
function lead(html: string, minChars: number, chose = (_: string) => true, repeat = 0): string[] {
  const t = buildLineTable(html);
  const title = t.text.findIndex((x) => x === 'Seals return to the estuary');
  const before = Uint8Array.from(t.text, (x) => (x.trim() !== '' && chose(x) ? 1 : 0));
  const chosen = Uint8Array.from(t.text, (x, i) => (i === title || /^(Harbour|The count|Counts since|Those matter)/.test(x) ? 1 : 0));
  restoreLead(t, chosen, before, title, minChars, LEAD_LINKS, repeat);
  return t.text.filter((_, i) => chosen[i] === 1);
}

describe('restoreLead: the lead under the headline that the containers cut', () => {
  const body = ['The count start', 'Counts since t', 'Those matter w'];
  const starts = (kept: string[]) => kept.map((x) => x.slice(0, 13));

  it('brings back the deck (a sentence of ≥ 160 characters between the headline and the body), not the byline nor the link line', () => {
    expect(DECK.length).toBeGreaterThanOrEqual(160);
    expect(starts(lead(page(), 160))).toEqual(['Seals return ', DECK.slice(0, 13), ...body.map((b) => b.slice(0, 13))]);
  });

  it('takes the byline too when the least length allows it, never the link-dense line, never a line before the headline or after the first kept one', () => {
    const kept = lead(page(), 10);
    expect(kept).toContain('By Jo Example, 3 May 2026');
    expect(kept.some((x) => x.startsWith('Read more'))).toBe(false);
    expect(kept.some((x) => x.startsWith('Menu') || x.startsWith('Copyright'))).toBe(false);
  });

  it('returns the lines it brought back, which explain names', () => {
    const t = buildLineTable(page());
    const title = t.text.indexOf('Seals return to the estuary'), deck = t.text.indexOf(DECK);
    const chosen = Uint8Array.from(t.text, (x, i) => (i === title || x.startsWith('The count') ? 1 : 0));
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

  it('with `repeat`, leaves out a summary whose tokens the article\'s opening repeats, and brings back a deck it does not', () => {
    // The body opens with a dateline and the deck's sentence again: the line under the headline is a teaser of it.
    const repeated = (inline: boolean) => page().replace('<div class="body">', `<div class="body"><p>Harbour Town, 3 May. ${inline ? DECK.replace('harbour seals', '<b>harbour seals</b>') : DECK}</p>`);
    expect(lead(repeated(false), 160)).toContain(DECK);
    expect(lead(repeated(false), 160, undefined, 0.6)).not.toContain(DECK);
    expect(lead(page(), 160, undefined, 0.6)).toContain(DECK);
    // An inline tag inside the repeated paragraph renders the same text: the same decision.
    expect(lead(repeated(true), 160, undefined, 0.6)).toEqual(lead(repeated(false), 160, undefined, 0.6));
  });

  it('is 160 characters for models across sites, off for site models and the paper preset', () => {
    const model = train(Array.from({ length: 24 }, (_, k) => ({ ...sitePage(k), site: `news${k}.example.com` })), { name: 'lead', featureVariant: 'normalized', evidence: true });
    expect(farswOptions({}, model).leadChars).toBe(160);
    expect(farswOptions({}, { ...model, site: 'news1.example.com' }).leadChars).toBe(0);
    expect(farswOptions({}, model, 'paper').leadChars).toBe(0);
  });
});
