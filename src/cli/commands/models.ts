/**
 * `farsw models`: list, show, remove, export, import and roll back stored models.
 *   farsw models list [--json]          read-only
 *   farsw models show NAME [--json]     read-only (`default`: the shipped model unless the store has one)
 *   farsw models rm NAME
 *   farsw models export NAME > model.json   (likewise)
 *   farsw models import model.json [--name NEW]
 *   farsw models rollback NAME
 *   farsw models check [--json]        read-only: integrity, schema, every model loads
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { Argv, CommandModule } from 'yargs';
import { describeStoreSource, locateStore, storeOptionSpec } from '../store-location.js';
import { ConfigError, InputError, ModelNotFoundError } from '../../core/errors.js';
import { checkModelDrift } from '../../api/drift.js';
import { modelFromJson, modelToJson, validateModelName, type Model, type UnlabeledEvidence } from '../../model/model.js';
import { openModelStore } from '../../model-store/sqlite.js';
import { type ModelStore, type ModelSummary } from '../../model-store/store.js';
import { checkModelStore } from '../../model-store/check.js';
import { DEFAULT_MODEL_NAME, loadNamedModel, MAX_MODEL_FILE_BYTES, modelNameOrFile, SHIPPED_DEFAULT_MODEL, tooLargeModelFile } from '../../model-store/resolve.js';
import { modelFootprint } from '../../model/footprint.js';
import { footprintHeapMb, MODEL_HEAP_ENV, modelHeapLimit, modelHeapProblem } from '../../batch/model-heap.js';
import { writeWholeFile } from '../../batch/output.js';
import { EXIT, type CliIo } from '../io.js';
import { guardNote, scorePair } from './train.js';

interface ModelsArgs { store: string; name?: string; file?: string; json?: boolean; data?: string }

function withStore<T>(path: string, readonly: boolean, f: (s: ModelStore) => T): T {
  const store = openModelStore(path, { readonly });
  try { return f(store); } finally { store.close(); }
}

function summaryLine(s: ModelSummary): string {
  return `${s.name.padEnd(28)} ${(s.site ?? '-').padEnd(28)} ${String(s.pages).padStart(6)} ${String(s.rules).padStart(5)}  v${s.version}${s.hasPrevious ? '+' : ' '}  ${s.created}`;
}

/** What `--model auto` does with a model, and why (model-store/resolve.ts ModelResolver.choose). */
function autoUse(model: Model): string {
  if (model.site === null) return model.name === DEFAULT_MODEL_NAME ? 'pages no site model takes' : 'not chosen by auto (no site; --model NAME uses it)';
  const c = model.trainingReport.siteCheck;
  if (!c) return `pages of ${model.site} (no cross-validation against the default model recorded; retrain to record one)`;
  // Said with the figures the guard decided on: a tie at 3 decimals shows 4, and a decision by per-page gains says so.
  const [site, dflt] = scorePair(c.siteF1, c.defaultF1);
  const verdict = site === dflt ? `tied on the mean (${site}); the guard decided on the pages` : `${site} vs ${dflt}`;
  return c.useSite
    ? `pages of ${model.site}: the guard chose the site model in its cross-validation (${verdict}${guardNote(c)})`
    : `default model for ${model.site}: the guard chose the default model in its cross-validation (${verdict}${guardNote(c)}); --use-site-model forces the site model`;
}

interface DriftArgs { store: string; name?: string; data?: string; json: boolean }

/** `farsw models check NAME --data NEW_PAGES`: the drift report (eval/drift.ts). Exit 4 when the pages no longer match. */
async function driftCheck(a: DriftArgs, io: CliIo): Promise<void> {
  if (a.name === undefined || a.data === undefined) throw new ConfigError('models check: give both a model NAME and --data NEW_PAGES to check for drift (or neither to check the store)');
  const { report: d, otherHosts } = await checkModelDrift({
    model: a.name, data: a.data, store: a.store,
    onIssue: (i) => io.stderr(`farsw: skipped ${i.file}${i.line === undefined ? '' : `:${i.line}`}: ${i.message}\n`),
  });
  if (a.json) io.stdout(JSON.stringify(d, null, 2) + '\n');
  else {
    const f3 = (x: number | null): string => (x === null ? 'not recorded' : x.toFixed(3));
    io.stdout([
      `model        ${d.model}${d.site ? ` (${d.site})` : ''}, checked on ${d.pages} new pages${otherHosts ? ` (${otherHosts} of other hosts ignored)` : ''}`,
      `templates    ${d.templateLines.count} template lines; found per page: ${f3(d.templateLines.now)} now, ${f3(d.templateLines.baseline)} in training; ${d.templateLines.pagesWithout} pages carry under a quarter of them`,
      `agreement    BoW F1 with the ${d.defaultModel} model's output: ${f3(d.agreement.now)} now, ${f3(d.agreement.baseline)} in training`,
      ...(d.scores ? [`gold         ${d.scores.pages} pages with gold: site model ${d.scores.siteF1.toFixed(3)}, ${d.defaultModel} ${d.scores.defaultF1.toFixed(3)}`] : []),
      ...d.findings.map((x) => `DRIFT        ${x}`),
      ...d.notes.map((x) => `note         ${x} (the template is still found: not counted as drift)`),
      `verdict      ${d.recommendation}`,
      '',
    ].join('\n'));
  }
  if (d.drifted) io.exitCode = EXIT.drift;
}

/** One line on a label-free model's evidence. */
export function describeUnlabeled(u: UnlabeledEvidence): string {
  return `${u.pages} pages without gold; pseudo-labels from ${u.seedModel} and repetition: ${u.templateLines} template lines (on ≥ ${u.minPages} pages), ${u.varyingPaths} paths whose text varies, ${u.pseudoTopicalLines} pseudo-topical lines${u.listItemLines ? `, ${u.listItemLines} list items left out` : ''}`;
}

/** The `models` command with its subcommands. */
export function modelsCommand(io: CliIo): CommandModule<object, ModelsArgs> {
  const name = (y: Argv) => y.positional('name', { type: 'string', demandOption: true, describe: 'Model name' });
  const nameOrFile = (y: Argv) => y.positional('name', { type: 'string', demandOption: true, describe: 'Model name, or FILE.json (a model exported with models export)' });
  return {
    command: 'models <command>',
    describe: 'List, show, remove, export, import or roll back stored models',
    builder: (y) => y
      .option('store', storeOptionSpec('Model store (SQLite file)'))
      .command({
        command: 'list',
        describe: 'List stored models',
        builder: (yy) => yy.option('json', { type: 'boolean', default: false }),
        handler: (a) => {
          const list = existsSync(a.store as string) ? withStore(a.store as string, true, (s) => s.list()) : [];
          // Which rule chose the store (--store, FARSW_STORE, per-user, project), so a user in another folder sees it.
          const auto = locateStore();
          const where = `store: ${a.store as string} (${auto.path === a.store ? describeStoreSource(auto) : '--store'}${existsSync(a.store as string) ? '' : '; not created yet'})\n`;
          if (a.json) io.stderr(where);
          else io.stdout(where);
          if (a.json) {
            io.stdout(JSON.stringify(list.map((s) => ({ name: s.name, site: s.site, pages: s.pages, created: s.created, version: s.version, hasPrevious: s.hasPrevious, lines: s.lines, topicalLines: s.topicalLines, rules: s.rules, featureVariant: s.featureVariant, farswVersion: s.farswVersion, fingerprint: s.fingerprint })), null, 2) + '\n');
            return;
          }
          // Without a stored `default`, apply uses the shipped one: say so, whatever the store holds.
          const shipped = list.some((s) => s.name === DEFAULT_MODEL_NAME) ? '' : `${DEFAULT_MODEL_NAME} (shipped, ${SHIPPED_DEFAULT_MODEL}) answers for pages no site model matches\n`;
          if (list.length === 0) { io.stdout(`no models in ${a.store as string}\n${shipped}`); return; }
          io.stdout(`${'NAME'.padEnd(28)} ${'SITE'.padEnd(28)} ${'PAGES'.padStart(6)} ${'RULES'.padStart(5)}  VER  CREATED\n`);
          for (const s of list) io.stdout(summaryLine(s) + '\n');
          io.stdout(shipped);
        },
      })
      .command({
        command: 'show <name>',
        describe: 'Show a model\'s metadata and training report',
        builder: (yy) => nameOrFile(yy).option('json', { type: 'boolean', default: false }),
        handler: (a) => {
          const { model, summary, source } = loadNamedModel(a.store as string, modelNameOrFile(a.name));
          const { maskCounts: _omit, ...report } = model.trainingReport;
          const evidence = {
            templateLines: model.templateLines?.length ?? 0,
            ...(model.templateMaxChars !== undefined ? { templateMaxChars: model.templateMaxChars } : {}),
            structuralPaths: model.pathStats?.length ?? 0,
            classIdWords: model.tokenStats?.length ?? 0,
          };
          const auto = autoUse(model);
          if (a.json) { io.stdout(JSON.stringify({ ...summary, source, params: model.params, evidence, report, auto }, null, 2) + '\n'); return; }
          const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
          const trainedOn = report.trainedOn?.map((d) => `${d.dataset} ${d.pages}`).join(', ');
          io.stdout([
            `model        ${model.name} (${summary ? `version ${summary.version}${summary.hasPrevious ? ', previous version kept' : ''}` : source === SHIPPED_DEFAULT_MODEL ? `shipped, ${source}` : `file ${source}`})`,
            `site         ${model.site ?? '(all sites)'}`,
            `created      ${summary ? `${summary.created} ` : ''}by farsw ${model.farswVersion}`,
            `features     ${model.featureSet}, ${model.featureVariant}; shapes ${model.membership.map((m) => m.shape).join(' ')}`,
            `parameters   alpha ${model.params.alpha}, significance ${model.params.significance}, min support ${model.params.minSupport}, align threshold ${model.params.alignThreshold}`,
            `training     ${report.pages} pages (${report.skippedPages} skipped), ${report.lines} lines, ${report.topicalLines} topical`,
            ...(trainedOn ? [`trained on   ${trainedOn}`] : []),
            report.unlabeled ? 'labels       pseudo-labels (no gold to measure them against)' : `labels       ${pct(report.goldCoverage)} of gold tokens covered, ${pct(report.topicalNoise)} of topical tokens not in gold`,
            `rules        ${model.rules.length} at level L${model.levels.length}; recall ${pct(report.ruleRecall)}, precision ${pct(report.rulePrecision)} on training lines`,
            `evidence     ${evidence.templateLines} template lines${model.templateMaxChars !== undefined ? ` (up to ${model.templateMaxChars} characters)` : ''}, ${evidence.structuralPaths} structural paths, ${evidence.classIdWords} class/id words`,
            ...(report.unlabeled ? [`label-free   ${describeUnlabeled(report.unlabeled)}`] : []),
            ...(report.siteCheck ? [`guard        ${report.siteCheck.folds}-fold on ${report.siteCheck.pages} pages: BoW F1 ${report.siteCheck.siteF1.toFixed(3)} (site model) vs ${report.siteCheck.defaultF1.toFixed(3)} (${report.siteCheck.defaultModel}); agreement ${report.siteCheck.agreement.toFixed(3)}${guardNote(report.siteCheck)}`] : []),
            ...(report.templateHitRate !== undefined ? [`templates    ${pct(report.templateHitRate)} of the template lines found on a training page (mean)`] : []),
            `--model auto ${auto}`,
            `fingerprint  ${report.fingerprint}`,
            '',
          ].join('\n'));
        },
      })
      .command({
        command: 'rm <name>',
        describe: 'Remove a model (every version)',
        builder: name,
        handler: (a) => {
          const n = validateModelName(a.name);
          if (!withStore(a.store as string, false, (s) => s.remove(n))) {
            // The shipped default model is a file of the package, not a row of the store.
            const shipped = n === DEFAULT_MODEL_NAME ? `; the shipped default model (${SHIPPED_DEFAULT_MODEL}) is part of farsw and cannot be removed (a stored model named default replaces it)` : '';
            throw new ModelNotFoundError(`no model named ${JSON.stringify(n)} in ${a.store as string}${shipped}`);
          }
          io.stdout(`removed ${n}\n`);
        },
      })
      .command({
        command: 'export <name> [file]',
        describe: 'Write a model as JSON to FILE, or print it (farsw models export NAME model.json)',
        builder: (yy) => name(yy).positional('file', { type: 'string', describe: 'Write it to this file (default: standard output)' }),
        handler: async (a) => {
          const json = modelToJson(loadNamedModel(a.store as string, validateModelName(a.name)).model);
          if (typeof a.file === 'string' && a.file !== '-') {
            await writeWholeFile(a.file, json);
            io.stderr(`exported ${a.name as string} to ${a.file}\n`);
          } else await io.stdout(json);
        },
      })
      .command({
        command: 'import <file>',
        describe: 'Store a model exported with `models export`',
        builder: (yy) => yy.positional('file', { type: 'string', demandOption: true }).option('name', { type: 'string', describe: 'Store under another name' }),
        handler: async (a) => {
          const file = a.file as string;
          // A model is a few MB; a file too large for a string is refused before it is read.
          const size = await stat(file).then((st) => (st.isFile() ? st.size : 0), () => 0);
          if (size > MAX_MODEL_FILE_BYTES) throw new InputError(tooLargeModelFile(file, size));
          const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => { throw new InputError(`${file}: cannot read (${e.code ?? e.message})`); });
          let model = modelFromJson(text, file);
          // A model no batch worker can hold is refused here, not at every batch (batch/model-heap.ts).
          const problem = modelHeapProblem({ mb: footprintHeapMb(modelFootprint(model)), what: `${file} (${(size / 1048576).toFixed(1)} MB)` }, modelHeapLimit(process.env[MODEL_HEAP_ENV]), 'not imported');
          if (problem !== undefined) throw new InputError(problem);
          if (typeof a.name === 'string') model = { ...model, name: validateModelName(a.name) };
          const s = withStore(a.store as string, false, (st) => st.save(model));
          io.stdout(`imported ${s.name} (version ${s.version}) into ${a.store as string}\n`);
        },
      })
      .command({
        command: 'rollback <name>',
        describe: 'Restore the previous version of a model',
        builder: name,
        handler: (a) => {
          const n = validateModelName(a.name);
          const s = withStore(a.store as string, false, (st) => st.rollback(n));
          io.stdout(`${n}: rolled back to version ${s.version} (created ${s.created})\n`);
        },
      })
      .command({
        command: 'check [name]',
        describe: 'Verify a store: SQLite integrity, schema version, every model loads and validates (exit 1 on a problem); with NAME --data NEW_PAGES: does the site still match its model (drift; exit 4 when it does not)',
        builder: (yy) => yy.positional('name', { type: 'string', describe: 'A site model to check against new pages (needs --data)' })
          .option('data', { type: 'string', describe: 'New pages of the model\'s site (JSONL[.gz], a directory); gold is optional' })
          .option('json', { type: 'boolean', default: false }),
        handler: async (a) => {
          if (a.name !== undefined || a.data !== undefined) { await driftCheck(a as unknown as DriftArgs, io); return; }
          const c = checkModelStore(a.store as string);
          if (a.json) io.stdout(JSON.stringify(c, null, 2) + '\n');
          else {
            const lines = [
              `store        ${c.path}`,
              `integrity    ${c.integrity.length === 0 ? 'ok' : c.integrity.join('; ')}`,
              `schema       ${c.schemaVersion ?? '?'} (this farsw: ${c.expectedSchemaVersion})`,
              ...c.problems.map((p) => `problem      ${p}`),
              ...c.models.map((m) => `${m.problem === null ? 'ok  ' : 'BAD '}         ${m.name} v${m.version}${m.active ? '' : ' (previous, kept for rollback)'}${m.problem === null ? '' : `: ${m.problem}`}`),
              c.ok ? `${c.models.filter((m) => m.active).length} model(s) ok` : 'problems found',
            ];
            io.stdout(lines.join('\n') + '\n');
          }
          if (!c.ok) io.exitCode = EXIT.error;
        },
      })
      .demandCommand(1, 'Name a models subcommand: list, show, rm, export, import, rollback, check.') as never,
    handler: () => {},
  };
}
