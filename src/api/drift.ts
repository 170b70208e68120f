/**
 * Drift checks for library callers, as `farsw models check NAME --data NEW_PAGES` does them: the model's
 * pages read from a dataset (pages of other hosts left out), then eval/drift.ts's report.
 */
import { DatasetError } from '../core/errors.js';
import { readDataset } from '../dataset/load.js';
import { hostOfRecord } from '../dataset/site.js';
import type { DatasetIssue } from '../dataset/types.js';
import { checkDrift, DRIFT_DEFAULTS, type DriftPage, type DriftReport, type DriftThresholds } from '../eval/drift.js';
import { validateModelName } from '../model/model.js';
import { DEFAULT_MODEL_NAME, loadNamedModel, siteMatches } from '../model-store/resolve.js';
import { DEFAULT_STORE_PATH } from '../model-store/store.js';

/** Options of {@link checkModelDrift}. */
export interface ModelDriftOptions {
  /** The stored model to check (a site model, usually). */
  readonly model: string;
  /** New pages: JSONL[.gz] records or a directory of them (gold optional: with gold, both models are scored too). */
  readonly data: string;
  /** Model store (default DEFAULT_STORE_PATH); its `default` model is the one agreement is measured against. */
  readonly store?: string;
  /** Thresholds of the verdict (eval/drift.ts DRIFT_DEFAULTS). */
  readonly thresholds?: Partial<DriftThresholds>;
  /** Called for each unreadable record (it is skipped). */
  readonly onIssue?: (issue: DatasetIssue) => void;
}

/** {@link checkModelDrift}'s result: the drift report and how many pages belonged to other hosts. */
export interface ModelDriftResult {
  readonly report: DriftReport;
  readonly otherHosts: number;
}

/**
 * Does a site still match its model? Reads the new pages of the model's site and compares them with what the
 * model recorded in training (eval/drift.ts `checkDrift`).
 * @throws ModelNotFoundError for an unknown model; DatasetError when no page of the model's site is found
 */
export async function checkModelDrift(options: ModelDriftOptions): Promise<ModelDriftResult> {
  const storePath = options.store ?? DEFAULT_STORE_PATH;
  const { model } = loadNamedModel(storePath, validateModelName(options.model));
  const dflt = loadNamedModel(storePath, DEFAULT_MODEL_NAME).model;
  const pages: DriftPage[] = [];
  let otherHosts = 0;
  for await (const r of readDataset(options.data, { goldOptional: true, onIssue: options.onIssue ?? (() => {}) })) {
    const host = hostOfRecord(r);
    if (model.site !== null && host !== null && !siteMatches(model.site, host)) { otherHosts++; continue; }
    pages.push({ id: r.id, html: r.html, gold: r.gold });
  }
  if (pages.length === 0) throw new DatasetError(`${options.data}: no pages${model.site ? ` of ${model.site}` : ''} to check${otherHosts ? ` (${otherHosts} of other hosts ignored)` : ''}`);
  return { report: checkDrift(pages, model, dflt, { ...DRIFT_DEFAULTS, ...options.thresholds }), otherHosts };
}
