/**
 * `farsw eval`: score an extractor (or a predictions file) against gold text.
 *   farsw eval --data DATA [--algorithm A] [--by dataset|site|lang|page_type] [--json | --json-out OUT] [--pages OUT.csv] [--worst N]
 *   farsw eval --data DATA --predictions PRED.jsonl          score another tool's output
 *   farsw eval --data DATA --cv intra-site|inter-site [--folds 10] [--min-pages 10] [--seed 1]
 * DATA: a .jsonl[.gz] file, a directory of them (../shared/datasets) or a
 * training-data directory.
 */
import { FAVORS, withFavor, type Favor } from '../../api/favor.js';
import type { CommandModule } from 'yargs';
import { storeOptionSpec } from '../store-location.js';
import { EVAL_DEFAULTS } from '../../core/defaults.js';
import { ConfigError, InputError } from '../../core/errors.js';
import { readDataset } from '../../dataset/load.js';
import { readPredictions } from '../../dataset/predictions.js';
import type { DatasetIssue, PageRecord } from '../../dataset/types.js';
import { crossValidate, type CvMode, type TrainAndExtract } from '../../eval/crossval.js';
import { evaluate, type Predictor } from '../../eval/evaluate.js';
import { leakageChecker, type Leak, type LeakCounts } from '../../eval/leakage.js';
import type { BowUnit } from '../../eval/metrics.js';
import { extractorPredictor, runExtractor, storedPredictor, type Clock, type TextExtractor } from '../../eval/predictors.js';
import {
  crossValidationJson, evalReportJson, formatCrossValidation, formatEvalReport, formatWorstPages, pagesCsv, worstPages,
} from '../../eval/report.js';
import { GROUP_BY_KEYS, type GroupBy } from '../../eval/score.js';
import { DEFAULT_ALGORITHM, extractorNames, getExtractor } from '../../extract/registry.js';
import { extractWithModel, type ModelExtractorOptions } from '../../extract/model-extractor.js';
import type { FeatureVariant } from '../../features/line-features.js';
import type { Model } from '../../model/model.js';
import { lineArgs, lineOptions, type LineArgs } from '../line-options.js';
import { checkFavorFlag, danaArgs, extractorOptions, farswArgs, presetArgs, type ExtractorArgs } from '../extractor-options.js';
import { DEFAULT_MODEL_NAME, modelResolver } from '../../model-store/resolve.js';
import { extract } from '../../api/extract.js';
import { checkSiteModel, fallbackText } from '../../eval/site-guard.js';
import { Trainer } from '../../train/train.js';
import { writeWholeFile } from '../../batch/output.js';
import type { CliIo } from '../io.js';

interface EvalArgs extends LineArgs, ExtractorArgs {
  data: string;
  'exclude-trained': boolean;
  algorithm?: string;
  model?: string;
  predictions?: string;
  by?: GroupBy;
  unit: BowUnit;
  json: boolean;
  favor?: Favor;
  'json-out'?: string;
  pages?: string;
  worst: number;
  cv?: CvMode;
  folds: number;
  'min-pages': number;
  seed: number;
  store: string;
  train: boolean;
  guard: boolean;
  features?: FeatureVariant;
}

/** Malformed records printed in full before only counting them. */
const MAX_ISSUES_SHOWN = 20;

const clock: Clock = () => performance.now();

/** The extractor options the flags ask for: preset, preprocessing, the DANA core's and a model's. */
function flagOptions(args: EvalArgs): ModelExtractorOptions {
  const lines = lineArgs(args);
  const base = { ...presetArgs(args), ...(Object.keys(lines).length > 0 ? { lines } : {}), dana: danaArgs(args), farsw: farswArgs(args) };
  if (args.favor === undefined) return base;
  // --favor as in apply: its parameter set laid under the flags given (which win).
  const { favor: _favor, algorithm: _algorithm, ...favoured } = withFavor({ ...base, favor: args.favor, ...(args.algorithm !== undefined ? { algorithm: args.algorithm } : {}) });
  return favoured;
}

/** A model as a text extractor (what `evaluate` runs). */
function modelExtractor(model: Model, args: EvalArgs): TextExtractor {
  const flags = flagOptions(args);
  return { name: `farsw:${model.name}`, extract: (html, o) => extractWithModel(html, model, { ...o, ...flags }) };
}

/**
 * The extractor named by --algorithm / --model (default: the model `auto` picks). A model runs through the
 * library's extract(), as apply does: the same choice, the same per-page fallback, so eval scores what apply outputs.
 */
function chooseExtractor(args: EvalArgs): TextExtractor {
  const flags = flagOptions(args);
  if (args.algorithm !== undefined) {
    const chosen = getExtractor(args.algorithm);
    return { name: chosen.name, extract: (html, o) => chosen.extract(html, { ...o, ...flags }) };
  }
  const spec = args.model ?? 'auto';
  return { name: `farsw:${spec}`, extract: (html, o) => extract(html, { ...o, ...flags, model: spec, store: args.store }) };
}

/** The model `--model` (default auto) gives a record, as apply picks it. */
function modelChooser(args: EvalArgs): (record: PageRecord) => Model {
  const resolver = modelResolver(args.store);
  const spec = args.model ?? 'auto';
  return (record) => resolver.resolve(spec, record.url ?? undefined);
}

/** The records, with those a model was trained on left out when `exclude` (page fingerprints only). */
async function* withoutTrained(records: AsyncIterable<PageRecord>, check: (r: PageRecord) => Leak, exclude: boolean): AsyncGenerator<PageRecord> {
  for await (const r of records) if (check(r) !== 'page' || !exclude) yield r;
}

/** One warning line per model that saw scored pages in training. */
function reportLeaks(counts: LeakCounts, excluded: boolean, io: CliIo): void {
  for (const [name, n] of counts.trained) {
    io.stderr(excluded
      ? `farsw eval: ${n} pages model "${name}" was trained on were left out (--exclude-trained)\n`
      : `farsw eval: WARNING: model "${name}" was trained on ${n} of these pages: their scores are not a test (--exclude-trained leaves them out)\n`);
  }
  for (const [name, n] of counts.sameDataset) {
    io.stderr(`farsw eval: WARNING: model "${name}" was trained on the dataset of ${n} of these pages (it keeps no page fingerprints, so the overlap cannot be told page by page); score a model trained without it (leave-one-dataset-out) for a fair test\n`);
  }
}

/**
 * `--cv … --train`: train a FAR-SW model on each fold's training pages and
 * apply it to the test pages (raw features within a site, normalised across
 * sites, as FAR-SW §3.2 prescribes; `--features` overrides).
 */
function trainingCv(args: EvalArgs, decisions: Map<string, GuardTally>): TrainAndExtract {
  const defaultCache = new Map<string, string>();
  return (train, test, fold) => {
    const featureVariant = args.features ?? (args.cv === 'inter-site' ? 'normalized' : 'raw');
    // Intra-site folds train a site model (applied with FARSW_SITE_MODEL_DEFAULTS.mode), inter-site folds a model across sites.
    const options = { ...(args.features !== undefined || args.preset !== 'paper' ? { featureVariant } : {}), ...presetArgs(args), site: args.cv === 'intra-site' ? fold.group : null };
    const trainer = new Trainer({ name: 'cv-fold', ...options });
    const pages = train.filter((r) => r.gold).map((r) => ({ id: r.id, html: r.html, gold: r.gold }));
    for (const p of pages) trainer.addPage(p);
    if (trainer.pages === 0) throw new ConfigError(`cross-validation fold ${JSON.stringify(fold)} has no training pages with gold`);
    let model = trainer.finish();
    let fallback: { extractor: TextExtractor; below: number } | null = null;
    if (args.cv === 'intra-site' && args.guard) {
      // What `--model auto` would do: the guard decides on this fold's training pages only (no test page seen).
      const dflt = modelResolver(args.store).resolve(DEFAULT_MODEL_NAME);
      const check = checkSiteModel(pages, options, dflt, { defaultCache });
      const d = decisions.get(fold.group) ?? { site: 0, folds: 0, fallbacks: 0 };
      d.folds++;
      if (check === null || check.useSite) d.site++;
      else model = dflt;
      if (check?.useSite && (check.fallbackBelow ?? 0) > 0) fallback = { extractor: modelExtractor(dflt, args), below: check.fallbackBelow! };
      decisions.set(fold.group, d);
    }
    const extractor = modelExtractor(model, args);
    if (!fallback) return test.map((r) => runExtractor(extractor, r, clock));
    // The per-page fallback of --model auto (api/extract.ts): the default model's text where the two agree below τ.
    const { extractor: other, below } = fallback;
    const d = decisions.get(fold.group)!;
    const guarded: TextExtractor = {
      name: extractor.name,
      extract: (html, o) => {
        const kept = fallbackText(extractor.extract(html, o).text, other.extract(html, o).text, below);
        if (kept.fellBack) d.fallbacks++;
        return { text: kept.text };
      },
    };
    return test.map((r) => runExtractor(guarded, r, clock));
  };
}

/** Per site: folds where the guard kept the site model, and test pages given the default model's text by its per-page fallback. */
interface GuardTally { site: number; folds: number; fallbacks: number }

/** Per site, in how many folds the guard kept the site model. */
function formatDecisions(decisions: ReadonlyMap<string, GuardTally>): string {
  const rows = [...decisions].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const kept = rows.reduce((a, [, d]) => a + d.site, 0), folds = rows.reduce((a, [, d]) => a + d.folds, 0), fell = rows.reduce((a, [, d]) => a + d.fallbacks, 0);
  return `\nguard: site model used in ${kept} of ${folds} folds; ${fell} test pages fell back to the default model's text\n${rows.map(([g, d]) => `  ${g.padEnd(40)} ${d.site}/${d.folds}${d.fallbacks ? `, ${d.fallbacks} pages fell back` : ''}`).join('\n')}\n`;
}

/** The results as JSON: on stdout with --json (instead of the table), to a file with --json-out. */
async function writeJson(args: EvalArgs, json: string, io: CliIo): Promise<void> {
  if (args.json) await io.stdout(json);
  if (args['json-out'] !== undefined) await writeOut(args['json-out'], json, io);
}

/** Write a result file, naming it in the error. `-` writes to stdout. */
async function writeOut(path: string, content: string, io: CliIo): Promise<void> {
  if (path === '-') return io.stdout(content);
  await writeWholeFile(path, content);
}

async function collect(records: AsyncIterable<PageRecord>): Promise<PageRecord[]> {
  const out: PageRecord[] = [];
  for await (const r of records) out.push(r);
  return out;
}

/** The records of `source`, calling `each` as each one goes by. */
async function* counted<T>(source: AsyncIterable<T>, each: () => void): AsyncGenerator<T> {
  for await (const r of source) {
    each();
    yield r;
  }
}

async function handle(args: EvalArgs, io: CliIo): Promise<void> {
  const issues: DatasetIssue[] = [];
  const onIssue = (i: DatasetIssue): void => {
    issues.push(i);
    if (issues.length <= MAX_ISSUES_SHOWN) io.stderr(`farsw: ${i.file}${i.line ? `:${i.line}` : ''}: ${i.message} (skipped)\n`);
  };
  let read = 0;
  const records = counted(readDataset(args.data, { onIssue }), () => read++);
  const t0 = performance.now();
  let method: string;
  const toStdout = args.json;

  if (args.cv !== undefined) {
    if (args.predictions !== undefined) throw new ConfigError('--cv runs an extractor; it cannot score --predictions');
    const all = await collect(records);
    const decisions = new Map<string, GuardTally>();
    let run: TrainAndExtract;
    if (args.train) {
      const guarded = args.cv === 'intra-site' && args.guard;
      method = `farsw (trained per fold${args.features ? `, ${args.features} features` : ''}${guarded ? '; guard: the site model only where it beat the default model on the fold\'s training pages, as --model auto' : ''})`;
      run = trainingCv(args, decisions);
    } else {
      // Extractors that need no training just run on each fold's test pages.
      const extractor = chooseExtractor(args);
      method = extractor.name;
      run = (_train, test) => test.map((r) => runExtractor(extractor, r, clock));
    }
    const report = await crossValidate(all, run, {
      mode: args.cv, folds: args.folds, minPages: args['min-pages'], seed: args.seed,
      groupBy: args.by === 'dataset' ? 'dataset' : 'site', unit: args.unit,
    });
    if (!toStdout) {
      io.stdout(`${method}, ${formatCrossValidation(report)}`);
      if (decisions.size > 0) io.stdout(formatDecisions(decisions));
    }
    await writeJson(args, JSON.stringify(crossValidationJson(report, { method, malformed: issues.length }), null, 2) + '\n', io);
    if (args.pages !== undefined) await writeOut(args.pages, pagesCsv(report.pages), io);
  } else {
    let predictor: Predictor;
    let firstIds: { prediction?: string; page?: string } | undefined;
    if (args.predictions !== undefined) {
      const predictions = await readPredictions(args.predictions, { onIssue });
      const stored = storedPredictor(predictions);
      const ids: { prediction?: string; page?: string } = firstIds = {};
      const first = predictions.keys().next();
      if (!first.done) ids.prediction = first.value;
      predictor = (record) => {
        ids.page ??= record.id;
        return stored(record);
      };
      method = `predictions:${args.predictions}`;
    } else {
      const extractor = chooseExtractor(args);
      predictor = extractorPredictor(extractor, clock);
      method = extractor.name;
    }
    let done = 0;
    // A model scored on the pages it was trained on: warn, or leave them out (--exclude-trained).
    const leaks = args.algorithm === undefined && args.predictions === undefined ? leakageChecker(modelChooser(args)) : undefined;
    const scored = leaks ? withoutTrained(records, leaks.check, args['exclude-trained']) : records;
    const report = await evaluate(scored, predictor, {
      by: args.by ?? 'dataset',
      unit: args.unit,
      onPage: () => {
        done++;
        if (io.isTTY && done % 200 === 0) io.stderr(`\r${done} pages…`);
      },
    });
    if (io.isTTY && done >= 200) io.stderr('\r');
    // Nothing read: no table of zeros, and no exit 0 (train says the same of no training pages).
    if (read === 0) throw new InputError(`${args.data}: no pages to score${issues.length > 0 ? ` (${issues.length} unreadable records skipped)` : ''}`);
    if (report.missing > 0 && report.pages.length === 0 && firstIds !== undefined) {
      // Nothing scored: an id mismatch, not a result (exit 1).
      const eg = firstIds.prediction !== undefined ? ` (predictions have ids like "${firstIds.prediction}", the pages "${firstIds.page}")` : ' (it holds no prediction)';
      throw new InputError(`${args.predictions}: no prediction matches a page of ${args.data}${eg}`);
    }
    if (!toStdout) {
      io.stdout(`${method}\n\n${formatEvalReport(report)}`);
      if (args.worst > 0) io.stdout(`\n${formatWorstPages(worstPages(report.pages, args.worst))}`);
    }
    if (report.missing > 0) io.stderr(`farsw eval: ${report.missing} pages have no prediction (skipped)\n`);
    if (leaks) reportLeaks(leaks.counts, args['exclude-trained'], io);
    await writeJson(args, JSON.stringify(evalReportJson(report, { method, malformed: issues.length }), null, 2) + '\n', io);
    if (args.pages !== undefined) await writeOut(args.pages, pagesCsv(report.pages), io);
  }
  if (issues.length > 0) io.stderr(`farsw eval: ${issues.length} malformed records skipped\n`);
  io.stderr(`farsw eval: ${method} done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}

/** The `eval` command module. */
export function evalCommand(io: CliIo): CommandModule<object, EvalArgs> {
  return {
    command: 'eval',
    describe: 'Score an extractor or a predictions file against gold text (LCS and bag-of-words P/R/F1)',
    builder: (y) =>
      extractorOptions(lineOptions(y))
        .option('data', { alias: 'd', type: 'string', demandOption: true, describe: 'Pages with gold: .jsonl[.gz], a directory of them, or training-data/' })
        .option('algorithm', { alias: 'a', type: 'string', choices: extractorNames(), describe: `An extractor needing no model (e.g. ${DEFAULT_ALGORITHM})` })
        .option('model', { alias: 'm', type: 'string', describe: 'FAR-SW model name or auto (the default, as in apply)' })
        .option('predictions', { alias: 'p', type: 'string', describe: 'Score this {"id","text"}/{"id","error"} JSON Lines file instead of running an extractor' })
        .option('by', { choices: GROUP_BY_KEYS, describe: 'Group rows by a record field (default dataset; page_type adds the WCXB word F1; with --cv: site, or dataset = leave-one-dataset-out)' })
        .option('favor', { choices: FAVORS, describe: 'As in apply: precision leaves out more boilerplate, recall loses less content, balanced is the defaults (docs/cli.md, "Precision or recall")' })
        .option('unit', { choices: ['tokens', 'bytes'] as const, default: EVAL_DEFAULTS.unit, describe: 'Bag-of-words size unit (FAR-SW counts bytes)' })
        .option('json', { type: 'boolean', default: false, describe: 'Print the results as JSON instead of the table (a switch, as in rules, train and models)' })
        .option('json-out', { type: 'string', describe: 'Also write the results as JSON to this file' })
        .option('pages', { type: 'string', describe: 'Write per-page scores as CSV to this file' })
        .option('worst', { type: 'number', default: 0, describe: 'List the N pages with the lowest LCS F1' })
        .option('cv', { choices: ['intra-site', 'inter-site'] as const, describe: 'Cross-validate: k-fold within sites, or leave one site out' })
        .option('folds', { type: 'number', default: EVAL_DEFAULTS.folds, describe: 'k of intra-site k-fold' })
        .option('min-pages', { type: 'number', default: EVAL_DEFAULTS.minPages, describe: 'Smallest site (or dataset) tested in --cv' })
        .option('seed', { type: 'number', default: EVAL_DEFAULTS.seed, describe: 'Seed of the --cv fold shuffles' })
        .option('train', { type: 'boolean', default: false, describe: 'With --cv: train a FAR-SW model on each fold\'s training pages and apply it' })
        .option('guard', { type: 'boolean', default: true, describe: 'With --cv intra-site --train: the site model only where it beats the default model in a cross-validation on the fold\'s training pages, as --model auto does (--no-guard: always the site model)' })
        .option('features', { choices: ['raw', 'normalized'] as const, describe: 'With --train: feature variant (default raw intra-site, normalized inter-site)' })
        .option('store', storeOptionSpec('Model store for --model'))
        .option('exclude-trained', { type: 'boolean', default: false, describe: 'Leave out the pages the model was trained on (by their fingerprints in the model); without it, eval warns about them' })
        .check((a) => {
          const given = [a.algorithm, a.model, a.predictions].filter((x) => x !== undefined).length;
          if (a.favor !== undefined) {
            if (a.predictions !== undefined) throw new ConfigError('--favor chooses extraction parameters; --predictions scores a file already extracted');
            checkFavorFlag(a);
          }
          if (given > 1) throw new ConfigError('give at most one of --algorithm, --model, --predictions');
          if (a.cv !== undefined && (a.by === 'lang' || a.by === 'page_type')) throw new ConfigError(`--cv groups by site or dataset, not ${a.by}`);
          if (a.train && a.cv === undefined) throw new ConfigError('--train goes with --cv');
          if (a.train && (a.algorithm !== undefined || a.model !== undefined)) throw new ConfigError('--train trains its own model per fold: drop --algorithm / --model');
          if (!Number.isInteger(a.worst) || a.worst < 0) throw new ConfigError(`--worst: expected an integer ≥ 0, found ${a.worst}`);
          return true;
        }) as never,
    handler: (args) => handle(args, io),
  };
}
