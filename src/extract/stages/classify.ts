/**
 * Step 6 of the model path (seed 002, §3.3): which lines are topical. The paper's crisp rule matching, its fuzzy reading,
 * farsw's `confidence` reading (the line's significant-region set read as one rule, with class/id-word evidence) and the
 * evidence vote (`rules`), each to P(content) per line and a 0/1 topical mask.
 */
import type { LineTable } from '../../core/types.js';
import { ConfigError } from '../../core/errors.js';
import { KeyMap, sameKeys } from '../../core/key-map.js';
import { computeLineFeatures, type LineFeatures } from '../../features/line-features.js';
import { fuzzify, significantMasker, type FuzzySet } from '../../fuzzy/fuzzify.js';
import type { Rule } from '../../mining/rules.js';
import type { EvidenceModel, Model } from '../../model/model.js';
import { evidenceConfidence } from '../evidence-vote.js';
import { smoothDiff } from '../dana.js';
import { findTitleLine } from '../title.js';
import type { FarswApplyOptions } from '../apply-options.js';
import { need, type Stage } from './types.js';

/** Stage `features`: the six FAR-SW features in the model's variant; with `rules` classification, the AdDANAg diff and title line the vote and the DANA core share. */
export const featuresStage: Stage = {
  id: 'features', purpose: "the page's six FAR-SW features (and the diff and title line the vote and the DANA core share)", kept: '', dropped: '',
  run({ table, model, options }) {
    const features = computeLineFeatures(table, model.featureVariant);
    if (options.classify !== 'rules') return { features };
    return { features, shared: { diff: smoothDiff(table.contentChars, table.linkNormCodeChars, 1), titleLine: findTitleLine(table) } };
  },
};

/** Stage `classify`: P(content) per line (`confidence`, `rules`) and the topical mask of Step 6. */
export const classifyStage: Stage = {
  id: 'classify', purpose: 'Step 6: P(content) per line and the topical lines (crisp, fuzzy, confidence or the evidence vote)', kept: '', dropped: '',
  run({ table, model, options }, state) {
    const features = need(state, 'features', 'classify');
    const confidence = options.classify === 'confidence' ? lineConfidence(features.columns, model, table, options.tokenEvidence)
      : options.classify === 'rules' ? rulesConfidence(features, model, table, options, need(state, 'shared', 'classify')) : undefined;
    const topical = confidence
      ? thresholdMask(confidence, options.fuzzyThreshold)
      : topicalMask(fuzzify(features.columns, model.membership), model.rules, model.params.significance, options.classify === 'fuzzy' ? 'fuzzy' : 'crisp', options.fuzzyThreshold);
    return confidence ? { confidence, topical } : { topical };
  },
};

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
        for (let j = from; j < to; j++) {
          const x = words.index.get(keys[j]!);
          if (x >= 0) llr += words.llr[x]!;
        }
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

/** A model's class/id words: key → index in `llr`. */
interface TokenTable {
  readonly index: KeyMap;
  readonly llr: Float64Array;
}
const TOKEN_TABLES = new WeakMap<Model, TokenTable>();
/** Largest evidence one word may add, in nats (a rare word must not decide alone). */
const MAX_WORD_LLR = 3;

/**
 * Per class/id word, its log-likelihood ratio for "topical": log((t + 1) / (n + 1)) minus the
 * same for all training lines, clipped to ±MAX_WORD_LLR (naive Bayes over the line's words).
 * In typed arrays: a Map of a model's millions of words needed more heap than the model (docs/decisions.md).
 */
function tokenTable(model: Model): TokenTable {
  let t = TOKEN_TABLES.get(model);
  if (t) return t;
  const r = model.trainingReport;
  const base = Math.log((r.topicalLines + 1) / (r.lines - r.topicalLines + 1));
  const stats = model.tokenStats ?? [];
  const keys = new Uint32Array(stats.length);
  let n = 0;
  for (const [k] of stats) if (k >>> 0 === k) keys[n++] = k;
  const index = new KeyMap({ keys: keys.subarray(0, n) });
  const llr = new Float64Array(n);
  // A repeated key keeps its last counts (as a Map's set did).
  for (const [k, tp, fp] of stats) if (k >>> 0 === k) llr[index.get(k)] = Math.max(-MAX_WORD_LLR, Math.min(MAX_WORD_LLR, Math.log((tp + 1) / (fp + 1)) - base));
  TOKEN_TABLES.set(model, (t = { index, llr }));
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


/** 1 where `p[i] ≥ threshold` (a plain loop: `Uint8Array.from` with a mapping function is slow). */
function thresholdMask(p: Float64Array, threshold: number): Uint8Array {
  const out = new Uint8Array(p.length);
  for (let i = 0; i < p.length; i++) if (p[i]! >= threshold) out[i] = 1;
  return out;
}

