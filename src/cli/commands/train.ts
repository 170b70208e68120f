/**
 * `farsw train`: learn FAR-SW rules from pages with gold text and store the model.
 *   farsw train --data FILE|DIR --model NAME [--site HOST] [--store PATH]
 *   farsw train --data FILE|DIR --by-site [--min-pages 10] [--model PREFIX]
 * The run is the library's `trainFromData` (src/api/train-data.ts); this command parses the flags and
 * prints. Malformed records are reported on stderr with file and line, skipped and counted in the summary.
 */
import type { CommandModule } from 'yargs';
import { storeOptionSpec } from '../store-location.js';
import { FARSW_TRAIN_DEFAULTS } from '../../core/defaults.js';
import { PRESETS, type Preset } from '../../core/presets.js';
import { ConfigError } from '../../core/errors.js';
import type { FeatureVariant } from '../../features/line-features.js';
import type { MembershipShape } from '../../fuzzy/region.js';
import { undisputedNote, type Model, type SiteCheck } from '../../model/model.js';
import type { ModelSummary } from '../../model-store/store.js';
import { SITE_GUARD_FOLDS } from '../../eval/site-guard.js';
import { trainFromData, type TrainProgress, type TrainRunParams } from '../../api/train-data.js';
import type { CliIo } from '../io.js';

interface TrainArgs {
  data: string;
  model?: string;
  site?: string;
  'by-site': boolean;
  'min-pages': number;
  store: string;
  alpha?: number;
  significance?: number;
  'min-support'?: number;
  'align-threshold'?: number;
  features?: FeatureVariant;
  'bce-shape'?: MembershipShape;
  'two-region-end'?: 'h' | 'mean';
  'carry-markup'?: boolean;
  comments?: boolean;
  hidden?: boolean;
  evidence?: boolean;
  json: boolean;
  preset?: Preset;
  guard: boolean;
  'guard-folds': number;
  unlabeled: boolean;
}

/** Why the trainer skipped pages: `: 2 no line matches the gold (site/a, site/b)`, the first ids of each reason. */
function skipReasons(skipped: readonly { readonly id: string; readonly reason: string }[]): string {
  const byReason = new Map<string, string[]>();
  for (const { id, reason } of skipped) byReason.set(reason, [...(byReason.get(reason) ?? []), id]);
  const shown = 3;
  return [...byReason].map(([reason, ids], i) => `${i === 0 ? ': ' : ', '}${ids.length} ${reason} (${ids.slice(0, shown).join(', ')}${ids.length > shown ? ', …' : ''})`).join('');
}

/** Summary line of one trained model. */
function describeTrained(m: Model, s: ModelSummary): string {
  const r = m.trainingReport;
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const level = m.levels.length;
  return `${m.name}${m.site ? ` (${m.site})` : ''}: ${r.pages} pages (${r.skippedPages} skipped${skipReasons(r.skipped ?? [])}), ${r.lines} lines, ${r.topicalLines} topical; `
    + (r.unlabeled ? 'labels: pseudo-labels (no gold to measure them against); ' : `labels cover ${pct(r.goldCoverage)} of gold tokens, ${pct(r.topicalNoise)} of topical tokens not in gold; `)
    + `${m.rules.length} rule(s) at level L${level}, recall ${pct(r.ruleRecall)}, precision ${pct(r.rulePrecision)} on training lines; version ${s.version}\n`
    + (r.unlabeled ? `  label-free: ${r.unlabeled.templateLines} template lines (on ≥ ${r.unlabeled.minPages} pages), ${r.unlabeled.varyingPaths} varying paths, ${r.unlabeled.pseudoTopicalLines} pseudo-topical lines from ${r.unlabeled.seedModel}'s output${r.unlabeled.listItemLines ? ` (${r.unlabeled.listItemLines} items of repeated lists left out)` : ''}\n` : '')
    + (r.siteCheck ? `  ${describeSiteCheck(r.siteCheck)}\n` : '');
}

/** One line on a site model's guard: both scores and what `--model auto` does. */
export function describeSiteCheck(c: SiteCheck): string {
  const [site, dflt] = scorePair(c.siteF1, c.defaultF1);
  return `guard: ${c.folds}-fold on ${c.pages} pages${c.labels === 'pseudo' ? ' (against the pseudo-labels)' : ''}, BoW F1 site model ${site} vs ${c.defaultModel} ${dflt}${guardNote(c)}: `
    + (c.useSite ? '--model auto uses the site model' : '--model auto uses the default model for this site (--use-site-model forces the site model)');
}

/** Two scores with enough decimals to tell them apart (3, else 4, else the same figure twice: a tie). */
export function scorePair(a: number, b: number): [string, string] {
  const digits = a.toFixed(3) !== b.toFixed(3) ? 3 : 4;
  return [a.toFixed(digits), b.toFixed(digits)];
}

/** The guard's per-page fallback and its page count, as a clause (empty for models trained before them). */
export function guardNote(c: SiteCheck): string {
  if (c.wins === undefined || c.losses === undefined) return '';
  const below = c.fallbackBelow ?? 0;
  return `${below > 0 ? `; with ${c.defaultModel}'s text where they agree below ${below}: ${(c.guardedF1 ?? c.siteF1).toFixed(3)}` : ''}; better on ${c.wins} pages, worse on ${c.losses}${undisputedNote(c)}`;
}

/** The `train` command. */
export function trainCommand(io: CliIo): CommandModule<object, TrainArgs> {
  return {
    command: 'train',
    describe: 'Learn FAR-SW fuzzy association rules from pages with gold text and store the model',
    builder: (y) => y
      .option('data', { type: 'string', demandOption: true, describe: 'JSONL[.gz] records {id, html, gold, url?, host?}, or a directory of *.jsonl[.gz] files and/or SITE/NAME.html + NAME.txt pages' })
      .option('model', { type: 'string', describe: 'Model name (with --by-site: optional prefix, models are named PREFIX-HOST or HOST)' })
      .option('site', { type: 'string', describe: 'Train only on pages of this host; recorded as the model\'s site' })
      .option('by-site', { type: 'boolean', default: false, describe: 'One model per host with at least --min-pages pages, named after the host' })
      .option('min-pages', { type: 'number', default: FARSW_TRAIN_DEFAULTS.minPages, describe: 'With --by-site: fewest pages a host needs' })
      .option('store', storeOptionSpec('Model store (SQLite file)'))
      .option('alpha', { type: 'number', describe: `Weight of topical statistics in MIN/Mean/MAX, eq. 1–3 (default ${FARSW_TRAIN_DEFAULTS.alpha})` })
      .option('significance', { type: 'number', describe: `Membership threshold (default ${FARSW_TRAIN_DEFAULTS.significance})` })
      .option('min-support', { type: 'number', describe: `Apriori minimum support (default ${FARSW_TRAIN_DEFAULTS.minSupport})` })
      .option('align-threshold', { type: 'number', describe: `Share of a line's tokens found in order in the gold to call it topical (default ${FARSW_TRAIN_DEFAULTS.alignThreshold})` })
      .option('features', { choices: ['raw', 'normalized'] as const, describe: 'Feature variant (default raw; normalized for models across sites)' })
      .option('bce-shape', { choices: ['three', 'two'] as const, describe: 'Membership shape of TextLength, OutputTextLength, LinkNum (two = Low\'/High\', paper Fig. 7)' })
      .option('two-region-end', { choices: ['h', 'mean'] as const, describe: "With --bce-shape two: Low' reaches 0 at H (default) or at Mean (the paper preset's reading of Fig. 7)" })
      .option('comments', { type: 'boolean', describe: 'Keep user-comment sections in the training lines (removed by default; the model records it)' })
      .option('hidden', { type: 'boolean', describe: 'Keep hidden elements in the training lines (removed by default; the model records it)' })
      .option('carry-markup', { type: 'boolean', describe: 'Markup-only lines join the next text line (default: on for site models, off for models across sites; --no-carry-markup keeps them as lines)' })
      .option('preset', { choices: PRESETS, describe: "paper: FAR-SW as published (author's lines, Table 1 elements deleted, no class/id words; Fig. 7's two regions and normalised features across sites); other flags still apply on top" })
      .option('evidence', { type: 'boolean', describe: 'Also learn evidence rules: structure, class/id words and text, mined as fuzzy class association rules (apply with --classify rules)' })
      .option('unlabeled', { type: 'boolean', default: false, describe: 'Learn site models from pages without gold: the template found by repetition across a site\'s pages, pseudo-labels from it and the default model, then FAR-SW rules as usual (needs --site or --by-site; gold, if any, is ignored)' })
      .option('guard', { type: 'boolean', default: true, describe: 'Site models: cross-validate against the default model on the site\'s pages and record both scores; --model auto uses the site model only where it wins (--no-guard skips it)' })
      .option('guard-folds', { type: 'number', default: SITE_GUARD_FOLDS, describe: 'k of the guard\'s cross-validation' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the trained models\' summaries as JSON' })
      .check((a) => {
        if (!a['by-site'] && a.model === undefined) throw new ConfigError('--model NAME is required (or use --by-site)');
        if (a['by-site'] && a.site !== undefined) throw new ConfigError('--site and --by-site exclude each other');
        if (!(Number.isInteger(a['min-pages']) && a['min-pages'] >= 1)) throw new ConfigError(`--min-pages must be a positive integer, got ${a['min-pages']}`);
        if (a.unlabeled && !a['by-site'] && a.site === undefined) throw new ConfigError('--unlabeled learns site models: give --site HOST (with --model NAME) or --by-site');
        if (!(Number.isInteger(a['guard-folds']) && a['guard-folds'] >= 2)) throw new ConfigError(`--guard-folds must be an integer ≥ 2, got ${a['guard-folds']}`);
        return true;
      }) as never,
    handler: async (args) => {
      const params: TrainRunParams = {
        ...(args.preset !== undefined ? { preset: args.preset } : {}),
        ...(args.alpha !== undefined ? { alpha: args.alpha } : {}),
        ...(args.significance !== undefined ? { significance: args.significance } : {}),
        ...(args['min-support'] !== undefined ? { minSupport: args['min-support'] } : {}),
        ...(args['align-threshold'] !== undefined ? { alignThreshold: args['align-threshold'] } : {}),
        ...(args.features !== undefined ? { featureVariant: args.features } : {}),
        ...(args['bce-shape'] !== undefined ? { bceShape: args['bce-shape'] } : {}),
        ...(args['two-region-end'] !== undefined ? { twoRegionEnd: args['two-region-end'] } : {}),
        ...(args['carry-markup'] !== undefined ? { carryMarkup: args['carry-markup'] } : {}),
        ...(args.comments === true ? { dropComments: false } : {}),
        ...(args.hidden === true ? { dropHidden: false } : {}),
        ...(args.evidence !== undefined ? { evidence: args.evidence } : {}),
      };
      const { models, summaries, failures, skippedRecords } = await trainFromData({
        data: args.data, store: args.store, params, bySite: args['by-site'], minPages: args['min-pages'],
        unlabeled: args.unlabeled, guard: args.guard, guardFolds: args['guard-folds'],
        ...(args.model !== undefined ? { model: args.model } : {}), ...(args.site !== undefined ? { site: args.site } : {}),
        onIssue: (issue) => io.stderr(`farsw: skipped ${issue.file}${issue.line === undefined ? '' : `:${issue.line}`}: ${issue.message}\n`),
        onNote: (line) => io.stderr(`farsw: ${line}\n`),
        onProgress: (p) => { if (io.isTTY) io.stderr(progressLine(p)); },
      });
      const out = models.map((model, i) => ({ model, summary: summaries[i]! }));
      if (args.json) {
        io.stdout(JSON.stringify(out.map(({ model, summary }) => ({ ...summary, report: { ...model.trainingReport, maskCounts: undefined, skipped: undefined } })), null, 2) + '\n');
      } else {
        for (const { model, summary } of out) io.stdout(describeTrained(model, summary));
        io.stdout(`stored ${out.length} model(s) in ${args.store}${skippedRecords ? `; ${skippedRecords} unreadable records skipped` : ''}\n`);
      }
      if (failures.length > 0) io.exitCode = 3;
    },
  };
}

/** A training run's progress as a terminal line (overwritten in place). */
function progressLine(p: TrainProgress): string {
  switch (p.stage) {
    case 'read': return `\rtrain: ${p.pages} pages read${p.done ? '\n' : ''}`;
    case 'guard': return `\rguard: ${p.model}…`;
    case 'label-free': return `\rlabel-free: ${p.host}…`;
    case 'label-free-done': return '\r';
  }
}
