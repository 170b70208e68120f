/**
 * Shop widgets left out of a product page (extract/strategies/widgets.ts): reviews, related products and accessories,
 * each from its title to its section's end.
 */
import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../../src/html/lines.js';
import { COUNTED_WIDGET_TITLE, WIDGET_TITLE, widgetLines, widgetsStage } from '../../../src/extract/strategies/widgets.js';
import { FARSW_APPLY_DEFAULTS } from '../../../src/core/defaults.js';
import type { Model } from '../../../src/model/model.js';

const widgetsOf = (html: string): string[] => {
  const t = buildLineTable(html);
  const w = widgetLines(t);
  return w ? t.text.filter((_, i) => w[i]) : [];
};

/** A product: name, rating summary, description, a spec table, then reviews and related products in their own sections. */
const PRODUCT = `<html><body><main><div class="product"><h1>Oak stool</h1><div class="rating">4.6 (87 reviews)</div>
<p>A stool of oiled oak with hand-turned legs and a seat carved from one board.</p>
<h2>Specifications</h2><table><tr><td>Height</td><td>45 cm</td></tr><tr><td>Weight</td><td>3 kg</td></tr></table></div>
<section class="reviews"><div class="head"><h2>Customer reviews</h2></div><div class="review"><p>Sturdy and handsome.</p></div><div class="review"><p>The seat is comfortable.</p></div></section>
<section class="related"><h2>You may also like</h2><ul><li><a href="/p/bench">Oak bench</a></li><li><a href="/p/table">Oak table</a></li></ul></section>
</main><footer><p>Example Furniture Ltd</p></footer></body></html>`;

describe('WIDGET_TITLE', () => {
  it('names reviews, related and recommended products, accessories; not a rating summary nor the product text', () => {
    for (const t of ['Reviews', 'Customer Reviews (12)', 'Ratings & Reviews', 'You may also like', 'You might also need', 'Related products',
      'Customers also bought', 'Customers who viewed this item also viewed', 'Frequently bought together', 'Recently viewed', 'Complete the look',
      'Questions & Answers']) expect(WIDGET_TITLE.test(t), t).toBe(true);
    for (const t of ['4.6 (87 reviews)', 'Specifications', 'Description', 'Reviewed by our editors', 'Related to the Windsor chair', 'Product details'])
      expect(WIDGET_TITLE.test(t), t).toBe(false);
  });
});

describe('COUNTED_WIDGET_TITLE', () => {
  it('names a count of reviews or ratings; not a rating glued to its count, nor a sentence', () => {
    for (const t of ['51 Reviews', '98 Customer ratings', '1,204 customer reviews', '8 Review']) expect(COUNTED_WIDGET_TITLE.test(t), t).toBe(true);
    for (const t of ['4.92,695 reviews', '4.9358 reviews', '4.6 (87 reviews)', 'Reviews', '98 customers rated it 5 stars']) expect(COUNTED_WIDGET_TITLE.test(t), t).toBe(false);
  });
});

describe('widgetLines', () => {
  it('gives each widget whole, from the largest element its title opens, and nothing of the product', () => {
    expect(widgetsOf(PRODUCT)).toEqual(['Customer reviews', 'Sturdy and handsome.', 'The seat is comfortable.', 'You may also like', 'Oak bench', 'Oak table']);
  });
  it('is the same when the widgets sit in more wrappers (metamorphic: extra divs render the same)', () => {
    const wrapped = PRODUCT.replace('<section class="reviews">', '<div><div class="wrap"><section class="reviews">').replace('</section>\n<section class="related">', '</section></div></div>\n<section class="related">');
    expect(widgetsOf(wrapped)).toEqual(widgetsOf(PRODUCT));
  });
  it('takes a heading that counts the reviews ("51 Reviews") as their title, and the same count on a line that is no heading as none', () => {
    for (const title of ['2 Reviews', '2 Customer ratings']) {
      expect(widgetsOf(PRODUCT.replace('<h2>Customer reviews</h2>', `<h2>${title}</h2>`))).toEqual([title, 'Sturdy and handsome.', 'The seat is comfortable.', 'You may also like', 'Oak bench', 'Oak table']);
    }
    expect(widgetsOf(PRODUCT.replace('<h2>Customer reviews</h2>', '<p>2 Reviews</p>'))).toEqual(['You may also like', 'Oak bench', 'Oak table']);
  });
  it('takes a heading standing alone among its siblings up to the next heading of its rank or above', () => {
    const flat = `<html><body><div class="tabs"><h2>Description</h2><p>A stool of oiled oak.</p><h2>Reviews</h2><p>Sturdy.</p><h3>From Oslo</h3><p>Comfortable.</p>
<h2>Shipping</h2><p>Ships in two days.</p></div></body></html>`;
    expect(widgetsOf(flat)).toEqual(['Reviews', 'Sturdy.', 'From Oslo', 'Comfortable.']);
  });
  it('leaves a title that is neither a heading nor opening an element alone, and is undefined without widgets or an element tree', () => {
    expect(widgetsOf('<html><body><p>Some text.</p><p>Reviews</p><p>Sturdy.</p></body></html>')).toEqual([]);
    expect(widgetLines(buildLineTable('<html><body><h1>Oak stool</h1><p>A stool.</p></body></html>'))).toBeUndefined();
    const t = buildLineTable(PRODUCT);
    const { elements: _e, ...rest } = t;
    expect(widgetLines(rest as typeof t)).toBeUndefined();
  });
});

describe('widgetsStage', () => {
  const page = { model: {} as Model, options: { ...FARSW_APPLY_DEFAULTS, dropWidgets: true } };
  it('drops the chosen lines in widgets, and only with dropWidgets (off by default)', () => {
    const table = buildLineTable(PRODUCT);
    const chosen = new Uint8Array(table.count).fill(1);
    const edits = widgetsStage.run({ ...page, table }, { chosen });
    const kept = table.text.filter((t, i) => edits.chosen![i] && t);
    expect(kept).toContain('Height');
    expect(kept.join(' ')).not.toMatch(/Sturdy|Oak bench|You may also like/);
    expect(chosen.every((c) => c === 1)).toBe(true); // the input is not changed
    expect(widgetsStage.run({ ...page, table, options: FARSW_APPLY_DEFAULTS }, { chosen })).toEqual({});
  });
  it('keeps the lines when nothing else is chosen', () => {
    const table = buildLineTable(PRODUCT);
    const chosen = new Uint8Array(table.count);
    chosen[table.text.indexOf('Sturdy and handsome.')] = 1;
    expect(widgetsStage.run({ ...page, table }, { chosen })).toEqual({});
  });
});
