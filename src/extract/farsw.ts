/**
 * Applying a FAR-SW model (seed 002, §3.3 Step 6 to §3.5) alongside the DANA core.
 *
 *   LineTable → features → fuzzify (model's membership functions)
 *             → Step 6: topical mask (adopted rules)
 *             → Step 7: sliding-window blocks (Φ)          [window.ts]
 *             → Step 8: block scores, eq. 4–5, cutoff β     [window.ts]
 *             → combined with DANA's choice on the same table (`mode`)
 *
 * Eq. 4: Score(p) = |T| + |O| + |D| − |L| − |I|, with T = TextLength (B),
 * O = OutputTextLength (C), D = Density, L = LinkNum (E), I = ImgNum (F), each
 * "normalised as in §3.2" so that it lies in [0, 1] (D is already a ratio). Max
 * score 3, cutoff β = 1.5 (§3.5). Two readings of the normalisation (`scoreNorm`):
 * `page`, divided by the feature's maximum on the page; `model`, divided by the
 * point H = (Mean + MAX) / 2 where the model's High region reaches 1, clipped to 1.
 * Only `model` reproduces the paper's worked scores (Tables 2–3 give the block
 * p286..p300 1.58 where `page` gives at most 1.18; docs/decisions.md, "Eq. 4 reading").
 */
import type { Block, LineTable } from '../core/types.js';
import { FARSW_APPLY_DEFAULTS } from '../core/defaults.js';
import { computeLineFeatures, scoreLines, type LineFeatures } from '../features/line-features.js';
import { fuzzify, significantMasker, type FuzzySet } from '../fuzzy/fuzzify.js';
import type { Model } from '../model/model.js';
import type { Rule } from '../mining/rules.js';
import { lineKey } from '../html/line-key.js';
import { slotKeys } from '../features/slots.js';
import { danaCore, smoothDiff, type DanaOptions, type DanaResult } from './dana.js';
import { findTitleLine } from './title.js';
import { evidenceConfidence } from './evidence-vote.js';
import { ConfigError } from '../core/errors.js';
import { KeyMap, sameKeys } from '../core/key-map.js';
import { tokenize } from '../core/tokenize.js';
import type { EvidenceModel } from '../model/model.js';
import { mutedLines } from './mute.js';
import { teaserLines } from '../features/teasers.js';
import { contentSiblings, dominantContainer, keepTitleContainer } from './container.js';
import { blocksToMask, maskToBlocks, scoreBlocks, selectInformative, slidingWindow } from './window.js';
import { relaxToMain } from './strategies/main-element.js';

/**
 * How FAR-SW and the DANA core are combined:
 * - `farsw`: the paper alone (rules → window → informative blocks);
 * - `dana`: AdDANAg alone, on the same line table;
 * - `union` / `intersection`: of the lines each one chooses;
 * - `evidence`: DANA's smoothed diff as a sixth term of eq. 4, scaled to [−1, 1]
 *   (diff_i / max |diff|); the cutoff stays β;
 * - `vote`: a line is topical when a rule fires on it or it lies in a DANA
 *   region above the axis; then window, scores and cutoff as in the paper.
 */
export type CombineMode = 'farsw' | 'dana' | 'union' | 'intersection' | 'evidence' | 'vote';
export const COMBINE_MODES: readonly CombineMode[] = ['farsw', 'dana', 'union', 'intersection', 'evidence', 'vote'];

/** Eq. 4's normalisation of B, C, E and F (module comment). */
export type ScoreNorm = 'page' | 'model';
export const SCORE_NORMS: readonly ScoreNorm[] = ['page', 'model'];

/** Options of `applyModel` (defaults in FARSW_APPLY_DEFAULTS). */
export interface FarswApplyOptions {
  /** Sliding window length Φ (§3.4; 5). */
  readonly phi: number;
  /** Block cutoff β (§3.5; 1.5). */
  readonly beta: number;
  /** Lines added before the first and after the last topical line of a block (window.ts; 1). */
  readonly padding: number;
  /**
   * `crisp`: every rule region ≥ significance (the paper); `fuzzy`: min membership over the rule ≥ `fuzzyThreshold`;
   * `confidence`: the line's whole significant-region set read as one rule, topical when its confidence
   * on the training lines (smoothed towards the topical base rate) is ≥ `fuzzyThreshold`;
   * `rules`: P(content) by the weighted vote of the model's evidence rules (structure, class/id words, text;
   * extract/evidence-vote.ts), topical when ≥ `fuzzyThreshold` (the model must have been trained with `evidence`).
   */
  readonly classify: 'crisp' | 'fuzzy' | 'confidence' | 'rules';
  readonly fuzzyThreshold: number;
  readonly mode: CombineMode;
  /** In `confidence` classification, chosen lines with P(topical) below this are dropped (0 = off). */
  readonly veto: number;
  /**
   * With `confidence` classification, the DANA core sizes its regions by Σ T × P(topical) instead of
   * Σ T, so the learned evidence (class/id words, region sets) picks among dense regions.
   */
  readonly weightRegions: boolean;
  /** A line whose structural path the model knows as non-topical (applyPathEvidence) is not kept, whatever chose it. */
  readonly pathVeto: boolean;
  /** A chosen line whose text repeats an earlier chosen line's is not kept (dropRepeatedLines). */
  readonly dedupe: boolean;
  /** θ of the single-container constraint on the final lines (extract/container.ts); 0 = off. */
  readonly container: number;
  /** Weight of the class/id-word evidence in `confidence` classification (0 = off; see lineConfidence). */
  readonly tokenEvidence: number;
  /** Structural paths seen on at least this many training lines decide those lines (0 = off; see applyPathEvidence). */
  readonly pathEvidence: number;
  /** Lines in a slot the model learned as the article's (Model.topicalSlots, features/slots.ts) are kept though nothing chose them (see addSlotLines). */
  readonly slots: boolean;
  /**
   * In `union`, the fallback block (no block passed β) is left out when its anchor text exceeds this share of its
   * text, UTF-8 bytes (Readability's link-density cut), and it touches none of DANA's blocks (keepFallback); 0 = off.
   * Other modes keep it: FAR-SW alone would have nothing.
   */
  readonly fallbackLinkDensity: number;
  /** When no block passes β, keep the best one (farsw's); false keeps nothing (the paper). */
  readonly fallback: boolean;
  /** Eq. 4's normalisation (module comment): `page` or `model`. */
  readonly scoreNorm: ScoreNorm;
  /** Drop the model's template lines (farsw's); false ignores them (the paper has none). */
  readonly templates: boolean;
  /**
   * Block score (Step 8): `paper` = eq. 5, the mean of eq. 4's line scores, against `beta`; `evidence` = the mean
   * P(content) of the block's lines weighted by their characters, against `evidenceBeta` (needs `confidence` or
   * `rules` classification; otherwise the paper's).
   */
  readonly blockScore: 'paper' | 'evidence';
  /** Cutoff of the `evidence` block score, in [0, 1]. */
  readonly evidenceBeta: number;
  /**
   * A run of chosen lines (after the containers) whose character-weighted mean P(content) is below this is dropped,
   * whatever chose it (0 = off; needs `confidence` or `rules` classification).
   */
  readonly runVeto: number;
  /**
   * Learned mute (extract/mute.ts): chosen lines with a class/id word whose block carried the article on fewer than this share
   * of its training pages are left out (0 = off; models without EvidenceModel.classWordCarries: off).
   */
  readonly mute: number;
  /** … unless fewer than this many characters would be left. */
  readonly muteRetry: number;
  /**
   * In `union` with `evidence` block scores: an informative block is added only when it lies within this many lines
   * of one of DANA's blocks (−1 = any block is added): teaser lists far from the article stay out.
   */
  readonly attach: number;
  /** `rules` classification: weight of the evidence vote against the `confidence` reading (1 = the vote alone). */
  readonly rulesWeight: number;
  /** The title line (extract/title.ts), when chosen, is kept whatever the containers decide. */
  readonly keepTitleLine: boolean;
  /** The title line is kept even when nothing chose it (the headline of the article, which DANA's axis and the windows missed). */
  readonly addTitleLine: boolean;
  /** The kept title line (`keepTitleLine`, `addTitleLine`) is not muted (`mute`). */
  readonly spareTitleLine: boolean;
  /**
   * Readability's sibling step (extract/container.ts contentSiblings): the chosen lines in a sibling of the final container whose
   * character-weighted mean P(content) is at least this (anchor text at most a quarter of its text) stay; 0 = off; needs the vote
   * (`rules` or `confidence` classification).
   */
  readonly siblings: number;
  /** …and also when not chosen, if the model's rules call it topical (site models: the headline sits apart from the body, past the share buttons). */
  readonly topicalTitle: boolean;
  /** The final container is not applied when it holds none of the chosen text of the DANA core's starting region (the title-anchored one). */
  readonly anchorContainer: boolean;
  /** After the containers (with `container` on), lines between the first and last chosen line whose anchor text is at most this share of their text are chosen too (fillSpan; 0 = off). */
  readonly fill: number;
  /**
   * The lead under the headline (restoreLead): with the title line kept and `container` on, the lines DANA's regions or the
   * windows chose between the title line and the first kept line, which the containers cut, come back when they hold at least
   * this many characters and their anchor text is at most half of their text (0 = off).
   */
  readonly leadChars: number;
  /**
   * A line of the lead does not come back when at least this share of its tokens recur in one of the first `LEAD_REPEAT_LINES`
   * kept lines after it: a teaser or summary under the headline that repeats the article's opening (0 = off).
   */
  readonly leadRepeat: number;
  /** The final container is chosen as if the learned mute (`mute`) had already left its lines out (no effect without the mute or the final container). */
  readonly muteBox: boolean;
  /**
   * The lines of teaser lists after the title line (features/teasers.ts) weigh by the model's EvidenceModel.teaserShare when the
   * title anchor ranks DANA's regions, so a list of linked headlines with summaries does not outrank a short story (no effect
   * without the share or a title line).
   */
  readonly teaserRank: boolean;
  /** The relax step to `<main>` (extract/strategies/main-element.ts relaxToMain): its share; 0 = off. */
  readonly mainShare: number;
  /** DANA core parameters for the combined modes. */
  readonly dana: DanaOptions;
}

/** Everything `applyModel` decided, for output and `farsw explain`. */
export interface FarswResult {
  /** Chosen lines as blocks, page order. */
  readonly blocks: Block[];
  /** Step 6: 1 for lines an adopted rule fires on. */
  readonly topical: Uint8Array;
  /** Eq. 4 per line (with the evidence term in mode `evidence`). */
  readonly lineScore: Float64Array;
  /** Step 7 blocks with their eq. 5 scores. */
  readonly windows: Block[];
  /** Step 8: windows whose score passed β. */
  readonly informative: number;
  /** No window passed β, so FAR-SW fell back to the best one. */
  readonly fallback: boolean;
  /** With `fallback`: the best window was kept (false: left out as link-dense, `fallbackLinkDensity`). */
  readonly fallbackKept: boolean;
  /**
   * 1 for the model's template (boilerplate) lines among the lines that could be kept
   * (topical or chosen: only those are checked); undefined when the model has none.
   */
  readonly template: Uint8Array | undefined;
  /** The DANA core on the same table (all modes). */
  readonly dana: DanaResult;
  /** Lines the learned mute left out (`mute`): per line, the muting class word's index in the model's classWords + 1, else 0. */
  readonly muted?: Uint16Array;
  /** Lines the lead under the headline brought back (`leadChars`, restoreLead), in page order; absent when none. */
  readonly lead?: readonly number[];
  /** Lines kept because their structural slot held the article on the model's training pages (`slots`, addSlotLines), in page order; absent when none. */
  readonly slotted?: readonly number[];
  /** The chosen lines were replaced by the page's `<main>` lines (`mainShare`, extract/strategies/main-element.ts); absent otherwise. */
  readonly relaxed?: 'main';
}

/**
 * Step 6: a line is topical when some adopted rule fires on it.
 * Crisp (the paper): every region of the rule has membership ≥ significance.
 * Fuzzy: the rule's degree, min over its regions, is ≥ `fuzzyThreshold`.
 */
export function topicalMask(fz: FuzzySet, rules: readonly Rule[], significance: number, classify: 'crisp' | 'fuzzy', fuzzyThreshold: number): Uint8Array {
  const mask = new Uint8Array(fz.lines);
  const threshold = classify === 'crisp' ? significance : fuzzyThreshold;
  for (let i = 0; i < fz.lines; i++) {
    const o = i * fz.regions;
    for (const rule of rules) {
      let degree = 1;
      for (const r of rule.antecedent) degree = Math.min(degree, fz.values[o + r]!);
      if (degree >= threshold) { mask[i] = 1; break; }
    }
  }
  return mask;
}

/** P(topical) of a significant-region set, and its log-odds (clamped to [1e-4, 1 − 1e-4]) for the word evidence. */
interface Confidence {
  readonly p: number;
  readonly logit: number;
}
const confidenceOf = (p: number): Confidence => {
  const q = Math.min(Math.max(p, 1e-4), 1 - 1e-4);
  return { p, logit: Math.log(q / (1 - q)) };
};
const CONFIDENCE_TABLES = new WeakMap<Model, { table: Map<number, Confidence>; prior: Confidence }>();

/** P(topical | significant-region mask) from the model's training histograms (Laplace-smoothed to the base rate). */
function confidenceTable(model: Model): { table: Map<number, Confidence>; prior: Confidence } {
  let t = CONFIDENCE_TABLES.get(model);
  if (t) return t;
  const counts = new Map<number, [number, number]>();
  let tp = 0, all = 0;
  for (const [mask, k] of model.trainingReport.maskCounts.topical) { counts.set(mask, [k, 0]); tp += k; all += k; }
  for (const [mask, k] of model.trainingReport.maskCounts.nonTopical) {
    const c = counts.get(mask) ?? [0, 0];
    c[1] += k; all += k;
    counts.set(mask, c);
  }
  const prior = all > 0 ? tp / all : 0;
  const table = new Map<number, Confidence>();
  for (const [mask, [a, b]] of counts) table.set(mask, confidenceOf((a + prior) / (a + b + 1)));
  CONFIDENCE_TABLES.set(model, (t = { table, prior: confidenceOf(prior) }));
  return t;
}

/**
 * Step 6, `confidence` reading (see FarswApplyOptions.classify): per line, the
 * confidence of "its significant-region set ⇒ topical" on the training lines,
 * updated by the class/id-word evidence (naive Bayes, weight `tokenWeight`).
 * A line without text gets 0: training labels every such line non-topical
 * (train/align.ts), so it is not fuzzified at all (on pretty-printed lines that
 * is more than half of them).
 * @param columns the table's features in the model's variant
 * @returns P(topical) per line
 */
export function lineConfidence(columns: readonly ArrayLike<number>[], model: Model, table: LineTable, tokenWeight = 0): Float64Array {
  const { table: masks, prior } = confidenceTable(model);
  const words = tokenWeight > 0 && table.classTokens ? tokenTable(model) : undefined;
  const out = new Float64Array(table.count);
  const maskOf = significantMasker(model.membership, model.params.significance);
  // Lines of one element carry the same words: the previous line's sum is reused when its words are equal,
  // and its probability when its region set is equal too.
  let prevFrom = 0, prevTo = 0, prevSum = 0, prevMask = -1, prevLlr = 0, prevP = 0;
  for (let i = 0; i < table.count; i++) {
    if (table.contentChars[i] === 0) continue;
    const mask = maskOf(columns, i);
    const c = masks.get(mask) ?? prior;
    let p = c.p;
    if (words && table.classTokens) {
      const { start, keys } = table.classTokens;
      const from = start[i]!, to = start[i + 1]!;
      let llr = 0;
      if (sameKeys(keys, prevFrom, prevTo, from, to)) llr = prevSum;
      else {
        for (let j = from; j < to; j++) llr += words.get(keys[j]!) ?? 0;
        prevFrom = from; prevTo = to; prevSum = llr;
      }
      // Words of nested elements are far from independent: the total is clipped like a single word.
      llr = Math.max(-MAX_WORD_LLR, Math.min(MAX_WORD_LLR, llr));
      if (llr !== 0 && mask === prevMask && llr === prevLlr) p = prevP;
      else if (llr !== 0) {
        p = 1 / (1 + Math.exp(-(c.logit + tokenWeight * llr)));
        prevMask = mask; prevLlr = llr; prevP = p;
      }
    }
    out[i] = p;
  }
  return out;
}

const TOKEN_TABLES = new WeakMap<Model, Map<number, number>>();
/** Largest evidence one word may add, in nats (a rare word must not decide alone). */
const MAX_WORD_LLR = 3;

/**
 * Per class/id word, its log-likelihood ratio for "topical": log((t + 1) / (n + 1)) minus the
 * same for all training lines, clipped to ±MAX_WORD_LLR (naive Bayes over the line's words).
 */
function tokenTable(model: Model): Map<number, number> {
  let t = TOKEN_TABLES.get(model);
  if (t) return t;
  t = new Map();
  const r = model.trainingReport;
  const base = Math.log((r.topicalLines + 1) / (r.lines - r.topicalLines + 1));
  for (const [k, tp, fp] of model.tokenStats ?? []) {
    t.set(k, Math.max(-MAX_WORD_LLR, Math.min(MAX_WORD_LLR, Math.log((tp + 1) / (fp + 1)) - base)));
  }
  TOKEN_TABLES.set(model, t);
  return t;
}

/** The model's evidence rules; a ConfigError naming the model when it has none. */
function evidenceOf(model: Model): EvidenceModel {
  if (!model.evidence) throw new ConfigError(`model ${model.name} has no evidence rules: retrain it with evidence rules (\`farsw train --evidence\`) or use another classification`);
  return model.evidence;
}

/**
 * `rules` classification: the evidence vote, mixed with the `confidence` reading by `rulesWeight` (1 = the vote alone).
 * @param shared the page's features, AdDANAg diff (radius 1) and title line, computed once for the vote and the DANA core
 */
function rulesConfidence(features: LineFeatures, model: Model, table: LineTable, options: FarswApplyOptions, shared: { diff: Float64Array; titleLine: number }): Float64Array {
  const p = evidenceConfidence(table, evidenceOf(model), { features, ...shared });
  if (options.rulesWeight >= 1) return p;
  const c = lineConfidence(features.columns, model, table, options.tokenEvidence), w = options.rulesWeight;
  for (let i = 0; i < p.length; i++) p[i] = w * p[i]! + (1 - w) * c[i]!;
  return p;
}

/** Each block's score: the mean of `p` over its lines weighted by their characters (0 for a block without text). */
export function scoreBlocksByText(blocks: readonly Block[], p: ArrayLike<number>, chars: ArrayLike<number>): Block[] {
  return blocks.map((b) => {
    let s = 0, w = 0;
    for (let i = b.start; i < b.end; i++) { s += chars[i]! * p[i]!; w += chars[i]!; }
    return { start: b.start, end: b.end, score: w > 0 ? s / w : 0 };
  });
}

/** Eq. 4 for every line (see the module comment), from the page's normalised features (computed when not given). */
export function lineScores(table: LineTable, normalized: LineFeatures = computeLineFeatures(table, 'normalized')): Float64Array {
  return scoreLines(normalized);
}

/**
 * Eq. 4 for every line, `model` reading: B, C, E and F of the model's feature variant divided by the
 * model's H = (Mean + MAX) / 2 of that feature and clipped to [0, 1] (a value above 0 counts 1 where H is 0).
 */
export function modelLineScores(features: LineFeatures, membership: Model['membership']): Float64Array {
  return scoreLines(features, membership.map((m) => (m.mean + m.max) / 2));
}

/** Add DANA's smoothed diff, scaled to [−1, 1], to each line score (mode `evidence`). */
function addDanaEvidence(score: Float64Array, diff: Float64Array): void {
  let max = 0;
  for (let i = 0; i < diff.length; i++) max = Math.max(max, Math.abs(diff[i]!));
  if (max > 0) for (let i = 0; i < score.length; i++) score[i]! += diff[i]! / max;
}

/**
 * Apply a model to a page's line table (built with the model's line options).
 * @returns the chosen blocks and every intermediate the explanation shows
 */
export function applyModel(table: LineTable, model: Model, options: FarswApplyOptions = FARSW_APPLY_DEFAULTS): FarswResult {
  const features = computeLineFeatures(table, model.featureVariant);
  // The evidence vote and the DANA core share the page's AdDANAg diff (radius 1) and title line.
  const shared = options.classify === 'rules' ? { diff: smoothDiff(table.contentChars, table.linkNormCodeChars, 1), titleLine: findTitleLine(table) } : undefined;
  const confidence = options.classify === 'confidence' ? lineConfidence(features.columns, model, table, options.tokenEvidence)
    : shared ? rulesConfidence(features, model, table, options, shared) : undefined;
  const topical = confidence
    ? thresholdMask(confidence, options.fuzzyThreshold)
    : topicalMask(fuzzify(features.columns, model.membership), model.rules, model.params.significance, options.classify === 'fuzzy' ? 'fuzzy' : 'crisp', options.fuzzyThreshold);
  // The DANA core's largest region, each line's text weighted by its P(topical) when asked.
  const weight = teaserWeights(table, model, options, shared?.titleLine ?? -1, options.weightRegions && confidence ? confidence : undefined);
  const dana = danaCore(table, 'addanag', options.dana, weight,
    shared && { titleLine: shared.titleLine, ...(options.dana.radius === 1 ? { diff: shared.diff } : {}) });
  const lineScore = options.scoreNorm === 'model' ? modelLineScores(features, model.membership) : lineScores(table, features.variant === 'normalized' ? features : undefined);
  const n = table.count;
  const pathRejected = options.pathEvidence > 0 && options.pathVeto ? new Uint8Array(n) : undefined;
  if (options.pathEvidence > 0) applyPathEvidence(table, model, topical, options.pathEvidence, pathRejected);
  const template = options.templates ? templateChecker(table, model) : undefined;
  // A site model's headline stays a candidate though other pages of the site link to it (`topicalTitle`).
  const ownTitle = options.topicalTitle ? dana.titleLine : -1;
  if (template) for (let i = 0; i < n; i++) if (topical[i] && i !== ownTitle && template.is(i)) topical[i] = 0;

  let mask = topical;
  if (options.mode === 'vote') {
    mask = Uint8Array.from(topical);
    for (const r of dana.regions) mask.fill(1, r.start, r.end);
  } else if (options.mode === 'evidence') {
    addDanaEvidence(lineScore, dana.diff);
  }
  const evidenceBlocks = options.blockScore === 'evidence' && confidence !== undefined;
  const windows = evidenceBlocks
    ? scoreBlocksByText(slidingWindow(mask, options.phi, options.padding), confidence, table.contentChars)
    : scoreBlocks(slidingWindow(mask, options.phi, options.padding), lineScore);
  let selection = selectInformative(windows, evidenceBlocks ? options.evidenceBeta : options.beta, options.fallback);
  if (selection.fallback && selection.blocks.length > 0 && options.mode === 'union' && !keepFallback(table, selection.blocks[0]!, dana.blocks, options.fallbackLinkDensity)) {
    selection = { blocks: [], fallback: true };
  }
  if (evidenceBlocks && options.mode === 'union' && options.attach >= 0 && !selection.fallback) {
    const near = selection.blocks.filter((b) => dana.blocks.some((d) => d.start <= b.end + options.attach && b.start <= d.end + options.attach));
    selection = { blocks: near, fallback: false };
  }
  const fallback = options.mode !== 'dana' && selection.fallback;
  const informative = selection.fallback ? 0 : selection.blocks.length;
  const base = { topical, lineScore, windows, informative, fallback, fallbackKept: fallback && selection.blocks.length > 0, dana };

  let chosen: Uint8Array;
  switch (options.mode) {
    case 'dana':
      chosen = blocksToMask(dana.blocks, n);
      break;
    case 'union':
    case 'intersection': {
      chosen = blocksToMask(selection.blocks, n);
      if (options.mode === 'union') for (const b of dana.blocks) chosen.fill(1, b.start, b.end);
      else {
        const b = blocksToMask(dana.blocks, n);
        for (let i = 0; i < n; i++) chosen[i]! &= b[i]!;
      }
      break;
    }
    default:
      chosen = blocksToMask(selection.blocks, n);
  }
  const titleKept = dana.titleLine >= 0 && (options.addTitleLine || (options.keepTitleLine && (chosen[dana.titleLine] === 1 || (options.topicalTitle && topical[dana.titleLine] === 1))));
  // One container (extract/container.ts): chosen lines in another subtree than most of the text go,
  // except in its siblings the vote calls content (Readability's sibling step).
  // The lead under the headline (restoreLead) is read from the lines chosen before the containers cut.
  const beforeCut = options.leadChars > 0 && options.container > 0 && titleKept ? Uint8Array.from(chosen) : undefined;
  // The final container is chosen without the lines the learned mute would leave out: a muted teaser list or sidebar does not
  // outweigh the article (`muteBox`); the mute itself still comes last.
  const spare = titleKept && options.spareTitleLine ? dana.titleLine : -1;
  let forBox = chosen;
  if (options.muteBox && options.container > 0) {
    const muted = muteMask(table, model, chosen, options, spare);
    if (muted) forBox = chosen.map((c, i) => (muted[i] ? 0 : c));
  }
  let box = dominantContainer(table, forBox, options.container, options.dana.containerLines);
  // A container holding none of the chosen text of the region the DANA core started from (the title-anchored one) is a teaser
  // list or gallery beside the article: no cut then (the title container below still applies).
  if (options.anchorContainer && box >= 0 && missesRegion(table, chosen, box, dana.regions[dana.start])) box = -1;
  if (box >= 0) keepElements(table, chosen, box, options.siblings > 0 && confidence ? contentSiblings(table, box, confidence, options.siblings) : []);
  // The headline's container (extract/container.ts): lines away from the title line and DANA's starting region go.
  chosen = keepTitleContainer(table, chosen, dana.titleLine, dana.regions[dana.start], options.dana.titleContainer);
  // The stretch the container kept (with the container on): its lines below the axis (short list items, table cells) join, link-dense ones do not.
  if (options.fill > 0 && options.container > 0) fillSpan(table, chosen, options.fill);
  if (titleKept) chosen[dana.titleLine] = 1;
  const lead = beforeCut ? restoreLead(table, chosen, beforeCut, dana.titleLine, options.leadChars, LEAD_LINKS, options.leadRepeat) : [];
  if (confidence && options.runVeto > 0) {
    for (const b of scoreBlocksByText(maskToBlocks(chosen), confidence, table.contentChars)) if (b.score < options.runVeto) chosen.fill(0, b.start, b.end);
  }
  // Veto: a line the classifier is sure is not topical is not kept, whatever chose it.
  if (confidence && options.veto > 0) for (let i = 0; i < n; i++) if (chosen[i] && confidence[i]! < options.veto) chosen[i] = 0;
  if (pathRejected) for (let i = 0; i < n; i++) if (pathRejected[i]) chosen[i] = 0;
  // A template line is never kept, whatever chose it.
  // …but a site model's headline, which other pages of the site link to, stays (`topicalTitle`).
  if (template) for (let i = 0; i < n; i++) if (chosen[i] && !(titleKept && i === ownTitle) && template.is(i)) chosen[i] = 0;
  // …and neither does a line in a slot that held the article on the training pages.
  const slotted = options.slots ? addSlotLines(table, model, chosen) : [];
  if (options.dedupe) dropRepeatedLines(table, chosen);
  const muted = applyMute(table, model, chosen, options, spare);
  const main = relaxToMain(table, chosen, options.mainShare);
  if (main) return { ...base, template: template?.mask, blocks: maskToBlocks(main), relaxed: 'main' };
  return { ...base, template: template?.mask, blocks: maskToBlocks(chosen), ...(muted ? { muted } : {}), ...(lead.length > 0 ? { lead } : {}), ...(slotted.length > 0 ? { slotted } : {}) };
}

/**
 * The weight of each line's text in DANA's region sizes: `vote` (P(content), `weightRegions`), times the model's teaser share on
 * the lines of teaser lists after the title line (`teaserRank`).
 * @returns `vote` itself when no teaser line is weighed
 */
function teaserWeights(table: LineTable, model: Model, options: FarswApplyOptions, titleLine: number, vote: Float64Array | undefined): ArrayLike<number> | undefined {
  const share = model.evidence?.teaserShare;
  if (!options.teaserRank || share === undefined || titleLine < 0) return vote;
  const teasers = teaserLines(table);
  if (!teasers) return vote;
  const w = vote ? Float64Array.from(vote) : new Float64Array(table.count).fill(1);
  for (let i = titleLine + 1; i < table.count; i++) if (teasers[i]) w[i]! *= share;
  return w;
}

/** Per model: its topical slot keys (a KeyMap: the keys are 32-bit). */
const SLOT_SETS = new WeakMap<Model, KeyMap>();

/**
 * The site's template, slot by slot: a line with text whose structural slot (features/slots.ts) held article lines on the
 * model's training pages (Model.topicalSlots) is chosen, though neither a window nor the DANA core reached it (a deck apart
 * from the body, a short paragraph between two pictures). Only lines are added: a slot's non-topical history never drops a
 * chosen line (dropping measured no better, by the exact position worse; docs/decisions.md, session 13).
 * @param chosen changed in place
 * @returns the lines added, in page order
 */
export function addSlotLines(table: LineTable, model: Model, chosen: Uint8Array): number[] {
  const keys = model.topicalSlots;
  if (!keys || keys.length === 0) return [];
  let set = SLOT_SETS.get(model);
  if (!set) SLOT_SETS.set(model, (set = KeyMap.of(keys)));
  const slots = slotKeys(table), added: number[] = [];
  for (let i = 0; i < table.count; i++) {
    if (!chosen[i] && slots[i] !== 0 && set.has(slots[i]!)) { chosen[i] = 1; added.push(i); }
  }
  return added;
}

/** Does element `box` hold none of the chosen lines with text of `region` (false when the region has none or is undefined)? */
export function missesRegion(table: LineTable, chosen: Uint8Array, box: number, region: { readonly start: number; readonly end: number } | undefined): boolean {
  if (!region) return false;
  const tree = table.elements!, end = tree.end[box]!;
  let any = false;
  for (let i = region.start; i < region.end; i++) {
    if (!chosen[i] || table.contentChars[i] === 0) continue;
    const e = tree.line[i]! - 1;
    if (e >= box && e < end) return false;
    any = true;
  }
  return any;
}

/** Clear the chosen lines outside element `box` and the elements `also` (element numbers of `table.elements`). */
function keepElements(table: LineTable, chosen: Uint8Array, box: number, also: readonly number[]): void {
  const tree = table.elements!;
  // The kept subtrees are disjoint ranges of element numbers: mark them, then read one mark per line.
  const kept = new Uint8Array(tree.parent.length);
  for (const x of [box, ...also]) kept.fill(1, x, tree.end[x]!);
  for (let i = 0; i < table.count; i++) {
    const e = tree.line[i]! - 1;
    if (chosen[i] && (e < 0 || !kept[e])) chosen[i] = 0;
  }
}

/**
 * The learned mute (extract/mute.ts) on the chosen lines: the muted ones are cleared, unless fewer than `muteRetry`
 * characters would be left (then nothing is muted: a page whose article sits in such a block).
 * @param spare a line never muted (the kept title line; −1: none)
 * @returns per line, the muting class word index + 1 of the lines cleared; undefined when none were (the spared line alone too)
 */
function applyMute(table: LineTable, model: Model, chosen: Uint8Array, options: FarswApplyOptions, spare: number): Uint16Array | undefined {
  const muted = muteMask(table, model, chosen, options, spare);
  if (muted) for (let i = 0; i < chosen.length; i++) if (muted[i]) chosen[i] = 0;
  return muted;
}

/** What {@link applyMute} would clear in `chosen`, without clearing it (`muteBox` chooses the container from it). */
function muteMask(table: LineTable, model: Model, chosen: Uint8Array, options: FarswApplyOptions, spare: number): Uint16Array | undefined {
  const muted = options.mute > 0 ? mutedLines(table, model.evidence, options.mute, chosen) : undefined;
  if (!muted) return undefined;
  if (spare >= 0) muted[spare] = 0;
  let left = 0, any = false;
  for (let i = 0; i < chosen.length; i++) {
    if (muted[i]) any = true;
    else if (chosen[i]) left += table.contentChars[i]!;
  }
  return any && left >= options.muteRetry ? muted : undefined;
}

/** Anchor text share above which a line of the lead does not come back (Readability's link-density cut, as `fill`'s). */
export const LEAD_LINKS = 0.5;

/** Kept lines after the lead that a repeated lead line is compared with (`leadRepeat`): the article's opening. */
export const LEAD_REPEAT_LINES = 3;

/**
 * The lead under the headline: a deck or a first paragraph between the headline and the article's element, which the final or
 * the title container cut. Lines chosen before the containers (`before`: DANA's regions, the windows) that lie between the title
 * line and the first chosen line after it come back when they hold at least `minChars` characters (a sentence, not a byline, a
 * date or a share bar), their anchor text is at most `maxLinks` of their text (UTF-8 bytes) and, with `repeat` > 0, fewer than
 * that share of their tokens recur in one of the first `LEAD_REPEAT_LINES` kept lines after them (a summary repeating the
 * article's opening is a teaser, not a lead).
 * @param chosen changed in place
 * @returns the lines brought back (none of them was chosen: a chosen line with text ends the search)
 */
export function restoreLead(table: LineTable, chosen: Uint8Array, before: Uint8Array, titleLine: number, minChars: number, maxLinks: number, repeat = 0): number[] {
  const restored: number[] = [];
  let first = titleLine + 1;
  while (first < table.count && !(chosen[first] && table.contentChars[first]! > 0)) first++;
  if (first >= table.count) return restored;
  let opening: Set<string>[] | undefined;
  for (let i = titleLine + 1; i < first; i++) {
    if (!(before[i] && table.contentChars[i]! >= minChars && table.anchorBytes[i]! <= maxLinks * table.contentBytes[i]!)) continue;
    if (repeat > 0 && repeatsOpening(tokenize(table.lineText(i)), (opening ??= openingLines(table, chosen, first)), repeat)) continue;
    chosen[i] = 1;
    restored.push(i);
  }
  return restored;
}

/** The token sets of the first `LEAD_REPEAT_LINES` chosen lines with text from `from` on. */
function openingLines(table: LineTable, chosen: Uint8Array, from: number): Set<string>[] {
  const sets: Set<string>[] = [];
  for (let i = from; i < table.count && sets.length < LEAD_REPEAT_LINES; i++) {
    if (chosen[i] && table.contentChars[i]! > 0) sets.push(new Set(tokenize(table.lineText(i))));
  }
  return sets;
}

/** Do at least `share` of `tokens` occur in one of `lines`? */
function repeatsOpening(tokens: readonly string[], lines: readonly Set<string>[], share: number): boolean {
  if (tokens.length === 0) return false;
  return lines.some((set) => tokens.reduce((k, t) => k + (set.has(t) ? 1 : 0), 0) >= share * tokens.length);
}

/**
 * Choose every line with text between the first and the last chosen line whose anchor text is at most `maxLinks` of its
 * text (UTF-8 bytes): after the containers, the lines of the article's stretch that neither DANA's regions nor the
 * windows reached (lists and tables of short cells below the axis, a caption, a one-line paragraph).
 * @param chosen changed in place
 */
export function fillSpan(table: LineTable, chosen: Uint8Array, maxLinks: number): void {
  const first = chosen.indexOf(1), last = chosen.lastIndexOf(1);
  for (let i = first + 1; first >= 0 && i < last; i++) {
    if (!chosen[i] && table.contentChars[i]! > 0 && table.anchorBytes[i]! <= maxLinks * table.contentBytes[i]!) chosen[i] = 1;
  }
}

/**
 * Does `union` add FAR-SW's fallback block to DANA's lines? Not when the block is link-dense (`linkDense`, `share`)
 * and touches none of DANA's blocks (no line in common, none adjacent): a list of teaser links away from the article.
 * A link-dense block next to DANA's lines is kept: links inside or around the article's text.
 */
export function keepFallback(table: LineTable, block: Block, danaBlocks: readonly Block[], share: number): boolean {
  if (!linkDense(table, block, share)) return true;
  return danaBlocks.some((d) => d.start <= block.end && block.start <= d.end);
}

/** Is the anchor text of `block` more than `share` of its text (UTF-8 bytes)? Never when `share` is 0. */
export function linkDense(table: LineTable, block: Block, share: number): boolean {
  if (share <= 0) return false;
  let anchor = 0, text = 0;
  for (let i = block.start; i < block.end; i++) {
    anchor += table.anchorBytes[i]!;
    text += table.contentBytes[i]!;
  }
  return anchor > share * text;
}

/**
 * Unset every chosen line whose text (LineTable.lineText: decoded, white space collapsed) equals the text of an
 * earlier chosen line: the second copy of an article a page prints twice, a repeated "Advertisement".
 * @param chosen 1 for each chosen line; changed in place
 */
export function dropRepeatedLines(table: LineTable, chosen: Uint8Array): void {
  const seen = new Set<string>();
  for (let i = 0; i < table.count; i++) {
    if (!chosen[i] || table.contentChars[i] === 0) continue;
    const text = table.lineText(i);
    if (seen.has(text)) chosen[i] = 0;
    else seen.add(text);
  }
}

/** 1 where `p[i] ≥ threshold` (a plain loop: `Uint8Array.from` with a mapping function is slow). */
function thresholdMask(p: Float64Array, threshold: number): Uint8Array {
  const out = new Uint8Array(p.length);
  for (let i = 0; i < p.length; i++) if (p[i]! >= threshold) out[i] = 1;
  return out;
}

/** Per model: path key → index of its topical and non-topical line counts in `counts` (a KeyMap: path keys are 32-bit). */
const PATH_TABLES = new WeakMap<Model, { table: KeyMap; counts: Float64Array; prior: number }>();

/**
 * Structural evidence (beyond the paper): where the model saw a line's path on at
 * least `minLines` training lines, the path decides — topical when the share of its
 * training lines that were topical (smoothed to the base rate) is ≥ 0.5. It is the
 * most specific rule a site model has; elsewhere the fuzzy rules decide.
 * @param topical changed in place
 * @param rejected when given, 1 is set for each line the evidence makes non-topical
 */
export function applyPathEvidence(table: LineTable, model: Model, topical: Uint8Array, minLines: number, rejected?: Uint8Array): void {
  const stats = model.pathStats;
  if (!stats || stats.length === 0) return;
  let t = PATH_TABLES.get(model);
  if (!t) {
    // A repeated key keeps its last counts (as a Map would); a key no Uint32 path can equal is left out.
    const m = new Map<number, readonly [number, number]>();
    let tp = 0, all = 0;
    for (const [k, a, b] of stats) { if (k >>> 0 === k) m.set(k, [a, b]); tp += a; all += a + b; }
    const counts = new Float64Array(2 * m.size);
    let j = 0;
    for (const [a, b] of m.values()) { counts[2 * j] = a; counts[2 * j + 1] = b; j++; }
    PATH_TABLES.set(model, (t = { table: new KeyMap([...m.keys()].map((k, x): [number, number] => [k, x])), counts, prior: all > 0 ? tp / all : 0 }));
  }
  const counts = t.counts;
  for (let i = 0; i < table.count; i++) {
    const key = table.path[i]!;
    if (key === 0) continue; // no text, no path
    const x = t.table.get(key);
    if (x < 0) continue;
    const a = counts[2 * x]!, b = counts[2 * x + 1]!;
    if (a + b < minLines) continue;
    topical[i] = (a + t.prior) / (a + b + 1) >= 0.5 ? 1 : 0;
    if (!topical[i] && rejected) rejected[i] = 1;
  }
}

/** Per model: its template line keys (a KeyMap: the keys are 32-bit, heap numbers in a Set). */
const TEMPLATE_SETS = new WeakMap<Model, KeyMap>();

/**
 * Checks lines against the model's template lines, each line at most once and
 * only when asked (hashing needs the line's text): `mask[i]` is 1 for checked
 * template lines. Undefined when the model has no template lines.
 */
export function templateChecker(table: LineTable, model: Model): { is(i: number): boolean; readonly mask: Uint8Array } | undefined {
  const keys = model.templateLines;
  if (!keys || keys.length === 0) return undefined;
  let set = TEMPLATE_SETS.get(model);
  if (!set) TEMPLATE_SETS.set(model, (set = KeyMap.of(keys.filter((k) => k >>> 0 === k))));
  const known = set;
  const maxChars = model.templateMaxChars ?? Infinity;
  // Two arrays, not two views on one: a view costs about as much as an array.
  const mask = new Uint8Array(table.count), checked = new Uint8Array(table.count);
  return {
    mask,
    is(i: number): boolean {
      if (!checked[i]) {
        checked[i] = 1;
        const chars = table.contentChars[i]!;
        if (chars !== 0 && chars <= maxChars && known.has(table.lineKey ? table.lineKey(i) : lineKey(table.lineText(i)))) mask[i] = 1;
      }
      return mask[i] === 1;
    },
  };
}
