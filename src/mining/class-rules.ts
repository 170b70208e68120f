/**
 * Fuzzy class association rules (issue 17; in the spirit of FAR-SW, seed 002, §3.3, and of FARC-HD,
 * Alcalá-Fdez, Alcalá & Herrera 2011): rules "items ⇒ class" for both classes (content, boilerplate),
 * mined with Apriori over the lines' items, and a weighted vote that classifies a line.
 *
 * Items are fuzzy regions of numeric evidence (kept in a transaction when the line's membership is
 * ≥ the significance threshold, as FAR-SW's Step 4) and crisp items (structure, class/id words).
 * Mining counts crisp transactions with vertical bit sets (one per item, one bit per line):
 *   support(A ⇒ c)    = |lines of class c holding A| / |lines of class c|  (per class, so the rarer class
 *                       is mined at the same threshold);
 *   confidence(A ⇒ c) = |lines of class c holding A| / |lines holding A|;
 *   weight            = (confidence − prior_c) / (1 − prior_c), the certainty factor relative to the class's
 *                       base rate (FARC-HD's penalised certainty factor, read against the prior: a rule no better
 *                       than the base rate weighs 0 and is not kept).
 * A rule is kept when its support and weight pass the thresholds and its confidence beats every kept rule
 * of the same class made of a subset of its items by `minGain` (more items must say more); then the
 * `maxRules` rules of each class with the largest weight × support.
 *
 * Classification (`voteTopical`): each rule fires on a line with degree μ = product of its items' memberships;
 * P(content) = Σ μ·w·p / Σ μ·w, p = the rule's confidence in "content" (1 − confidence for a boilerplate rule);
 * the prior when no rule fires.
 */

/** A class association rule. */
export interface ClassRule {
  /** Item ids, ascending. */
  readonly items: readonly number[];
  /** true: ⇒ content (topical); false: ⇒ boilerplate. */
  readonly topical: boolean;
  /** Support in its class, [0, 1]. */
  readonly support: number;
  /** Confidence in its class, [0, 1]. */
  readonly confidence: number;
  /** Certainty factor against the class prior, (0, 1]. */
  readonly weight: number;
}

/** Parameters of `mineClassRules`. */
export interface ClassRuleOptions {
  /** Minimum support in the rule's class. */
  readonly minSupport: number;
  /** Minimum weight (certainty factor against the prior). */
  readonly minWeight: number;
  /** A rule must beat the confidence of each kept sub-rule of its class by this much. */
  readonly minGain: number;
  /** Most items in a rule. */
  readonly maxLength: number;
  /** Rules kept per class. */
  readonly maxRules: number;
}

/** Transactions as vertical bit sets: `items[r]` has bit t set when transaction t holds item r. */
export interface BitTransactions {
  readonly count: number;
  readonly items: readonly Uint32Array[];
  /** Bit t set when transaction t is of class "content". */
  readonly topical: Uint32Array;
}

/** Number of set bits of a 32-bit integer. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** |a ∧ b| and |a ∧ b ∧ c| in one pass; `into` receives a ∧ b when given. */
function countAnd(a: Uint32Array, b: Uint32Array, cls: Uint32Array, into?: Uint32Array): [number, number] {
  let all = 0, inClass = 0;
  for (let w = 0; w < a.length; w++) {
    const x = a[w]! & b[w]!;
    if (into) into[w] = x;
    if (x !== 0) { all += popcount(x); inClass += popcount(x & cls[w]!); }
  }
  return [all, inClass];
}

/** Bit set of `n` transactions with every bit set. */
function fullSet(n: number): Uint32Array {
  const s = new Uint32Array(Math.ceil(n / 32)).fill(0xffffffff);
  if (n % 32 !== 0) s[s.length - 1] = (1 << (n % 32)) - 1;
  return s;
}

/**
 * Mine class association rules for both classes (module comment).
 * @returns content rules then boilerplate rules, each by decreasing weight × support
 */
export function mineClassRules(tx: BitTransactions, options: ClassRuleOptions): ClassRule[] {
  const words = Math.ceil(tx.count / 32);
  const all = fullSet(tx.count);
  let topicalCount = 0;
  for (let w = 0; w < words; w++) topicalCount += popcount(tx.topical[w]!);
  const out: ClassRule[] = [];
  for (const topical of [true, false]) {
    const cls = topical ? tx.topical : Uint32Array.from(tx.topical, (x, w) => ~x & all[w]!);
    const classCount = topical ? topicalCount : tx.count - topicalCount;
    if (classCount === 0 || classCount === tx.count) continue;
    const prior = classCount / tx.count;
    const kept = new Map<string, ClassRule>();
    const consider = (items: number[], n: number, c: number): void => {
      const confidence = c / n, weight = (confidence - prior) / (1 - prior);
      if (weight < options.minWeight) return;
      for (const sub of kept.values()) {
        if (sub.items.length < items.length && sub.items.every((x) => items.includes(x)) && confidence < sub.confidence + options.minGain) return;
      }
      kept.set(items.join(','), { items, topical, support: c / classCount, confidence, weight });
    };
    // Level 1.
    let level: { items: number[]; bits: Uint32Array }[] = [];
    for (let r = 0; r < tx.items.length; r++) {
      const bits = tx.items[r]!;
      const [n, c] = countAnd(bits, all, cls);
      if (c / classCount < options.minSupport) continue;
      level.push({ items: [r], bits });
      consider([r], n, c);
    }
    for (let k = 2; k <= options.maxLength && level.length > 1; k++) {
      const frequent = new Set(level.map((x) => x.items.join(',')));
      const next: { items: number[]; bits: Uint32Array }[] = [];
      for (let i = 0; i < level.length; i++) {
        for (let j = i + 1; j < level.length; j++) {
          const a = level[i]!.items, b = level[j]!.items;
          let same = true;
          for (let q = 0; q < k - 2; q++) if (a[q] !== b[q]) { same = false; break; }
          if (!same) break; // level is sorted: later j share even less of the prefix
          const items = [...a, b[k - 2]!];
          let subsets = true;
          for (let drop = 0; drop < k - 2 && subsets; drop++) subsets = frequent.has(items.filter((_, q) => q !== drop).join(','));
          if (!subsets) continue;
          const bits = new Uint32Array(words);
          const [n, c] = countAnd(level[i]!.bits, level[j]!.bits, cls, bits);
          if (c / classCount < options.minSupport) continue;
          next.push({ items, bits });
          consider(items, n, c);
        }
      }
      level = next;
    }
    const rules = [...kept.values()].sort((x, y) => y.weight * y.support - x.weight * x.support || compareItems(x.items, y.items));
    out.push(...rules.slice(0, options.maxRules));
  }
  return out;
}

function compareItems(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** Rules grouped by their first item, for `voteIndexed`: a line skips every group whose first item it does not hold. */
export interface RuleIndex {
  /** Per item: the rules whose first (lowest) item it is. */
  readonly byFirst: readonly (readonly ClassRule[])[];
}

/** Index rules by their first item (`items` = the number of item ids). */
export function indexRules(rules: readonly ClassRule[], items: number): RuleIndex {
  const byFirst: ClassRule[][] = Array.from({ length: items }, () => []);
  for (const r of rules) byFirst[r.items[0]!]!.push(r);
  return { byFirst };
}

/** `voteTopical` over an index: the same result, visiting only rules whose first item the line holds. */
export function voteIndexed(index: RuleIndex, degree: ArrayLike<number>, prior: number): number {
  let num = 0, den = 0;
  const groups = index.byFirst;
  for (let first = 0; first < groups.length; first++) {
    const d0 = degree[first]!;
    if (d0 === 0) continue;
    for (const r of groups[first]!) {
      let mu = d0;
      for (let j = 1; j < r.items.length && mu !== 0; j++) mu *= degree[r.items[j]!]!;
      if (mu === 0) continue;
      const w = mu * r.weight;
      num += w * (r.topical ? r.confidence : 1 - r.confidence);
      den += w;
    }
  }
  return den > 0 ? num / den : prior;
}

/**
 * Weighted vote of the rules on one line (module comment).
 * @param degree membership of the line in each item (0 for an item it does not hold)
 * @param prior P(content) when no rule fires
 * @returns P(content) in [0, 1]
 */
export function voteTopical(rules: readonly ClassRule[], degree: ArrayLike<number>, prior: number): number {
  let num = 0, den = 0;
  for (const r of rules) {
    let mu = 1;
    for (const it of r.items) {
      mu *= degree[it]!;
      if (mu === 0) break;
    }
    if (mu === 0) continue;
    const w = mu * r.weight;
    num += w * (r.topical ? r.confidence : 1 - r.confidence);
    den += w;
  }
  return den > 0 ? num / den : prior;
}
