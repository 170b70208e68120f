/**
 * `train`: labelled pages → FAR-SW Model (seed 002, Stage 1, §3.1–3.3).
 *
 * Stages, in order, and why:
 *   1. lines      buildLineTable with the FAR-SW drop list (§3.1: body only, Table 1 tags removed;
 *                 white space is collapsed by the line builder);
 *   2. features   the six line features A..F (§3.2), raw or normalised;
 *   3. labels     gold text aligned to the lines (align.ts) — the paper labels by hand;
 *   4. membership MIN/Mean/MAX per feature over all training lines, eq. 1–3 (needs every page first);
 *   5. fuzzify    every line (Step 1), accumulating the scalar cardinality of topical lines (Step 2)
 *                 and, per line, the mask of regions with membership ≥ significance;
 *   6. frequent   one region per feature (Step 3); topical masks ∧ frequent regions = transactions (Step 4);
 *   7. Apriori    L1..Lk (Step 5); the highest level is adopted, each rule measured on the
 *                 non-topical lines (false-positive rate).
 * Pure: no I/O, no clock; the same pages and options give the same Model.
 */

import { createHash } from 'node:crypto';
import { FARSW_PREPROCESS_DEFAULTS, FARSW_SITE_TRAIN_DEFAULTS, FARSW_TRAIN_DEFAULTS, LINE_DEFAULTS } from '../core/defaults.js';
import { mergeLayers } from '../core/layers.js';
import { ConfigError, InputError } from '../core/errors.js';
import { FARSW_VERSION } from '../core/version.js';
import { buildLineTable } from '../html/lines.js';
import { isPreset, PAPER_PRESET, PRESETS, type Preset } from '../core/presets.js';
import { computeLineFeatures, FEATURE_COUNT, FEATURE_SET, type FeatureVariant } from '../features/line-features.js';
import { LINE_FEATURES } from '../features/registry.js';
import { fuzzify } from '../fuzzy/fuzzify.js';
import { membershipFromLines, type LabelledLines, type TwoRegionEnd } from '../fuzzy/membership.js';
import type { MembershipShape } from '../fuzzy/region.js';
import { apriori } from '../mining/apriori.js';
import { addCardinality, frequentRegions, regionMask, significantMask } from '../mining/cardinality.js';
import { adoptRules } from '../mining/rules.js';
import { MODEL_FORMAT_VERSION, modelLineOptions, pageFingerprint, validateModelName, type Model, type TrainParams } from '../model/model.js';
import { alignGold, type LineLabels } from './align.js';
import { PathCounter, SlotCounter, TemplateCounter, TokenCounter } from './templates.js';
import { slotKeys } from '../features/slots.js';
import { classWordNames, EvidenceTrainer, type EvidencePage, type EvidenceTrainOptions } from './evidence.js';
import { computeEvidence } from '../features/evidence.js';
import { teaserChars } from '../features/teasers.js';
import { findTitleLine } from '../features/title-line.js';

/** One training page: its HTML (decoded) and its gold main text. */
export interface TrainingPage {
  /** For messages and the skipped list (e.g. `dragnet/R12`). */
  readonly id?: string;
  readonly html: string;
  /** Main text, one paragraph per line; null or empty pages are skipped. */
  readonly gold: string | null;
  /** The page's site (host), when known: evidence rules keep only class/id words seen on several sites. */
  readonly site?: string | null;
  /**
   * 1 for each main-text line, as `buildLineTable` builds the page's lines with the model's line options, instead of
   * aligning the gold (label-free models: the pseudo-labeller knows each line's label). The gold still names the page's
   * main text (fingerprints, the guard's scores). Ignored when its length is not the page's line count.
   */
  readonly lineLabels?: Uint8Array;
}

/** Options of `train`; every field but `name` has a default in FARSW_TRAIN_DEFAULTS. */
export interface TrainOptions {
  readonly name: string;
  readonly site?: string | null;
  readonly alpha?: number;
  readonly significance?: number;
  readonly minSupport?: number;
  readonly alignThreshold?: number;
  /** Each gold token labels one line (train/align.ts); default FARSW_SITE_TRAIN_DEFAULTS for a site model, FARSW_TRAIN_DEFAULTS across sites. */
  readonly exclusiveAlign?: boolean;
  /** Learn the structural slots of article lines (Model.topicalSlots); default FARSW_SITE_TRAIN_DEFAULTS for a site model, FARSW_TRAIN_DEFAULTS (off) across sites. */
  readonly slots?: boolean;
  readonly featureVariant?: FeatureVariant;
  readonly bceShape?: MembershipShape;
  readonly dropElements?: readonly string[];
  readonly carryMarkup?: boolean;
  /** Learn class/id words (LineTable.classTokens); default true. */
  readonly classTokens?: boolean;
  /** Remove user-comment sections before lines are built (LineOptions.dropComments); default LINE_DEFAULTS. */
  readonly dropComments?: boolean;
  /** Remove hidden elements before lines are built (LineOptions.dropHidden); default LINE_DEFAULTS. */
  readonly dropHidden?: boolean;
  /** Line building at block elements (LineOptions.reline); false keeps the author's lines (the paper). Default true. */
  readonly reline?: boolean;
  /** Fig. 7's two-region shape: Low' reaches 0 at H (`h`, default) or at Mean (`mean`; the paper preset's). */
  readonly twoRegionEnd?: TwoRegionEnd;
  /** `paper`: FAR-SW as published (core/presets.ts PAPER_PRESET.farswTrain) under the options given here. */
  readonly preset?: Preset;
  /** Also learn evidence rules (structure, class/id words, text; train/evidence.ts); default false. */
  readonly evidence?: boolean;
  /** Evidence-rule parameters over FARSW_TRAIN_DEFAULTS.evidenceRules (for experiments). */
  readonly evidenceRules?: Partial<EvidenceTrainOptions>;
  /** Called after each page (for progress bars). */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Membership shape per feature: B, C, E take `bceShape`; A, D, F stay three-region (§4.1; features/registry.ts). */
export function featureShapes(bceShape: MembershipShape): MembershipShape[] {
  return LINE_FEATURES.map((f) => (f.bceShape ? bceShape : 'three'));
}

/** The shipped training settings of a model across sites: the first layer of resolveTrainParams. */
const TRAIN_DEFAULTS_LAYER = Object.freeze({
  alpha: FARSW_TRAIN_DEFAULTS.alpha, significance: FARSW_TRAIN_DEFAULTS.significance, minSupport: FARSW_TRAIN_DEFAULTS.minSupport,
  alignThreshold: FARSW_TRAIN_DEFAULTS.alignThreshold, featureVariant: FARSW_TRAIN_DEFAULTS.featureVariant, bceShape: FARSW_TRAIN_DEFAULTS.bceShape,
  exclusiveAlign: FARSW_TRAIN_DEFAULTS.exclusiveAlign, slots: FARSW_TRAIN_DEFAULTS.slots, evidence: FARSW_TRAIN_DEFAULTS.evidence,
  dropElements: FARSW_PREPROCESS_DEFAULTS.dropElements, carryMarkup: FARSW_PREPROCESS_DEFAULTS.carryMarkup, classTokens: FARSW_PREPROCESS_DEFAULTS.classTokens,
  dropComments: LINE_DEFAULTS.dropComments, dropHidden: LINE_DEFAULTS.dropHidden,
} satisfies Omit<TrainOptions, 'name'>);

/**
 * The training settings' layers, in order (merged as the model path's are, core/layers.ts): shipped defaults, the site layer
 * (FARSW_SITE_TRAIN_DEFAULTS, for a model of one site), the paper preset, the options given.
 */
export function trainSettingsLayers(options: Omit<TrainOptions, 'name'>): Omit<TrainOptions, 'name'>[] {
  const site = options.site != null;
  return [TRAIN_DEFAULTS_LAYER, site ? FARSW_SITE_TRAIN_DEFAULTS : {}, options.preset === 'paper' ? paperTrainOptions(site) : {}, options];
}

/**
 * Validate train options once and fill defaults (trainSettingsLayers).
 * @throws ConfigError naming the bad option
 */
export function resolveTrainParams(options: Omit<TrainOptions, 'name'>): TrainParams {
  if (options.preset !== undefined && !isPreset(options.preset)) throw new ConfigError(`preset must be one of ${PRESETS.join(', ')}, got ${String(options.preset)}`);
  const o = mergeLayers(trainSettingsLayers(options)) as typeof TRAIN_DEFAULTS_LAYER & Omit<TrainOptions, 'name'>;
  const frac = (x: number, key: string): number => {
    if (!(x >= 0 && x <= 1)) throw new ConfigError(`${key} must be in [0, 1], got ${String(x)}`);
    return x;
  };
  const featureVariant = o.featureVariant;
  if (featureVariant !== 'raw' && featureVariant !== 'normalized') throw new ConfigError(`featureVariant must be raw or normalized, got ${String(featureVariant)}`);
  if (o.twoRegionEnd !== undefined && o.twoRegionEnd !== 'h' && o.twoRegionEnd !== 'mean') throw new ConfigError(`twoRegionEnd must be h or mean, got ${String(o.twoRegionEnd)}`);
  const bceShape = o.bceShape;
  if (bceShape !== 'three' && bceShape !== 'two') throw new ConfigError(`bceShape must be three or two, got ${String(bceShape)}`);
  return Object.freeze({
    alpha: frac(o.alpha, 'alpha'),
    significance: frac(o.significance, 'significance'),
    minSupport: frac(o.minSupport, 'minSupport'),
    alignThreshold: frac(o.alignThreshold, 'alignThreshold'),
    featureVariant,
    bceShape,
    dropElements: Object.freeze([...o.dropElements]),
    carryMarkup: o.carryMarkup,
    classTokens: o.classTokens,
    dropComments: o.dropComments,
    dropHidden: o.dropHidden,
    ...(o.reline === false ? { reline: false } : {}),
    ...(o.exclusiveAlign ? { exclusiveAlign: true } : {}),
    ...(o.evidence ? { evidence: true } : {}),
    ...(o.slots ? { slots: true } : {}),
    ...(o.twoRegionEnd === 'mean' ? { twoRegionEnd: 'mean' as const } : {}),
  });
}

/** The paper preset's training options: raw features, three regions for a site; normalised, Fig. 7's two regions across sites. */
function paperTrainOptions(site: boolean): Omit<TrainOptions, 'name'> {
  return { ...PAPER_PRESET.farswTrain, featureVariant: site ? 'raw' : 'normalized', bceShape: site ? 'three' : 'two' };
}

/** Per-page intermediate result kept until the membership functions are known. */
interface PageLines extends LabelledLines {
  readonly columns: Float64Array[];
  readonly topical: Uint8Array;
  /** Structural path of each line (LineTable.path). */
  readonly paths: Uint32Array;
  /** Template key of each line (`lineKey` of its text; 0: no text). */
  readonly keys: Uint32Array;
  /** Content characters of each line (LineTable.contentChars). */
  readonly chars: Uint32Array;
  /** Structural slot of each line (features/slots.ts), with `params.slots`. */
  readonly slots?: Uint32Array;
}

/**
 * Incremental training: add pages one at a time (streamed from disk, or one
 * trainer per site), then `finish()`. Only the per-line features and labels
 * of added pages are kept, never their HTML. `train()` is the one-call form.
 */
export class Trainer {
  private readonly name: string;
  private readonly params: TrainParams;
  private readonly shapes: MembershipShape[];
  private readonly hash = createHash('sha256');
  /** Every page added (trained on or skipped), for `farsw eval`'s leakage check. */
  private readonly fingerprints: string[] = [];
  private readonly segs: PageLines[] = [];
  private readonly skipped: { id: string; reason: string }[] = [];
  private seen = 0;
  private readonly templates = new TemplateCounter();
  private readonly tokens = new TokenCounter();
  private readonly slots = new SlotCounter();
  private readonly evidence: EvidenceTrainer | undefined;
  private goldTokens = 0;
  private goldCovered = 0;
  private topicalTokens = 0;
  private topicalUnmatched = 0;
  private lines = 0;
  private topicalLines = 0;

  /** @throws ConfigError / ModelFormatError for bad options or name */
  constructor(private readonly options: Omit<TrainOptions, 'onProgress'>) {
    this.name = validateModelName(options.name);
    this.params = resolveTrainParams(options);
    this.shapes = featureShapes(this.params.bceShape);
    this.evidence = this.params.evidence ? new EvidenceTrainer({ ...FARSW_TRAIN_DEFAULTS.evidenceRules, ...this.options.evidenceRules }) : undefined;
  }

  /** Pages added so far (including skipped ones). */
  get pages(): number {
    return this.seen;
  }

  /**
   * Stages 1–3 for one page: lines, features, gold labels. Pages without gold
   * or without any line matching the gold are recorded as skipped.
   */
  addPage(page: TrainingPage): void {
    this.addPrepared(preparePage(page, this.params, this.seen));
  }

  /**
   * Add a page prepared by `preparePage` with the same parameters (`this.params`): leave-one-dataset-out
   * runs prepare each page once and add it to every trainer that uses it. The prepared page is not changed.
   */
  addPrepared(page: PreparedPage): void {
    this.seen++;
    this.hash.update(page.html).update('\u0000').update(page.gold ?? '').update('\u0001');
    this.fingerprints.push(pageFingerprint(page.html));
    const { labels, lines } = page;
    this.goldTokens += labels.goldTokens; this.goldCovered += labels.goldCovered;
    this.topicalTokens += labels.topicalTokens; this.topicalUnmatched += labels.topicalUnmatched;
    if (page.skip !== undefined) { this.skipped.push({ id: page.id, reason: page.skip }); return; }
    this.lines += lines.keys.length; this.topicalLines += page.topicalLines;
    this.templates.addKeys(lines.keys, lines.topical);
    this.tokens.addPage(page.classTokens, lines.topical, lines.chars);
    if (lines.slots) this.slots.addPage(lines.slots, lines.topical);
    this.segs.push(lines);
    if (this.evidence && page.evidence) this.evidence.add(page.evidence, page.site ?? undefined);
  }

  /**
   * Stages 4–7 over every added page; the trainer cannot be used afterwards.
   * @throws InputError when no line was labelled topical
   */
  finish(): Model {
    const { params, shapes, segs } = this;
    if (this.topicalLines === 0) {
      const reasons = new Map<string, number>();
      for (const { reason } of this.skipped) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      const why = [...reasons].map(([reason, n]) => `${n} ${reason}`).join(', ');
      const hint = reasons.has('no gold text') ? '; pages without gold train with --unlabeled' : '';
      throw new InputError(`no topical lines: none of the ${this.seen} training pages has a line matching its gold text (${this.skipped.length} skipped${why ? `: ${why}` : ''})${hint}`);
    }
    // Stage 4.
    const membership = membershipFromLines(segs, params.alpha, shapes, params.twoRegionEnd);

    // Template lines, then structural paths: a template line marks its path as present but is not
    // counted (PathCounter); the longest template line bounds which lines apply looks up.
    const templateLines = this.templates.select({
      minShare: FARSW_TRAIN_DEFAULTS.templateMinShare,
      maxTopicalRatio: FARSW_TRAIN_DEFAULTS.templateMaxTopicalRatio,
      maxKeys: FARSW_TRAIN_DEFAULTS.templateMaxKeys,
    });
    const templateSet = new Set(templateLines);
    const pageCount = segs.length;
    const paths = new PathCounter();
    let templateMaxChars = 0;
    let templateHits = 0;
    for (const seg of segs) {
      if (templateSet.size > 0) templateHits += templateShare(seg.keys, templateSet);
      const template = seg.keys.map((k) => (templateSet.has(k) ? 1 : 0));
      for (let i = 0; i < template.length; i++) if (template[i] && seg.chars[i]! > templateMaxChars) templateMaxChars = seg.chars[i]!;
      paths.addPage(seg.paths, seg.topical, seg.chars, template);
    }
    const pathStats = paths.select(FARSW_TRAIN_DEFAULTS.templateMinShare, FARSW_TRAIN_DEFAULTS.templateMaxKeys);

    // Stage 5: fuzzify page by page; cardinality over topical lines; significant-region masks.
    const cardinality = new Float64Array(FEATURE_COUNT * 3);
    const topicalHist = new Map<number, number>();
    const nonTopicalHist = new Map<number, number>();
    for (const seg of segs) {
      const fz = fuzzify(seg.columns, membership);
      addCardinality(cardinality, fz, seg.topical);
      for (let i = 0; i < fz.lines; i++) {
        const m = significantMask(fz, i, params.significance);
        const h = seg.topical[i] ? topicalHist : nonTopicalHist;
        h.set(m, (h.get(m) ?? 0) + 1);
      }
    }
    segs.length = 0;

    // Stages 6–7.
    const frequent = frequentRegions(cardinality, shapes);
    const fmask = regionMask(frequent.map((x) => x.region));
    const transactions = new Map<number, number>();
    for (const [m, k] of topicalHist) {
      const t = (m & fmask) >>> 0;
      transactions.set(t, (transactions.get(t) ?? 0) + k);
    }
    const levels = apriori(transactions, this.topicalLines, params.minSupport);
    const rules = adoptRules(levels, topicalHist, nonTopicalHist);

    // Any adopted rule fires → topical; recall / precision on the training lines.
    const ruleMasks = rules.map((r) => regionMask(r.antecedent));
    const fires = (m: number) => ruleMasks.some((rm) => ((m & rm) >>> 0) === rm);
    let tp = 0, fp = 0;
    for (const [m, k] of topicalHist) if (fires(m)) tp += k;
    for (const [m, k] of nonTopicalHist) if (fires(m)) fp += k;

    const evidence = this.evidence?.finish();
    const tokenStats = this.tokens.select(FARSW_TRAIN_DEFAULTS.tokenMinShare, FARSW_TRAIN_DEFAULTS.templateMaxKeys);
    const topicalSlots = params.slots ? this.slots.topical(FARSW_TRAIN_DEFAULTS.slotMinPages, FARSW_TRAIN_DEFAULTS.slotMinShare) : [];
    return {
      formatVersion: MODEL_FORMAT_VERSION,
      name: this.name,
      site: this.options.site ?? null,
      featureSet: FEATURE_SET,
      featureVariant: params.featureVariant,
      farswVersion: FARSW_VERSION,
      membership,
      frequentRegions: frequent,
      levels,
      rules,
      params,
      ...(templateLines.length > 0 ? { templateLines, templateMaxChars } : {}),
      ...(pathStats.length > 0 ? { pathStats } : {}),
      ...(tokenStats.length > 0 ? { tokenStats } : {}),
      ...(topicalSlots.length > 0 ? { topicalSlots } : {}),
      ...(evidence ? { evidence } : {}),
      trainingReport: {
        pages: this.seen - this.skipped.length,
        skippedPages: this.skipped.length,
        skipped: this.skipped,
        lines: this.lines,
        topicalLines: this.topicalLines,
        goldCoverage: this.goldTokens > 0 ? this.goldCovered / this.goldTokens : 0,
        topicalNoise: this.topicalTokens > 0 ? this.topicalUnmatched / this.topicalTokens : 0,
        cardinality: Array.from(cardinality),
        ruleRecall: tp / this.topicalLines,
        rulePrecision: tp + fp > 0 ? tp / (tp + fp) : 0,
        fingerprint: this.hash.digest('hex'),
        pageFingerprints: [...new Set(this.fingerprints)].sort(),
        maskCounts: { topical: sortedPairs(topicalHist), nonTopical: sortedPairs(nonTopicalHist) },
        ...(templateSet.size > 0 ? { templateHitRate: templateHits / pageCount } : {}),
      },
    };
  }
}

/** A training page after stages 1–3 (`preparePage`), ready for `Trainer.addPrepared`. */
export interface PreparedPage {
  readonly id: string;
  /** Kept only for the training fingerprint. */
  readonly html: string;
  readonly gold: string | null;
  readonly site?: string | null;
  /** Why the page is skipped (no gold, no line matching it); undefined for a usable page. */
  readonly skip?: string;
  /** Label quality counts (LineLabels' totals). */
  readonly labels: LabelCounts;
  readonly topicalLines: number;
  readonly lines: PageLines;
  readonly classTokens: { readonly start: Uint32Array; readonly keys: Uint32Array } | undefined;
  /** The text lines' evidence and labels, when the parameters ask for evidence rules. */
  readonly evidence?: EvidencePage;
}

/**
 * Stages 1–3 of one page with resolved parameters: its lines, features, gold labels, and the per-line keys,
 * paths and characters training keeps (copied out of the line table, whose columns share one buffer).
 * @param ordinal pages seen before it (names a page without id)
 */
export function preparePage(page: TrainingPage, params: TrainParams, ordinal = 0): PreparedPage {
  const id = page.id ?? `#${ordinal + 1}`;
  const none = { id, html: page.html, gold: page.gold, site: page.site ?? null, labels: NO_LABELS, topicalLines: 0, lines: NO_LINES, classTokens: undefined };
  if (page.gold === null || page.gold.trim() === '') return { ...none, skip: 'no gold text' };
  const table = buildLineTable(page.html, modelLineOptions(params));
  const feats = computeLineFeatures(table, params.featureVariant);
  const given = page.lineLabels !== undefined && page.lineLabels.length === table.count ? page.lineLabels : null;
  const aligned = given ? labelsOf(given) : alignGold(table.text, page.gold, params.alignThreshold, params.exclusiveAlign === true);
  const { goldTokens, goldCovered, topicalTokens, topicalUnmatched } = aligned;
  const labels = { goldTokens, goldCovered, topicalTokens, topicalUnmatched };
  let t = 0;
  for (let i = 0; i < aligned.topical.length; i++) t += aligned.topical[i]!;
  if (t === 0) return { ...none, labels, skip: 'no line matches the gold' };
  // Kept until finish(): keys, paths and characters in one store of their own. The table's columns are views on
  // one buffer of every column, which a kept view would hold (the global run on the shared datasets peaked at 489 MB
  // with such views, 389 MB without).
  const n = table.count;
  const kept = new Uint32Array(3 * n);
  const keys = kept.subarray(0, n), paths = kept.subarray(n, 2 * n), chars = kept.subarray(2 * n);
  for (let i = 0; i < n; i++) keys[i] = table.lineKey(i);
  paths.set(table.path);
  chars.set(table.contentChars);
  const classTokens = table.classTokens ? { start: table.classTokens.start.slice(), keys: table.classTokens.keys.slice() } : undefined;
  let evidence: EvidencePage | undefined;
  if (params.evidence) {
    const titleLine = findTitleLine(table);
    const ev = computeEvidence(table, titleLine);
    const names = new Map<number, string>(), wordNames = new Map<number, string>();
    classWordNames(page.html, names);
    if (classTokens) for (const k of classTokens.keys) { const w = names.get(k); if (w !== undefined) wordNames.set(k, w); }
    evidence = { evidence: ev, topical: Uint8Array.from(ev.lines, (i) => aligned.topical[i]!), classTokens, wordNames, teasers: teaserChars(table, titleLine, aligned.topical) };
  }
  const slots = params.slots ? slotKeys(table) : undefined;
  return { id, html: page.html, gold: page.gold, site: page.site ?? null, labels, topicalLines: t, lines: { columns: feats.columns as Float64Array[], topical: aligned.topical, paths, keys, chars, ...(slots ? { slots } : {}) }, classTokens, ...(evidence ? { evidence } : {}) };
}

/** Given line labels as LineLabels (no alignment, so no gold-coverage counts). */
function labelsOf(given: Uint8Array): Pick<LineLabels, 'topical' | 'goldTokens' | 'goldCovered' | 'topicalTokens' | 'topicalUnmatched'> {
  return { topical: given.map((x) => (x ? 1 : 0)), goldTokens: 0, goldCovered: 0, topicalTokens: 0, topicalUnmatched: 0 };
}

/** The totals of LineLabels that training adds up. */
export type LabelCounts = Pick<LineLabels, 'goldTokens' | 'goldCovered' | 'topicalTokens' | 'topicalUnmatched'>;
const NO_LABELS: LabelCounts = { goldTokens: 0, goldCovered: 0, topicalTokens: 0, topicalUnmatched: 0 };
const NO_LINES: PageLines = { columns: [], topical: new Uint8Array(0), paths: new Uint32Array(0), keys: new Uint32Array(0), chars: new Uint32Array(0) };

/** Share of the template keys `set` that occur among a page's line keys (the drift check's measure, eval/drift.ts). */
export function templateShare(keys: ArrayLike<number>, set: ReadonlySet<number>): number {
  if (set.size === 0) return 0;
  const seen = new Set<number>();
  for (let i = 0; i < keys.length; i++) if (set.has(keys[i]!)) seen.add(keys[i]!);
  return seen.size / set.size;
}

/**
 * Train a FAR-SW model on pages with gold text (module comment lists the stages).
 * @param pages training pages (decoded HTML + gold text)
 * @param options model name, site and parameters
 * @returns the model; `trainingReport` states label quality and rule recall/precision on the training lines
 * @throws InputError when no page has usable gold or no line is labelled topical
 */
export function train(pages: Iterable<TrainingPage>, options: TrainOptions): Model {
  const { onProgress, ...rest } = options;
  const trainer = new Trainer(rest);
  const all = Array.isArray(pages) ? (pages as readonly TrainingPage[]) : [...pages];
  for (const page of all) {
    trainer.addPage(page);
    onProgress?.(trainer.pages, all.length);
  }
  return trainer.finish();
}

/** Map entries sorted by key, for a deterministic model. */
function sortedPairs(h: ReadonlyMap<number, number>): [number, number][] {
  return [...h.entries()].sort((a, b) => a[0] - b[0]);
}
