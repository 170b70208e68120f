import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../../src/html/lines.js';
import { repeatedItems, repeatedStage } from '../../../src/extract/strategies/repeated.js';
import { consentLines } from '../../../src/extract/strategies/signatures.js';
import { FARSW_APPLY_DEFAULTS } from '../../../src/core/defaults.js';
import type { Model } from '../../../src/model/model.js';

const linesOf = (html: string, minItems = 3): string[] => {
  const t = buildLineTable(html);
  const r = repeatedItems(t, minItems);
  return r ? t.text.filter((_, i) => r.lines[i]) : [];
};

/** A category page: a facet panel (aside with a form), then a grid of product cards, then three footer columns. */
const card = (i: number): string => `<div class="card card-${i}"><h3><a href="/p/${i}">Walnut desk model ${i}</a></h3><p>Solid walnut, ${100 + i} cm wide.</p><span class="price">$${300 + i}</span></div>`;
const grid = (n: number): string => `<html><body><header><nav><a href="/">Home</a> <a href="/desks">Desks</a></nav></header>
<div class="page"><aside><form class="filters"><h4>Width</h4><p><a href="?w=narrow">Narrow widths</a></p><p><a href="?w=wide">Wide widths</a></p><p><a href="?w=any">Any width</a></p></form></aside>
<h1>Standing desks</h1><div class="grid">${Array.from({ length: n }, (_, i) => card(i)).join('\n')}</div></div>
<div class="cols"><div class="col"><p>About us</p></div><div class="col"><p>Careers</p></div><div class="col"><p>Press</p></div></div></body></html>`;

describe('repeatedItems', () => {
  it('gives every card of the grid (digits in classes folded), not the facets, nor smaller groups', () => {
    const lines = linesOf(grid(8));
    expect(lines).toHaveLength(24);
    expect(lines.slice(0, 3)).toEqual(['Walnut desk model 0', 'Solid walnut, 100 cm wide.', '$300']);
    expect(lines).toContain('$307');
    expect(lines.join(' ')).not.toMatch(/Width|Standing|About|Home/);
  });
  it('counts the items and their characters', () => {
    const t = buildLineTable(grid(4));
    const r = repeatedItems(t, 3)!;
    expect(r.items).toBe(4);
    expect(r.chars).toBe(t.text.filter((_, i) => r.lines[i]).join('').length);
  });
  it('needs minItems siblings of one signature holding text', () => {
    // two cards: the three footer columns are the only group of three
    expect(linesOf(grid(2))).toEqual(['About us', 'Careers', 'Press']);
    expect(linesOf(grid(2), 4)).toEqual([]);
    expect(repeatedItems(buildLineTable(grid(8)), 0)).toBeUndefined();
  });
  it("keeps an item's own header and footer (inside an article), not the page's", () => {
    const post = (i: number): string => `<article class="post"><header><h2><a href="/p/${i}">Spring tides ${i}</a></h2></header><p>The highest tides of month ${i}.</p><footer><p>3 comments</p></footer></article>`;
    const html = `<html><body><header><p>Tide Times</p></header><main>${[1, 2, 3].map(post).join('')}</main><footer><p>About</p><p>Contact</p><p>Legal</p></footer></body></html>`;
    expect(linesOf(html)).toEqual([1, 2, 3].flatMap((i) => [`Spring tides ${i}`, `The highest tides of month ${i}.`, '3 comments']));
  });
  it('byBase: cards of one tag and first class word are one group whatever their modifier classes; renaming a modifier changes nothing', () => {
    // Eight cards, three of them on sale (`item-cell is-sale`), beside a list of five reviews (110 characters against 95 and 152): by the whole class the
    // five plain cards lose to the reviews; by the first class word the eight cards win.
    const cell = (i: number, mod: string): string => `<div class="item-cell${mod}"><a href="/p/${i}">Graphics card ${i}</a><p>$${400 + i}</p></div>`;
    const review = (i: number): string => `<li class="review">Review ${i}: quiet fans.</li>`;
    const page = (mod: string): string => `<html><body><main><h1>Graphics cards</h1><div class="items">${Array.from({ length: 8 }, (_, i) => cell(i, i % 3 === 1 ? mod : '')).join('')}</div>
<ul class="reviews">${Array.from({ length: 5 }, (_, i) => review(i)).join('')}</ul></main></body></html>`;
    const of = (html: string, byBase: boolean): string[] => {
      const t = buildLineTable(html);
      const r = repeatedItems(t, 3, byBase);
      return r ? t.text.filter((_, i) => r.lines[i]) : [];
    };
    expect(of(page(' is-sale'), false)[0]).toMatch(/^Review 0/);
    const cards = of(page(' is-sale'), true);
    expect(cards).toEqual(Array.from({ length: 8 }, (_, i) => [`Graphics card ${i}`, `$${400 + i}`]).flat());
    // metamorphic: another modifier, two modifiers, or none at all give the same group
    for (const mod of [' on-offer', ' is-sale featured', '']) expect(of(page(mod), true)).toEqual(cards);
    // the first class word differs: not one group
    expect(of(page(' is-sale').replace(/item-cell is-sale/g, 'promo-cell'), true)).not.toContain('Graphics card 1');
  });
  it('skip: lines in a cookie-consent dialog count in no group, so the cards win over its longer list of purposes', () => {
    const purpose = (i: number): string => `<li class="ot-cat-item"><h4>Purpose ${i}</h4><p>Information about your activity on this service can be stored and combined with other information to build profile ${i}.</p></li>`;
    const html = grid(4).replace('</body>', `<div id="onetrust-consent-sdk"><ul class="ot-cat-grp">${[1, 2, 3, 4, 5].map(purpose).join('')}</ul></div></body>`);
    const t = buildLineTable(html, { classTokens: true });
    const skip = consentLines(t)!;
    expect(t.text.filter((_, i) => skip[i])).toHaveLength(10);
    const of = (s?: Uint8Array): string[] => t.text.filter((_, i) => repeatedItems(t, 3, false, s)!.lines[i]);
    expect(of()[0]).toBe('Purpose 1');
    expect(of(skip)).toEqual(linesOf(grid(4)));
  });
  it('is undefined for a table without element signatures (made by hand)', () => {
    const t = buildLineTable(grid(8));
    const { sig: _sig, ...rest } = t.elements!;
    expect(repeatedItems({ ...t, elements: rest } as typeof t, 3)).toBeUndefined();
  });
});

describe('repeatedStage', () => {
  const page = { model: {} as Model, options: { ...FARSW_APPLY_DEFAULTS, repeatedItems: 3 } };
  it('adds the items to the chosen lines, and keeps what was chosen', () => {
    const table = buildLineTable(grid(5));
    const chosen = new Uint8Array(table.count);
    const h1 = table.text.indexOf('Standing desks');
    chosen[h1] = 1;
    const edits = repeatedStage.run({ ...page, table }, { chosen });
    const kept = table.text.filter((_, i) => edits.chosen![i]);
    expect(kept[0]).toBe('Standing desks');
    expect(kept).toHaveLength(1 + 15);
    expect(chosen[h1 + 1]).toBe(0); // the input is not changed
  });
  it('returns no edit when the items are chosen already, or off (repeatedItems 0, the default)', () => {
    const table = buildLineTable(grid(5));
    const all = new Uint8Array(table.count).fill(1);
    expect(repeatedStage.run({ ...page, table }, { chosen: all })).toEqual({});
    const none = new Uint8Array(table.count);
    expect(repeatedStage.run({ ...page, table, options: FARSW_APPLY_DEFAULTS }, { chosen: none })).toEqual({});
  });
});
