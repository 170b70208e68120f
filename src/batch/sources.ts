/**
 * Batch inputs → a stream of `BatchItem`s: one per page, in input order, each
 * carrying either a task for a worker (raw bytes; parsing happens there) or
 * an error found while reading (too large, unreadable file, corrupt gzip).
 *
 * Inputs: files, directories (walked recursively, sorted, picking the names in
 * BATCH_DEFAULTS.directoryExtensions), `-` for stdin. Each is gunzipped when
 * it starts with the gzip magic and read as JSON Lines, WARC or one HTML page,
 * by its first bytes (input/magic.ts) unless a kind is forced.
 *
 * WARC: `response` and `resource` records whose Content-Type (the HTTP header
 * of a response) names HTML, or is absent; others are skipped and counted.
 * The HTTP Content-Type goes with the payload as the transport charset hint.
 */
import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { byteLines } from '../core/byte-lines.js';
import { BATCH_DEFAULTS } from '../core/defaults.js';
import { InputError } from '../core/errors.js';
import { maybeGunzip, peek, readRaw, type Chunks } from '../input/open.js';
import type { ByteStream } from '../core/portable.js';
import { damageMessage, damageOf, type GzipDamage } from '../core/damage.js';
import { detectInputKind, type InputKind } from '../input/magic.js';
import { filesInShard, recordInShard, type Shard, type ShardBy } from './shard.js';
import { hostOf } from '../dataset/site.js';
import { hostOfJsonLine } from './host.js';
import type { SampledPage } from './task.js';
import type { BodyCoding } from './http-body.js';
import { parseHttpHead, readWarc } from './warc.js';

/** How the output names a record before the worker reads its id. */
export interface RecordRef {
  readonly id?: string;
  readonly url?: string;
  readonly warcRecordId?: string;
}

/** One page of the input: a task for a worker, or an error found while reading. */
export type BatchItem =
  | { readonly ref: RecordRef; readonly bytes: number; readonly task: SampledPage; readonly error?: undefined; readonly fetch?: undefined }
  | { readonly ref: RecordRef; readonly bytes: number; readonly error: string; readonly task?: undefined; readonly fetch?: undefined }
  /** A URL to fetch (run.ts fetches it, then hands the page to a worker). */
  | { readonly ref: RecordRef; readonly bytes: 0; readonly fetch: string; readonly task?: undefined; readonly error?: undefined };

export interface SourceOptions {
  /** Force a kind for every input (default: detect). */
  readonly kind?: InputKind;
  readonly shard?: Shard;
  /** `host`: shares by a hash of each record's host (host.ts), across all inputs, so a site's pages stay in one share. */
  readonly shardBy?: ShardBy;
  /** Pages larger than this (bytes of the raw record) become error items. */
  readonly maxBytes: number;
  /** Skip this many items of the share (resuming a run whose output holds them). */
  readonly skip?: number;
  readonly stdin?: ByteStream;
}

/** Counters the reader updates as it goes (progress). */
export interface ReadCounters {
  /** Raw (possibly compressed) bytes read from the inputs. */
  rawBytes: number;
  /** WARC records that are not HTML responses (no output record), those of notOk included. */
  skipped: number;
  /** WARC responses skipped for their HTTP status (not 2xx: a redirect, an error page). */
  notOk: number;
  /** WARC records that hold no page (request, metadata, warcinfo, revisit, …): read past, counted for the summary. */
  otherRecords: number;
}

const KIND_BY_NAME: ReadonlyArray<[RegExp, InputKind]> = [
  [/\.warc(\.gz)?$/i, 'warc'],
  [/\.(jsonl|ndjson)(\.gz)?$/i, 'jsonl'],
  [/\.(x?html?|shtml)(\.gz)?$/i, 'html'],
  [/\.urls$/i, 'urls'],
];
const HTML_TYPE = /html/i;
const HTML_RECORD_TYPES = new Set(['response', 'resource']);

function kindByName(path: string): InputKind | undefined {
  for (const [re, kind] of KIND_BY_NAME) if (re.test(path)) return kind;
  return undefined;
}

function wanted(name: string): boolean {
  const lower = name.toLowerCase();
  return BATCH_DEFAULTS.directoryExtensions.some((ext) => lower.endsWith(ext));
}

/** Files a directory walk passed over, by extension (the message when it finds no page). */
type Passed = Map<string, number>;

/** A file found by a walk, or a path the walk could not read (it becomes an error record). */
interface Found { readonly path: string; readonly error?: string }

function why(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOENT' ? 'no such file (a broken symbolic link?)' : code === 'ELOOP' ? 'too many symbolic links' : (e as Error).message;
}

/**
 * Walk a directory, sorted, recursively. Symbolic links are followed (to files and to
 * directories, each directory once: a link loop ends); an unreadable directory or a broken
 * link is an entry with an error, and the walk goes on.
 */
async function walk(dir: string, out: Found[], passed: Passed, seen: Set<string>): Promise<void> {
  let entries;
  try {
    const st = await stat(dir);
    const id = `${st.dev}:${st.ino}`;
    if (seen.has(id)) return; // a link back to a directory already walked
    seen.add(id);
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    out.push({ path: dir, error: `${dir}: cannot read directory (${why(e)}); its pages are skipped` });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    let isDir = e.isDirectory(), isFile = e.isFile();
    if (e.isSymbolicLink()) {
      try {
        const st = await stat(p);
        isDir = st.isDirectory();
        isFile = st.isFile();
      } catch (err) {
        if (wanted(e.name)) out.push({ path: p, error: `${p}: cannot read (${why(err)})` });
        continue;
      }
    }
    if (isDir) await walk(p, out, passed, seen);
    else if (isFile && wanted(e.name)) out.push({ path: p });
    else if (isFile) {
      const ext = extname(e.name).toLowerCase() || '(no extension)';
      passed.set(ext, (passed.get(ext) ?? 0) + 1);
    }
  }
}

/** "3 .txt, 1 .pdf" */
export function passedList(passed: ReadonlyMap<string, number>): string {
  return [...passed].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([ext, n]) => `${n} ${ext}`).join(', ');
}

/** An input file with the kind its name suggests (directory members) or undefined (detect from content). */
export interface InputFile {
  readonly path: string;
  readonly kindHint?: InputKind;
  /** Size in bytes, when known (progress ETA). */
  readonly size?: number;
  /** Last modification (ms since the epoch), when known (the `.done` marker's job). */
  readonly mtimeMs?: number;
  /** `dev:ino` of the file (a link's target), when known: run.ts refuses an output that is an input. */
  readonly identity?: string;
  /** Why it cannot be read (found by the directory walk): one error record. */
  readonly error?: string;
}

/**
 * Expand the inputs: directories become their (sorted, recursive) files.
 * A missing input is an InputError (nothing has run yet).
 * @param leftOut counts, by extension, the files of directories the walk left out (not a page, WARC or JSON Lines name)
 */
export async function listInputs(paths: readonly string[], leftOut?: Map<string, number>): Promise<InputFile[]> {
  const out: InputFile[] = [];
  for (const path of paths) {
    if (path === '-') { out.push({ path }); continue; }
    const st = await stat(path).catch((e: NodeJS.ErrnoException) => {
      throw new InputError(`${path}: cannot read (${e.code === 'ENOENT' ? 'no such file' : e.message})`);
    });
    if (st.isDirectory()) {
      const files: Found[] = [];
      const passed: Passed = new Map();
      await walk(path, files, passed, new Set());
      for (const [ext, n] of passed) leftOut?.set(ext, (leftOut.get(ext) ?? 0) + n);
      if (files.length === 0) {
        const others = passed.size > 0 ? `; it holds ${passedList(passed)} files` : '; it is empty';
        throw new InputError(`${path}: no pages in this directory (farsw reads ${BATCH_DEFAULTS.directoryExtensions.join(' ')}${others}; name a file with --input to read it as HTML)`);
      }
      for (const f of files) {
        if (f.error !== undefined) { out.push(f); continue; }
        const hint = kindByName(f.path);
        const fst = await stat(f.path).catch(() => undefined);
        out.push({ path: f.path, ...(fst ? { size: fst.size, mtimeMs: fst.mtimeMs, identity: `${fst.dev}:${fst.ino}` } : {}), ...(hint ? { kindHint: hint } : {}) });
      }
    } else {
      const hint = kindByName(path); // as for a directory's files: a blank pages.jsonl holds no record, not one empty page
      out.push({ path, size: st.size, mtimeMs: st.mtimeMs, identity: `${st.dev}:${st.ino}`, ...(hint ? { kindHint: hint } : {}) });
    }
  }
  return out;
}

/** The files of this share, and whether records inside them are sharded (a single input) or not. */
export function shareOf(files: readonly InputFile[], shard: Shard | undefined, shardBy: ShardBy = 'auto'): { files: InputFile[]; recordShard: Shard | undefined } {
  if (files.length > 1 && shardBy !== 'host') return { files: filesInShard(files, shard), recordShard: undefined };
  return { files: [...files], recordShard: shard };
}

/**
 * Copy of the first `size` bytes of `parts` into a SharedArrayBuffer of its
 * own: a message to a worker then carries a handle, not the bytes (a
 * structured clone of an ArrayBuffer copies it twice, through the
 * serializer: ~0.13 CPU-s of the main thread per 100 MB of pages), and the
 * main thread keeps the bytes for a resend (pool.ts).
 */
export function sharedCopy(parts: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(new SharedArrayBuffer(size));
  let at = 0;
  for (const p of parts) {
    if (at >= size) break;
    const take = Math.min(p.length, size - at);
    out.set(take === p.length ? p : p.subarray(0, take), at);
    at += take;
  }
  return out;
}

/**
 * A line of splitLines: its number, start offset and size; its bytes unless it was over the limit; `cut` when no end
 * was found within `maxSkip`; `damage` for damaged gzip input (no line; `lost`: the line it cut), `afterDamage` for the line after it.
 */
export interface SplitLine { line: number; offset: number; size: number; bytes?: Uint8Array; cut?: true; damage?: GzipDamage; lost?: true; afterDamage?: true }

/**
 * Split chunks into lines (LF, with CR stripped), numbered from 1. A line
 * longer than `maxBytes` is not kept: only its size is reported, so memory
 * stays bounded by maxBytes whatever the line. A line still without an end
 * after `maxSkip` bytes (an endless stream, /dev/zero) is reported with `cut`
 * and ends the split: reading never goes on for ever.
 */
export async function* splitLines(chunks: AsyncIterable<Uint8Array>, maxBytes: number, maxSkip = Infinity): AsyncGenerator<SplitLine> {
  for await (const l of byteLines(chunks, maxBytes, maxSkip)) {
    if (l.cut) { yield { line: l.line, offset: l.offset, size: l.size, cut: true }; return; }
    if (l.damage) { yield { line: l.line, offset: l.offset, size: l.size, damage: l.damage, ...(l.lost ? { lost: true } : {}) }; continue; }
    const after = l.afterDamage ? { afterDamage: true as const } : {};
    if (l.parts === undefined) { yield { line: l.line, offset: l.offset, size: l.size, ...after }; continue; }
    let n = l.size;
    const last = l.parts[l.parts.length - 1];
    if (last !== undefined && last.length > 0 && last[last.length - 1] === 0x0d) n--; // CRLF
    yield { line: l.line, offset: l.offset, size: n, bytes: sharedCopy(l.parts, n), ...after };
  }
}

/** How far past --max-bytes a line without an end is skipped before the file is given up (an endless stream). */
export function skipLimit(maxBytes: number): number {
  return Math.max(BATCH_DEFAULTS.maxSkipBytes, 4 * maxBytes);
}

function isBlank(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

/** The error item of damaged gzip input met while splitting lines: named by the line it cut, else by its offset in the file. */
function damageItem(path: string, l: SplitLine & { damage: GzipDamage }, opts: SourceOptions, shard: Shard | undefined): BatchItem | undefined {
  const id = l.lost ? `${path}:${l.line}` : `${path}:gzip offset ${l.damage.offset}`;
  if (!recordInShard(l.lost && opts.shardBy !== 'host' ? String(l.line) : id, shard)) return undefined;
  const lost = l.lost ? `; line ${l.line}, begun before it, is lost` : '';
  return { ref: { id }, bytes: 0, error: `${path}: ${damageMessage(l.damage)}${lost}` };
}

/** The first non-blank byte is `{` (the start of a JSON Lines record; a line after damaged input may be the rest of one). */
function startsRecord(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return c === 0x7b;
  }
  return false;
}

async function* jsonlItems(path: string, chunks: Chunks, opts: SourceOptions, shard: Shard | undefined): AsyncGenerator<BatchItem> {
  for await (const l of splitLines(chunks, opts.maxBytes, skipLimit(opts.maxBytes))) {
    if (l.damage) {
      const item = damageItem(path, { ...l, damage: l.damage }, opts, shard);
      if (item) yield item;
      continue;
    }
    if (l.bytes !== undefined && isBlank(l.bytes)) continue;
    const where = `${path}:${l.line}`;
    const ref = { id: where };
    if (l.afterDamage && l.bytes !== undefined && !startsRecord(l.bytes)) {
      if (recordInShard(String(l.line), shard)) yield { ref, bytes: l.size, error: `${where}: the rest of a line cut by the damaged gzip data before it (not a JSON record); skipped` };
      continue;
    }
    // An endless line ends the file for every share (each would read it to that point).
    if (l.cut) { yield { ref, bytes: l.size, error: `${where}: no line end within ${l.size} bytes from offset ${l.offset} (not JSON Lines, or an endless stream); the rest of the file is skipped` }; return; }
    if (!recordInShard(opts.shardBy === 'host' ? (l.bytes !== undefined ? hostOfJsonLine(l.bytes) : null) ?? where : String(l.line), shard)) continue;
    if (l.bytes === undefined) yield { ref, bytes: l.size, error: `${where}: record of ${l.size} bytes exceeds --max-bytes ${opts.maxBytes}` };
    else yield { ref, bytes: l.size, task: { kind: 'json', line: l.bytes, where } };
  }
}

/** A list of URLs, one a line (blank lines and `#` comments skipped); a line that is not an http(s) URL is an error item. */
async function* urlItems(path: string, chunks: Chunks, opts: SourceOptions, shard: Shard | undefined): AsyncGenerator<BatchItem> {
  const utf8 = new TextDecoder();
  for await (const l of splitLines(chunks, opts.maxBytes, skipLimit(opts.maxBytes))) {
    if (l.damage) {
      const item = damageItem(path, { ...l, damage: l.damage }, opts, shard);
      if (item) yield item;
      continue;
    }
    const url = l.bytes === undefined ? '' : utf8.decode(l.bytes).trim();
    if (l.bytes !== undefined && (url === '' || url.startsWith('#'))) continue;
    if (!recordInShard(opts.shardBy === 'host' ? hostOf(url) ?? `${path}:${l.line}` : String(l.line), shard)) continue;
    if (/^https?:\/\/\S+$/i.test(url)) yield { ref: { url }, bytes: 0, fetch: url };
    else yield { ref: { id: `${path}:${l.line}` }, bytes: l.size, error: `${path}:${l.line}: not an http(s) URL` };
  }
}

/** A WARC record's kind, from its WARC headers: an HTML page for the batch, another record (counted), or nothing. */
function warcWanted(h: ReadonlyMap<string, string>): boolean {
  return HTML_RECORD_TYPES.has(h.get('warc-type') ?? '');
}

/** An HTTP status line whose code is not 2xx. */
const NOT_2XX = /^HTTP\/\S+\s+(?!2\d\d\b)\d{3}\b/i;

/** How the output names a WARC record (its URL and WARC-Record-ID, else where it is), and its key for the share. */
function warcRef(h: ReadonlyMap<string, string> | undefined, where: string, shardBy: ShardBy | undefined): { ref: RecordRef; key: string; url?: string } {
  const recordId = h?.get('warc-record-id');
  const url = h?.get('warc-target-uri')?.replace(/^<(.*)>$/, '$1') || undefined;
  const ref: RecordRef = { ...(url ? { url } : { id: where }), ...(recordId ? { warcRecordId: recordId } : {}) };
  return { ref, key: (shardBy === 'host' ? hostOf(url) : null) ?? recordId ?? where, ...(url ? { url } : {}) };
}

async function* warcItems(path: string, chunks: Chunks, opts: SourceOptions, shard: Shard | undefined, counters: ReadCounters): AsyncGenerator<BatchItem> {
  for await (const ev of readWarc(chunks, { maxBytes: opts.maxBytes, keep: warcWanted })) {
    if (ev.kind === 'damage') {
      // Damaged gzip data: named by the record it cut (begun before it), else by the record the damaged member held, else by its offset.
      const c = ev.cut;
      const named = c ? `${path}:record ${c.n} at offset ${c.offset}` : `${path}:gzip offset ${ev.damage.offset}`;
      const { ref, key } = warcRef(c ? c.headers : ev.held, named, opts.shardBy);
      if (!recordInShard(key, shard)) continue;
      const lost = c ? `; record ${c.n} (at offset ${c.offset} of the unpacked data), begun before it, is lost` : '';
      const held = ev.held ? `; the record it held (${[ev.held.get('warc-target-uri'), ev.held.get('warc-record-id')].filter(Boolean).join(' ') || 'no URL'}) is lost` : '';
      yield { ref, bytes: 0, error: `${path}: ${damageMessage(ev.damage)}${lost}${held}` };
      continue;
    }
    const h = ev.headers;
    const where = `${path}:record ${ev.n} at offset ${ev.offset}`;
    const { ref, key, url } = warcRef(h, where, opts.shardBy);
    if (ev.kind === 'error') {
      // A broken record is reported whatever its type (it may have been a page), in the share its id names.
      if (!recordInShard(key, shard)) continue;
      yield { ref, bytes: 0, error: `${where}: ${ev.message}` };
      continue;
    }
    const type = ev.headers.get('warc-type');
    if (!HTML_RECORD_TYPES.has(type ?? '')) { counters.otherRecords++; continue; }
    let contentType: string | undefined;
    let coding: BodyCoding | undefined;
    let body: Buffer | undefined;
    // A response's HTTP head: from its block, or from the head read of a block too large to keep.
    const http = type === 'response' ? parseHttpHead(ev.block ?? ev.head ?? Buffer.alloc(0)) : undefined;
    if (type === 'response') {
      contentType = http?.headers.get('content-type');
      if (ev.block !== undefined && http) {
        const te = http.headers.get('transfer-encoding')?.toLowerCase();
        const ce = http.headers.get('content-encoding')?.toLowerCase();
        if (te?.includes('chunked') || (ce && ce !== 'identity')) coding = { ...(te?.includes('chunked') ? { chunked: true } : {}), ...(ce ? { encoding: ce } : {}) };
        body = ev.block.subarray(http.bodyStart);
      }
    } else {
      if (ev.block !== undefined || type === 'resource') contentType = ev.headers.get('content-type');
      body = ev.block;
    }
    if (contentType && !HTML_TYPE.test(contentType)) { counters.skipped++; continue; }
    // A redirect or an error page (404, 500, …) is no page of the site: skipped and counted, as a fetched URL's is an error.
    if (http && NOT_2XX.test(http.status)) { counters.skipped++; counters.notOk++; continue; }
    if (!recordInShard(key, shard)) continue;
    if (ev.block === undefined) {
      yield { ref, bytes: ev.length, error: `${where}: record of ${ev.length} bytes exceeds --max-bytes ${opts.maxBytes}` };
      continue;
    }
    if (body === undefined) {
      yield { ref, bytes: ev.length, error: `${where}: response record without an HTTP header (no blank line ends it)` };
      continue;
    }
    const page = sharedCopy([body], body.length);
    yield {
      ref, bytes: page.length,
      task: { kind: 'page', page, where, ...(url ? { url } : {}), ...(contentType ? { contentType } : {}), ...(coding ? { coding, maxBytes: opts.maxBytes } : {}) },
    };
  }
}

async function* htmlItem(path: string, chunks: Chunks, opts: SourceOptions, knownSize: number | undefined): AsyncGenerator<BatchItem> {
  const ref = { id: path };
  // Reading stops past the limit (an endless stream, /dev/zero, ends too); a regular file's size is known beforehand.
  if (knownSize !== undefined && knownSize > opts.maxBytes) {
    yield { ref, bytes: knownSize, error: `${path}: page of ${knownSize} bytes exceeds --max-bytes ${opts.maxBytes}` };
    return;
  }
  const parts: Buffer[] = [];
  let size = 0;
  for await (const c of chunks) {
    const damage = damageOf(c);
    if (damage) {
      yield { ref, bytes: size, error: `${path}: ${damageMessage(damage)}; the page is incomplete: skipped` };
      return;
    }
    size += c.length;
    if (size > opts.maxBytes) break;
    parts.push(c);
  }
  if (size > opts.maxBytes) yield { ref, bytes: size, error: `${path}: page exceeds --max-bytes ${opts.maxBytes} (reading stopped at ${size} bytes)` };
  else yield { ref, bytes: size, task: { kind: 'page', page: sharedCopy(parts, size), where: path } };
}

async function* fileItems(file: InputFile, opts: SourceOptions, shard: Shard | undefined, counters: ReadCounters): AsyncGenerator<BatchItem> {
  const raw = readRaw(file.path, opts.stdin, (n) => { counters.rawBytes += n; });
  const { gzip, chunks } = await maybeGunzip(raw, file.path);
  const p = await peek(chunks, 16);
  // Standard input that ends at once holds no record (an upstream `zcat` that failed), not one empty page: files have a name to go by.
  if (file.path === '-' && opts.kind === undefined && p.head.length === 0) return;
  const kind = opts.kind ?? file.kindHint ?? detectInputKind(p.head);
  if (kind === 'jsonl') yield* jsonlItems(file.path, p.chunks, opts, shard);
  else if (kind === 'urls') yield* urlItems(file.path, p.chunks, opts, shard);
  else if (kind === 'warc') yield* warcItems(file.path, p.chunks, opts, shard, counters);
  else if (recordInShard(file.path, shard)) yield* htmlItem(file.path, p.chunks, opts, gzip ? undefined : file.size);
}

/**
 * Every item of the share, in input order. A file that fails while being read
 * (missing, corrupt gzip, broken WARC) gives one error item naming it, and the
 * run goes on with the next file.
 */
export async function* readItems(files: readonly InputFile[], opts: SourceOptions, counters: ReadCounters): AsyncGenerator<BatchItem> {
  const share = shareOf(files, opts.shard, opts.shardBy);
  let toSkip = opts.skip ?? 0;
  for (const file of share.files) {
    if (file.error !== undefined) {
      if (toSkip > 0) { toSkip--; continue; }
      yield { ref: { id: file.path }, bytes: 0, error: file.error };
      continue;
    }
    try {
      for await (const item of fileItems(file, opts, share.recordShard, counters)) {
        if (toSkip > 0) { toSkip--; continue; }
        yield item;
      }
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      if (toSkip > 0) { toSkip--; continue; }
      yield { ref: { id: file.path }, bytes: 0, error: `${file.path}: read failed (${why})` };
    }
  }
}
