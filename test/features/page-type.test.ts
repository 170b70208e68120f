import { describe, it, expect } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildLineTable } from '../../src/html/lines.js';
import {
  classifyFeatures, classifyPage, pageTypeFeatures, routablePageType, PAGE_TYPE_FEATURES, PAGE_TYPES, type PageTypeClassifier,
} from '../../src/features/page-type.js';
import { modelLineOptions } from '../../src/model/model.js';
import { FARSW_APPLY_DEFAULTS } from '../../src/core/defaults.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';
import { extract } from '../../src/api/extract.js';
import { explainPage, summarize } from '../../src/explain/explain.js';
import { readDataset } from '../../src/dataset/load.js';

const lines = modelLineOptions(shippedDefaultModel().params);
/** The features of a page as a name → value map. */
function features(html: string, url?: string): Record<string, number> {
  const x = pageTypeFeatures(buildLineTable(html, lines), html, url);
  return Object.fromEntries(PAGE_TYPE_FEATURES.map((n, i) => [n, x[i]!]));
}

describe('page-type features', () => {
  it('has one value per name, all finite, on an empty page too', () => {
    for (const html of ['', '<p>x</p>', '<html><body><ul><li>a</li></ul></body></html>']) {
      const x = pageTypeFeatures(buildLineTable(html, lines), html, null);
      expect(x.length).toBe(PAGE_TYPE_FEATURES.length);
      expect([...x].every(Number.isFinite)).toBe(true);
    }
  });

  it('measures the share of link text', () => {
    // 'Home' (4 bytes) linked of 'Home' + 'Twelve chars' (4 + 12 bytes)
    const f = features('<body><p><a href="/">Home</a></p><p>Twelve chars</p></body>');
    expect(f['link text share']).toBeCloseTo(4 / 16, 12);
    expect(f['lines with links']).toBeCloseTo(1 / 2, 12);
  });

  it('finds a run of ≥ 4 same-tag siblings and the text inside it', () => {
    const cards = Array.from({ length: 5 }, (_, i) => `<div class="card"><p>Card number ${i}</p></div>`).join('');
    const f = features(`<body><h1>Shop</h1><div class="grid">${cards}</div></body>`);
    expect(f['log same-tag sibling runs']).toBeCloseTo(Math.log1p(1), 12);
    expect(f['log longest sibling run']).toBeCloseTo(Math.log1p(5), 12);
    // 5 × 'Card number i' (13 bytes) of those + 'Shop' (4)
    expect(f['text share in sibling runs']).toBeCloseTo(65 / 69, 12);
    expect(f['class words: card']).toBeCloseTo(5 / 6, 12);
    const three = features(`<body><div class="grid">${Array.from({ length: 3 }, (_, i) => `<div><p>Card ${i}</p></div>`).join('')}</div></body>`);
    expect(three['log same-tag sibling runs']).toBe(0);
  });

  it('reads JSON-LD @type (also in arrays and as a schema.org URL), og:type and prices', () => {
    const head = '<head><meta property="og:type" content="product"><script type="application/ld+json">[{"@type": ["Product"]},{"@type":"https://schema.org/BreadcrumbList"}]</script></head>';
    const f = features(`<html>${head}<body><p>Now $ 49.99, was €60</p></body></html>`);
    expect(f['@type product']).toBe(1);
    expect(f['@type breadcrumb']).toBe(1);
    expect(f['@type article']).toBe(0);
    expect(f['og:type product']).toBe(1);
    expect(f['log prices']).toBeCloseTo(Math.log1p(2), 12);
    // og:type written with content first; an og:type in the body's text is not read
    expect(features('<html><head><meta content="article" property="og:type"></head><body><p>x</p></body></html>')['og:type article']).toBe(1);
    expect(features('<html><body><p>The og:type meta says website</p></body></html>')['og:type website']).toBe(0);
  });

  it('reads the URL path words', () => {
    const f = (url: string) => features('<p>x</p>', url);
    expect(f('https://forum.example.org/t/some-topic/123')['url: forum']).toBe(1);
    expect(f('https://example.com/products/red-shoe')['url: product']).toBe(1);
    expect(f('https://docs.example.com/guide/install')['url: docs']).toBe(1);
    expect(f('https://example.com/category/shoes?page=2')['url: collection']).toBe(1);
    expect(f('https://example.com/tag/travel/')['url: listing']).toBe(1);
    expect(f('https://example.com/blog/2024/05/a-long-story-here')['url: article']).toBe(1);
    expect(f('https://example.com/blog/2024/05/a-long-story-here')['url slug words']).toBe(3);
    expect(f('https://example.com/pricing')['url: service']).toBe(1);
    expect(f('https://example.com/')['url home page']).toBe(1);
    expect(f('https://example.com/productivity-tips')['url: product']).toBe(0);
    expect(features('<p>x</p>')['url home page']).toBe(0);
  });
});

describe('the features that tell a news article from a listing', () => {
  const para = (n: number): string => `<p>${'A sentence of the story that runs on for a while. '.repeat(n)}</p>`;
  const teaser = (i: number): string =>
    `<div class="teaser"><h3><a href="/s/${i}">Headline number ${i} of the day</a></h3><p>${'A summary of the linked story, long enough to be prose. '.repeat(2)}</p></div>`;

  it('measures the longest run of prose lines; linked lines break it, short unlinked lines do not', () => {
    // paragraphs of 50·k − 1 bytes around a short caption: one run of 149 + 99 + 99 bytes; 'Fig' (3 bytes) counts in the text only
    const f = features(`<body><h1><a href="/">Home</a></h1>${para(3)}<p>Fig</p>${para(2)}${para(2)}</body>`);
    expect(f['longest prose run share']).toBeCloseTo(347 / (4 + 347 + 3), 12);
    expect(f['log longest prose run']).toBeCloseTo(Math.log1p(347), 12);
    // a list of teasers: each summary (111 bytes) is a run of its own, cut by the next linked title (28 bytes)
    const list = features(`<body>${[1, 2, 3, 4, 5].map(teaser).join('')}</body>`);
    expect(list['log longest prose run']).toBeCloseTo(Math.log1p(111), 12);
    expect(list['text share in sibling runs']).toBe(1);
    expect(list['prose run over prose and sibling runs']).toBeCloseTo(111 / (111 + 5 * (111 + 28)), 12);
  });

  it('gives the share of the text in the largest <article> element', () => {
    const f = features(`<body><nav><a href="/">Home page</a></nav><article><h1>Title</h1>${para(2)}</article><article><p>Other</p></article></body>`);
    // 'Title' + 99 bytes of 'Home page' + 'Title' + 99 + 'Other'
    expect(f['largest <article> text share']).toBeCloseTo(104 / (9 + 104 + 5), 12);
    expect(features(`<body>${para(1)}</body>`)['largest <article> text share']).toBe(0);
  });

  it('reads a date in the URL and the h1 words found in the title', () => {
    const f = (url: string) => features('<p>x</p>', url)['url date'];
    expect(f('https://example.com/2024/05/a-story')).toBe(1);
    expect(f('https://example.com/news/2024-05-17-a-story')).toBe(1);
    expect(f('https://example.com/story/20240517/a-story')).toBe(1);
    expect(f('https://example.com/products/2024')).toBe(0);
    expect(f('https://example.com/p/12345678')).toBe(0);
    const page = (h1: string) => features(`<html><head><title>Storm hits the coast | The Daily</title></head><body><h1>${h1}</h1><p>x</p></body></html>`);
    expect(page('Storm hits the coast')['h1 words in title']).toBe(1);
    expect(page('Latest news')['h1 words in title']).toBe(0);
    expect(page('The storm, live')['h1 words in title']).toBeCloseTo(2 / 3, 12);
    expect(features('<body><h1>Storm</h1></body>')['h1 words in title']).toBe(0);
  });
});

/** A two-class classifier on the first feature (log text bytes): above 3 → b. */
const toy: PageTypeClassifier = {
  classes: ['a', 'b'], features: PAGE_TYPE_FEATURES, mean: PAGE_TYPE_FEATURES.map(() => 0), scale: PAGE_TYPE_FEATURES.map(() => 1),
  weights: [PAGE_TYPE_FEATURES.map(() => 0), PAGE_TYPE_FEATURES.map((_, f) => (f === 0 ? 2 : 0))], bias: [0, -6],
};

describe('classifyFeatures / classifyPage', () => {
  it('gives the class of the highest softmax probability', () => {
    const x = new Float64Array(PAGE_TYPE_FEATURES.length);
    x[0] = 4; // scores a 0, b 2·4 − 6 = 2
    const r = classifyFeatures(x, toy);
    expect(r.type).toBe('b');
    expect(r.confidence).toBeCloseTo(1 / (1 + Math.exp(-2)), 12);
    expect(r.probabilities['a']! + r.probabilities['b']!).toBeCloseTo(1, 12);
    x[0] = 2;
    expect(classifyFeatures(x, toy).type).toBe('a');
  });

  it('gives article, confidence 0, without a classifier or with one learnt on other features', () => {
    const table = buildLineTable('<p>x</p>', lines);
    expect(classifyPage(table, '<p>x</p>', null, {})).toEqual({ type: 'article', confidence: 0, probabilities: {} });
    const stale = { ...toy, features: PAGE_TYPE_FEATURES.map((n, i) => (i === 0 ? 'an old feature' : n)) };
    expect(classifyPage(table, '<p>x</p>', null, { pageType: stale }).type).toBe('article');
    expect(classifyPage(table, '<p>x</p>', null, { pageType: toy }).type).toBe('a');
  });
});

describe('routablePageType (routing without the type asked)', () => {
  /** A toy classifier: b's score is bias + weight · the named feature, a's 0. */
  const oneWeight = (feature: string, weight: number, bias: number): PageTypeClassifier => {
    const at = PAGE_TYPE_FEATURES.indexOf(feature);
    return { ...toy, weights: [PAGE_TYPE_FEATURES.map(() => 0), PAGE_TYPE_FEATURES.map((_, f) => (f === at ? weight : 0))], bias: [0, bias] };
  };
  // b's score: bias + 1 per unit of the price feature.
  const priced = (bias: number): PageTypeClassifier => oneWeight('log prices', 1, bias);
  const html = '<body><p>A plain paragraph of text.</p><p>Only $5 today, was $ 9.</p></body>';
  const table = buildLineTable(html, lines);

  it('skips the page when no price count could lift a routed type to its confidence', () => {
    // b's score is at most −40 + log(1 + 3 · 4096) < 0: p(b) < 0.5 whatever the prices.
    expect(routablePageType(table, html, null, { pageType: priced(-40) }, { b: { minConfidence: 0.5 } })).toBeUndefined();
    expect(classifyPage(table, html, null, { pageType: priced(-40) }).type).toBe('a');
  });

  it("classifies in full, as classifyPage, when prices could decide; a type without a route never counts", () => {
    // Two prices: b's score −1 + log(3) > 0, so b wins; without counting, b could reach 0.5.
    const c = priced(-1);
    expect(routablePageType(table, html, null, { pageType: c }, { b: { minConfidence: 0.5 } })).toEqual(classifyPage(table, html, null, { pageType: c }));
    expect(classifyPage(table, html, null, { pageType: c }).type).toBe('b');
    expect(routablePageType(table, html, null, { pageType: c }, { a: { minConfidence: 0.9999 } })).toBeUndefined();
    expect(routablePageType(table, html, null, { pageType: c }, {})).toBeUndefined();
  });

  it('gives the fallback without a classifier', () => {
    expect(routablePageType(table, html, null, {}, { b: { minConfidence: 0.5 } })).toEqual(classifyPage(table, html, null, {}));
  });

  it('skips the page when a routed type, at any confidence, cannot be the most probable one for any prices', () => {
    // b's score is at most −40 + 9.4 whatever the prices, a's 0: b is never the type, even with minConfidence 0.
    expect(routablePageType(table, html, null, { pageType: priced(-40) }, { b: { minConfidence: 0 } })).toBeUndefined();
    // a always leads, but a is not routed: the same.
    expect(routablePageType(table, html, null, { pageType: priced(-40) }, { b: { minConfidence: 0 }, c: { minConfidence: 0 } })).toBeUndefined();
    expect(routablePageType(table, html, null, { pageType: priced(-1) }, { b: { minConfidence: 0 } })).toEqual(classifyPage(table, html, null, { pageType: priced(-1) }));
  });

  it('reads the @type groups only when they could decide; then as classifyPage', () => {
    // b's score: bias + 50 with a JSON-LD Product.
    const typed = (bias: number): PageTypeClassifier => oneWeight('@type product', 50, bias);
    const ld = '<head><script type="application/ld+json">{"@type": "Product", "name": "Lamp"}</script></head><body><p>A plain paragraph of text.</p></body>';
    const ldTable = buildLineTable(ld, lines);
    const routes = { b: { minConfidence: 0 } };
    expect(routablePageType(ldTable, ld, null, { pageType: typed(-10) }, routes)).toEqual(classifyPage(ldTable, ld, null, { pageType: typed(-10) }));
    expect(classifyPage(ldTable, ld, null, { pageType: typed(-10) }).type).toBe('b');
    // Without a Product, b stays at −10: skipped once the groups are read; at −60 b cannot lead even with one.
    expect(routablePageType(table, html, null, { pageType: typed(-10) }, routes)).toBeUndefined();
    expect(routablePageType(ldTable, ld, null, { pageType: typed(-60) }, routes)).toBeUndefined();
    expect(classifyPage(ldTable, ld, null, { pageType: typed(-60) }).type).toBe('a');
  });
});

// The hand-written typed pages of test/pages (meta.json `pageType` and `url`), classified by the shipped default model.
const pagesDir = join(import.meta.dirname, '../pages');
const typed = readdirSync(pagesDir)
  .filter((d) => existsSync(join(pagesDir, d, 'meta.json')))
  .map((d) => ({ name: d, meta: JSON.parse(readFileSync(join(pagesDir, d, 'meta.json'), 'utf8')) as { pageType?: string; url?: string } }))
  .filter((p) => p.meta.pageType !== undefined);

describe('the shipped default model on the hand-written pages of each type', () => {
  it('has a page of every type', () => {
    expect(new Set(typed.map((p) => p.meta.pageType))).toEqual(new Set(PAGE_TYPES));
    expect(shippedDefaultModel().pageType?.classes).toEqual([...PAGE_TYPES]);
  });
  for (const { name, meta } of typed) {
    it(`${name} is ${meta.pageType}`, () => {
      const html = readFileSync(join(pagesDir, name, 'source.html'), 'utf8');
      const { metadata } = extract(html, { metadata: true, ...(meta.url ? { url: meta.url } : {}) });
      expect(metadata?.pageType?.type).toBe(meta.pageType);
      expect(metadata!.pageType!.confidence).toBeGreaterThan(0.5);
    });
  }

  it('routing alone classifies a typed page as classifyPage does, or skips it only when its type would not route', () => {
    const model = shippedDefaultModel(), routes = FARSW_APPLY_DEFAULTS.routes;
    for (const { name, meta } of typed) {
      const html = readFileSync(join(pagesDir, name, 'source.html'), 'utf8');
      const table = buildLineTable(html, lines);
      const full = classifyPage(table, html, meta.url, model), routable = routablePageType(table, html, meta.url, model, routes);
      if (routable) expect(routable).toEqual(full);
      else expect(full.confidence < (routes[full.type]?.minConfidence ?? 2)).toBe(true);
    }
  });

  it('classifies the typed pages of training-data (page_type in their .json)', async () => {
    const dir = join(import.meta.dirname, '../../training-data');
    const wrong: string[] = [];
    let n = 0;
    for await (const r of readDataset(dir)) {
      if (!r.pageType) continue;
      n++;
      const got = extract(r.html, { metadata: true, ...(r.url ? { url: r.url } : {}) }).metadata?.pageType?.type;
      if (got !== r.pageType) wrong.push(`${r.id}: ${r.pageType}, classified ${got}`);
    }
    expect(n).toBeGreaterThanOrEqual(4);
    expect(wrong).toEqual([]);
  });

  it('explain names the page type', () => {
    const page = typed.find((p) => p.meta.pageType === 'product')!;
    const html = readFileSync(join(pagesDir, page.name, 'source.html'), 'utf8');
    const data = explainPage(html, { model: shippedDefaultModel(), url: page.meta.url! });
    expect(data.pageType?.type).toBe('product');
    expect(summarize(data)).toMatch(/page type product \(0\.\d\d, strategy items\)/);
  });
});
