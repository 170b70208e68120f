import { describe, it, expect } from 'vitest';
import { train, type TrainingPage } from '../../src/train/train.js';
import { sitePage } from '../helpers/site-pages.js';
import { buildLineTable } from '../../src/html/lines.js';
import { lineKey } from '../../src/html/line-key.js';
import { mutedLines } from '../../src/extract/mute.js';
import { extractWithModel } from '../../src/extract/model-extractor.js';
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
    expect(renderLineTable(data, [t], 0, { width: 120 })).toMatch(/ mut +Teaser 2/);
  });

  it("mutes a short article's teasers: the retry stands down only below 500 characters (Readability's threshold)", () => {
    // Two of the article's paragraphs, 500 to 1,000 characters, and one teaser: muted at the default retry, not at session 8's 1,000.
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
