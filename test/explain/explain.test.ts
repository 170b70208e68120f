import { describe, it, expect } from 'vitest';
import { explainPage, interestingLines, summarize, type ExplainData } from '../../src/explain/explain.js';
import { renderSvg } from '../../src/explain/svg.js';
import { renderHtml } from '../../src/explain/html.js';
import { renderLineTable } from '../../src/explain/line-table.js';
import { extract } from '../../src/api/extract.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';
import { checkXml } from './xml-check.js';
import { lineKey } from '../../src/train/templates.js';

const para = (k: number) => `<p>Paragraph ${k} of the article tells at some length what happened in the harbour town after the storms of January, and what the council plans to do next.</p>`;
const PAGE = '<html><head><title>T</title></head><body>' +
  '<div class="nav"><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/weather">Weather</a></li></ul></div>' +
  '<div class="article"><h1>Harbour town rebuilds its sea wall</h1>' + [1, 2, 3, 4, 5, 6].map(para).join('') + '</div>' +
  '<div class="footer"><a href="/about">About us</a> | <a href="/contact">Contact</a> | <a href="/privacy">Privacy policy</a></div>' +
  '</body></html>';

/** Chosen-block rects of an SVG, as [start, end) pairs. */
function chosenRects(svg: string): Array<[number, number]> {
  return checkXml(svg).elements
    .filter((e) => e.name === 'rect' && e.attrs['class'] === 'chosen')
    .map((e) => [Number(e.attrs['data-start']), Number(e.attrs['data-end'])]);
}

/** The SVG's texts, in order, joined by spaces (wrapped lines read as one). */
const svgText = (svg: string): string => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ');

const spans = (d: ExplainData) => d.chosen.map((b): [number, number] => [b.start, b.end]);

describe('explainPage + renderSvg', () => {
  it('draws a well-formed SVG marking exactly the chosen blocks (DANA core alone)', () => {
    const d = explainPage(PAGE, { algorithm: 'addanag' });
    const texts = d.chosen.flatMap((b) => d.texts.slice(b.start, b.end)).filter((t) => t);
    expect(texts[0]).toBe('Harbour town rebuilds its sea wall');
    expect(texts.filter((t) => t.startsWith('Paragraph '))).toHaveLength(6);
    expect(texts.join(' ')).not.toContain('Privacy policy');
    expect(d.topical).toBeNull();
    const svg = renderSvg(d);
    const { root, elements } = checkXml(svg);
    expect(root).toBe('svg');
    expect(chosenRects(svg)).toEqual(spans(d));
    expect(elements.some((e) => e.attrs['class']?.startsWith('window'))).toBe(false);
    expect(elements.some((e) => e.attrs['class'] === 'track-topical')).toBe(false); // no windows without a model
  });

  it('with the shipped default model: same blocks as extract(), windows with scores, β line', () => {
    const d = explainPage(PAGE, { model: shippedDefaultModel() });
    expect(d.chosen).toEqual(extract(PAGE).blocks);
    expect(d.topical).not.toBeNull();
    const svg = renderSvg(d);
    expect(chosenRects(svg)).toEqual(spans(d));
    const windows = checkXml(svg).elements.filter((e) => e.attrs['class'] === 'window' || e.attrs['class'] === 'window kept');
    expect(windows.map((e) => [Number(e.attrs['data-start']), Number(e.attrs['data-end']), Number(e.attrs['data-score'])]))
      .toEqual(d.windows.map((w) => [w.start, w.end, Number(w.score.toFixed(3))]));
    expect(windows.filter((e) => e.attrs['class'] === 'window kept')).toHaveLength(d.windows.filter((w) => w.score > d.beta!).length);
    expect(svg).toContain(`β ${d.beta}`);
  });

  it('speaks plain words: one legend entry per kind of mark drawn, axes with units, β and the window score in one line each', () => {
    const d = explainPage(PAGE, { model: shippedDefaultModel() });
    const svg = renderSvg(d);
    const { elements } = checkXml(svg);
    const labels = [...svg.matchAll(/<g class="legend-entry">.*?<text[^>]*>([^<]*)<\/text><\/g>/g)].map((m) => m[1]!);
    // Which mark each legend entry stands for (its class in the SVG).
    const MARK: Record<string, string> = {
      'chosen (the output)': 'chosen', 'chosen, shaded in the plot': 'chosen-shade', text: 'content', markup: 'code', 'smoothed difference (text − markup)': 'diff',
      'text-rich run (difference &gt; 0)': 'region', 'run kept by DANA': 'dana-chosen', 'run DANA started from': 'dana-start', 'headline line': 'title-line',
      'rule says content': 'topical', 'site boilerplate (never kept)': 'template', 'window kept (score &gt; β)': 'window kept', 'window dropped (score ≤ β)': 'window', 'cutoff β': 'beta',
    };
    for (const l of labels) expect(Object.keys(MARK), l).toContain(l);
    const drawn = new Set(elements.map((e) => e.attrs['class']).filter((c): c is string => c !== undefined && Object.values(MARK).includes(c)));
    expect(new Set(labels.map((l) => MARK[l]))).toEqual(drawn);
    expect(labels).toHaveLength(new Set(labels).size);
    for (const word of ['text', 'markup', 'smoothed difference (text − markup)', 'rule says content']) expect(labels).toContain(word);
    expect(labels.some((l) => l.startsWith('chosen'))).toBe(true);
    const text = svgText(svg);
    expect(text).toContain('characters per line');
    expect(text).toContain('line number on the page');
    expect(text.match(/Window score: [^.]*\./g)).toHaveLength(1);
    expect(text.match(/β = 0\.7: [^.]*\./g)).toHaveLength(1);
    expect(text).not.toMatch(/\bT content\b|\bS code\b/);
    // The DANA core alone draws no windows: no window, β or rule entries.
    const dana = renderSvg(explainPage(PAGE, { algorithm: 'addanag' }));
    expect(dana).not.toMatch(/window kept|cutoff β|rule says content/);
  });

  it('links blocks and line numbers to the rows of the line table, when there is one', () => {
    const d = explainPage(PAGE, { model: shippedDefaultModel() });
    const b = d.chosen[0]!;
    expect(renderSvg(d, { table: 'page.html' })).toContain(`<a href="page.html#l${b.start}"><rect x=`);
    expect(renderSvg(d)).not.toContain('<a ');
    expect(renderSvg(d)).toContain('--html FILE');
    const html = renderHtml(d);
    expect(html).toContain(`<a href="#l${b.start}">`);
    expect(html).toContain(`<tr class="chosen topical" id="l${b.start}">`);
  });

  it('says whether the fallback block was kept or left out as link-dense', () => {
    const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i % 7}`).join(' ');
    const teasers = '<body><ul>' + Array.from({ length: 8 }, (_, i) => `<li><a href="/s/${i}">${words(18, 'teaser')}</a> ${words(3, 'x')}</li>`).join('') + '</ul></body>';
    const kept = explainPage(teasers, { model: shippedDefaultModel(), farsw: { classify: 'confidence', beta: 100 } });
    expect([kept.fallback, kept.fallbackKept]).toEqual([true, true]);
    expect(summarize(kept)).toContain('fell back to the best');
    expect(svgText(renderSvg(kept))).toContain('no window scored above β: the best one was kept');
    // The same run, as it reads when the block is left out (keepFallback's cases: test/extract/fallback.test.ts).
    const out = { ...kept, fallbackKept: false };
    expect(summarize(out)).toContain('the best was link-dense and left out');
    expect(svgText(renderSvg(out))).toContain('the best one was left out (mostly link text)');
  });

  it('keeps a 12,000-line page small by aggregating lines per pixel column', () => {
    const rows: string[] = [];
    for (let k = 0; k < 6500; k++) rows.push(`<li><a href="/n${k}">menu ${k}</a></li>`);
    const big = `<body><ul>${rows.join('')}</ul>${Array.from({ length: 40 }, (_, k) => para(k)).join('')}<ul>${rows.join('')}</ul></body>`;
    const d = explainPage(big, { model: shippedDefaultModel() });
    expect(d.lineCount).toBeGreaterThan(12_000);
    const svg = renderSvg(d);
    expect(svg.length).toBeLessThan(300_000);
    expect(chosenRects(svg)).toEqual(spans(d));
    expect(Number(/<svg[^>]* width="([\d.]+)"/.exec(svg)![1])).toBeLessThanOrEqual(1600 + 200);
  });

  it('escapes hostile text and control characters in the picture', () => {
    const d = explainPage('<p>x</p>', { algorithm: 'danag', url: 'http://e.com/?a=<script>&b="\u0001' });
    const svg = renderSvg(d);
    expect(() => checkXml(svg)).not.toThrow();
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;&amp;b=&quot;');
  });

  it("shows the model's template lines (never kept)", () => {
    const plain = explainPage(PAGE, { model: shippedDefaultModel() });
    const footer = plain.texts.findIndex((t) => t.includes('Privacy policy'));
    const heading = plain.texts.indexOf('Harbour town rebuilds its sea wall');
    // Other template lines than the shipped ones: the shipped model's length bound does not apply to them.
    const { templateMaxChars, ...shipped } = shippedDefaultModel();
    expect(templateMaxChars).toBeGreaterThan(0);
    const model = { ...shipped, templateLines: [lineKey(plain.texts[footer]!), lineKey(plain.texts[heading]!)].sort((a, b) => a - b) };
    const d = explainPage(PAGE, { model });
    // Lines are checked against the template lines when something would keep them (the footer may no longer be).
    expect(d.template![heading]).toBe(1);
    expect([...d.template!].flatMap((t, i) => (t ? [i] : [])).every((i) => i === heading || i === footer)).toBe(true);
    expect(d.chosenMask[heading]).toBe(0);
    expect(d.chosenMask[footer]).toBe(0);
    const svg = renderSvg(d);
    expect(checkXml(svg).elements.filter((e) => e.attrs['class'] === 'template').length).toBeGreaterThan(0);
    expect(renderLineTable(d, heading, heading).split('\n')[1]).toMatch(/ tpl templates +Harbour town/);
    expect(svg).not.toBe(renderSvg(plain));
  });

  it('draws an empty page', () => {
    expect(checkXml(renderSvg(explainPage('', { algorithm: 'dana' }))).root).toBe('svg');
  });
});

describe('renderHtml', () => {
  it('escapes page text holding <script> and marks chosen rows', () => {
    const hostile = PAGE.replace('Paragraph 3 of', 'Paragraph 3 &lt;script&gt;alert("x")&lt;/script&gt; &amp;amp; of');
    const d = explainPage(hostile, { model: shippedDefaultModel() });
    expect(d.texts.some((t) => t.includes('<script>alert("x")</script>'))).toBe(true);
    const html = renderHtml(d);
    expect(html.toLowerCase()).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;amp; of');
    expect(html).toContain("Content-Security-Policy");
    let chosenLines = 0;
    for (const b of d.chosen) chosenLines += b.end - b.start;
    expect(html.match(/<tr class="chosen/g)).toHaveLength(chosenLines);
    expect(html.match(/<tr[ >]/g)).toHaveLength(d.lineCount + 1); // + header row
  });
});

describe('renderLineTable', () => {
  const d = explainPage(PAGE, { model: shippedDefaultModel() });
  const rowsOf = (table: string) => table.trimEnd().split('\n').slice(1).map((r) => Number(r.trim().split(/\s+/)[0]));

  it('shows the requested range, inclusive, clipped to the page', () => {
    const table = renderLineTable(d, 2, 5, { width: 80 });
    expect(table.split("\n")[0]).toMatch(/^line\s+T\s+S\s+diff\s+top\s+window\s+out by\s+text$/);
    expect(rowsOf(table)).toEqual([2, 3, 4, 5]);
    expect(rowsOf(renderLineTable(d, d.lineCount - 2, d.lineCount + 10))).toEqual([d.lineCount - 2, d.lineCount - 1]);
    for (const row of table.trimEnd().split('\n')) expect([...row].length).toBeLessThanOrEqual(80);
  });

  it('shows the numbers of a line and marks chosen and topical ones', () => {
    const i = d.chosen[0]!.start + 1;
    const row = renderLineTable(d, i, i).split('\n')[1]!;
    const cells = row.trim().split(/\s+/);
    expect(cells.slice(0, 4)).toEqual([String(i), String(d.content[i]), String(d.code[i]), String(Math.round(d.diff[i]!))]);
    expect(cells[4]).toBe(d.topical![i] ? '+' : '.');
    expect(row).toContain('✓');
  });

  it('marks the heading that repeats the page title, and the summary names it', () => {
    const titled = explainPage(PAGE.replace('<title>T</title>', '<title>Harbour town rebuilds its sea wall | Coast News</title>'), { algorithm: 'addanag' });
    const h = titled.texts.indexOf('Harbour town rebuilds its sea wall');
    expect(titled.titleLine).toBe(h);
    expect(renderLineTable(titled, h, h).split('\n')[1]).toContain('[title] Harbour town');
    expect(summarize(titled)).toContain(`title line ${h}`);
    expect(summarize(titled)).toMatch(/started from lines \d+–\d+/);
    expect(d.titleLine).toBe(-1); // PAGE's title "T" repeats nothing
    const svg = checkXml(renderSvg(titled)).elements;
    expect(svg.find((e) => e.attrs['class'] === 'title-line')?.attrs['data-line']).toBe(String(h));
    const start = titled.regions[titled.startRegion]!;
    expect(svg.find((e) => e.attrs['class'] === 'dana-start')?.attrs['data-start']).toBe(String(start.start));
  });

  it('by default lists the first chosen-or-topical lines', () => {
    const lines = interestingLines(d, 40);
    for (const i of lines) expect(d.chosenMask[i]! || d.topical![i]!).toBeTruthy();
    expect(rowsOf(renderLineTable(d, lines))).toEqual(lines);
    expect(interestingLines(d, 3)).toEqual(lines.slice(0, 3));
  });

  it('replaces control characters in page text', () => {
    const e = explainPage('<p>bad \u001b[31mred</p>', { algorithm: 'danag' });
    expect(renderLineTable(e, 0, 0)).not.toContain('\u001b');
  });
});
