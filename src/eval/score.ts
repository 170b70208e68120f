/**
 * Per-page scores and their aggregation into summaries (one per dataset,
 * site or language, and overall).
 */
import { siteOf } from '../dataset/site.js';
import type { PageRecord } from '../dataset/types.js';
import { type BowUnit, type Prf, scoreText, utf8Length } from './metrics.js';
import { isPredictionError, type Prediction } from '../dataset/prediction.js';
import { tokenize } from '../core/tokenize.js';
import { scoreSnippets, summarizeSnippets, type SnippetCounts, type SnippetSummary } from './snippets.js';
import { wordF1, type WordBag } from './word-f1.js';

/** Key that groups pages in a report: a record field (`page_type`: WCXB's seven page types). */
export type GroupBy = 'dataset' | 'site' | 'lang' | 'page_type';

/** The keys of {@link GroupBy}, for option checks. */
export const GROUP_BY_KEYS: readonly GroupBy[] = ['dataset', 'site', 'lang', 'page_type'];

/** Group name used for pages whose `lang` (or `page_type`) is null. */
export const UNKNOWN_LANG = 'unknown';

/** Everything measured on one page (no texts, so a run's pages fit in memory). */
export interface PageScore {
  readonly id: string;
  readonly dataset: string;
  readonly site: string;
  readonly lang: string | null;
  /** The record's `page_type` (WCXB), null when it has none. */
  readonly pageType: string | null;
  /** UTF-8 bytes of the page HTML. */
  readonly bytes: number;
  /** Milliseconds of the extraction call, null when not measured. */
  readonly ms: number | null;
  /** The output has no tokens (errors included). */
  readonly empty: boolean;
  /** Error message when the extractor failed (the page is then scored as an empty output). */
  readonly error: string | null;
  /** Gold tokens; null when the page has no gold text (then not scored for F1). */
  readonly goldTokens: number | null;
  readonly predictedTokens: number;
  readonly lcs: Prf | null;
  readonly bow: Prf | null;
  /** The WCXB word P/R/F1 (`eval/word-f1.ts`), null when the page has no gold text. */
  readonly word: Prf | null;
  /** Snippet counts for pages with `with` / `without` lists. */
  readonly snippets: SnippetCounts | null;
}

/**
 * Score one page: both metrics against the gold text (when there is one) and
 * the snippet lists (when present). A failed extraction is scored as an empty
 * output.
 * @param record the page
 * @param prediction the extractor's output or error
 * @param unit bag-of-words size unit
 * @param bag how the WCXB word metric compares tokens (default multiset, the benchmark's)
 */
export function scorePage(record: PageRecord, prediction: Prediction, unit: BowUnit, bag: WordBag = 'multiset'): PageScore {
  const error = isPredictionError(prediction) ? prediction.error : null;
  const text = isPredictionError(prediction) ? '' : prediction.text;
  const hasSnippets = record.with !== undefined || record.without !== undefined;
  const score = record.gold === null ? null : scoreText(text, record.gold, { unit });
  const predictedTokens = score ? score.predictedTokens : tokenize(text).length;
  return {
    id: record.id,
    dataset: record.dataset,
    site: siteOf(record),
    lang: record.lang,
    pageType: record.pageType ?? null,
    bytes: utf8Length(record.html),
    ms: prediction.ms ?? null,
    empty: predictedTokens === 0,
    error,
    goldTokens: score ? score.goldTokens : null,
    predictedTokens,
    lcs: score ? score.lcs : null,
    bow: score ? score.bow : null,
    word: record.gold === null ? null : wordF1(text, record.gold, bag),
    snippets: hasSnippets ? scoreSnippets(text, record.with ?? [], record.without ?? []) : null,
  };
}

/** Aggregate figures of a set of pages. */
export interface Summary {
  /** Pages run (with or without gold). */
  readonly pages: number;
  /** Pages with gold text, the ones averaged into `lcs` and `bow`. */
  readonly scored: number;
  /** Mean per-page P, R, F1 of the LCS metric over scored pages; null when none. */
  readonly lcs: Prf | null;
  /** Mean per-page P, R, F1 of the bag-of-words metric over scored pages; null when none. */
  readonly bow: Prf | null;
  /** Mean per-page WCXB word P, R, F1 over scored pages; null when none. */
  readonly word: Prf | null;
  /** UTF-8 bytes of HTML of all pages. */
  readonly bytes: number;
  /** Total milliseconds of the timed pages. */
  readonly ms: number;
  /** Throughput over timed pages, MB (10^6 bytes) of HTML per second; null when nothing was timed. */
  readonly mbPerS: number | null;
  /** Timed pages per second; null when nothing was timed. */
  readonly pagesPerS: number | null;
  /** Pages whose output has no tokens. */
  readonly empty: number;
  /** Pages on which the extractor failed. */
  readonly errors: number;
  /** Snippet shares, when some pages have snippet lists. */
  readonly snippets: SnippetSummary | null;
}

/**
 * Summarise pages: means of per-page P, R, F1 (a dataset's figure is the mean
 * of its pages' figures, as in DANA Table II and FAR-SW Table 10), throughput
 * = Σ bytes / Σ seconds over the pages that carry a time.
 * @param pages per-page scores
 */
export function summarize(pages: readonly PageScore[]): Summary {
  let scored = 0;
  const sums = new Float64Array(9);
  let bytes = 0;
  let timedBytes = 0;
  let timedPages = 0;
  let ms = 0;
  let empty = 0;
  let errors = 0;
  const snippetCounts: SnippetCounts[] = [];
  for (const p of pages) {
    bytes += p.bytes;
    if (p.ms !== null) {
      ms += p.ms;
      timedBytes += p.bytes;
      timedPages++;
    }
    if (p.empty) empty++;
    if (p.error !== null) errors++;
    if (p.snippets) snippetCounts.push(p.snippets);
    if (p.lcs && p.bow) {
      scored++;
      sums[0]! += p.lcs.precision;
      sums[1]! += p.lcs.recall;
      sums[2]! += p.lcs.f1;
      sums[3]! += p.bow.precision;
      sums[4]! += p.bow.recall;
      sums[5]! += p.bow.f1;
      if (p.word) {
        sums[6]! += p.word.precision;
        sums[7]! += p.word.recall;
        sums[8]! += p.word.f1;
      }
    }
  }
  const mean = (i: number): number => sums[i]! / scored;
  const seconds = ms / 1000;
  return {
    pages: pages.length,
    scored,
    lcs: scored ? { precision: mean(0), recall: mean(1), f1: mean(2) } : null,
    bow: scored ? { precision: mean(3), recall: mean(4), f1: mean(5) } : null,
    word: scored ? { precision: mean(6), recall: mean(7), f1: mean(8) } : null,
    bytes,
    ms,
    mbPerS: timedPages > 0 && seconds > 0 ? timedBytes / 1e6 / seconds : null,
    pagesPerS: timedPages > 0 && seconds > 0 ? timedPages / seconds : null,
    empty,
    errors,
    snippets: snippetCounts.length ? summarizeSnippets(snippetCounts) : null,
  };
}

/**
 * Group key of a page.
 * @param page per-page score
 * @param by grouping
 */
export function groupOf(page: PageScore, by: GroupBy): string {
  if (by === 'dataset') return page.dataset;
  if (by === 'site') return page.site;
  if (by === 'page_type') return page.pageType ?? UNKNOWN_LANG;
  return page.lang ?? UNKNOWN_LANG;
}

/**
 * Summaries per group, keys in sorted order.
 * @param pages per-page scores
 * @param by grouping
 */
export function summarizeGroups(pages: readonly PageScore[], by: GroupBy): Record<string, Summary> {
  const buckets = new Map<string, PageScore[]>();
  for (const p of pages) {
    const key = groupOf(p, by);
    let list = buckets.get(key);
    if (!list) buckets.set(key, (list = []));
    list.push(p);
  }
  const out: Record<string, Summary> = {};
  for (const key of [...buckets.keys()].sort()) out[key] = summarize(buckets.get(key)!);
  return out;
}
