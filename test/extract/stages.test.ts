/**
 * The model path's stage list (extract/stages): each line's deciding stage on hand-written pages whose decisions we can
 * state, and the list as an API (insert, replace, remove a stage; a stage run before its input is named).
 */
import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { applyModel, insertStage, MODEL_STAGES, replaceStage, withoutStage, type FarswResult, type Stage } from '../../src/extract/farsw.js';
import { farswOptions } from '../../src/extract/model-extractor.js';
import { modelLineOptions, type Model } from '../../src/model/model.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';
import { lineKey } from '../../src/train/templates.js';
import { need } from '../../src/extract/stages/index.js';

const para = (k: number) => `<p>Paragraph ${k} of the article tells at some length what happened in the harbour town after the storms of January, and what the council plans to do next.</p>`;
const NAV = '<div class="nav"><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/weather">Weather</a></li></ul></div>';
const HEADLINE = 'Harbour town rebuilds its sea wall';
const page = (body: string, title = 'T') => `<html><head><title>${title}</title></head><body>${body}</body></html>`;
const ARTICLE = page(`${NAV}<div class="article"><h1>${HEADLINE}</h1>${[1, 2, 3, 4, 5, 6].map(para).join('')}</div>`);

const base = shippedDefaultModel();
function run(html: string, model: Model = base, farsw: Parameters<typeof farswOptions>[0] = {}, stages: readonly Stage[] = MODEL_STAGES) {
  const table = buildLineTable(html, modelLineOptions(model.params));
  const r = applyModel(table, model, farswOptions(farsw, model), stages);
  const kept = new Uint8Array(table.count);
  for (const b of r.blocks) kept.fill(1, b.start, b.end);
  const by = (i: number) => r.stages[r.decidedBy[i]! - 1]?.id;
  return { table, r, kept, by, line: (text: string, from = 0) => table.text.findIndex((t, i) => i >= from && t.startsWith(text)) };
}

describe('the stage that decided each line', () => {
  it('the combination keeps the article and drops the menu; every line has a deciding stage', () => {
    const { table, kept, by, line, r } = run(ARTICLE);
    const p3 = line('Paragraph 3'), home = line('Home');
    expect([kept[p3], by(p3)]).toEqual([1, 'combine']);
    expect([kept[home], by(home)]).toEqual([0, 'combine']);
    for (let i = 0; i < table.count; i++) expect(r.decidedBy[i]).toBeGreaterThan(0);
    expect(r.stages.map((s) => s.id)).toEqual(MODEL_STAGES.map((s) => s.id));
  });

  it('the dedupe stage drops the second copy of a paragraph', () => {
    const html = page(`<div class="article"><h1>${HEADLINE}</h1>${[1, 2, 3, 4, 5, 6, 3].map(para).join('')}</div>`);
    const { kept, by, line, r } = run(html, base, { dedupe: true });
    const first = line('Paragraph 3'), second = line('Paragraph 3', first + 1);
    expect(second).toBeGreaterThan(first);
    expect([kept[first], by(first)]).toEqual([1, 'combine']);
    expect([kept[second], by(second)]).toEqual([0, 'dedupe']);
    expect(r.stages[r.decidedBy[second]! - 1]!.dropped).toBe('repeats the text of an earlier kept line');
    // Without the stage, the combination's decision stands.
    const off = run(html, base, { dedupe: true }, withoutStage(MODEL_STAGES, 'dedupe'));
    expect([off.kept[second], off.by(second)]).toEqual([1, 'combine']);
  });

  it('the templates stage drops a template line the combination chose', () => {
    const plain = run(ARTICLE);
    const p5 = plain.line('Paragraph 5');
    expect(plain.kept[p5]).toBe(1);
    const { templateMaxChars: _, ...shipped } = base;
    const model: Model = { ...shipped, templateLines: [lineKey(plain.table.text[p5]!)] };
    const { kept, by, r } = run(ARTICLE, model);
    expect([kept[p5], by(p5)]).toEqual([0, 'templates']);
    expect(r.template![p5]).toBe(1);
  });

  it('the keep-title stage sets the headline back after the container cut it', () => {
    const html = page(`<div class="head"><h1>${HEADLINE}</h1></div>${NAV}<div class="article">${[1, 2, 3, 4, 5, 6].map(para).join('')}</div>`, `${HEADLINE} | Coast News`);
    const { kept, by, line, r } = run(html);
    const h = line(HEADLINE);
    expect(r.dana.titleLine).toBe(h);
    expect([kept[h], by(h)]).toEqual([1, 'keep-title']);
    // Without the stage, the headline stays out.
    const off = run(html, base, {}, withoutStage(MODEL_STAGES, 'keep-title'));
    expect(off.kept[h]).toBe(0);
  });
});

describe('the stage list as an API', () => {
  const dropParagraph2: Stage = {
    id: 'drop-p2', purpose: 'test: drop the second paragraph', kept: '', dropped: 'the second paragraph',
    run({ table }, state) {
      const out = Uint8Array.from(need(state, 'chosen', 'drop-p2'));
      table.text.forEach((t, i) => { if (t.startsWith('Paragraph 2')) out[i] = 0; });
      return { chosen: out };
    },
  };

  it('a stage inserted into the list decides the lines it changes', () => {
    const stages = insertStage(MODEL_STAGES, dropParagraph2, 'main');
    expect(stages.map((s) => s.id).slice(-2)).toEqual(['main', 'drop-p2']);
    const { kept, by, line } = run(ARTICLE, base, {}, stages);
    const p2 = line('Paragraph 2');
    expect([kept[p2], by(p2)]).toEqual([0, 'drop-p2']);
    expect(kept[line('Paragraph 3')]).toBe(1);
    expect(insertStage(MODEL_STAGES, dropParagraph2, 'combine', 'before').map((s) => s.id).indexOf('drop-p2')).toBe(MODEL_STAGES.findIndex((s) => s.id === 'combine'));
  });

  it('a replaced stage runs in its place; an unknown stage name is refused', () => {
    const stages = replaceStage(MODEL_STAGES, 'dedupe', dropParagraph2);
    expect(stages).toHaveLength(MODEL_STAGES.length);
    expect(run(ARTICLE, base, {}, stages).by(run(ARTICLE).line('Paragraph 2'))).toBe('drop-p2');
    expect(() => withoutStage(MODEL_STAGES, 'nope')).toThrow(/no model stage nope/);
  });

  it('names the stage and the missing input when a stage runs before the one producing it', () => {
    const combine = MODEL_STAGES.find((s) => s.id === 'combine')!;
    const early = insertStage(withoutStage(MODEL_STAGES, 'combine'), combine, 'classify');
    expect(() => run(ARTICLE, base, {}, early)).toThrow('model stage combine reads dana, which no earlier stage produced');
  });

  it('has unique stage names, each with a purpose; the default list is applyModel\'s default', () => {
    const ids = MODEL_STAGES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of MODEL_STAGES) expect(s.purpose.length).toBeGreaterThan(10);
    const table = buildLineTable(ARTICLE, modelLineOptions(base.params));
    const strip = ({ stages: _, ...r }: FarswResult) => r;
    expect(strip(applyModel(table, base, farswOptions({}, base)))).toEqual(strip(applyModel(table, base, farswOptions({}, base), MODEL_STAGES)));
  });

  it('never changes the state a stage reads: the combined lines come out of the cuts as the combination made them', () => {
    const html = page(`<div class="head"><h1>${HEADLINE}</h1></div>${NAV}<div class="article">${[1, 2, 3, 4, 5, 6].map(para).join('')}</div>`, `${HEADLINE} | Coast News`);
    let copy: number[] = [], last: number[] = [];
    const first: Stage = { id: 'copy', purpose: 'test: copy the combined lines', kept: '', dropped: '', run(_p, s) { copy = [...s.combined!]; return {}; } };
    const end: Stage = { id: 'read', purpose: 'test: read the combined lines at the end', kept: '', dropped: '', run(_p, s) { last = [...s.combined!]; return {}; } };
    const { kept } = run(html, base, {}, insertStage(insertStage(MODEL_STAGES, first, 'combine'), end, 'mute'));
    expect(last).toEqual(copy);
    expect([...kept]).not.toEqual(copy); // the cuts did change the chosen lines
  });
});

describe('the relax to <main> as a stage', () => {
  it('replaces chosen lines holding too little of <main> and is named as the deciding stage', () => {
    // Inside <main>: a short article the model keeps, then a long list of category links it leaves out (more text than the article).
    const links = Array.from({ length: 40 }, (_, k) => `<li><a href="/p/${k}">Category page number ${k} of the shop</a></li>`).join('');
    const html = page(`${NAV}<main><div class="a">${para(1)}${para(2)}</div><ul class="cats">${links}</ul></main>`);
    const on = run(html), off = run(html, base, { mainShare: 0 });
    const link = on.line('Category page number 7'), p1 = on.line('Paragraph 1');
    expect(on.r.relaxed).toBe('main');
    expect([on.kept[link], on.by(link)]).toEqual([1, 'main']);
    expect([on.kept[p1], on.by(p1)]).toEqual([1, 'combine']);
    expect([on.kept[on.line('Home')], on.by(on.line('Home'))]).toEqual([0, 'combine']);
    expect([off.r.relaxed, off.kept[link], off.by(link)]).toEqual([undefined, 0, 'combine']);
  });
});
