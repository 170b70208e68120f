/**
 * Predictors: adapters from an extractor or a predictions file to the
 * `Predictor` that `evaluate` calls.
 */
import type { PageRecord } from '../dataset/types.js';
import type { Predictor } from './evaluate.js';
import type { Prediction } from '../dataset/prediction.js';
import type { LineOptions } from '../html/lines.js';

/** The part of an extractor evaluation needs (structurally `extract/registry.ts`'s `Extractor`). */
export interface TextExtractor {
  readonly name: string;
  extract(html: string, options?: { url?: string; lines?: Partial<LineOptions> }): { readonly text: string };
}

/** A monotonic clock in milliseconds (e.g. `performance.now`), injected so this module stays pure. */
export type Clock = () => number;

/**
 * Run an extractor on one page, timing only the extraction call.
 * @param extractor extractor to run
 * @param record page (its `html` and `url` are passed on)
 * @param clock millisecond clock
 * @returns the text and time, or the error message and time
 */
export function runExtractor(extractor: TextExtractor, record: PageRecord, clock: Clock): Prediction {
  const options = record.url ? { url: record.url } : {};
  const t0 = clock();
  try {
    const { text } = extractor.extract(record.html, options);
    return { text, ms: clock() - t0 };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e), ms: clock() - t0 };
  }
}

/**
 * Predictor that runs an extractor on every page.
 * @param extractor extractor to run
 * @param clock millisecond clock
 */
export function extractorPredictor(extractor: TextExtractor, clock: Clock): Predictor {
  return (record) => runExtractor(extractor, record, clock);
}

/** A file name's page extension, dropped when ids are compared (`site/page-01.html` names the record `site/page-01`). */
const PAGE_EXTENSION = /\.(x?html?|shtml)(\.gz)?$/i;

/**
 * The keys a prediction id answers to besides itself: every tail of its path
 * (`/`-separated, `\\` read as `/`) with the page extension dropped. So the ids
 * `farsw apply --input training-data` writes (`training-data/site/page-01.html`)
 * match the records `readDataset('training-data')` reads (`site/page-01`).
 */
export function predictionKeys(id: string): string[] {
  const parts = id.replace(/\\/g, '/').replace(PAGE_EXTENSION, '').split('/').filter((p) => p !== '' && p !== '.');
  const keys: string[] = [];
  for (let i = 0; i < parts.length; i++) keys.push(parts.slice(i).join('/'));
  return keys;
}

/**
 * Predictor that looks pages up in a map of stored predictions (records
 * without an entry are skipped). A record id matches a prediction of the same
 * id, else the one prediction whose path ends with it ({@link predictionKeys});
 * a tail shared by two predictions matches neither.
 * @param predictions id → prediction (from `readPredictions`)
 */
export function storedPredictor(predictions: ReadonlyMap<string, Prediction>): Predictor {
  const byTail = new Map<string, Prediction | null>();
  for (const [id, p] of predictions) {
    for (const key of predictionKeys(id)) {
      if (key === id) continue;
      byTail.set(key, byTail.has(key) ? null : p);
    }
  }
  return (record) => predictions.get(record.id) ?? byTail.get(record.id) ?? undefined;
}
