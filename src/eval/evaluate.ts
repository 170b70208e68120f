/**
 * `evaluate`: run a predictor over pages and score every page.
 */
import type { PageRecord } from '../dataset/types.js';
import type { BowUnit } from './metrics.js';
import type { Prediction } from '../dataset/prediction.js';
import type { WordBag } from './word-f1.js';
import { type GroupBy, type PageScore, scorePage, summarize, summarizeGroups, type Summary } from './score.js';

/**
 * Produces the output for one page: runs an extractor, or looks the page up in
 * a predictions file. `undefined` = no prediction for this page (it is skipped
 * and counted in `EvalReport.missing`).
 */
export type Predictor = (record: PageRecord) => Prediction | undefined | Promise<Prediction | undefined>;

/** Options of {@link evaluate}. */
export interface EvaluateOptions {
  /** Grouping of the report (default `dataset`). */
  readonly by?: GroupBy;
  /** Bag-of-words size unit (default `tokens`). */
  readonly unit?: BowUnit;
  /** How the WCXB word metric compares tokens: multisets with counts (default, the benchmark's) or sets. */
  readonly bag?: WordBag;
  /** Called after each scored page (progress display). */
  readonly onPage?: (page: PageScore) => void;
}

/** Result of an evaluation run. */
export interface EvalReport {
  readonly by: GroupBy;
  readonly unit: BowUnit;
  /** How the word metric compared tokens. */
  readonly bag: WordBag;
  readonly overall: Summary;
  readonly groups: Record<string, Summary>;
  /** Per-page scores, in input order. */
  readonly pages: readonly PageScore[];
  /** Records for which the predictor had no output (skipped). */
  readonly missing: number;
}

/**
 * Score a predictor on a stream of pages. Pages are consumed one at a time;
 * only their scores are kept.
 * @param records pages with gold text (streamed)
 * @param predict output for each page
 * @param options grouping and unit
 * @returns overall and per-group summaries (means of per-page P, R, F1) and the page scores
 */
export async function evaluate(
  records: AsyncIterable<PageRecord> | Iterable<PageRecord>,
  predict: Predictor,
  options: EvaluateOptions = {},
): Promise<EvalReport> {
  const by = options.by ?? 'dataset';
  const unit = options.unit ?? 'tokens';
  const pages: PageScore[] = [];
  let missing = 0;
  for await (const record of records) {
    const prediction = await predict(record);
    if (prediction === undefined) {
      missing++;
      continue;
    }
    const page = scorePage(record, prediction, unit, options.bag);
    pages.push(page);
    options.onPage?.(page);
  }
  return { by, unit, bag: options.bag ?? 'multiset', overall: summarize(pages), groups: summarizeGroups(pages, by), pages, missing };
}
