import { describe, it, expect } from 'vitest';
import { train, type TrainingPage } from '../../src/train/train.js';
import { classWordNames } from '../../src/train/evidence.js';
import { sitePage } from '../helpers/site-pages.js';
import { modelFromJson, modelToJson, validateModel } from '../../src/model/model.js';
import { ModelFormatError, ConfigError } from '../../src/core/errors.js';
import { describeRules } from '../../src/model/describe.js';
import { formatRules } from '../../src/cli/commands/rules.js';
import { extractWithModel } from '../../src/extract/model-extractor.js';
import { explainPage } from '../../src/explain/explain.js';
import { lineKey } from '../../src/html/line-key.js';
import { openModelStore } from '../../src/model-store/sqlite.js';
import { farswOptions } from '../../src/extract/model-extractor.js';
import { MODEL_FORMAT_VERSION } from '../../src/model/model.js';
import { evidenceConfidence, itemCount, itemDegrees, pageEvidence, ruleIndex } from '../../src/extract/evidence-vote.js';
import { voteActive } from '../../src/mining/class-rules.js';
import { buildLineTable } from '../../src/html/lines.js';
import { modelLineOptions } from '../../src/model/model.js';

// The imaginary news site's pages, each on a site of its own: class/id words must be seen on several sites to be learned.
const pages: TrainingPage[] = Array.from({ length: 24 }, (_, k) => ({ ...sitePage(k), site: `news${k}.example.com` }));
const model = train(pages, { name: 'evidence', featureVariant: 'normalized', evidence: true });
const ev = model.evidence!;

describe('evidence training', () => {
  it('learns class/id words and common words from the pages, not from a list', () => {
    expect(ev.classWords.map(([, w]) => w).sort()).toEqual(['article', 'footer', 'nav', 'related']);
    expect(ev.classWords.every(([k, w]) => k === lineKey(w))).toBe(true);
    expect(ev.commonWords.length).toBeGreaterThan(0);
    expect(ev.prior).toBeGreaterThan(0);
    expect(ev.prior).toBeLessThan(1);
  });

  it('keeps no class word seen on too few sites', () => {
    const one = train(pages.map((p) => ({ ...p, site: 'one.example.com' })), { name: 'one', featureVariant: 'normalized', evidence: true });
    expect(one.evidence!.classWords).toEqual([]);
  });

  it('mines rules for both classes and reads them in words', () => {
    const view = describeRules(model).evidence!;
    const content = view.rules.filter((r) => r.topical), boilerplate = view.rules.filter((r) => !r.topical);
    expect(content.length).toBeGreaterThan(0);
    expect(boilerplate.length).toBeGreaterThan(0);
    // The related-links list: inside <li>, inside a link, class word `related`.
    expect(boilerplate.some((r) => r.names.includes('class word `related`'))).toBe(true);
    expect(boilerplate.some((r) => r.names.includes('inside a link'))).toBe(true);
    expect(content.some((r) => r.names.includes('inside <p>') || r.names.includes('class word `article`'))).toBe(true);
    for (const r of view.rules) {
      expect(r.text).toMatch(/ → (content|boilerplate) \(conf [01]\.\d\d, support [01]\.\d\d, weight [01]\.\d\d\)$/);
      expect(r.weight).toBeGreaterThan(0);
    }
    const text = formatRules(describeRules(model));
    expect(text).toContain('Evidence rules (fuzzy class association rules');
    expect(text).toContain('learned class/id words (4): ');
    expect(text).toMatch(/→ boilerplate \(\d+ rules\)/);
  });

  it('is deterministic and survives a JSON round trip; a damaged evidence field is refused', () => {
    const again = train(pages, { name: 'evidence', featureVariant: 'normalized', evidence: true });
    expect(again.evidence).toEqual(ev);
    expect(modelFromJson(modelToJson(model))).toEqual(model);
    const bad = JSON.parse(modelToJson(model));
    bad.evidence.rules[0].items = [999999];
    expect(() => validateModel(bad, 'm.json')).toThrow(ModelFormatError);
    expect(() => validateModel(bad, 'm.json')).toThrow(/m\.json: evidence\.rules\[0\]\.items must be ascending item ids/);
    const noMembership = JSON.parse(modelToJson(model));
    noMembership.evidence.membership = [];
    expect(() => validateModel(noMembership, 'm.json')).toThrow(/evidence\.membership must list/);
    const shortShares = JSON.parse(modelToJson(model));
    shortShares.evidence.itemShares.pop();
    expect(() => validateModel(shortShares, 'm.json')).toThrow(/evidence\.itemShares must list one share per item/);
  });

  it('records each item\'s share of the training lines, and a model without them (trained before) gives the same output', () => {
    const shares = ev.itemShares!;
    expect(shares).toHaveLength(itemCount(ev));
    expect(shares.every((x) => x >= 0 && x <= 1)).toBe(true);
    // Every text line holds a region of each numeric feature; the class word `nav` is held by the menu's lines only.
    expect(shares[0]! + shares[1]! + shares[2]!).toBeGreaterThanOrEqual(1);
    const nav = shares[itemCount(ev) - ev.classWords.length + ev.classWords.findIndex(([, w]) => w === 'nav')]!;
    expect(nav).toBeGreaterThan(0);
    expect(nav).toBeLessThan(0.5);
    const { itemShares: _, ...older } = ev;
    const before = { ...model, evidence: older };
    for (const k of [0, 3, 7]) {
      const html = pages[k]!.html;
      const a = extractWithModel(html, model), b = extractWithModel(html, before);
      expect(a.text).toBe(b.text);
      expect(a.blocks).toEqual(b.blocks);
      // The vote sums its rules in another order: P(content) the same up to rounding.
      const table = buildLineTable(html, modelLineOptions(model.params));
      const p = evidenceConfidence(table, ev), q = evidenceConfidence(table, older);
      for (let i = 0; i < p.length; i++) expect(p[i]).toBeCloseTo(q[i]!, 12);
    }
  });

  it('survives the model store: saved, loaded, the same output', () => {
    const store = openModelStore(':memory:');
    store.save(model);
    const loaded = store.load('evidence');
    store.close();
    expect(loaded.evidence).toEqual(ev);
    const page = sitePage(41), farsw = { classify: 'rules', blockScore: 'evidence' } as const;
    expect(extractWithModel(page.html, loaded, { farsw }).text).toBe(extractWithModel(page.html, model, { farsw }).text);
  });

  it('is left out unless asked for', () => {
    expect(train(pages, { name: 'plain', featureVariant: 'normalized' }).evidence).toBeUndefined();
  });
});

describe('applying evidence rules', () => {
  const page = sitePage(40);

  it('keeps the article and drops menu, related links and footer, with the learned blocks alone', () => {
    const out = extractWithModel(page.html, model, { farsw: { classify: 'rules', blockScore: 'evidence', mode: 'farsw' } });
    expect(out.text.split('\n').filter((l) => l.startsWith('Paragraph'))).toEqual(page.gold!.split('\n'));
    expect(out.text).not.toContain('Other story');
    expect(out.text).not.toContain('Copyright');
    expect(out.detail.fallback).toBe(false);
  });

  it('votes each line as it would alone, also on runs of like lines (a line may take the vote of the line before, or its stable rules\' sums)', () => {
    // Teaser lists of like items: the same items and degrees line after line, except where Index or TitleOffset vary.
    const items = Array.from({ length: 60 }, (_, j) => `<li><a href="/s/${j}">Other story</a></li>`).join('');
    const html = page.html.replace('</body>', `<div class="related"><ul>${items}</ul></div><div class="related"><ul>${items}</ul></div></body>`);
    const table = buildLineTable(html, modelLineOptions(model.params));
    const p = evidenceConfidence(table, ev);
    const evidence = pageEvidence(table, ev), index = ruleIndex(ev);
    const degree = new Float64Array(itemCount(ev));
    let repeats = 0;
    for (let k = 0; k < evidence.lines.length; k++) {
      itemDegrees(table, ev, evidence, k, degree);
      const active = [...degree.keys()].filter((it) => degree[it] !== 0);
      // A like line adds the same terms in another order (the stable rules' sums, then the moving rules'): equal up to rounding.
      expect(Math.abs(p[evidence.lines[k]!]! - voteActive(index, [...degree, 1], active, active.length, ev.prior))).toBeLessThan(1e-14);
      if (k > 0 && p[evidence.lines[k]!] === p[evidence.lines[k - 1]!]) repeats++;
    }
    expect(repeats).toBeGreaterThan(10);
    for (let i = 0; i < table.count; i++) if (table.contentChars[i] === 0) expect(p[i]).toBe(0);
  });

  it('refuses `rules` classification with a model trained without evidence rules', () => {
    const plain = train(pages, { name: 'plain', featureVariant: 'normalized' });
    expect(() => extractWithModel(page.html, plain, { farsw: { classify: 'rules' } })).toThrow(ConfigError);
    expect(() => extractWithModel(page.html, plain, { farsw: { classify: 'rules' } })).toThrow(/model plain has no evidence rules/);
  });

  it('explain shows which rules fired on a line and the vote', () => {
    const data = explainPage(page.html, { model, farsw: { classify: 'rules' } });
    const line = (text: string) => data.texts.findIndex((t) => t.startsWith(text));
    const para = data.rulesOn!(line('Paragraph 40-0'));
    expect(para.p).toBeGreaterThan(0.5);
    expect(para.rules.length).toBeGreaterThan(0);
    expect(para.rules[0]!.text).toContain('→ content');
    const teaser = data.rulesOn!(line('Other story'));
    expect(teaser.p).toBeLessThan(0.5);
    expect(teaser.rules.some((r) => r.text.includes('→ boilerplate'))).toBe(true);
    for (const r of teaser.rules) expect(r.degree).toBeGreaterThan(0);
    expect(data.rulesOn!(data.texts.findIndex((t) => t === ''))).toEqual({ p: 0, rules: [] });
  });
});

describe('defaults by model', () => {
  it('lets the evidence rules decide for a model across sites that has them, unless told otherwise', () => {
    expect(farswOptions({}, model)).toMatchObject({ classify: 'rules', blockScore: 'evidence', evidenceBeta: 0.7 });
    expect(farswOptions({ classify: 'confidence' }, model)).toMatchObject({ classify: 'confidence', blockScore: 'paper' });
    expect(farswOptions({}, { ...model, site: 'news.example' })).toMatchObject({ classify: 'confidence', blockScore: 'paper' });
    const { evidence: _evidence, ...plain } = model;
    expect(farswOptions({}, plain)).toMatchObject({ classify: 'confidence', blockScore: 'paper' });
  });

  it('writes format version 2 and still reads a version-1 model (no evidence rules), refusing others with how to retrain', () => {
    expect(model.formatVersion).toBe(MODEL_FORMAT_VERSION);
    expect(MODEL_FORMAT_VERSION).toBe(2);
    const { evidence: _evidence, ...plain } = model;
    const v1 = { ...plain, formatVersion: 1 };
    expect(validateModel(JSON.parse(JSON.stringify(v1)), 'old.json')).toEqual(v1);
    expect(() => validateModel({ ...plain, formatVersion: 3 }, 'new.json')).toThrow(/new\.json: model format version 3, this farsw reads versions 1 and 2; retrain the model with `farsw train`/);
  });
});

describe('classWordNames', () => {
  it('reads class and id words as the line builder keys them', () => {
    const names = new Map<number, string>();
    classWordNames('<div class="post-body entry_Content" id=mainColumn><p class=\'ab x\'>', names);
    expect([...names.values()].sort()).toEqual(['body', 'column', 'content', 'entry', 'main', 'post']);
    expect(names.get(lineKey('content'))).toBe('content');
  });
});
