/**
 * The trained FAR-SW model: everything `apply` needs to classify lines
 * (membership functions, adopted rules, thresholds), plus what training found
 * (frequent regions, every Apriori level) and how good its labels were.
 * Flat and JSON-serialisable; `validateModel` checks one read from outside.
 */

import { ModelFormatError, jsonSyntaxMessage } from '../core/errors.js';
import { fnv1a32 } from '../core/fnv.js';
import { checkModelComplete, checkModelShape } from './model-shape.js';
import { FEATURE_COUNT, FEATURE_SET, type FeatureVariant } from '../features/line-features.js';
import type { MembershipFunction, TwoRegionEnd } from '../fuzzy/membership.js';
import { REGIONS_PER_FEATURE, type MembershipShape } from '../fuzzy/region.js';
import type { FrequentLevel } from '../mining/apriori.js';
import type { FrequentRegion } from '../mining/cardinality.js';
import type { Rule } from '../mining/rules.js';
import type { LineOptions } from '../html/lines.js';
import type { ClassRule } from '../mining/class-rules.js';
import { CLASS_WORD_ITEM_BASE, EVIDENCE_NUMERIC } from '../features/evidence.js';
import type { PageTypeClassifier } from '../features/page-type.js';

/** Version of the Model layout. Bump when a field changes meaning; old models are then refused with "retrain". */
export const MODEL_FORMAT_VERSION = 2;
/** Older versions this farsw still reads: version 1 has no evidence rules (it applies as before). */
const READABLE_FORMAT_VERSIONS: readonly number[] = [1, MODEL_FORMAT_VERSION];

/** What a model keeps of its evidence training (train/evidence.ts). */
export interface EvidenceModel {
  /** Membership functions of the numeric evidence, in EVIDENCE_NUMERIC order. */
  readonly membership: readonly MembershipFunction[];
  /** Keys of the learned common words (features/evidence.ts CommonWords), ascending. */
  readonly commonWords: readonly number[];
  /** Learned class/id words: [key, word], in item order. */
  readonly classWords: readonly (readonly [number, string])[];
  /**
   * Per class word (same order): the share of the training pages it was on where the lines it is on held ≥ 20 % of the
   * content's words (train/evidence.ts CARRY, add-½ smoothed): near 0 for `menu`, `related`, `footer`; read by the learned
   * mute (extract/mute.ts). Absent in models trained before it (no mute).
   */
  readonly classWordCarries?: readonly number[];
  /**
   * Per item (numeric regions, structure items, class words, in item order): the share of training text lines whose
   * degree in it is above 0. Only speed: the apply path groups each rule under its rarest item (mining/class-rules.ts
   * indexRules), so fewer lines visit it. Absent in models trained before it (rules grouped by their first or crisp item).
   */
  readonly itemShares?: readonly number[];
  /**
   * The share of the teaser lists' characters after the title line (features/teasers.ts) that were content on the training
   * pages: their lines' weight when the title anchor ranks DANA's regions (extract/farsw.ts `teaserRank`). Absent in models
   * trained before it (the lists weigh as any line).
   */
  readonly teaserShare?: number;
  /** P(content) of a text line in training (the vote's answer when no rule fires). */
  readonly prior: number;
  /** Significance threshold of the fuzzy items in mining. */
  readonly significance: number;
  /** Rules for content then for boilerplate. */
  readonly rules: readonly ClassRule[];
}

/** Training parameters, as used (after defaults). */
export interface TrainParams {
  readonly alpha: number;
  readonly significance: number;
  readonly minSupport: number;
  readonly alignThreshold: number;
  readonly featureVariant: FeatureVariant;
  readonly bceShape: MembershipShape;
  /** Elements removed with their content before lines are built (FAR-SW Table 1 minus the exceptions in train.ts). */
  readonly dropElements: readonly string[];
  /** Line building: markup-only lines join the next text line (LineOptions.carryMarkup). */
  readonly carryMarkup: boolean;
  /** Line building recorded class/id words (LineOptions.classTokens); absent in older models (false). */
  readonly classTokens?: boolean;
  /** Line building removed user-comment sections (LineOptions.dropComments); absent in older models (false). */
  readonly dropComments?: boolean;
  /** Line building removed hidden elements (LineOptions.dropHidden); absent in older models (false). */
  readonly dropHidden?: boolean;
  /** Line building re-lined the page at block elements (LineOptions.reline); false: the author's lines (the paper); absent: true. */
  readonly reline?: boolean;
  /** Evidence rules were learned (Model.evidence); absent: no. */
  readonly evidence?: boolean;
  /** The gold was aligned with each gold token labelling one line (train/align.ts `exclusive`); absent: no. */
  readonly exclusiveAlign?: boolean;
  /** Fig. 7's two-region shape: where Low' reaches 0 (fuzzy/membership.ts); absent: `h`. */
  readonly twoRegionEnd?: TwoRegionEnd;
  /** Structural slots of article lines were learned (Model.topicalSlots, features/slots.ts); absent: no. */
  readonly slots?: boolean;
}

/** What training saw and how good the gold-derived labels were. */
export interface TrainingReport {
  readonly pages: number;
  /** Pages skipped (no gold, empty gold, unparsable), with reasons. */
  readonly skippedPages: number;
  readonly skipped: readonly { readonly id: string; readonly reason: string }[];
  readonly lines: number;
  readonly topicalLines: number;
  /** Share of gold tokens covered by lines labelled topical. */
  readonly goldCoverage: number;
  /** Share of topical-line tokens not matched in the gold. */
  readonly topicalNoise: number;
  /** Scalar cardinality of every region over topical lines (Table 5), 18 entries. */
  readonly cardinality: readonly number[];
  /** On the training lines: share of topical lines some adopted rule fires on (recall), and of all firing lines that are topical (precision). */
  readonly ruleRecall: number;
  readonly rulePrecision: number;
  /** SHA-256 over the training pages (html and gold, in order), hex. */
  readonly fingerprint: string;
  /**
   * Histograms of the significant-region masks (bit r = membership of region r ≥ significance)
   * of topical and non-topical training lines, as [mask, lines] pairs. Enough to measure any
   * itemset's support and false-positive rate later (`farsw rules --level k`).
   */
  readonly maskCounts: { readonly topical: readonly (readonly [number, number])[]; readonly nonTopical: readonly (readonly [number, number])[] };
  /**
   * One fingerprint per page trained on ({@link pageFingerprint}), sorted: `farsw eval` warns about,
   * or with `--exclude-trained` leaves out, pages the model was trained on. Absent in older models.
   */
  readonly pageFingerprints?: readonly string[];
  /** What the model was trained on, per dataset (pages with gold used), when the trainer knew it. */
  readonly trainedOn?: readonly { readonly dataset: string; readonly pages: number }[];
  /** Site models: the model cross-validated against the default model on the site's pages (eval/site-guard.ts), when `train` ran it. */
  readonly siteCheck?: SiteCheck;
  /** Mean share of the model's template lines found on a training page (drift baseline, eval/drift.ts); absent in older models. */
  readonly templateHitRate?: number;
  /** Label-free models (train/unlabeled.ts): what the pseudo-labels were made from. */
  readonly unlabeled?: UnlabeledEvidence;
}

/** A site model against the default model, k-fold on the site's own pages (BoW F1, tokens). */
export interface SiteCheck {
  readonly folds: number;
  readonly pages: number;
  /** Mean BoW F1 of the fold models on their test pages. */
  readonly siteF1: number;
  /** Mean BoW F1 of the default model on the same pages. */
  readonly defaultF1: number;
  /** Name of the default model compared against. */
  readonly defaultModel: string;
  /** Mean BoW F1 between the fold models' and the default model's output (drift baseline). */
  readonly agreement: number;
  /** What `--model auto` does: the site model only when it won (eval/site-guard.ts guardDecision). */
  readonly useSite: boolean;
  /** τ of the per-page fallback: where the two models' texts agree below it, `--model auto` keeps the default's (0 or absent: never). */
  readonly fallbackBelow?: number;
  /** Mean BoW F1 of the fold models with that fallback. */
  readonly guardedF1?: number;
  /** Pages where the fold models (with the fallback) beat / lost to the default model. */
  readonly wins?: number;
  readonly losses?: number;
  /** What the scores are against: the pages' gold (absent: gold), or a label-free model's pseudo-labels. */
  readonly labels?: 'gold' | 'pseudo';
  /** Label-free models: the fold models' mean gain over the default model outside the disputed lines (eval/site-guard.ts). */
  readonly undisputedGain?: number;
}

/** A label-free guard's gain outside the disputed lines, as a clause of a reason (empty without it). */
export function undisputedNote(check: Pick<SiteCheck, 'undisputedGain'>): string {
  const g = check.undisputedGain;
  return g === undefined ? '' : `; outside the lines the seed and the repetition dispute ${g >= 0 ? '+' : ''}${g.toFixed(3)}`;
}

/** Evidence a label-free model was learned from (train/unlabeled.ts). */
export interface UnlabeledEvidence {
  readonly pages: number;
  /** The model whose output seeded the pseudo-labels. */
  readonly seedModel: string;
  /** A line key was a template line when it occurred on at least this many pages. */
  readonly minPages: number;
  /** Lines labelled: template (repeated), content (seed kept, not repeated), and pseudo-topical lines in all. */
  readonly templateLines: number;
  readonly varyingPaths: number;
  readonly pseudoTopicalLines: number;
  /** Lines left out as items of a repeated list between template lines (UnlabeledOptions.listItems); absent in models stored before list items were learned. */
  readonly listItemLines?: number;
  /** The most repeated lines, as text, with the pages they occurred on (shown by `rules` and `explain`). */
  readonly topTemplate: readonly { readonly text: string; readonly pages: number }[];
}

/** A page's fingerprint: FNV-1a 32 of its HTML, hex, and its length in UTF-16 units (`"1a2b3c4d:5120"`). */
export function pageFingerprint(html: string): string {
  return `${fnv1a32(html).toString(16).padStart(8, '0')}:${html.length}`;
}

/** A trained FAR-SW model. */
export interface Model {
  readonly formatVersion: number;
  readonly name: string;
  /** Site pattern the model is for (host name), or null for a model across sites. */
  readonly site: string | null;
  /** Feature set id; a model for another set is refused. */
  readonly featureSet: string;
  readonly featureVariant: FeatureVariant;
  /** farsw version that trained the model. */
  readonly farswVersion: string;
  /** One membership function per feature, in feature order A..F. */
  readonly membership: readonly MembershipFunction[];
  /** The frequent region of each feature with its scalar cardinality (Table 6). */
  readonly frequentRegions: readonly FrequentRegion[];
  /** Apriori levels L1..Lk with supports (Table 8). */
  readonly levels: readonly FrequentLevel[];
  /** Adopted rules: the highest level's itemsets, measured (see mining/rules.ts). */
  readonly rules: readonly Rule[];
  readonly params: TrainParams;
  readonly trainingReport: TrainingReport;
  /** Keys of template (boilerplate) lines, sorted ascending (train/templates.ts); absent in models without. */
  readonly templateLines?: readonly number[];
  /**
   * The most content characters a line carrying a template key had in training. A longer line is
   * not looked up (its key is not computed), so only the few short lines a template can be are
   * hashed. Absent in older models: every line is looked up.
   */
  readonly templateMaxChars?: number;
  /**
   * Structural paths seen in training (LineTable.path) as [key, topical lines, non-topical lines],
   * sorted by key; only paths on enough pages (train/templates.ts). Absent in models without.
   */
  readonly pathStats?: readonly (readonly [number, number, number])[];
  /**
   * Structural slots (features/slots.ts) whose training lines were article lines: on at least
   * FARSW_TRAIN_DEFAULTS.slotMinPages pages, at least slotMinShare of them topical; sorted ascending.
   * Absent in models without (models across sites, older site models): no slot step.
   */
  readonly topicalSlots?: readonly number[];
  /** Class/id words seen in training as [key, topical lines, non-topical lines], sorted by key (train/templates.ts). */
  readonly tokenStats?: readonly (readonly [number, number, number])[];
  /** Evidence rules over structure, class/id words and text (train/evidence.ts); absent in models trained without. */
  readonly evidence?: EvidenceModel;
  /**
   * The page-type classifier (features/page-type.ts, learnt by train/page-type.ts): absent in models
   * trained without it, whose pages are all `article` (classifyPage's fallback).
   */
  readonly pageType?: PageTypeClassifier;
}

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Check a model name: 1–128 characters of letters, digits, '.', '_' or '-', starting with a letter or digit
 * (host names such as `news.example.com` are valid names).
 * @throws ModelFormatError naming the bad value
 */
export function validateModelName(name: unknown): string {
  if (typeof name !== 'string' || !NAME_RE.test(name)) {
    throw new ModelFormatError(`invalid model name ${JSON.stringify(name)}: expected 1–128 characters of letters, digits, '.', '_' or '-', starting with a letter or digit`);
  }
  return name;
}

/**
 * Check that an unknown value (e.g. parsed JSON) is a usable Model of this format version and feature set.
 * @param value candidate model
 * @param source where it came from, for messages (file name, store path)
 * @returns the value typed as Model
 * @throws ModelFormatError saying what is wrong and, for version or feature mismatches, to retrain
 */
export function validateModel(value: unknown, source = 'model'): Model {
  const fail = (what: string): never => { throw new ModelFormatError(`${source}: ${what}`); };
  if (typeof value !== 'object' || value === null) fail('expected a JSON object');
  const m = value as Record<string, unknown>;
  if (READABLE_FORMAT_VERSIONS.includes(m.formatVersion as number)) checkModelShape(m, fail); // types first: the checks below read the fields
  if (!READABLE_FORMAT_VERSIONS.includes(m.formatVersion as number)) {
    fail(`model format version ${String(m.formatVersion)}, this farsw reads versions ${READABLE_FORMAT_VERSIONS.join(' and ')}; retrain the model with \`farsw train\``);
  }
  validateModelName(m.name);
  if (m.featureSet !== FEATURE_SET) fail(`feature set ${JSON.stringify(m.featureSet)}, expected ${JSON.stringify(FEATURE_SET)}; retrain the model with \`farsw train\``);
  if (m.featureVariant !== 'raw' && m.featureVariant !== 'normalized') fail(`featureVariant ${JSON.stringify(m.featureVariant)}, expected "raw" or "normalized"`);
  if (m.site !== null && typeof m.site !== 'string') fail('site must be a string or null');
  if (!Array.isArray(m.membership) || m.membership.length !== FEATURE_COUNT) fail(`membership must list ${FEATURE_COUNT} functions`);
  (m.membership as unknown[]).forEach((x, f) => {
    const mf = x as Record<string, unknown>;
    if (mf.feature !== f) fail(`membership[${f}].feature must be ${f}`);
    if (mf.shape !== 'three' && mf.shape !== 'two') fail(`membership[${f}].shape must be "three" or "two"`);
    for (const k of ['min', 'mean', 'max'] as const) if (!Number.isFinite(mf[k])) fail(`membership[${f}].${k} must be a finite number`);
    if (mf.twoRegionEnd !== undefined && mf.twoRegionEnd !== 'h' && mf.twoRegionEnd !== 'mean') fail(`membership[${f}].twoRegionEnd must be "h" or "mean"`);
    if (!((mf.min as number) <= (mf.mean as number) && (mf.mean as number) <= (mf.max as number))) fail(`membership[${f}] must have min ≤ mean ≤ max`);
  });
  const maxRegion = FEATURE_COUNT * REGIONS_PER_FEATURE;
  const checkItems = (items: unknown, where: string): void => {
    if (!Array.isArray(items) || items.length === 0) fail(`${where} must be a non-empty array of region ids`);
    (items as unknown[]).forEach((r, i) => {
      if (!Number.isInteger(r) || (r as number) < 0 || (r as number) >= maxRegion) fail(`${where}[${i}] is not a region id 0..${maxRegion - 1}`);
      if (i > 0 && (r as number) <= ((items as number[])[i - 1] as number)) fail(`${where} must be sorted ascending without repeats`);
    });
  };
  const checkFraction = (v: unknown, where: string): void => {
    if (typeof v !== 'number' || !(v >= 0 && v <= 1)) fail(`${where} must be a number in [0, 1]`);
  };
  if (m.templateLines !== undefined) {
    if (!Array.isArray(m.templateLines)) fail('templateLines must be an array of line keys');
    (m.templateLines as unknown[]).forEach((k, i) => {
      if (!Number.isInteger(k) || (k as number) < 1 || (k as number) > 0xffffffff) fail(`templateLines[${i}] is not a 32-bit line key`);
      if (i > 0 && (k as number) <= ((m.templateLines as number[])[i - 1] as number)) fail('templateLines must be sorted ascending without repeats');
    });
  }
  if (m.topicalSlots !== undefined) {
    if (!Array.isArray(m.topicalSlots)) fail('topicalSlots must be an array of slot keys');
    (m.topicalSlots as unknown[]).forEach((k, i) => {
      if (!Number.isInteger(k) || (k as number) < 1 || (k as number) > 0xffffffff) fail(`topicalSlots[${i}] is not a 32-bit slot key`);
      if (i > 0 && (k as number) <= ((m.topicalSlots as number[])[i - 1] as number)) fail('topicalSlots must be sorted ascending without repeats');
    });
  }
  if (m.templateMaxChars !== undefined && !(Number.isInteger(m.templateMaxChars) && (m.templateMaxChars as number) >= 1)) {
    fail('templateMaxChars must be a positive integer');
  }
  for (const field of ['pathStats', 'tokenStats'] as const) {
    const list = m[field];
    if (list === undefined) continue;
    if (!Array.isArray(list)) fail(`${field} must be an array of [key, topical, nonTopical]`);
    (list as unknown[]).forEach((e, i) => {
      if (!Array.isArray(e) || e.length !== 3 || !e.every((x) => Number.isInteger(x) && (x as number) >= 0)) fail(`${field}[${i}] must be [key, topical, nonTopical] of non-negative integers`);
      if (i > 0 && ((e as number[])[0]! <= ((list as number[][])[i - 1]![0]!))) fail(`${field} must be sorted by key without repeats`);
    });
  }
  if (!Array.isArray(m.rules)) fail('rules must be an array');
  (m.rules as Record<string, unknown>[]).forEach((r, i) => {
    checkItems(r.antecedent, `rules[${i}].antecedent`);
    checkFraction(r.support, `rules[${i}].support`);
    checkFraction(r.confidence, `rules[${i}].confidence`);
    checkFraction(r.falsePositiveRate, `rules[${i}].falsePositiveRate`);
  });
  if (!Array.isArray(m.levels)) fail('levels must be an array');
  (m.levels as Record<string, unknown>[]).forEach((l, i) => {
    if (l.level !== i + 1) fail(`levels[${i}].level must be ${i + 1}`);
    if (!Array.isArray(l.itemsets)) fail(`levels[${i}].itemsets must be an array`);
    (l.itemsets as Record<string, unknown>[]).forEach((s, j) => {
      checkItems(s.items, `levels[${i}].itemsets[${j}].items`);
      if ((s.items as unknown[]).length !== i + 1) fail(`levels[${i}].itemsets[${j}] must have ${i + 1} items`);
      checkFraction(s.support, `levels[${i}].itemsets[${j}].support`);
    });
  });
  if (!Array.isArray(m.frequentRegions)) fail('frequentRegions must be an array');
  const p = m.params as Record<string, unknown> | undefined;
  if (typeof p !== 'object' || p === null) fail('params must be an object');
  for (const k of ['alpha', 'significance', 'minSupport', 'alignThreshold'] as const) checkFraction(p![k], `params.${k}`);
  if (!Array.isArray(p!.dropElements)) fail('params.dropElements must be an array');
  if (typeof p!.carryMarkup !== 'boolean') fail('params.carryMarkup must be a boolean');
  if (p!.dropComments !== undefined && typeof p!.dropComments !== 'boolean') fail('params.dropComments must be a boolean');
  if (p!.dropHidden !== undefined && typeof p!.dropHidden !== 'boolean') fail('params.dropHidden must be a boolean');
  if (p!.reline !== undefined && typeof p!.reline !== 'boolean') fail('params.reline must be a boolean');
  if (p!.exclusiveAlign !== undefined && typeof p!.exclusiveAlign !== 'boolean') fail('params.exclusiveAlign must be a boolean');
  if (p!.slots !== undefined && typeof p!.slots !== 'boolean') fail('params.slots must be a boolean');
  if (m.evidence !== undefined) validateEvidence(m.evidence, fail, checkFraction);
  if (m.pageType !== undefined) validatePageType(m.pageType, fail);
  if (p!.twoRegionEnd !== undefined && p!.twoRegionEnd !== 'h' && p!.twoRegionEnd !== 'mean') fail('params.twoRegionEnd must be "h" or "mean"');
  if (typeof m.trainingReport !== 'object' || m.trainingReport === null) fail('trainingReport must be an object');
  const sc = (m.trainingReport as Record<string, unknown>).siteCheck as Record<string, unknown> | undefined;
  if (sc !== undefined) {
    if (typeof sc !== 'object' || sc === null) fail('trainingReport.siteCheck must be an object');
    for (const k of ['siteF1', 'defaultF1', 'agreement'] as const) checkFraction(sc[k], `trainingReport.siteCheck.${k}`);
    if (typeof sc.useSite !== 'boolean') fail('trainingReport.siteCheck.useSite must be a boolean');
    for (const k of ['fallbackBelow', 'guardedF1'] as const) if (sc[k] !== undefined) checkFraction(sc[k], `trainingReport.siteCheck.${k}`);
    for (const k of ['wins', 'losses'] as const) if (sc[k] !== undefined && !(Number.isInteger(sc[k]) && (sc[k] as number) >= 0)) fail(`trainingReport.siteCheck.${k} must be a count`);
    if (sc.undisputedGain !== undefined && !(typeof sc.undisputedGain === 'number' && Math.abs(sc.undisputedGain) <= 1)) fail('trainingReport.siteCheck.undisputedGain must be a number in [-1, 1]');
  }
  if (typeof m.farswVersion !== 'string') fail('farswVersion must be a string');
  return value as Model;
}

/**
 * Check a model's `pageType` field (see PageTypeClassifier): its lists the right lengths, its numbers finite.
 * Features named otherwise than this farsw's are not refused here: classifyPage gives such a classifier's pages the fallback type.
 */
function validatePageType(value: unknown, fail: (what: string) => never): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('pageType must be an object');
  const c = value as Record<string, unknown>;
  const strings = (v: unknown, where: string): number => {
    if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'string')) fail(`${where} must be a non-empty array of strings`);
    return (v as unknown[]).length;
  };
  const numbers = (v: unknown, n: number, where: string, positive = false): void => {
    if (!Array.isArray(v) || v.length !== n || !v.every((x) => Number.isFinite(x) && (!positive || (x as number) > 0))) fail(`${where} must list ${n} finite numbers${positive ? ' > 0' : ''}`);
  };
  const classes = strings(c.classes, 'pageType.classes');
  const features = strings(c.features, 'pageType.features');
  numbers(c.mean, features, 'pageType.mean');
  numbers(c.scale, features, 'pageType.scale', true);
  numbers(c.bias, classes, 'pageType.bias');
  if (!Array.isArray(c.weights) || c.weights.length !== classes) fail(`pageType.weights must list ${classes} rows`);
  (c.weights as unknown[]).forEach((row, j) => numbers(row, features, `pageType.weights[${j}]`));
}

/** Check a model's `evidence` field (see EvidenceModel). */
function validateEvidence(value: unknown, fail: (what: string) => never, checkFraction: (v: unknown, where: string) => void): void {
  if (typeof value !== 'object' || value === null) fail('evidence must be an object');
  const e = value as Record<string, unknown>;
  if (!Array.isArray(e.membership) || e.membership.length !== EVIDENCE_NUMERIC.length) fail(`evidence.membership must list ${EVIDENCE_NUMERIC.length} functions`);
  (e.membership as Record<string, unknown>[]).forEach((mf, f) => {
    for (const k of ['min', 'mean', 'max'] as const) if (!Number.isFinite(mf[k])) fail(`evidence.membership[${f}].${k} must be a finite number`);
    if (!((mf.min as number) <= (mf.mean as number) && (mf.mean as number) <= (mf.max as number))) fail(`evidence.membership[${f}] must have min ≤ mean ≤ max`);
  });
  if (!Array.isArray(e.commonWords) || !e.commonWords.every((k) => Number.isInteger(k) && k >= 0)) fail('evidence.commonWords must be an array of word keys');
  if (!Array.isArray(e.classWords) || !e.classWords.every((w) => Array.isArray(w) && w.length === 2 && Number.isInteger(w[0]) && typeof w[1] === 'string')) fail('evidence.classWords must be an array of [key, word]');
  if (e.classWordCarries !== undefined) {
    if (!Array.isArray(e.classWordCarries) || e.classWordCarries.length !== (e.classWords as unknown[]).length) fail('evidence.classWordCarries must list one share per class word');
    (e.classWordCarries as unknown[]).forEach((x, j) => checkFraction(x, `evidence.classWordCarries[${j}]`));
  }
  if (e.teaserShare !== undefined) checkFraction(e.teaserShare, 'evidence.teaserShare');
  checkFraction(e.prior, 'evidence.prior');
  checkFraction(e.significance, 'evidence.significance');
  const items = CLASS_WORD_ITEM_BASE + (e.classWords as unknown[]).length;
  if (e.itemShares !== undefined) {
    if (!Array.isArray(e.itemShares) || e.itemShares.length !== items) fail(`evidence.itemShares must list one share per item (${items})`);
    (e.itemShares as unknown[]).forEach((x, j) => checkFraction(x, `evidence.itemShares[${j}]`));
  }
  if (!Array.isArray(e.rules)) fail('evidence.rules must be an array');
  (e.rules as Record<string, unknown>[]).forEach((r, i) => {
    const list = r.items;
    if (!Array.isArray(list) || list.length === 0 || !list.every((x, j) => Number.isInteger(x) && x >= 0 && x < items && (j === 0 || x > list[j - 1]))) {
      fail(`evidence.rules[${i}].items must be ascending item ids 0..${items - 1}`);
    }
    if (typeof r.topical !== 'boolean') fail(`evidence.rules[${i}].topical must be a boolean`);
    for (const k of ['support', 'confidence', 'weight'] as const) checkFraction(r[k], `evidence.rules[${i}].${k}`);
  });
}

/** A model without what only reports read (per-page fingerprints, skipped pages and why): all extraction reads, for batch workers. */
export function extractionModel(model: Model): Model {
  const { pageFingerprints: _f, ...report } = model.trainingReport;
  return { ...model, trainingReport: { ...report, skipped: [] } };
}

/** The line options a model was trained with (from its params; older models lack the newer fields). */
export function modelLineOptions(params: TrainParams): Partial<LineOptions> {
  return { dropElements: params.dropElements, carryMarkup: params.carryMarkup, classTokens: params.classTokens === true, dropComments: params.dropComments === true, dropHidden: params.dropHidden === true, ...(params.reline === false ? { reline: false } : {}) };
}

/**
 * Serialise a model for `farsw models export` (pretty JSON, stable key order as built).
 * @returns JSON text ending in a newline
 */
export function modelToJson(model: Model): string {
  return JSON.stringify({ ...model, $schema: 'farsw-model' }, null, 2) + '\n';
}

/**
 * Parse and validate a model exported by `modelToJson`.
 * @param text JSON text
 * @param source file name for messages
 * @throws ModelFormatError on bad JSON or a bad model
 */
export function modelFromJson(text: string, source = 'model.json'): Model {
  let v: unknown;
  try { v = JSON.parse(text); } catch (e) {
    throw new ModelFormatError(`${source}: not valid JSON (${jsonSyntaxMessage(e)})`);
  }
  if (typeof v === 'object' && v !== null) delete (v as Record<string, unknown>).$schema;
  const model = validateModel(v, source);
  checkModelComplete(model, (what) => { throw new ModelFormatError(`${source}: ${what}`); }, 'not a whole model as farsw exports it (farsw models export)');
  return model;
}
