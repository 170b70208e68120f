/**
 * Minimal reader of training data for `farsw train`.
 *
 * NOTE for the lead: src/dataset (branch `eval`) will be the one reader of
 * training data and datasets; once it is on main this file should delegate to it.
 *
 * Accepted inputs:
 *   FILE.jsonl[.gz]           records {id?, html, gold, url?, host?} (the shared dataset format)
 *   DIR/                      walked recursively, sorted:
 *     *.jsonl, *.jsonl.gz     as above
 *     SITE/NAME.html + NAME.txt   one page; gold = NAME.txt (UTF-8); site = the directory name SITE
 * A record's host is its `host` field, else its URL's host name, else the directory name.
 * Bad records are reported through `onSkip` and skipped.
 */

import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { InputError } from '../core/errors.js';
import { decodeHtml } from '../html/decode.js';
import { sniffBinary } from '../html/sniff-binary.js';
import { readJsonLines, type JsonLine } from '../dataset/read-jsonl.js';
import type { TrainingPage } from '../train/train.js';

/** A training page with the host it belongs to (null when unknown). */
export interface TrainingRecord extends TrainingPage {
  readonly id: string;
  readonly host: string | null;
}

const JSONL_RE = /\.jsonl(\.gz)?$/i;
const HTML_RE = /\.html?$/i;

/** `https://web.archive.org/web/<timestamp>[flags]/<original URL>`. */
const ARCHIVE_RE = /^https?:\/\/web\.archive\.org\/web\/\d+[a-z_]*\/(.+)$/i;

/**
 * Host name of a URL, lower-case without `www.`; null when absent or unparsable.
 * Wayback Machine URLs give the archived page's host.
 */
export function hostOf(url: unknown): string | null {
  if (typeof url !== 'string' || url === '') return null;
  const archived = ARCHIVE_RE.exec(url);
  if (archived) return hostOf(/^https?:/i.test(archived[1]!) ? archived[1] : `http://${archived[1]}`);
  try {
    const h = new URL(url).hostname.toLowerCase();
    return h === '' ? null : h.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/**
 * Read training pages from a file or directory (formats in the module comment).
 * @param path file or directory
 * @param onSkip called with a message for every record that cannot be used
 * @throws InputError when the path cannot be read
 */
export async function* readTrainingData(path: string, onSkip: (msg: string) => void): AsyncGenerator<TrainingRecord> {
  const st = await stat(path).catch(() => { throw new InputError(`${path}: no such file or directory`); });
  if (st.isFile()) {
    if (HTML_RE.test(path)) {
      const r = await readHtmlPair(path, null, onSkip);
      if (r) yield r;
    } else yield* readJsonlRecords(path, null, onSkip);
    return;
  }
  for (const file of await walk(path)) {
    const rel = relative(path, file);
    const site = rel.includes(sep) ? rel.split(sep)[0]! : null;
    if (JSONL_RE.test(file)) yield* readJsonlRecords(file, site, onSkip);
    else if (HTML_RE.test(file)) {
      const r = await readHtmlPair(file, site, onSkip);
      if (r) yield r;
    }
  }
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

async function readHtmlPair(file: string, site: string | null, onSkip: (msg: string) => void): Promise<TrainingRecord | null> {
  const stem = basename(file).replace(HTML_RE, '');
  const goldFile = join(dirname(file), `${stem}.txt`);
  let gold: string;
  try {
    gold = await readFile(goldFile, 'utf8');
  } catch {
    onSkip(`${file}: gold file ${stem}.txt missing`);
    return null;
  }
  const bytes = await readFile(file);
  const binary = sniffBinary(bytes);
  if (binary !== null) {
    onSkip(`${file}: not HTML: ${binary}`);
    return null;
  }
  return { id: file, html: decodeHtml(bytes).text, gold, host: site };
}

async function* readJsonlRecords(file: string, site: string | null, onSkip: (msg: string) => void): AsyncGenerator<TrainingRecord> {
  let last = 0;
  const entries = readJsonLines(file);
  for (;;) {
    let next: IteratorResult<JsonLine>;
    try {
      next = await entries.next();
    } catch (e) {
      // Truncated gzip: keep what was read, report where reading stopped, go on with the next file.
      if (!(e instanceof InputError)) throw e;
      onSkip(`${file}:${last + 1}: file ends early, records from here on are lost (${(e.cause as Error | undefined)?.message ?? e.message})`);
      return;
    }
    if (next.done) return;
    const entry = next.value;
    last = entry.line;
    const where = `${file}:${entry.line}`;
    if (entry.error !== undefined) { onSkip(`${where}: ${entry.error}`); continue; }
    const v = entry.value as Record<string, unknown> | null;
    if (typeof v !== 'object' || v === null || typeof v.html !== 'string') { onSkip(`${where}: expected an object with a string "html"`); continue; }
    if (v.gold !== null && v.gold !== undefined && typeof v.gold !== 'string') { onSkip(`${where}: "gold" must be a string or null`); continue; }
    const host = typeof v.host === 'string' && v.host !== '' ? v.host.toLowerCase().replace(/^www\./, '') : hostOf(v.url) ?? site;
    yield { id: typeof v.id === 'string' ? v.id : where, html: v.html, gold: (v.gold as string | null | undefined) ?? null, host };
  }
}

