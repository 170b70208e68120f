/**
 * The parts of a model `validateModel` reads without checking their type first, checked
 * here before it does: every list entry an object, every number a finite number, every
 * string a string, the training report whole, and the rule rows matching the Apriori
 * level they came from (what the store's load checks). A hostile `models import` (`[null]`
 * in a list, strings for numbers, objects for strings, missing fields) is then refused
 * with one line naming the field, instead of crashing `apply`, `rules` or `models show`
 * later (issue 19).
 */
import { FEATURE_COUNT } from '../features/line-features.js';
import { REGIONS_PER_FEATURE } from '../fuzzy/region.js';

type Fail = (what: string) => never;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
const isFraction = (v: unknown): boolean => typeof v === 'number' && v >= 0 && v <= 1;

function objects(list: unknown, field: string, fail: Fail): Record<string, unknown>[] {
  if (!Array.isArray(list)) fail(`${field} must be an array`);
  (list as unknown[]).forEach((x, i) => { if (!isObject(x)) fail(`${field}[${i}] must be an object, found ${JSON.stringify(x) ?? String(x)}`); });
  return list as Record<string, unknown>[];
}

function pairs(list: unknown, field: string, fail: Fail): void {
  if (!Array.isArray(list)) fail(`${field} must be an array of [mask, lines] pairs`);
  (list as unknown[]).forEach((p, i) => {
    if (!Array.isArray(p) || p.length !== 2 || !p.every(isCount)) fail(`${field}[${i}] must be [mask, lines] of non-negative integers`);
  });
}

/** Check the shapes (see the module comment); `fail` throws the caller's ModelFormatError. */
export function checkModelShape(m: Record<string, unknown>, fail: Fail): void {
  if (typeof m.farswVersion !== 'string') fail('farswVersion must be a string');
  const membership = objects(m.membership, 'membership', fail);
  membership.forEach((mf, f) => { if (typeof mf.name !== 'string') fail(`membership[${f}].name must be a string`); });
  objects(m.frequentRegions, 'frequentRegions', fail).forEach((r, i) => {
    if (!Number.isInteger(r.region) || (r.region as number) < 0 || (r.region as number) >= FEATURE_COUNT * REGIONS_PER_FEATURE) fail(`frequentRegions[${i}].region is not a region id 0..${FEATURE_COUNT * REGIONS_PER_FEATURE - 1}`);
    if (typeof r.count !== 'number' || !(r.count >= 0) || !Number.isFinite(r.count)) fail(`frequentRegions[${i}].count must be a finite number ≥ 0`);
  });
  objects(m.levels, 'levels', fail).forEach((l, i) => objects(l.itemsets, `levels[${i}].itemsets`, fail));
  objects(m.rules, 'rules', fail);
  const p = m.params;
  if (!isObject(p)) fail('params must be an object');
  const params = p as Record<string, unknown>;
  if (params.featureVariant !== undefined && params.featureVariant !== 'raw' && params.featureVariant !== 'normalized') fail('params.featureVariant must be "raw" or "normalized"');
  if (params.bceShape !== undefined && params.bceShape !== 'three' && params.bceShape !== 'two') fail('params.bceShape must be "three" or "two"');
  if (Array.isArray(params.dropElements)) params.dropElements.forEach((e, i) => { if (typeof e !== 'string') fail(`params.dropElements[${i}] must be a string`); });
  for (const k of ['classTokens', 'dropComments', 'dropHidden', 'reline', 'carryMarkup', 'exclusiveAlign'] as const) {
    if (params[k] !== undefined && typeof params[k] !== 'boolean') fail(`params.${k} must be a boolean`);
  }
  const r = m.trainingReport;
  if (!isObject(r)) fail('trainingReport must be an object');
  const rep = r as Record<string, unknown>;
  for (const k of ['pages', 'skippedPages', 'lines', 'topicalLines'] as const) if (!isCount(rep[k])) fail(`trainingReport.${k} must be a non-negative integer`);
  for (const k of ['goldCoverage', 'topicalNoise', 'ruleRecall', 'rulePrecision'] as const) if (!isFraction(rep[k])) fail(`trainingReport.${k} must be a number in [0, 1]`);
  if (typeof rep.fingerprint !== 'string') fail('trainingReport.fingerprint must be a string');
  objects(rep.skipped, 'trainingReport.skipped', fail).forEach((s, i) => {
    if (typeof s.id !== 'string' || typeof s.reason !== 'string') fail(`trainingReport.skipped[${i}] must be {id, reason} strings`);
  });
  if (!Array.isArray(rep.cardinality) || !rep.cardinality.every((x) => typeof x === 'number' && Number.isFinite(x))) fail('trainingReport.cardinality must be an array of finite numbers');
  if (!isObject(rep.maskCounts)) fail('trainingReport.maskCounts must be an object');
  const mc = rep.maskCounts as Record<string, unknown>;
  pairs(mc.topical, 'trainingReport.maskCounts.topical', fail);
  pairs(mc.nonTopical, 'trainingReport.maskCounts.nonTopical', fail);
  if (rep.trainedOn !== undefined) {
    objects(rep.trainedOn, 'trainingReport.trainedOn', fail).forEach((d, i) => {
      if (typeof d.dataset !== 'string' || !isCount(d.pages)) fail(`trainingReport.trainedOn[${i}] must be {dataset: string, pages: integer}`);
    });
  }
}

/** The parts of a Model that checkModelComplete reads (model.ts imports this file, not the other way). */
interface ModelRows {
  readonly frequentRegions: readonly unknown[];
  readonly levels: readonly { readonly itemsets: readonly unknown[] }[];
  readonly rules: readonly { readonly antecedent: readonly number[] }[];
  readonly trainingReport: unknown;
}

/**
 * What a whole model has beyond its types: one frequent region per feature, and the adopted
 * rules = the itemsets of the level of their size (train.ts adopts the highest level). A store
 * that lost rows, or a model file not written by farsw, fails here.
 * @param hint what to do, appended to the message
 */
export function checkModelComplete(m: ModelRows, fail: Fail, hint: string): void {
  const bad = (what: string): never => fail(`${what}; ${hint}`);
  if (m.frequentRegions.length !== FEATURE_COUNT) bad(`${m.frequentRegions.length} frequent-region rows, expected ${FEATURE_COUNT}`);
  if (m.levels.length > 0 && m.rules.length === 0) bad('no rule rows, but Apriori found itemsets');
  if (m.rules.length > 0) {
    const k = m.rules[0]!.antecedent.length;
    const level = m.levels[k - 1];
    if (!level || m.rules.some((r) => r.antecedent.length !== k)) bad(`rules of ${k} items without a level L${k}`);
    if (level!.itemsets.length !== m.rules.length) bad(`${m.rules.length} rule rows for ${level!.itemsets.length} itemsets at level L${k}`);
  }
  if (m.trainingReport === null) bad('no training report row');
}
