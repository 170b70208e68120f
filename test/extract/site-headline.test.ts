/**
 * Site models and the headline (issue 18.2): on a site whose pages show the headline in a breadcrumb too, and set the
 * headline apart from the body with a bar of share buttons, a site model keeps the headline once and drops the breadcrumb.
 */
import { describe, it, expect } from 'vitest';
import { resolveTrainParams, train, type TrainingPage } from '../../src/train/train.js';
import { extractWithModel } from '../../src/extract/model-extractor.js';
import { alignGold } from '../../src/train/align.js';
import { pseudoLabel } from '../../src/train/unlabeled.js';
import { buildLineTable } from '../../src/html/lines.js';
import { modelLineOptions } from '../../src/model/model.js';

const WORDS = 'river council budget school harbour bridge storm festival library museum tram station market garden hospital airport ferry orchard'.split(' ');
const words = (seed: number, n: number): string => Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 5 + ((i * i) % 3)) % WORDS.length]).join(' ');
const SITE = 'quay-chronicle.example';

function page(k: number): TrainingPage {
  const headline = `The ${words(k, 3)} opens a ${words(k + 40, 2)} by the ${words(k + 80, 2)}`;
  const paras = Array.from({ length: 4 + (k % 3) }, (_, i) => `${words(k * 3 + i, 30 + ((k + i) % 5) * 4)}.`);
  const html = `<!doctype html><html><head><title>${headline} | Quay Chronicle</title></head><body>
<div class="menu">${['Home', 'Town', 'Harbour', 'Sport', 'Letters'].map((m) => `<a href="/${m}">${m}</a>`).join(' ')}</div>
<div class="crumbs"><a href="/">Quay Chronicle</a> » <a href="/town">Town</a> » ${headline}</div>
<div class="story"><h1>${headline}</h1>
<div class="share"><a href="#">Share</a></div><div class="share"><a href="#">Tweet</a></div><div class="share"><a href="#">Email</a></div>
<div class="share"><a href="#">Print</a></div><div class="share"><a href="#">Larger text</a></div><div class="share"><a href="#">Smaller text</a></div>
<div class="body">${paras.map((p) => `<p>${p}</p>`).join('\n')}</div></div>
<div class="more"><h3>More from the quay</h3><ul>${[1, 2, 3].map((r) => `<li><a href="/s/${k + r}">${words(k + r + 200, 4)}</a></li>`).join('')}</ul></div>
<div class="footer"><p>Quay Chronicle, printed on the harbour since 1887. <a href="/about">About</a></p></div>
</body></html>`;
  return { id: `quay/${k}`, html, gold: [headline, ...paras].join('\n') };
}

const pages = Array.from({ length: 12 }, (_, k) => page(k));
const lines = (p: TrainingPage): readonly string[] => buildLineTable(p.html, modelLineOptions(resolveTrainParams({ site: SITE }))).text;

describe('site models: the headline, once', () => {
  it('labels the headline, not the breadcrumb that repeats it (each gold token labels one line)', () => {
    const p = pages[0]!;
    const text = lines(p);
    const crumb = text.findIndex((t) => t.includes('»'));
    const head = text.findIndex((t, i) => i !== crumb && t === p.gold!.split('\n')[0]);
    expect(crumb).toBeGreaterThanOrEqual(0);
    expect(head).toBeGreaterThan(crumb);
    expect(alignGold(text, p.gold!, 0.5).topical[crumb]).toBe(1);
    const exclusive = alignGold(text, p.gold!, 0.5, true).topical;
    expect([exclusive[crumb], exclusive[head]]).toEqual([0, 1]);
  });

  it('keeps the headline set apart by the share bar and drops the breadcrumb on unseen pages', () => {
    const model = train(pages.slice(0, 9), { name: 'quay', site: SITE });
    expect(model.params.exclusiveAlign).toBe(true);
    for (const p of pages.slice(9)) {
      const kept = extractWithModel(p.html, model).text.split('\n');
      const [headline, ...paras] = p.gold!.split('\n');
      expect(kept[0]).toBe(headline);
      expect(kept.slice(1)).toEqual(paras);
    }
  });

  it('without topicalTitle (and without slots) the window leaves the headline out; the headline\'s slot alone brings it back', () => {
    const model = train(pages.slice(0, 9), { name: 'quay', site: SITE });
    for (const p of pages.slice(9)) {
      const [headline, ...paras] = p.gold!.split('\n');
      expect(extractWithModel(p.html, model, { farsw: { topicalTitle: false, slots: false } }).text.split('\n')).toEqual(paras);
      expect(extractWithModel(p.html, model, { farsw: { topicalTitle: false } }).text.split('\n')).toEqual([headline, ...paras]);
    }
  });

  it('label-free: the seed keeps the headline once, so the breadcrumb is no pseudo-content; the Trainer gets each line\'s label', () => {
    const { pages: labelled } = pseudoLabel(pages.map((p) => ({ id: p.id!, html: p.html })), { site: SITE, seed: (p) => pages.find((q) => q.id === p.id)!.gold! });
    for (const [i, p] of labelled.entries()) {
      expect(p.gold).not.toContain('»');
      expect(p.gold!.split('\n')[0]).toBe(pages[i]!.gold!.split('\n')[0]);
      const text = lines(pages[i]!);
      expect(p.lineLabels).toHaveLength(text.length);
      expect(text.filter((_, j) => p.lineLabels![j] === 1).join('\n')).toBe(p.gold);
    }
  });

  it("a page's own headline is no template line, though the other pages link to it", () => {
    // The same site, its "More from the quay" box linking to the next three stories by their headlines.
    const linked = pages.map((p, k) => ({ ...p, html: p.html.replace(/<ul>.*?<\/ul>/, `<ul>${[1, 2, 3].map((r) => `<li><a href="/s/${(k + r) % 12}">${pages[(k + r) % 12]!.gold!.split('\n')[0]}</a></li>`).join('')}</ul>`) }));
    const { pages: labelled, evidence } = pseudoLabel(linked.map((p) => ({ id: p.id!, html: p.html })), { site: SITE, seed: (p) => linked.find((q) => q.id === p.id)!.gold! });
    expect(evidence.minPages).toBe(4);
    expect(evidence.templateLines).toBeGreaterThanOrEqual(12 + 5); // each headline (on 4 of 12 pages) and the menu
    for (const [i, p] of labelled.entries()) expect(p.gold!.split('\n')[0]).toBe(pages[i]!.gold!.split('\n')[0]);
    // A labelled site model: the unseen pages' headlines were links on its training pages (template lines); their own stays.
    const model = train(linked.slice(0, 9), { name: 'quay', site: SITE });
    expect(model.templateLines?.length).toBeGreaterThanOrEqual(3 + 5);
    for (const p of linked.slice(9)) {
      const [headline, ...paras] = p.gold!.split('\n');
      expect(extractWithModel(p.html, model).text.split('\n')).toEqual([headline, ...paras]);
    }
  });
});
