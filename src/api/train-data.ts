/**
 * Training from a dataset, as `farsw train` does it, for library callers: one model (optionally for one
 * site), one model per host (`bySite`), label-free site models (`unlabeled`), each site model guarded
 * against the default model (its cross-validation recorded for `--model auto`), and every model of the
 * run saved in one transaction.
 *
 *   read records (dataset/load.ts) → Trainer per model (train/train.ts) → guard (eval/site-guard.ts) → store.saveAll
 *   unlabeled: read records per host → default model's text as seed → pseudo-labels (train/unlabeled.ts) → Trainer → guard
 */
import { FARSW_TRAIN_DEFAULTS } from '../core/defaults.js';
import { ConfigError, DatasetError, isFarswError } from '../core/errors.js';
import { readDataset } from '../dataset/load.js';
import { hostOfRecord, normalizeHost } from '../dataset/site.js';
import type { DatasetIssue } from '../dataset/types.js';
import { checkPseudoLabelled, checkSiteModel, SITE_GUARD_FOLDS } from '../eval/site-guard.js';
import { extractWithModel } from '../extract/model-extractor.js';
import { validateModelName, type Model } from '../model/model.js';
import { defaultModelIn, shippedDefaultModel } from '../model-store/resolve.js';
import { openModelStore } from '../model-store/sqlite.js';
import type { ModelSummary } from '../model-store/store.js';
import { Trainer, type TrainingPage, type TrainOptions } from '../train/train.js';
import { pseudoLabel, trainPseudoLabelled, type UnlabeledPage } from '../train/unlabeled.js';

/** The training parameters of every model of a run (TrainOptions without the name and site the run gives each). */
export type TrainRunParams = Omit<TrainOptions, 'name' | 'site'>;

/** What a training run reports while it works (the CLI shows it on a terminal). */
export type TrainProgress =
  | { readonly stage: 'read'; readonly pages: number; readonly done: boolean }
  | { readonly stage: 'guard'; readonly model: string }
  | { readonly stage: 'label-free'; readonly host: string }
  | { readonly stage: 'label-free-done' };

/** Options of {@link trainFromData}. */
export interface TrainDataOptions {
  /** JSONL[.gz] records `{id, html, gold, url?, host?}`, or a directory of them and/or SITE/NAME.html + NAME.txt pages. */
  readonly data: string;
  /** Model name; with `bySite` an optional prefix (models are named PREFIX-HOST or HOST). Required without `bySite`. */
  readonly model?: string;
  /** Train only on pages of this host, recorded as the model's site. */
  readonly site?: string;
  /** One model per host with at least `minPages` pages with gold. */
  readonly bySite?: boolean;
  /** With `bySite` or `unlabeled`: fewest pages a host needs (default FARSW_TRAIN_DEFAULTS.minPages). */
  readonly minPages?: number;
  /** Label-free site models (needs `site` or `bySite`): the template found by repetition, pseudo-labels, then FAR-SW rules. */
  readonly unlabeled?: boolean;
  /** Site models: cross-validate against the default model and record both scores (default true). */
  readonly guard?: boolean;
  /** k of the guard's cross-validation (default SITE_GUARD_FOLDS). */
  readonly guardFolds?: number;
  /** The training parameters (alpha, minSupport, preset, …). */
  readonly params?: TrainRunParams;
  /**
   * Model store (SQLite file; created when missing): its `default` model is the guard's and the seed's,
   * and the trained models are saved in it in one transaction. Without one: the shipped default model, nothing saved.
   */
  readonly store?: string;
  /** Called for each unreadable record (it is skipped and counted). */
  readonly onIssue?: (issue: DatasetIssue) => void;
  /** Called with each line worth telling (hosts counted, a host that failed, a record skipped for its host). */
  readonly onNote?: (line: string) => void;
  /** Called as the run moves on. */
  readonly onProgress?: (progress: TrainProgress) => void;
}

/** What {@link trainFromData} did. */
export interface TrainDataResult {
  /** The trained models, in host order for `bySite` (guard results in `trainingReport.siteCheck`). */
  readonly models: readonly Model[];
  /** Their store entries, in the same order (empty without a store). */
  readonly summaries: readonly ModelSummary[];
  /** Hosts whose training failed with a known error (each told through `onNote`). */
  readonly failures: readonly string[];
  /** Records skipped: unreadable, or a host that makes no model name. */
  readonly skippedRecords: number;
}

function isValidModelName(name: string): boolean {
  try {
    validateModelName(name);
    return true;
  } catch {
    return false;
  }
}

/** The option combinations `farsw train` refuses, refused for library callers too. */
function checkTrainDataOptions(o: TrainDataOptions): void {
  if (typeof o.data !== 'string' || o.data === '') throw new ConfigError('trainFromData: data must name a file or directory');
  if (!o.bySite && o.model === undefined) throw new ConfigError('--model NAME is required (or use --by-site)');
  if (o.bySite && o.site !== undefined) throw new ConfigError('--site and --by-site exclude each other');
  if (o.minPages !== undefined && !(Number.isInteger(o.minPages) && o.minPages >= 1)) throw new ConfigError(`--min-pages must be a positive integer, got ${o.minPages}`);
  if (o.unlabeled && !o.bySite && o.site === undefined) throw new ConfigError('--unlabeled learns site models: give --site HOST (with --model NAME) or --by-site');
  if (o.guardFolds !== undefined && !(Number.isInteger(o.guardFolds) && o.guardFolds >= 2)) throw new ConfigError(`--guard-folds must be an integer ≥ 2, got ${o.guardFolds}`);
}

/** The run's settings, defaults filled in. */
interface Run {
  readonly data: string;
  readonly model: string | undefined;
  readonly site: string | undefined;
  readonly bySite: boolean;
  readonly minPages: number;
  readonly guard: boolean;
  readonly guardFolds: number;
  readonly params: TrainRunParams;
  readonly issue: (issue: DatasetIssue) => void;
  readonly note: (line: string) => void;
  readonly progress: (p: TrainProgress) => void;
}

/**
 * Train FAR-SW models from a dataset as `farsw train` does: one model, one per host (`bySite`), or label-free
 * site models (`unlabeled`); site models guarded against the default model; all saved in one transaction.
 * @returns the models, their store entries, the hosts that failed and the records skipped
 * @throws ConfigError for options that exclude each other; DatasetError when there is nothing to train on
 *   (no page, or no host with `minPages` pages); a failed run leaves the store as it was
 */
export async function trainFromData(options: TrainDataOptions): Promise<TrainDataResult> {
  checkTrainDataOptions(options);
  const skipped = { count: 0 };
  const run: Run = {
    data: options.data, model: options.model,
    site: options.site === undefined ? undefined : normalizeHost(options.site) ?? undefined,
    bySite: options.bySite === true, minPages: options.minPages ?? FARSW_TRAIN_DEFAULTS.minPages,
    guard: options.guard !== false, guardFolds: options.guardFolds ?? SITE_GUARD_FOLDS, params: options.params ?? {},
    issue: (i) => { skipped.count++; options.onIssue?.(i); },
    note: options.onNote ?? (() => {}), progress: options.onProgress ?? (() => {}),
  };
  // Open (create / migrate) the store first: a bad store fails before minutes of training.
  const store = options.store !== undefined ? openModelStore(options.store) : undefined;
  try {
    // Loaded when needed: the seed of label-free training, the guard's opponent.
    const dflt = (): Model => (store ? defaultModelIn(store) : shippedDefaultModel());
    let models: Model[], failures: string[];
    if (options.unlabeled) ({ models, failures } = await trainUnlabeled(run, dflt()));
    else {
      let sitePages: Map<string, TrainingPage[]>;
      ({ models, failures, sitePages } = await trainLabelled(run, skipped));
      // bySite: the guard's pages are read again, for the hosts that got a model only (keeping every host's
      // pages through the first read until minPages could be judged cost 600 MB peak on the shared datasets).
      if (run.guard && run.bySite) sitePages = await pagesOfSites(run.data, new Set(models.map((m) => m.site!)));
      if (run.guard) models = guardModels(models, sitePages, run, dflt());
    }
    // One transaction for every model of the run: a killed or failed save leaves the store as it was.
    const summaries = store ? store.saveAll(models) : [];
    return { models, summaries, failures, skippedRecords: skipped.count };
  } finally {
    store?.close();
  }
}

/** Cross-validate each site model against the default model on its pages and record both scores (eval/site-guard.ts). */
function guardModels(models: Model[], sitePages: ReadonlyMap<string, TrainingPage[]>, run: Run, dflt: Model): Model[] {
  return models.map((m) => {
    const pages = m.site !== null ? sitePages.get(m.site) : undefined;
    if (!pages) return m;
    run.progress({ stage: 'guard', model: m.name });
    const siteCheck = checkSiteModel(pages, { ...run.params, site: m.site }, dflt, { folds: run.guardFolds });
    return siteCheck ? { ...m, trainingReport: { ...m.trainingReport, siteCheck } } : m;
  });
}

/** Hosts with at least `minPages` pages, sorted by host. */
function eligibleHosts<T>(perHost: ReadonlyMap<string, T>, size: (t: T) => number, minPages: number): [string, T][] {
  return [...perHost].filter(([, t]) => size(t) >= minPages).sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** `f()`, or the host listed in `failures` (and told) when it fails with a known error. */
function perHostOrFailure<T>(host: string, f: () => T, failures: string[], run: Run): T | undefined {
  try {
    return f();
  } catch (e) {
    if (!isFarswError(e)) throw e;
    failures.push(host);
    run.note(`${host}: ${e.message}`);
    return undefined;
  }
}

/**
 * Unlabeled: read the pages once, grouped by host (HTML kept per host: repetition needs every page of a
 * site), then per host with at least minPages pages: the default model's text as the seed, pseudo-labels
 * (train/unlabeled.ts), the usual Trainer, and the guard scored against the pseudo-labels.
 */
async function trainUnlabeled(run: Run, dflt: Model): Promise<{ models: Model[]; failures: string[] }> {
  const perHost = new Map<string, UnlabeledPage[]>();
  let noHost = 0;
  for await (const rec of readDataset(run.data, { onIssue: run.issue, goldOptional: true })) {
    const host = hostOfRecord(rec);
    if (host === null) { noHost++; continue; }
    if (run.site !== undefined && host !== run.site) continue;
    let list = perHost.get(host);
    if (!list) perHost.set(host, (list = []));
    list.push({ id: rec.id, html: rec.html });
  }
  const minPages = run.site !== undefined ? Math.min(run.minPages, 2) : run.minPages;
  const eligible = eligibleHosts(perHost, (p) => p.length, minPages);
  run.note(`${perHost.size} hosts, ${eligible.length} with at least ${minPages} pages${noHost ? `; ${noHost} records without a host ignored` : ''}`);
  if (eligible.length === 0) throw new DatasetError(`${run.data}: no host${run.site ? ` ${run.site}` : ''} with at least ${minPages} pages${run.site ? '' : ' (lower --min-pages?)'}`);
  const models: Model[] = [];
  const failures: string[] = [];
  for (const [host, pages] of eligible) {
    const name = run.site !== undefined ? run.model! : run.model ? `${run.model}-${host}` : host;
    if (!isValidModelName(name)) { failures.push(host); run.note(`${host}: gives no valid model name`); continue; }
    const model = perHostOrFailure(host, () => {
      run.progress({ stage: 'label-free', host });
      const seed = new Map(pages.map((p) => [p.id!, extractWithModel(p.html, dflt).text]));
      const options = { ...run.params, site: host };
      const labels = pseudoLabel(pages, { ...options, seed: (p) => seed.get(p.id!)!, seedModel: dflt.name });
      const trained = trainPseudoLabelled(labels, { ...options, name });
      const siteCheck = run.guard ? checkPseudoLabelled(labels, options, dflt, { folds: run.guardFolds, defaultCache: seed }) : null;
      return siteCheck ? { ...trained, trainingReport: { ...trained.trainingReport, siteCheck: { ...siteCheck, labels: 'pseudo' as const } } } : trained;
    }, failures, run);
    if (model) models.push(model);
  }
  run.progress({ stage: 'label-free-done' });
  return { models, failures };
}

/** The pages with gold of the given hosts (the guard's second read of `bySite`). */
async function pagesOfSites(data: string, hosts: ReadonlySet<string>): Promise<Map<string, TrainingPage[]>> {
  const out = new Map<string, TrainingPage[]>();
  for await (const rec of readDataset(data, { onIssue: () => {} })) { // issues were reported by the first read
    const host = hostOfRecord(rec);
    if (host === null || !hosts.has(host) || rec.gold === null || rec.gold.trim() === '') continue;
    let list = out.get(host);
    if (!list) out.set(host, (list = []));
    list.push({ id: rec.id, html: rec.html, gold: rec.gold });
  }
  return out;
}

/**
 * Read the training data once and train the global model (optionally for one site) or one model
 * per host. Hosts whose training fails with a known error are told and listed in `failures`.
 */
async function trainLabelled(run: Run, skipped: { count: number })
  : Promise<{ models: Model[]; failures: string[]; sitePages: Map<string, TrainingPage[]> }> {
  // The guard re-trains on the site's pages: they are kept (HTML and gold) for site models only.
  const sitePages = new Map<string, TrainingPage[]>();
  const keep = (host: string, rec: TrainingPage): void => {
    if (!run.guard) return;
    let list = sitePages.get(host);
    if (!list) sitePages.set(host, (list = []));
    list.push({ id: rec.id!, html: rec.html, gold: rec.gold });
  };
  // Trainers are created (and options validated) before any page is read.
  const global = run.bySite ? null : new Trainer({ ...run.params, name: run.model!, site: run.site ?? null });
  const perHost = new Map<string, Trainer>();
  let read = 0, noHost = 0, noGold = 0;
  for await (const rec of readDataset(run.data, { onIssue: run.issue })) {
    read++;
    if (read % 100 === 0) run.progress({ stage: 'read', pages: read, done: false });
    const host = hostOfRecord(rec);
    if (global) {
      if (run.site === undefined || host === run.site) {
        global.addPage({ ...rec, site: host });
        if (run.site !== undefined) keep(run.site, rec);
      }
    } else if (rec.gold === null || rec.gold.trim() === '') noGold++; // only pages with gold count towards minPages
    else if (host === null) noHost++;
    else {
      let t = perHost.get(host);
      if (!t) {
        const name = run.model ? `${run.model}-${host}` : host;
        // A record's host is data, not trusted: a host that makes no valid model name is skipped.
        if (!isValidModelName(name)) {
          skipped.count++;
          run.note(`skipped ${rec.id}: host ${JSON.stringify(host)} gives no valid model name`);
          continue;
        }
        t = new Trainer({ ...run.params, name, site: host });
        perHost.set(host, t);
      }
      t.addPage({ ...rec, site: host });
    }
  }
  if (read >= 100) run.progress({ stage: 'read', pages: read, done: true });

  if (global) {
    if (global.pages === 0) throw new DatasetError(`${run.data}: no training pages${run.site ? ` for site ${run.site}` : ''}`);
    return { models: [global.finish()], failures: [], sitePages };
  }
  const eligible = eligibleHosts(perHost, (t) => t.pages, run.minPages);
  run.note(`${perHost.size} hosts, ${eligible.length} with at least ${run.minPages} pages with gold`
    + `${noHost ? `; ${noHost} records without a host ignored` : ''}${noGold ? `; ${noGold} records without gold ignored` : ''}`);
  if (eligible.length === 0) throw new DatasetError(`${run.data}: --by-site found no host with at least ${run.minPages} pages with gold (lower --min-pages?)`);
  const models: Model[] = [];
  const failures: string[] = [];
  for (const [host, t] of eligible) {
    const model = perHostOrFailure(host, () => t.finish(), failures, run);
    if (model) models.push(model);
  }
  return { models, failures, sitePages };
}
