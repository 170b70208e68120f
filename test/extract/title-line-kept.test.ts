import { describe, it, expect } from 'vitest';
import { train, type TrainingPage } from '../../src/train/train.js';
import { sitePage } from '../helpers/site-pages.js';
import { extractWithModel, farswOptions } from '../../src/extract/model-extractor.js';

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
});
