/**
 * The model store interface. Algorithms and `apply` only see this; the SQLite
 * implementation (sqlite.ts) is loaded by the CLI, so algorithm tests never
 * load the native module.
 */

import type { ModelFootprint } from '../model/footprint.js';
import type { Model } from '../model/model.js';

/** Default store file, relative to the working directory (issue 4). */
export const DEFAULT_STORE_PATH = 'models/farsw.sqlite';

/** One stored model version as listed by `farsw models list`. */
export interface ModelSummary {
  readonly name: string;
  readonly site: string | null;
  /** Store version of this name (1, 2, … increasing with each retraining). */
  readonly version: number;
  /** Whether an older version is kept for `models rollback`. */
  readonly hasPrevious: boolean;
  /** ISO 8601 time the model was written to the store. */
  readonly created: string;
  readonly farswVersion: string;
  readonly featureVariant: string;
  readonly pages: number;
  readonly lines: number;
  readonly topicalLines: number;
  readonly rules: number;
  readonly fingerprint: string;
}

/** Where models live. */
export interface ModelStore {
  /** Path of the store (`:memory:` for an in-memory store). */
  readonly path: string;
  readonly readonly: boolean;
  /**
   * Write a model atomically (one transaction): a model of the same name becomes the
   * previous version (kept for rollback; any older one is dropped).
   */
  save(model: Model): ModelSummary;
  /** Write several models in one transaction: all of them or none (`train --by-site`). */
  saveAll(models: readonly Model[]): ModelSummary[];
  /** A stored version of a model, current or kept for rollback. @throws ModelNotFoundError */
  loadVersion(name: string, version: number): Model;
  /** The current version of a model. @throws ModelNotFoundError */
  load(name: string): Model;
  /** Current versions of all models, by name. */
  list(): ModelSummary[];
  /** What each current model holds (model/footprint.ts), counted without loading it: a batch sizes its workers' heap by it. */
  footprints(): Map<string, ModelFootprint>;
  /** Remove every version of a model; false when there was none. */
  remove(name: string): boolean;
  /** Drop the current version and restore the previous one. @throws ModelNotFoundError when there is none */
  rollback(name: string): ModelSummary;
  close(): void;
}

/**
 * Load a model by name (what `farsw apply --model NAME` calls).
 * @throws ModelNotFoundError when the store has no such model
 */
export function loadModel(store: ModelStore, name: string): Model {
  return store.load(name);
}
