/**
 * `farsw explain`: every decision an extraction made on a page, line by line,
 * as one plain data object that the renderers (`svg.ts`, `html.ts`, `line-table.ts`)
 * draw. Pure: the caller decodes the page and resolves the model.
 *
 *   model:     html → lines (model's line options) → applyModel → ExplainData
 *   algorithm: html → lines → danaCore (dana | danag | addanag) → ExplainData
 *
 * T and S are the DANA core's content and code measures of the variant that ran
 * (`addanag` inside a model run, see `extract/farsw.ts`), so `diff` is exactly the
 * signal whose positive runs are DANA's regions.
 */
import type { PageTypeResult } from '../features/page-type.js';
import type { Block, LineTable } from '../core/types.js';
import type { EvidenceModel, Model } from '../model/model.js';
import { ruleText } from '../model/describe.js';
import { firedRules, pageEvidence } from '../extract/evidence-vote.js';
import type { LineEvidence } from '../features/evidence.js';
import type { LineOptions } from '../html/lines.js';
import { buildLineTable } from '../html/lines.js';
import { danaColumns, danaCore, DANA_OPTIONS, type DanaOptions, type DanaVariant, type Region } from '../extract/dana.js';
import type { CombineMode, FarswResult, StageLabel } from '../extract/farsw.js';
import { farswOptions, runModel, type ModelExtractorOptions } from '../extract/model-extractor.js';
import { blocksToMask } from '../extract/window.js';
import { danaPresetOptions } from '../extract/registry.js';
import type { Preset } from '../core/presets.js';

/** The DANA variant a model run uses for its core (`applyModel`). */
const MODEL_DANA_VARIANT: DanaVariant = 'addanag';

/** What `explain` shows of a page; typed arrays have one entry per line. */
export interface ExplainData {
  /** `farsw:NAME` for a model, else the DANA variant. */
  readonly method: string;
  /** The model's name, or null for the DANA core alone. */
  readonly model: string | null;
  /** Combination mode of the model run, or null. */
  readonly mode: CombineMode | null;
  /** Which T and S the DANA core counted. */
  readonly variant: DanaVariant;
  /** The page's URL, when given (shown, never fetched). */
  readonly url: string | null;
  /** A model run: what kind of page the model's classifier says it is (features/page-type.ts). */
  readonly pageType?: PageTypeResult;
  /** The page-type strategy that ran (extract/strategies/index.ts); absent: the model path as it is. */
  readonly strategy?: string;
  readonly lineCount: number;
  /** What the line builder had to correct on this page (LineTable.warnings). */
  readonly warnings?: readonly string[];
  /** T: content measure per line (characters, or non-ASCII bytes for `dana`). */
  readonly content: Uint32Array;
  /** S: code measure per line (characters, or ASCII bytes for `dana`). */
  readonly code: Uint32Array;
  /** DANA formula 1: smoothed T − S. */
  readonly diff: Float64Array;
  /** DANA regions (runs of diff > 0) and the ones Algorithm 1 chose. */
  readonly regions: readonly Region[];
  readonly danaBlocks: readonly Block[];
  /** Index in `regions` of the region Algorithm 1 started from (−1: none). */
  readonly startRegion: number;
  /** The heading repeating the page title, which anchors the start (extract/title.ts; −1: none). */
  readonly titleLine: number;
  /** 1 where an adopted rule fired (Step 6); null for the DANA core alone. */
  readonly topical: Uint8Array | null;
  /** 1 for the model's template (site boilerplate) lines, never kept; null when none or no model. */
  readonly template: Uint8Array | null;
  /** A label-free model's template evidence: found by repetition across its training pages (trainingReport.unlabeled). */
  readonly templateEvidence?: { readonly pages: number; readonly minPages: number; readonly seedModel: string };
  /** Eq. 4 per line; null for the DANA core alone. */
  readonly lineScore: Float64Array | null;
  /** Step 7 windows with their eq. 5 scores ([] for the DANA core alone). */
  readonly windows: readonly Block[];
  /** Index into `windows` of the window holding each line, −1 for none. */
  readonly windowOf: Int32Array;
  /** Cutoff β the window scores were compared with (`evidenceBeta` for evidence scores), or null for the DANA core alone. */
  readonly beta: number | null;
  /**
   * What a window score is: `paper` = eq. 5, the mean line score (0–3); `evidence` = the share of the window's text
   * the rules call content (0–1); null for the DANA core alone.
   */
  readonly windowScore?: 'paper' | 'evidence' | null;
  /** No window passed β, so FAR-SW fell back to the best one. */
  readonly fallback: boolean;
  /** With `fallback`: the best window was kept (false: left out as link-dense). */
  readonly fallbackKept: boolean;
  /** The lines finally chosen, as blocks and as a 0/1 mask. */
  readonly chosen: readonly Block[];
  readonly chosenMask: Uint8Array;
  /** The visible text of every line. */
  readonly texts: readonly string[];
  /**
   * With a model that has evidence rules: the rules that fired on a line, strongest vote first, and the line's
   * P(content) by their weighted vote; null otherwise (also for lines without text: `rulesOn` gives []).
   */
  /**
   * Lines the learned mute left out (FarswResult.muted): per line the muting class/id word and the share of its training
   * pages where its block carried the article, or null; absent when nothing was muted.
   */
  readonly mutedBy?: (line: number) => { readonly word: string; readonly carries: number } | null;
  /** Lines the lead under the headline brought back after the containers cut them (FarswResult.lead); absent when none. */
  readonly lead?: readonly number[];
  /** Lines kept because their structural slot held the article on the site model's training pages (FarswResult.slotted); absent when none. */
  readonly slotted?: readonly number[];
  readonly rulesOn: ((line: number) => { readonly p: number; readonly rules: readonly { readonly text: string; readonly degree: number }[] }) | null;
  /**
   * Per line, the model stage that last kept or dropped it: 1 + its index in `stages` (FarswResult.decidedBy); null for the
   * DANA core alone. {@link decisionOf} reads it.
   */
  readonly decidedBy: Uint8Array | null;
  /** The model stages that ran, in order ([] for the DANA core alone). */
  readonly stages: readonly StageLabel[];
}

/** Which stage decided a line, and why (Defuddle's debug reasons). */
export interface LineDecision {
  /** The stage's number in the list (1-based) and its name. */
  readonly step: number;
  readonly stage: string;
  readonly kept: boolean;
  /** The stage's reason for keeping or dropping the line. */
  readonly reason: string;
}

/** The stage that decided `line` and its reason; null for the DANA core alone or a line no stage decided. */
export function decisionOf(data: ExplainData, line: number): LineDecision | null {
  const k = data.decidedBy?.[line] ?? 0;
  const s = data.stages[k - 1];
  if (!s) return null;
  const kept = data.chosenMask[line] === 1;
  return { step: k, stage: s.id, kept, reason: kept ? s.kept : s.dropped };
}

/** Options of {@link explainPage}: a model (resolved by the caller) or a DANA variant. */
export interface ExplainOptions {
  readonly model?: Model;
  readonly algorithm?: DanaVariant;
  readonly farsw?: ModelExtractorOptions['farsw'];
  /** DANA core overrides for `algorithm`. */
  readonly dana?: Partial<DanaOptions>;
  readonly lines?: Partial<LineOptions>;
  readonly url?: string;
  /** `paper`: the algorithm as published (core/presets.ts). */
  readonly preset?: Preset;
}

/**
 * Explain one decoded page.
 * @param html the page source, decoded
 * @param options `model` or `algorithm` (one of them; a model wins when both are given)
 * @returns the per-line picture of what the extraction saw and chose
 */
export function explainPage(html: string, options: ExplainOptions): ExplainData {
  const url = options.url ?? null;
  if (options.model) {
    const preset = options.preset !== undefined ? { preset: options.preset } : {};
    const run = runModel(html, options.model, { lines: options.lines ?? {}, ...(options.farsw ? { farsw: options.farsw } : {}), ...preset, ...(url !== null ? { url } : {}), pageType: true });
    const o = farswOptions(options.farsw, options.model, options.preset);
    // The cutoff applyModel compared the windows with (extract/farsw.ts: evidence block scores need a P(content) per line).
    const evidence = o.blockScore === 'evidence' && (o.classify === 'confidence' || o.classify === 'rules');
    const info = { model: options.model.name, mode: o.mode, beta: evidence ? o.evidenceBeta : o.beta, windowScore: evidence ? 'evidence' as const : 'paper' as const, url };
    return { ...explainModelRun(run.table, run.detail, info, options.model), pageType: run.pageType!, ...(run.strategy ? { strategy: run.strategy } : {}) };
  }
  const variant = options.algorithm ?? MODEL_DANA_VARIANT;
  const { lines, dana } = danaPresetOptions(options);
  const table = buildLineTable(html, lines);
  return explainDana(table, variant, dana, url);
}

/** Explain a model run already made (`runModel`): its table and `FarswResult`. */
export function explainModelRun(
  table: LineTable, detail: FarswResult, info: { model: string; mode: CombineMode; beta: number; windowScore?: 'paper' | 'evidence'; url: string | null }, model?: Model,
): ExplainData {
  const { content, code } = danaColumns(table, MODEL_DANA_VARIANT);
  return {
    method: `farsw:${info.model}`, model: info.model, mode: info.mode, variant: MODEL_DANA_VARIANT, url: info.url,
    lineCount: table.count, ...(table.warnings ? { warnings: table.warnings } : {}), content, code, diff: detail.dana.diff, regions: detail.dana.regions, danaBlocks: detail.dana.blocks,
    startRegion: detail.dana.start, titleLine: detail.dana.titleLine,
    topical: detail.topical, template: detail.template ?? null, lineScore: detail.lineScore, windows: detail.windows, windowOf: windowIndex(detail.windows, table.count),
    beta: info.beta, windowScore: info.windowScore ?? 'paper', fallback: detail.fallback, fallbackKept: detail.fallbackKept, chosen: detail.blocks, chosenMask: blocksToMask(detail.blocks, table.count),
    texts: table.text, rulesOn: model?.evidence ? rulesOnLine(table, model.evidence) : null, decidedBy: detail.decidedBy, stages: detail.stages,
    ...(detail.muted && model?.evidence ? { mutedBy: mutedWord(detail.muted, model.evidence) } : {}),
    ...(detail.lead ? { lead: detail.lead } : {}),
    ...(detail.slotted ? { slotted: detail.slotted } : {}),
    ...(model?.trainingReport.unlabeled ? { templateEvidence: { pages: model.trainingReport.unlabeled.pages, minPages: model.trainingReport.unlabeled.minPages, seedModel: model.trainingReport.unlabeled.seedModel } } : {}),
  };
}

/** The page type in words: `page type forum (0.93)`, or the fallback without a classifier. */
export function pageTypeWords(p: PageTypeResult, strategy?: string): string {
  const ran = strategy ? `, strategy ${strategy}` : '';
  return p.confidence > 0 ? `page type ${p.type} (${p.confidence.toFixed(2)}${ran})` : `page type ${p.type} (the model has no page-type classifier)`;
}

/** Explain the DANA core alone on a table. */
export function explainDana(table: LineTable, variant: DanaVariant, options: DanaOptions = DANA_OPTIONS, url: string | null = null): ExplainData {
  const { content, code } = danaColumns(table, variant);
  const core = danaCore(table, variant, options);
  return {
    method: variant, model: null, mode: null, variant, url, lineCount: table.count, ...(table.warnings ? { warnings: table.warnings } : {}), content, code,
    diff: core.diff, regions: core.regions, danaBlocks: core.blocks, startRegion: core.start, titleLine: core.titleLine, topical: null, template: null, lineScore: null,
    windows: [], windowOf: new Int32Array(table.count).fill(-1), beta: null, windowScore: null, fallback: false, fallbackKept: false,
    chosen: core.blocks, chosenMask: blocksToMask(core.blocks, table.count), texts: table.text, rulesOn: null, decidedBy: null, stages: [],
  };
}

/** The evidence rules fired on each line (computed on request, the page's evidence once). */
function rulesOnLine(table: LineTable, ev: EvidenceModel): NonNullable<ExplainData['rulesOn']> {
  let evidence: LineEvidence | undefined;
  return (line) => {
    evidence ??= pageEvidence(table, ev);
    const { p, fired } = firedRules(table, ev, line, evidence);
    return { p, rules: fired.map((f) => ({ text: ruleText(ev, f.rule), degree: f.degree })) };
  };
}

/** The muting word of a line (FarswResult.muted), by name. */
function mutedWord(muted: Uint16Array, ev: EvidenceModel): NonNullable<ExplainData['mutedBy']> {
  return (line) => {
    const j = (muted[line] ?? 0) - 1;
    return j < 0 ? null : { word: ev.classWords[j]?.[1] ?? '?', carries: ev.classWordCarries?.[j] ?? 0 };
  };
}

/** Per line, the index of the (disjoint) window covering it, or −1. */
function windowIndex(windows: readonly Block[], n: number): Int32Array {
  const out = new Int32Array(n).fill(-1);
  windows.forEach((w, k) => out.fill(k, w.start, w.end));
  return out;
}

/** Lines that are chosen or topical, in page order, at most `limit` of them (the default terminal view). */
export function interestingLines(data: ExplainData, limit: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < data.lineCount && out.length < limit; i++) {
    if (data.chosenMask[i] || data.topical?.[i]) out.push(i);
  }
  return out;
}

/** One-line summary: method, lines, windows kept, lines chosen. */
export function summarize(data: ExplainData): string {
  let chosen = 0;
  for (const b of data.chosen) chosen += b.end - b.start;
  const parts = [`${data.method}${data.mode ? ` (mode ${data.mode})` : ''}`, `${data.lineCount} lines`];
  if (data.pageType) parts.push(pageTypeWords(data.pageType, data.strategy));
  if (data.topical) {
    let topical = 0;
    for (const t of data.topical) topical += t;
    const kept = data.beta === null ? 0 : data.windows.filter((w) => w.score > data.beta!).length;
    if (data.template) {
      let template = 0;
      for (const t of data.template) template += t;
      const e = data.templateEvidence;
      parts.push(`${template} template lines (never kept${e ? `; label-free: each on ≥ ${e.minPages} of ${e.pages} pages without gold, pseudo-labels from ${e.seedModel}` : ''})`);
    }
    parts.push(`${topical} topical`, `${data.windows.length} windows (${kept} > β ${data.beta})${data.fallback ? (data.fallbackKept ? ', fell back to the best' : ', the best was link-dense and left out') : ''}`);
  }
  if (data.mutedBy) {
    const words = new Map<string, number>();
    for (let i = 0; i < data.lineCount; i++) { const m = data.mutedBy(i); if (m) words.set(m.word, (words.get(m.word) ?? 0) + 1); }
    parts.push(`${[...words.values()].reduce((a, b) => a + b, 0)} lines muted by learned class/id words (${[...words].map(([w, c]) => `${w} ${c}`).join(', ')})`);
  }
  if (data.lead) parts.push(`${data.lead.length} lead line${data.lead.length === 1 ? '' : 's'} under the headline brought back (${data.lead.join(', ')})`);
  if (data.slotted) parts.push(`${data.slotted.length} line${data.slotted.length === 1 ? '' : 's'} kept by the site's article slots (${data.slotted.join(', ')})`);
  const start = data.regions[data.startRegion];
  parts.push(`DANA regions: ${data.regions.length} (${data.danaBlocks.length} chosen${start ? `, started from lines ${start.start}–${start.end - 1}` : ''})`);
  if (data.titleLine >= 0) parts.push(`title line ${data.titleLine}`);
  parts.push(`${chosen} lines chosen in ${data.chosen.length} blocks`);
  for (const w of data.warnings ?? []) parts.push(`warning: ${w}`);
  return parts.join(', ');
}
