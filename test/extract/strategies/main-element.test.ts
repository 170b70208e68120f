import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../../src/html/lines.js';
import { mainElementLines, relaxToMain } from '../../../src/extract/strategies/main-element.js';
import { extract } from '../../../src/index.js';

const linesOf = (html: string, mask: Uint8Array | undefined): string[] => {
  const t = buildLineTable(html);
  return mask ? t.text.filter((_, i) => mask[i]) : [];
};

/** A category page: a filter panel (form), then a grid of product cards, all inside <main>. */
const cards = Array.from({ length: 8 }, (_, i) => `<li class="card"><h3><a href="/p/${i}">Walnut desk model ${i}</a></h3><p>Solid walnut, ${100 + i} cm wide.</p><span class="price">$${300 + i}</span></li>`).join('\n');
const grid = `<html><body><header><nav><a href="/">Home</a> <a href="/desks">Desks</a></nav></header>
<main><h1>Standing desks</h1><form class="filters"><h4>Width</h4><p><a href="?w=narrow">Narrow widths</a></p></form>
<ul class="grid">${cards}</ul></main><footer><p>Copyright 2026 Example Furniture Ltd, all rights reserved.</p></footer></body></html>`;

describe('mainElementLines', () => {
  it('gives the lines of <main> without its forms, navs, asides, headers and footers', () => {
    const t = buildLineTable(grid);
    const lines = linesOf(grid, mainElementLines(t));
    expect(lines[0]).toBe('Standing desks');
    expect(lines).toContain('Walnut desk model 7');
    expect(lines).toContain('$307');
    expect(lines).not.toContain('Width');
    expect(lines.join(' ')).not.toMatch(/Home|Copyright/);
  });
  it('is undefined for a page without <main>', () => {
    expect(mainElementLines(buildLineTable('<body><div><p>text</p></div></body>'))).toBeUndefined();
  });
  it('takes the <main> holding the most text when there are several', () => {
    const page = '<body><main><p>short</p></main><main><p>the longer main element of the page</p></main></body>';
    expect(linesOf(page, mainElementLines(buildLineTable(page)))).toEqual(['the longer main element of the page']);
  });
});

describe('relaxToMain', () => {
  it('replaces a selection holding less than the share of <main>, and leaves a larger one alone', () => {
    const t = buildLineTable(grid);
    const main = mainElementLines(t)!;
    const one = new Uint8Array(t.count);
    one[t.text.indexOf('Walnut desk model 0')] = 1;
    expect(relaxToMain(t, one, 0.6)).toEqual(main);
    expect(relaxToMain(t, main, 0.6)).toBeUndefined();
    expect(relaxToMain(t, one, 0)).toBeUndefined();
  });
  it('gives the default model\'s output the whole <main> (its list of links too) when the model kept less than 60 % of it', () => {
    const intro = `<section><h2>Who we are</h2><p>${'We are a small accounting firm in the valley, working with family businesses, farms and workshops since 1998. '.repeat(2)}</p></section>`;
    const towns = `<div class="areas"><h3>Areas we serve</h3><ul>${Array.from({ length: 30 }, (_, i) => `<li><a href="/area/${i}">Town number ${i}</a></li>`).join('')}</ul></div>`;
    const sections = ['Bookkeeping', 'Payroll', 'Audits'].map((s) => `<section><h2>${s}</h2><p>We handle your ${s.toLowerCase()} every month.</p></section>`).join('');
    const page = `<body><header><nav><a href="/">Home</a> <a href="/contact">Contact</a></nav></header><main><h1>Accounting services</h1>${intro}${towns}${sections}</main><footer><p>Example Accounting LLP</p></footer></body>`;
    expect(extract(page, { farsw: { mainShare: 0 } }).text).not.toContain('Town number 5');
    const text = extract(page).text;
    expect(text.split('\n')[0]).toBe('Accounting services');
    expect(text).toContain('Town number 29');
    expect(text).toContain('We handle your audits every month.');
    expect(text).not.toMatch(/Home|Example Accounting LLP/);
  });
  it('leaves an article whose text is most of <main> as the model chose it', () => {
    const body = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i} of the story, which is long enough to be read as the article's main text.</p>`).join('');
    const page = `<body><main><article><h1>Headline</h1>${body}</article><aside><p>Related: other stories</p></aside></main></body>`;
    expect(extract(page).text).toBe(extract(page, { farsw: { mainShare: 0 } }).text);
    expect(extract(page).text).toContain('Paragraph 5');
  });
});
