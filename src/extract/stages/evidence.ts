/**
 * What a model learned about its site's structure, beyond the paper: structural paths seen on enough training lines
 * decide those lines, and the site's template (boilerplate) lines are never topical.
 */
import type { LineTable } from '../../core/types.js';
import { KeyMap } from '../../core/key-map.js';
import { tableLineKey } from '../../html/line-key.js';
import type { Model } from '../../model/model.js';
import { need, type Stage, type TemplateChecker } from './types.js';

/** Stage `path-evidence`: a structural path the model saw on at least `pathEvidence` training lines decides whether its lines are topical. */
export const pathEvidenceStage: Stage = {
  id: 'path-evidence', purpose: 'structural paths seen on enough training lines decide their lines (pathEvidence)', kept: '', dropped: '',
  run({ table, model, options }, state) {
    if (options.pathEvidence <= 0) return {};
    const topical = Uint8Array.from(need(state, 'topical', 'path-evidence'));
    const pathRejected = options.pathVeto ? new Uint8Array(table.count) : undefined;
    applyPathEvidence(table, model, topical, options.pathEvidence, pathRejected);
    return pathRejected ? { topical, pathRejected } : { topical };
  },
};

/** Stage `template-topical`: the model's template lines are not topical (a site model's own headline stays, `topicalTitle`). */
export const templateTopicalStage: Stage = {
  id: 'template-topical', purpose: "the model's template lines are not topical (templates)", kept: '', dropped: '',
  run({ table, model, options }, state) {
    const template = options.templates ? templateChecker(table, model) : undefined;
    if (!template) return {};
    // A site model's headline stays a candidate though other pages of the site link to it (`topicalTitle`).
    const ownTitle = options.topicalTitle ? need(state, 'dana', 'template-topical').titleLine : -1;
    const topical = Uint8Array.from(need(state, 'topical', 'template-topical'));
    for (let i = 0; i < topical.length; i++) if (topical[i] && i !== ownTitle && template.is(i)) topical[i] = 0;
    return { template, topical };
  },
};

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
    // A repeated key keeps its last counts (as a Map would); a key no Uint32 path can equal is left out. Columns, not a
    // Map: a model of millions of paths needed three times its own heap to build this (docs/decisions.md).
    const keys = new Uint32Array(stats.length);
    let n = 0, tp = 0, all = 0;
    for (const [k, a, b] of stats) { if (k >>> 0 === k) keys[n++] = k; tp += a; all += a + b; }
    const table = new KeyMap({ keys: keys.subarray(0, n) });
    const counts = new Float64Array(2 * n);
    for (const [k, a, b] of stats) {
      if (k >>> 0 !== k) continue;
      const x = table.get(k);
      counts[2 * x] = a; counts[2 * x + 1] = b;
    }
    PATH_TABLES.set(model, (t = { table, counts, prior: all > 0 ? tp / all : 0 }));
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
export function templateChecker(table: LineTable, model: Model): TemplateChecker | undefined {
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
        if (chars !== 0 && chars <= maxChars && known.has(tableLineKey(table, i))) mask[i] = 1;
      }
      return mask[i] === 1;
    },
  };
}

