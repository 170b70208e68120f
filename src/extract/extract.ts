/**
 * The library's front door: `extract(page, options)`.
 *
 *   bytes → decode → (algorithm: preprocess → lines → select → text)
 *                  | (model:     preprocess → lines → features → fuzzify → rules
 *                                 → window → blocks, with the DANA core → text)
 *
 * Bytes are decoded first (BOM, transport hint, meta, detector: `html/decode.ts`);
 * a string is taken as already decoded. With neither `algorithm` nor `model`,
 * the model is `auto`: a site model from `store` matching the page's host, else
 * the `default` model (the one shipped in `models/default.json` when the store has none).
 */
import type { Extraction } from '../core/types.js';
import { ConfigError } from '../core/errors.js';
import { decodeHtml } from '../html/decode.js';
import type { Model } from '../model/model.js';
import { modelResolver } from '../model-store/resolve.js';
import { getExtractor } from './registry.js';
import { extractWithModel, type ModelExtractorOptions } from './model-extractor.js';

export interface ExtractOptions extends ModelExtractorOptions {
  /** A registered extractor (`dana`, `danag`, `addanag`, `bte`, …) instead of a model. */
  readonly algorithm?: string;
  /** A model: its name in `store`, `auto` (default), or a Model object. */
  readonly model?: string | Model;
  /** Model store file (read-only). Without one, only the shipped `default` model is known. */
  readonly store?: string;
  /** Transport-layer `Content-Type` (or charset) for byte input. */
  readonly contentType?: string;
}

export interface ExtractResult extends Extraction {
  /** The encoding used, for byte input. */
  readonly encoding?: string;
  /** The model used, for model-based extraction. */
  readonly model?: string;
}

/** The model `options` ask for on a page with this URL. */
export function resolveModel(options: ExtractOptions): Model {
  const m = options.model ?? 'auto';
  return typeof m === 'string' ? modelResolver(options.store).resolve(m, options.url) : m;
}

/** Extract the main content of one page (HTML string or raw bytes). */
export function extract(page: string | Uint8Array, options: ExtractOptions = {}): ExtractResult {
  if (options.algorithm !== undefined && options.model !== undefined) throw new ConfigError('give either an algorithm or a model, not both');
  const t0 = options.profile ? performance.now() : 0;
  let html: string, encoding: string | undefined;
  if (typeof page === 'string') html = page;
  else {
    const decoded = decodeHtml(page, options.contentType !== undefined ? { contentType: options.contentType } : {});
    html = decoded.text;
    encoding = decoded.encoding;
  }
  const t1 = options.profile ? performance.now() : 0;
  let result: ExtractResult;
  if (options.algorithm !== undefined) result = getExtractor(options.algorithm).extract(html, options);
  else {
    const { detail: _detail, ...rest } = extractWithModel(html, resolveModel(options), options);
    result = rest;
  }
  if (result.profile && encoding !== undefined) result.profile['decode'] = t1 - t0;
  return encoding !== undefined ? { ...result, encoding } : result;
}
