#!/usr/bin/env node
/**
 * Writes the hand-made training pages of training-data/: fictional sites,
 * each page a templated layout (menu, sidebar, share bar, comments, footer)
 * around an article assembled from the sentence lists below, plus its gold text.
 *
 *   node training-data/generate.mjs        # rewrites training-data/<site>/*.html|.txt|.json
 *
 * Layout: training-data/SITE/NAME.html (page), NAME.txt (gold: one paragraph per
 * line), NAME.json ({"url": …}). Deterministic (a fixed-seed PRNG), no network.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

function mulberry32(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUBJECTS = ['The harbour council', 'A group of local fishermen', 'The regional water board', 'Volunteers from the lower town', 'The new mayor', 'Engineers from the university', 'The coastal rescue service', 'Shop owners on the quay', 'The ferry company', 'Parents at the primary school'];
const VERBS = ['announced on Tuesday that', 'said in a statement that', 'warned this week that', 'confirmed after a long meeting that', 'told reporters that', 'argued at the public hearing that'];
const OBJECTS = ['the old lighthouse would be restored before the summer season', 'repairs to the northern breakwater would take at least two more years', 'the price of a ferry ticket would rise by ten per cent in April', 'a new cycle path would connect the station with the beach', 'the fish market would move to a larger building near the marina', 'flood barriers would be tested every month from now on', 'the town would apply for national funds to protect its dunes', 'the school would open a sailing club for pupils over ten'];
const DETAILS = ['The decision follows months of debate in the town hall.', 'Residents will be able to comment on the plans until the end of the month.', 'Critics say the cost has been underestimated from the start.', 'Supporters point to the number of visitors the project could bring.', 'A final vote is expected before the autumn recess.', 'Several families living close to the water have asked for compensation.', 'The work will be carried out in stages to keep the harbour open.', 'Officials admitted that the timetable depends on the weather.'];
const TITLES = ['Lighthouse to shine again', 'Breakwater repairs delayed', 'Ferry fares set to rise', 'Cycle path for the seafront', 'Fish market on the move', 'Monthly tests for flood barriers', 'Town bids for dune funds', 'Sailing club for pupils'];

const SITES = [
  {
    host: 'coastal-courier.example',
    name: 'The Coastal Courier',
    page: (title, paras, rnd, i) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | The Coastal Courier</title>
<script>var cc = { page: ${i} };</script><style>.nav a { color: #036; }</style></head>
<body>
<div class="top-bar"><a href="/login">Sign in</a> | <a href="/subscribe">Subscribe today</a></div>
<ul class="nav">${['Home', 'Local', 'Harbour', 'Sport', 'Weather', 'Opinion', 'Events'].map((s) => `<li><a href="/${s.toLowerCase()}">${s}</a></li>`).join('')}</ul>
<div class="ad-slot"><a href="https://ads.example.net/c?id=${i}"><img src="/ads/${i}.gif"></a></div>
<div class="article">
<h1>${title}</h1>
<p class="byline">By staff reporter, ${1 + Math.floor(rnd() * 28)} March</p>
${paras.map((p) => `<p>${p}</p>`).join('\n')}
</div>
<div class="share"><a href="/share/${i}">Share</a> <a href="/mail/${i}">Email this story</a> <a href="/print/${i}">Print</a></div>
<div class="sidebar"><h3>Most read</h3><ul>${TITLES.map((t, k) => `<li><a href="/story/${k}">${t}</a></li>`).join('')}</ul></div>
<div class="comments"><h3>${Math.floor(rnd() * 40)} comments</h3><p class="comment-note">Comments are moderated and may take a while to appear.</p></div>
<div class="footer"><p>&copy; 2026 The Coastal Courier. All rights reserved.</p><p><a href="/privacy">Privacy policy</a> · <a href="/contact">Contact the newsroom</a></p></div>
</body></html>
`,
  },
  {
    host: 'valley-gazette.example',
    name: 'Valley Gazette',
    page: (title, paras, rnd, i) => `<html><head><title>Valley Gazette - ${title}</title></head><body>
<table width="100%"><tr><td class="menu"><a href="/">Front page</a><br><a href="/farming">Farming</a><br><a href="/schools">Schools</a><br><a href="/letters">Letters</a><br><a href="/archive">Archive</a></td>
<td class="main"><div id="story-${i}" class="story"><h2>${title}</h2>
${paras.map((p) => `<p>${p}</p>`).join('\n')}
<div class="tools">Posted in <a href="/news">News</a> | <a href="/story/${i}#comments">${Math.floor(rnd() * 9)} replies</a></div></div></td>
<td class="right"><b>Weather</b><br>Sunny, ${10 + Math.floor(rnd() * 15)} degrees<br><b>Links</b><br><a href="/bus">Bus times</a><br><a href="/clubs">Clubs and societies</a></td></tr></table>
<div id="footer">Valley Gazette, Mill Lane 4 · <a href="/advertise">Advertise with us</a> · <a href="/about">About</a></div>
</body></html>
`,
  },
  {
    // Template drift (issue 18.5): pages 1–10 in the old layout, pages 11–20 after a redesign
    // (new menu, class names, footer and share bar); the articles are written the same way.
    host: 'harbour-herald.example',
    name: 'Harbour Herald',
    pages: 20,
    page: (title, paras, rnd, i) => i <= 10 ? `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${title} - Harbour Herald</title></head>
<body>
<div id="masthead"><a href="/">Harbour Herald</a> <span class="tagline">News from the quayside since 1921</span></div>
<ul id="menu">${['News', 'Shipping', 'Business', 'Letters', 'Tides'].map((s) => `<li><a href="/${s.toLowerCase()}">${s}</a></li>`).join('')}</ul>
<div id="content"><h1>${title}</h1>
${paras.map((p) => `<p>${p}</p>`).join('\n')}
</div>
<div id="tools"><a href="/print/${i}">Print this page</a> | <a href="/send/${i}">Send to a friend</a></div>
<div id="blogroll"><b>Our blogs</b><br><a href="/b/1">The harbour master writes</a><br><a href="/b/2">Tide tables explained</a></div>
<div id="foot">Harbour Herald Ltd, Quay Street 1. Registered in the harbour district. <a href="/terms">Terms of use</a></div>
</body></html>
` : `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | HH</title></head>
<body>
<header class="site-header"><nav class="main-nav">${['Latest', 'Port', 'Money', 'Views', 'Weather & tides', 'Podcasts'].map((s) => `<a href="/${s.toLowerCase()}">${s}</a>`).join(' ')}</nav>
<p class="promo">Try our new app: every tide, every ferry, every day</p></header>
<main class="story-body"><article><h1 class="headline">${title}</h1>
${paras.map((p) => `<p class="para">${p}</p>`).join('\n')}
</article>
<aside class="newsletter"><h2>Get the Morning Tide newsletter</h2><p>Sign up for our free briefing, delivered before the first ferry leaves.</p></aside></main>
<footer class="site-footer"><p>© HH Media Group. All rights reserved.</p><p><a href="/cookies">Cookie settings</a> <a href="/accessibility">Accessibility</a> <a href="/careers">Work with us</a></p></footer>
</body></html>
`,
  },
  {
    // Label-free site models (issue 18.3): a "Related stories" block of teaser paragraphs inside the article's
    // own container, the same three on every page, written like the article; repetition shows it is boilerplate.
    host: 'river-review.example',
    name: 'River Review',
    pages: 12,
    page: (title, paras, rnd, i) => `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${title} - River Review</title></head>
<body>
<div class="bar"><a href="/">River Review</a> <a href="/towns">Towns</a> <a href="/water">Water</a> <a href="/about">About us</a></div>
<div class="post"><h1>${title}</h1>
${paras.map((p) => `<p>${p}</p>`).join('\n')}
<h2>Related stories</h2>
<p>The regional water board said last spring that the old weirs along the river would be rebuilt in stone, and that fish ladders would be added so that salmon can reach the upper valley again.</p>
<p>Volunteers from the lower town have cleaned the riverbanks every Saturday since the floods, and the council has promised to pay for new benches, bins and a small jetty for canoes.</p>
<p>A group of local fishermen told reporters that the river has never been as clean as it is now, and they hope the new rules on fertiliser will keep it that way for their grandchildren.</p>
</div>
<div class="foot">River Review is an independent paper. Write to us at the old mill.</div>
</body></html>
`,
  },
  {
    // Label-free site models (issue 18.3): under the article, a list of other stories, each a dated summary with its
    // read count; the summaries differ from page to page (no line repeats), but each sits between two template lines.
    host: 'quarry-quarterly.example',
    name: 'Quarry Quarterly',
    pages: 12,
    page: (title, paras, rnd, i, pick) => `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${title} - Quarry Quarterly</title></head>
<body>
<div class="masthead"><a href="/">Quarry Quarterly</a> <a href="/stone">Stone</a> <a href="/people">People</a> <a href="/archive">Archive</a></div>
<div class="column"><h1>${title}</h1>
${paras.map((p) => `<p>${p}</p>`).join('\n')}
<div class="elsewhere">
${Array.from({ length: 4 }, () => `<div class="time">${10 + Math.floor(rnd() * 18)}.0${1 + Math.floor(rnd() * 9)}.2026 ${10 + Math.floor(rnd() * 13)}:${10 + Math.floor(rnd() * 50)}</div>
<div class="summary">${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)}, and ${pick(DETAILS).toLowerCase()}</div>
<div class="reads">${100 + Math.floor(rnd() * 900)} readers</div>`).join('\n')}
</div></div>
<div class="colophon">Quarry Quarterly is printed on recycled paper in the valley.</div>
</body></html>
`,
  },
];

const PAGES_PER_SITE = 12;
for (const [s, site] of SITES.entries()) {
  const rnd = mulberry32(1234 + s);
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  for (let i = 0; i < (site.pages ?? PAGES_PER_SITE); i++) {
    const title = `${pick(TITLES)}: ${pick(['what happens next', 'the plans in detail', 'residents divided', 'a long road ahead'])}`;
    const paras = Array.from({ length: 3 + Math.floor(rnd() * 4) }, () => `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)}. ${pick(DETAILS)} ${pick(DETAILS)}`);
    const name = `page-${String(i + 1).padStart(2, '0')}`;
    const dir = join(here, site.host);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.html`), site.page(title, paras, rnd, i + 1, pick));
    writeFileSync(join(dir, `${name}.txt`), [title, ...paras].join('\n') + '\n');
    writeFileSync(join(dir, `${name}.json`), JSON.stringify({ url: `https://${site.host}/${name}` }) + '\n');
  }
}
console.error(`training-data: ${SITES.length} sites, ${SITES.reduce((a, s) => a + (s.pages ?? PAGES_PER_SITE), 0)} pages written`);
