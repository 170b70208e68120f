/**
 * The site-model guard (issue 18.1): is a site model better than the default
 * model on its own site? k-fold on the site's pages: each fold trains a site
 * model on the other folds (the same options as the real one) and both models
 * extract the held-out pages. From those page scores ({@link guardDecision}):
 * a per-page fallback (the default model's text where the two models agree
 * less than τ, τ chosen on the same pages) and whether `--model auto` uses the
 * site model at all: only when, with the fallback, its mean gain exceeds one
 * standard error of the per-page gains. `farsw eval --cv intra-site --train` runs the same
 * check inside each outer fold, on that fold's training pages only. Against a label-free model's
 * pseudo-labels the pages are also scored without their disputed lines, where the pseudo-labels
 * cannot tell (PseudoLabels.disputed; GuardRule.undisputedStandardErrors).
 */
import { tokenize } from '../core/tokenize.js';
import { hashString, mulberry32, shuffled } from '../core/random.js';
import { extractWithModel } from '../extract/model-extractor.js';
import type { Model, SiteCheck } from '../model/model.js';
import { Trainer, type TrainingPage, type TrainOptions } from '../train/train.js';
import { pseudoLabelledOptions, type PseudoLabels } from '../train/unlabeled.js';
import { bagOfWordsScore } from './metrics.js';
import { lineKey } from '../html/line-key.js';

/** Options of {@link checkSiteModel}. */
export interface SiteGuardOptions {
  /** k (default 5; fewer pages: one fold per page). */
  readonly folds?: number;
  /** Seed of the page shuffle (default 1). */
  readonly seed?: number;
  /** Default-model text per page id, shared between calls (eval reuses it across outer folds). */
  readonly defaultCache?: Map<string, string>;
  /** The rule's knobs ({@link guardDecision}); label-free models take {@link PSEUDO_LABEL_GUARD}. */
  readonly rule?: GuardRule;
  /**
   * Per page id, the line keys (lineKey) whose lines are disputed (PseudoLabels.disputed): the guard also scores both models
   * with those lines left out of every text, for `rule.undisputedStandardErrors`.
   */
  readonly disputed?: ReadonlyMap<string, ReadonlySet<number>>;
  /** The scored pages are also pushed here, in fold order (experiments: guard rules compared offline on the same trainings). */
  readonly pages?: GuardPage[];
}

/** The knobs of {@link guardDecision}. */
export interface GuardRule {
  /** τ candidates of the per-page fallback (default {@link SITE_GUARD_FALLBACKS}; `[0]`: none). */
  readonly fallbacks?: readonly number[];
  /** The site model must also win on more pages than it loses (default false). */
  readonly majority?: boolean;
  /** The mean gain with the fallback must exceed this many standard errors of the per-page gains (default 1). */
  readonly standardErrors?: number;
  /** Pages count as won or lost only beyond this difference in BoW F1 (default 0). */
  readonly tolerance?: number;
  /** Among τ with the same mean: the larger (default; a page stranger than any seen falls back) or the smaller. */
  readonly ties?: 'larger' | 'smaller';
  /**
   * With scores outside the disputed lines (GuardPage.undisputed): the site model's mean gain there must not fall below minus
   * this many standard errors of its per-page gains there (a consistent loss where the labels are not in doubt); absent: not checked.
   */
  readonly undisputedStandardErrors?: number;
}

/** Default k of the guard's cross-validation. */
export const SITE_GUARD_FOLDS = 5;

/** The fallback thresholds τ the guard chooses from (0: never fall back). */
export const SITE_GUARD_FALLBACKS: readonly number[] = Object.freeze([0, 0.5, 0.6, 0.7, 0.8, 0.9]);

/**
 * The rule against a label-free model's pseudo-labels: any mean gain, and more pages won than lost (the pseudo-labels
 * come from the default model's text, so their spread says little about the gold); and no loss beyond one standard error
 * outside the disputed lines, where the seed and the repetition agree (docs/decisions.md, "The guard").
 */
export const PSEUDO_LABEL_GUARD: GuardRule = Object.freeze({ standardErrors: 0, majority: true, undisputedStandardErrors: 1 });

/** BoW F1 (tokens) of a text against another. */
export function bowF1(predicted: string, gold: string): number {
  return bagOfWordsScore(tokenize(predicted), tokenize(gold)).f1;
}

/** One held-out page of the guard's cross-validation: both models' BoW F1 and their agreement. */
export interface GuardPage {
  readonly site: number;
  readonly default: number;
  /** BoW F1 of the site model's text against the default model's. */
  readonly agreement: number;
  /** Both models' BoW F1 with the page's disputed lines left out of the three texts (SiteGuardOptions.disputed). */
  readonly undisputed?: { readonly site: number; readonly default: number };
}

/** What the guard decided from its pages. */
export interface GuardDecision {
  readonly useSite: boolean;
  /** τ: on a page where the two models' texts agree below it, the default model's text is used. */
  readonly fallbackBelow: number;
  /** Mean BoW F1 of the site model with that fallback. */
  readonly guardedF1: number;
  /** Pages where the site model with the fallback beat / lost to the default model. */
  readonly wins: number;
  readonly losses: number;
  /** Mean gain of the site model outside the disputed lines (pages with GuardPage.undisputed only). */
  readonly undisputedGain?: number;
}

/** The text `--model auto` keeps on a page: the site model's, unless it agrees with the default's below τ. */
export function fallbackText(siteText: string, defaultText: string, below: number): { text: string; agreement: number; fellBack: boolean } {
  if (below <= 0) return { text: siteText, agreement: NaN, fellBack: false };
  const agreement = bowF1(siteText, defaultText);
  return agreement < below ? { text: defaultText, agreement, fellBack: true } : { text: siteText, agreement, fellBack: false };
}

/**
 * The guard's rule on cross-validated pages. τ is the one of {@link SITE_GUARD_FALLBACKS} giving the best
 * mean (ties: the larger τ, so a page stranger than any seen falls back); the site model is used only when, with
 * that fallback, its mean gain over the default's exceeds one standard error of the per-page gains (one outlier page
 * must not decide either way; docs/decisions.md). `rule` changes the knobs (experiments, label-free models).
 */
export function guardDecision(pages: readonly GuardPage[], rule: GuardRule = {}): GuardDecision {
  const fallbacks = rule.fallbacks ?? SITE_GUARD_FALLBACKS;
  const n = Math.max(pages.length, 1);
  const scoreAt = (p: GuardPage, tau: number): number => (p.agreement < tau ? p.default : p.site);
  let best = -Infinity, tau = 0;
  for (const t of fallbacks) {
    const m = pages.reduce((a, p) => a + scoreAt(p, t), 0) / n;
    if (m > best + 1e-9 || (m >= best - 1e-9 && t > tau && rule.ties !== 'smaller')) { best = m; tau = t; }
  }
  const dflt = pages.reduce((a, p) => a + p.default, 0) / n;
  let wins = 0, losses = 0, sq = 0;
  const tol = Math.max(rule.tolerance ?? 0, 1e-9);
  for (const p of pages) {
    const d = scoreAt(p, tau) - p.default;
    if (d > tol) wins++;
    else if (d < -tol) losses++;
    sq += (d - (best - dflt)) ** 2;
  }
  const se = pages.length > 1 ? Math.sqrt(sq / (pages.length - 1) / pages.length) : Infinity;
  const k = rule.standardErrors ?? 1;
  const undisputed = undisputedGain(pages);
  const consistentLoss = rule.undisputedStandardErrors !== undefined && undisputed !== undefined && undisputed.mean + rule.undisputedStandardErrors * undisputed.se < -1e-9;
  return {
    useSite: best > dflt + 1e-9 && best - dflt > k * se && (rule.majority !== true || wins > losses) && !consistentLoss,
    fallbackBelow: tau, guardedF1: best, wins, losses, ...(undisputed ? { undisputedGain: undisputed.mean } : {}),
  };
}

/** Mean and standard error of the per-page gains outside the disputed lines; undefined unless every page has them. */
function undisputedGain(pages: readonly GuardPage[]): { mean: number; se: number } | undefined {
  if (pages.length === 0 || pages.some((p) => p.undisputed === undefined)) return undefined;
  const gains = pages.map((p) => p.undisputed!.site - p.undisputed!.default);
  const mean = gains.reduce((a, g) => a + g, 0) / gains.length;
  const se = gains.length > 1 ? Math.sqrt(gains.reduce((a, g) => a + (g - mean) ** 2, 0) / (gains.length - 1) / gains.length) : 0;
  return { mean, se };
}

/** `text` without its lines whose lineKey is in `keys` (the disputed lines of a page). */
function withoutLines(text: string, keys: ReadonlySet<number>): string {
  return keys.size === 0 ? text : text.split('\n').filter((l) => !keys.has(lineKey(l))).join('\n');
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
  const scored: GuardPage[] = [];
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
      const page: GuardPage = { site: bowF1(s, p.gold!), default: bowF1(d, p.gold!), agreement: bowF1(s, d) };
      const keys = guard.disputed ? (guard.disputed.get(key) ?? new Set<number>()) : undefined;
      scored.push(keys ? { ...page, undisputed: { site: bowF1(withoutLines(s, keys), withoutLines(p.gold!, keys)), default: bowF1(withoutLines(d, keys), withoutLines(p.gold!, keys)) } } : page);
    });
  }
  guard.pages?.push(...scored);
  const n = scored.length;
  const mean = (f: (p: GuardPage) => number): number => scored.reduce((a, p) => a + f(p), 0) / n;
  const decision = guardDecision(scored, guard.rule);
  return {
    folds: k, pages: n, siteF1: mean((p) => p.site), defaultF1: mean((p) => p.default), defaultModel: defaultModel.name, agreement: mean((p) => p.agreement),
    useSite: decision.useSite, fallbackBelow: decision.fallbackBelow, guardedF1: decision.guardedF1, wins: decision.wins, losses: decision.losses,
    ...(decision.undisputedGain !== undefined ? { undisputedGain: decision.undisputedGain } : {}),
  };
}

/**
 * {@link checkSiteModel} for a label-free model: its pseudo-labelled pages, under {@link PSEUDO_LABEL_GUARD} (or `guard.rule`)
 * and scored also without the disputed lines the pseudo-labeller recorded (every caller needs both, so they go together here).
 */
export function checkPseudoLabelled(labels: PseudoLabels, options: Omit<TrainOptions, 'name' | 'onProgress'>, defaultModel: Model, guard: Omit<SiteGuardOptions, 'disputed'> = {}): SiteCheck | null {
  return checkSiteModel(labels.pages, pseudoLabelledOptions(options), defaultModel, { ...guard, rule: guard.rule ?? PSEUDO_LABEL_GUARD, disputed: labels.disputed });
}
