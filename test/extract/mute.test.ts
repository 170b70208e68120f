import { describe, it, expect } from 'vitest';
import { train, type TrainingPage } from '../../src/train/train.js';
import { sitePage } from '../helpers/site-pages.js';
import { buildLineTable } from '../../src/html/lines.js';
import { lineKey } from '../../src/html/line-key.js';
import { mutedLines } from '../../src/extract/mute.js';
import { extractWithModel, farswOptions } from '../../src/extract/model-extractor.js';
import { explainPage } from '../../src/explain/explain.js';
import { renderLineTable } from '../../src/explain/line-table.js';
import { summarize } from '../../src/explain/explain.js';
import { describeRules } from '../../src/model/describe.js';
import { formatRules } from '../../src/cli/commands/rules.js';
import { modelToJson, validateModel, type EvidenceModel } from '../../src/model/model.js';
import { ModelFormatError } from '../../src/core/errors.js';

// The imaginary news site's pages, each on a site of its own (class/id words must be seen on several sites).
const pages: TrainingPage[] = Array.from({ length: 24 }, (_, k) => ({ ...sitePage(k), site: `news${k}.example.com` }));
const model = train(pages, { name: 'mute', featureVariant: 'normalized', evidence: true });
const ev = model.evidence!;
const carries = (w: string) => ev.classWordCarries![ev.classWords.findIndex(([, x]) => x === w)]!;

describe('learned mute: what training learns', () => {
  it("learns how often each class/id word's block carried the article (add-½ smoothed over its pages)", () => {
    // `article` holds every page's paragraphs: (24 + ½) / (24 + 1); the menu, related list and footer never do: ½ / 25.
    expect(carries('article')).toBeCloseTo(24.5 / 25, 10);
    for (const w of ['nav', 'related', 'footer']) expect(carries(w)).toBeCloseTo(0.5 / 25, 10);
  });

  it('shows the shares in `farsw rules`, and a damaged list is refused', () => {
    const text = formatRules(describeRules(model));
    expect(text).toMatch(/their blocks carried the article on this share of the training pages they were on \(\d+ below 0\.02, the mute's cut\)/);
    expect(text).toContain('article 98.0 %');
    const bad = JSON.parse(modelToJson(model));
    bad.evidence.classWordCarries = [0.5];
    expect(() => validateModel(bad, 'm.json')).toThrow(ModelFormatError);
    expect(() => validateModel(bad, 'm.json')).toThrow(/m\.json: evidence\.classWordCarries must list one share per class word/);
  });
});

describe('mutedLines', () => {
  // A hand-made vocabulary: `related` never carried the article, `story` nearly always, `wrap` never (but it wraps the page).
  const words: EvidenceModel = { ...ev, classWords: [[lineKey('related'), 'related'], [lineKey('story'), 'story'], [lineKey('wrap'), 'wrap']], classWordCarries: [0.01, 0.9, 0.01] };
  const html = `<body class="wrap"><div class="story"><p>The council closed the harbour on Monday after the storm.</p><p>Boats stay in port until the piers are mended.</p></div>
<div class="related"><p>Another storm hit the coast last year and closed two roads.</p></div></body>`;
  const table = buildLineTable(html, { classTokens: true });
  const line = (text: string) => table.text.findIndex((t) => t.includes(text));

  it("mutes the lines of a block whose word never carried the article, naming the word, and only those", () => {
    const muted = mutedLines(table, words, 0.02)!;
    expect(muted[line('Another storm')]).toBe(1); // `related`, class word 0, + 1
    expect(muted[line('The council')]).toBe(0);
    expect(muted[line('Boats stay')]).toBe(0);
  });

  it("ignores a word on the lines of most of the page's text: an outer wrapper's (`wrap` is on every line)", () => {
    const onlyWrap: EvidenceModel = { ...words, classWordCarries: [0.5, 0.9, 0.01] };
    expect(mutedLines(table, onlyWrap, 0.02)).toBeUndefined();
  });

  it('mutes nothing at 0, for a model without the shares, or for a table without class/id words', () => {
    expect(mutedLines(table, words, 0)).toBeUndefined();
    const { classWordCarries: _c, ...older } = words;
    expect(mutedLines(table, older, 0.02)).toBeUndefined();
    expect(mutedLines(buildLineTable(html), words, 0.02)).toBeUndefined();
  });
});

describe('learned mute in extraction', () => {
  // An article ending in a related box of prose teasers, inside the article's own element: the vote and DANA keep them.
  const base = sitePage(40);
  const teasers = [1, 2, 3].map((r) => `<p>Teaser ${r}: ${sitePage(50 + r).gold!.split('\n')[0]!.slice(16)}</p>`).join('\n');
  const html = base.html.replace('</div>\n<div class="related">', `<div class="related">${teasers}</div></div>\n<div class="related">`);

  it('leaves out the teasers the DANA core joined, keeps the article, and says why in explain', () => {
    const loose = extractWithModel(html, model, { farsw: { mute: 0 } });
    expect(loose.text).toContain('Teaser 1');
    const out = extractWithModel(html, model, { farsw: { mute: 0.1 } });
    expect(out.text).not.toContain('Teaser');
    for (const p of base.gold!.split('\n')) expect(out.text).toContain(p);
    const data = explainPage(html, { model, farsw: { mute: 0.1 } });
    const t = data.texts.findIndex((x) => x.startsWith('Teaser 2'));
    expect(data.mutedBy!(t)).toEqual({ word: 'related', carries: carries('related') });
    expect(data.mutedBy!(data.texts.findIndex((x) => x.startsWith('Paragraph 40-0')))).toBeNull();
    expect(summarize(data)).toMatch(/\d+ lines muted by learned class\/id words \(related \d+\)/);
    expect(renderLineTable(data, [t], 0, { width: 120 })).toMatch(/ mut mute +Teaser 2/);
  });

  it("mutes a short article's teasers: the retry stands down only below 500 characters (Readability's threshold)", () => {
    // Two of the article's paragraphs, 500 to 1,000 characters, and one teaser: muted at the default retry, not at a retry of 1,000.
    const paras = base.gold!.split('\n');
    const short = html.replace(/<p>Paragraph 40-[2-9][^]*?<\/p>\n?/g, '').replace(/<p>Teaser [23]:[^]*?<\/p>\n?/g, '');
    const kept = paras.slice(0, 2).join('').length;
    expect(kept).toBeGreaterThan(500);
    expect(kept).toBeLessThan(1000);
    const out = extractWithModel(short, model, { farsw: { mute: 0.1 } });
    expect(out.text).not.toContain('Teaser');
    for (const p of paras.slice(0, 2)) expect(out.text).toContain(p);
    expect(extractWithModel(short, model, { farsw: { mute: 0.1, muteRetry: 1000 } }).text).toContain('Teaser 1');
  });

  it('mutes nothing when too little would be left (the retry)', () => {
    const loose = extractWithModel(html, model, { farsw: { mute: 0 } });
    const retried = extractWithModel(html, model, { farsw: { mute: 0.1, muteRetry: 100_000 } });
    expect(retried.text).toBe(loose.text);
    expect(retried.detail.muted).toBeUndefined();
  });
});

describe('the final container chosen without the muted lines (`muteBox`)', () => {
  // A short article (three paragraphs, over 500 characters), then a related box of two prose teasers (muted: `related` never
  // carried the article) and a link-heavy note from the desk. With the teasers weighing in, no element holds 70 % of the chosen
  // text, so no container cuts the note; left out of the choice, the article's element holds over 70 % and the note goes.
  const base = sitePage(41);
  const paras = base.gold!.split('\n').slice(0, 3);
  const first = (k: number, a: number, b?: number) => sitePage(k).gold!.split('\n')[0]!.slice(a, b);
  const page = (wrap = (s: string) => s, space = '\n') => base.html
    .replace(/<div class="article">[^]*?<\/div>/, `<div class="article"><h1>Headline number 41</h1>\n${paras.map((p) => `<p>${p}</p>`).join('\n')}\n</div>`)
    .replace('<div class="related">', `<div class="related">${[0, 1].map((r) => `<p>Teaser ${r}: ${wrap(first(60 + r, 14))}</p>`).join(space)}</div>${space}`
      + `<div class="aside"><p>A note from the desk: ${first(70, 14, 110)} <a href="/desk">${wrap(first(71, 14, 90))}</a></p></div>\n<div class="related">`);
  const run = (html: string, muteBox: boolean) => extractWithModel(html, model, { farsw: { mute: 0.1, muteBox } }).text;

  it('keeps the article alone where the muted teasers kept any container from cutting the note', () => {
    expect(paras.join('').length).toBeGreaterThan(500);
    const without = run(page(), false);
    expect(without).toContain('A note from the desk');
    expect(without).not.toContain('Teaser');
    expect(run(page(), true)).toBe(paras.join('\n'));
  });

  it('decides alike when an inline tag wraps the teasers\' and the note\'s text or white space between them changes (a browser renders both alike)', () => {
    expect(run(page((s) => `<span>${s}</span>`, '\n  \n'), true)).toEqual(run(page(), true));
    expect(run(page((s) => `<b>${s}</b>`), false)).toEqual(run(page(), false));
  });

  it('is on for models across sites, and changes nothing without the mute', () => {
    expect(farswOptions({}, model).muteBox).toBe(true);
    expect(extractWithModel(page(), model, { farsw: { mute: 0, muteBox: true } }).text).toBe(extractWithModel(page(), model, { farsw: { mute: 0, muteBox: false } }).text);
  });
});
