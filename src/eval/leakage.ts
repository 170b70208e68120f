/**
 * Evaluation without leakage: which pages a model was trained on. A page is
 * "trained" when its fingerprint is among the model's `pageFingerprints`; when the
 * model keeps none (older models, the shipped default's record), a page whose dataset
 * is one the model names in `trainedOn` "may be trained" (the overlap cannot be told
 * page by page).
 */
import type { PageRecord } from '../dataset/types.js';
import { pageFingerprint, type Model } from '../model/model.js';

/** Whether a model saw a page in training. */
export type Leak = 'page' | 'dataset' | undefined;

/** Counts of a leakage check, per model name. */
export interface LeakCounts {
  readonly trained: Map<string, number>;
  readonly sameDataset: Map<string, number>;
}

/**
 * A checker for pages against the model each one is scored with.
 * @param modelFor the model that scores a record (a site model by host, or one model)
 * @returns `check(record)` and the running counts
 */
export function leakageChecker(modelFor: (record: PageRecord) => Model): { check(record: PageRecord): Leak; counts: LeakCounts } {
  const sets = new Map<Model, ReadonlySet<string> | null>();
  const counts: LeakCounts = { trained: new Map(), sameDataset: new Map() };
  const bump = (m: Map<string, number>, k: string): void => void m.set(k, (m.get(k) ?? 0) + 1);
  return {
    counts,
    check(record) {
      const model = modelFor(record);
      let set = sets.get(model);
      if (set === undefined) {
        const fps = model.trainingReport.pageFingerprints;
        sets.set(model, (set = fps ? new Set(fps) : null));
      }
      if (set !== null) {
        if (!set.has(pageFingerprint(record.html))) return undefined;
        bump(counts.trained, model.name);
        return 'page';
      }
      if (model.trainingReport.trainedOn?.some((d) => d.dataset === record.dataset)) {
        bump(counts.sameDataset, model.name);
        return 'dataset';
      }
      return undefined;
    },
  };
}
