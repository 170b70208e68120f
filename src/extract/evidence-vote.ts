/**
 * Applying a model's evidence rules (issue 17): every text line's items (features/evidence.ts, with the
 * model's membership functions and vocabularies) → weighted vote of the fuzzy class association rules
 * (mining/class-rules.ts) → P(content) per line. Lines without text get 0.
 */
import type { LineTable } from '../core/types.js';
import { KeyMap, sameKeys, SlotSet } from '../core/key-map.js';
import { CLASS_WORD_ITEM_BASE, computeEvidence, EVIDENCE_NUMERIC, STRUCTURE_ITEM_BASE, STRUCTURE_ITEMS, type EvidenceInputs, type KeySet, type LineEvidence } from '../features/evidence.js';
import { fuzzifyThree, fuzzifyValue } from '../fuzzy/membership.js';
import { indexRules, voteActive, voteSums, type ClassRule, type RuleIndex } from '../mining/class-rules.js';
import type { EvidenceModel } from '../model/model.js';
import { findTitleLine } from '../features/title-line.js';

/** What applying an evidence model needs, built once per model: vocabularies and the rule index. */
interface CompiledEvidence {
  /** The common-word vocabulary: a SlotSet (one load per word) unless its keys cannot be spread. */
  readonly common: KeySet;
  /** Class/id word key → its item id. */
  readonly words: KeyMap;
  /** Rules grouped by their rarest item (the model's itemShares), or without them those with a structure or class-word item by their last item (mining/class-rules.ts RuleIndex). */
  readonly index: RuleIndex;
  readonly items: number;
  /** Per numeric column, its membership function's L, mean and H (fuzzy/membership.ts fuzzifyThree), when all are of the `three` shape. */
  readonly points: { readonly low: Float64Array; readonly mean: Float64Array; readonly high: Float64Array } | undefined;
  /** A line's item degrees (the sentinel's 1 at the end): scratch, all 0 between lines except the numeric regions'. */
  readonly degree: Float64Array;
  /** Active items and their degrees of a line and of the line before it (scratch, swapped from line to line). */
  readonly active: readonly [Int32Array, Int32Array];
  readonly activeDegree: readonly [Float64Array, Float64Array];
  /** A line's class-word items (scratch). */
  readonly wordItems: Int32Array;
  /**
   * The rules without an item of a position feature (`stable`) and with one (`moving`), each indexed as `index`; `moves[it]`
   * is 1 for the position features' regions. Like lines (list items, a paragraph repeated) differ only there.
   */
  readonly stable: RuleIndex;
  readonly moving: RuleIndex;
  readonly moves: Uint8Array;
}

/** Numeric evidence that changes on every line by construction (its position on the page). */
const POSITION_FEATURES = ['Index', 'TitleOffset'].map((f) => EVIDENCE_NUMERIC.indexOf(f as (typeof EVIDENCE_NUMERIC)[number]));

const COMPILED = new WeakMap<EvidenceModel, CompiledEvidence>();

function compiled(ev: EvidenceModel): CompiledEvidence {
  let c = COMPILED.get(ev);
  if (!c) {
    const items = itemCount(ev);
    const m = ev.membership;
    const points = m.every((mf) => mf.shape !== 'two') ? {
      low: Float64Array.from(m, (mf) => (mf.min + mf.mean) / 2), mean: Float64Array.from(m, (mf) => mf.mean), high: Float64Array.from(m, (mf) => (mf.mean + mf.max) / 2),
    } : undefined;
    const moves = new Uint8Array(items + 1);
    for (const f of POSITION_FEATURES) moves.fill(1, f * 3, f * 3 + 3);
    const index = (rules: readonly ClassRule[]): RuleIndex => indexRules(rules, items, STRUCTURE_ITEM_BASE, ev.itemShares);
    c = {
      common: SlotSet.of(ev.commonWords) ?? KeyMap.of(ev.commonWords), words: new KeyMap(ev.classWords.map(([k], j) => [k, CLASS_WORD_ITEM_BASE + j])), index: index(ev.rules), items, points,
      degree: new Float64Array(items + 1).fill(1, items), active: [new Int32Array(items), new Int32Array(items)],
      activeDegree: [new Float64Array(items), new Float64Array(items)], wordItems: new Int32Array(ev.classWords.length),
      stable: index(ev.rules.filter((r) => !r.items.some((it) => moves[it]))), moving: index(ev.rules.filter((r) => r.items.some((it) => moves[it]))), moves,
    };
    COMPILED.set(ev, c);
  }
  return c;
}

/** The rule index the apply path votes over (`evidenceConfidence`, `firedRules`). */
export function ruleIndex(ev: EvidenceModel): RuleIndex {
  return compiled(ev).index;
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
    const { words } = compiled(ev), i = evidence.lines[k]!;
    for (let j = ct.start[i]!; j < ct.start[i + 1]!; j++) {
      const r = words.get(ct.keys[j]!);
      if (r >= 0) out[r] = 1;
    }
  }
}

/**
 * The page's evidence with the model's vocabulary.
 * @param given what the caller already computed on this table (evidence.ts EvidenceInputs); the title line
 *   is found as the DANA core finds it when not given
 */
export function pageEvidence(table: LineTable, ev: EvidenceModel, given: EvidenceInputs & { readonly titleLine?: number } = {}): LineEvidence {
  return computeEvidence(table, given.titleLine ?? findTitleLine(table), compiled(ev).common, given);
}

/**
 * P(content) of every line by the evidence rules' weighted vote; 0 for lines without text.
 * Each line's items are set sparsely (numeric regions, then structure bits, then class words, ascending) and
 * only the rule groups of items it holds are visited (mining/class-rules.ts voteActive). A line whose items and
 * degrees are those of the text line before it gets that line's vote (a page of many like lines: list items, the
 * paragraphs of a generated page, whose degrees differ only where Index or TitleOffset are between two regions).
 * @param given what the caller already computed on this table (see `pageEvidence`)
 * @returns one probability per table line
 */
export function evidenceConfidence(table: LineTable, ev: EvidenceModel, given: EvidenceInputs & { readonly titleLine?: number } = {}): Float64Array {
  const evidence = pageEvidence(table, ev, { ...given, words: false, reuse: true });
  const c = compiled(ev), { words, index, points, degree, stable, moving, moves } = c;
  // The stable rules' sums of the current run of like lines (valid while `stableKnown`), and the moving rules' of a line.
  const stableSums = new Float64Array(2), sums = new Float64Array(2);
  let stableKnown = false;
  const out = new Float64Array(table.count);
  const membership = ev.membership, numeric = evidence.numeric, structure = evidence.structure;
  const ct = table.classTokens, lines = evidence.lines;
  let active = c.active[0], prevActive = c.active[1], activeDegree = c.activeDegree[0], prevDegree = c.activeDegree[1];
  let prevCount = -1, prevP = 0;
  // The class-word items of the last line that had its keys read (ascending), and where those keys lie in ct.keys.
  const wordItems = c.wordItems;
  let wordCount = 0, wordsFrom = 0, wordsTo = 0;
  let prevStructure = -1;
  for (let k = 0; k < lines.length; k++) {
    // The 0/1 items (structure, class words) follow the numeric regions; `wordsKept`: its class words are the line before's.
    let wordsKept = true, count = activeRegions(membership, points, numeric, k, degree, active, activeDegree);
    const crisp = count, s = structure[k]!;
    count = addStructureItems(s, degree, active, activeDegree, count);
    const i = lines[k]!;
    if (ct) {
      // The lines of one element carry the same class/id words: the line before's class-word items are kept when they are.
      const from = ct.start[i]!, to = ct.start[i + 1]!;
      if (!sameKeys(ct.keys, wordsFrom, wordsTo, from, to)) {
        wordsKept = false;
        wordCount = wordItemsOf(ct.keys, from, to, words, wordItems);
        wordsFrom = from; wordsTo = to;
      }
      for (let w = 0; w < wordCount; w++) { const r = wordItems[w]!; degree[r] = 1; activeDegree[count] = 1; active[count++] = r; }
    }
    // Most lines differ from the line before in their first numeric regions (Index, TextLength): a few comparisons.
    const same = count === prevCount && sameItems(active, activeDegree, prevActive, prevDegree, count);
    const sameCrisp = s === prevStructure && wordsKept;
    prevStructure = s;
    if (same) out[i] = prevP;
    else {
      // A like line: the same structure and class words, and no value but the position features' changed.
      if (sameCrisp && k > 0 && sameValues(numeric, k, moves)) {
        // A like line: the stable rules' sums are the line before's (computed once per run of like lines), the moving rules' are new.
        if (!stableKnown) { voteSums(stable, degree, active, count, stableSums); stableKnown = true; }
        voteSums(moving, degree, active, count, sums);
        const den = stableSums[1]! + sums[1]!;
        prevP = den > 0 ? (stableSums[0]! + sums[0]!) / den : ev.prior;
      } else {
        prevP = voteActive(index, degree, active, count, ev.prior);
        stableKnown = false;
      }
      out[i] = prevP;
      prevCount = count;
      const a = active, d = activeDegree;
      active = prevActive; activeDegree = prevDegree;
      prevActive = a; prevDegree = d;
    }
    // This line's items are in prevActive now (swapped in, or equal to it when the vote was reused): clear its 0/1 items.
    for (let a = crisp; a < count; a++) degree[prevActive[a]!] = 0;
  }
  return out;
}

/**
 * Fuzzify entry k of the numeric columns into `degree` (three regions per feature) and list its regions with a degree
 * other than 0, ascending, in `active` / `activeDegree`.
 * @returns how many regions were listed
 */
function activeRegions(membership: EvidenceModel['membership'], points: CompiledEvidence['points'], numeric: readonly Float32Array[], k: number,
  degree: Float64Array, active: Int32Array, activeDegree: Float64Array): number {
  let count = 0;
  for (let f = 0; f < membership.length; f++) {
    if (points) fuzzifyThree(points.low[f]!, points.mean[f]!, points.high[f]!, numeric[f]![k]!, degree, f * 3);
    else fuzzifyValue(membership[f]!, numeric[f]![k]!, degree, f * 3);
    // Each region is written and kept when its degree is not 0 (no branch on the value).
    const low = degree[f * 3]!, mid = degree[f * 3 + 1]!, high = degree[f * 3 + 2]!;
    activeDegree[count] = low; active[count] = f * 3; count += low !== 0 ? 1 : 0;
    activeDegree[count] = mid; active[count] = f * 3 + 1; count += mid !== 0 ? 1 : 0;
    activeDegree[count] = high; active[count] = f * 3 + 2; count += high !== 0 ? 1 : 0;
  }
  return count;
}

/** List the structure items of the bits of `s` (0/1 items) after the `count` items listed. @returns the new count */
function addStructureItems(s: number, degree: Float64Array, active: Int32Array, activeDegree: Float64Array, count: number): number {
  for (let b = 0; s >>> b !== 0; b++) {
    if (s & (1 << b)) { degree[STRUCTURE_ITEM_BASE + b] = 1; activeDegree[count] = 1; active[count++] = STRUCTURE_ITEM_BASE + b; }
  }
  return count;
}

/** Are the first `count` listed items and degrees those of the line before? */
function sameItems(active: Int32Array, activeDegree: Float64Array, prevActive: Int32Array, prevDegree: Float64Array, count: number): boolean {
  for (let a = 0; a < count; a++) if (active[a] !== prevActive[a] || activeDegree[a] !== prevDegree[a]) return false;
  return true;
}

/**
 * The class-word items of the keys `keys[from..to)`: each key the model knows, as its item, ascending and distinct, in `out`.
 * @returns how many items were written
 */
function wordItemsOf(keys: ArrayLike<number>, from: number, to: number, words: CompiledEvidence['words'], out: Int32Array): number {
  let n = 0;
  for (let j = from; j < to; j++) {
    const r = words.get(keys[j]!);
    if (r < 0) continue;
    // Insertion keeps them ascending and distinct.
    let q = n;
    while (q > 0 && out[q - 1]! > r) q--;
    if (q > 0 && out[q - 1] === r) continue;
    for (let x = n; x > q; x--) out[x] = out[x - 1]!;
    out[q] = r;
    n++;
  }
  return n;
}

/** Has entry k the values of entry k − 1 in every numeric column but the position features' (`moves`)? */
function sameValues(numeric: readonly Float32Array[], k: number, moves: Uint8Array): boolean {
  for (let f = 0; f < numeric.length; f++) if (moves[f * 3] === 0 && numeric[f]![k] !== numeric[f]![k - 1]) return false;
  return true;
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
  const items = itemCount(ev), degree = new Float64Array(items + 1).fill(1, items);
  itemDegrees(table, ev, evidence, k, degree.subarray(0, items));
  const fired: FiredRule[] = [];
  for (const rule of ev.rules) {
    let mu = 1;
    for (const it of rule.items) mu *= degree[it]!;
    if (mu > 0) fired.push({ rule, degree: mu });
  }
  fired.sort((a, b) => b.degree * b.rule.weight - a.degree * a.rule.weight);
  // P as the apply path computes it (the same sums in the same order).
  const active = [...degree.keys()].filter((it) => it < items && degree[it] !== 0);
  return { p: voteActive(compiled(ev).index, degree, active, active.length, ev.prior), fired };
}
