import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkSiteModel } from '../../src/eval/site-guard.js';
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
    expect(c.useSite).toBe(c.siteF1 > c.defaultF1);
    // The hand-written site: menu, related links and footer repeat on every page; a site model learns them.
    expect(c.siteF1).toBeGreaterThan(0.95);
  });

  it('is deterministic and reuses the default model\'s output through the cache', () => {
    const cache = new Map<string, string>();
    const a = checkSiteModel(pages, { site: 'alpha.example' }, dflt, { folds: 3, defaultCache: cache });
    expect(cache.size).toBe(12);
    expect(checkSiteModel(pages, { site: 'alpha.example' }, dflt, { folds: 3, defaultCache: cache })).toEqual(a);
  });

  it('needs two labelled pages', () => {
    expect(checkSiteModel(pages.slice(0, 1), { site: 'a.example' }, dflt)).toBeNull();
    expect(checkSiteModel(pages.slice(0, 3).map((p) => ({ ...p, gold: null })), { site: 'a.example' }, dflt)).toBeNull();
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

  it('keeps using models trained without a guard, and says so', () => {
    expect(r.choose('auto', 'https://old.example/').reason).toBe('site model old (no cross-validation recorded)');
    expect(r.choose('auto', 'https://other.example/').reason).toBe('default: no site model for other.example');
    expect(r.choose('winner', 'https://other.example/').reason).toBe('--model winner');
  });
});
