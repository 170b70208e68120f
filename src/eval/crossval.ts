/**
 * Cross-validation (FAR-SW §4, Table 10): intra-site k-fold and inter-site
 * leave-one-site-out, with seeded, reproducible splits. Training is a callback,
 * so a trainable extractor (FAR-SW) and a training-free one (DANA family: the
 * callback ignores its training pages) use the same mechanism and report.
 */
import { EVAL_DEFAULTS } from '../core/defaults.js';
import { ConfigError } from '../core/errors.js';
import { hostOfRecord, siteOf } from '../dataset/site.js';
import type { PageRecord } from '../dataset/types.js';
import type { BowUnit, Prf } from './metrics.js';
import type { Prediction } from '../dataset/prediction.js';
import { hashString, mulberry32, shuffled } from '../core/random.js';
import { type PageScore, scorePage, summarize, type Summary } from './score.js';

/** `intra-site`: k folds within each site; `inter-site`: train on all other sites, test on one. */
export type CvMode = 'intra-site' | 'inter-site';

/** Options of {@link makeFolds} and {@link crossValidate}. */
export interface CrossValidationOptions {
  readonly mode: CvMode;
  /** k for intra-site (default 10; a site with fewer pages than k gets one fold per page). */
  readonly folds?: number;
  /** Sites (or datasets) with fewer pages are not tested (default 10); they still train inter-site folds. */
  readonly minPages?: number;
  /** Seed of the shuffles (default 1). */
  readonly seed?: number;
  /** Unit of the groups: `site` (default; host, else URL hostname, else dataset) or `dataset`. */
  readonly groupBy?: 'site' | 'dataset';
  /** Bag-of-words unit (default `tokens`). */
  readonly unit?: BowUnit;
}

/** One train/test split. */
export interface Fold {
  /** Site (or dataset) under test. */
  readonly group: string;
  /** 0-based fold number within the group. */
  readonly index: number;
  /** Number of folds of the group. */
  readonly count: number;
  readonly train: readonly PageRecord[];
  readonly test: readonly PageRecord[];
}

/** A group left out for having fewer than `minPages` pages. */
export interface SkippedGroup {
  readonly group: string;
  readonly pages: number;
}

/**
 * Trains on `train` (or not) and returns one prediction per `test` page, in
 * the order of `test`.
 */
export type TrainAndExtract = (
  train: readonly PageRecord[],
  test: readonly PageRecord[],
  fold: Fold,
) => readonly Prediction[] | Promise<readonly Prediction[]>;

/** Cross-validation result of one site (a row of FAR-SW Table 10). */
export interface CrossValidationGroup {
  readonly group: string;
  readonly folds: number;
  /** Over the site's test pages (every page is tested exactly once). */
  readonly summary: Summary;
}

/** Cross-validation result. */
export interface CrossValidationReport {
  readonly mode: CvMode;
  readonly groupBy: 'site' | 'dataset';
  readonly folds: number;
  readonly minPages: number;
  readonly seed: number;
  readonly unit: BowUnit;
  /** Per-site results, sites in name order. */
  readonly groups: readonly CrossValidationGroup[];
  /**
   * Unweighted mean over sites of each site's mean P, R, F1 (the "average" row
   * of Table 10; sites without gold pages left out) and of their ms per page.
   */
  readonly meanOverGroups: { readonly lcs: Prf | null; readonly bow: Prf | null; readonly msPerPage: number | null };
  /** Over all test pages together. */
  readonly overall: Summary;
  readonly skipped: readonly SkippedGroup[];
  /** Per-page scores of all test pages. */
  readonly pages: readonly PageScore[];
}

/** Validated options with defaults filled in. */
function resolve(options: CrossValidationOptions): Required<CrossValidationOptions> {
  const folds = options.folds ?? EVAL_DEFAULTS.folds;
  const minPages = options.minPages ?? EVAL_DEFAULTS.minPages;
  const seed = options.seed ?? EVAL_DEFAULTS.seed;
  if (!Number.isInteger(folds) || folds < 2) throw new ConfigError(`folds: expected an integer ≥ 2, found ${folds}`);
  if (!Number.isInteger(minPages) || minPages < 1) throw new ConfigError(`min-pages: expected an integer ≥ 1, found ${minPages}`);
  if (!Number.isInteger(seed)) throw new ConfigError(`seed: expected an integer, found ${seed}`);
  return { mode: options.mode, folds, minPages, seed, groupBy: options.groupBy ?? 'site', unit: options.unit ?? EVAL_DEFAULTS.unit };
}

/**
 * Split pages into cross-validation folds.
 * - intra-site: the pages of each site with ≥ minPages pages, sorted by id,
 *   shuffled with mulberry32(seed XOR hash(site)), then dealt round-robin into
 *   min(k, pages) folds; a fold trains on the site's other folds.
 * - inter-site: one fold per site with ≥ minPages pages, training on every
 *   page of every other site (leave-one-site-out; leave-one-dataset-out with
 *   `groupBy: 'dataset'`).
 * The same pages, options and seed always give the same folds, whatever the
 * input order.
 * @param records all pages
 * @param options mode, k, minPages, seed, grouping
 */
export function makeFolds(
  records: readonly PageRecord[],
  options: CrossValidationOptions,
): { folds: Fold[]; skipped: SkippedGroup[] } {
  const o = resolve(options);
  const groups = new Map<string, PageRecord[]>();
  // Pages without a host are no site: never tested per site (they still train inter-site folds).
  const unsited = new Map<string, PageRecord[]>();
  for (const r of records) {
    if (o.groupBy === 'site' && hostOfRecord(r) === null) {
      let list = unsited.get(r.dataset);
      if (!list) unsited.set(r.dataset, (list = []));
      list.push(r);
      continue;
    }
    const key = o.groupBy === 'dataset' ? r.dataset : siteOf(r);
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(r);
  }
  const byId = (a: PageRecord, b: PageRecord): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const folds: Fold[] = [];
  const skipped: SkippedGroup[] = [...unsited].map(([dataset, pages]) => ({ group: `${dataset} (pages without a host)`, pages: pages.length }));
  const noHost = [...unsited.values()].flat();
  const names = [...groups.keys()].sort();
  for (const group of names) {
    const pages = groups.get(group)!.slice().sort(byId);
    if (pages.length < o.minPages) {
      skipped.push({ group, pages: pages.length });
      continue;
    }
    if (o.mode === 'inter-site') {
      const train: PageRecord[] = [...noHost];
      for (const other of names) if (other !== group) train.push(...groups.get(other)!);
      folds.push({ group, index: 0, count: 1, train: train.sort(byId), test: pages });
      continue;
    }
    const order = shuffled(pages, mulberry32((o.seed ^ hashString(group)) >>> 0));
    const k = Math.min(o.folds, order.length);
    for (let f = 0; f < k; f++) {
      const test = order.filter((_, i) => i % k === f).sort(byId);
      const train = order.filter((_, i) => i % k !== f).sort(byId);
      folds.push({ group, index: f, count: k, train, test });
    }
  }
  return { folds, skipped };
}

/**
 * Cross-validate: for every fold, call `trainAndExtract(train, test, fold)`
 * and score its predictions; report per site and the mean over sites (as
 * FAR-SW Table 10 does).
 * @param records all pages (held in memory: folds need random access)
 * @param trainAndExtract trains on a fold's training pages and extracts its test pages
 * @param options mode, k, minPages, seed, grouping, unit
 * @throws ConfigError on bad options or when the callback returns the wrong number of predictions
 */
export async function crossValidate(
  records: readonly PageRecord[],
  trainAndExtract: TrainAndExtract,
  options: CrossValidationOptions,
): Promise<CrossValidationReport> {
  const o = resolve(options);
  const { folds, skipped } = makeFolds(records, o);
  const perGroup = new Map<string, { folds: number; pages: PageScore[] }>();
  const all: PageScore[] = [];
  for (const fold of folds) {
    const predictions = await trainAndExtract(fold.train, fold.test, fold);
    if (predictions.length !== fold.test.length) {
      throw new ConfigError(
        `cross-validation fold ${fold.group}#${fold.index}: expected ${fold.test.length} predictions, found ${predictions.length}`,
      );
    }
    let entry = perGroup.get(fold.group);
    if (!entry) perGroup.set(fold.group, (entry = { folds: fold.count, pages: [] }));
    fold.test.forEach((record, i) => {
      const page = scorePage(record, predictions[i]!, o.unit);
      entry.pages.push(page);
      all.push(page);
    });
  }
  const groups = [...perGroup.entries()].map(([group, e]) => ({ group, folds: e.folds, summary: summarize(e.pages) }));
  return {
    mode: o.mode,
    groupBy: o.groupBy,
    folds: o.folds,
    minPages: o.minPages,
    seed: o.seed,
    unit: o.unit,
    groups,
    meanOverGroups: meanOverGroups(groups.map((g) => g.summary)),
    overall: summarize(all),
    skipped,
    pages: all,
  };
}

/** Unweighted mean over groups of their P, R, F1 and milliseconds per page. */
function meanOverGroups(summaries: readonly Summary[]): CrossValidationReport['meanOverGroups'] {
  const mean = (pick: (s: Summary) => Prf | null): Prf | null => {
    const xs = summaries.map(pick).filter((x): x is Prf => x !== null);
    if (xs.length === 0) return null;
    const avg = (f: (p: Prf) => number): number => xs.reduce((a, p) => a + f(p), 0) / xs.length;
    return { precision: avg((p) => p.precision), recall: avg((p) => p.recall), f1: avg((p) => p.f1) };
  };
  const timed = summaries.filter((s) => s.pagesPerS !== null);
  return {
    lcs: mean((s) => s.lcs),
    bow: mean((s) => s.bow),
    msPerPage: timed.length ? timed.reduce((a, s) => a + 1000 / s.pagesPerS!, 0) / timed.length : null,
  };
}
