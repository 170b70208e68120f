/**
 * `farsw rules NAME [--level k] [--json]`: a model's membership functions
 * (paper Table 3), frequent regions (Table 6), Apriori levels (Table 8) and
 * adopted rules in words. `default` is the shipped default model unless the store has its own.
 */
import { FARSW_APPLY_DEFAULTS } from '../../core/defaults.js';
import type { CommandModule } from 'yargs';
import { storeOptionSpec } from '../store-location.js';
import { describeRules, type EvidenceView, type PageTypeView, type RulesView } from '../../model/describe.js';
import { loadNamedModel, modelNameOrFile } from '../../model-store/resolve.js';
import type { CliIo } from '../io.js';

interface RulesArgs { name: string; level?: number; json: boolean; store: string }

const num = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(Math.abs(x) < 10 ? 3 : 1));

/** Plain-text rendering of a RulesView. */
export function formatRules(v: RulesView): string {
  const out: string[] = [`Model ${v.model}${v.site ? ` (${v.site})` : ''}`, '', 'Membership functions (MIN / Mean / MAX, eq. 1–3)'];
  out.push(`  ${'feature'.padEnd(20)} ${'shape'.padEnd(6)} ${'MIN'.padStart(10)} ${'Mean'.padStart(10)} ${'MAX'.padStart(10)}`);
  for (const m of v.membership) out.push(`  ${`${m.letter} ${m.feature}`.padEnd(20)} ${m.shape.padEnd(6)} ${num(m.min).padStart(10)} ${num(m.mean).padStart(10)} ${num(m.max).padStart(10)}`);
  out.push('', 'Frequent regions (scalar cardinality over topical lines)');
  for (const f of v.frequentRegions) out.push(`  ${f.region.padEnd(26)} ${f.count.toFixed(2)}`);
  out.push('', 'Frequent itemsets (Apriori)');
  if (v.levels.length === 0) out.push('  none: no region reaches the minimum support');
  for (const l of v.levels) {
    out.push(`  L${l.level} (${l.itemsets.length})`);
    for (const s of l.itemsets) out.push(`    (${s.regions.join(', ')})  support ${s.support.toFixed(2)}`);
  }
  out.push('', `Adopted rules (L${v.adoptedLevel})`);
  if (v.adopted.length === 0) out.push('  none');
  for (const r of v.adopted) out.push(`  ${r.text}`);
  if (v.evidence) out.push('', ...formatEvidence(v.evidence));
  if (v.pageType) out.push('', ...formatPageType(v.pageType));
  if (v.template) {
    const t = v.template;
    out.push('', `Template found by repetition (label-free: ${t.pages} pages without gold, pseudo-labels from ${t.seedModel})`,
      `  ${t.templateLines} template lines (each on ≥ ${t.minPages} pages; never pseudo-topical), ${t.varyingPaths} paths whose text varies from page to page, ${t.pseudoTopicalLines} pseudo-topical lines${t.listItemLines !== undefined ? `, ${t.listItemLines} lines left out as items of a list between template lines` : ''}`,
      '  most repeated lines (pages):', ...t.topTemplate.map((x) => `    ${String(x.pages).padStart(4)}  ${x.text}`));
  }
  return out.join('\n') + '\n';
}

/** The page-type classifier: per type, the features that speak for it and against it. */
function formatPageType(p: PageTypeView): string[] {
  const out = [`Page types (${p.learner}${p.l2 !== null ? `, L2 ${p.l2}` : ''}${p.pages !== null ? `, learnt from ${p.pages} pages` : ''}; the highest probability wins, weights per standard deviation of a feature)`];
  const list = (ws: readonly { feature: string; weight: number }[]): string => ws.map((w) => `${w.feature} ${w.weight >= 0 ? '+' : '−'}${Math.abs(w.weight).toFixed(2)}`).join(', ');
  for (const t of p.types) {
    out.push(`  ${t.type} (bias ${t.bias.toFixed(2)})`, `    for:     ${list(t.for) || 'none'}`, `    against: ${list(t.against) || 'none'}`);
  }
  return out;
}

/** The evidence rules: what was learned (vocabularies, membership) and the rules of each class, in words. */
function formatEvidence(e: EvidenceView): string[] {
  const out = [`Evidence rules (fuzzy class association rules; P(content) of a text line in training ${e.prior.toFixed(2)})`];
  out.push(`  learned class/id words (${e.classWords.length}): ${e.classWords.join(' ')}`, `  learned common words: ${e.commonWords}`);
  if (e.classWordCarries) {
    const carries = e.classWordCarries;
    const order = e.classWords.map((w, j) => [w, carries[j]!] as const).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
    const muting = order.filter(([, c]) => c < FARSW_APPLY_DEFAULTS.mute);
    out.push(`  their blocks carried the article on this share of the training pages they were on (${muting.length} below ${FARSW_APPLY_DEFAULTS.mute}, the mute's cut):`);
    out.push(`    ${order.map(([w, c]) => `${w} ${(100 * c).toFixed(1)} %`).join(', ')}`);
  }
  if (e.teaserShare !== undefined) {
    out.push(`  teaser lists after the headline (≥ 3 items of a linked headline and a text): ${(100 * e.teaserShare).toFixed(1)} % of their text was the article; their lines weigh that much when the title anchor ranks DANA's regions`);
  }
  out.push(`  ${'evidence'.padEnd(20)} ${'MIN'.padStart(10)} ${'Mean'.padStart(10)} ${'MAX'.padStart(10)}`);
  for (const m of e.membership) out.push(`  ${m.feature.padEnd(20)} ${num(m.min).padStart(10)} ${num(m.mean).padStart(10)} ${num(m.max).padStart(10)}`);
  for (const topical of [true, false]) {
    const rules = e.rules.filter((r) => r.topical === topical);
    out.push('', `  → ${topical ? 'content' : 'boilerplate'} (${rules.length} rules)`);
    for (const r of rules) out.push(`    ${r.text}`);
  }
  return out;
}

/** The `rules` command. */
export function rulesCommand(io: CliIo): CommandModule<object, RulesArgs> {
  return {
    command: 'rules <name>',
    describe: 'Show a model\'s membership functions, frequent itemsets and adopted rules',
    builder: (y) => y
      .positional('name', { type: 'string', demandOption: true, describe: 'Model name, or FILE.json (a model exported with models export)' })
      .option('level', { type: 'number', describe: 'Adopt the itemsets of level k instead of the highest' })
      .option('json', { type: 'boolean', default: false, describe: 'Print {membership, levels, adopted} as JSON' })
      .option('store', storeOptionSpec('Model store (SQLite file)')) as never,
    handler: (a) => {
      const name = modelNameOrFile(a.name);
      const view = describeRules(loadNamedModel(a.store, name).model, a.level);
      io.stdout(a.json ? JSON.stringify(view, null, 2) + '\n' : formatRules(view));
    },
  };
}
