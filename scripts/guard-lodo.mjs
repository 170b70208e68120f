#!/usr/bin/env node
/**
 * Guard rules against the pseudo-labels (issue 18.3), compared offline on the same trainings and chosen held out:
 * from `node scripts/bench-site-models.mjs --save FILE` (every site's guard pages and gold scores), each rule of a family
 * (eval/site-guard.ts guardDecision) over all sites and per dataset (the dataset most of a site's pages come from), then the
 * rule picked leave-one-site-out and leave-one-dataset-out by the issue's criterion (fewest sites below the default by more
 * than 0.01, then the mean gain) on the sites not held out, with the held-out sites' figures.
 *   node scripts/guard-lodo.mjs --from FILE.json[,FILE2.json…] [--rules '[{...}, ...]'] [--criterion mean|1se]
 * Several files (the same sites saved under different pseudo-label or training options): the family is every rule on every
 * file, and a rule's name starts with its file's.
 * --criterion 1se: among the rules with the fewest sites below, the one using site models on the fewest of the sites kept whose
 * mean gain is within one standard error (of the per-site differences) of the best mean: the one-standard-error rule of model
 * selection (Hastie, Tibshirani, Friedman, The Elements of Statistical Learning §7.10), the most conservative rule the data
 * cannot tell from the best.
 * Default family: the rule "any gain, more pages won than lost" with no check outside the disputed lines and
 * with it at 0, 0.5, 1, 1.5, 2 standard errors.
 */
import { readFileSync } from 'node:fs';
import { guardDecision, PSEUDO_LABEL_GUARD } from '../dist/index.js';

const arg = (name, def) => { const i = process.argv.indexOf(name); return i < 0 ? def : process.argv[i + 1]; };
const files = arg('--from').split(',');
const saved = files.map((f) => JSON.parse(readFileSync(f, 'utf8')));
const data = saved[0];
const base = { ...PSEUDO_LABEL_GUARD, undisputedStandardErrors: undefined };
const criterion = arg('--criterion', 'mean');
const rules = JSON.parse(arg('--rules', 'null')) ?? [base, ...[0, 0.5, 1, 1.5, 2].map((k) => ({ ...base, undisputedStandardErrors: k }))];
const mean = (a) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0);
const name = (r) => (files.length > 1 ? `${files[r.file]} ` : '') + JSON.stringify(r.rule);

/** Per site under a rule: gain over the default on the gold, and whether the site model was used. */
function perSite(rule, file) {
  return saved[file].sites.map((s) => {
    const d = guardDecision(s.guard, rule);
    const got = s.gold.map((p) => (d.useSite && !(p.agreement < d.fallbackBelow) ? p.site : p.default));
    return { site: s.site, dataset: s.dataset, gain: mean(got) - mean(s.gold.map((p) => p.default)), used: d.useSite };
  });
}
const results = files.flatMap((_, file) => rules.map((r) => ({ rule: r, file, sites: perSite(r, file) })));
const summary = (rows) => ({ gain: mean(rows.map((r) => r.gain)), below: rows.filter((r) => r.gain < -0.01), used: rows.filter((r) => r.used).length, n: rows.length });
const show = (s) => `${s.gain >= 0 ? '+' : ''}${s.gain.toFixed(4)}, ${s.below.length} below${s.below.length ? ` (${s.below.map((r) => `${r.site} ${r.gain.toFixed(3)}`).join(', ')})` : ''}, used ${s.used}/${s.n}`;
const datasets = [...new Set(data.sites.map((s) => s.dataset))].sort();
console.log('Each rule, all sites and per dataset:');
for (const r of results) {
  console.log(`  ${name(r)}: ${show(summary(r.sites))}`);
  for (const ds of datasets) console.log(`      ${ds}: ${show(summary(r.sites.filter((x) => x.dataset === ds)))}`);
}
/** The issue's criterion on the sites kept: fewest below by > 0.01, then the larger mean gain (ties: the earlier rule); `1se` above. */
function pick(keep) {
  let best = null;
  for (const r of results) {
    const s = summary(r.sites.filter(keep));
    if (!best || s.below.length < best.s.below.length || (s.below.length === best.s.below.length && s.gain > best.s.gain + 1e-12)) best = { r, s };
  }
  if (criterion !== '1se') return best.r;
  const bestSites = best.r.sites.filter(keep);
  let pick = best;
  for (const r of results) {
    const sites = r.sites.filter(keep), s = summary(sites);
    if (s.below.length > best.s.below.length) continue;
    const d = sites.map((x, i) => bestSites[i].gain - x.gain), m = mean(d);
    const se = Math.sqrt(d.reduce((a, x) => a + (x - m) ** 2, 0) / (d.length - 1) / d.length);
    if (m <= se + 1e-12 && (s.used < pick.s.used || (s.used === pick.s.used && s.gain > pick.s.gain + 1e-12))) pick = { r, s };
  }
  return pick.r;
}
console.log('Leave-one-dataset-out (the rule picked on the other datasets\' sites, scored on the held-out dataset\'s):');
const lodo = [];
for (const ds of datasets) {
  const r = pick((x) => x.dataset !== ds);
  const held = r.sites.filter((x) => x.dataset === ds);
  lodo.push(...held);
  console.log(`  held out ${ds}: picked ${name(r)}: ${show(summary(held))}`);
}
console.log(`  all held-out sites: ${show(summary(lodo))}`);
const loso = data.sites.map((s) => {
  const r = pick((x) => x.site !== s.site);
  return { ...r.sites.find((x) => x.site === s.site), picked: name(r) };
});
const picks = new Map();
for (const x of loso) picks.set(x.picked, (picks.get(x.picked) ?? 0) + 1);
console.log(`Leave-one-site-out: ${show(summary(loso))}; picks ${[...picks].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
