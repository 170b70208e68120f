/**
 * Applying a model's evidence rules (issue 17): every text line's items (features/evidence.ts, with the
 * model's membership functions and vocabularies) → weighted vote of the fuzzy class association rules
 * (mining/class-rules.ts) → P(content) per line. Lines without text get 0.
 */
import type { LineTable } from '../core/types.js';
import { CLASS_WORD_ITEM_BASE, computeEvidence, STRUCTURE_ITEM_BASE, STRUCTURE_ITEMS, type LineEvidence } from '../features/evidence.js';
import { fuzzifyValue } from '../fuzzy/membership.js';
import { indexRules, voteIndexed, voteTopical, type ClassRule, type RuleIndex } from '../mining/class-rules.js';
import type { EvidenceModel } from '../model/model.js';
import { findTitleLine } from '../features/title-line.js';

const COMMON_SETS = new WeakMap<EvidenceModel, { common: ReadonlySet<number>; words: ReadonlyMap<number, number> }>();

function vocabularies(ev: EvidenceModel): { common: ReadonlySet<number>; words: ReadonlyMap<number, number> } {
  let v = COMMON_SETS.get(ev);
  if (!v) COMMON_SETS.set(ev, (v = { common: new Set(ev.commonWords), words: new Map(ev.classWords.map(([k], j) => [k, CLASS_WORD_ITEM_BASE + j])) }));
  return v;
}

const RULE_INDEXES = new WeakMap<EvidenceModel, RuleIndex>();
function ruleIndex(ev: EvidenceModel): RuleIndex {
  let x = RULE_INDEXES.get(ev);
  if (!x) RULE_INDEXES.set(ev, (x = indexRules(ev.rules, itemCount(ev))));
  return x;
}

/** Number of items of an evidence model (numeric regions, structure, class words). */
export function itemCount(ev: EvidenceModel): number {
  return CLASS_WORD_ITEM_BASE + ev.classWords.length;
}

/**
 * Membership of text line entry k in every item, written to `out` (itemCount long).
 * @param evidence the page's evidence, CommonWords filled with the model's vocabulary
 */
export function itemDegrees(table: LineTable, ev: EvidenceModel, evidence: LineEvidence, k: number, out: Float64Array): void {
  out.fill(0);
  for (let f = 0; f < ev.membership.length; f++) fuzzifyValue(ev.membership[f]!, evidence.numeric[f]![k]!, out, f * 3);
  const s = evidence.structure[k]!;
  for (let b = 0; b < STRUCTURE_ITEMS.length; b++) if (s & (1 << b)) out[STRUCTURE_ITEM_BASE + b] = 1;
  const ct = table.classTokens;
  if (ct) {
    const { words } = vocabularies(ev), i = evidence.lines[k]!;
    for (let j = ct.start[i]!; j < ct.start[i + 1]!; j++) {
      const r = words.get(ct.keys[j]!);
      if (r !== undefined) out[r] = 1;
    }
  }
}

/** The page's evidence with the model's vocabulary (title line found as the DANA core finds it). */
export function pageEvidence(table: LineTable, ev: EvidenceModel): LineEvidence {
  return computeEvidence(table, findTitleLine(table), vocabularies(ev).common);
}

/**
 * P(content) of every line by the evidence rules' weighted vote; 0 for lines without text.
 * @returns one probability per table line
 */
export function evidenceConfidence(table: LineTable, ev: EvidenceModel): Float64Array {
  const evidence = pageEvidence(table, ev);
  const out = new Float64Array(table.count);
  const degree = new Float64Array(itemCount(ev));
  const index = ruleIndex(ev);
  for (let k = 0; k < evidence.lines.length; k++) {
    itemDegrees(table, ev, evidence, k, degree);
    out[evidence.lines[k]!] = voteIndexed(index, degree, ev.prior);
  }
  return out;
}

/** A rule that fired on a line, with its degree. */
export interface FiredRule {
  readonly rule: ClassRule;
  readonly degree: number;
}

/**
 * The vote on line `line` and the rules that fired (degree > 0), strongest vote first (degree × weight), for `farsw explain`.
 * @returns P(content) 0 and no rules for a line without text
 */
export function firedRules(table: LineTable, ev: EvidenceModel, line: number, evidence: LineEvidence = pageEvidence(table, ev)): { p: number; fired: FiredRule[] } {
  let k = -1;
  for (let lo = 0, hi = evidence.lines.length - 1; lo <= hi;) {
    const mid = (lo + hi) >> 1, v = evidence.lines[mid]!;
    if (v === line) { k = mid; break; }
    if (v < line) lo = mid + 1; else hi = mid - 1;
  }
  if (k < 0) return { p: 0, fired: [] };
  const degree = new Float64Array(itemCount(ev));
  itemDegrees(table, ev, evidence, k, degree);
  const fired: FiredRule[] = [];
  for (const rule of ev.rules) {
    let mu = 1;
    for (const it of rule.items) mu *= degree[it]!;
    if (mu > 0) fired.push({ rule, degree: mu });
  }
  fired.sort((a, b) => b.degree * b.rule.weight - a.degree * a.rule.weight);
  return { p: voteTopical(ev.rules, degree, ev.prior), fired };
}
