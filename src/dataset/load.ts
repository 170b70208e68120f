/**
 * The one entry point for reading evaluation and training pages: a JSON Lines
 * file (`.jsonl` or `.jsonl.gz`, the format of ../shared/datasets), a directory
 * of such files, or a training-data directory (`SITE/NAME.html` + `.txt`).
 * Everything is streamed: records are yielded one at a time, a file is never
 * held whole in memory.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { InputError } from '../core/errors.js';
import { readJsonLines, type JsonLine } from './read-jsonl.js';
import { openInputFile } from '../input/open.js';
import { isWarc, startsWithMarkup } from '../input/magic.js';
import { sniffBinary, SNIFF_WINDOW } from '../html/sniff-binary.js';
import { parseDatasetRecord } from './record.js';
import { readTrainingData } from './training-data.js';
import type { PageRecord, ReadOptions } from './types.js';

const JSONL_RE = /\.jsonl(\.gz)?$/i;

/** Dataset name implied by a JSON Lines file name (`cleaneval.jsonl.gz` → `cleaneval`). */
export function datasetNameOf(path: string): string {
  return basename(path).replace(JSONL_RE, '');
}

/**
 * Read the records of one JSON Lines file (plain or gzip, detected by its
 * magic bytes). Blank lines are skipped silently;
 * a line that is not valid JSON or not a valid record is reported through
 * `onIssue` (file, line number, reason), skipped and reading goes on.
 * @param path `.jsonl` or `.jsonl.gz` file
 * @param options issue callback
 * Damaged gzip data is reported through `onIssue` (its offset, the line it cut) and
 * reading goes on at the next gzip member; a truncated gzip stream ends the file:
 * the records before the cut are yielded, the cut is reported the same way.
 * @throws InputError when the file cannot be opened
 */
export async function* readJsonlDataset(path: string, options: ReadOptions = {}): AsyncGenerator<PageRecord> {
  const fallback = datasetNameOf(path);
  let last = 0;
  const entries = readJsonLines(path);
  let first = true;
  for (;;) {
    let next: IteratorResult<JsonLine>;
    try {
      next = await entries.next();
    } catch (e) {
      // A read error ends this file: the records read so far count, the rest is reported
      // as one issue at the line where reading stopped (damaged gzip data is an entry: reading goes on).
      if (!(e instanceof InputError)) throw e;
      options.onIssue?.({ file: path, line: last + 1, message: `file ends early, records from here on are lost (${(e.cause as Error | undefined)?.message ?? e.message})` });
      return;
    }
    if (next.done) return;
    const entry = next.value;
    const { line } = entry;
    last = line;
    if (entry.error !== undefined) {
      // A first line that is no JSON may begin a file of another kind (a WARC, a page, an image): one issue, not one a line.
      const other = first && !entry.damage ? await otherKind(path) : null;
      first = false;
      options.onIssue?.({ file: path, line, message: other ?? entry.error });
      if (other === null) continue;
      await entries.return(undefined);
      return;
    }
    first = false;
    try {
      yield parseDatasetRecord(entry.value, { file: path, line }, fallback);
    } catch (e) {
      options.onIssue?.({ file: path, line, message: (e as Error).message.replace(`${path}:${line}: `, '') });
    }
  }
}

const DATASET_FORM = 'not a dataset of JSON Lines records {"id","html","gold"}';

/** What a file that is not JSON Lines is, from its first bytes (gunzipped): a WARC, binary data, an HTML page; null: none of these. */
async function otherKind(path: string): Promise<string | null> {
  let head: Buffer = Buffer.alloc(0);
  for await (const c of await openInputFile(path)) {
    if (c.length === 0) continue; // a damage mark (core/damage.ts)
    head = c as Buffer;
    break;
  }
  if (isWarc(head)) return `a WARC file, ${DATASET_FORM}; to extract its pages: farsw apply --input ${path}`;
  const binary = sniffBinary(head.subarray(0, SNIFF_WINDOW));
  if (binary !== null) return `not JSON Lines: ${binary}`;
  if (startsWithMarkup(head)) return `an HTML page, ${DATASET_FORM} (or a directory of SITE/NAME.html pages with NAME.txt gold)`;
  return null;
}

/**
 * Read pages from a file or directory (see the module comment). A directory
 * is read as: its `*.jsonl` / `*.jsonl.gz` files in name order, then, if it
 * has sub-directories holding `.html` files, as a training-data directory.
 * @param path file or directory
 * @param options issue callback and training-data decoder
 * @throws InputError when the path does not exist or holds no readable pages
 */
export async function* readDataset(path: string, options: ReadOptions = {}): AsyncGenerator<PageRecord> {
  if (path === '-') throw new InputError('-: datasets are read from a .jsonl[.gz] file or a directory, not from standard input (save the records to a file)');
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new InputError(`${path}: no such file or directory (expected a .jsonl[.gz] file or a directory)`);
  }
  if (info.isFile()) {
    yield* readJsonlDataset(path, options);
    return;
  }
  const entries = (await readdir(path, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const jsonl = entries.filter((e) => (e.isFile() || e.isSymbolicLink()) && JSONL_RE.test(e.name));
  for (const e of jsonl) yield* readJsonlDataset(join(path, e.name), options);
  let hasSites = false;
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const files = await readdir(join(path, e.name));
    if (files.some((f) => f.endsWith('.html'))) {
      hasSites = true;
      break;
    }
  }
  if (hasSites) yield* readTrainingData(path, options);
  else if (jsonl.length === 0) {
    throw new InputError(`${path}: no .jsonl[.gz] files and no SITE/NAME.html pages found`);
  }
}
