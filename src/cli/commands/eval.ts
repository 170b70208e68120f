/**
 * `farsw eval`: score an extractor (or a predictions file) against gold text.
 *   farsw eval --data DATA [--algorithm A] [--by dataset|site|lang] [--json OUT] [--pages OUT.csv] [--worst N]
 *   farsw eval --data DATA --predictions PRED.jsonl          score another tool's output
 *   farsw eval --data DATA --cv intra-site|inter-site [--folds 10] [--min-pages 10] [--seed 1]
 * DATA: a .jsonl[.gz] file, a directory of them (../shared/datasets) or a
 * training-data directory.
 */
import { writeFile } from 'node:fs/promises';
import type { CommandModule } from 'yargs';
import { EVAL_DEFAULTS } from '../../core/defaults.js';
import { ConfigError, InputError } from '../../core/errors.js';
import { readDataset } from '../../dataset/load.js';
import { readPredictions } from '../../dataset/predictions.js';
import type { DatasetIssue, PageRecord } from '../../dataset/types.js';
import { crossValidate, type CvMode } from '../../eval/crossval.js';
import { evaluate } from '../../eval/evaluate.js';
import type { BowUnit } from '../../eval/metrics.js';
import { extractorPredictor, runExtractor, storedPredictor, type Clock } from '../../eval/predictors.js';
import {
  crossValidationJson, evalReportJson, formatCrossValidation, formatEvalReport, formatWorstPages, pagesCsv, worstPages,
} from '../../eval/report.js';
import type { GroupBy } from '../../eval/score.js';
import { DEFAULT_ALGORITHM, extractorNames, getExtractor, type Extractor } from '../../extract/registry.js';
import type { CliIo } from '../io.js';

interface EvalArgs {
  data: string;
  algorithm?: string;
  model?: string;
  predictions?: string;
  by?: GroupBy;
  unit: BowUnit;
  json?: string;
  pages?: string;
  worst: number;
  cv?: CvMode;
  folds: number;
  'min-pages': number;
  seed: number;
}

/** Malformed records printed in full before only counting them. */
const MAX_ISSUES_SHOWN = 20;

const clock: Clock = () => performance.now();

/** The extractor named by --algorithm / --model. */
function chooseExtractor(args: EvalArgs): Extractor {
  if (args.model !== undefined) {
    // FAR-SW models register as `farsw:NAME` once the trainer lands.
    return getExtractor(`farsw:${args.model}`);
  }
  return getExtractor(args.algorithm ?? DEFAULT_ALGORITHM);
}

/** Write a result file, naming it in the error. `-` writes to stdout. */
async function writeOut(path: string, content: string, io: CliIo): Promise<void> {
  if (path === '-') return io.stdout(content);
  try {
    await writeFile(path, content);
  } catch (e) {
    throw new InputError(`${path}: cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

async function collect(records: AsyncIterable<PageRecord>): Promise<PageRecord[]> {
  const out: PageRecord[] = [];
  for await (const r of records) out.push(r);
  return out;
}

async function handle(args: EvalArgs, io: CliIo): Promise<void> {
  const issues: DatasetIssue[] = [];
  const onIssue = (i: DatasetIssue): void => {
    issues.push(i);
    if (issues.length <= MAX_ISSUES_SHOWN) io.stderr(`farsw: ${i.file}${i.line ? `:${i.line}` : ''}: ${i.message} (skipped)\n`);
  };
  const records = readDataset(args.data, { onIssue });
  const t0 = performance.now();
  let method: string;
  const toStdout = args.json === '-';

  if (args.cv !== undefined) {
    if (args.predictions !== undefined) throw new ConfigError('--cv runs an extractor; it cannot score --predictions');
    const extractor = chooseExtractor(args);
    method = extractor.name;
    const all = await collect(records);
    // The extractors in the registry need no training: each fold just runs on its test pages.
    const report = await crossValidate(all, (_train, test) => test.map((r) => runExtractor(extractor, r, clock)), {
      mode: args.cv, folds: args.folds, minPages: args['min-pages'], seed: args.seed,
      groupBy: args.by === 'dataset' ? 'dataset' : 'site', unit: args.unit,
    });
    if (!toStdout) io.stdout(`${method}, ${formatCrossValidation(report)}`);
    if (args.json !== undefined) {
      await writeOut(args.json, JSON.stringify(crossValidationJson(report, { method, malformed: issues.length }), null, 2) + '\n', io);
    }
    if (args.pages !== undefined) await writeOut(args.pages, pagesCsv(report.pages), io);
  } else {
    let predictor;
    if (args.predictions !== undefined) {
      predictor = storedPredictor(await readPredictions(args.predictions, { onIssue }));
      method = `predictions:${args.predictions}`;
    } else {
      const extractor = chooseExtractor(args);
      predictor = extractorPredictor(extractor, clock);
      method = extractor.name;
    }
    let done = 0;
    const report = await evaluate(records, predictor, {
      by: args.by ?? 'dataset',
      unit: args.unit,
      onPage: () => {
        done++;
        if (io.isTTY && done % 200 === 0) io.stderr(`\r${done} pages…`);
      },
    });
    if (io.isTTY && done >= 200) io.stderr('\r');
    if (!toStdout) {
      io.stdout(`${method}\n\n${formatEvalReport(report)}`);
      if (args.worst > 0) io.stdout(`\n${formatWorstPages(worstPages(report.pages, args.worst))}`);
    }
    if (report.missing > 0) io.stderr(`farsw eval: ${report.missing} pages have no prediction (skipped)\n`);
    if (args.json !== undefined) {
      await writeOut(args.json, JSON.stringify(evalReportJson(report, { method, malformed: issues.length }), null, 2) + '\n', io);
    }
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
      y
        .option('data', { alias: 'd', type: 'string', demandOption: true, describe: 'Pages with gold: .jsonl[.gz], a directory of them, or training-data/' })
        .option('algorithm', { alias: 'a', type: 'string', choices: extractorNames(), describe: `Extractor (default ${DEFAULT_ALGORITHM})` })
        .option('model', { alias: 'm', type: 'string', describe: 'FAR-SW model name (instead of --algorithm)' })
        .option('predictions', { alias: 'p', type: 'string', describe: 'Score this {"id","text"}/{"id","error"} JSON Lines file instead of running an extractor' })
        .option('by', { choices: ['dataset', 'site', 'lang'] as const, describe: 'Group rows by (default dataset; with --cv: site, or dataset = leave-one-dataset-out)' })
        .option('unit', { choices: ['tokens', 'bytes'] as const, default: EVAL_DEFAULTS.unit, describe: 'Bag-of-words size unit (FAR-SW counts bytes)' })
        .option('json', { type: 'string', describe: 'Write the results as JSON to this file (--json=- writes it to stdout instead of the table)' })
        .option('pages', { type: 'string', describe: 'Write per-page scores as CSV to this file' })
        .option('worst', { type: 'number', default: 0, describe: 'List the N pages with the lowest LCS F1' })
        .option('cv', { choices: ['intra-site', 'inter-site'] as const, describe: 'Cross-validate: k-fold within sites, or leave one site out' })
        .option('folds', { type: 'number', default: EVAL_DEFAULTS.folds, describe: 'k of intra-site k-fold' })
        .option('min-pages', { type: 'number', default: EVAL_DEFAULTS.minPages, describe: 'Smallest site (or dataset) tested in --cv' })
        .option('seed', { type: 'number', default: EVAL_DEFAULTS.seed, describe: 'Seed of the --cv fold shuffles' })
        .check((a) => {
          const given = [a.algorithm, a.model, a.predictions].filter((x) => x !== undefined).length;
          if (given > 1) throw new ConfigError('give at most one of --algorithm, --model, --predictions');
          if (a.cv !== undefined && a.by === 'lang') throw new ConfigError('--cv groups by site or dataset, not lang');
          if (!Number.isInteger(a.worst) || a.worst < 0) throw new ConfigError(`--worst: expected an integer ≥ 0, found ${a.worst}`);
          return true;
        }) as never,
    handler: (args) => handle(args, io),
  };
}
