import { describe, it, expect } from 'vitest';
import { bylineNames, extractMetadata } from '../../src/html/metadata.js';
import { extract } from '../../src/api/extract.js';

const ARTICLE = `<!doctype html><html lang="en-GB"><head>
<title>Harbour wall rebuilt after storm | The Coastal Courier</title>
<meta name="description" content="Two hundred metres of the sea wall are back.">
<meta property="og:site_name" content="The Coastal Courier">
<meta name="author" content="Ann Smith">
<meta property="article:published_time" content="2024-03-05T08:00:00Z">
<link rel="canonical" href="/news/harbour-wall">
</head><body><nav><h3>Menu</h3></nav><article><h1>Harbour wall rebuilt after storm</h1><p>Text.</p></article></body></html>`;

describe('extractMetadata (issues 21.2, 37.3)', () => {
  it('reads title (the headline line), byline, date, site name, language, canonical URL and description', () => {
    expect(extractMetadata(ARTICLE, 'https://courier.example/x?y=1')).toEqual({
      title: 'Harbour wall rebuilt after storm', headline: 'Harbour wall rebuilt after storm', byline: 'Ann Smith', date: '2024-03-05', siteName: 'The Coastal Courier',
      lang: 'en-GB', dir: null, canonicalUrl: 'https://courier.example/news/harbour-wall', description: 'Two hundred metres of the sea wall are back.',
      excerpt: 'Two hundred metres of the sea wall are back.', image: null,
    });
  });

  it('the title: the <h1> when it repeats the title, else the title\'s first part that is not the site\'s name', () => {
    const page = (head: string, body: string) => `<html><head>${head}</head><body>${body}</body></html>`;
    // The <h1> repeating the title (a comment count repeating it too), or reworded with half its words or more in it.
    expect(extractMetadata(page('<title>Six Ways to Save Money at the Holidays | Frugal Blog</title>',
      '<h1>Six Ways to Save Money at the Holidays</h1><p>…</p><h3>42 Responses to “Six Ways to Save Money at the Holidays”</h3>')).title)
      .toBe('Six Ways to Save Money at the Holidays');
    expect(extractMetadata(page('<title>Mill Owners Stand Firm on Decision to Close the River Works - Daily Example</title>',
      '<h1>Mill Owners Firm on Closing River Works</h1><p>…</p>')).title).toBe('Mill Owners Firm on Closing River Works');
    // An <h1> with less than half its words in the title is a slogan: the title's first part.
    expect(extractMetadata(page('<title>Cloud Stocks to Buy in 2025 | Fool Example</title>', '<h1>Investing in Tomorrow, Today</h1>')).title)
      .toBe('Cloud Stocks to Buy in 2025');
    // "Headline - Subtitle - Site" with no heading: the first part; a heading equal to the first part wins over an <h1> (the site's section).
    expect(extractMetadata(page('<title>Gym Workouts for Beginners - Strength Training - Iron Club</title>', '<p>…</p>')).title).toBe('Gym Workouts for Beginners');
    expect(extractMetadata(page('<title>Reform Two Years Later | The Example House</title>', '<h1>The Example House Blog</h1><h2>Our Stories</h2><h2>Reform Two Years Later</h2>')).title)
      .toBe('Reform Two Years Later');
    // No <h1> for it: a heading equal to any part of the title ("Section - Headline", "Blog: Headline").
    expect(extractMetadata(page('<title>Japan - Relations with the United States</title>', '<h2>Relations with the United States</h2>')).title).toBe('Relations with the United States');
    expect(extractMetadata(page('<title>Kool Band – “Bright Song” Video - Tunes Daily</title>', '<h2>Kool Band – “Bright Song” Video</h2>')).title).toBe('Kool Band – “Bright Song” Video');
    // A line break inside a heading separates its words; a soft hyphen is not shown.
    expect(extractMetadata(page('<title>Data Analytics Agency | Rojo</title>', '<h1>Data Analytics<span><br>Agency</span></h1>')).title).toBe('Data Analytics Agency');
    expect(extractMetadata(page('<title>City: Home Repair Assistance Program</title>', '<h1>Home Repair Assis\u00adtance Program</h1>')).title).toBe('Home Repair Assistance Program');
    expect(extractMetadata(page('<title>» A Vegan Tour of Town :calmhabits</title>', '<h2>A Vegan Tour of Town</h2><h1>calmhabits</h1>')).title).toBe('A Vegan Tour of Town');
    expect(extractMetadata(page("<title>Seth's Notes: The importance of going first</title>", "<h1><a href='/'>Seth's Notes</a></h1><h2>The importance of going first</h2>")).title)
      .toBe('The importance of going first');
    // The site's name, never: an <h1> linked home, marked as a banner, equal to og:site_name, to the host's name, or to a later part of the title.
    expect(extractMetadata(page("<title>Gear Down « Joe's Blog</title>", '<h1><a href="/">Joe\'s Blog</a></h1><h2>Gear Down</h2>')).title).toBe('Gear Down');
    expect(extractMetadata(page('<title>Open Stacks Notes › The Hesitant Indexer</title><meta property="og:site_name" content="Open Stacks Notes">',
      '<h1 id="blog-title">Open Stacks Notes</h1><h2>The Hesitant Indexer</h2>')).title).toBe('The Hesitant Indexer');
    expect(extractMetadata(page('<title>Supermove | Best Movers in Town</title>', '<h1>SuperMove</h1>'), 'https://www.supermove.example/movers').title)
      .toBe('Best Movers in Town');
    expect(extractMetadata(page('<title>What is Ownership? - The Borrow Book</title>', '<h1>The Borrow Book</h1><h2>What is Ownership?</h2>')).title)
      .toBe('What is Ownership?');
    expect(extractMetadata(page('<title>Rye and Honey: Grandpa Says</title>', '<h1><a href="https://ryeandhoney.example/">Rye and Honey</a></h1><h3>Grandpa Says</h3><p>…</p>')).title)
      .toBe('Grandpa Says');
    // "Site: Headline" with no heading for the headline stays whole (a colon also ends "Beginner's Guide: …" headlines).
    expect(extractMetadata(page('<title>Figleaf: The Collaborative Drawing Tool</title>', '<p>…</p>')).title).toBe('Figleaf: The Collaborative Drawing Tool');
    // A part written twice is the site's name; a title naming only the site (or with its page part left empty) gives way to the <h1> off the home page.
    expect(extractMetadata(page('<title>High Scale - High Scale - Notes on Caches</title>', '<p>…</p>')).title).toBe('Notes on Caches');
    expect(extractMetadata(page('<title>Glossy</title><meta property="og:site_name" content="Glossy">', '<h1>Custom Skincare Set</h1>'), 'https://glossy.example/a/custom-set').title)
      .toBe('Custom Skincare Set');
    expect(extractMetadata(page('<title>| Nuts & Volts Magazine</title>', '<h1>Electronic Gadgets</h1>'), 'https://nv.example/category/gadgets').title).toBe('Electronic Gadgets');
    expect(extractMetadata(page('<title>Glossy</title><meta property="og:site_name" content="Glossy">', '<h1>Best of the best</h1>'), 'https://glossy.example/').title).toBe('Glossy');
    // With no title at all, the first <h1>, even the site's (a home page).
    expect(extractMetadata(page('', '<h1><a href="/">Swift Lane Tutorials</a></h1><h2>Notes on Learning Rust</h2>')).title).toBe('Swift Lane Tutorials');
  });

  it('JSON-LD (in @graph), itemprop and <time> when the meta tags are absent', () => {
    const html = `<html><head><title>Budget approved after long debate | Gazette</title><script type="application/ld+json">{"@graph":[{"@type":"WebPage","name":"x"},
      {"@type":"NewsArticle","headline":"Budget approved","author":[{"@type":"Person","name":"Li Wei"}],"datePublished":"2023-11-02","publisher":{"name":"Gazette"},"description":"The council voted."}]}</script></head>
      <body><h2>Budget approved after long debate</h2><p>…</p></body></html>`;
    expect(extractMetadata(html)).toMatchObject({ title: 'Budget approved after long debate', byline: 'Li Wei', date: '2023-11-02', siteName: 'Gazette', description: 'The council voted.' });
    const t = extractMetadata('<html><body><h1>Only a heading here</h1><p class="byline">By Jo Bloggs</p><time datetime="2022-01-01">Jan 1</time></body></html>');
    expect(t).toMatchObject({ title: 'Only a heading here', byline: 'Jo Bloggs', date: '2022-01-01' });
  });

  it('the <title> without its site part when no heading repeats it; nulls where the page says nothing', () => {
    expect(extractMetadata('<title>Gazette — A quiet week in the valley</title><meta property="og:site_name" content="Gazette"><p>x</p>').title).toBe('A quiet week in the valley');
    // No site name known: the first part.
    expect(extractMetadata('<title>A quiet week in the valley — Gazette</title><p>x</p>').title).toBe('A quiet week in the valley');
    expect(extractMetadata('<p>nothing</p>')).toEqual({ title: null, headline: null, byline: null, date: null, siteName: null, lang: null, dir: null, canonicalUrl: null, description: null, excerpt: null, image: null });
  });

  it('extract() gives it with metadata: true, and not otherwise', () => {
    expect(extract(ARTICLE, { algorithm: 'addanag', metadata: true }).metadata?.title).toBe('Harbour wall rebuilt after storm');
    expect(extract(ARTICLE, { algorithm: 'addanag' }).metadata).toBeUndefined();
  });
});

describe('dates (issue 37.3): the page\'s day as YYYY-MM-DD', () => {
  const page = (head: string, body: string, lang = 'en') => `<html lang="${lang}"><head>${head}</head><body>${body}</body></html>`;
  it('the date shown under the headline, in several languages and forms', () => {
    const cases: [string, string, string][] = [
      ['en', 'June 19th, 2018', '2018-06-19'],
      ['en', 'Posted on Dec. 19, 2025 by Ann', '2025-12-19'],
      ['de', '20. Mai 2007', '2007-05-20'],
      ['fr', 'Publié le 19 juin 2018', '2018-06-19'],
      ['es', '19 de junio de 2018', '2018-06-19'],
      ['en', '09/25/2025 - 11:38', '2025-09-25'],
      ['de', '19.06.2018', '2018-06-19'],
      ['en-GB', '02/12/2025', '2025-12-02'],
      ['en', '2018-06-19', '2018-06-19'],
    ];
    for (const [lang, shown, day] of cases) {
      expect(extractMetadata(page('<title>A headline that the page repeats</title>', `<h1>A headline that the page repeats</h1><p class="meta">${shown}</p><p>Body.</p>`, lang)).date, shown).toBe(day);
    }
  });

  it('the shown date wins over the data, an "Updated" one does not; the data, then the URL, when nothing is shown', () => {
    const head = '<title>Harbour wall rebuilt</title><script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2024-03-06T02:10:00+00:00"}</script>';
    // A US page shows the 5th; its data is in UTC, already the 6th.
    expect(extractMetadata(page(head, '<h1>Harbour wall rebuilt</h1><div>March 5, 2024</div>')).date).toBe('2024-03-05');
    // An update shown under the headline gives way to the data's publication when a published-date meta tag confirms it.
    const confirmed = `${head}<meta property="article:published_time" content="2024-03-06T02:10:00+00:00">`;
    expect(extractMetadata(page(confirmed, '<h1>Harbour wall rebuilt</h1><div>Updated: March 9, 2024</div>')).date).toBe('2024-03-06');
    expect(extractMetadata(page(head, '<h1>Harbour wall rebuilt</h1><p>No date here.</p>')).date).toBe('2024-03-06');
    expect(extractMetadata(page('<meta name="dc.date" content="2019-02-03">', '<p>x</p>')).date).toBe('2019-02-03');
    expect(extractMetadata(page('<meta name="parsely-pub-date" content="Tue, 05 Mar 2024 08:00:00 GMT">', '<p>x</p>')).date).toBe('2024-03-05');
    expect(extractMetadata(page('', '<p>x</p>'), 'https://blog.example/2007/05/20/a-post/').date).toBe('2007-05-20');
    expect(extractMetadata(page('', '<p>x</p>'), 'https://blog.example/2007-05-20-a-post').date).toBe('2007-05-20');
    expect(extractMetadata(page('', '<p>x</p>'), 'https://blog.example/2023/october/03/a-post/').date).toBe('2023-10-03');
    // No real day: null (a 31st of June, a year far off, a price).
    expect(extractMetadata(page('', '<h1>T</h1><p>31 June 2018, $12.50, 1/2/3456</p>')).date).toBeNull();
  });

  it('a date after a label naming another event is not the page\'s: a forum user box, a paper\'s submission, a citation', () => {
    // The poster's registration day sits between the headline and the post's day.
    const post = (box: string): string => page('<title>Which mirror is fastest?</title>',
      `<h1>Which mirror is fastest?</h1><div class="post"><div class="author"><strong>ann_k</strong><dl><dt>Member</dt><dd>${box}</dd></dl></div><span class="date">2024-08-03 10:59</span><p>Body.</p></div>`);
    expect(extractMetadata(post('Registered: 2024-01-27')).date).toBe('2024-08-03');
    expect(extractMetadata(post('Joined <time datetime="2021-12-11">Dec 11, 2021</time>')).date).toBe('2024-08-03');
    expect(extractMetadata(post('Member since 11 December 2021')).date).toBe('2024-08-03');
    // The same box without the label: its date is the nearest, so it wins (the label is what tells them apart).
    expect(extractMetadata(post('2024-01-27')).date).toBe('2024-01-27');
    expect(extractMetadata(page('<title>A trial</title>', '<h1>A trial</h1><p>Submitted: 04.Apr.2019</p><p>[accessed 2019-06-18]</p><p>Body.</p>')).date).toBeNull();
    // Microsoft Learn's publication meta tag, month first in every language.
    expect(extractMetadata(page('<meta name="ms.date" content="03/06/2025">', '<p>x</p>')).date).toBe('2025-03-06');
    expect(extractMetadata(page('<meta name="ms.date" content="03/06/2025">', '<p>x</p>', 'de-de')).date).toBe('2025-03-06');
  });
});

describe('headline (issues 21.2, 37.3): the heading that repeats the title, beside the page\'s title', () => {
  it('the article\'s heading where the title is the page\'s; null when no heading repeats the title', () => {
    const m = extractMetadata('<html><head><title>Amazon Web Services Blog: AWS Week in Review - October 29, 2012</title></head><body><h1><a href="/">Amazon Web Services Blog</a></h1><h3>AWS Week in Review - October 29, 2012</h3><p>Text.</p></body></html>');
    expect(m.headline).toBe('AWS Week in Review - October 29, 2012');
    expect(extractMetadata('<html><head><title>Opening hours</title></head><body><h1>Welcome</h1></body></html>').headline).toBeNull();
  });

  it('a post\'s wrapper whose class names its author ("author-kgs") does not hide the headline inside it', () => {
    const m = extractMetadata(`<html><head><title>Free Range Librarian › The Fall Funnel of Fun</title></head><body><h1><a href="/">Free Range Librarian</a></h1>
      <div class="hentry post author-kgs"><h2 class="entry-title">The Fall Funnel of Fun</h2><div class="entry-content"><p>${'A long paragraph of the post. '.repeat(20)}</p></div><span class="author">Posted by Karen Schneider</span></div></body></html>`);
    expect(m).toMatchObject({ title: 'The Fall Funnel of Fun', headline: 'The Fall Funnel of Fun', byline: 'Karen Schneider' });
  });
});

describe('dates near the headline (issue 37.3)', () => {
  const page = (head: string, body: string) => extractMetadata(`<html lang="en"><head>${head}</head><body>${body}</body></html>`).date;
  it('a date inside the headline is its text, not its day; the window starts where the headline ends', () => {
    const ld = '<script type="application/ld+json">{"@type":"DiscussionForumPosting","datePublished":"2024-05-03T08:45:44Z"}</script>';
    expect(page(ld, '<h1>Upgrade from 2024.4.4 to 2024.5.0 stuck on the start screen</h1><p>Text.</p>')).toBe('2024-05-03');
    const long = 'Why is a bare except clause that swallows every error a bad programming practice in every language we know of today';
    const answer = '<script type="application/ld+json">{"@type":"QAPage","mainEntity":{"@type":"Question","datePublished":"2018-05-21"}}</script>';
    expect(page(answer, `<h1>${long}</h1><div>${'Asked by a user with a long name and a long story here. '.repeat(4)}</div><time datetime="2014-02-04T13:02:51Z">Feb 4, 2014</time>`)).toBe('2014-02-04');
  });

  it('a <time> shows the day its text says when its datetime is a UTC value a day off, its datetime when they are further apart', () => {
    expect(page('', '<h1>Pros and cons of using a travel agent</h1><time datetime="2024-04-17T21:13:04Z">April 18, 2024</time><p>Text.</p>')).toBe('2024-04-18');
    // A template's text left from another post: the machine-readable day is the page's.
    expect(page('', '<h1>Pros and cons of using a travel agent</h1><time datetime="2024-12-20">August 28, 2024</time><p>Text.</p>')).toBe('2024-12-20');
  });

  it('a date labelled "Published" anywhere comes before the data; one just above the headline after it', () => {
    const ld = '<script type="application/ld+json">{"@type":"Article","datePublished":"2025-11-29T12:28:31-05:00"}</script>';
    const body = `<p>${'A long introduction that pushes the date far from the headline. '.repeat(10)}</p>`;
    // Shown at the end of the article, under a label: the data is a later re-publication.
    expect(page(ld, `<h1>Ten free accounting tools</h1>${body}<div>Published <time datetime="2025-08-13">August 13, 2025</time></div>`)).toBe('2025-08-13');
    expect(page('', `<h1>Ten free accounting tools</h1>${body}<h4>Published</h4><div class="date">July 8, 2025</div>`)).toBe('2025-07-08');
    expect(page('', `<h1>A treatise on coffee</h1>${body}<p>Veröffentlicht am 2. Februar 2023</p>`)).toBe('2023-02-02');
    // Without the label a far date is no candidate.
    expect(page('', `<h1>Ten free accounting tools</h1>${body}${body}${body}${body}<div class="date">July 8, 2025</div>`)).toBeNull();
    // A site's bar with today's date above the headline gives way to the data (a forum's microdata here).
    const bar = '<p>Stats: 8,365,576 topics. Date: Thursday, 05 March 2026 at 01:16 PM</p>';
    expect(page('', `${bar}<h2>Hybrid quantum and classical computing</h2><div itemscope><meta itemprop="datePublished" content="2023-03-09T14:21:23Z"></div>`)).toBe('2023-03-09');
    expect(page('', `${bar}<h2>Hybrid quantum and classical computing</h2><p>Text.</p>`)).toBe('2026-03-05');
  });

  it('dates in an element classed "updated" (hAtom) are updates, like labelled ones', () => {
    const head = '<meta property="article:published_time" content="2022-01-03T16:52:00+00:00">';
    expect(page(head, '<h1>Remote work tips</h1><span class="meta-date"><span class="updated">2025-11-03</span></span><p>Text.</p>')).toBe('2022-01-03');
    expect(page(head, '<h1>Remote work tips</h1><span class="meta-date"><span>2025-11-03</span></span><p>Text.</p>')).toBe('2025-11-03');
  });

  it('a numeric date read month first is read day first when the URL or the data names that day', () => {
    const body = '<h1>How many wine styles are there?</h1><div class="blog-date">03/10/2023</div><p>Text.</p>';
    const at = (url?: string) => extractMetadata(`<html lang="en"><head></head><body>${body}</body></html>`, url).date;
    expect(at('https://wine.example/blog/2023/october/03/wine-styles/')).toBe('2023-10-03');
    expect(at('https://wine.example/blog/2023/10/03/wine-styles/')).toBe('2023-10-03');
    expect(at('https://wine.example/blog/wine-styles/')).toBe('2023-03-10');
    // An unambiguous date is never swapped.
    expect(extractMetadata('<html lang="en"><body><h1>How many wine styles are there?</h1><div>03/13/2023</div></body></html>', 'https://wine.example/2023/13/03/').date).toBe('2023-03-13');
  });
});

describe('a publication day only JSON-LD states, against the day the page shows (issue 37.3)', () => {
  const ld = (day: string) => `<script type="application/ld+json">{"@type":"BlogPosting","datePublished":"${day}"}</script>`;
  const page = (head: string, body: string) => extractMetadata(`<html lang="en"><head>${head}</head><body>${body}</body></html>`).date;
  const filler = `<p>${'A long introduction that pushes what follows away from the headline. '.repeat(5)}</p>`;

  it('gives way to the update the page shows, unless a meta tag confirms it or the page shows it too', () => {
    const body = '<h1>Twelve cameras for beginners</h1><p class="byline">By Jo Bloggs · Updated July 22, 2021</p><p>Text.</p>';
    expect(page(ld('2020-03-11T09:00:00Z'), body)).toBe('2021-07-22');
    // Anywhere on the page: the "Last updated" line at the article's end.
    expect(page(ld('2020-03-11T09:00:00Z'), `<h1>Twelve cameras for beginners</h1>${filler}${filler}<p>Last updated on July 22, 2021</p>`)).toBe('2021-07-22');
    expect(page(`${ld('2020-03-11T09:00:00Z')}<meta property="article:published_time" content="2020-03-11">`, body)).toBe('2020-03-11');
    expect(page(ld('2020-03-11T09:00:00Z'), `${body}${filler}<footer>First published March 11, 2020</footer>`)).toBe('2020-03-11');
  });

  it('with no update shown, gives way to the first date within 2,000 characters after the headline (a UTC day a day off)', () => {
    expect(page(ld('2025-11-13T01:30:00Z'), `<h1>Eat well this winter</h1>${filler}<p>12 November 2025</p>`)).toBe('2025-11-12');
    expect(page(ld('2025-06-24'), `<h1>How much to charge for a yoga class</h1>${filler}<p>August 25, 2024</p>`)).toBe('2024-08-25');
    // Nothing shown near the headline: the data's day.
    expect(page(ld('2025-06-24'), `<h1>How much to charge for a yoga class</h1>${filler.repeat(8)}<p>August 25, 2024</p>`)).toBe('2025-06-24');
  });

  it('reads JSON-LD with raw line breaks in its strings, the "published" meta tag and PubMed\'s "2023 Jan 7"', () => {
    const broken = '<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Showcase\n\tthread","datePublished":"2024-02-21 13:00:00","author":{"@type":"Person","name":"Need2KnowLion"}}</script>';
    const m = extractMetadata(`<html><head>${broken}</head><body><p>x</p></body></html>`);
    expect([m.date, m.byline]).toEqual(['2024-02-21', 'Need2KnowLion']);
    expect(page('<meta name="published" content="July 17, 2025">', '<p>x</p>')).toBe('2025-07-17');
    expect(page('<meta name="citation_publication_date" content="2023 Jan 7">', '<p>x</p>')).toBe('2023-01-07');
    expect(page('', '<h1>A trial of mindfulness</h1><p>Epub 2024 June 30.</p>')).toBe('2024-06-30');
  });
});

describe('bylines (issue 37.3): the names only', () => {
  it.each([
    ['By Jo Bloggs', 'Jo Bloggs'],
    ['Von Anna Schmidt', 'Anna Schmidt'],
    ['Par Jean Dupont', 'Jean Dupont'],
    ['Por María García', 'María García'],
    ['Written By: Tom May', 'Tom May'],
    ['by Outer Armatonisdaristan » Tue Aug 27, 2019 1:47 am', 'Outer Armatonisdaristan'],
    ['By\u0001Keith Barry\u0001Senior Autos Reporter', 'Keith Barry'],
    ['Updated January 08, 2026\u0001Written by\u0001Meghan Neville\u0001Content Marketing Coordinator', 'Meghan Neville'],
    ['By \u0001Danielle DeSiato\u0001, \u0001Donna Enzmann\u0001, and \u0001Natalie Nguyen\u0001 | Health Desk', 'Danielle DeSiato, Donna Enzmann, and Natalie Nguyen'],
    ['Dec. 19, 2025 · Niko Matsakis on behalf of\u0001Vision Doc group', 'Niko Matsakis'],
    ['Andrew Gerrand 4 August 2010', 'Andrew Gerrand'],
    ['B\u0001boobaloobie\u0001Full Member', 'boobaloobie'],
    ['Dylan Bailey, MS, RD, FAND', 'Dylan Bailey, MS, RD, FAND'],
    ['By staff reporter, 10 March', 'staff reporter'],
    ['Sat, 20 Dec, 2025 - 06:36\u0001Olive Ryan', 'Olive Ryan'],
    ['Posted by David at December 16, 2025 11:15 AM', 'David'],
    ['Written By\u0001Angela Holliday-Bell, MD*', 'Angela Holliday-Bell, MD'],
    ['Insights from\u0001Liza Burke\u0001Marketing Director', 'Liza Burke'],
    // A role after a comma is no name; capitalised credentials and name particles stay.
    ['Julie Weisenhorn and Natalie Hoidal, Extension horticulture educators', 'Julie Weisenhorn and Natalie Hoidal'],
    ['Keith Barry, senior autos reporter', 'Keith Barry'],
    ['Ann van der Berg, Jo de la Cruz', 'Ann van der Berg, Jo de la Cruz'],
  ])('%j → %s', (raw, names) => {
    expect(bylineNames(raw)).toBe(names);
  });

  it('scholarly pages: every citation_author tag, in order, once each', () => {
    const head = ['Ann Lee', 'Bo Chen', 'Ann Lee', 'Cy Diaz'].map((n) => `<meta name="citation_author" content="${n}">`).join('');
    expect(extractMetadata(`<html><head><title>A trial</title>${head}</head><body><h1>A trial</h1><p>Body.</p></body></html>`).byline).toBe('Ann Lee, Bo Chen, Cy Diaz');
  });

  it('no date from a modified date of the data alone: a last edit is not the publication', () => {
    expect(extractMetadata('<html><head><meta property="article:modified_time" content="2025-02-03T10:00:00Z"><script type="application/ld+json">{"@type":"Article","dateModified":"2025-02-03"}</script></head><body><h1>Opening hours</h1><p>Open daily.</p></body></html>').date)
      .toBeNull();
    expect(extractMetadata('<html><head><meta property="article:modified_time" content="2025-02-03"><meta property="article:published_time" content="2024-01-09"></head><body><h1>Opening hours</h1></body></html>').date)
      .toBe('2024-01-09');
  });

  it('JSON-LD authors: a Person, an array of them, an @id into the graph; a publisher\'s name is not a byline when a person is named', () => {
    const ld = (json: string) => `<html><head><script type="application/ld+json">${json}</script></head><body><h1>T</h1></body></html>`;
    expect(extractMetadata(ld('{"@type":"Article","author":[{"@type":"Person","name":"Li Wei"},{"@type":"Person","name":"Ann Smith"}]}')).byline).toBe('Li Wei, Ann Smith');
    expect(extractMetadata(ld('{"@graph":[{"@type":"Article","author":{"@id":"#p1"}},{"@type":"Person","@id":"#p1","name":"Christian Dupuis"}]}')).byline).toBe('Christian Dupuis');
    expect(extractMetadata(`<html><head><meta name="author" content="Gazette"><meta property="og:site_name" content="Gazette"></head>
      <body><h1>T</h1><div class="post-author">By Jo Bloggs</div></body></html>`).byline).toBe('Jo Bloggs');
  });

  it('a byline element near the headline; the text of its scripts and styles left out', () => {
    expect(extractMetadata('<html><body><h1>Harbour wall rebuilt</h1><div class="styles_dateAndAuthorContainer__x"><style>.a{color:red}</style><span>Dec 17, 2025</span><span>Julian K. Arni</span></div></body></html>').byline)
      .toBe('Julian K. Arni');
  });
});

describe('author sources (issue 37.3): the first that names a person', () => {
  const page = (head: string, body: string, url?: string) => extractMetadata(`<html><head>${head}</head><body>${body}</body></html>`, url).byline;
  it('Twitter card labels ("Written by"), microdata with the name in a meta, an author-name heading, a heading\'s class in a box', () => {
    expect(page('<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Ann Smith">', '<h1>T</h1>')).toBe('Ann Smith');
    expect(page('<meta name="twitter:label1" content="Est. reading time"><meta name="twitter:data1" content="4 minutes">', '<h1>T</h1>')).toBeNull();
    expect(page('', '<h1>T</h1><div itemprop="author" itemscope itemtype="https://schema.org/Person"><meta itemprop="name" content="julian"><meta itemprop="url" content="/user/julian"></div>')).toBe('julian');
    expect(page('', '<h1>T</h1><p>Text.</p><div class="article__author-details"><h4 class="article__author-details-name">Sarah Knowles MW</h4></div>')).toBe('Sarah Knowles MW');
    expect(page('', '<h1>T</h1><div class="elementor-author-box"><h4 class="elementor-author-box__name">Lance Ryan</h4><p>Lance writes about beds.</p></div>')).toBe('Lance Ryan');
    // A page-wide class ("…-show-author-name" on <body>) is no byline.
    expect(extractMetadata('<html><body class="tweak-show-author-name"><h1>Landscape photography</h1><p>Text.</p></body></html>').byline).toBeNull();
  });

  it('placeholders, user slugs and the site\'s own name give way to a person named elsewhere', () => {
    const ld = '<script type="application/ld+json">{"@type":"Article","author":{"@type":"Person","name":"Maya Perez"}}</script>';
    expect(page(`<meta name="author" content="Name">${ld}`, '<h1>T</h1>')).toBe('Maya Perez');
    expect(page(`<meta name="author" content="page.head.extra.author">${ld}`, '<h1>T</h1>')).toBe('Maya Perez');
    expect(page(`<meta name="author" content="kffnirmitap">${ld}`, '<h1>T</h1>')).toBe('Maya Perez');
    expect(page(`<meta name="author" content="UXCam">${ld}`, '<h1>T</h1>', 'https://uxcam.example/blog/x')).toBe('Maya Perez');
    // Alone, the slug and the site's name stay (a forum login, a company blog); a dotted login is not a placeholder.
    expect(page('<meta name="author" content="kffnirmitap">', '<h1>T</h1>')).toBe('kffnirmitap');
    expect(page('<meta name="author" content="hayley.p">', '<h1>T</h1>')).toBe('hayley.p');
    expect(page('', '<h1>T</h1><div class="post-author">by <span>WSET Global</span></div>', 'https://wsetglobal.example/blog/x')).toBe('WSET Global');
    // A rel=author link that says something else than a name.
    expect(page('', '<h1>T</h1><a rel="author" href="/a/dw">View more posts</a><div class="author">Posted by <a>Damien Walter</a></div>')).toBe('Damien Walter');
  });
});

describe('excerpt, dir, image (issue 37.3)', () => {
  it('a "By …" text shown with the headline, in no byline element: its capitalised names; not a "By clicking …" notice', () => {
    const page = (body: string) => `<html><body><h1>Harbour wall rebuilt</h1>${body}<p>Text.</p></body></html>`;
    expect(extractMetadata(page('<div class="meta"><time>Mar 24, 2025</time> <p>By Amy Wilhelm</p></div>')).byline).toBe('Amy Wilhelm');
    expect(extractMetadata(page('<div class="m-article__meta"> by <span>Harbour Works Team</span> · May 3, 2024</div>')).byline).toBe('Harbour Works Team');
    expect(extractMetadata(page('<span>Written by:</span><ul><li><a href="/a/1">Emily Walker</a></li><li>, </li><li><a href="/a/2">Sam Ortiz</a></li></ul>')).byline)
      .toBe('Emily Walker, Sam Ortiz');
    expect(extractMetadata(page('<form><p>By clicking Subscribe you agree to our <a href="/privacy">Privacy Policy</a>.</p></form>')).byline).toBeNull();
    expect(extractMetadata(page('<p>Sort by <a>Newest First</a></p>')).byline).toBeNull();
    // Far below the headline (a footer's "Posted by"): not the byline.
    expect(extractMetadata(page(`<p>${'Long text. '.repeat(200)}</p><p>Posted by Dana Scully</p>`)).byline).toBeNull();
  });

  it('the description, else the first paragraph of 80+ characters after the headline; dir of <html>; og:image resolved', () => {
    const para = 'The harbour wall, two hundred metres of it, is back after the winter storm broke it in three places.';
    const m = extractMetadata(`<html dir="rtl"><head><meta property="og:image" content="/img/wall.jpg"></head><body><p>Short menu text that is long enough to be eighty characters but comes first.</p><h1>Wall rebuilt</h1><p>Too short.</p><p>${para}</p></body></html>`, 'https://courier.example/news/x');
    expect(m).toMatchObject({ dir: 'rtl', excerpt: para, image: 'https://courier.example/img/wall.jpg' });
    expect(extractMetadata('<html><head><script type="application/ld+json">{"@type":"Article","image":["https://i.example/a.png"]}</script></head><body dir="ltr"></body></html>')).toMatchObject({ dir: 'ltr', image: 'https://i.example/a.png' });
  });
});
