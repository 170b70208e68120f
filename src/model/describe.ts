/**
 * A model's rules as data for `farsw rules`: the membership table (paper
 * Table 3), the frequent regions (Table 6), the Apriori levels (Table 8) and
 * the adopted rules with their rate on non-topical training lines.
 */

import type { PageTypeClassifier } from '../features/page-type.js';
import { ConfigError } from '../core/errors.js';
import { FEATURE_LETTERS } from '../features/line-features.js';
import { regionFeature, regionName, type RegionId } from '../fuzzy/region.js';
import { adoptRules } from '../mining/rules.js';
import { CLASS_WORD_ITEM_BASE, STRUCTURE_ITEM_BASE, STRUCTURE_ITEMS } from '../features/evidence.js';
import type { ClassRule } from '../mining/class-rules.js';
import type { EvidenceModel, Model, UnlabeledEvidence } from './model.js';

/** One adopted rule, ready to print. */
export interface RuleView {
  readonly regions: readonly string[];
  readonly antecedent: readonly RegionId[];
  readonly support: number;
  readonly confidence: number;
  readonly falsePositiveRate: number;
  /** "Index Middle ∧ … ⇒ topical; support 0.77; fires on 3 % of non-topical lines". */
  readonly text: string;
}

/** What `farsw rules --json` prints. */
export interface RulesView {
  readonly model: string;
  readonly site: string | null;
  readonly membership: readonly { feature: string; letter: string; shape: string; min: number; mean: number; max: number }[];
  readonly frequentRegions: readonly { region: string; count: number }[];
  readonly levels: readonly { level: number; itemsets: readonly { regions: readonly string[]; support: number }[] }[];
  /** Level the adopted rules come from. */
  readonly adoptedLevel: number;
  readonly adopted: readonly RuleView[];
  /** The evidence rules (structure, class/id words, text), when the model has them. */
  readonly evidence?: EvidenceView;
  /** Label-free models: the template found by repetition (trainingReport.unlabeled). */
  readonly template?: UnlabeledEvidence;
  /** The page-type classifier, when the model has one. */
  readonly pageType?: PageTypeView;
}

/** What `farsw rules` shows of a page-type classifier: per type, its most telling features. */
export interface PageTypeView {
  readonly learner: string;
  readonly l2: number | null;
  readonly pages: number | null;
  /** Per type: its bias and the features with the largest weights for it (per standard deviation), positive then negative. */
  readonly types: readonly { readonly type: string; readonly bias: number; readonly for: readonly FeatureWeight[]; readonly against: readonly FeatureWeight[] }[];
}
export interface FeatureWeight { readonly feature: string; readonly weight: number }

/**
 * A page-type classifier in words: per type, the `top` features whose weights raise its score most
 * and the `top` that lower it most (weights per standard deviation of the feature).
 */
export function describePageType(c: PageTypeClassifier, top = 5): PageTypeView {
  return {
    learner: c.training?.learner ?? 'multinomial logistic regression',
    l2: c.training?.l2 ?? null,
    pages: c.training?.pages ?? null,
    types: c.classes.map((type, j) => {
      const weights = c.weights[j]!.map((weight, f) => ({ feature: c.features[f]!, weight }));
      const sorted = [...weights].sort((a, b) => b.weight - a.weight || (a.feature < b.feature ? -1 : 1));
      return {
        type, bias: c.bias[j]!,
        for: sorted.filter((w) => w.weight > 0).slice(0, top),
        against: sorted.filter((w) => w.weight < 0).reverse().slice(0, top),
      };
    }),
  };
}

/** What `farsw rules` shows of a model's evidence rules. */
export interface EvidenceView {
  /** P(content) of a text line in training. */
  readonly prior: number;
  readonly classWords: readonly string[];
  /** Per class word (same order), the share of its training pages where its block carried the article (absent in older models). */
  readonly classWordCarries?: readonly number[];
  /** The share of teaser lists' text after the headline that was the article in training (absent in older models). */
  readonly teaserShare?: number;
  readonly commonWords: number;
  readonly membership: readonly { feature: string; min: number; mean: number; max: number }[];
  readonly rules: readonly (ClassRule & { readonly names: readonly string[]; readonly text: string })[];
}

/**
 * Describe a model's rules.
 * @param model the model
 * @param level adopt this Apriori level instead of the highest (rates recomputed from the model's mask counts)
 * @throws ConfigError when the level does not exist
 */
export function describeRules(model: Model, level?: number): RulesView {
  const shapeOf = (r: RegionId) => model.membership[regionFeature(r)]?.shape ?? 'three';
  const word = (r: RegionId) => regionName(r, 'word', shapeOf(r));
  const top = model.levels.length;
  const chosen = level ?? top;
  if (level !== undefined && (level < 1 || level > top)) {
    throw new ConfigError(`--level ${level}: model ${model.name} has levels 1..${top}`);
  }
  const rules = level === undefined || level === top
    ? model.rules
    : adoptRules(model.levels, new Map(model.trainingReport.maskCounts.topical), new Map(model.trainingReport.maskCounts.nonTopical), level);
  return {
    model: model.name,
    site: model.site,
    membership: model.membership.map((m) => ({ feature: m.name, letter: FEATURE_LETTERS[m.feature]!, shape: m.shape, min: m.min, mean: m.mean, max: m.max })),
    frequentRegions: model.frequentRegions.map((f) => ({ region: word(f.region), count: f.count })),
    levels: model.levels.map((l) => ({ level: l.level, itemsets: l.itemsets.map((s) => ({ regions: s.items.map(word), support: s.support })) })),
    ...(model.evidence ? { evidence: describeEvidence(model.evidence) } : {}),
    ...(model.trainingReport.unlabeled ? { template: model.trainingReport.unlabeled } : {}),
    ...(model.pageType ? { pageType: describePageType(model.pageType) } : {}),
    adoptedLevel: top === 0 ? 0 : chosen,
    adopted: rules.map((r) => {
      const regions = r.antecedent.map(word);
      return {
        regions, antecedent: r.antecedent, support: r.support, confidence: r.confidence, falsePositiveRate: r.falsePositiveRate,
        text: `${regions.join(' ∧ ')} ⇒ topical; support ${r.support.toFixed(2)}; fires on ${formatPercent(r.falsePositiveRate)} of non-topical lines`,
      };
    }),
  };
}

/** A rate as a percentage with precision that shows small rates ("3 %", "0.4 %", "0 %"). */
export function formatPercent(x: number): string {
  const p = x * 100;
  if (p === 0 || p >= 10) return `${Math.round(p)} %`;
  if (p >= 1) return `${p.toFixed(1).replace(/\.0$/, '')} %`;
  return `${p.toPrecision(1)} %`;
}

/** A model's evidence rules in words, content rules first, each class by decreasing weight × support. */
export function describeEvidence(ev: EvidenceModel): EvidenceView {
  return {
    prior: ev.prior,
    classWords: ev.classWords.map(([, w]) => w),
    ...(ev.classWordCarries ? { classWordCarries: ev.classWordCarries } : {}),
    ...(ev.teaserShare !== undefined ? { teaserShare: ev.teaserShare } : {}),
    commonWords: ev.commonWords.length,
    membership: ev.membership.map((m) => ({ feature: m.name, min: m.min, mean: m.mean, max: m.max })),
    rules: ev.rules.map((r) => ({ ...r, names: r.items.map((i) => itemName(ev, i)), text: ruleText(ev, r) })),
  };
}

/** An evidence item in words: "LinkDensity High", "inside <li>", "class word `related`". */
export function itemName(ev: EvidenceModel, item: number): string {
  if (item < STRUCTURE_ITEM_BASE) return `${ev.membership[Math.floor(item / 3)]?.name ?? `F${Math.floor(item / 3)}`} ${['Low', 'Middle', 'High'][item % 3]}`;
  if (item < CLASS_WORD_ITEM_BASE) return STRUCTURE_ITEMS[item - STRUCTURE_ITEM_BASE]?.name ?? `structure ${item}`;
  return `class word \`${ev.classWords[item - CLASS_WORD_ITEM_BASE]?.[1] ?? '?'}\``;
}

/** A rule in words: "inside <li> ∧ LinkDensity High ∧ class word `related` → boilerplate (conf 0.97, support 0.08, weight 0.91)". */
export function ruleText(ev: EvidenceModel, rule: ClassRule): string {
  return `${rule.items.map((i) => itemName(ev, i)).join(' ∧ ')} → ${rule.topical ? 'content' : 'boilerplate'} (conf ${rule.confidence.toFixed(2)}, support ${rule.support.toFixed(2)}, weight ${rule.weight.toFixed(2)})`;
}
