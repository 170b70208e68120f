/**
 * Structural slots (features/slots.ts, issue 18.2): a site model remembers which slots of the site's template held the
 * article on its training pages and keeps their lines on a new page, where the windows and the DANA core miss them.
 * The site is hand-written here (invented words): a short deck under the headline, cut off from the body by a list of
 * tool links, which the site model without slots leaves out.
 */
import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { slotKeys } from '../../src/features/slots.js';
import { train } from '../../src/train/train.js';
import { extract } from '../../src/api/extract.js';
import { extractWithModel } from '../../src/extract/model-extractor.js';
import { explainPage, summarize } from '../../src/explain/explain.js';
import { modelToJson, validateModel } from '../../src/model/model.js';
import { ModelFormatError } from '../../src/core/errors.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';
import { trainUnlabeled } from '../../src/train/unlabeled.js';

const WORDS = 'amber basalt copper dune estuary fjord granite heron inlet jetty kelp lagoon marsh neap osprey pebble quay reef shoal tide'.split(' ');
/** A made-up sentence of `n` words, different for each seed. */
function sentence(seed: number, n: number): string {
  const out: string[] = [];
  for (let k = 0; k < n; k++) out.push(WORDS[(seed * 7 + k * 13 + k * k) % WORDS.length]!);
  const s = out.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

/** Page `i` of the Pier Post: menu, headline, share links, the deck, a list of tool links, the body, teasers, footer. */
function pierPage(i: number): { id: string; html: string; gold: string; deck: string } {
  const title = `Pier notes number ${i}: ${sentence(i, 4)}`;
  const deck = sentence(i + 50, 6);
  const paras = Array.from({ length: 5 }, (_, k) => sentence(i * 5 + k, 28 + k));
  const html = `<html><head><title>${title}</title></head><body>
<ul class="nav">${['Home', 'Harbour', 'Boats', 'Weather', 'Letters', 'Archive'].map((s) => `<li><a href="/${s}">${s}</a></li>`).join('')}</ul>
<div class="story">
<h1>${title}</h1>
<div class="tools">${['Share', 'Tweet', 'Email', 'Print', 'Save', 'Comments'].map((n) => `<a href="/${n.toLowerCase()}/${i}">${n}</a>`).join(' ')}</div>
<div class="deck"><p>${deck}</p></div>
<ul class="tools">${Array.from({ length: 8 }, (_, k) => `<li><a href="/t/${k}">Tool number ${k}</a></li>`).join('')}</ul>
<div class="body">${paras.map((p) => `<p>${p}</p>`).join('\n')}</div>
</div>
<div class="more"><h3>More from the pier</h3><ul>${[1, 2, 3, 4, 5].map((k) => `<li><a href="/s/${k}">Pier notes number ${k}</a></li>`).join('')}</ul></div>
<div class="footer"><p>Pier Post, a made-up paper. <a href="/about">About</a></p></div>
</body></html>`;
  return { id: `pier-${i}`, html, gold: [title, deck, ...paras].join('\n'), deck };
}

const table = (html: string) => buildLineTable(html, { carryMarkup: true });
const textSlots = (html: string): number[] => {
  const t = table(html), s = slotKeys(t);
  return Array.from({ length: t.count }, (_, i) => i).filter((i) => t.contentChars[i]! > 0).map((i) => s[i]!);
};

describe('slotKeys', () => {
  it('gives the same slots to the same template with other text, and 0 to lines without text', () => {
    const a = '<div class="x"><p>One two three.</p><p>Four five.</p></div><div class="y"><p>Six.</p></div>';
    const b = '<div class="x"><p>Seven eight nine ten.</p><p>Eleven.</p></div><div class="y"><p>Twelve thirteen.</p></div>';
    expect(textSlots(a)).toEqual(textSlots(b));
    const t = table(a), s = slotKeys(t);
    for (let i = 0; i < t.count; i++) if (t.contentChars[i] === 0) expect(s[i]).toBe(0);
  });

  it('tells apart the same tag in another container, in another position among its kind, or under another class', () => {
    const [x1, , y1] = textSlots('<div class="x"><p>One.</p><p>Two.</p></div><div class="y"><p>Three.</p></div>');
    expect(x1).not.toBe(y1);
    // The second <div> with the same class is another slot: sibling indices count same-tag siblings.
    const [first, second] = textSlots('<div class="x"><p>One.</p></div><div class="x"><p>Two.</p></div>');
    expect(first).not.toBe(second);
    const [plain] = textSlots('<div class="x"><p>One.</p></div>');
    const [other] = textSlots('<div class="z"><p>One.</p></div>');
    expect(plain).not.toBe(other);
  });

  it('is unchanged by an element of another tag inserted before the line\'s container (same-tag indices)', () => {
    const a = textSlots('<div class="x"><p>One.</p></div>');
    const b = textSlots('<table><tr><td>Cell.</td></tr></table><div class="x"><p>One.</p></div>');
    expect(b[b.length - 1]).toBe(a[0]);
  });
});

describe('a site model\'s slots', () => {
  const pages = Array.from({ length: 12 }, (_, i) => pierPage(i + 1));
  const model = train(pages.slice(0, 8).map(({ id, html, gold }) => ({ id, html, gold })), { name: 'pier', site: 'pier-post.example' });

  it('are learned from the training pages and recorded in the model', () => {
    expect(model.params.slots).toBe(true);
    expect(model.topicalSlots?.length ?? 0).toBeGreaterThan(0);
    expect(validateModel(JSON.parse(modelToJson(model))).topicalSlots).toEqual(model.topicalSlots);
  });

  it('keep the deck the windows and the DANA core leave out, on pages the model never saw', () => {
    for (const p of pages.slice(8)) {
      const withSlots = extract(p.html, { model }), without = extract(p.html, { model, farsw: { slots: false } });
      expect(without.text).not.toContain(p.deck);
      expect(withSlots.text).toContain(p.deck);
      expect(withSlots.text.split('\n').sort()).toEqual(p.gold.split('\n').sort());
      const slotted = extractWithModel(p.html, model).detail.slotted;
      expect(slotted?.length).toBe(1);
      expect(summarize(explainPage(p.html, { model }))).toContain(`1 line kept by the site's article slots (${slotted![0]})`);
    }
  });

  it('an older site model (no topicalSlots) loads and applies as before; a malformed list is refused', () => {
    const { topicalSlots: _, ...older } = model;
    const loaded = validateModel(JSON.parse(modelToJson(older as typeof model)));
    const p = pages[9]!;
    expect(extract(p.html, { model: loaded }).text).toBe(extract(p.html, { model, farsw: { slots: false } }).text);
    expect(() => validateModel({ ...JSON.parse(modelToJson(model)), topicalSlots: [5, 3] }, 'm.json')).toThrow(ModelFormatError);
    expect(() => validateModel({ ...JSON.parse(modelToJson(model)), topicalSlots: [0] }, 'm.json')).toThrow(/m\.json: topicalSlots\[0\] is not a 32-bit slot key/);
  });

  it('are not learned across sites, nor by label-free models', () => {
    expect(shippedDefaultModel().topicalSlots).toBeUndefined();
    const global = train(pages.slice(0, 8).map(({ id, html, gold }) => ({ id, html, gold })), { name: 'across' });
    expect(global.topicalSlots).toBeUndefined();
    expect(global.params.slots).toBeUndefined();
    const dflt = shippedDefaultModel();
    const seed = (page: { html: string }): string => extract(page.html, { model: dflt }).text;
    const free = trainUnlabeled(pages.slice(0, 8).map(({ id, html }) => ({ id, html })), { name: 'free', site: 'pier-post.example', seed, seedModel: 'default' });
    expect(free.topicalSlots).toBeUndefined();
  });
});
