import { describe, it, expect } from 'vitest';
import { productDescription } from '../../src/html/json-ld.js';

const ld = (o: unknown, type = 'application/ld+json') => `<script type="${type}">${JSON.stringify(o)}</script>`;

describe('productDescription', () => {
  it("reads a Product's description at the top level, in @graph and in arrays, the longest one, tags removed and entities decoded", () => {
    expect(productDescription(`<head>${ld({ '@type': 'Product', name: 'Stool', description: 'Oiled <b>oak</b> &amp; brass.' })}</head>`)).toBe('Oiled oak & brass.');
    const graph = ld({ '@graph': [{ '@type': 'WebPage', description: 'A page about a stool, longer than the product text.' }, { '@type': ['Product'], description: 'Short.' }] });
    expect(productDescription(graph)).toBe('Short.');
    expect(productDescription(ld([{ '@type': 'Product', description: 'one' }, { '@type': 'Product', description: 'the longer one' }]))).toBe('the longer one');
    expect(productDescription(ld({ '@type': 'Product', description: 'Upper-case type attribute.' }, 'APPLICATION/LD+JSON'))).toBe('Upper-case type attribute.');
  });
  it('is undefined without a Product description, and for broken JSON', () => {
    expect(productDescription(ld({ '@type': 'NewsArticle', description: 'An article.' }))).toBeUndefined();
    expect(productDescription('<script type="application/ld+json">{"@type": "Product", "description": </script>')).toBeUndefined();
    expect(productDescription('<p>no script</p>')).toBeUndefined();
  });
});
