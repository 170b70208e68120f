/**
 * The site-model guard (issue 18.1): is a site model better than the default
 * model on its own site? k-fold on the site's pages: each fold trains a site
 * model on the other folds (the same options as the real one) and both models
 * extract the held-out pages; the site model is used by `--model auto` only when
 * its mean BoW F1 beats the default's. `farsw eval --cv intra-site --train` runs
 * the same check inside each outer fold, on that fold's training pages only.
 */
import { tokenize } from '../core/tokenize.js';
import { hashString, mulberry32, shuffled } from '../core/random.js';
import { extractWithModel } from '../extract/model-extractor.js';
import type { Model, SiteCheck } from '../model/model.js';
import { Trainer, type TrainingPage, type TrainOptions } from '../train/train.js';
import { bagOfWordsScore } from './metrics.js';

/** Options of {@link checkSiteModel}. */
export interface SiteGuardOptions {
  /** k (default 5; fewer pages: one fold per page). */
  readonly folds?: number;
  /** Seed of the page shuffle (default 1). */
  readonly seed?: number;
  /** Default-model text per page id, shared between calls (eval reuses it across outer folds). */
  readonly defaultCache?: Map<string, string>;
}

/** Default k of the guard's cross-validation. */
export const SITE_GUARD_FOLDS = 5;

/** BoW F1 (tokens) of a text against another. */
export function bowF1(predicted: string, gold: string): number {
  return bagOfWordsScore(tokenize(predicted), tokenize(gold)).f1;
}

/**
 * Cross-validate a site model against `defaultModel` on the site's labelled pages.
 * @param pages the site's pages with gold (pages without gold are ignored)
 * @param options training options of the site model (its `name` is replaced per fold)
 * @returns the scores, or null with fewer than 2 labelled pages (nothing to hold out)
 */
export function checkSiteModel(pages: readonly TrainingPage[], options: Omit<TrainOptions, 'name' | 'onProgress'>, defaultModel: Model, guard: SiteGuardOptions = {}): SiteCheck | null {
  const labelled = pages.filter((p) => p.gold !== null && p.gold.trim() !== '');
  if (labelled.length < 2) return null;
  const order = shuffled(labelled.slice().sort((a, b) => ((a.id ?? '') < (b.id ?? '') ? -1 : 1)), mulberry32(((guard.seed ?? 1) ^ hashString(options.site ?? '')) >>> 0));
  const k = Math.min(guard.folds ?? SITE_GUARD_FOLDS, order.length);
  const cache = guard.defaultCache ?? new Map<string, string>();
  let site = 0, dflt = 0, agree = 0, n = 0;
  for (let f = 0; f < k; f++) {
    const trainer = new Trainer({ ...options, name: 'site-guard' });
    order.forEach((p, i) => { if (i % k !== f) trainer.addPage(p); });
    let model: Model | null;
    try { model = trainer.finish(); } catch { model = null; } // no topical line in this fold: the site model has nothing to offer
    order.forEach((p, i) => {
      if (i % k !== f) return;
      const key = p.id ?? p.html;
      let d = cache.get(key);
      if (d === undefined) cache.set(key, (d = extractWithModel(p.html, defaultModel).text));
      const s = model ? extractWithModel(p.html, model).text : '';
      site += bowF1(s, p.gold!); dflt += bowF1(d, p.gold!); agree += bowF1(s, d); n++;
    });
  }
  const siteF1 = site / n, defaultF1 = dflt / n;
  return { folds: k, pages: n, siteF1, defaultF1, defaultModel: defaultModel.name, agreement: agree / n, useSite: siteF1 > defaultF1 };
}
