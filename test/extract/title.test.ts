import { describe, it, expect } from 'vitest';
import { buildLineTable, LineBuilder } from '../../src/html/lines.js';
import { findTitleLine, rankRegions } from '../../src/extract/title.js';
import { danaCore, DANA_OPTIONS } from '../../src/extract/dana.js';
import { blocksToText } from '../../src/html/text.js';

const HEAD = '<head><meta charset="utf-8"><title>  Storm  closes the harbour &amp; the  ferry line | The Coast Daily </title></head>';

describe('LineTable.title', () => {
  it('is the first <title> text, entities decoded and white space collapsed', () => {
    const t = buildLineTable(`<html>${HEAD}<body><p>x</p><title>second</title></body></html>`);
    expect(t.title).toBe('Storm closes the harbour & the ferry line | The Coast Daily');
  });

  it('is absent when the page has no title or an empty one', () => {
    expect(buildLineTable('<p>no head at all</p>').title).toBeUndefined();
    expect(buildLineTable('<head><title>  </title></head><p>x</p>').title).toBeUndefined();
  });

  it('is the same when the page is fed in small chunks', () => {
    const html = `<html>${HEAD}<body><p>text</p></body></html>`;
    const b = new LineBuilder();
    for (let i = 0; i < html.length; i += 3) b.write(html.slice(i, i + 3));
    expect(b.end().title).toBe(buildLineTable(html).title);
  });
});

describe('findTitleLine', () => {
  it('finds the headline that repeats the title, not the site name or a menu', () => {
    const html = `<html>${HEAD}<body><div class="brand">The Coast Daily</div><ul><li><a href="/">Home</a></li><li><a href="/w">Weather</a></li></ul>`
      + '<h1>Storm closes the harbour and the ferry line</h1><p>The storm that reached the coast on Monday closed the harbour.</p></body></html>';
    const t = buildLineTable(html);
    const line = findTitleLine(t);
    expect(t.lineText(line)).toBe('Storm closes the harbour and the ferry line');
  });

  it("passes over the site's headings in a footer or nav, not a post in an <aside> or in a <main> left inside one", () => {
    const head = '<head><title>Dental Care | One Health Ohio</title></head>';
    const footer = '<footer><h4>About One Health Ohio</h4><p>A health centre.</p></footer>';
    expect(findTitleLine(buildLineTable(`${head}<body><h1>Dental Care</h1><p>Cleanings and x-rays.</p>${footer}</body>`))).toBe(-1);
    expect(findTitleLine(buildLineTable(`${head}<body><nav><h2>One Health Ohio menu</h2></nav><p>x</p></body>`))).toBe(-1);
    const aside = buildLineTable(`${head}<body><aside class="blogPost"><h1>About One Health Ohio</h1><p>x</p></aside></body>`);
    expect(aside.lineText(findTitleLine(aside))).toBe('About One Health Ohio');
    const main = buildLineTable(`${head}<body><footer><main><h1>About One Health Ohio</h1><p>x</p></main></footer></body>`);
    expect(main.lineText(findTitleLine(main))).toBe('About One Health Ohio');
  });

  it('gives -1 without a title, or when no line shares enough of it', () => {
    expect(findTitleLine(buildLineTable('<h1>Storm closes the harbour</h1>'))).toBe(-1);
    expect(findTitleLine(buildLineTable(`${HEAD}<p>Nothing here repeats it at all, friends.</p>`))).toBe(-1);
  });

  it('matches Chinese titles character by character', () => {
    const t = buildLineTable('<head><title>暴雨关闭港口 - 海岸日报</title></head><body><div>首页 天气</div><h1>暴雨关闭港口</h1><p>正文。</p></body>');
    expect(t.lineText(findTitleLine(t))).toBe('暴雨关闭港口');
  });
});

describe('rankRegions', () => {
  const regions = [{ start: 0, end: 5, size: 1000 }, { start: 8, end: 12, size: 300 }, { start: 60, end: 70, size: 900 }];
  it('quarters regions before the title line, keeps the one holding it, decays those after it', () => {
    const ranks = rankRegions(regions, 9, { titleDecay: 50, beforeTitle: 0.25 });
    expect([...ranks]).toEqual([250, 300, 900 / (1 + 51 / 50)]);
  });
  it('leaves the sizes alone when off or without a title line', () => {
    expect([...rankRegions(regions, 9, { titleDecay: 0, beforeTitle: 0.25 })]).toEqual([1000, 300, 900]);
    expect([...rankRegions(regions, -1, { titleDecay: 50, beforeTitle: 0.25 })]).toEqual([1000, 300, 900]);
  });
});

describe('the title anchor in the DANA core', () => {
  // Teasers above a shorter article (≈ 720 against ≈ 210 characters): DANA's largest region is the teasers.
  const teasers = Array.from({ length: 6 }, (_, i) => `<p>Teaser ${i}: another long summary of some other story on this site, with enough words to weigh a lot in the density count.</p>`).join('');
  const html = `<html>${HEAD}<body><div class="teasers">${teasers}</div>`
    + '<div class="filler">' + '<div><span></span></div>'.repeat(30) + '</div>'
    + '<div class="article"><h1>Storm closes the harbour and the ferry line</h1><p>The harbour closed on Monday morning when the storm reached the coast and the wind rose.</p><p>Ferries will sail again on Friday, the port authority said in a short statement.</p></div></body></html>';
  const t = buildLineTable(html);

  it('starts from the region after the title line', () => {
    const text = blocksToText(t, danaCore(t, 'addanag').blocks);
    expect(text).toContain('Ferries will sail again on Friday');
    expect(text).not.toContain('Teaser');
  });

  it('is the papers\' largest region when off', () => {
    const text = blocksToText(t, danaCore(t, 'addanag', { ...DANA_OPTIONS, titleDecay: 0 }).blocks);
    expect(text).toContain('Teaser 3');
    expect(text).not.toContain('Ferries');
  });
});
