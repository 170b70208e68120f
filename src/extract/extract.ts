/**
 * The library's front door: `extract(page, options)`.
 *
 *   bytes → decode → (extractor: preprocess → lines → select → text)
 *
 * Bytes are decoded first (BOM, transport hint, meta, detector: `html/decode.ts`);
 * a string is taken as already decoded.
 */
import type { Extraction } from '../core/types.js';
import { InputError } from '../core/errors.js';
import { decodeHtml, dropNulCharacters } from '../html/decode.js';
import { sniffBinary } from '../html/sniff-binary.js';
import { DEFAULT_ALGORITHM, getExtractor, type ExtractorOptions } from './registry.js';

export interface ExtractOptions extends ExtractorOptions {
  /** Registered extractor name (default `addanag`). */
  readonly algorithm?: string;
  /** Transport-layer `Content-Type` (or charset) for byte input. */
  readonly contentType?: string;
}

export interface ExtractResult extends Extraction {
  /** The encoding used, for byte input. */
  readonly encoding?: string;
}

/**
 * Extract the main content of one page (HTML string or raw bytes).
 * @throws InputError "not HTML: …" for binary data (an image, an archive, NUL bytes
 *   in the first 8000: html/sniff-binary.ts); ConfigError for an unknown algorithm
 */
export function extract(page: string | Uint8Array, options: ExtractOptions = {}): ExtractResult {
  const extractor = getExtractor(options.algorithm ?? DEFAULT_ALGORITHM);
  const binary = sniffBinary(page, options.contentType);
  if (binary !== null) throw new InputError(`not HTML: ${binary}`);
  if (typeof page === 'string') return extractor.extract(dropNulCharacters(page), options);
  const t0 = options.profile ? performance.now() : 0;
  const decoded = decodeHtml(page, options.contentType !== undefined ? { contentType: options.contentType } : {});
  const result = extractor.extract(decoded.text, options);
  if (result.profile) result.profile['decode'] = performance.now() - t0 - sum(result.profile);
  return { ...result, encoding: decoded.encoding };
}

function sum(profile: Record<string, number>): number {
  let s = 0;
  for (const v of Object.values(profile)) s += v;
  return s;
}
