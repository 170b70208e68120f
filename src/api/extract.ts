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
 * With `format: 'markdown'` the result also carries `markdown` (`html/markdown.ts`);
 * `text` is the same either way.
 */
import type { Extraction, LineTable } from '../core/types.js';
import { ConfigError, InputError } from '../core/errors.js';
import { decodeHtml, pageSource, type PageSource } from '../html/decode.js';
import { sniffBinary } from '../html/sniff-binary.js';
import { modelLineOptions, type Model } from '../model/model.js';
import { modelResolver, type ModelChoice, type SiteFallback } from '../model-store/resolve.js';
import { fallbackText } from '../eval/site-guard.js';
import { getExtractor } from '../extract/registry.js';
import { extractWithModel, type ModelExtractorOptions } from '../extract/model-extractor.js';
import type { FarswResult } from '../extract/farsw.js';
import { buildLineTable, type LineOptions } from '../html/lines.js';
import { blocksToMarkdown, escapeMarkdown } from '../html/markdown.js';
import { cleanHtml } from '../html/clean-html.js';
import { extractMetadata, type PageMetadata } from '../html/metadata.js';
import { isDanaVariant, readsMarkupBytes } from '../extract/dana.js';
import { withFavor, type Favor } from './favor.js';
import { describeJson } from '../dataset/record.js';
import { checkOptionRanges } from './option-ranges.js';

export interface ExtractOptions extends ModelExtractorOptions {
  /** A registered extractor (`dana`, `danag`, `addanag`, `bte`, …) instead of a model. */
  readonly algorithm?: string;
  /** A model: its name in `store`, `auto` (default), or a Model object. */
  readonly model?: string | Model;
  /** Model store file (read-only). Without one, only the shipped `default` model is known. */
  readonly store?: string;
  /** Transport-layer `Content-Type` (or charset) for byte input. */
  readonly contentType?: string;
  /** `--model auto`: use the matching site model even where it lost to the default model in training. */
  readonly useSiteModel?: boolean;
  /** With a given Model: its per-page fallback (as `auto` applies a stored site model's; `apply --adapt` passes it). */
  readonly fallback?: SiteFallback;
  /**
   * `markdown`: also render the chosen lines as Markdown with their links and images (`ExtractResult.markdown`);
   * `html`: as clean article HTML (`ExtractResult.html`). Default `text`.
   */
  readonly format?: 'text' | 'markdown' | 'html';
  /** Also read the page's metadata (`ExtractResult.metadata`: title, byline, date, …; html/metadata.ts). */
  readonly metadata?: boolean;
  /**
   * `precision` or `recall`: a documented parameter set favouring one (api/favor.ts, measured in BENCHMARKS.md);
   * `balanced` (default): the defaults. Options given explicitly win over the set.
   */
  readonly favor?: Favor;
}

export interface ExtractResult extends Extraction {
  /** The encoding used, for byte input. */
  readonly encoding?: string;
  /** The model used, for model-based extraction. */
  readonly model?: string;
  /** Why that model (`site model X (won: …)`, `default: no site model for HOST`, `--model NAME`, …). */
  readonly modelReason?: string;
  /** True when the guard's per-page fallback (`ExtractOptions.fallback`) gave this page the fallback model's text. */
  readonly fellBack?: true;
  /** The chosen lines as Markdown, with `format: 'markdown'`. */
  readonly markdown?: string;
  /** The chosen lines as clean article HTML, with `format: 'html'`. */
  readonly html?: string;
  /** The page's metadata, with `metadata: true`. */
  readonly metadata?: PageMetadata;
  /** Model-based extraction: what FAR-SW's block selection (§3.5) decided. */
  readonly farsw?: FarswSummary;
}

/** FAR-SW's block selection on one page, in brief (`farsw explain` shows all of it); the fields are FarswResult's. */
export type FarswSummary = Pick<FarswResult, 'informative' | 'fallback' | 'fallbackKept'>;

const FORMATS: readonly unknown[] = ['text', 'markdown', 'html'];

/** What the types promise, checked for callers without them (JavaScript, parsed JSON): a ConfigError naming the argument. */
function checkArguments(page: unknown, options: unknown): void {
  if (typeof page !== 'string' && !(page instanceof Uint8Array)) {
    throw new ConfigError(`extract: the page must be a string or bytes (a Uint8Array or Buffer), found ${page instanceof ArrayBuffer ? 'an ArrayBuffer (wrap it: new Uint8Array(buffer))' : describeJson(page)}`);
  }
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new ConfigError(`extract: options must be an object, found ${describeJson(options)}`);
  checkOptionRanges(options as ExtractOptions);
  const format = (options as ExtractOptions).format;
  if (format !== undefined && !FORMATS.includes(format)) throw new ConfigError(`extract: unknown format ${JSON.stringify(format)}: expected one of ${FORMATS.join(', ')}`);
}

/** The model `options` ask for on a page with this URL. */
export function resolveModel(options: ExtractOptions): Model {
  return chooseModel(options).model;
}

/** {@link resolveModel} with why it was chosen. */
export function chooseModel(options: ExtractOptions): ModelChoice {
  const m = options.model ?? 'auto';
  if (typeof m !== 'string') return { model: m, reason: `model ${m.name} (given)`, ...(options.fallback ? { fallback: options.fallback } : {}) };
  return modelResolver(options.store).choose(m, options.url, options.useSiteModel ? { useSiteModel: true } : {});
}

/**
 * Extract the main content of one page (HTML string or raw bytes).
 * @throws InputError "not HTML: …" for binary data (an image, an archive, NUL bytes
 *   in the first 8000: html/sniff-binary.ts); ConfigError for an unknown algorithm or model, or a `favor`
 *   the extractor has no parameters for, a page that is neither a string nor bytes, or an unknown `format`
 */
export function extract(page: string | Uint8Array, given: ExtractOptions = {}): ExtractResult {
  checkArguments(page, given);
  const options = withFavor(given);
  if (options.algorithm !== undefined && options.model !== undefined) throw new ConfigError('give either an algorithm or a model, not both');
  const t0 = options.profile ? performance.now() : 0;
  let source: PageSource, encoding: string | undefined;
  if (typeof page === 'string') {
    // How far the page is plain ASCII matters only to a line table that counts markup in bytes (not danag's, addanag's).
    source = pageSource(page, options.algorithm === undefined || !isDanaVariant(options.algorithm) || readsMarkupBytes(options.algorithm));
    // The string's NULs were just looked for: the binary sniff's NUL rule runs only when there was one.
    refuseBinary(page, options.contentType, source.text === page);
  } else {
    refuseBinary(page, options.contentType, false);
    const decoded = decodeHtml(page, options.contentType !== undefined ? { contentType: options.contentType } : {});
    source = decoded;
    encoding = decoded.encoding;
  }
  const html = source.text;
  const t1 = options.profile ? performance.now() : 0;
  const inner = { ...options, asciiPrefix: source.asciiPrefix };
  let result: ExtractResult;
  let model: Model | undefined;
  if (options.algorithm !== undefined) result = getExtractor(options.algorithm).extract(html, inner);
  else {
    const choice = chooseModel(options);
    model = choice.model;
    let run = extractWithModel(html, model, inner);
    let reason = choice.reason;
    let fellBack = false;
    if (choice.fallback) {
      // The guard's per-page fallback: both models run; the default's text where the site model's strays from it.
      const other = extractWithModel(html, choice.fallback.model, inner);
      const kept = fallbackText(run.text, other.text, choice.fallback.below);
      if (kept.fellBack) {
        reason = `${choice.fallback.model.name}: ${model.name} agreed with it at ${kept.agreement.toFixed(3)} on this page, below ${choice.fallback.below}${typeof options.model === 'object' ? '' : ` (${choice.reason})`}`;
        model = choice.fallback.model;
        run = other;
        fellBack = true;
      }
    }
    const { detail, ...rest } = run;
    result = { ...rest, modelReason: reason, ...(fellBack ? { fellBack: true as const } : {}), farsw: { informative: detail.informative, fallback: detail.fallback, fallbackKept: detail.fallbackKept } };
  }
  if (options.format === 'markdown') result = { ...result, markdown: markdownOf(html, result, model, options) };
  else if (options.format === 'html') result = { ...result, html: htmlOf(html, result, model, options) };
  if (options.metadata) result = { ...result, metadata: extractMetadata(html, options.url) };
  if (result.profile && encoding !== undefined) result.profile['decode'] = t1 - t0;
  return encoding !== undefined ? { ...result, encoding } : result;
}

/** @throws InputError "not HTML: …" when `sniffBinary` finds binary data */
function refuseBinary(page: string | Uint8Array, contentType: string | undefined, nulFree: boolean): void {
  const binary = sniffBinary(page, contentType, nulFree);
  if (binary !== null) throw new InputError(`not HTML: ${binary}`);
}

/**
 * Markdown of an extraction. Line-based extractions (a model, the DANA family) are
 * re-lined with the same line options, so their blocks index the same lines
 * (a second parse, paid only for markdown). Other extractors have no line
 * blocks: each paragraph of their text becomes a Markdown paragraph.
 */
function markdownOf(html: string, result: ExtractResult, model: Model | undefined, options: ExtractOptions): string {
  const table = linedTable(html, model, options);
  if (!table) return result.text === '' ? '' : result.text.split('\n').map(escapeMarkdown).join('\n\n');
  return blocksToMarkdown(table, result.blocks, { source: html, ...(options.url !== undefined ? { baseUrl: options.url } : {}) });
}

/** Clean article HTML of an extraction: the chosen lines' source, cleaned; paragraphs of the text for extractors without line blocks. */
function htmlOf(html: string, result: ExtractResult, model: Model | undefined, options: ExtractOptions): string {
  const table = linedTable(html, model, options);
  if (!table) {
    const paragraphs = result.text.split('\n').map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`).join('');
    return result.text === '' ? '' : cleanHtml(paragraphs, [[0, paragraphs.length]]);
  }
  // The chosen lines' own ranges: what lies between two lines (a comment section, a hidden element the lines dropped) is left out.
  const ranges: [number, number][] = [];
  for (const b of result.blocks) {
    for (let i = b.start; i < b.end; i++) {
      const last = ranges[ranges.length - 1];
      if (last !== undefined && last[1] === table.start[i]) last[1] = table.end[i]!;
      else ranges.push([table.start[i]!, table.end[i]!]);
    }
  }
  // The elements the lines dropped with their content, and only those: the html holds the text's words.
  return cleanHtml(html, ranges, options.url, lineOptionsOf(model, options)?.dropElements);
}

/** The line options of a line-based extraction (a model, the DANA family); undefined for other extractors. */
function lineOptionsOf(model: Model | undefined, options: ExtractOptions): Partial<LineOptions> | undefined {
  const lined = model !== undefined || (options.algorithm !== undefined && isDanaVariant(options.algorithm));
  if (!lined) return undefined;
  return model ? { ...modelLineOptions(model.params), ...options.lines } : options.lines ?? {};
}

/** The line table the blocks of a line-based extraction index; undefined for other extractors. */
function linedTable(html: string, model: Model | undefined, options: ExtractOptions): LineTable | undefined {
  const lines = lineOptionsOf(model, options);
  return lines !== undefined ? buildLineTable(html, lines) : undefined;
}
