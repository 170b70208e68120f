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
  let rec: unknown;
  try {
    rec = JSON.parse(utf8.decode(line));
  } catch {
    return null;
  }
  return hostOfParsed(rec);
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
