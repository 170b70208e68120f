/**
 * A batch run: inputs → items (main thread: read, gunzip, split records) →
 * worker pool (parse, decode, extract) → output records (main thread: write).
 *
 *   readItems ─▶ prefetch ─▶ mapBounded(executor.run, concurrency, window) ─▶ sink.write
 *
 * The order matters for memory and for resuming: the scheduler pulls an item
 * only when a worker is free and the reorder window has room (backpressure),
 * and the sink writes in input order unless `ordered` is false, so a partial
 * output is a prefix of the share and a rerun skips exactly those records.
 */
import type { ExtractOptions } from '../api/extract.js';
import { renderedFields } from '../api/formats.js';
import { existsSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { BATCH_DEFAULTS, FETCH_DEFAULTS } from '../core/defaults.js';
import { fetchPage, perKeyLimiter, type FetchOptions } from './fetch.js';
import { ConfigError, InputError } from '../core/errors.js';
import { topLevelStrings } from './host.js';
import { describeJob, jobDifference, type BatchJob } from './job.js';
import type { InputKind } from '../input/magic.js';
import { mapBounded } from './map-bounded.js';
import { prefetch } from './prefetch.js';
import type { OutputRecord, OutputSink, SinkState } from './output.js';
import { createExecutor } from './pool.js';
import type { ProgressReporter, ProgressSnapshot } from './progress.js';
import { listInputs, readItems, shareOf, sharedCopy, type BatchItem, type InputFile, type ReadCounters } from './sources.js';
import type { Shard, ShardBy } from './shard.js';
import { ADAPT_DEFAULTS, learnAdaptTable, type AdaptOptions, type AdaptReport } from './adapt.js';
import type { AdaptTable } from './adapt-model.js';
import type { TaskResult } from './task.js';
import type { AbortSignalLike, ByteStream, UrlLike } from '../core/portable.js';

export interface BatchConfig {
  /** Files, directories, or `-` (stdin). */
  readonly inputs: readonly string[];
  /** Force the input kind (default: detect per input). */
  readonly kind?: InputKind;
  readonly sink: OutputSink;
  /** Worker threads; 0 = in-process (no page timeout). */
  readonly workers: number;
  /** Output in input order (default true). */
  readonly ordered?: boolean;
  readonly shard?: Shard;
  /** `host`: shares by a hash of the record's host (shard.ts). */
  readonly shardBy?: ShardBy;
  /**
   * Adapt to the crawl (adapt.ts): a first pass learns a label-free model per host with enough pages,
   * the second extracts with it. The inputs are read twice (stdin cannot be).
   */
  readonly adapt?: AdaptOptions;
  /** Called once the first pass of `adapt` has learned its models. */
  readonly onAdapt?: (report: AdaptReport) => void;
  readonly pageTimeoutMs?: number;
  readonly maxBytes?: number;
  /** Passed to `extract()` unchanged for every page. */
  readonly extract: ExtractOptions;
  readonly workerFile?: string | UrlLike;
  /** Old-generation cap of each worker (MiB) instead of the one sized for `maxBytes` and the models (pool.ts; tests). */
  readonly heapMb?: number;
  readonly stdin?: ByteStream;
  /** Stop reading; the output stays partial (resumable). */
  readonly signal?: AbortSignalLike;
  /** Called for each record written (after the write). */
  readonly onRecord?: (rec: OutputRecord) => void;
  /**
   * Options that change the output records, recorded with the inputs in the `.done` marker:
   * a rerun with the same inputs and options skips a finished output, a different job refuses it.
   */
  readonly jobOptions?: Readonly<Record<string, unknown>>;
  /** Redo a finished output whatever its marker says. */
  readonly force?: boolean;
  /** URL inputs: fetch limits (the body limit is `maxBytes`) and requests in flight per host. */
  readonly fetch?: Omit<FetchOptions, 'maxBytes' | 'signal'> & { readonly perHost?: number };
  /** Build a progress reporter once the input size is known. */
  readonly progress?: (totalRawBytes: number | undefined) => ProgressReporter;
  /** Benchmarks only: workers read and check each record but do not extract (every text empty), to measure the rest of the run. */
  readonly noop?: boolean;
}

/** Counters of a batch run. */
export interface BatchSummary {
  /** Records answered (text or error) by this run, and how many were errors. */
  records: number;
  failed: number;
  /** Records found in the partial output of an interrupted run and kept. */
  resumed: number;
  resumedFailed: number;
  /** WARC records skipped as not HTML, or for their HTTP status (notOk of them). */
  skipped: number;
  /** WARC responses skipped for their HTTP status (not 2xx: a redirect, an error page). */
  notOk: number;
  /** WARC records that hold no page (request, metadata, warcinfo, …). */
  otherRecords: number;
  /** Files of input directories left out by their name (not a page, WARC or JSON Lines), by extension. */
  leftOut: Record<string, number>;
  /** Bytes of the pages (uncompressed records); raw input bytes read. */
  bytes: number;
  rawBytes: number;
  /** Sum of per-page extraction times (ms), and wall-clock seconds. */
  extractMs: number;
  seconds: number;
  /** The `.done` marker of the same job was there: nothing ran. */
  alreadyDone: boolean;
  /** With `alreadyDone`: the records and failures the marker counts. */
  done?: { records: number; failed: number };
  /** Stopped by the signal before the end. */
  interrupted: boolean;
  /** The `.done` marker of the same job was there but its output was not (deleted, emptied, files gone): why it was redone. */
  redone?: string;
}

const ID_KEY: ReadonlySet<string> = new Set(['id']);

/** `finalUrl`: the URL a fetched page was read from after redirects (URL inputs). */
function outputRecord(item: BatchItem, result: TaskResult, finalUrl?: string): OutputRecord {
  const ref = item.ref;
  // A record that failed before its worker read its id (a timeout, a worker out of memory) is named by the id its line holds.
  const name = item.task?.kind === 'json'
    ? { id: result.id ?? topLevelStrings(item.task.line, ID_KEY)?.get('id') ?? ref.id! }
    : ref.url !== undefined ? { url: ref.url, ...(finalUrl !== undefined ? { finalUrl } : {}) } : { id: ref.id! };
  const warc = ref.warcRecordId !== undefined ? { warc_record_id: ref.warcRecordId } : {};
  return recordOf({ ...name, ...warc }, result);
}

/** The output record of a task's result under its name (`{ id }`, `{ url, warc_record_id }`, or none). */
export function recordOf(name: { id?: string; url?: string; finalUrl?: string; warc_record_id?: string }, result: TaskResult): OutputRecord {
  if (result.error !== undefined) return { ...name, error: result.error };
  return {
    ...name, text: result.text,
    ...renderedFields(result),
    ...(result.metadata !== undefined ? { metadata: result.metadata } : {}),
    ...(result.model !== undefined ? { model: result.model } : {}),
    ...(result.modelReason !== undefined ? { modelReason: result.modelReason } : {}), ms: result.ms,
  };
}

function totalSize(files: readonly InputFile[]): number | undefined {
  let total = 0;
  for (const f of files) {
    if (f.size === undefined) return undefined;
    total += f.size;
  }
  return total;
}

/**
 * An output file that is also an input (the same file, through any name or link) would replace its input once renamed
 * into place (and be read by the next run): refuse it. Inputs carry the identity listInputs read with their size.
 */
async function refuseOutputAsInput(files: readonly InputFile[], output: string | undefined): Promise<void> {
  const st = output === undefined ? undefined : await stat(output).catch(() => undefined);
  if (st === undefined) return;
  const out = `${st.dev}:${st.ino}`;
  const same = files.find((f) => f.identity === out);
  if (same) throw new InputError(`${same.path}: is also the --output; the output would replace it: write to another file`);
}

/**
 * Run a batch to its sink. Resolves to the summary; per-record failures are
 * error records, not exceptions. Throws only when nothing can run (a missing
 * input, an unwritable output, no compiled worker).
 */
export async function runBatch(config: BatchConfig): Promise<BatchSummary> {
  const t0 = performance.now();
  if (config.adapt && config.inputs.includes('-')) throw new ConfigError('--adapt reads the input twice: standard input cannot be read twice (save it to a file first)');
  const summary: BatchSummary = {
    records: 0, failed: 0, resumed: 0, resumedFailed: 0, skipped: 0, notOk: 0, otherRecords: 0, leftOut: {}, bytes: 0, rawBytes: 0,
    extractMs: 0, seconds: 0, alreadyDone: false, interrupted: false,
  };
  // The output path first: a bad one fails before any input is listed or read (issue 19).
  await config.sink.check?.();
  const leftOut = new Map<string, number>();
  const files = await listInputs(config.inputs, leftOut);
  summary.leftOut = Object.fromEntries(leftOut);
  await refuseOutputAsInput(files, config.sink.file);
  const job = await describeJob(files, {
    ...config.jobOptions, ...(config.shard ? { shard: `${config.shard.index}/${config.shard.count}` } : {}),
    ...(config.shardBy === 'host' ? { shardBy: 'host' } : {}), ...(config.adapt ? { adapt: config.adapt } : {}),
  });
  const marker = config.sink.marker;
  if (marker !== undefined && existsSync(marker)) {
    const found = await readMarker(marker);
    const diff = jobDifference(found.job, job);
    // The same job's marker is trusted only with its output all there (a deleted output or out-dir files are redone).
    const wrong = !config.force && diff === undefined ? await config.sink.verify?.(found) : undefined;
    if (config.force || wrong !== undefined) {
      await rm(marker);
      if (wrong !== undefined) summary.redone = `${marker}: ${wrong}; redoing it`;
    } else if (diff !== undefined) throw new InputError(`${marker}: this output was finished by a different job (${diff}); use --force to redo it, or write to another --output`);
    else return { ...summary, alreadyDone: true, done: doneCounts(found) };
  }
  const state = await config.sink.open({ job, force: config.force === true });
  if (state.done) { // another run finished it while this one waited for the output
    return { ...summary, alreadyDone: true, ...(marker !== undefined ? { done: doneCounts(await readMarker(marker)) } : {}) };
  }
  try {
    return await runOpened(config, state, summary, files, job, t0);
  } catch (e) {
    await config.sink.abandon().catch(() => {}); // keeps the partial output and releases the output's lock
    throw e;
  }
}

type Marker = { job?: unknown; records?: unknown; failed?: unknown; [key: string]: unknown };

async function readMarker(path: string): Promise<Marker> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Marker;
  } catch {
    return {}; // unreadable: a job that differs from any
  }
}

function doneCounts(m: Marker): { records: number; failed: number } {
  return { records: typeof m.records === 'number' ? m.records : 0, failed: typeof m.failed === 'number' ? m.failed : 0 };
}

async function runOpened(config: BatchConfig, state: SinkState, summary: BatchSummary, files: readonly InputFile[], job: BatchJob, t0: number): Promise<BatchSummary> {
  summary.resumed = state.kept;
  summary.resumedFailed = state.keptFailed;
  const maxBytes = Math.min(config.maxBytes ?? BATCH_DEFAULTS.maxBytes, BATCH_DEFAULTS.maxPageBytes);
  const counters: ReadCounters = { rawBytes: 0, skipped: 0, notOk: 0, otherRecords: 0 };
  const readOptions = {
    maxBytes,
    ...(config.kind ? { kind: config.kind } : {}),
    ...(config.shard ? { shard: config.shard } : {}),
    ...(config.shardBy ? { shardBy: config.shardBy } : {}),
    ...(config.stdin ? { stdin: config.stdin } : {}),
  };
  const pageTimeoutMs = config.pageTimeoutMs ?? BATCH_DEFAULTS.pageTimeoutMs;
  const executorOptions = {
    workers: config.workers, extract: config.extract, maxBytes, ...(config.workerFile !== undefined ? { workerFile: config.workerFile } : {}),
    ...(config.heapMb !== undefined ? { heapMb: config.heapMb } : {}),
    ...(config.noop === true ? { noop: true } : {}),
  };
  let adapt: AdaptTable | undefined;
  if (config.adapt) {
    // First pass: the whole share (a resumed run learns the same models: the sample is seeded), then one training per host.
    // A host's training may take as long as its sampled pages would take six times over (the seed and the guard's five folds).
    // A training worker holds a host's whole sample: its heap is sized for the sample as a page worker's is for a page.
    const trainer = await createExecutor({
      ...executorOptions, maxBytes: Math.max(maxBytes, config.adapt.hostBytes ?? ADAPT_DEFAULTS.hostBytes),
      pageTimeoutMs: pageTimeoutMs * 6 * (config.adapt.maxPages ?? ADAPT_DEFAULTS.maxPages),
    });
    let learned;
    const stopTraining = (): void => { void trainer.close(); }; // Ctrl-C: the trainings in hand stop at once
    config.signal?.addEventListener('abort', stopTraining, { once: true });
    try {
      learned = await learnAdaptTable(readItems(files, readOptions, { rawBytes: 0, skipped: 0, notOk: 0, otherRecords: 0 }), trainer, config.adapt, config.signal);
    } finally {
      config.signal?.removeEventListener('abort', stopTraining);
      await trainer.close();
    }
    if (learned === undefined) {
      summary.interrupted = true;
      await config.sink.abandon();
      summary.seconds = (performance.now() - t0) / 1000;
      return summary;
    }
    adapt = learned.table;
    config.onAdapt?.(learned.report);
  }
  const items = readItems(files, { ...readOptions, skip: state.kept }, counters);
  const executor = await createExecutor({ ...executorOptions, pageTimeoutMs, ...(adapt ? { adapt } : {}) });
  const total = totalSize(shareOf(files, config.shard, config.shardBy).files);
  const progress = config.progress?.(total);
  const snapshot = (): ProgressSnapshot => ({
    records: summary.records, failed: summary.failed, bytes: summary.bytes, rawBytes: counters.rawBytes,
    seconds: (performance.now() - t0) / 1000, ...(total !== undefined ? { totalRawBytes: total } : {}),
  });
  const limit = perKeyLimiter(config.fetch?.perHost ?? FETCH_DEFAULTS.perHost);
  const fetched = async (url: string): Promise<BatchItem['task'] | string> => {
    try {
      const page = await limit(new URL(url).host, () => fetchPage(url, { maxBytes, ...config.fetch, ...(config.signal ? { signal: config.signal } : {}) }));
      summary.bytes += page.bytes.length;
      return { kind: 'page', page: sharedCopy([page.bytes], page.bytes.length), where: url, url: page.url, ...(page.contentType !== undefined ? { contentType: page.contentType } : {}) };
    } catch (e) {
      return (e as Error).message;
    }
  };
  const work = async (item: BatchItem): Promise<OutputRecord> => {
    let task = item.task;
    let error = item.error;
    let finalUrl: string | undefined;
    if (item.fetch !== undefined) {
      const got = await fetched(item.fetch);
      if (typeof got === 'string') error = got;
      else {
        task = got;
        finalUrl = got?.kind === 'page' ? got.url : undefined;
      }
    }
    const result: TaskResult = task ? await executor.run(task) : { ...item.ref, error: error! };
    return outputRecord(item, result, finalUrl);
  };
  const counted = (async function* () {
    for await (const item of items) {
      if (config.signal?.aborted) { summary.interrupted = true; return; }
      summary.bytes += item.bytes;
      yield item;
    }
  })();
  // Interrupted: stop the workers at once (the pages they hold come back as failures, which are not written:
  // a resume redoes them), so a long page does not hold up the exit.
  const onAbort = (): void => { void executor.close(); };
  config.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const window = Math.max(1, executor.concurrency) * BATCH_DEFAULTS.windowPerTask;
    for await (const rec of mapBounded(prefetch(counted, executor.concurrency * 2), work, { concurrency: executor.concurrency, window, ordered: config.ordered ?? true })) {
      if (config.signal?.aborted) { summary.interrupted = true; break; }
      summary.records++;
      if (rec.error !== undefined) summary.failed++;
      else summary.extractMs += rec.ms;
      await config.sink.write(rec);
      config.onRecord?.(rec);
      progress?.update(snapshot());
      if (config.signal?.aborted) { summary.interrupted = true; break; }
    }
  } finally {
    config.signal?.removeEventListener('abort', onAbort);
    progress?.stop();
    await executor.close();
  }
  summary.rawBytes = counters.rawBytes;
  summary.skipped = counters.skipped;
  summary.notOk = counters.notOk;
  summary.otherRecords = counters.otherRecords;
  summary.seconds = (performance.now() - t0) / 1000;
  if (summary.interrupted) await config.sink.abandon();
  else await config.sink.commit({
    records: summary.records + summary.resumed, failed: summary.failed + summary.resumedFailed,
    skipped: summary.skipped, seconds: Math.round(summary.seconds * 10) / 10,
    ...(config.shard ? { shard: `${config.shard.index}/${config.shard.count}` } : {}),
    job,
  });
  return summary;
}
