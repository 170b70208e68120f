/**
 * The host of a batch page, as `farsw train --by-site` and the evaluation define a site
 * (dataset/site.ts: the record's `host` field, else its URL's host, lower-cased without `www.`).
 * Read on the main thread for `--shard-by host` and `--adapt`'s first pass, so a JSON Lines record
 * is parsed there once more (its worker parses it again for the extraction).
 */
import { hostOf, hostOfRecord } from '../dataset/site.js';
import type { PageTask } from './task.js';

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Host of a JSON Lines record `{"host"?, "url"?, …}`; null when it names none or is not a JSON object. */
export function hostOfJsonLine(line: Uint8Array): string | null {
  const fields = topLevelStrings(line, WANTED);
  if (fields !== undefined) return hostOfRecord({ host: fields.get('host') ?? null, url: fields.get('url') ?? null });
  let rec: unknown; // not a plain object the scan could read: the parser decides (and a broken record has no host)
  try {
    rec = JSON.parse(utf8.decode(line));
  } catch {
    return null;
  }
  return hostOfParsed(rec);
}

const WANTED: ReadonlySet<string> = new Set(['host', 'url']);
const QUOTE = 0x22, BACKSLASH = 0x5c;

/** End (index after the closing quote) of the JSON string starting at `at` (its opening quote); -1 when unterminated. */
function stringEnd(b: Uint8Array, at: number): number {
  let i = at + 1;
  for (;;) {
    const q = b.indexOf(QUOTE, i);
    if (q < 0) return -1;
    let slashes = 0;
    for (let j = q - 1; j > at && b[j] === BACKSLASH; j--) slashes++;
    if (slashes % 2 === 0) return q + 1;
    i = q + 1;
  }
}

function isSpace(c: number | undefined): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/**
 * The top-level string members named in `keys` of a JSON object, found without parsing the other values
 * (a page's `html` is most of a record: JSON.parse of every record cost the first pass of --adapt ~3 s per 200 MB).
 * Undefined when the bytes are not a plain object this scan reads (the caller then parses them).
 */
export function topLevelStrings(b: Uint8Array, keys: ReadonlySet<string>): Map<string, string> | undefined {
  const out = new Map<string, string>();
  let i = 0;
  const skipSpace = (): void => { while (isSpace(b[i])) i++; };
  skipSpace();
  if (b[i] !== 0x7b) return undefined; // {
  i++;
  skipSpace();
  if (b[i] === 0x7d) return out;
  for (;;) {
    if (b[i] !== QUOTE) return undefined;
    const keyEnd = stringEnd(b, i);
    if (keyEnd < 0) return undefined;
    let key: string;
    try { key = JSON.parse(utf8.decode(b.subarray(i, keyEnd))) as string; } catch { return undefined; }
    i = keyEnd;
    skipSpace();
    if (b[i] !== 0x3a) return undefined; // :
    i++;
    skipSpace();
    const start = i;
    const c = b[i];
    if (c === QUOTE) {
      i = stringEnd(b, i);
      if (i < 0) return undefined;
      if (keys.has(key)) {
        try { out.set(key, JSON.parse(utf8.decode(b.subarray(start, i))) as string); } catch { return undefined; }
      }
    } else if (c === 0x7b || c === 0x5b) { // a nested object or array: skip it, strings included
      let depth = 0;
      for (;;) {
        const d = b[i];
        if (d === undefined) return undefined;
        if (d === QUOTE) { i = stringEnd(b, i); if (i < 0) return undefined; continue; }
        if (d === 0x7b || d === 0x5b) depth++;
        else if (d === 0x7d || d === 0x5d) { depth--; if (depth === 0) { i++; break; } }
        i++;
      }
    } else { // a number, true, false or null
      while (i < b.length && b[i] !== 0x2c && b[i] !== 0x7d && !isSpace(b[i])) i++;
      if (i === start) return undefined;
    }
    skipSpace();
    if (b[i] === 0x2c) { i++; skipSpace(); continue; } // ,
    if (b[i] === 0x7d) return out; // }
    return undefined;
  }
}

/** Host of a parsed record: its `host` string, else its `url`'s host. */
export function hostOfParsed(rec: unknown): string | null {
  if (rec === null || typeof rec !== 'object') return null;
  const r = rec as { host?: unknown; url?: unknown };
  return hostOfRecord({ host: typeof r.host === 'string' ? r.host : null, url: typeof r.url === 'string' ? r.url : null });
}

/** Host of a task: a JSON record's (parsed here), a WARC record's target URI's; null for a page without a URL. */
export function hostOfTask(task: PageTask): string | null {
  if (task.kind === 'json') return hostOfJsonLine(task.line);
  if (task.kind === 'page') return hostOf(task.url);
  return null;
}
