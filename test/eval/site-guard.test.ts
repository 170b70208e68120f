import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkSiteModel, fallbackText, guardDecision, PSEUDO_LABEL_GUARD, SITE_GUARD_FALLBACKS, type GuardPage } from '../../src/eval/site-guard.js';
import { shippedDefaultModel, ModelResolver } from '../../src/model-store/resolve.js';
import { openModelStore } from '../../src/model-store/sqlite.js';
import { train } from '../../src/train/train.js';
import type { Model, SiteCheck } from '../../src/model/model.js';
import { sitePages } from '../helpers/site-pages.js';

const dir = mkdtempSync(join(tmpdir(), 'farsw-guard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checkSiteModel (the site-model guard)', () => {
  const pages = sitePages(12);
  const dflt = shippedDefaultModel();

  it('scores fold models and the default model on the same held-out pages', () => {
    const c = checkSiteModel(pages, { site: 'alpha.example' }, dflt, { folds: 4 })!;
    expect(c.folds).toBe(4);
    expect(c.pages).toBe(12);
    expect(c.defaultModel).toBe('default');
    for (const x of [c.siteF1, c.defaultF1, c.agreement]) expect(x).toBeGreaterThanOrEqual(0), expect(x).toBeLessThanOrEqual(1);
    // The rule: with its per-page fallback the site model's mean gain exceeds one standard error (guardDecision).
    expect(SITE_GUARD_FALLBACKS).toContain(c.fallbackBelow);
    expect(c.wins! + c.losses!).toBeLessThanOrEqual(12);
    if (c.useSite) expect(c.guardedF1!).toBeGreaterThan(c.defaultF1);
    // The hand-written site: menu, related links and footer repeat on every page; a site model learns them.
    expect(c.siteF1).toBeGreaterThan(0.95);
  });

  it('is deterministic and reuses the default model\'s output through the cache', () => {
    const cache = new Map<string, string>();
    const a = checkSiteModel(pages, { site: 'alpha.example' }, dflt, { folds: 3, defaultCache: cache });
    expect(cache.size).toBe(12);
    expect(checkSiteModel(pages, { site: 'alpha.example' }, dflt, { folds: 3, defaultCache: cache })).toEqual(a);
  });

  it('hands its scored pages to the caller, the ones its decision was made from', () => {
    const scored: GuardPage[] = [];
    const c = checkSiteModel(pages, { site: 'alpha.example' }, dflt, { folds: 3, pages: scored })!;
    expect(scored).toHaveLength(12);
    const d = guardDecision(scored);
    expect([d.useSite, d.fallbackBelow, d.wins, d.losses]).toEqual([c.useSite, c.fallbackBelow, c.wins, c.losses]);
    expect(scored.reduce((a, p) => a + p.site, 0) / 12).toBeCloseTo(c.siteF1, 12);
  });

  it('needs two labelled pages', () => {
    expect(checkSiteModel(pages.slice(0, 1), { site: 'a.example' }, dflt)).toBeNull();
    expect(checkSiteModel(pages.slice(0, 3).map((p) => ({ ...p, gold: null })), { site: 'a.example' }, dflt)).toBeNull();
  });
});

describe('guardDecision (the rule on cross-validated pages)', () => {
  const page = (site: number, dflt: number, agreement: number): GuardPage => ({ site, default: dflt, agreement });

  it('one page where the site model strays does not veto it: that kind of page falls back to the default model', () => {
    // Eight pages where the site model is a little better and agrees with the default; one where it lost 0.4 and agreed at 0.6.
    const pages = [...Array.from({ length: 8 }, () => page(0.99, 0.96, 0.97)), page(0.6, 1, 0.6)];
    const d = guardDecision(pages);
    expect(d.useSite).toBe(true);
    // τ from 0.7 up all send the stray page back; ties take the largest, so pages stranger than any seen fall back too.
    expect(d.fallbackBelow).toBe(0.9);
    expect(d.guardedF1).toBeCloseTo((8 * 0.99 + 1) / 9, 9);
    expect([d.wins, d.losses]).toEqual([8, 0]);
    // A rule on the mean alone refused the site model: 0.947 against 0.964.
    expect(guardDecision(pages, { fallbacks: [0], standardErrors: 0 }).useSite).toBe(false);
  });

  it('one big win does not carry a site model that is worse on most pages', () => {
    const pages = [...Array.from({ length: 6 }, () => page(0.95, 0.96, 0.98)), page(1, 0.1, 0.1)];
    const d = guardDecision(pages);
    expect(d.fallbackBelow).toBe(0); // falling back would give the big win away
    expect([d.wins, d.losses]).toEqual([1, 6]);
    // Mean gain 0.12, one standard error of the per-page gains 0.13: not consistent enough.
    expect(d.useSite).toBe(false);
    expect(guardDecision(pages, { standardErrors: 0 }).useSite).toBe(true); // the mean alone: 0.957 against 0.837
    expect(guardDecision(pages, { standardErrors: 0, majority: true }).useSite).toBe(false); // a sign test refuses it too
  });

  it('a label-free model that wins only on the lines in dispute and loses consistently elsewhere is refused', () => {
    // Against the pseudo-labels it wins every page (it drops the disputed lines); outside them it loses 0.02 on every page.
    const pages = Array.from({ length: 8 }, (_, i): GuardPage => ({ ...page(0.95, 0.9, 0.95), undisputed: { site: 0.93 + i * 0.001, default: 0.95 + i * 0.001 } }));
    expect(guardDecision(pages, PSEUDO_LABEL_GUARD)).toMatchObject({ useSite: false, undisputedGain: expect.closeTo(-0.02, 9) });
    const { undisputedStandardErrors, ...unchecked } = PSEUDO_LABEL_GUARD;
    expect(undisputedStandardErrors).toBe(1);
    expect(guardDecision(pages, unchecked).useSite).toBe(true);
  });

  it('…but a loss outside the disputed lines on one page is no consistent loss (exactly one standard error)', () => {
    const pages = Array.from({ length: 8 }, (_, i): GuardPage => ({ ...page(0.95, 0.9, 0.95), undisputed: { site: i === 0 ? 0.8 : 0.95, default: 0.95 } }));
    expect(guardDecision(pages, PSEUDO_LABEL_GUARD).useSite).toBe(true);
    // Pages without the scores outside the disputed lines: not checked.
    expect(guardDecision(pages.map(({ undisputed, ...p }) => p), PSEUDO_LABEL_GUARD)).not.toHaveProperty('undisputedGain');
  });

  it('a tie is the default model\'s', () => {
    expect(guardDecision([page(0.9, 0.9, 1), page(0.8, 0.8, 1)]).useSite).toBe(false);
    expect(guardDecision([]).useSite).toBe(false);
  });
});

describe('fallbackText', () => {
  it('keeps the site model\'s text unless it agrees with the default\'s below τ', () => {
    expect(fallbackText('a b c d', 'a b c d', 0.9)).toEqual({ text: 'a b c d', agreement: 1, fellBack: false });
    const strayed = fallbackText('menu menu login', 'the article text here', 0.5);
    expect(strayed).toEqual({ text: 'the article text here', agreement: 0, fellBack: true });
    expect(fallbackText('menu', 'article', 0).text).toBe('menu'); // τ 0: never, and no agreement computed
  });
});

describe('--model auto with the guard', () => {
  const base = train(sitePages(10), { name: 'alpha.example', site: 'alpha.example' });
  const withCheck = (name: string, site: string, useSite: boolean): Model => {
    const siteCheck: SiteCheck = { folds: 5, pages: 10, siteF1: useSite ? 0.95 : 0.8, defaultF1: 0.9, defaultModel: 'default', agreement: 0.85, useSite };
    return { ...base, name, site, trainingReport: { ...base.trainingReport, siteCheck } };
  };
  const path = join(dir, 's.sqlite');
  const store = openModelStore(path);
  store.save(withCheck('winner', 'win.example', true));
  store.save(withCheck('loser', 'lose.example', false));
  store.save({ ...base, name: 'old', site: 'old.example' }); // trained before the guard: no siteCheck
  const fb = withCheck('careful', 'careful.example', true);
  store.save({ ...fb, trainingReport: { ...fb.trainingReport, siteCheck: { ...fb.trainingReport.siteCheck!, fallbackBelow: 0.8, guardedF1: 0.96, wins: 7, losses: 2 } } });
  store.close();
  const r = new ModelResolver(path);
  afterAll(() => r.close());

  it('uses a site model that won its cross-validation', () => {
    const c = r.choose('auto', 'https://win.example/a');
    expect(c.model.name).toBe('winner');
    expect(c.reason).toBe('site model winner (won: 0.950 vs default 0.900, 5-fold)');
  });

  it('uses the default model where the site model lost, unless forced', () => {
    const c = r.choose('auto', 'https://www.lose.example/a');
    expect(c.model.name).toBe('default');
    expect(c.reason).toBe('default: site model loser lost (0.800 vs default 0.900, 5-fold)');
    const forced = r.choose('auto', 'https://lose.example/a', { useSiteModel: true });
    expect(forced.model.name).toBe('loser');
    expect(forced.reason).toContain('forced by --use-site-model');
  });

  it('passes on the per-page fallback the guard chose', () => {
    const c = r.choose('auto', 'https://careful.example/a');
    expect(c.model.name).toBe('careful');
    expect(c.fallback?.model.name).toBe('default');
    expect(c.fallback?.below).toBe(0.8);
    expect(c.reason).toBe('site model careful (won: 0.960 vs default 0.900, 5-fold, better on 7 pages, worse on 2; the default model\'s text where they agree below 0.8)');
    expect(r.choose('auto', 'https://careful.example/a', { useSiteModel: true }).fallback).toBeUndefined(); // forced: the site model alone
    expect(r.choose('auto', 'https://win.example/a').fallback).toBeUndefined();
  });

  it('keeps using models trained without a guard, and says so', () => {
    expect(r.choose('auto', 'https://old.example/').reason).toBe('site model old (no cross-validation recorded)');
    expect(r.choose('auto', 'https://other.example/').reason).toBe('default: no site model for other.example');
    expect(r.choose('winner', 'https://other.example/').reason).toBe('--model winner');
  });
});
