import { describe, it, expect } from 'vitest';
import { train, type TrainingPage } from '../../src/train/train.js';
import { sitePage } from '../helpers/site-pages.js';
import { extractWithModel, farswOptions } from '../../src/extract/model-extractor.js';
import { DANA_DEFAULTS } from '../../src/core/defaults.js';
import { lineKey } from '../../src/html/line-key.js';

// A model across sites (its pages on sites of their own) with evidence rules, as the shipped one.
const pages: TrainingPage[] = Array.from({ length: 24 }, (_, k) => ({ ...sitePage(k), site: `news${k}.example.com` }));
const model = train(pages, { name: 'title-line', featureVariant: 'normalized', evidence: true });

const sentence = (k: number) => `The harbour council met on day ${k} and agreed that the bridge, the tram station and the market garden would reopen in spring after the storm.`;
// The headline repeats <title> in a header beside the story's body; the body holds nearly all of the text, in five paragraphs.
const page = `<!doctype html><html><head><title>Council reopens the harbour – Example News</title></head><body>
<div class="story"><div class="head"><h1>Council reopens the harbour</h1></div>
<div class="text">${[1, 2, 3, 4, 5].map((k) => `<p>${sentence(k)} ${sentence(k + 10)}</p>`).join('\n')}</div></div>
<div class="footer"><p>Copyright Example News. <a href="/about">About</a></p></div>
</body></html>`;

describe('keepTitleLine: the headline stays with the article', () => {
  it('keeps the title line the containers would cut, and only it', () => {
    const kept = extractWithModel(page, model).text.split('\n');
    expect(kept[0]).toBe('Council reopens the harbour');
    expect(kept.slice(1)).toHaveLength(5);
    expect(kept.join(' ')).not.toMatch(/Copyright/);
    // Off, the container (the body: most of the text, ≥ 3 lines) cuts the headline in its sibling.
    const cut = extractWithModel(page, model, { farsw: { keepTitleLine: false, addTitleLine: false } }).text.split('\n');
    expect(cut).toEqual(kept.slice(1));
  });

  it("is on for models across sites; site models keep their DANA core's container and no final one, so it changes nothing there", () => {
    expect(farswOptions({}, model).keepTitleLine).toBe(true);
    const site = { ...model, site: 'news1.example.com' };
    const o = farswOptions({}, site);
    expect([o.container, o.dana.titleContainer, o.dana.container, o.dana.containerLines, o.fill]).toEqual([0, 0, 0.7, 1, 0]);
    expect(farswOptions({}, model).dana).toMatchObject({ container: 0, containerLines: 3 });
    expect(farswOptions({}, model).fill).toBe(0.5);
  });

  it("applies the title container from 10 % of the chosen text across sites (DANA's own stays at 20 %; site models have none)", () => {
    expect(farswOptions({}, model).dana.titleContainer).toBe(0.1);
    expect(DANA_DEFAULTS.titleContainer).toBe(0.2);
    expect(farswOptions({}, { ...model, site: 'news1.example.com' }).dana.titleContainer).toBe(0);
  });
});

describe('spareTitleLine: the kept headline is not muted', () => {
  // The headline repeats <title> and carries a class word the model learned never carried the article (the mute's `title`).
  const ev = model.evidence!;
  const muting = { ...model, evidence: { ...ev, classWords: [...ev.classWords, [lineKey('title'), 'title'] as [number, string]], classWordCarries: [...ev.classWordCarries!, 0.01] } };
  const story = sitePage(40);
  const html = story.html.replace('<title>Story 40</title>', '<title>Council reopens the harbour | Example News</title>')
    .replace('<h1>Headline number 40</h1>', '<h1 class="title">Council reopens the harbour</h1>');

  it('keeps the headline the mute would leave out, and the whole article', () => {
    const spared = extractWithModel(html, muting);
    const out = spared.text.split('\n');
    expect(out[0]).toBe('Council reopens the harbour');
    expect(spared.detail.muted).toBeUndefined(); // nothing else was muted: explain reports no muted line
    for (const p of story.gold!.split('\n')) expect(out).toContain(p);
    // Off, the mute takes the headline (and nothing else: the article's paragraphs carry no muting word).
    const muted = extractWithModel(html, muting, { farsw: { spareTitleLine: false } }).text.split('\n');
    expect(muted).toEqual(out.slice(1));
  });

  it('gives the same text for rewrites a browser renders alike (upper-case tags, unquoted attributes, white space between blocks)', () => {
    const rewritten = html.replace('<h1 class="title">', '<H1 CLASS=title>').replace('</h1>', '</H1>').replace(/<\/p>\n<p>/g, '</p>\n\n   <p>');
    expect(rewritten).not.toBe(html);
    expect(extractWithModel(rewritten, muting).text).toBe(extractWithModel(html, muting).text);
  });

  it('leaves the mute as it was for every other line', () => {
    // A teaser under the same muting word after the story: muted with or without the spare.
    const teaser = html.replace('</div>\n<div class="related">', '<p class="title">Teaser: the tram station reopens in the spring after the storm damage to its roof.</p></div>\n<div class="related">');
    expect(extractWithModel(teaser, muting).text).not.toContain('Teaser');
  });
});
