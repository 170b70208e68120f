/**
 * How much a model holds, counted without measuring a heap: the entries of its stats lists, of its key lists, and the
 * bytes of its JSON parts (training report, evidence, page-type classifier). A batch worker's heap is sized from it,
 * and a model too large for any worker is refused (batch/model-heap.ts).
 */
import type { Model } from './model.js';

export interface ModelFootprint {
  /** [key, topical, nonTopical] entries: tokenStats and pathStats. */
  readonly stats: number;
  /** Keys: templateLines and topicalSlots. */
  readonly keys: number;
  /** Compact JSON bytes of the training report, evidence and page-type classifier (the store keeps them as JSON). */
  readonly jsonBytes: number;
}

/** A model's footprint, as the store counts it (sqlite.ts `footprints`). */
export function modelFootprint(model: Model): ModelFootprint {
  const json = (v: unknown): number => (v === undefined ? 0 : JSON.stringify(v).length);
  return {
    stats: (model.tokenStats?.length ?? 0) + (model.pathStats?.length ?? 0),
    keys: (model.templateLines?.length ?? 0) + (model.topicalSlots?.length ?? 0),
    jsonBytes: json(model.trainingReport) + json(model.evidence) + json(model.pageType),
  };
}

/** The sum of several footprints. */
export function addFootprints(list: readonly ModelFootprint[]): ModelFootprint {
  return list.reduce((a, f) => ({ stats: a.stats + f.stats, keys: a.keys + f.keys, jsonBytes: a.jsonBytes + f.jsonBytes }), { stats: 0, keys: 0, jsonBytes: 0 });
}
