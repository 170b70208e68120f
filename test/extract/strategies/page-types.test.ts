import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extract, scoreText } from '../../../src/index.js';
import { FARSW_APPLY_DEFAULTS } from '../../../src/core/defaults.js';

const DIR = fileURLToPath(new URL('../../../training-data/page-types.example/', import.meta.url));
const page = (name: string): { html: string; gold: string; url: string } => ({
  html: readFileSync(`${DIR}${name}.html`, 'utf8'),
  gold: readFileSync(`${DIR}${name}.txt`, 'utf8'),
  url: (JSON.parse(readFileSync(`${DIR}${name}.json`, 'utf8')) as { url: string }).url,
});

/** The hand-written pages of each type (training-data/page-types.example): what the default model gives today. */
describe('page types (training-data/page-types.example)', () => {
  it('a forum thread held in <noscript> (a Discourse crawler copy) comes out with every post, and a warning', () => {
    const { html, gold } = page('forum-thread');
    const r = extract(html);
    expect(r.warnings).toEqual(["<noscript> holds most of the page's text; it was read as shown"]);
    for (const line of gold.split('\n').filter((l) => l.length > 60)) expect(r.text).toContain(line);
    expect(scoreText(r.text, gold).bow.precision).toBe(1);
  });
  it('a thread whose posts carry comment class words (Invision-style) is routed to the forum strategy and comes out with its posts', () => {
    const { html, gold } = page('forum-comments');
    const url = 'https://forum.page-types.example/topic/seasoning-an-ash-stave/';
    const r = extract(html, { url, metadata: true });
    expect(r.metadata?.pageType?.type).toBe('forum');
    expect(r.strategy).toBe('forum');
    // Unrouted, the comment filter drops every post: the title and the byline are left.
    expect(scoreText(extract(html, { url, strategy: 'none' }).text, gold).bow.f1).toBeLessThan(0.2);
    for (const line of gold.split('\n').filter((l) => l.length > 60)) expect(r.text).toContain(line);
    // Measured 0.913: two of the four author names are left out (the model's lines around them), the breadcrumb and the members' post counts are in.
    expect(scoreText(r.text, gold).bow.f1).toBeGreaterThanOrEqual(0.9);
  });
  it("a thread whose replies quote earlier posts and carry signatures comes out with each post's words once and no signature", () => {
    const { html, gold, url } = page('forum-quotes');
    const r = extract(html, { url, metadata: true });
    expect(r.metadata?.pageType?.type).toBe('forum');
    expect(r.strategy).toBe('forum');
    const lines = r.text.split('\n');
    // The quoted sentences are each printed once (their post's), the "… said:" attributions stay.
    expect(lines.filter((l) => l.startsWith('I feed it once a day'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('Feed it twice a day'))).toHaveLength(0);
    expect(lines).toContain('crumbshot said:');
    expect(r.text).not.toMatch(/Baking since lockdown|Three starters/);
    // Unrouted, both quotes and all three signatures are in.
    const plain = extract(html, { url, strategy: 'none' }).text;
    expect(plain).toMatch(/Baking since lockdown[^]*Three starters/);
    // Measured 0.982: the authors' names (linked headings) are missing.
    expect(scoreText(r.text, gold).bow.f1).toBeGreaterThanOrEqual(0.97);
    expect(scoreText(plain, gold).bow.f1).toBeLessThan(0.8);
  });
  it('a thread under a cookie-consent dialog comes out with every reply and without the dialog', () => {
    const { html, gold, url } = page('forum-consent');
    const r = extract(html, { url, metadata: true });
    expect(r.metadata?.pageType?.type).toBe('forum');
    expect(r.strategy).toBe('forum');
    for (const line of gold.split('\n').filter((l) => l.length > 60)) expect(r.text).toContain(line);
    expect(r.text).not.toMatch(/cookies|consent/i);
    expect(r.text).not.toMatch(/^Posts:/m);
    // Measured 1.000 (0.981 with the members' "Posts:" lines and counts, before memberStats).
    expect(scoreText(r.text, gold).bow.f1).toBeGreaterThanOrEqual(0.99);
  });
  it('a listing under a cookie-consent dialog whose purposes outweigh the cards: the listing route with dropConsent gives the cards alone, wherever the dialog stands', () => {
    const { html, gold, url } = page('listing-consent');
    const farsw = FARSW_APPLY_DEFAULTS.routes.listing!.settings!;
    expect(farsw.dropConsent).toBe(true);
    // The dialog's prose reads as an article to the classifier, as on the real pages (its .json carries no page_type for
    // that reason): the listing route is forced here.
    expect(extract(html, { url, metadata: true }).metadata?.pageType?.type).toBe('article');
    const r = extract(html, { url, strategy: 'repeated', farsw });
    expect(r.text).toBe(gold.trimEnd());
    // Without dropConsent the preference centre's purposes are in (the model path keeps them too).
    const without = extract(html, { url, strategy: 'repeated', farsw: { ...farsw, dropConsent: false } }).text;
    expect(without).toMatch(/Strictly necessary cookies/);
    expect(scoreText(without, gold).bow.precision).toBeLessThan(0.4);
    // Metamorphic: the dialog at the start of the body (where some sites inject it) gives the same text.
    const dialog = /<div id="onetrust-consent-sdk">[^]*<\/ul>[^]*?<\/div><\/div>/.exec(html)![0];
    const first = html.replace(`\n${dialog}`, '').replace('<body>', `<body>${dialog}`);
    expect(first).not.toBe(html);
    expect(extract(first, { url, strategy: 'repeated', farsw }).text).toBe(r.text);
  });
  it("a short thread beside a sidebar's sign-up box: the forum strategy drops the page's aside (dropChrome), wherever the sidebar stands", () => {
    const { html, gold, url } = page('forum-sidebar');
    const farsw = FARSW_APPLY_DEFAULTS.routes.forum!.settings!;
    expect(farsw.dropChrome).toBe(true);
    const r = extract(html, { url, metadata: true });
    expect(r.metadata?.pageType?.type).toBe('forum');
    expect(r.strategy).toBe('forum');
    expect(r.text).toBe('Netting brassicas against pigeons\nplotholder_42 3 hr. ago\n' + gold.split('\n')[3]);
    expect(scoreText(r.text, gold).bow.f1).toBe(1);
    // Without dropChrome the sign-up box is in: the headline's container holds the thread and the sidebar.
    expect(extract(html, { url, strategy: 'forum', farsw: { ...farsw, dropChrome: false } }).text).toMatch(/Create your account/);
    // Metamorphic: the sidebar on the left (the aside before the headline) gives the same text.
    const aside = /<aside[^]*<\/aside>/.exec(html)![0];
    const left = html.replace(`\n${aside}`, '').replace('<h1>', `${aside}<h1>`);
    expect(left).not.toBe(html);
    expect(extract(left, { url, strategy: 'forum', farsw }).text).toBe(r.text);
  });
  // Floors: BoW F1 as measured when the page was written (with its URL, a classifier feature), less 0.01; what is missing or extra is named.
  it.each([
    // routed to `repeated` (collection): every card; extra: the facet headings "Filter" and "Price" (the page's footer is dropped, dropChrome)
    ['category-grid', 0.98],
    // routed to `sections` (service): the FAQ's hidden answers are read (readHidden); the linked town names of the "Areas we serve" list are missing
    ['service-page', 0.95],
    // routed to `repeated` (listing): every row; the "More" link is missing
    ['job-listing', 0.98],
  ])('%s: BoW F1 at least %f', (name, floor) => {
    const { html, gold, url } = page(name as string);
    expect(scoreText(extract(html, { url }).text, gold).bow.f1).toBeGreaterThanOrEqual(floor as number);
  });
  it("a category grid routed to `repeated` keeps every card's linked title, which the model path alone leaves out", () => {
    const { html, url } = page('category-grid');
    const routed = extract(html, { url, metadata: true });
    expect(routed.metadata?.pageType?.type).toBe('collection');
    const titles = ['Walnut standing desk', 'Oak standing desk', "Kids' standing desk"];
    for (const t of titles) expect(routed.text.split('\n')).toContain(t);
    const plain = extract(html, { url, strategy: 'none' }).text.split('\n');
    for (const t of titles) expect(plain).not.toContain(t);
    // The page's <footer>, which the model path keeps, is not a grid's content (dropChrome).
    expect(plain).toContain('Free delivery on orders over $500.');
    expect(routed.text).not.toContain('Free delivery on orders over $500.');
  });
});
