import { describe, it, expect } from 'vitest';
import { extractMetadata } from '../../src/html/metadata.js';
import { extract } from '../../src/api/extract.js';

const ARTICLE = `<!doctype html><html lang="en-GB"><head>
<title>Harbour wall rebuilt after storm | The Coastal Courier</title>
<meta name="description" content="Two hundred metres of the sea wall are back.">
<meta property="og:site_name" content="The Coastal Courier">
<meta name="author" content="Ann Smith">
<meta property="article:published_time" content="2024-03-05T08:00:00Z">
<link rel="canonical" href="/news/harbour-wall">
</head><body><nav><h3>Menu</h3></nav><article><h1>Harbour wall rebuilt after storm</h1><p>Text.</p></article></body></html>`;

describe('extractMetadata (issue 21.2)', () => {
  it('reads title (the headline line), byline, date, site name, language, canonical URL and description', () => {
    expect(extractMetadata(ARTICLE, 'https://courier.example/x?y=1')).toEqual({
      title: 'Harbour wall rebuilt after storm', byline: 'Ann Smith', date: '2024-03-05T08:00:00Z', siteName: 'The Coastal Courier',
      lang: 'en-GB', canonicalUrl: 'https://courier.example/news/harbour-wall', description: 'Two hundred metres of the sea wall are back.',
    });
  });

  it('the headline is the heading closest to the title, never the site\'s name', () => {
    const page = (head: string, body: string) => `<html><head>${head}</head><body>${body}</body></html>`;
    // A comment count repeating the headline, and a print-edition footnote quoting the title, lose to the headline.
    expect(extractMetadata(page('<title>Six Ways to Save Money at the Holidays | Frugal Blog</title>',
      '<h1>Six Ways to Save Money at the Holidays</h1><p>…</p><h3>42 Responses to “Six Ways to Save Money at the Holidays”</h3>')).title)
      .toBe('Six Ways to Save Money at the Holidays');
    expect(extractMetadata(page('<title>Mill Owners Stand Firm on Decision to Close the River Works - Daily Example</title>',
      '<h1>Mill Owners Firm on Closing River Works</h1><p>…</p><h6>This article ran in the print edition of March 3, 2021, page C2, under the headline: Mill Owners Stand Firm on Decision to Close the River Works.</h6>')).title)
      .toBe('Mill Owners Firm on Closing River Works');
    // "Site: Headline", "Site › Headline", "Headline « Site": the site's heading links to the home page or is its banner.
    expect(extractMetadata(page("<title>Rye and Honey: Grandpa Says</title>", '<h1><a href="https://ryeandhoney.example/">Rye and Honey</a></h1><h3>Grandpa Says</h3><p>…</p>')).title).toBe('Grandpa Says');
    expect(extractMetadata(page('<title>Open Stacks Notes › The Hesitant Indexer</title>', '<h1 id="blog-title">Open Stacks Notes</h1><h2>The Hesitant Indexer</h2>')).title).toBe('The Hesitant Indexer');
    expect(extractMetadata(page("<title>Gear Down « Joe's Blog</title>", '<h1><a href="/">Joe\'s Blog</a></h1><h2>Gear Down</h2>')).title).toBe('Gear Down');
    // A heading that only holds a link home among other text is still a heading (a topic icon before the headline).
    expect(extractMetadata(page('<title>Judge Declares Patent Battles Ridiculous - Slashdot</title>',
      '<h2><a href="//apple.slashdot.example/">Apple</a> <a href="/story/1">Judge Declares Patent Battles Ridiculous</a></h2>')).title)
      .toBe('Apple Judge Declares Patent Battles Ridiculous');
    // With no title at all, the first <h1>, even the site's (a home page).
    expect(extractMetadata(page('', '<h1><a href="/">Swift Lane Tutorials</a></h1><h2>Notes on Learning Rust</h2>')).title).toBe('Swift Lane Tutorials');
  });

  it('JSON-LD (in @graph), itemprop and <time> when the meta tags are absent', () => {
    const html = `<html><head><title>Site: front</title><script type="application/ld+json">{"@graph":[{"@type":"WebPage","name":"x"},
      {"@type":"NewsArticle","headline":"Budget approved","author":[{"@type":"Person","name":"Li Wei"}],"datePublished":"2023-11-02","publisher":{"name":"Gazette"},"description":"The council voted."}]}</script></head>
      <body><h2>Budget approved after long debate</h2><p>…</p></body></html>`;
    expect(extractMetadata(html)).toMatchObject({ title: 'Budget approved after long debate', byline: 'Li Wei', date: '2023-11-02', siteName: 'Gazette', description: 'The council voted.' });
    const t = extractMetadata('<html><body><h1>Only a heading here</h1><p class="byline">By Jo Bloggs</p><time datetime="2022-01-01">Jan 1</time></body></html>');
    expect(t).toMatchObject({ title: 'Only a heading here', byline: 'By Jo Bloggs', date: '2022-01-01' });
  });

  it('the <title> without its site part when no heading repeats it; nulls where the page says nothing', () => {
    expect(extractMetadata('<title>Gazette — A quiet week in the valley</title><p>x</p>').title).toBe('A quiet week in the valley');
    expect(extractMetadata('<p>nothing</p>')).toEqual({ title: null, byline: null, date: null, siteName: null, lang: null, canonicalUrl: null, description: null });
  });

  it('extract() gives it with metadata: true, and not otherwise', () => {
    expect(extract(ARTICLE, { algorithm: 'addanag', metadata: true }).metadata?.title).toBe('Harbour wall rebuilt after storm');
    expect(extract(ARTICLE, { algorithm: 'addanag' }).metadata).toBeUndefined();
  });
});
