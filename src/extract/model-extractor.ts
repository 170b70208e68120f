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

/** Options of model-based extraction. */
export interface ModelExtractorOptions extends ExtractorOptions {
  readonly farsw?: SettingsLayer;
  /** The precision/recall preset laid under `farsw` (core/presets.ts FAVOR_PRESETS; validated by api/favor.ts). */
  readonly favor?: Favor;
  /** Also classify the page (features/page-type.ts, the model's `pageType`): the result's `pageType`. */
  readonly pageType?: boolean;
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
  const detail = applyModel(table, model, apply);
  clock.lap('select');
  return { table, detail };
}

/** Extraction with a model; `detail` carries the intermediates for `farsw explain`. */
export function extractWithModel(html: string, model: Model, options: ModelExtractorOptions = {}): Extraction & { readonly model: string; readonly detail: FarswResult; readonly pageType?: PageTypeResult } {
  const clock = new StageClock(options.profile === true);
  const { table, detail } = runModel(html, model, options, clock);
  const text = blocksToText(table, detail.blocks);
  clock.lap('text');
  const pageType = options.pageType ? classifyPage(table, html, options.url, model) : undefined;
  if (pageType) clock.lap('pageType');
  return { method: `farsw:${model.name}`, model: model.name, blocks: detail.blocks, text, lineCount: table.count, detail, ...(pageType ? { pageType } : {}), ...(table.warnings ? { warnings: table.warnings } : {}), ...clock.result() };
}
