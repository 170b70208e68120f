/**
 * One unit of batch work and its answer: what the main thread hands a worker
 * (raw bytes, so parsing happens in the worker) and what comes back. Both are
 * plain structured-cloneable data.
 *
 * `runTask` is the whole of a worker's job; `--workers 0` calls it in-process.
 */
import { extract, type ExtractOptions } from '../api/extract.js';
import { renderedFields, type Renditions } from '../api/formats.js';
import { decodeBody, type BodyCoding } from './http-body.js';
import type { PageMetadata } from '../html/metadata.js';
import { decodeHtml } from '../html/decode.js';
import { hostOf, hostOfRecord } from '../dataset/site.js';
import { describeJson } from '../dataset/record.js';
import { jsonSyntaxMessage } from '../core/errors.js';
import { adaptChoice, trainAdaptEntry, type AdaptEntry, type AdaptTable } from './adapt-model.js';
import type { UnlabeledPage } from '../train/unlabeled.js';
import type { ApplyFlags } from '../api/flag-options.js';
import { parseRequest } from './serve-request.js';

/** Work for a worker. `where` names the record in error messages (`file:line`, `file@offset`, a path). */
export type PageTask =
  /** A JSON Lines record `{"id", "html", "url"?}`, still as UTF-8 bytes. */
  | { readonly kind: 'json'; readonly line: Uint8Array; readonly where: string }
  /**
   * HTML bytes with their transport hints (WARC HTTP headers). A WARC body still in its
   * HTTP codings has `coding`; the worker decodes it against `maxBytes` (http-body.ts).
   */
  | {
    readonly kind: 'page'; readonly page: Uint8Array; readonly where: string; readonly url?: string; readonly contentType?: string;
    readonly coding?: BodyCoding; readonly maxBytes?: number;
  }
  /** A `farsw serve` request line `{"id", "html" | "html_b64", "url"?, "options"?}` (serve-request.ts) and the worker's start flags. */
  | { readonly kind: 'request'; readonly line: Uint8Array; readonly where: string; readonly flags: ApplyFlags }
  /** Answered at once: used to start every worker before the page clock runs. */
  | { readonly kind: 'ping' }
  /** `--adapt`'s first pass: learn the model of `host` from its sampled pages (adapt-model.ts). */
  | { readonly kind: 'adapt'; readonly host: string; readonly pages: readonly SampledPage[]; readonly where: string; readonly useSiteModel?: boolean };

/** A page task as the first pass of `--adapt` keeps it. */
export type SampledPage = Extract<PageTask, { kind: 'json' | 'page' }>;

/** A task with the extraction options, passed to `extract()` unchanged (plus per-record `url` / `contentType`). */
export interface TaskRequest {
  readonly task: PageTask;
  readonly options: ExtractOptions;
  /** `--adapt`'s second pass: the model of each host (adapt-model.ts). */
  readonly adapt?: AdaptTable;
  /** Benchmarks only (`FARSW_BATCH_NOOP=1`): read and check each record as usual, answer an empty text without extracting. */
  readonly noop?: boolean;
}

/** What a worker sends back. `ms` is the time of the `extract()` call alone (decode to text). */
export type TaskResult =
  | Renditions & {
    readonly id?: string; readonly url?: string; readonly text: string; readonly ms: number; readonly model?: string; readonly modelReason?: string; readonly error?: undefined;
    /** With `metadata: true` in the options (the renditions with a rendering `format`). */
    readonly metadata?: PageMetadata;
    /** An `adapt` task's answer. */
    readonly adapted?: AdaptEntry;
  }
  | { readonly id?: string; readonly url?: string; readonly error: string };

const utf8 = new TextDecoder('utf-8', { fatal: false });

function message(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  // V8's limits (a string of 2^29 characters, an allocation the heap cannot take) are no bug of the page: say so.
  const code = (e as { code?: unknown })?.code;
  if (code === 'ERR_STRING_TOO_LONG' || (e instanceof RangeError && /string length|allocation failed|Array buffer|too large/i.test(m))) return `page too large to extract in memory (${m}); lower --max-bytes`;
  return m;
}

function runExtract(page: string | Uint8Array, options: ExtractOptions, hints: { url?: string; contentType?: string }, adapt?: AdaptTable, host?: string | null, noop?: boolean): TaskResult {
  if (noop === true) return { text: '', ms: 0 }; // the coordinator's cost alone (scripts/bench-batch.mjs)
  const choice = adapt ? adaptChoice(adapt, host !== undefined ? host : hostOf(hints.url), options) : { options };
  const opts = hints.url !== undefined || hints.contentType !== undefined ? { ...choice.options, ...hints } : choice.options;
  const t0 = performance.now();
  const result = extract(page, opts);
  const ms = Math.round((performance.now() - t0) * 1000) / 1000;
  const model = (result as { model?: unknown }).model;
  // An adapted model's per-page fallback (adapt-model.ts) gave this page the usual model's text: say so before the host's reason.
  const fellBack = result.fellBack === true && choice.reason !== undefined;
  const reason = fellBack ? `${result.modelReason}; ${choice.reason}` : choice.reason ?? (result.modelReason !== undefined && choice.note !== undefined ? `${result.modelReason}; ${choice.note}` : result.modelReason);
  return {
    text: result.text, ms, ...(typeof model === 'string' ? { model } : {}), ...(reason !== undefined ? { modelReason: reason } : {}),
    ...renderedFields(result),
    ...(result.metadata !== undefined ? { metadata: result.metadata } : {}),
  };
}

/**
 * Parse and extract one task. Never throws: a record that is not JSON, has no
 * `html` string, or makes `extract()` throw (binary data: "not HTML: PNG
 * image", …) gives
 * `{ error: "<where>: <reason>" }` (with the record's id when it has one).
 */
export function runTask({ task, options, adapt, noop }: TaskRequest): TaskResult {
  if (task.kind === 'ping') return { text: '', ms: 0 };
  if (task.kind === 'adapt') return runAdapt(task, options);
  if (task.kind === 'request') return runRequest(task, options);
  if (task.kind === 'page') {
    const hints = { ...(task.url !== undefined ? { url: task.url } : {}), ...(task.contentType !== undefined ? { contentType: task.contentType } : {}) };
    const idPart = task.url !== undefined ? { url: task.url } : {};
    try {
      const page = task.coding ? decodeBody(task.page, task.coding, task.maxBytes ?? Infinity) : task.page;
      return { ...idPart, ...runExtract(page, options, hints, adapt, undefined, noop) };
    } catch (e) {
      return { ...idPart, error: `${task.where}: ${message(e)}` };
    }
  }
  let rec: unknown;
  try {
    rec = JSON.parse(utf8.decode(task.line));
  } catch (e) {
    return { error: e instanceof SyntaxError ? `${task.where}: invalid JSON (${jsonSyntaxMessage(e)})` : `${task.where}: ${message(e)}` };
  }
  if (rec === null || typeof rec !== 'object' || Array.isArray(rec)) return { error: `${task.where}: expected a JSON object, found ${describeJson(rec)}` };
  const r = rec as { id?: unknown; html?: unknown; url?: unknown; host?: unknown };
  const id = typeof r.id === 'string' ? { id: r.id } : typeof r.id === 'number' ? { id: String(r.id) } : {};
  if (r.id !== undefined && r.id !== null && id.id === undefined) return { error: `${task.where}: field "id" must be a string or number, found ${describeJson(r.id)}` };
  if (typeof r.html !== 'string') return { ...id, error: `${task.where}: field "html" must be a string, found ${describeJson(r.html)}` };
  // A url or host of the wrong type is refused, not ignored: it would silently pick another model.
  for (const key of ['url', 'host'] as const) {
    const v = r[key];
    if (v !== undefined && v !== null && typeof v !== 'string') return { ...id, error: `${task.where}: field "${key}" must be a string or null, found ${describeJson(v)}` };
  }
  const url = typeof r.url === 'string' ? r.url : undefined;
  try {
    const host = adapt ? hostOfRecord({ host: typeof r.host === 'string' ? r.host : null, url: url ?? null }) : null;
    return { ...id, ...runExtract(r.html, options, url !== undefined ? { url } : {}, adapt, host, noop) };
  } catch (e) {
    return { ...id, error: `${task.where}: ${message(e)}` };
  }
}

/** A `farsw serve` request: its id and record, or an error naming the field. */
function runRequest(task: Extract<PageTask, { kind: 'request' }>, options: ExtractOptions): TaskResult {
  const req = parseRequest(task.line, task.flags, options);
  if (req.error !== undefined) return { ...(req.id !== undefined ? { id: req.id } : {}), error: `${task.where}: ${req.error}` };
  try {
    return { id: req.id, ...runExtract(req.page, req.options, req.url !== undefined ? { url: req.url } : {}) };
  } catch (e) {
    return { id: req.id, error: `${task.where}: ${message(e)}` };
  }
}

/** A sampled page as HTML text; null when it cannot be read (it becomes an error record in the second pass anyway). */
function sampledHtml(page: SampledPage, n: number): UnlabeledPage | null {
  try {
    if (page.kind === 'page') {
      const bytes = page.coding ? decodeBody(page.page, page.coding, page.maxBytes ?? Infinity) : page.page;
      return { id: `#${n}`, html: decodeHtml(bytes, page.contentType !== undefined ? { contentType: page.contentType } : {}).text };
    }
    const r = JSON.parse(utf8.decode(page.line)) as { html?: unknown } | null;
    return r !== null && typeof r === 'object' && typeof r.html === 'string' ? { id: `#${n}`, html: r.html } : null;
  } catch {
    return null;
  }
}

/** An `adapt` task: the host's sampled pages → its entry of the adaptation table. */
function runAdapt(task: Extract<PageTask, { kind: 'adapt' }>, options: ExtractOptions): TaskResult {
  const t0 = performance.now();
  const pages: UnlabeledPage[] = [];
  task.pages.forEach((p, i) => { const h = sampledHtml(p, i); if (h) pages.push(h); });
  const adapted = trainAdaptEntry(task.host, pages, options, task.useSiteModel === true);
  return { text: '', ms: Math.round(performance.now() - t0), adapted };
}
