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
 * With `format: 'markdown'` (or `html`) the result also carries `markdown` (`html`), rendered by the
 * output-format registry (api/formats.ts) from the extraction's line table; `text` is the same either way.
 */
import type { Extraction, LineTable } from '../core/types.js';
import { ConfigError, InputError } from '../core/errors.js';
import { BATCH_DEFAULTS } from '../core/defaults.js';
import { decodeHtml, pageSource, type PageSource } from '../html/decode.js';
import { sniffBinary } from '../html/sniff-binary.js';
import { modelLineOptions, type Model } from '../model/model.js';
import { modelResolver, type ModelChoice, type SiteFallback } from '../model-store/resolve.js';
import { fallbackText } from '../eval/site-guard.js';
import { getExtractor } from '../extract/registry.js';
import { extractWithModel, modelExtraction, runModel, type ModelExtractorOptions } from '../extract/model-extractor.js';
import { StageClock } from '../extract/registry.js';
import { blocksToText } from '../html/text.js';
import { withoutTables } from '../html/layout.js';
import { FORMAT_NAMES, outputFormat, type FormatName, type Renditions } from './formats.js';
import type { FarswResult } from '../extract/farsw.js';
import type { LineOptions } from '../html/lines.js';
import { extractMetadata, type PageMetadata } from '../html/metadata.js';
import type { PageTypeResult } from '../features/page-type.js';
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
   * A format of api/formats.ts. `markdown`: also render the chosen lines as Markdown with their links and images
   * (`ExtractResult.markdown`); `html`: as clean article HTML (`ExtractResult.html`); `text` (default), `json`: the text alone.
   */
  readonly format?: FormatName;
  /** Tables in the output (default true; false: left out of every format, trafilatura's --no-tables; line-based extractors). */
  readonly tables?: boolean;
  /** Link targets in markdown and html (default true; false: the link text alone, trafilatura's --no-links). */
  readonly links?: boolean;
  /** Images in markdown and html (default true; false: left out, trafilatura's --no-images). */
  readonly images?: boolean;
  /** Also read the page's metadata (`ExtractResult.metadata`: title, byline, date, …; html/metadata.ts). */
  readonly metadata?: boolean;
  /**
   * `precision` or `recall`: a documented parameter set favouring one (api/favor.ts, measured in BENCHMARKS.md);
   * `balanced` (default): the defaults. Options given explicitly win over the set.
   */
  readonly favor?: Favor;
}

export interface ExtractResult extends Extraction, Renditions {
  /** The encoding used, for byte input. */
  readonly encoding?: string;
  /** The model used, for model-based extraction. */
  readonly model?: string;
  /** Why that model (`site model X (won: …)`, `default: no site model for HOST`, `--model NAME`, …). */
  readonly modelReason?: string;
  /** True when the guard's per-page fallback (`ExtractOptions.fallback`) gave this page the fallback model's text. */
  readonly fellBack?: true;
  /** The page's metadata, with `metadata: true`. */
  readonly metadata?: PageMetadata;
  /** Model-based extraction: what FAR-SW's block selection (§3.5) decided. */
  readonly farsw?: FarswSummary;
  /** Model-based extraction: the page-type strategy the page was routed to (extract/strategies/index.ts); absent: none. */
  readonly strategy?: string;
}

/** FAR-SW's block selection on one page, in brief (`farsw explain` shows all of it); the fields are FarswResult's. */
export type FarswSummary = Pick<FarswResult, 'informative' | 'fallback' | 'fallbackKept'>;


/** extract()'s options by the type they take (`model` and `format` are checked on their own, numbers by option-ranges.ts). */
const OPTION_TYPES: Readonly<Record<string, 'string' | 'boolean' | 'object'>> = {
  algorithm: 'string', store: 'string', contentType: 'string', url: 'string', favor: 'string', preset: 'string',
  useSiteModel: 'boolean', metadata: 'boolean', profile: 'boolean', tables: 'boolean', links: 'boolean', images: 'boolean',
  lines: 'object', dana: 'object', farsw: 'object', fallback: 'object', wlr: 'object', accb: 'object', cetr: 'object',
};
/** Model objects already checked: a caller passes the same one for every page. */
const checkedModels = new WeakSet<object>();
/** A wrong value as a message shows it: `number 5`, `an array`, `null`. */
const shown = (v: unknown): string => (typeof v === 'number' || typeof v === 'boolean' ? `${typeof v} ${String(v)}` : typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : describeJson(v));

/** Each option of the type it takes, and `model` a name or a whole model: a ConfigError naming the option. */
function checkOptionTypes(options: Readonly<Record<string, unknown>>): void {
  for (const [key, type] of Object.entries(OPTION_TYPES)) {
    const v = options[key];
    if (v === undefined) continue;
    const ok = type === 'object' ? typeof v === 'object' && v !== null && !Array.isArray(v) : typeof v === type;
    if (!ok) throw new ConfigError(`extract: ${key}: expected ${type === 'object' ? 'an object' : `a ${type}`}, found ${shown(v)}`);
  }
  const model = options['model'];
  if (model === undefined || typeof model === 'string') return;
  if (typeof model !== 'object' || model === null || Array.isArray(model)) throw new ConfigError(`extract: model: expected a model name or a Model object, found ${shown(model)}`);
  if (checkedModels.has(model)) return;
  // The fields extraction reads (a model built in memory, as apply --adapt builds one, carries no training report to check).
  for (const [key, type] of Object.entries(MODEL_FIELDS)) {
    const v = (model as Record<string, unknown>)[key];
    if (type === 'array' ? !Array.isArray(v) : typeof v !== type || v === null) {
      throw new ConfigError(`extract: model: not a Model object (its ${key} is ${v === undefined ? 'missing' : shown(v)}; a name, or a model as farsw's train() or models export gives one)`);
    }
  }
  checkedModels.add(model);
}
const MODEL_FIELDS: Readonly<Record<string, 'string' | 'object' | 'array'>> = {
  name: 'string', params: 'object', rules: 'array', membership: 'array', frequentRegions: 'array', levels: 'array',
};

/** What the types promise, checked for callers without them (JavaScript, parsed JSON): a ConfigError naming the argument. */
function checkArguments(page: unknown, options: unknown): void {
  if (typeof page !== 'string' && !(page instanceof Uint8Array)) {
    throw new ConfigError(`extract: the page must be a string or bytes (a Uint8Array or Buffer), found ${page instanceof ArrayBuffer ? 'an ArrayBuffer (wrap it: new Uint8Array(buffer))' : describeJson(page)}`);
  }
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new ConfigError(`extract: options must be an object, found ${describeJson(options)}`);
  checkOptionTypes(options as Record<string, unknown>);
  checkOptionRanges(options as ExtractOptions);
  const format = (options as ExtractOptions).format;
  if (format !== undefined && (typeof format !== 'string' || outputFormat(format) === undefined)) throw new ConfigError(`extract: unknown format ${JSON.stringify(format)}: expected one of ${FORMAT_NAMES.join(', ')}`);
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
 *   the extractor has no parameters for, a page that is neither a string nor bytes, an unknown `format`, or an option
 *   of the wrong type (naming it); InputError for a page over 256 MiB or one too large to extract
 */
export function extract(page: string | Uint8Array, given: ExtractOptions = {}): ExtractResult {
  checkArguments(page, given);
  // A page past the batch limit (256 MiB) is refused as one, not left to fail in a typed array or a string copy.
  if (page.length > BATCH_DEFAULTS.maxPageBytes) {
    throw new InputError(`page too large: ${page.length} ${typeof page === 'string' ? 'characters' : 'bytes'}, the limit is ${BATCH_DEFAULTS.maxPageBytes} (256 MiB)`);
  }
  try {
    return extractChecked(page, given);
  } catch (e) {
    // An allocation that fails on a large page (a RangeError: invalid array or string length) is the page's size.
    if (e instanceof RangeError) throw new InputError(`page too large to extract (${page.length} ${typeof page === 'string' ? 'characters' : 'bytes'}: ${e.message})`);
    throw e;
  }
}

function extractChecked(page: string | Uint8Array, given: ExtractOptions): ExtractResult {
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
  let table: LineTable | undefined;
  // Text a route added to the chosen lines' (a product's JSON-LD description): the renditions add it too.
  let supplement: string | undefined;
  const render = options.format !== undefined ? outputFormat(options.format)?.render : undefined;
  // A rendition, or tables left out of the text, needs the extraction's line table.
  const keepTable = render !== undefined || options.tables === false;
  let pageType: PageTypeResult | undefined;
  let lineOptions: Partial<LineOptions> | undefined;
  if (options.algorithm !== undefined) {
    const extractor = getExtractor(options.algorithm);
    // A format that renders the chosen lines reuses a line-based extractor's table (no second parse of the page).
    const lined = keepTable && extractor.extractLined ? extractor.extractLined(html, inner) : undefined;
    result = lined ? lined.extraction : extractor.extract(html, inner);
    table = lined?.table;
    lineOptions = lined?.lines;
  } else {
    const choice = chooseModel(options);
    model = choice.model;
    // A format that renders the chosen lines reuses the extraction's line table (no second parse of the page);
    // with metadata, the page is classified on that table too.
    const modelOptions = options.metadata ? { ...inner, pageType: true } : inner;
    const run1 = keepTable ? (m: Model) => extractKeepingTable(html, m, modelOptions) : (m: Model) => extractWithModel(html, m, modelOptions);
    let run = run1(model);
    let reason = choice.reason;
    let fellBack = false;
    if (choice.fallback) {
      // The guard's per-page fallback: both models run; the default's text where the site model's strays from it.
      const other = run1(choice.fallback.model);
      const kept = fallbackText(run.text, other.text, choice.fallback.below);
      if (kept.fellBack) {
        reason = `${choice.fallback.model.name}: ${model.name} agreed with it at ${kept.agreement.toFixed(3)} on this page, below ${choice.fallback.below}${typeof options.model === 'object' ? '' : ` (${choice.reason})`}`;
        model = choice.fallback.model;
        run = other;
        fellBack = true;
      }
    }
    const { detail, pageType: typed, ...rest } = run;
    pageType = typed;
    const kept = KEPT.get(run);
    if (kept) { table = kept.table; supplement = kept.supplement; }
    if (render) lineOptions = { ...modelLineOptions(model.params), ...options.lines };
    result = { ...rest, modelReason: reason, ...(fellBack ? { fellBack: true as const } : {}), farsw: { informative: detail.informative, fallback: detail.fallback, fallbackKept: detail.fallbackKept } };
  }
  if (options.tables === false && table) {
    // Tables left out: the chosen lines less those in a table, their text written again.
    const blocks = withoutTables(table, result.blocks);
    result = { ...result, blocks, text: blocksToText(table, blocks) };
    supplement = undefined;
  }
  if (render) {
    // The table and line options of a line-based extraction (a model, the DANA family); none for other extractors.
    result = {
      ...result,
      [options.format!]: render({
        source: html, table, blocks: result.blocks, text: result.text, supplement, url: options.url, dropElements: lineOptions?.dropElements,
        tables: options.tables !== false, links: options.links !== false, images: options.images !== false,
      }),
    };
  }
  if (options.metadata) {
    const metadata = extractMetadata(html, options.url);
    result = { ...result, metadata: pageType ? { ...metadata, pageType: { type: pageType.type, confidence: Math.round(pageType.confidence * 1000) / 1000 } } : metadata };
  }
  if (result.profile && encoding !== undefined) result.profile['decode'] = t1 - t0;
  return encoding !== undefined ? { ...result, encoding } : result;
}

/** @throws InputError "not HTML: …" when `sniffBinary` finds binary data */
function refuseBinary(page: string | Uint8Array, contentType: string | undefined, nulFree: boolean): void {
  const binary = sniffBinary(page, contentType, nulFree);
  if (binary !== null) throw new InputError(`not HTML: ${binary}`);
}

/** The line tables (and supplements) of model extractions that kept theirs (extractKeepingTable), by result. */
const KEPT = new WeakMap<object, { readonly table: LineTable; readonly supplement: string | undefined }>();

/**
 * extractWithModel (extract/model-extractor.ts) for a format that renders the chosen lines: the same result, its
 * line table kept aside (KEPT) instead of built a second time.
 */
function extractKeepingTable(html: string, model: Model, options: ModelExtractorOptions): ReturnType<typeof extractWithModel> {
  const clock = new StageClock(options.profile === true);
  const modelRun = runModel(html, model, options, clock);
  const text = blocksToText(modelRun.table, modelRun.detail.blocks);
  clock.lap('text');
  const run = modelExtraction(model, modelRun, text, clock);
  KEPT.set(run, { table: modelRun.table, supplement: modelRun.supplement });
  return run;
}
