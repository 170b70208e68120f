import { describe, it, expect } from 'vitest';
import { extract } from '../../src/index.js';

/** A link aggregator's discussion page: the story is one link, the page's text is its comment thread (`<ol class="comments">`). */
const comments = [
  'I tried the new release on two machines and the build times dropped by a third, which matches what the announcement promised.',
  'The part about stabilising the async traits is what I care about most; it has been the main reason we kept a nightly toolchain around.',
  'Does anyone know whether the goals include better compile errors for lifetimes? The current messages still confuse the new people on my team.',
  'They listed it under the ergonomics goal, near the end of the post, with a note that the work depends on the new trait solver landing first.',
  'Good to see a public list like this. It makes it much easier to plan which features we can rely on over the next year or so.',
];
const thread = `<ol class="comments">${comments.map((c, i) => `<li class="comments_subtree"><div class="comment"><div class="byline"><a href="/~user${i}">user${i}</a> 2 hours ago</div><div class="comment_text"><p>${c}</p></div></div></li>`).join('')}</ol>`;
const discussion = `<html><head><title>Project goals for next year | Links</title></head><body><header><nav><a href="/">Active</a> <a href="/recent">Recent</a> <a href="/comments">Comments</a> <a href="/login">Login</a></nav></header>
<div id="inside"><div class="story"><a href="https://blog.example/goals">Project goals for next year</a> <a href="/t/lang">lang</a> <span class="byline">via <a href="/~poster">poster</a> | <a href="#c">5 comments</a></span></div>
${thread}</div><footer><a href="/about">About</a> <a href="/tags">Tags</a></footer></body></html>`;

/** A page of linked titles with their points and links (a news aggregator's newest list): every line is mostly link text. */
const rows = Array.from({ length: 30 }, (_, i) => `<tr class="athing"><td class="rank">${i + 1}.</td><td class="title"><a href="https://site${i}.example/post">Show: a small tool number ${i} for reading logs</a> <span class="sitestr">(site${i}.example)</span></td></tr><tr><td class="subtext"><span class="score">${i + 2} points</span> by <a href="/user?id=u${i}">u${i}</a> <a href="/item?id=${i}">${i} minutes ago</a> | <a href="/hide?id=${i}">hide</a> | <a href="/item?id=${i}">discuss</a></td></tr>`).join('\n');
const links = `<html><head><title>New Links</title></head><body><header><nav><a href="/">Links</a> <a href="/new">new</a> | <a href="/past">past</a> | <a href="/ask">ask</a></nav></header><table class="itemlist">${rows}</table><footer><a href="/guidelines">Guidelines</a> <a href="/faq">FAQ</a></footer></body></html>`;

describe('the relax of an empty output (emptyRelax)', () => {
  it('reads the comment sections when the model path chose no text: the thread comes out', () => {
    // Unrouted (a page typed article), the comment filter leaves a nav, the story link and a byline: nothing is chosen.
    expect(extract(discussion, { strategy: 'none', farsw: { emptyRelax: false } }).text).toBe('');
    const text = extract(discussion, { strategy: 'none' }).text;
    for (const c of comments) expect(text).toContain(c);
    expect(text).not.toMatch(/Active|Login|About|Tags/);
  });
  it("gives the page's lines outside nav, header and footer when no reading chooses text (a page of links)", () => {
    // The best block is link-dense and left out (fallbackLinkDensity): nothing is chosen.
    expect(extract(links, { strategy: 'none', farsw: { emptyRelax: false } }).text).toBe('');
    const lines = extract(links, { strategy: 'none' }).text.split('\n');
    expect(lines).toHaveLength(60);
    expect(lines[0]).toBe('1.\tShow: a small tool number 0 for reading logs (site0.example)');
    expect(lines[59]).toBe('31 points by u29 29 minutes ago | hide | discuss');
    expect(lines.join(' ')).not.toMatch(/past|ask|Guidelines|FAQ/);
  });
  it("counts a strategy's supplement as output: a product whose text is its JSON-LD description is not relaxed", () => {
    const cells = Array.from({ length: 30 }, (_, i) => `<tr><td><a href="/p/${i}">Stool model ${i} in oak</a></td><td><a href="/c/${i}">compare</a></td></tr>`).join('');
    const description = 'A low stool of oiled oak, joined by hand, with a seat shaped for long evenings by the fire.';
    const product = `<html><head><title>Oak stool</title><script type="application/ld+json">{"@type":"Product","name":"Oak stool","description":"${description}"}</script></head><body><nav><a href="/">Home</a></nav><table>${cells}</table></body></html>`;
    // The chosen lines are empty (the link table is left out); the description alone is the output, with the relax on or off.
    const run = (emptyRelax: boolean) => extract(product, { strategy: 'items', farsw: { jsonLdDescription: true, bodyChars: 0, emptyRelax } }).text;
    expect(run(false)).toBe(description);
    expect(run(true)).toBe(description);
  });
  it('leaves a page with no text empty, and is off in the paper preset', () => {
    expect(extract('<html><body><div><img src="a.png"></div></body></html>').text).toBe('');
    expect(extract(links, { strategy: 'none', preset: 'paper' }).text).toBe(extract(links, { strategy: 'none', preset: 'paper', farsw: { emptyRelax: false } }).text);
  });
});
