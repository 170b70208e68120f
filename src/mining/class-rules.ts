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

/** |a ∧ b| and |a ∧ b ∧ c| in one pass. */
function countAnd(a: Uint32Array, b: Uint32Array, cls: Uint32Array): [number, number] {
  let all = 0, inClass = 0;
  for (let w = 0; w < a.length; w++) {
    const x = a[w]! & b[w]!;
    if (x !== 0) { all += popcount(x); inClass += popcount(x & cls[w]!); }
  }
  return [all, inClass];
}

/** `into` = the AND of the bit sets of `itemset`'s items. */
function andAll(items: readonly Uint32Array[], itemset: readonly number[], into: Uint32Array): void {
  into.set(items[itemset[0]!]!);
  for (let q = 1; q < itemset.length; q++) {
    const b = items[itemset[q]!]!;
    for (let w = 0; w < into.length; w++) into[w]! &= b[w]!;
  }
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
    let level: number[][] = [];
    for (let r = 0; r < tx.items.length; r++) {
      const [n, c] = countAnd(tx.items[r]!, all, cls);
      if (c / classCount < options.minSupport) continue;
      level.push([r]);
      consider([r], n, c);
    }
    // Level k joins two frequent (k − 1)-itemsets a, b sharing k − 2 items. Only the items' own bit sets are kept:
    // the lines holding a are ANDed once per a into `prefix`, then a ∪ b holds `prefix` ∧ (b's last item); a level's
    // itemsets each with a bit set of its own had taken 1 GB on the shipped model's 600,000 lines.
    const prefix = new Uint32Array(words);
    for (let k = 2; k <= options.maxLength && level.length > 1; k++) {
      const frequent = new Set(level.map((x) => x.join(',')));
      const next: number[][] = [];
      for (let i = 0; i < level.length; i++) {
        const a = level[i]!;
        let prefixReady = false;
        for (let j = i + 1; j < level.length; j++) {
          const b = level[j]!;
          let same = true;
          for (let q = 0; q < k - 2; q++) if (a[q] !== b[q]) { same = false; break; }
          if (!same) break; // level is sorted: later j share even less of the prefix
          const items = [...a, b[k - 2]!];
          let subsets = true;
          for (let drop = 0; drop < k - 2 && subsets; drop++) subsets = frequent.has(items.filter((_, q) => q !== drop).join(','));
          if (!subsets) continue;
          if (!prefixReady) { andAll(tx.items, a, prefix); prefixReady = true; }
          const [n, c] = countAnd(prefix, tx.items[b[k - 2]!]!, cls);
          if (c / classCount < options.minSupport) continue;
          next.push(items);
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

/**
 * Rules grouped by one of their items, flat in typed arrays, for `voteActive`: a line visits only the groups of
 * items it holds. A rule's group item is its first item, or with `crispFrom` its last item when that is at least
 * `crispFrom` (a crisp item, held by far fewer lines than a numeric region: a rule "Words High ∧ class word `comment`"
 * is then visited only on the lines of such elements), or with `shares` (per item, the share of lines holding it) its
 * rarest item (the first of equal ones): the fewest lines visit the rule. Group `g` is rules `groupStart[g] .. groupStart[g + 1])`, in
 * the rules' order; rule `r` has its other items in `later[r · width ..]`, padded with `sentinel` (an item whose
 * degree is always 1: multiplying by it is exact), its weight in `weights[2r]` and its P(content) in `weights[2r + 1]`
 * (its confidence for a content rule, 1 − confidence for a boilerplate rule). A rule's fields lie side by side: one
 * visit reads two neighbouring entries of each array (measured in docs/decisions.md, Evidence rules).
 */
export interface RuleIndex {
  readonly groupStart: Int32Array;
  /** Later items per rule, `width` each. */
  readonly later: Int32Array;
  /** Later items per rule: at least two (the longest rule's length − 1). */
  readonly width: number;
  /** The padding item: the number of item ids. */
  readonly sentinel: number;
  /** Weight and P(content) per rule. */
  readonly weights: Float64Array;
}

/**
 * Index rules by their group item (`items` = the number of item ids; `crispFrom`, `shares`: see RuleIndex, default: every
 * rule by its first item; `shares`, when given, decides).
 */
export function indexRules(rules: readonly ClassRule[], items: number, crispFrom = Infinity, shares?: ArrayLike<number>): RuleIndex {
  const rarest = (r: ClassRule): number => {
    let g = r.items[0]!;
    for (const it of r.items) if (shares![it]! < shares![g]!) g = it;
    return g;
  };
  const groupOf = shares ? rarest : (r: ClassRule): number => (r.items[r.items.length - 1]! >= crispFrom ? r.items[r.items.length - 1]! : r.items[0]!);
  const groupStart = new Int32Array(items + 1);
  for (const r of rules) groupStart[groupOf(r) + 1]!++;
  for (let g = 0; g < items; g++) groupStart[g + 1]! += groupStart[g]!;
  const order = new Int32Array(rules.length), next = groupStart.slice(0, items);
  rules.forEach((r, k) => { order[next[groupOf(r)]!++] = k; });
  const width = Math.max(3, ...rules.map((r) => r.items.length)) - 1;
  const later = new Int32Array(rules.length * width).fill(items);
  const weights = new Float64Array(2 * rules.length);
  for (let q = 0; q < rules.length; q++) {
    const r = rules[order[q]!]!, g = groupOf(r);
    let j = 0;
    for (const it of r.items) if (it !== g) later[q * width + j++] = it;
    weights[2 * q] = r.weight;
    weights[2 * q + 1] = r.topical ? r.confidence : 1 - r.confidence;
  }
  return { groupStart, later, width, sentinel: items, weights };
}

/**
 * `voteTopical` over an index, visiting the groups of the items `active[0 .. count)` (ascending; every item of
 * nonzero degree among them), summing the rules that fire group by group: over an index by first items, the same
 * products and sums in `voteTopical`'s order, so the same result to the last bit; over another grouping, their factors
 * and terms in another order, so the same up to rounding in the last bits.
 * @param degree membership of the line in each item; `degree[index.sentinel]` must be 1
 */
export function voteActive(index: RuleIndex, degree: ArrayLike<number>, active: ArrayLike<number>, count: number, prior: number): number {
  voteSums(index, degree, active, count, SUMS);
  return SUMS[1]! > 0 ? SUMS[0]! / SUMS[1]! : prior;
}
const SUMS = new Float64Array(2);

/**
 * The two sums of `voteActive` (written to `sums[0]`: Σ degree × weight × P(content), `sums[1]`: Σ degree × weight), for a
 * caller that adds the votes of two indexes over disjoint rule sets (extract/evidence-vote.ts: the rules of the items that
 * change from line to line apart).
 */
export function voteSums(index: RuleIndex, degree: ArrayLike<number>, active: ArrayLike<number>, count: number, sums: Float64Array): void {
  if (index.width > 2) { voteSumsLong(index, degree, active, count, sums); return; }
  let num = 0, den = 0;
  const { groupStart, later, weights } = index;
  for (let a = 0; a < count; a++) {
    const first = active[a]!, d0 = degree[first]!;
    for (let r = groupStart[first]!, rEnd = groupStart[first + 1]!; r < rEnd; r++) {
      // A rule that does not fire adds 0 to both sums (degrees are finite and ≥ 0), which leaves them as they are:
      // no branch to mispredict on about half of the rules.
      const w = d0 * degree[later[2 * r]!]! * degree[later[2 * r + 1]!]! * weights[2 * r]!;
      num += w * weights[2 * r + 1]!;
      den += w;
    }
  }
  sums[0] = num; sums[1] = den;
}

/** `voteSums` for an index with rules of more than three items. */
function voteSumsLong(index: RuleIndex, degree: ArrayLike<number>, active: ArrayLike<number>, count: number, sums: Float64Array): void {
  let num = 0, den = 0;
  const { groupStart, later, width, weights } = index;
  for (let a = 0; a < count; a++) {
    const first = active[a]!;
    for (let r = groupStart[first]!, rEnd = groupStart[first + 1]!; r < rEnd; r++) {
      let mu = degree[first]!;
      for (let j = 0; j < width && mu !== 0; j++) mu *= degree[later[r * width + j]!]!;
      const w = mu * weights[2 * r]!;
      num += w * weights[2 * r + 1]!;
      den += w;
    }
  }
  sums[0] = num; sums[1] = den;
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
