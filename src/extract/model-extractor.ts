/**
 * A trained FAR-SW model as an extractor: lines built with the model's own
 * preprocessing (its drop list and line rule), `applyModel`, then text.
 */
import type { Extraction, LineTable } from '../core/types.js';
import { FARSW_APPLY_DEFAULTS } from '../core/defaults.js';
import { modelLineOptions, type Model } from '../model/model.js';
import { blocksToText } from '../html/text.js';
import { applyModel, type FarswApplyOptions, type FarswResult } from './farsw.js';
import { checkPreset, pageLines, StageClock, type ExtractorOptions } from './registry.js';
import { PAPER_PRESET, type Preset } from '../core/presets.js';
import type { LineOptions } from '../html/lines.js';
import { classifyPage, type PageTypeResult } from '../features/page-type.js';

/** Options of model-based extraction. */
export interface ModelExtractorOptions extends ExtractorOptions {
  readonly farsw?: Partial<Omit<FarswApplyOptions, 'dana'>> & { readonly dana?: Partial<FarswApplyOptions['dana']> };
  /** Also classify the page (features/page-type.ts, the model's `pageType`): the result's `pageType`. */
  readonly pageType?: boolean;
}

/**
 * Resolve FAR-SW apply options over the defaults. Unless given, a site model (trained
 * on one host) uses `siteMode`, `siteContainer`, `siteTitleContainer`, `sitePathVeto`, `siteDedupe`, `siteGap`, `siteDanaContainer`, `siteContainerLines`,
 * `siteMute`, `siteFill`, `siteLeadChars`, `siteAddTitleLine`, `siteSiblings`, `siteTopicalTitle` and `sitePathEvidence`, a model across sites `mode`, `container`, `dana.titleContainer`, `pathVeto`, `dedupe`,
 * `dana.gap`, `dana.container`, `dana.containerLines`, `mute`, `fill`, `leadChars`, `addTitleLine`, `siblings`, `topicalTitle` and `pathEvidence`: each chosen in its own cross-validation (intra-site
 * and inter-site; BENCHMARKS.md).
 */
export function farswOptions(given: ModelExtractorOptions['farsw'] = {}, model?: Model, preset?: Preset): FarswApplyOptions {
  const o = checkPreset(preset) === 'paper'
    ? { ...PAPER_PRESET.farswApply, ...given, dana: { ...PAPER_PRESET.farswDana, ...given.dana } }
    : given;
  const { siteMode, siteContainer, siteTitleContainer, sitePathVeto, siteDedupe, siteGap, siteDanaContainer, siteContainerLines, siteMute, siteFill, siteLeadChars, siteAddTitleLine, siteSiblings, siteTopicalTitle, sitePathEvidence, ...defaults } = FARSW_APPLY_DEFAULTS;
  const site = model?.site != null;
  const mode = o.mode ?? (site ? siteMode : defaults.mode);
  const container = o.container ?? (site ? siteContainer : defaults.container);
  const pathVeto = o.pathVeto ?? (site ? sitePathVeto : defaults.pathVeto);
  const dedupe = o.dedupe ?? (site ? siteDedupe : defaults.dedupe);
  const titleContainer = o.dana?.titleContainer ?? (site ? siteTitleContainer : defaults.dana.titleContainer);
  const gap = o.dana?.gap ?? (site ? siteGap : defaults.dana.gap);
  const danaContainer = o.dana?.container ?? (site ? siteDanaContainer : defaults.dana.container);
  const containerLines = o.dana?.containerLines ?? (site ? siteContainerLines : defaults.dana.containerLines);
  const mute = o.mute ?? (site ? siteMute : defaults.mute);
  const fill = o.fill ?? (site ? siteFill : defaults.fill);
  const leadChars = o.leadChars ?? (site ? siteLeadChars : defaults.leadChars);
  const addTitleLine = o.addTitleLine ?? (site ? siteAddTitleLine : defaults.addTitleLine);
  const siblings = o.siblings ?? (site ? siteSiblings : defaults.siblings);
  const topicalTitle = o.topicalTitle ?? (site ? siteTopicalTitle : defaults.topicalTitle);
  const pathEvidence = o.pathEvidence ?? (site ? sitePathEvidence : defaults.pathEvidence);
  // A model across sites with evidence rules lets them decide: its vote classifies and scores the windows (docs/decisions.md).
  const evidence = !site && model?.evidence !== undefined && o.classify === undefined;
  const classify = o.classify ?? (evidence ? 'rules' : defaults.classify);
  const blockScore = o.blockScore ?? (evidence ? 'evidence' : defaults.blockScore);
  return { ...defaults, ...o, mode, container, pathVeto, dedupe, classify, blockScore, mute, fill, leadChars, addTitleLine, siblings, topicalTitle, pathEvidence, dana: { ...defaults.dana, ...o.dana, titleContainer, gap, container: danaContainer, containerLines } };
}

/** A model run on a page: the line table and every decision (what `farsw explain` draws). */
export interface ModelRun {
  readonly table: LineTable;
  readonly detail: FarswResult;
}

/** Per model, its line options and its apply options when none are given (`extract(html)`), resolved once per preset. */
const RESOLVED = new WeakMap<Model, { lines: Partial<LineOptions>; apply: Map<Preset | undefined, FarswApplyOptions> }>();

function resolved(model: Model): { lines: Partial<LineOptions>; apply: Map<Preset | undefined, FarswApplyOptions> } {
  let r = RESOLVED.get(model);
  if (!r) RESOLVED.set(model, (r = { lines: modelLineOptions(model.params), apply: new Map() }));
  return r;
}

/** Build the page's lines the way the model was trained, then apply it. */
export function runModel(html: string, model: Model, options: ModelExtractorOptions = {}, clock = new StageClock(false)): ModelRun {
  const r = resolved(model);
  const table = pageLines(html, { ...options, lines: options.lines ? { ...r.lines, ...options.lines } : r.lines }, clock);
  let apply = options.farsw === undefined ? r.apply.get(options.preset) : undefined;
  if (!apply) {
    apply = farswOptions(options.farsw, model, options.preset);
    if (options.farsw === undefined) r.apply.set(options.preset, apply);
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
