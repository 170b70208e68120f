import { describe, it, expect } from 'vitest';
import { train } from '../../src/train/train.js';
import { regionName } from '../../src/fuzzy/region.js';
import { validateModel, modelFromJson, modelToJson } from '../../src/model/model.js';
import { ConfigError, ModelFormatError } from '../../src/core/errors.js';
import { sitePages } from '../helpers/site-pages.js';
import { buildLineTable } from '../../src/html/lines.js';
import { lineKey } from '../../src/train/templates.js';
import { templateChecker } from '../../src/extract/farsw.js';

const pages = sitePages(12);

describe('train', () => {
  const model = train(pages, { name: 'example', site: 'news.example.com' });

  it('labels the article paragraphs as topical and reports label quality', () => {
    const r = model.trainingReport;
    expect(r.pages).toBe(12);
    expect(r.skippedPages).toBe(0);
    // 5, 6 or 7 paragraphs per page: 12 pages → 4·5 + 4·6 + 4·7 = 72 topical lines
    expect(r.topicalLines).toBe(72);
    expect(r.goldCoverage).toBe(1);
    expect(r.topicalNoise).toBe(0);
    expect(r.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('learns rules that describe long, dense, link-free lines', () => {
    expect(model.rules.length).toBeGreaterThan(0);
    const top = model.levels[model.levels.length - 1]!;
    expect(model.rules.map((r) => r.antecedent)).toEqual(top.itemsets.map((s) => s.items));
    const words = model.rules[0]!.antecedent.map((r) => regionName(r));
    expect(words).toContain('Density High');
    expect(words).toContain('LinkNum Low');
    // On these pages the rules separate perfectly: they fire on no menu / footer line.
    for (const r of model.rules) expect(r.falsePositiveRate).toBe(0);
    expect(model.trainingReport.ruleRecall).toBeGreaterThan(0.5);
    expect(model.trainingReport.rulePrecision).toBe(1);
  });

  it('is a valid model, deterministic, and survives a JSON round trip', () => {
    expect(validateModel(JSON.parse(JSON.stringify(model)))).toEqual(model);
    expect(train(pages, { name: 'example', site: 'news.example.com' })).toEqual(model);
    expect(modelFromJson(modelToJson(model))).toEqual(model);
  });

  it('support never grows with itemset size', () => {
    for (let k = 1; k < model.levels.length; k++) {
      const maxHere = Math.max(...model.levels[k]!.itemsets.map((s) => s.support));
      const minBelow = Math.min(...model.levels[k - 1]!.itemsets.map((s) => s.support));
      expect(maxHere).toBeLessThanOrEqual(Math.max(minBelow, maxHere));
      for (const s of model.levels[k]!.itemsets) {
        for (const t of model.levels[k - 1]!.itemsets) if (t.items.every((x) => s.items.includes(x))) expect(t.support).toBeGreaterThanOrEqual(s.support);
      }
    }
  });

  it('normalized variant and two-region shape are recorded in the model', () => {
    const m = train(pages, { name: 'x', featureVariant: 'normalized', bceShape: 'two' });
    expect(m.featureVariant).toBe('normalized');
    expect(m.membership.map((f) => f.shape)).toEqual(['three', 'two', 'two', 'three', 'two', 'three']);
    for (const f of m.membership) { expect(f.min).toBeGreaterThanOrEqual(0); expect(f.max).toBeLessThanOrEqual(1); }
    // Two-region features never pick the Middle slot.
    for (const f of [1, 2, 4]) expect(m.frequentRegions[f]!.region % 3).not.toBe(1);
  });

  it('carries markup into text lines for a site model and keeps pretty-printed lines across sites, unless asked', () => {
    expect(model.params.carryMarkup).toBe(true);
    const across = train(pages, { name: 'x', featureVariant: 'normalized' });
    expect(across.params.carryMarkup).toBe(false);
    expect(train(pages, { name: 'y', carryMarkup: true }).params.carryMarkup).toBe(true);
    // The line rule changes the lines the model is trained on: markup-only lines are lines of their own.
    expect(across.trainingReport.lines).toBeGreaterThan(model.trainingReport.lines);
  });

  it('skips pages without gold and fails clearly when nothing is usable', () => {
    const m = train([...pages, { id: 'nogold', html: '<p>x</p>', gold: null }], { name: 'x' });
    expect(m.trainingReport.skipped).toEqual([{ id: 'nogold', reason: 'no gold text' }]);
    expect(() => train([{ html: '<p>a b c</p>', gold: 'zzz yyy' }], { name: 'x' })).toThrow(/\(1 skipped: 1 no line matches the gold\)$/);
    expect(() => train([{ html: '<p>a b c</p>', gold: null }, { html: '<p>d</p>', gold: ' ' }], { name: 'x' }))
      .toThrow(/\(2 skipped: 2 no gold text\); pages without gold train with --unlabeled$/);
    expect(() => train(pages, { name: 'x', alpha: 2 })).toThrow(ConfigError);
    expect(() => train(pages, { name: 'bad name' })).toThrow(ModelFormatError);
  });
});

describe('structural paths in training', () => {
  // The article's own container repeats a promo line on every page: a template line, never topical.
  const story = (k: number) => `Story ${k}: the council met on day ${k} and agreed on the budget for the harbour works of year ${2000 + k}.`;
  const trainingPages = Array.from({ length: 8 }, (_, k) => ({
    id: `p${k}`,
    html: `<body><div class="nav"><a href="/">Home</a> <a href="/news">News</a></div><div class="story"><p>${story(k)}</p><p>Follow us on Facebook for the latest news and photos.</p></div></body>`,
    gold: story(k),
  }));
  const model = train(trainingPages, { name: 'paths', site: 'news.example.com' });

  it('does not count template lines against the path they share with the article', () => {
    const t = buildLineTable(trainingPages[0]!.html);
    const body = t.text.findIndex((x) => x.startsWith('Story 0'));
    const promo = t.text.indexOf('Follow us on Facebook for the latest news and photos.');
    expect(t.path[body]).toBe(t.path[promo]);
    expect(model.templateLines).toContain(lineKey(t.text[promo]!));
    // [path, topical lines, non-topical lines]: the 8 promo lines are not among them.
    expect(model.pathStats?.find(([p]) => p === t.path[body])).toEqual([t.path[body], 8, 0]);
  });

  it('records the longest template line, and apply looks up only lines up to it', () => {
    const t = buildLineTable(trainingPages[0]!.html);
    const templateChars = t.text.map((x, i) => (x && model.templateLines?.includes(lineKey(x)) ? t.contentChars[i]! : 0));
    expect(templateChars.filter((c) => c > 0).length).toBeGreaterThan(0);
    expect(model.templateMaxChars).toBe(Math.max(...templateChars));
    // A digit run hashes as one digit, so "Page 7" and "Page 777…": one key; only the line within the bound is a template line.
    const short = 'Page 7';
    const long = short.replace('7', '7'.repeat(model.templateMaxChars!));
    const page = buildLineTable(`<body><p>${short}</p><p>${long}</p></body>`);
    const at = (text: string) => page.text.indexOf(text);
    const withKey = { ...model, templateLines: [...new Set([...model.templateLines!, lineKey(short)])].sort((a, b) => a - b) };
    const check = templateChecker(page, withKey)!;
    expect(lineKey(long)).toBe(lineKey(short));
    expect(check.is(at(short))).toBe(true);
    expect(check.is(at(long))).toBe(false);
  });
});
