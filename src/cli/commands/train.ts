/**
 * `farsw train`: learn FAR-SW rules from pages with gold text and store the model.
 *   farsw train --data FILE|DIR --model NAME [--site HOST] [--store PATH]
 *   farsw train --data FILE|DIR --by-site [--min-pages 10] [--model PREFIX]
 * Pages are read by `readDataset` (src/dataset/load.ts); a page's host is
 * `hostOfRecord` (src/dataset/site.ts), the site definition the evaluation uses.
 * Malformed records are reported on stderr with file and line, skipped and
 * counted in the summary.
 */
import type { CommandModule } from 'yargs';
import { storeOptionSpec } from '../store-location.js';
import { FARSW_TRAIN_DEFAULTS } from '../../core/defaults.js';
import { PRESETS, type Preset } from '../../core/presets.js';
import { ConfigError, DatasetError, isFarswError } from '../../core/errors.js';
import { readDataset } from '../../dataset/load.js';
import { hostOfRecord, normalizeHost } from '../../dataset/site.js';
import type { DatasetIssue } from '../../dataset/types.js';
import type { FeatureVariant } from '../../features/line-features.js';
import type { MembershipShape } from '../../fuzzy/region.js';
import { undisputedNote, validateModelName, type Model, type SiteCheck } from '../../model/model.js';
import { openModelStore } from '../../model-store/sqlite.js';
import { type ModelSummary } from '../../model-store/store.js';
import { Trainer, type TrainingPage, type TrainOptions } from '../../train/train.js';
import { checkPseudoLabelled, checkSiteModel, SITE_GUARD_FOLDS } from '../../eval/site-guard.js';
import { extractWithModel } from '../../extract/model-extractor.js';
import { pseudoLabel, trainPseudoLabelled, type UnlabeledPage } from '../../train/unlabeled.js';
import { defaultModelIn } from '../../model-store/resolve.js';
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

function isValidModelName(name: string): boolean {
  try {
    validateModelName(name);
    return true;
  } catch {
    return false;
  }
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
    + `labels cover ${pct(r.goldCoverage)} of gold tokens, ${pct(r.topicalNoise)} of topical tokens not in gold; `
    + `${m.rules.length} rule(s) at level L${level}, recall ${pct(r.ruleRecall)}, precision ${pct(r.rulePrecision)} on training lines; version ${s.version}\n`
    + (r.unlabeled ? `  label-free: ${r.unlabeled.templateLines} template lines (on ≥ ${r.unlabeled.minPages} pages), ${r.unlabeled.varyingPaths} varying paths, ${r.unlabeled.pseudoTopicalLines} pseudo-topical lines from ${r.unlabeled.seedModel}'s output${r.unlabeled.listItemLines ? ` (${r.unlabeled.listItemLines} items of repeated lists left out)` : ''}\n` : '')
    + (r.siteCheck ? `  ${describeSiteCheck(r.siteCheck)}\n` : '');
}

/** One line on a site model's guard: both scores and what `--model auto` does. */
export function describeSiteCheck(c: SiteCheck): string {
  return `guard: ${c.folds}-fold on ${c.pages} pages${c.labels === 'pseudo' ? ' (against the pseudo-labels)' : ''}, BoW F1 site model ${c.siteF1.toFixed(3)} vs ${c.defaultModel} ${c.defaultF1.toFixed(3)}${guardNote(c)}: `
    + (c.useSite ? '--model auto uses the site model' : '--model auto uses the default model for this site (--use-site-model forces the site model)');
}

/** The guard's per-page fallback and its page count, as a clause (empty for models trained before them). */
export function guardNote(c: SiteCheck): string {
  if (c.wins === undefined || c.losses === undefined) return '';
  const below = c.fallbackBelow ?? 0;
  return `${below > 0 ? `; with ${c.defaultModel}'s text where they agree below ${below}: ${(c.guardedF1 ?? c.siteF1).toFixed(3)}` : ''}; better on ${c.wins} pages, worse on ${c.losses}${undisputedNote(c)}`;
}

/** Cross-validate each site model against the default model on its pages and record both scores (eval/site-guard.ts). */
function guardModels(models: Model[], sitePages: ReadonlyMap<string, TrainingPage[]>, params: Omit<TrainOptions, 'name' | 'site'>, dflt: Model, folds: number, io: CliIo): Model[] {
  return models.map((m) => {
    const pages = m.site !== null ? sitePages.get(m.site) : undefined;
    if (!pages) return m;
    if (io.isTTY) io.stderr(`\rguard: ${m.name}…`);
    const siteCheck = checkSiteModel(pages, { ...params, site: m.site }, dflt, { folds });
    return siteCheck ? { ...m, trainingReport: { ...m.trainingReport, siteCheck } } : m;
  });
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
      const params: Omit<TrainOptions, 'name' | 'site'> = {
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
      const site = args.site === undefined ? undefined : normalizeHost(args.site) ?? undefined;
      // Open (create / migrate) the store first: a bad --store fails before minutes of training.
      const store = openModelStore(args.store);
      try {
        let models: Model[], failures: string[], skippedRecords: number;
        let guarded: Model[];
        if (args.unlabeled) {
          ({ models: guarded, failures, skippedRecords } = await trainUnlabeledFromData(args, params, site, defaultModelIn(store), io));
        } else {
          let sitePages: Map<string, TrainingPage[]>;
          ({ models, failures, skippedRecords, sitePages } = await trainFromData(args, params, site, io));
          // --by-site: the guard's pages are read again, for the hosts that got a model only (keeping every host's
          // pages through the first read until --min-pages could be judged cost 600 MB peak on the shared datasets).
          if (args.guard && args['by-site']) sitePages = await pagesOfSites(args.data, new Set(models.map((m) => m.site!)));
          guarded = args.guard ? guardModels(models, sitePages, params, defaultModelIn(store), args['guard-folds'], io) : models;
        }
        // One transaction for every model of the run: a killed or failed save leaves the store as it was.
        const summaries = store.saveAll(guarded);
        const out = guarded.map((model, i) => ({ model, summary: summaries[i]! }));
        if (args.json) {
          io.stdout(JSON.stringify(out.map(({ model, summary }) => ({ ...summary, report: { ...model.trainingReport, maskCounts: undefined, skipped: undefined } })), null, 2) + '\n');
        } else {
          for (const { model, summary } of out) io.stdout(describeTrained(model, summary));
          io.stdout(`stored ${out.length} model(s) in ${args.store}${skippedRecords ? `; ${skippedRecords} unreadable records skipped` : ''}\n`);
        }
        if (failures.length > 0) io.exitCode = 3;
      } finally {
        store.close();
      }
    },
  };
}

/**
 * `--unlabeled`: read the pages once, grouped by host (HTML kept per host: repetition needs every page of a
 * site), then per host with at least --min-pages pages: the default model's text as the seed, pseudo-labels
 * (train/unlabeled.ts), the usual Trainer, and the guard scored against the pseudo-labels.
 */
async function trainUnlabeledFromData(args: TrainArgs, params: Omit<TrainOptions, 'name' | 'site'>, site: string | undefined, dflt: Model, io: CliIo)
  : Promise<{ models: Model[]; failures: string[]; skippedRecords: number }> {
  const perHost = new Map<string, UnlabeledPage[]>();
  let skippedRecords = 0, noHost = 0;
  const onIssue = (issue: DatasetIssue): void => {
    skippedRecords++;
    io.stderr(`farsw: skipped ${issue.file}${issue.line === undefined ? '' : `:${issue.line}`}: ${issue.message}\n`);
  };
  for await (const rec of readDataset(args.data, { onIssue, goldOptional: true })) {
    const host = hostOfRecord(rec);
    if (host === null) { noHost++; continue; }
    if (site !== undefined && host !== site) continue;
    let list = perHost.get(host);
    if (!list) perHost.set(host, (list = []));
    list.push({ id: rec.id, html: rec.html });
  }
  const minPages = site !== undefined ? Math.min(args['min-pages'], 2) : args['min-pages'];
  const eligible = [...perHost].filter(([, p]) => p.length >= minPages).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  io.stderr(`farsw: ${perHost.size} hosts, ${eligible.length} with at least ${minPages} pages${noHost ? `; ${noHost} records without a host ignored` : ''}\n`);
  if (eligible.length === 0) throw new DatasetError(`${args.data}: no host${site ? ` ${site}` : ''} with at least ${minPages} pages${site ? '' : ' (lower --min-pages?)'}`);
  const models: Model[] = [];
  const failures: string[] = [];
  for (const [host, pages] of eligible) {
    const name = site !== undefined ? args.model! : args.model ? `${args.model}-${host}` : host;
    if (!isValidModelName(name)) { failures.push(host); io.stderr(`farsw: ${host}: gives no valid model name\n`); continue; }
    try {
      if (io.isTTY) io.stderr(`\rlabel-free: ${host}…`);
      const seed = new Map(pages.map((p) => [p.id!, extractWithModel(p.html, dflt).text]));
      const options = { ...params, site: host };
      const labels = pseudoLabel(pages, { ...options, seed: (p) => seed.get(p.id!)!, seedModel: dflt.name });
      let model = trainPseudoLabelled(labels, { ...options, name });
      const siteCheck = args.guard ? checkPseudoLabelled(labels, options, dflt, { folds: args['guard-folds'], defaultCache: seed }) : null;
      if (siteCheck) model = { ...model, trainingReport: { ...model.trainingReport, siteCheck: { ...siteCheck, labels: 'pseudo' } } };
      models.push(model);
    } catch (e) {
      if (!isFarswError(e)) throw e;
      failures.push(host);
      io.stderr(`farsw: ${host}: ${e.message}\n`);
    }
  }
  if (io.isTTY) io.stderr('\r');
  return { models, failures, skippedRecords };
}

/** The pages with gold of the given hosts (the guard's second read of `--by-site`). */
async function pagesOfSites(data: string, hosts: ReadonlySet<string>): Promise<Map<string, TrainingPage[]>> {
  const out = new Map<string, TrainingPage[]>();
  for await (const rec of readDataset(data, { onIssue: () => {} })) { // issues were reported by the first read
    const host = hostOfRecord(rec);
    if (host === null || !hosts.has(host) || rec.gold === null || rec.gold.trim() === '') continue;
    let list = out.get(host);
    if (!list) out.set(host, (list = []));
    list.push({ id: rec.id, html: rec.html, gold: rec.gold });
  }
  return out;
}

/**
 * Read the training data once and train the global model (optionally for one site) or one model
 * per host. Hosts whose training fails with a known error are reported and listed in `failures`.
 */
async function trainFromData(args: TrainArgs, params: Omit<TrainOptions, 'name' | 'site'>, site: string | undefined, io: CliIo)
  : Promise<{ models: Model[]; failures: string[]; skippedRecords: number; sitePages: Map<string, TrainingPage[]> }> {
  // The guard re-trains on the site's pages: they are kept (HTML and gold) for site models only.
  const sitePages = new Map<string, TrainingPage[]>();
  const keep = (host: string, rec: TrainingPage): void => {
    if (!args.guard) return;
    let list = sitePages.get(host);
    if (!list) sitePages.set(host, (list = []));
    list.push({ id: rec.id!, html: rec.html, gold: rec.gold });
  };
  // Trainers are created (and options validated) before any page is read.
  const global = args['by-site'] ? null : new Trainer({ ...params, name: args.model!, site: site ?? null });
  const perHost = new Map<string, Trainer>();
  let read = 0, skippedRecords = 0, noHost = 0, noGold = 0;
  const onIssue = (issue: DatasetIssue): void => {
    skippedRecords++;
    io.stderr(`farsw: skipped ${issue.file}${issue.line === undefined ? '' : `:${issue.line}`}: ${issue.message}\n`);
  };
  for await (const rec of readDataset(args.data, { onIssue })) {
    read++;
    if (io.isTTY && read % 100 === 0) io.stderr(`\rtrain: ${read} pages read`);
    const host = hostOfRecord(rec);
    if (global) {
      if (site === undefined || host === site) {
        global.addPage({ ...rec, site: host });
        if (site !== undefined) keep(site, rec);
      }
    } else if (rec.gold === null || rec.gold.trim() === '') noGold++; // only pages with gold count towards --min-pages
    else if (host === null) noHost++;
    else {
      let t = perHost.get(host);
      if (!t) {
        const name = args.model ? `${args.model}-${host}` : host;
        // A record's host is data, not trusted: a host that makes no valid model name is skipped.
        if (!isValidModelName(name)) {
          skippedRecords++;
          io.stderr(`farsw: skipped ${rec.id}: host ${JSON.stringify(host)} gives no valid model name\n`);
          continue;
        }
        t = new Trainer({ ...params, name, site: host });
        perHost.set(host, t);
      }
      t.addPage({ ...rec, site: host });
    }
  }
  if (io.isTTY && read >= 100) io.stderr(`\rtrain: ${read} pages read\n`);

  if (global) {
    if (global.pages === 0) throw new DatasetError(`${args.data}: no training pages${site ? ` for site ${site}` : ''}`);
    return { models: [global.finish()], failures: [], skippedRecords, sitePages };
  }
  const minPages = args['min-pages'];
  const eligible = [...perHost.entries()].filter(([, t]) => t.pages >= minPages).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  io.stderr(`farsw: ${perHost.size} hosts, ${eligible.length} with at least ${minPages} pages with gold`
    + `${noHost ? `; ${noHost} records without a host ignored` : ''}${noGold ? `; ${noGold} records without gold ignored` : ''}\n`);
  if (eligible.length === 0) throw new DatasetError(`${args.data}: --by-site found no host with at least ${minPages} pages with gold (lower --min-pages?)`);
  const models: Model[] = [];
  const failures: string[] = [];
  for (const [host, t] of eligible) {
    try {
      models.push(t.finish());
    } catch (e) {
      if (!isFarswError(e)) throw e;
      failures.push(host);
      io.stderr(`farsw: ${host}: ${e.message}\n`);
    }
  }
  return { models, failures, skippedRecords, sitePages };
}
