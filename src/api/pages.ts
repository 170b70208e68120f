/**
 * The library's `train` and `evaluate`: the arguments a caller gives are checked first, so a page
 * that is not what the types say is a ConfigError naming the page and the field, not a TypeError
 * from deep inside; `evaluate` also takes extract() options instead of a predictor.
 */
import { ConfigError } from '../core/errors.js';
import { describeJson, stringField as checkedString } from '../dataset/record.js';
import type { PageRecord } from '../dataset/types.js';
import type { Prediction } from '../dataset/prediction.js';
import { evaluate as evaluateWith, type EvalReport, type EvaluateOptions, type Predictor } from '../eval/evaluate.js';
import type { Model } from '../model/model.js';
import { train as trainModel, type TrainingPage, type TrainOptions } from '../train/train.js';
import { extract, type ExtractOptions } from './extract.js';

/** A page to score: its HTML and gold text; the other fields of a dataset record are optional. */
export interface EvalPage {
  readonly id?: string;
  readonly html: string;
  /** Gold main text, one paragraph per line; null: not scored for F1. */
  readonly gold: string | null;
  readonly url?: string | null;
  readonly dataset?: string;
  readonly lang?: string | null;
  readonly host?: string | null;
  /** Page type label (WCXB's seven types), for `by: 'page_type'`. */
  readonly page_type?: string | null;
}

/** `value` as an object, or a ConfigError naming it. */
function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigError(`${where}: expected an object, found ${describeJson(value)}`);
  return value as Record<string, unknown>;
}

/** Field `key` of `o` as a string (or, when `optional`, null), else a ConfigError naming it. */
function stringField(o: Record<string, unknown>, key: string, where: string, optional: boolean): string | null {
  return checkedString(o, key, where, !optional, ConfigError);
}

/** The pages of an iterable (or, when `async`, an async iterable too), or a ConfigError when it is none. */
function pageList<T>(pages: unknown, what: string, async: boolean): Iterable<T> | AsyncIterable<T> {
  const p = pages as { [Symbol.iterator]?: unknown; [Symbol.asyncIterator]?: unknown } | null | undefined;
  if (typeof pages === 'string' || p === null || p === undefined || (typeof p[Symbol.iterator] !== 'function' && !(async && typeof p[Symbol.asyncIterator] === 'function'))) {
    throw new ConfigError(`${what}: pages must be an array (or ${async ? 'iterable or async iterable' : 'iterable; not async: collect them first'}) of { html, gold } objects, found ${typeof pages === 'string' ? 'a string' : describeJson(pages)}`);
  }
  return pages as Iterable<T> | AsyncIterable<T>;
}

/** The name a page goes by in messages: its id when it has one, else its place. */
function pageName(o: Record<string, unknown> | null, i: number): string {
  return o !== null && typeof o['id'] === 'string' ? `page ${JSON.stringify(o['id'])} (pages[${i}])` : `pages[${i}]`;
}

/** A training page checked: `html` a string, `gold` a string or null. */
function trainingPage(value: unknown, i: number): TrainingPage {
  const o = record(value, `train: pages[${i}]`);
  const where = `train: ${pageName(o, i)}`;
  stringField(o, 'html', where, false);
  stringField(o, 'gold', where, true);
  if (o['id'] !== undefined) stringField(o, 'id', where, false);
  return value as TrainingPage;
}

/**
 * Learn a FAR-SW model from pages with gold text (src/train/train.ts), after checking the pages.
 * @throws ConfigError naming the page and field when a page is not `{ html: string, gold: string | null }`;
 *   InputError when no page has usable gold
 */
export function train(pages: Iterable<TrainingPage>, options: TrainOptions): Model {
  const list = [...(pageList<unknown>(pages, 'train', false) as Iterable<unknown>)];
  const opts = record(options, 'train: options');
  stringField(opts, 'name', 'train: options', false);
  return trainModel(list.map(trainingPage), options);
}

/** A page to score as a dataset record; its id and dataset default to its place and `pages`. */
function evalRecord(value: unknown, i: number): PageRecord {
  const o = record(value, `evaluate: pages[${i}]`);
  const where = `evaluate: ${pageName(o, i)}`;
  const opt = (key: string) => stringField(o, key, where, true);
  const html = stringField(o, 'html', where, false)!;
  return {
    ...(o as object),
    id: opt('id') ?? `#${i}`, dataset: opt('dataset') ?? 'pages', url: opt('url'), lang: opt('lang'), host: opt('host'),
    html, gold: opt('gold'), pageType: opt('page_type'), source: { file: 'pages', line: i + 1 },
  } as PageRecord;
}

async function* evalRecords(pages: Iterable<unknown> | AsyncIterable<unknown>): AsyncGenerator<PageRecord> {
  let i = 0;
  for await (const p of pages) yield evalRecord(p, i++);
}

/** A predictor running extract() with `options` (each page's `url` picks the site model, as in `farsw eval`). */
function extractPredictor(options: ExtractOptions): Predictor {
  return (r): Prediction => {
    const t0 = performance.now();
    try {
      const { text } = extract(r.html, r.url ? { url: r.url, ...options } : options);
      return { text, ms: performance.now() - t0 };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e), ms: performance.now() - t0 };
    }
  };
}

/**
 * Score an extraction on pages with gold text: LCS and bag-of-words P/R/F1 per page, and their means
 * (src/eval/evaluate.ts).
 *   evaluate(pages)                          the default model, as extract() with no options
 *   evaluate(pages, { algorithm: 'addanag' }) any extract() options
 *   evaluate(pages, (page) => ({ text }))    any extractor of yours
 * @param pages `{ html, gold, id?, url?, dataset? }` objects (an array or a stream)
 * @throws (rejects with) ConfigError naming the page and field when a page is not such an object
 */
export async function evaluate(
  pages: Iterable<EvalPage | PageRecord> | AsyncIterable<EvalPage | PageRecord>,
  predict: Predictor | ExtractOptions = {},
  options: EvaluateOptions = {},
): Promise<EvalReport> {
  const list = pageList<unknown>(pages, 'evaluate', true);
  if (predict === null || (typeof predict !== 'function' && typeof predict !== 'object')) {
    throw new ConfigError(`evaluate: the second argument must be extract() options or a function (page) => { text }, found ${describeJson(predict)}`);
  }
  return evaluateWith(evalRecords(list), typeof predict === 'function' ? predict : extractPredictor(predict), options);
}
