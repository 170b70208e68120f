/**
 * The batch half of `farsw apply` (`--input …`): its options and the glue
 * from parsed arguments to `runBatch`, the sink, the progress bar, SIGINT and
 * the summary line. apply.ts stays the one command file; it calls these.
 */
import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import { BATCH_DEFAULTS, FETCH_DEFAULTS } from '../core/defaults.js';
import { DEFAULT_USER_AGENT } from '../batch/fetch.js';
import { ConfigError, InputError } from '../core/errors.js';
import type { ExtractOptions } from '../api/extract.js';
import { EXIT, type CliIo } from './io.js';
import { INPUT_KINDS, type InputKind } from '../input/magic.js';
import type { LockOptions } from '../batch/lock.js';
import { jsonlFileSink, streamSink, textDirSink, type OutputRecord, type OutputSink } from '../batch/output.js';
import { OUTPUT_FORMATS, type FormatName } from '../api/formats.js';
import { createProgressBar, type ProgressReporter } from '../batch/progress.js';
import { runBatch, type BatchSummary } from '../batch/run.js';
import { passedList } from '../batch/sources.js';
import { parseShard, SHARD_BY, shardLabel, type Shard, type ShardBy } from '../batch/shard.js';
import { ADAPT_DEFAULTS, type AdaptReport } from '../batch/adapt.js';
import { batchModelHeap, MODEL_HEAP_ENV, modelHeapLimit, modelHeapProblem } from '../batch/model-heap.js';

/** Parsed batch options of `farsw apply`. */
export interface BatchArgs {
  input: string[];
  output?: string;
  'out-dir'?: string;
  'input-format': 'auto' | InputKind;
  workers: number;
  unordered: boolean;
  shard?: string;
  'page-timeout': number;
  'max-bytes': number;
  quiet: boolean;
  timeout: number;
  'max-redirects': number;
  'user-agent'?: string;
  'per-host': number;
  wait: boolean;
  force?: boolean;
  'shard-by': ShardBy;
  adapt: boolean;
  'adapt-min-pages': number;
  'adapt-max-pages': number;
  'adapt-memory': number;
  'use-site-model'?: boolean;
}

/** Exit code of an interrupted batch (SIGINT): 128 + 2, as shells report it. */
export const EXIT_INTERRUPTED = 130;

/** Exit code of a batch stopped by SIGTERM: 128 + 15. */
export const EXIT_TERMINATED = 143;

/** Most worker threads a run starts: more than a few per core only costs memory (each has its own heap). */
export function maxWorkers(): number {
  return Math.max(1, Math.min(BATCH_DEFAULTS.maxWorkers, BATCH_DEFAULTS.workersPerCore * availableParallelism()));
}

/** --workers clamped to maxWorkers(), with a notice on stderr when it was more. */
function clampWorkers(requested: number, io: CliIo): number {
  const max = maxWorkers();
  if (requested <= max) return requested;
  io.stderr(`farsw apply: --workers ${requested} is more than ${max} (${BATCH_DEFAULTS.workersPerCore} per core on ${availableParallelism()} cores); using ${max}\n`);
  return max;
}

/** Add the batch options to the `apply` builder. */
export function batchOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option('input', {
      alias: 'i', type: 'string', nargs: 1, // nargs: yargs would read `--input -` as an empty string
      coerce: (v: string | string[]) => (Array.isArray(v) ? v : [v]),
      describe: 'Batch input: JSON Lines {"id","html","url"?}, WARC, HTML files, directories (recursive), a list of URLs one a line, - for stdin; gzip or not; repeatable',
    })
    .option('input-format', { choices: ['auto', ...INPUT_KINDS] as const, default: 'auto' as const, describe: 'Input kind (auto: detect from the first bytes)' })
    .option('output', { alias: 'o', type: 'string', describe: 'With --input: JSON Lines output (.gz: gzip; default stdout); {shard} is replaced by the share label' })
    .option('out-dir', { type: 'string', describe: 'With --input: one file per page in this directory instead (.txt; .md with --format markdown, .html with --format html)' })
    .option('workers', { alias: 'w', type: 'number', default: availableParallelism(), describe: 'Worker threads (0: in the main thread, no --page-timeout)' })
    .option('unordered', { type: 'boolean', default: false, describe: 'Write records as they finish, not in input order (no resume inside a share)' })
    .option('shard', { type: 'string', describe: 'Take share i of n (0-based "i/n") for job arrays' })
    .option('shard-by', { choices: SHARD_BY, default: 'auto' as ShardBy, describe: 'With --shard: auto = files by index (several inputs) or records by line / WARC-Record-ID (one input); host = records by a hash of their host, so a site\'s pages stay in one share (needed by --adapt)' })
    .option('adapt', { type: 'boolean', default: false, describe: 'Two passes: learn a label-free model for each host with at least --adapt-min-pages pages (guarded against the pseudo-labels, as train --unlabeled), then extract with it; each record names its model and why. Not for stdin or URL lists' })
    .option('adapt-min-pages', { type: 'number', default: ADAPT_DEFAULTS.minPages, describe: 'With --adapt: fewest pages a host needs to get its own model' })
    .option('adapt-max-pages', { type: 'number', default: ADAPT_DEFAULTS.maxPages, describe: 'With --adapt: pages sampled per host to learn from (a seeded reservoir over the whole input)' })
    .option('adapt-memory', { type: 'number', default: ADAPT_DEFAULTS.memoryBytes / 1048576, describe: 'With --adapt: MB of sampled pages held over all hosts; past it the hosts with the fewest pages so far drop their samples' })
    .option('page-timeout', { type: 'number', default: BATCH_DEFAULTS.pageTimeoutMs, describe: 'Milliseconds per page before it becomes an error record (its worker is replaced)' })
    .option('max-bytes', { type: 'number', default: BATCH_DEFAULTS.maxBytes, describe: 'Larger records become error records unread' })
    .option('wait', { type: 'boolean', default: false, describe: 'If another run is writing the same output, wait for it to end instead of refusing' })
    .option('force', { type: 'boolean', default: false, describe: 'Redo an output whose .done marker says it is finished (a marker of a different job is refused otherwise)' })
    .option('timeout', { type: 'number', default: FETCH_DEFAULTS.timeoutMs, describe: 'URLs: ms for a whole request (redirects and body included)' })
    .option('max-redirects', { type: 'number', default: FETCH_DEFAULTS.maxRedirects, describe: 'URLs: redirects followed before giving up' })
    .option('user-agent', { type: 'string', describe: `URLs: User-Agent header (default ${DEFAULT_USER_AGENT})` })
    .option('per-host', { type: 'number', default: FETCH_DEFAULTS.perHost, describe: 'URLs in a batch: requests in flight to one host' })
    .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'No progress bar and no per-record error lines (the summary line stays)' }) as Argv<T>;
}

/** Checks of the batch options (throws ConfigError); `hasInput` = --input given. */
export function checkBatchArgs(a: Partial<BatchArgs>, hasInput: boolean): void {
  // The fetch limits apply to a URL given as a page too.
  if (a.timeout !== undefined && !(a.timeout > 0 && a.timeout <= MAX_TIMER_MS)) throw new ConfigError(`--timeout: expected ms from 1 to ${MAX_TIMER_MS}, found ${a.timeout}`);
  if (a['max-redirects'] !== undefined && !(Number.isInteger(a['max-redirects']) && a['max-redirects'] >= 0)) throw new ConfigError(`--max-redirects: expected an integer ≥ 0, found ${a['max-redirects']}`);
  if (a['per-host'] !== undefined && !(Number.isInteger(a['per-host']) && a['per-host'] >= 1)) throw new ConfigError(`--per-host: expected an integer ≥ 1, found ${a['per-host']}`);
  if (!hasInput) {
    for (const k of ['output', 'out-dir', 'shard'] as const) if (a[k] !== undefined) throw new ConfigError(`--${k} goes with --input`);
    if (a.adapt) throw new ConfigError('--adapt goes with --input (it learns from many pages of each host)');
    if (a['shard-by'] === 'host') throw new ConfigError('--shard-by goes with --input and --shard');
    return;
  }
  if (a.output !== undefined && a['out-dir'] !== undefined) throw new ConfigError('give --output or --out-dir, not both');
  // An empty name (an unset shell variable) would run the whole batch and then fail to rename `.partial`.
  for (const k of ['output', 'out-dir'] as const) if (a[k] !== undefined && a[k]!.trim() === '') throw new ConfigError(`--${k}: expected a file name, found an empty one`);
  if (a.workers !== undefined && (!Number.isInteger(a.workers) || a.workers < 0)) throw new ConfigError(`--workers: expected an integer ≥ 0, found ${a.workers}`);
  if (a['max-bytes'] !== undefined && !(a['max-bytes'] > 0 && a['max-bytes'] <= BATCH_DEFAULTS.maxPageBytes)) {
    throw new ConfigError(`--max-bytes: expected a number of bytes from 1 to ${BATCH_DEFAULTS.maxPageBytes} (256 MiB), found ${a['max-bytes']}`);
  }
  if (a['page-timeout'] !== undefined && !(a['page-timeout'] >= 0 && a['page-timeout'] <= MAX_TIMER_MS)) throw new ConfigError(`--page-timeout: expected ms from 0 to ${MAX_TIMER_MS}, found ${a['page-timeout']}`);
  if (a.shard !== undefined) parseShard(a.shard);
  if (a.adapt) {
    if (a.input?.includes('-')) throw new ConfigError('--adapt reads the input twice: standard input cannot be read twice (save it to a file first)');
    if (a.shard !== undefined && a['shard-by'] !== 'host') throw new ConfigError('--adapt with --shard needs --shard-by host (each share must hold all the pages of its sites)');
    for (const k of ['adapt-min-pages', 'adapt-max-pages'] as const) if (a[k] !== undefined && !(Number.isInteger(a[k]) && a[k]! >= 2)) throw new ConfigError(`--${k}: expected an integer ≥ 2, found ${a[k]}`);
    if (a['adapt-memory'] !== undefined && !(a['adapt-memory'] > 0)) throw new ConfigError(`--adapt-memory: expected MB > 0, found ${a['adapt-memory']}`);
  }
}

/** The longest delay a Node timer takes (2^32 − 1 ms; a larger one threw "out of range" from inside the fetch). */
const MAX_TIMER_MS = 2 ** 32 - 1;

/** The fetch options the flags ask for (URL inputs). */
export function fetchArgs(a: Partial<BatchArgs>): { timeoutMs?: number; maxRedirects?: number; userAgent?: string; perHost?: number } {
  return {
    ...(a.timeout !== undefined ? { timeoutMs: a.timeout } : {}),
    ...(a['max-redirects'] !== undefined ? { maxRedirects: a['max-redirects'] } : {}),
    ...(a['user-agent'] !== undefined ? { userAgent: a['user-agent'] } : {}),
    ...(a['per-host'] !== undefined ? { perHost: a['per-host'] } : {}),
  };
}

function withShard(name: string, shard: Shard | undefined): string {
  return shard ? name.replaceAll('{shard}', shardLabel(shard)) : name.replaceAll('{shard}', 'all');
}

/** One line on the first pass of --adapt. */
export function adaptLine(r: AdaptReport, minPages: number): string {
  const kept = r.eligible - r.adapted;
  const trained = r.perHost.reduce((a, h) => a + h.entry.ms, 0) / 1000;
  return `farsw apply --adapt: ${r.hosts} hosts${r.noHost ? ` (+ ${r.noHost} page${r.noHost === 1 ? '' : 's'} without a host)` : ''}, ${r.eligible} with ≥ ${minPages} pages: `
    + `${r.adapted} use their adapted model, ${kept} kept their usual one${r.evicted ? `, ${r.evicted} dropped samples for --adapt-memory` : ''}; `
    + `sample peak ${(r.peakBytes / 1e6).toFixed(1)} MB; first pass ${r.readSeconds.toFixed(1)} s, training ${r.trainSeconds.toFixed(1)} s (${trained.toFixed(1)} s of worker time)\n`;
}

function summaryLine(s: BatchSummary): string {
  const mb = s.bytes / 1e6;
  const rate = s.seconds > 0 ? `${(s.records / s.seconds).toFixed(1)} pages/s, ${(mb / s.seconds).toFixed(2)} MB/s` : '';
  const extraction = s.extractMs > 0 ? `; extraction ${(mb / (s.extractMs / 1000)).toFixed(1)} MB/s per worker` : '';
  const resumed = s.resumed > 0 ? `, ${s.resumed} kept from the interrupted run` : '';
  const nonHtml = s.skipped - s.notOk;
  const skipped = [nonHtml > 0 ? `${nonHtml} non-HTML` : '', s.notOk > 0 ? `${s.notOk} not HTTP 2xx` : ''].filter(Boolean).join(', ');
  const skippedPart = skipped ? `, ${skipped} skipped` : '';
  // WARC request, metadata and warcinfo records hold no page: said, so a record count that differs from the WARC's is explained.
  const otherPart = s.otherRecords > 0 ? `, ${s.otherRecords} WARC records without a page (request, metadata, …)` : '';
  const leftOut = Object.values(s.leftOut).reduce((a, b) => a + b, 0);
  const leftOutPart = leftOut > 0 ? `, ${leftOut} files of the directories left out by name (${passedList(new Map(Object.entries(s.leftOut)))}; --input FILE reads one as a page)` : '';
  return `farsw apply: ${s.records} records, ${s.failed} failed${skippedPart}${otherPart}${leftOutPart}${resumed}, ${mb.toFixed(1)} MB in ${s.seconds.toFixed(1)} s (${rate}${extraction})\n`;
}

/**
 * Refuse, before any worker starts, models that need more heap in a worker than the limit (`FARSW_MAX_MODEL_HEAP_MB`):
 * one line naming them, what they need and the limit. In the main thread (`--workers 0`) nothing bounds them.
 * @throws InputError
 */
export function checkWorkerModels(options: ExtractOptions, workers: number): void {
  if (workers <= 0) return;
  const problem = modelHeapProblem(batchModelHeap(options), modelHeapLimit(process.env[MODEL_HEAP_ENV]), 'no batch started (--workers 0 runs it in the main thread)');
  if (problem !== undefined) throw new InputError(problem);
}

/**
 * Run `farsw apply --input …`: build the sink, run, print the summary line,
 * set the exit code (0 all answered, 3 some error records, 130 interrupted).
 */
export async function applyBatch(args: BatchArgs, extract: ExtractOptions, io: CliIo, env: { workerFile?: string; noop?: boolean } = {}): Promise<void> {
  checkBatchArgs(args, true);
  if (args.adapt && extract.algorithm !== undefined) throw new ConfigError('--adapt learns FAR-SW models: it goes with --model (auto, a name), not --algorithm');
  const shard = args.shard !== undefined ? parseShard(args.shard) : undefined;
  const ordered = !args.unordered;
  const quiet = args.quiet;
  // Error lines go to stderr, above the progress bar when one is drawn; --quiet hides them.
  let bar: ProgressReporter | undefined;
  const reportError = (rec: OutputRecord): void => {
    if (quiet || rec.error === undefined) return;
    if (bar) bar.log(`farsw: ${rec.error}\n`);
    else io.stderr(`farsw: ${rec.error}\n`);
  };
  const ac = new AbortController();
  // Another run holds the output: refuse (OutputLockedError), or with --wait say so once and wait.
  const lock: LockOptions = {
    wait: args.wait === true, signal: ac.signal,
    onWait: (pid) => io.stderr(`farsw apply: waiting for another run on this output${pid !== undefined ? ` (pid ${pid})` : ''} to end\n`),
  };
  let sink: OutputSink;
  if (args['out-dir'] !== undefined) {
    sink = textDirSink(withShard(args['out-dir'], shard), {
      markerName: shard ? `.done-${shardLabel(shard)}` : '.done',
      onError: reportError,
      lock,
      // The format asked for (json writes the whole record, metadata included; it renders nothing, so it is not extract's).
      format: OUTPUT_FORMATS[(args as { format?: FormatName }).format ?? extract.format ?? 'text'],
    });
  } else if (args.output !== undefined && args.output !== '-') {
    sink = jsonlFileSink(withShard(args.output, shard), { resumable: ordered, lock });
  } else {
    sink = streamSink((s) => io.stdout(s)); // io.stdout waits while a slow reader drains the pipe
  }
  const workers = clampWorkers(args.workers, io);
  // First Ctrl-C (or SIGTERM from a job scheduler): stop reading, keep the output so far for a resume.
  // A second one exits at once (the partial output is still resumable: a cut last line is dropped then).
  let signalled: NodeJS.Signals | undefined;
  const onSignal = (sig: NodeJS.Signals): void => {
    if (signalled !== undefined) {
      bar?.stop();
      io.stderr(`farsw apply: ${sig} again; stopped at once (the partial output is kept for a resume)\n`);
      process.exit(sig === 'SIGTERM' ? EXIT_TERMINATED : EXIT_INTERRUPTED);
    }
    signalled = sig;
    const notice = `farsw apply: ${sig === 'SIGINT' ? 'Ctrl-C' : sig}: stopping after the pages in hand (Ctrl-C again to stop at once)\n`;
    if (bar) bar.log(notice); // above the bar, not over it
    else io.stderr(notice);
    ac.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let summary: BatchSummary;
  if (args.adapt && !quiet) io.stderr(`farsw apply --adapt: first pass: sampling each host's pages, then learning a model for each host with ≥ ${args['adapt-min-pages'] ?? ADAPT_DEFAULTS.minPages} pages…\n`);
  try {
    summary = await runBatch({
      inputs: args.input, sink, workers, ordered, extract,
      pageTimeoutMs: args['page-timeout'], maxBytes: args['max-bytes'], signal: ac.signal,
      force: args.force === true,
      fetch: fetchArgs(args),
      jobOptions: { extract, inputFormat: args['input-format'], maxBytes: args['max-bytes'], pageTimeoutMs: args['page-timeout'], unordered: args.unordered, ...(env.noop === true ? { noop: true } : {}) },
      ...(args['input-format'] !== 'auto' ? { kind: args['input-format'] } : {}),
      ...(args['shard-by'] === 'host' ? { shardBy: 'host' as const } : {}),
      ...(args.adapt ? {
        adapt: {
          minPages: args['adapt-min-pages'] ?? ADAPT_DEFAULTS.minPages, maxPages: args['adapt-max-pages'] ?? ADAPT_DEFAULTS.maxPages,
          memoryBytes: Math.round((args['adapt-memory'] ?? ADAPT_DEFAULTS.memoryBytes / 1048576) * 1048576),
          ...(args['use-site-model'] ? { useSiteModel: true } : {}),
        },
        onAdapt: (r: AdaptReport) => io.stderr(adaptLine(r, args['adapt-min-pages'] ?? ADAPT_DEFAULTS.minPages)),
      } : {}),
      ...(shard ? { shard } : {}),
      ...(io.stdin ? { stdin: io.stdin } : {}),
      ...(env.workerFile !== undefined ? { workerFile: env.workerFile } : {}),
      ...(env.noop === true ? { noop: true } : {}),
      ...(args['out-dir'] === undefined ? { onRecord: reportError } : {}),
      ...(io.isTTY && !quiet ? { progress: (total: number | undefined) => (bar = createProgressBar(io.terminal ?? process.stderr, total)) } : {}),
    });
  } catch (e) {
    if (!ac.signal.aborted || (e as Error).name !== 'AbortError') throw e;
    io.stderr('farsw apply: interrupted while waiting for the output\n'); // nothing was written
    io.exitCode = EXIT_INTERRUPTED;
    return;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  const what = shard ? `share ${shard.index}/${shard.count}` : 'output';
  if (summary.redone !== undefined) io.stderr(`farsw apply: ${summary.redone}\n`);
  if (summary.alreadyDone) {
    io.stderr(`farsw apply: ${what} already done by the same inputs and options (${sink.marker}: ${summary.done?.records} records, ${summary.done?.failed} failed); nothing to do (--force redoes it)\n`);
  } else io.stderr(summaryLine(summary));
  const total = summary.done?.records ?? summary.records + summary.resumed, failed = summary.done?.failed ?? summary.failed + summary.resumedFailed;
  if (!summary.interrupted && total === 0) {
    // Loud, and exit 1: an empty output is almost always a wrong input. A share of a job array may be empty, though.
    if (shard) io.stderr(`farsw apply: share ${shard.index}/${shard.count} holds no records of ${args.input.join(', ')}\n`);
    else {
      io.stderr(`farsw apply: WARNING: no records found in ${args.input.join(', ')}: nothing was extracted\n`);
      io.exitCode = EXIT.error;
    }
    return;
  }
  if (!summary.interrupted && failed === total) io.stderr(`farsw apply: WARNING: every record failed (${failed} of ${total}); see the error records\n`);
  if (summary.alreadyDone) return; // exit 0: a retried task finds its work done
  if (summary.interrupted) {
    io.stderr('farsw apply: interrupted; run the same command again to resume\n');
    io.exitCode = signalled === 'SIGTERM' ? EXIT_TERMINATED : EXIT_INTERRUPTED;
  } else if (summary.failed + summary.resumedFailed > 0) io.exitCode = EXIT.partial;
}
