/**
 * Routing by page type (extract/strategies/index.ts): a page goes to its type's strategy when the classifier's confidence
 * reaches the type's threshold in `routes`; the strategy's stages name themselves in `farsw explain`.
 */
import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../../src/html/lines.js';
import { bodyFallback, bodyLines } from '../../../src/extract/strategies/body.js';
import { PAGE_TYPE_STRATEGIES, hiddenAdds, routePage, strategyById } from '../../../src/extract/strategies/index.js';
import { postsStage, repliesStage, threadLines } from '../../../src/extract/strategies/posts.js';
import { PAGE_TYPES, PAGE_TYPE_FEATURES, type PageTypeClassifier } from '../../../src/features/page-type.js';
import { shippedDefaultModel } from '../../../src/model-store/resolve.js';
import { decisionOf, explainPage } from '../../../src/explain/explain.js';
import { ConfigError } from '../../../src/core/errors.js';
import { extract, FARSW_APPLY_DEFAULTS } from '../../../src/index.js';

/** A classifier that calls every page `type` with probability e^b / (e^b + 6): it reads no feature. */
function always(type: string, b = 5): PageTypeClassifier {
  const d = PAGE_TYPE_FEATURES.length;
  return {
    classes: [...PAGE_TYPES], features: [...PAGE_TYPE_FEATURES], mean: new Array(d).fill(0), scale: new Array(d).fill(1),
    weights: PAGE_TYPES.map(() => new Array(d).fill(0)), bias: PAGE_TYPES.map((t) => (t === type ? b : 0)),
  };
}
const shipped = shippedDefaultModel();
const as = (type: string, b = 5) => ({ ...shipped, pageType: always(type, b) });
const ITEMS = { product: { strategy: 'items', minConfidence: 0.5, settings: { bodyChars: 200 } } };
const FORUM = { forum: { strategy: 'forum', minConfidence: 0.5 } };

/** A product page whose description sits in short cells the model leaves out: a header, a form, a near-empty output. */
const PRODUCT = `<html><body><header><nav><a href="/">Home</a> <a href="/shop">Shop</a> <a href="/cart">Cart</a></nav></header>
<div class="product"><h1>Oak stool</h1><table class="specs"><tr><td>Height</td><td>45 cm</td></tr><tr><td>Seat</td><td>30 cm round</td></tr>
<tr><td>Wood</td><td>oiled oak</td></tr><tr><td>Weight</td><td>3 kg</td></tr></table><span class="price">$120</span></div>
<form class="buy"><button>Add to cart</button></form><footer><p>Example Furniture Ltd</p></footer></body></html>`;

/** A thread whose posts carry the class word `comment`, which the comment filter drops on other pages. */
const post = (who: string, text: string) => `<div class="comment"><p class="author"><a href="/u/${who}">${who}</a> wrote:</p><p>${text}</p></div>`;
const THREAD = `<html><body><nav><a href="/">Forum</a> <a href="/latest">Latest</a></nav><h1>Which glue for oak joints?</h1>
<p>I am gluing a mortise and tenon in oiled oak for a stool and the last joint failed within a month of use in the kitchen.</p>
<div class="comments">${post('mara', 'Plain PVA holds if you wipe the oil off the joint faces first; oil stops the glue from soaking into the wood fibres.')}
${post('ole', 'Hide glue is reversible, which helps if the joint has to be taken apart again one day for a repair.')}
${post('jun', 'Clamp it overnight and check the joint is square before the glue sets, or it will rack under load.')}</div></body></html>`;

describe('routePage', () => {
  const table = buildLineTable(PRODUCT);
  it('classifies nothing and routes nowhere when no type is routed', () => {
    expect(routePage(table, PRODUCT, null, as('product'), { routes: {} }, false)).toEqual({});
    expect(routePage(table, PRODUCT, null, as('product'), { routes: {} }, true).pageType?.type).toBe('product');
  });
  it("routes a page to its type's strategy from the type's threshold on", () => {
    const p = routePage(table, PRODUCT, null, as('product'), { routes: { product: { strategy: 'items', minConfidence: 0.9 } } }, false);
    expect(p.pageType!.confidence).toBeCloseTo(Math.exp(5) / (Math.exp(5) + 6), 6);
    expect(p.strategy?.id).toBe('items');
    expect(routePage(table, PRODUCT, null, as('product'), { routes: ITEMS }, false).settings).toEqual({ bodyChars: 200 });
    expect(routePage(table, PRODUCT, null, as('product', 1), { routes: { product: { strategy: 'items', minConfidence: 0.9 } } }, false).strategy).toBeUndefined();
    expect(routePage(table, PRODUCT, null, as('product'), { routes: { forum: { strategy: 'forum', minConfidence: 0 } } }, false).strategy).toBeUndefined();
  });
  it("sends the pages under the type's threshold to its `below` route, from that route's own threshold on", () => {
    // as('product', 1): confidence e / (e + 6) ≈ 0.31, under the items route's 0.9.
    const below = (minConfidence: number) => ({ product: { strategy: 'items', minConfidence: 0.9, below: { strategy: 'sections', minConfidence, settings: { repeatedItems: 3 } } } });
    for (const classify of [false, true]) {
      const unsure = routePage(table, PRODUCT, null, as('product', 1), { routes: below(0.3) }, classify);
      expect([unsure.strategy?.id, unsure.settings]).toEqual(['sections', { repeatedItems: 3 }]);
      expect(routePage(table, PRODUCT, null, as('product', 1), { routes: below(0.5) }, classify).strategy).toBeUndefined();
      expect(routePage(table, PRODUCT, null, as('product'), { routes: below(0) }, classify).strategy?.id).toBe('items');
    }
  });
  it('with pageTypeAs, routes every page by the type named, whatever the classifier says', () => {
    const routes = { ...ITEMS, ...FORUM };
    for (const classify of [false, true]) {
      const asForum = routePage(table, PRODUCT, null, as('product'), { routes, pageTypeAs: 'forum' }, classify);
      expect(asForum.strategy?.id).toBe('forum');
      // The classifier's verdict is still what the result says the page is, when asked.
      expect(asForum.pageType?.type).toBe(classify ? 'product' : undefined);
      expect(routePage(table, PRODUCT, null, as('product'), { routes, pageTypeAs: 'article' }, classify).strategy).toBeUndefined();
    }
    expect(() => routePage(table, PRODUCT, null, as('product'), { routes, pageTypeAs: 'blog' }, false)).toThrow(/farsw\.pageTypeAs: unknown page type "blog" \(page types: article, /);
    const viaExtract = extract(PRODUCT, { farsw: { pageTypeAs: 'product' } });
    expect(viaExtract.strategy).toBe('items');
  });
  it('routes nowhere with a model without a classifier (the fallback type, confidence 0)', () => {
    const { pageType: _, ...bare } = shipped;
    expect(routePage(table, PRODUCT, null, bare as object, { routes: { article: { strategy: 'forum', minConfidence: 0 } } }, false)).toEqual({ pageType: { type: 'article', confidence: 0, probabilities: {} } });
  });
  it('knows every strategy by its id, each type at most once', () => {
    for (const s of PAGE_TYPE_STRATEGIES) expect(strategyById(s.id)).toBe(s);
    const types = PAGE_TYPE_STRATEGIES.flatMap((s) => s.types);
    expect(new Set(types).size).toBe(types.length);
    for (const t of types) expect(PAGE_TYPES).toContain(t);
  });
});

describe('bodyLines and bodyFallback', () => {
  const t = buildLineTable(PRODUCT);
  const text = (mask: Uint8Array | undefined) => (mask ? t.text.filter((_, i) => mask[i]) : []);
  it("gives the page's text lines outside nav, header, footer and form", () => {
    const lines = text(bodyLines(t));
    expect(lines).toContain('Oak stool');
    expect(lines.join(' ')).toMatch(/45 cm/);
    expect(lines.join(' ')).not.toMatch(/Home|Add to cart|Example Furniture/);
  });
  it('replaces an output under the characters given, never a longer one', () => {
    const none = new Uint8Array(t.count);
    expect(bodyFallback(t, none, 200)).toEqual(bodyLines(t));
    expect(bodyFallback(t, bodyLines(t)!, 10)).toBeUndefined();
    expect(bodyFallback(t, none, 0)).toBeUndefined();
  });
});

describe('strategies through extract() and explain', () => {
  it('a product page routed to `items` gets its specification rows back when the model keeps little', () => {
    const plain = extract(PRODUCT, { model: as('product'), strategy: 'none' }).text;
    const routed = extract(PRODUCT, { model: as('product'), farsw: { routes: ITEMS } });
    expect(routed.text).toContain('30 cm round');
    expect(routed.text).not.toMatch(/Add to cart|Example Furniture/);
    expect(routed.text.length).toBeGreaterThan(plain.length);
    expect(extract(PRODUCT, { model: as('product'), strategy: 'items', farsw: { bodyChars: 200 } }).text).toBe(routed.text);
  });
  it("a route may name a strategy made for another type (the route search may offer any): it runs as on its own type's pages", () => {
    expect(PAGE_TYPE_STRATEGIES.find((s) => s.id === 'items')!.types).not.toContain('collection');
    const own = extract(PRODUCT, { model: as('product'), farsw: { routes: ITEMS } });
    const other = extract(PRODUCT, { model: as('collection'), farsw: { routes: { collection: ITEMS.product } } });
    expect(other.text).toContain('30 cm round');
    expect(other.text).toBe(own.text);
    expect(explainPage(PRODUCT, { model: as('collection'), farsw: { routes: { collection: ITEMS.product } } }).strategy).toBe('items');
  });
  it('explain names the body stage as the decider of the lines it brought back, and the strategy beside the type', () => {
    const d = explainPage(PRODUCT, { model: as('product'), farsw: { routes: ITEMS } });
    expect(d.strategy).toBe('items');
    const row = d.texts.findIndex((x) => x.includes('30 cm round'));
    expect(decisionOf(d, row)).toMatchObject({ stage: 'body', kept: true });
  });
  it('a thread routed to `forum` keeps the posts the comment filter drops elsewhere', () => {
    expect(extract(THREAD).text).not.toContain('Hide glue is reversible');
    const routed = extract(THREAD, { model: as('forum'), farsw: { routes: FORUM } });
    expect(routed.text).toContain('Hide glue is reversible');
    expect(routed.text).toContain('Clamp it overnight');
    expect(extract(THREAD, { model: as('forum'), strategy: 'none', farsw: { routes: FORUM } }).text).toBe(extract(THREAD).text);
  });
  it("a product page routed to `items` ends with its JSON-LD description when the output lacks it, and only then", () => {
    const description = 'Hand-turned legs, a seat carved from one board, finished with linseed oil and beeswax.';
    const withLd = PRODUCT.replace('<body>', `<head><script type="application/ld+json">{"@type":"Product","name":"Oak stool","description":"${description}"}</script></head><body>`);
    const routes = { product: { strategy: 'items', minConfidence: 0.5, settings: { jsonLdDescription: true } } };
    const text = extract(withLd, { model: as('product'), farsw: { routes } }).text;
    expect(text.endsWith(`\n${description}`)).toBe(true);
    expect(extract(withLd, { model: as('product'), farsw: { routes: { product: { ...routes.product, settings: {} } } } }).text).not.toContain('linseed');
    const shown = withLd.replace('<table class="specs">', `<p>${description}</p><table class="specs">`);
    const once = extract(shown, { model: as('product'), farsw: { routes } }).text;
    expect(once.split('linseed').length).toBe(2);
  });
  it('with hiddenChars, a product page is read with its hidden tab panels only when the model kept fewer characters than that and it hides 200 or more', () => {
    const description = 'Hand-turned legs, a seat carved from one board, finished with linseed oil and beeswax over three days.';
    const workshop = 'Made to order in our Oslo workshop; each stool is signed under its seat and shipped in a reusable crate.';
    const panel = (text: string) => PRODUCT.replace('<span class="price">', `<div class="tab-panel" id="tab-description" hidden>${text}</div><span class="price">`);
    const tabbed = panel(`<p>${description}</p><p>${workshop}</p>`);
    const routes = (hiddenChars: number) => ({ product: { strategy: 'items', minConfidence: 0.5, settings: { bodyChars: 200, hiddenChars } } });
    expect(extract(tabbed, { model: as('product'), farsw: { routes: routes(0) } }).text).not.toContain('linseed');
    const read = extract(tabbed, { model: as('product'), farsw: { routes: routes(2000) } }).text;
    expect(read).toContain(description);
    expect(read).toContain('Oslo workshop');
    // the visible output holds more than 20 characters: the page is not read again
    expect(extract(tabbed, { model: as('product'), farsw: { routes: routes(20) } }).text).not.toContain('linseed');
    // a page hiding under 200 characters is not read again (its table's `muted` bound says so)
    expect(buildLineTable(panel(`<p>${description}</p>`)).muted).toBeLessThan(200);
    expect(extract(panel(`<p>${description}</p>`), { model: as('product'), farsw: { routes: routes(2000) } }).text).not.toContain('linseed');
  });
  it('with readHidden, a service page is read with its hidden FAQ answers and a documentation page with its hidden tab panels, when they hide 200 characters or more', () => {
    const answers = ['No. We connect to every Dutch bank through a read-only feed that cannot move money, and you can revoke it from your bank at any time.',
      'Yes. Plans run month to month, you can leave with one email, and you keep every record and report we made for you in open formats.'];
    const service = (hidden: string[]) => `<html><body><header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav></header><main>
<section class="hero"><h1>Bookkeeping for small businesses</h1><p>We keep your books, file your VAT returns and tell you where your money goes, every month.</p></section>
<section class="features"><h2>What we do</h2><p>Every receipt and invoice entered and matched to your bank account by the tenth of the month.</p></section>
<section class="faq"><h2>Questions</h2>${hidden.map((a, k) => `<button class="faq-question">Question ${k + 1}</button><div class="faq-answer" hidden><p>${a}</p></div>`).join('')}</section>
</main><footer><p>Ledgerline B.V.</p></footer></body></html>`;
    const sections = (readHidden: boolean) => ({ service: { strategy: 'sections', minConfidence: 0.5, settings: { repeatedItems: 3, readHidden } } });
    expect(extract(service(answers), { model: as('service'), farsw: { routes: sections(false) } }).text).not.toContain('read-only feed');
    const read = extract(service(answers), { model: as('service'), farsw: { routes: sections(true) } }).text;
    expect(read).toContain(answers[0]);
    expect(read).toContain(answers[1]);
    // metamorphic: answers hidden by a style a browser renders the same way (hidden) give the same text
    expect(extract(service(answers).replaceAll(' hidden>', ' style="display: none">'), { model: as('service'), farsw: { routes: sections(true) } }).text).toBe(read);
    // a page hiding under 200 characters is read as it is (its table's `muted` bound says so)
    expect(buildLineTable(service(answers.slice(0, 1))).muted).toBeLessThan(200);
    expect(extract(service(answers.slice(0, 1)), { model: as('service'), farsw: { routes: sections(true) } }).text).not.toContain('read-only feed');
    const code = ['pip install tidepool && tidepool init --config settings/tidepool.toml --workers 8 --queue memory --timeout 30',
      'conda install -c conda-forge tidepool; tidepool init --config settings/tidepool.toml --workers 8 --queue redis --timeout 60'];
    const docs = `<html><body><nav class="sidebar"><ul><li><a href="/docs/install.html">Installation</a></li><li><a href="/docs/config.html">Configuration</a></li></ul></nav>
<main><h1>Installation</h1><p>tidepool runs on Python 3.10 or later. Install it with the package manager you use for your other projects, then create its settings file.</p>
<div class="tabs"><button>pip</button><button>conda</button>${code.map((c, k) => `<div class="tab-panel"${k > 0 ? ' hidden' : ''}><pre>${c}</pre></div>`).join('')}</div>
<p>The settings file lists the workers, the queue backend and the timeout; the next page describes every key.</p>
${['Windows', 'macOS'].map((os) => `<div class="tab-panel" hidden><p>On ${os}, the installer puts tidepool on the path of new terminals only: open a new terminal window after installing it, then run the init command again.</p></div>`).join('')}</main></body></html>`;
    const route = (readHidden: boolean) => ({ documentation: { strategy: 'docs', minConfidence: 0.5, settings: { repeatedItems: 3, dropChrome: true, readHidden } } });
    expect(extract(docs, { model: as('documentation'), farsw: { routes: route(false) } }).text).not.toContain('conda install');
    const tabs = extract(docs, { model: as('documentation'), farsw: { routes: route(true) } });
    expect(tabs.strategy).toBe('docs');
    expect(tabs.text).toContain(code[0]);
    expect(tabs.text).toContain(code[1]);
    expect(tabs.text).toContain('On macOS, the installer');
    expect(tabs.text).not.toContain('Configuration');
  });
  it("the shipped product route drops the page's footer the model keeps (dropChrome), and keeps the description", () => {
    const desc = 'This oak stool is turned by hand from a single board of oiled European oak, with four legs wedged through the seat so the joints tighten as the wood dries. It stands 45 cm tall and suits a kitchen counter or a workshop bench.';
    const html = `<html><body><header><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav></header><main><div class="product"><h1>Oak stool</h1><p>${desc}</p><p>${desc.replace('This', 'Each')}</p><span class="price">$120</span></div></main>
<footer><div class="about"><p>Example Furniture has made chairs, stools and tables in its workshop by the harbour since 1952, and every piece is signed by the maker who built it.</p><p>Free delivery on orders over $200 in the whole country, returns within 30 days.</p></div></footer></body></html>`;
    const shippedRoute = FARSW_APPLY_DEFAULTS.routes.product!;
    const withChrome = { product: { ...shippedRoute, settings: { ...shippedRoute.settings, dropChrome: false } } };
    const routed = extract(html, { model: as('product') });
    expect(routed.strategy).toBe('items');
    expect(routed.text.split('\n')).toEqual(['Oak stool', desc, desc.replace('This', 'Each'), '$120']);
    expect(extract(html, { model: as('product'), farsw: { routes: withChrome } }).text).toContain('Example Furniture has made chairs');
  });
  it('with quoteChars, a product page keeps its description once when the body fallback brings back its second copy (a mobile and a desktop block)', () => {
    const desc = 'A wheel-thrown stoneware mug in a matte speckled glaze, holding 350 ml; safe in the dishwasher and the microwave.';
    const copy = (device: string) => `<div class="desc ${device}"><p>${desc}</p><p>Handmade in small batches.</p></div>`;
    const html = `<html><body><header><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav></header>
<div class="product"><h1>Speckle mug</h1><span class="price">$60.00</span>${copy('mobile')}<form class="buy"><button>Add to cart</button></form>${copy('desktop')}</div>
<footer><p>Example Pottery</p></footer></body></html>`;
    const route = (quoteChars: number) => ({ product: { strategy: 'items', minConfidence: 0.5, settings: { bodyChars: 400, dedupe: true, quoteChars } } });
    // dedupe runs before the body fallback, which brings both copies back
    expect(extract(html, { model: as('product'), farsw: { routes: route(0) } }).text.split(desc).length).toBe(3);
    const once = extract(html, { model: as('product'), farsw: { routes: route(20) } });
    expect(once.strategy).toBe('items');
    expect(once.text.split('\n')).toEqual(['Speckle mug', '$60.00', desc, 'Handmade in small batches.']);
  });
  it("a route's `dana` settings reach the DANA options of the pages it takes: titleContainer 0 keeps a product's details outside the headline's element", () => {
    const html = `<html><head><title>Joco cup 4oz | Example Cups</title></head><body><header><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav></header>
<div class="product-top"><div class="summary"><h1>Joco cup 4oz</h1><span class="price">$24.00</span>
<p>A small glass cup for espresso and cortado, blown by hand from borosilicate glass with a silicone sleeve that keeps your fingers cool.</p>
<p>Its lid seals with a quarter turn, so the cup rides in a bag without a drop spilled, and the sleeve comes off for the dishwasher; the glass itself goes in the top rack and the microwave, and it never takes on the taste or the smell of yesterday's coffee.</p>
<p>Every cup is blown one at a time in our studio, so no two are quite alike: small bubbles and a slightly uneven rim are the marks of the hand that made it, not faults.</p></div></div>
<div class="product-details"><h2>Features</h2><ul><li>Anti splash, ergonomic design</li><li>Nose dome: room for the nose, no head tilt</li><li>Thermal silicone sleeve</li><li>Thermal shock and etch resistant</li></ul>
<h2>Materials and dimensions</h2><ul><li>Artisan blown borosilicate glass</li><li>Premium grade silicone</li><li>Waist width 65 mm</li><li>Height without lid 69 mm</li></ul></div>
<footer><p>Example Cups</p></footer></body></html>`;
    const route = (settings: Record<string, unknown>) => ({ product: { strategy: 'items', minConfidence: 0.5, settings } });
    const cut = extract(html, { model: as('product'), farsw: { routes: route({}) } }).text;
    expect(cut).toContain('Every cup is blown');
    expect(cut).not.toContain('Waist width 65 mm');
    const whole = extract(html, { model: as('product'), farsw: { routes: route({ dana: { titleContainer: 0 } }) } });
    expect(whole.strategy).toBe('items');
    expect(whole.text).toContain('Every cup is blown');
    expect(whole.text).toContain('Waist width 65 mm');
    // the same as the strategy forced with those DANA options
    expect(extract(html, { model: as('product'), strategy: 'items', farsw: { dana: { titleContainer: 0 } } }).text).toBe(whole.text);
  });
  it('with muteProse, a service page keeps the testimonials the learned mute drops for their class word, and not a dialog after the last kept line', () => {
    const quotes = ['Ledgerline took our books over in a week and we have not missed a VAT deadline since; their monthly report is the one email I read in full.',
      'We moved from a spreadsheet to Ledgerline and saved two days a month; every question we sent was answered the same afternoon by a real accountant.',
      'Clear prices, no surprises at the end of the year, and a bookkeeper who knows our trade: I recommend them to every shop owner I meet.'];
    const cookies = 'We use cookies to measure how our site is used and to show you relevant offers; you can refuse them in the settings at any time.';
    // `follow` (WordPress themes' follow-up testimonial cards; social "follow us" bars on news pages) and `modal` are muting class words of the shipped model.
    const html = `<html><body><header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav></header><main>
<section class="hero"><h1>Bookkeeping for small businesses</h1><p>We keep your books, file your VAT returns and tell you where your money goes, every month, for one fixed price.</p></section>
<section class="testimonials"><h2>What our clients say</h2><div class="follow-up">${quotes.map((q, k) => `<div class="follow-up__item"><div class="follow-up__name"><a href="">Client ${k + 1}</a></div><div class="follow-up__text">${q}</div></div>`).join('')}</div></section>
<section class="features"><h2>What we do</h2><p>Every receipt and invoice entered and matched to your bank account by the tenth of the month, with a report of where the money went.</p>
<p>Payroll for up to ten employees run on the twenty-fifth, with payslips sent to each of them and the tax office told the same day.</p>
<p>Your VAT return prepared, checked by a second accountant and filed before the deadline, with a copy for your own records.</p></section>
</main><div class="modal"><p>${cookies}</p></div><footer><p>Ledgerline B.V.</p></footer></body></html>`;
    const route = (muteProse: number) => ({ service: { strategy: 'sections', minConfidence: 0.5, settings: { ...FARSW_APPLY_DEFAULTS.routes.service!.settings, muteProse } } });
    const off = extract(html, { model: as('service'), farsw: { routes: route(0) } }).text;
    for (const q of quotes) expect(off).not.toContain(q);
    const spared = extract(html, { model: as('service'), farsw: { routes: route(50) } });
    expect(spared.strategy).toBe('sections');
    for (const q of quotes) expect(spared.text).toContain(q);
    expect(spared.text).toContain('Payroll for up to ten employees');
    expect(spared.text).not.toContain(cookies);
    // the names, short lines, stay muted
    expect(spared.text).not.toContain('Client 1');
  });
  it('with hiddenChars, a collection page whose grid its script shows (a hidden placeholder) is read with its hidden elements, and only then', () => {
    const card = (i: number) => `<div class="card"><h3><a href="/p/${i}">Ash side table ${i}</a></h3><p>Oiled ash, ${40 + i} cm high, made to order.</p><span class="price">$${200 + i}</span></div>`;
    const grid = Array.from({ length: 6 }, (_, i) => card(i)).join('');
    const page = (attrs: string) => `<html><body><header><nav><a href="/">Home</a> <a href="/tables">Tables</a></nav></header><main><h1>Side tables</h1>
<div id="grid-placeholder"${attrs}><div class="grid">${grid}</div></div></main><footer><p>Example Furniture Ltd</p></footer></body></html>`;
    const hidden = page(' style="display:none"');
    const routes = (hiddenChars: number) => ({ collection: { strategy: 'repeated', minConfidence: 0.5, settings: { repeatedItems: 3, dropChrome: true, hiddenChars } } });
    const off = extract(hidden, { model: as('collection'), farsw: { routes: routes(0) } });
    expect(off.strategy).toBe('repeated');
    expect(off.text).not.toContain('Ash side table');
    const read = extract(hidden, { model: as('collection'), farsw: { routes: routes(500) } }).text.split('\n');
    for (let i = 0; i < 6; i++) expect(read).toContain(`Ash side table ${i}`);
    expect(read).toContain('$205');
    expect(read).not.toContain('Example Furniture Ltd');
    // Kept 11 characters ("Side tables"): with hiddenChars 5 the page is not read again.
    expect(extract(hidden, { model: as('collection'), farsw: { routes: routes(5) } }).text).not.toContain('Ash side table');
    // The grid shown: the page hides under 200 characters, so it is not read again.
    const shown = page('');
    expect(extract(shown, { model: as('collection'), farsw: { routes: routes(500) } }).text).toBe(extract(shown, { model: as('collection'), farsw: { routes: routes(0) } }).text);
  });
  it('with readHidden, a collection page is read with its cards\' hidden details; with hiddenGrowth 3, not when a hidden dialog would more than triple the output', () => {
    const card = (i: number, hide: string) => `<div class="card"><h3><a href="/p/${i}">Ash side table ${i}</a></h3><span class="price">$${200 + i}</span><div class="details"${hide}><p>Oiled ash top, ${40 + i} cm high; legs in walnut or ash; made to order in four weeks.</p></div></div>`;
    const clauses = Array.from({ length: 8 }, (_, k) => `<p>Clause ${k}: as an authorised dealer we are bound by agreements with the makers on how we show, price and sell some products, so a price may only be given on request.</p>`).join('');
    // The whole page in one form (ASP.NET's habit): no group of repeated items, the model's lines alone.
    const page = (hide: string, dialog: string) => `<html><body><header><nav><a href="/">Home</a> <a href="/tables">Tables</a></nav></header><form id="page"><h1>Side tables</h1>
<div class="grid">${Array.from({ length: 6 }, (_, i) => card(i, hide)).join('')}</div>${dialog}</form><footer><p>Example Furniture Ltd</p></footer></body></html>`;
    const dialog = (cls: string) => `<div class="${cls}" role="dialog" aria-hidden="true"><h2>Pricing policy</h2>${clauses}</div>`;
    const routes = (s: object) => ({ collection: { strategy: 'repeated', minConfidence: 0.5, settings: { repeatedItems: 3, dropChrome: true, remute: true, ...s } } });
    const run = (html: string, s: object) => extract(html, { model: as('collection'), farsw: { routes: routes(s) } }).text;
    const details = (k: number) => `Oiled ash top, ${40 + k} cm high; legs in walnut or ash; made to order in four weeks.`;
    // Each card's details hidden: not read without readHidden (nor by the relax of the empty output that is left); read with it, kept (nothing visible was lost).
    const hidden = page(' hidden', '');
    expect(run(hidden, { emptyRelax: false })).not.toContain(details(0));
    expect(run(hidden, { emptyRelax: false })).toBe('');
    const read = run(hidden, { readHidden: true, hiddenKeep: 0.5, hiddenGrowth: 3 }).split('\n');
    for (let k = 0; k < 6; k++) expect(read).toContain(details(k));
    // metamorphic: hidden by a style a browser renders the same way, or the details' class renamed: the same text
    expect(run(hidden.replaceAll(' hidden>', ' style="display: none">'), { readHidden: true, hiddenKeep: 0.5, hiddenGrowth: 3 })).toBe(read.join('\n'));
    expect(run(hidden.replaceAll('class="details"', 'class="card-more"'), { readHidden: true, hiddenKeep: 0.5, hiddenGrowth: 3 })).toBe(read.join('\n'));
    // The details shown and a hidden dialog of 8 clauses: read, the dialog joins; with hiddenGrowth 3 the visible reading stays.
    const shown = page('', dialog('modal'));
    expect(run(shown, { readHidden: true })).toContain('Clause 7: as an authorised dealer');
    const bounded = run(shown, { readHidden: true, hiddenKeep: 0.5, hiddenGrowth: 3 });
    expect(bounded).toBe(run(shown, {}));
    expect(bounded.split('\n')).toContain(details(5));
    expect(run(page('', dialog('popup-window')), { readHidden: true, hiddenKeep: 0.5, hiddenGrowth: 3 })).toBe(bounded);
  });
  it('hiddenAdds: the reading with hidden elements is kept when its output holds at least hiddenKeep of the visible output\'s characters', () => {
    // Lines are matched by their key, which folds digits: the items differ by a word.
    const grid = ['ash', 'elm', 'oak', 'yew'].map((w) => `<p>Side table in ${w}, oiled, made to order</p>`).join('');
    const visible = buildLineTable(`<body><h1>Side tables</h1>${grid}</body>`);
    const again = buildLineTable(`<body><h1>Side tables</h1>${grid}<div class="modal"><p>Pricing policy of the shop, in full</p></div></body>`);
    const lines = (t: typeof visible, pick: (s: string) => boolean) => t.text.flatMap((s, i) => (pick(s) ? [{ start: i, end: i + 1, score: 1 }] : []));
    const first = () => lines(visible, (s) => s.startsWith('Side table in'));
    const settings = (hiddenKeep: number, hiddenGrowth = 0) => ({ ...FARSW_APPLY_DEFAULTS, hiddenKeep, hiddenGrowth }) as Parameters<typeof hiddenAdds>[4];
    const dialogOnly = lines(again, (s) => s.startsWith('Pricing'));
    const both = lines(again, (s) => s.startsWith('Side table in') || s.startsWith('Pricing'));
    const half = lines(again, (s) => s.startsWith('Side table in ash') || s.startsWith('Side table in elm') || s.startsWith('Pricing'));
    expect(hiddenAdds(visible, first, again, dialogOnly, settings(0))).toBe(true);
    expect(hiddenAdds(visible, first, again, dialogOnly, settings(0.5))).toBe(false);
    expect(hiddenAdds(visible, first, again, both, settings(0.5))).toBe(true);
    expect(hiddenAdds(visible, first, again, half, settings(0.5))).toBe(true);
    expect(hiddenAdds(visible, first, again, half, settings(0.8))).toBe(false);
    // The dialog's 35 characters against the grid's 4 × 39: growth 1.22.
    expect(hiddenAdds(visible, first, again, both, settings(0.5, 1.2))).toBe(false);
    expect(hiddenAdds(visible, first, again, both, settings(0.5, 1.3))).toBe(true);
  });
  it('with commentShare, a forum page is read with its comment sections only when they hold more than that many times the output', () => {
    const routes = { forum: { strategy: 'forum', minConfidence: 0.5, settings: { commentShare: 1 } } };
    expect(extract(THREAD, { model: as('forum'), farsw: { routes } }).text).toContain('Hide glue is reversible');
    const article = Array.from({ length: 8 }, (_, k) => `<p>Paragraph ${k} of the opening post describes the stool, the joints and the kitchen where it stands at some length.</p>`).join('');
    const long = THREAD.replace('<div class="comments">', `${article}<div class="comments">`);
    const text = extract(long, { model: as('forum'), farsw: { routes } }).text;
    expect(text).toContain('Paragraph 7 of the opening post');
    expect(text).not.toContain('Hide glue is reversible');
  });
  it('the shipped routes: every type but article, each from a confidence, none in the paper preset or under favor precision', () => {
    expect(Object.keys(FARSW_APPLY_DEFAULTS.routes).sort()).toEqual(['collection', 'documentation', 'forum', 'listing', 'product', 'service']);
    for (const r of Object.values(FARSW_APPLY_DEFAULTS.routes)) expect(strategyById(r.strategy)).toBeDefined();
    expect(extract(PRODUCT, { model: as('product'), preset: 'paper' }).strategy).toBeUndefined();
    expect(extract(PRODUCT, { model: as('product'), favor: 'precision' }).strategy).toBeUndefined();
    expect(extract(PRODUCT, { model: as('product') }).strategy).toBe('items');
  });
  it('refuses an unknown strategy, forced or in a route, naming the known ones', () => {
    expect(() => extract(THREAD, { strategy: 'blog' })).toThrow(ConfigError);
    expect(() => extract(THREAD, { model: as('forum'), farsw: { routes: { forum: { strategy: 'blog', minConfidence: 0 } } } })).toThrow(/unknown page-type strategy blog/);
    expect(() => extract(THREAD, { strategy: 'blog' })).toThrow(/unknown page-type strategy blog \(strategies: none, forum, items/);
  });
});

describe('threadLines (stage posts)', () => {
  const posts = Array.from({ length: 4 }, (_, k) => `<div class="post"><p class="who"><a href="/u/${k}">member${k}</a> Mar ${k + 1}</p><p>Reply number ${k} explains at some length how the joint was glued and clamped.</p></div>`).join('');
  const page = `<body><nav><a href="/">Forum</a></nav><h1>Which glue for oak joints?</h1><div class="thread">${posts}</div><footer><p>About us</p></footer></body>`;
  const t = buildLineTable(page);
  const only = (text: string) => Uint8Array.from(t.text, (x) => (x.startsWith(text) ? 1 : 0));
  it('keeps every post, author lines too, of the run holding a chosen post line', () => {
    const kept = threadLines(t, only('Reply number 2'))!;
    expect(t.text.filter((_, i) => kept[i])).toEqual([0, 1, 2, 3].flatMap((k) => [`member${k} Mar ${k + 1}`, `Reply number ${k} explains at some length how the joint was glued and clamped.`]));
  });
  it('leaves the chosen lines alone outside a run of posts (a run of paragraphs is not one)', () => {
    expect(threadLines(t, only('Which glue'))).toBeUndefined();
    const paras = `<body><div>${Array.from({ length: 5 }, (_, k) => `<p>Paragraph ${k} of an article, long enough to be a post's text line.</p>`).join('')}</div></body>`;
    const tp = buildLineTable(paras);
    expect(threadLines(tp, Uint8Array.from(tp.text, (x) => (x.startsWith('Paragraph 1') ? 1 : 0)))).toBeUndefined();
  });
  it('with postsShare, the thread replaces the chosen lines only when they hold less than that share of its characters', () => {
    const run = (postsShare: number, chosen: Uint8Array) => postsStage.run({ table: t, model: shipped, options: { ...FARSW_APPLY_DEFAULTS, postsShare } }, { chosen });
    // One post's text of four posts' lines: about a fifth of the thread.
    const one = only('Reply number 2');
    expect(t.text.filter((_, i) => run(0.3, one).chosen?.[i])).toHaveLength(8);
    expect(run(0.1, one)).toEqual({});
    // Three posts' texts chosen: more than 0.3 of the thread, left alone.
    const three = Uint8Array.from(t.text, (x) => (/^Reply number [012]/.test(x) ? 1 : 0));
    expect(run(0.3, three)).toEqual({});
    expect(run(0, one)).toEqual({}); // off
  });
  it('with postsShare, a chosen text in no thread (a footer) is judged against the page\'s largest thread, not its layout', () => {
    const feed = Array.from({ length: 4 }, (_, k) => `<li class="feed-item"><h3><a href="/n/${k}">Story ${k} headline</a></h3><p>Story ${k} summary, a sentence or two on what the piece reports today.</p><span>By Staff</span></li>`).join('');
    // Three body-level divs (banner, promotion, content) are a run of the same tag too; the feed inside one is the thread.
    const topic = `<body><div class="top"><p>Cloud news for technology leaders, every weekday morning in your inbox.</p><p>Subscribe now</p></div><div class="promo"><p>Join our webinar on cloud budgets next Tuesday, free for all subscribers.</p></div><div class="content"><ul class="feed">${feed}</ul></div><section class="baseline"><p>Example Media is a business of Example Group, registered in England and Wales.</p><p>Privacy policy</p></section></body>`;
    const u = buildLineTable(topic);
    const run = (postsShare: number, chosen: Uint8Array) => postsStage.run({ table: u, model: shipped, options: { ...FARSW_APPLY_DEFAULTS, postsShare } }, { chosen });
    const footer = Uint8Array.from(u.text, (x) => (x.startsWith('Example Media') ? 1 : 0));
    const out = run(0.3, footer).chosen!;
    expect(u.text.filter((_, i) => out[i])).toEqual([...[0, 1, 2, 3].flatMap((k) => [`Story ${k} headline`, `Story ${k} summary, a sentence or two on what the piece reports today.`, 'By Staff']),
      'Example Media is a business of Example Group, registered in England and Wales.']);
    // The chosen text holds more than 0.1 of the feed: left alone.
    expect(run(0.1, footer)).toEqual({});
    // Under posts (the thread kept whole around a chosen post), a text in no thread stays as it is.
    expect(postsStage.run({ table: u, model: shipped, options: { ...FARSW_APPLY_DEFAULTS, posts: true } }, { chosen: footer })).toEqual({});
  });
});

describe('threadLines with the model\'s lines (stage replies)', () => {
  // A long first post (the container the cuts keep), an empty ad slot between two posts, three replies.
  const first = `<li class="message"><p class="who">benchdog</p><div class="body">${Array.from({ length: 5 }, (_, k) => `<p>Paragraph ${k} of the opening post, about the beech workbench and its joints.</p>`).join('')}</div></li>`;
  const reply = (k: number) => `<li class="message"><p class="who">member${k}</p><div class="body"><p>Reply number ${k} says how the laminations were kept in line under the clamps.</p></div><p class="posts">Posts: ${k + 10}</p></li>`;
  const page = `<body><h1>Beech workbench</h1><ol class="messages">${first}<div class="ad"></div>${reply(1)}${reply(2)}<div class="ad"></div>${reply(3)}</ol></body>`;
  const t = buildLineTable(page);
  const mask = (re: RegExp) => Uint8Array.from(t.text, (x) => (re.test(x) ? 1 : 0));
  const chosen = mask(/^Paragraph/), combined = mask(/^(Paragraph|Reply number)/);
  it('adds the lines the model chose in the other posts of the run, across empty siblings (ad slots), nothing else', () => {
    const out = threadLines(t, chosen, combined)!;
    expect(t.text.filter((_, i) => out[i] && !chosen[i])).toEqual([1, 2, 3].map((k) => `Reply number ${k} says how the laminations were kept in line under the clamps.`));
  });
  it('takes the innermost run around the chosen lines that adds a line: not the paragraphs of the first post', () => {
    // The opening post's paragraphs are a run too; with every line of the thread allowed, the posts' run is the one that adds.
    const out = threadLines(t, chosen, Uint8Array.from(t.text, () => 1))!;
    expect(t.text.filter((_, i) => out[i] && !chosen[i])).toEqual(['benchdog', ...[1, 2, 3].flatMap((k) => [`member${k}`, `Reply number ${k} says how the laminations were kept in line under the clamps.`, `Posts: ${k + 10}`])]);
    expect(threadLines(t, combined, combined)).toBeUndefined(); // nothing left to add
  });
  it('is a stage that is off by default (replies false)', () => {
    const run = (replies: boolean) => repliesStage.run({ table: t, model: shipped, options: { ...FARSW_APPLY_DEFAULTS, replies } }, { chosen, combined });
    expect(run(false)).toEqual({});
    expect(t.text.filter((_, i) => run(true).chosen?.[i])).toHaveLength(8);
  });
});
