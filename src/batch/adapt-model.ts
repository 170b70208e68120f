/**
 * `farsw apply --adapt`, the worker's half (adapt.ts is the main thread's): learn a host's label-free
 * model from the pages sampled in the first pass (train/unlabeled.ts), seeded by the model `--model`
 * gives that host without adaptation; guard it against the pseudo-labels (eval/site-guard.ts, as
 * `farsw train --unlabeled` does); and, in the second pass, pick each page's model from the table.
 */
import { chooseModel, extract, type ExtractOptions } from '../api/extract.js';
import { checkPseudoLabelled } from '../eval/site-guard.js';
import { extractionModel, undisputedNote, type Model, type SiteCheck } from '../model/model.js';
import { pseudoLabel, trainPseudoLabelled, type UnlabeledPage } from '../train/unlabeled.js';

/** What the first pass decided for a host with enough pages. */
export interface AdaptEntry {
  /** The learned model, when the host's pages use it (it won the guard, or `useSiteModel` forces it). */
  readonly model?: Model;
  /** Why that model: each page's `modelReason`. */
  readonly reason: string;
  /** Pages the model learned from (the sample), and the guard's scores. */
  readonly pages: number;
  readonly check?: SiteCheck;
  /** The guard's per-page fallback (SiteCheck.fallbackBelow): the usual model's text where the learned model's agrees with it below this. */
  readonly fallbackBelow?: number;
  /** Training time of the host (ms), guard included. */
  readonly ms: number;
}

/** The first pass's decisions, handed to every worker of the second. */
export interface AdaptTable {
  /** Fewest pages a host needs (`--adapt-min-pages`): hosts missing from `hosts` had fewer. */
  readonly minPages: number;
  readonly hosts: ReadonlyMap<string, AdaptEntry>;
}

/** Name of a host's adapted model (never stored: it lives for the run). */
export function adaptModelName(host: string): string {
  return `adapt:${host}`;
}

/** A learned model without what only training reports need (per-page fingerprints, mask histograms): less to copy to each worker. */
function lean(model: Model): Model {
  const lean = extractionModel(model);
  return { ...lean, trainingReport: { ...lean.trainingReport, maskCounts: { topical: [], nonTopical: [] } } };
}

/**
 * Learn the adapted model of `host` from its sampled pages (decoded HTML) and decide whether its pages use it.
 * Never throws for a page problem: a host whose training fails keeps its usual model, and the reason says why.
 */
export function trainAdaptEntry(host: string, pages: readonly UnlabeledPage[], options: ExtractOptions, useSiteModel = false): AdaptEntry {
  const t0 = performance.now();
  const url = `http://${host}/`;
  const base = chooseModel({ ...options, url }).model;
  const ms = (): number => Math.round(performance.now() - t0);
  const name = adaptModelName(host);
  if (pages.length < 2) return { reason: `${base.name}: ${name} not learned (${pages.length} readable page${pages.length === 1 ? '' : 's'} in the sample)`, pages: pages.length, ms: ms() };
  // The seed is what this run would give the host's pages without adaptation (same line and extractor options).
  const { format: _format, metadata: _metadata, profile: _profile, ...plain } = options;
  const seedOptions: ExtractOptions = { ...plain, model: base, url };
  try {
    const seed = new Map(pages.map((p) => [p.id!, extract(p.html, seedOptions).text]));
    const labels = pseudoLabel(pages, { site: host, seed: (p) => seed.get(p.id!)!, seedModel: base.name });
    // Trained under a storable name, then named for the run (`adapt:` marks it as learned on the fly, never stored).
    const model = { ...lean(trainPseudoLabelled(labels, { name: 'adapt', site: host })), name };
    const check = checkPseudoLabelled(labels, { site: host }, base, { defaultCache: seed });
    const scores = check ? `${check.siteF1.toFixed(3)} vs ${base.name} ${check.defaultF1.toFixed(3)} on the pseudo-labels, ${check.folds}-fold${undisputedNote(check)}` : 'no guard: fewer than 2 pseudo-labelled pages';
    const learned = `label-free from ${pages.length} pages`;
    const entry = { pages: pages.length, ...(check ? { check } : {}) };
    if (useSiteModel) return { ...entry, model, reason: `${name} (${learned}; forced by --use-site-model; ${scores})`, ms: ms() };
    if (check?.useSite) {
      const below = check.fallbackBelow ?? 0;
      return { ...entry, model, reason: `${name} (${learned}; won: ${scores}${below > 0 ? `; ${base.name}'s text where they agree below ${below}` : ''})`, ...(below > 0 ? { fallbackBelow: below } : {}), ms: ms() };
    }
    return { ...entry, reason: `${base.name}: ${name} lost (${learned}; ${scores})`, ms: ms() };
  } catch (e) {
    return { reason: `${base.name}: ${name} not learned (${e instanceof Error ? e.message : String(e)})`, pages: pages.length, ms: ms() };
  }
}

/**
 * The extraction options of a page of `host` in the second pass, and the reason to record
 * (undefined: the usual choice's reason, with `note` appended).
 */
export function adaptChoice(table: AdaptTable, host: string | null, options: ExtractOptions): { options: ExtractOptions; reason?: string; note?: string } {
  if (host === null) return { options, note: 'adapt: no host' };
  const entry = table.hosts.get(host);
  if (!entry) return { options, note: `adapt: fewer than ${table.minPages} pages of ${host}` };
  if (!entry.model) return { options, reason: entry.reason };
  const fallback = entry.fallbackBelow ? { fallback: { model: chooseModel({ ...options, url: `http://${host}/` }).model, below: entry.fallbackBelow } } : {};
  return { options: { ...options, model: entry.model, ...fallback }, reason: entry.reason };
}
