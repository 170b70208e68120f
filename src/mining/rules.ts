/**
 * Adopted rules (seed 002, §3.3 after Table 8): "the association rule(s) with
 * the most items will be adopted" — the highest Apriori level. Each rule reads
 * "all antecedent regions have membership ≥ significance ⇒ topical line".
 *
 * Beyond the paper, every rule carries
 *   confidence        = topical lines it fires on / all training lines it fires on,
 *   falsePositiveRate = non-topical lines it fires on / non-topical lines,
 * measured on the training lines, so `apply` can weigh rules.
 */

import type { FuzzySet } from '../fuzzy/fuzzify.js';
import type { RegionId } from '../fuzzy/region.js';
import type { FrequentLevel } from './apriori.js';
import { countContaining } from './apriori.js';
import { regionMask } from './cardinality.js';

/** A fuzzy association rule "antecedent ⇒ topical". */
export interface Rule {
  /** Region ids, sorted ascending. */
  readonly antecedent: readonly RegionId[];
  /** Apriori support among topical lines, in [0, 1]. */
  readonly support: number;
  /** Share of training lines it fires on that are topical (0 when it never fires). */
  readonly confidence: number;
  /** Share of non-topical training lines it fires on (0 when there are none). */
  readonly falsePositiveRate: number;
}

/**
 * Adopt the itemsets of the highest level as rules and measure them.
 * @param levels Apriori output
 * @param topicalHist histogram of significant-region masks (all regions, not only frequent) of topical lines
 * @param nonTopicalHist the same for non-topical lines
 * @param level level to adopt; default the highest
 */
export function adoptRules(levels: readonly FrequentLevel[], topicalHist: ReadonlyMap<number, number>, nonTopicalHist: ReadonlyMap<number, number>, level?: number): Rule[] {
  const chosen = level === undefined ? levels[levels.length - 1] : levels.find((l) => l.level === level);
  if (!chosen) return [];
  let nonTotal = 0;
  for (const k of nonTopicalHist.values()) nonTotal += k;
  return chosen.itemsets.map((s) => {
    const mask = regionMask(s.items);
    const tp = countContaining(topicalHist, mask);
    const fp = countContaining(nonTopicalHist, mask);
    return {
      antecedent: s.items,
      support: s.support,
      confidence: tp + fp > 0 ? tp / (tp + fp) : 0,
      falsePositiveRate: nonTotal > 0 ? fp / nonTotal : 0,
    };
  });
}

/**
 * Does a rule fire on a line? True when every antecedent region's membership is ≥ significance.
 * @param rule the rule
 * @param fz membership degrees of the page
 * @param line line index
 * @param significance threshold (paper: 0.5)
 */
export function ruleFires(rule: Rule, fz: FuzzySet, line: number, significance: number): boolean {
  const o = line * fz.regions;
  for (const r of rule.antecedent) if (!(fz.values[o + r]! >= significance)) return false;
  return true;
}
