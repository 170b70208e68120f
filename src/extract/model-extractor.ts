/**
 * A trained FAR-SW model as an extractor: lines built with the model's own
 * preprocessing (its drop list and line rule), `applyModel`, then text.
 */
import type { Extraction, LineTable } from '../core/types.js';
import { modelLineOptions, type Model } from '../model/model.js';
import { blocksToText } from '../html/text.js';
import { applyModel, type FarswApplyOptions, type FarswResult } from './farsw.js';
import { checkPreset, pageLines, StageClock, type ExtractorOptions } from './registry.js';
import type { Favor, Preset } from '../core/presets.js';
import { resolveSettings, type SettingsLayer } from './settings.js';
import type { LineOptions } from '../html/lines.js';
import { classifyPage, type PageTypeResult } from '../features/page-type.js';
import { chosenChars, HIDDEN_MIN, knownStrategy, routePage, type PageRoute, type PageTypeStrategy } from './strategies/index.js';
import { bodyLines, bodyStage } from './strategies/body.js';
import { insertStage, MODEL_STAGES } from './stages/index.js';

/** Options of model-based extraction. */
export interface ModelExtractorOptions extends ExtractorOptions {
  readonly farsw?: SettingsLayer;
  /** The precision/recall preset laid under `farsw` (core/presets.ts FAVOR_PRESETS; validated by api/favor.ts). */
  readonly favor?: Favor;
  /** Also classify the page (features/page-type.ts, the model's `pageType`): the result's `pageType`. */
  readonly pageType?: boolean;
  /**
   * Run this page-type strategy (extract/strategies/index.ts, by id; `none`: the model path as it is) whatever the page's
   * type: for measuring a strategy on every page (`npm run bench:wcxb -- --cv`) and for debugging. Default: route by type.
   */
  readonly strategy?: string;
}

/**
 * The model path's settings for a model (extract/settings.ts resolveSettings: shipped defaults → model → preset → favor →
 * the options given).
 * @throws ConfigError for an unknown preset
 */
export function farswOptions(given: ModelExtractorOptions['farsw'] = {}, model?: Model, preset?: Preset, favor?: Favor): FarswApplyOptions {
  return resolveSettings({ given, preset: checkPreset(preset), ...(model ? { model } : {}), ...(favor !== undefined ? { favor } : {}) });
}

/** A model run on a page: the line table and every decision (what `farsw explain` draws). */
export interface ModelRun {
  readonly table: LineTable;
  readonly detail: FarswResult;
  /** The page's type, when it was classified: `pageType` asked, or routing on and a route could take the page (strategies/index.ts routePage). */
  readonly pageType?: PageTypeResult;
  /** The page-type strategy that ran (its id); absent: the model path as it is. */
  readonly strategy?: string;
  /** Text the strategy found outside the page's lines (a JSON-LD description), which the extraction's text ends with. */
  readonly supplement?: string;
}

/** Per model, its line options and its apply options when none are given (`extract(html)`), resolved once per preset and favor. */
const RESOLVED = new WeakMap<Model, { lines: Partial<LineOptions>; apply: Map<string, FarswApplyOptions> }>();

function resolved(model: Model): { lines: Partial<LineOptions>; apply: Map<string, FarswApplyOptions> } {
  let r = RESOLVED.get(model);
  if (!r) RESOLVED.set(model, (r = { lines: modelLineOptions(model.params), apply: new Map() }));
  return r;
}

/** Build the page's lines the way the model was trained, then apply it. */
export function runModel(html: string, model: Model, options: ModelExtractorOptions = {}, clock = new StageClock(false)): ModelRun {
  const r = resolved(model);
  const table = pageLines(html, { ...options, lines: options.lines ? { ...r.lines, ...options.lines } : r.lines }, clock);
  const key = `${options.preset}|${options.favor}`;
  let apply = options.farsw === undefined ? r.apply.get(key) : undefined;
  if (!apply) {
    apply = farswOptions(options.farsw, model, options.preset, options.favor);
    if (options.farsw === undefined) r.apply.set(key, apply);
  }
  const route = options.strategy !== undefined ? forcedRoute(options.strategy, table, html, model, options) : routePage(table, html, options.url, model, apply, options.pageType === true);
  if (route.pageType) clock.lap('pageType');
  const strategy = route.strategy;
  const settings = route.settings ? routedSettings(apply, route.settings) : apply;
  let lines = table, detail: FarswResult | undefined;
  if (strategy?.lines) {
    // A strategy that reads the page otherwise (forum: comment sections kept) builds its own table (when asked for), used when it says so.
    let read: LineTable | undefined;
    const again = (): LineTable => (read ??= pageLines(html, { ...options, lines: { ...r.lines, ...options.lines, ...strategy.lines } }, clock));
    const first = (): FarswResult => (detail ??= applyModel(table, model, settings, strategy.stages));
    const kept = (): number => chosenChars(table, first().blocks);
    if (!strategy.reread || strategy.reread(table, again, kept, settings)) {
      const second = applyModel(again(), model, settings, strategy.stages);
      // The strategy may keep the first reading after all, having seen what the second gives.
      if (!strategy.keep || strategy.keep(table, () => first().blocks, again(), second.blocks, settings)) {
        lines = again();
        detail = second;
      } else detail = first();
    }
  }
  detail ??= applyModel(lines, model, settings, strategy?.stages);
  let supplement = strategy?.supplement?.(html, lines, detail.blocks, settings);
  // An output is empty when neither the chosen lines nor the strategy's supplement (a product's JSON-LD description) hold text.
  if (settings.emptyRelax && supplement === undefined && chosenChars(lines, detail.blocks) === 0) {
    ({ lines, detail } = relaxEmpty(html, lines, detail, model, settings, strategy, { ...r.lines, ...options.lines }, options, clock));
    supplement = strategy?.supplement?.(html, lines, detail.blocks, settings);
  }
  clock.lap('select');
  return { table: lines, detail, ...(route.pageType ? { pageType: route.pageType } : {}), ...(strategy ? { strategy: strategy.id } : {}), ...(supplement ? { supplement } : {}) };
}

/**
 * The relax of an empty output (`emptyRelax`, Readability's retry): when the model path chose no text, the page is read
 * again with its comment sections and hidden elements (when they hold at least HIDDEN_MIN characters: a thread the comment
 * filter swallowed) and the path run on that; if it still chooses none, the page's lines outside nav, aside, header,
 * footer and form (the body fallback at one character: a page of links the link-density cut left out).
 */
function relaxEmpty(html: string, lines: LineTable, detail: FarswResult, model: Model, settings: FarswApplyOptions, strategy: PageTypeStrategy | undefined,
  lineOptions: Partial<LineOptions>, options: ModelExtractorOptions, clock: StageClock): { lines: LineTable; detail: FarswResult } {
  const stages = strategy?.stages ?? MODEL_STAGES;
  if ((lines.muted ?? 0) >= HIDDEN_MIN) {
    const shown = pageLines(html, { ...options, lines: { ...lineOptions, ...strategy?.lines, dropComments: false, dropHidden: false } }, clock);
    const again = applyModel(shown, model, settings, stages);
    if (chosenChars(shown, again.blocks) > 0) return { lines: shown, detail: again };
  }
  if (!bodyLines(lines)?.some((x) => x === 1)) return { lines, detail };
  const withBody = stages.some((s) => s.id === bodyStage.id) ? stages : insertStage(stages, bodyStage, 'main');
  return { lines, detail: applyModel(lines, model, { ...settings, bodyChars: Math.max(1, settings.bodyChars) }, withBody) };
}

/** The route `options.strategy` forces (the page classified only when `pageType` asks), with the settings given. */
function forcedRoute(id: string, table: LineTable, html: string, model: Model, options: ModelExtractorOptions): PageRoute {
  const strategy = id === 'none' ? undefined : knownStrategy(id);
  const pageType = options.pageType ? classifyPage(table, html, options.url, model) : undefined;
  return { ...(pageType ? { pageType } : {}), ...(strategy ? { strategy } : {}) };
}

/** The settings of a routed page: its route's over the page's, its `dana` over the page's DANA options (one merge per route and settings, cached). */
const ROUTED = new WeakMap<FarswApplyOptions, WeakMap<object, FarswApplyOptions>>();
function routedSettings(apply: FarswApplyOptions, settings: Readonly<Record<string, unknown>>): FarswApplyOptions {
  let m = ROUTED.get(apply);
  if (!m) ROUTED.set(apply, (m = new WeakMap()));
  let o = m.get(settings);
  if (!o) {
    const dana = settings.dana ? Object.freeze({ ...apply.dana, ...(settings.dana as Partial<FarswApplyOptions['dana']>) }) : apply.dana;
    m.set(settings, (o = Object.freeze({ ...apply, ...settings, dana }) as FarswApplyOptions));
  }
  return o;
}

/** What extraction with a model returns: the extraction, the model's decisions, the page's type and strategy when known. */
export type ModelExtraction = Extraction & { readonly model: string; readonly detail: FarswResult; readonly pageType?: PageTypeResult; readonly strategy?: string };

/** Extraction with a model; `detail` carries the intermediates for `farsw explain`. */
export function extractWithModel(html: string, model: Model, options: ModelExtractorOptions = {}): ModelExtraction {
  const clock = new StageClock(options.profile === true);
  const run = runModel(html, model, options, clock);
  const text = blocksToText(run.table, run.detail.blocks);
  clock.lap('text');
  return modelExtraction(model, run, text, clock);
}

/** A model run as an extraction: its text, its page type and strategy when known. */
export function modelExtraction(model: Model, run: ModelRun, text: string, clock: StageClock): ModelExtraction {
  const { table, detail, pageType, strategy, supplement } = run;
  // A supplement is text only: the blocks (and the formats rendered from them) hold the page's lines.
  const all = supplement ? (text ? `${text}\n${supplement}` : supplement) : text;
  return {
    method: `farsw:${model.name}`, model: model.name, blocks: detail.blocks, text: all, lineCount: table.count, detail,
    ...(pageType ? { pageType } : {}), ...(strategy ? { strategy } : {}), ...(table.warnings ? { warnings: table.warnings } : {}), ...clock.result(),
  };
}
