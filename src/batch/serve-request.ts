/**
 * One `farsw serve` request line, read on a worker thread: `{"id", "html" | "html_b64", "url"?, "options"?}`.
 * What is wrong with it is one message naming the field; the page and the options to extract it with otherwise.
 */
import { describeJson } from '../dataset/record.js';
import { jsonSyntaxMessage } from '../core/errors.js';
import { flagsToOptions, type ApplyFlags } from '../api/flag-options.js';
import type { ExtractOptions } from '../api/extract.js';
import { mergeFlags, requestFlags } from './serve-options.js';

/** A request ready to extract, or why it is not. */
export type ParsedRequest =
  | { readonly id: string; readonly page: string | Uint8Array; readonly url?: string; readonly options: ExtractOptions; readonly error?: undefined }
  | { readonly id?: string; readonly error: string };

const utf8 = new TextDecoder('utf-8', { fatal: false });
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/**
 * Parse and check a request line. `flags`: the worker's start flags, `options` the same as extract() options
 * (used as they are when the request gives no options of its own).
 */
export function parseRequest(line: Uint8Array, flags: ApplyFlags, options: ExtractOptions): ParsedRequest {
  let rec: unknown;
  try {
    rec = JSON.parse(utf8.decode(line));
  } catch (e) {
    return { error: e instanceof SyntaxError ? `invalid JSON (${jsonSyntaxMessage(e)})` : String(e) };
  }
  if (rec === null || typeof rec !== 'object' || Array.isArray(rec)) return { error: `expected a JSON object, found ${describeJson(rec)}` };
  const r = rec as { id?: unknown; html?: unknown; html_b64?: unknown; url?: unknown; options?: unknown };
  if (r.id === undefined || r.id === null) return { error: 'field "id" is missing' };
  if (typeof r.id !== 'string' && typeof r.id !== 'number') return { error: `field "id" must be a string or number, found ${describeJson(r.id)}` };
  const id = String(r.id);
  if (r.html !== undefined && r.html_b64 !== undefined) return { id, error: 'give "html" or "html_b64", not both' };
  if (r.html === undefined && r.html_b64 === undefined) return { id, error: 'field "html" (or "html_b64") is missing' };
  if (r.html !== undefined && typeof r.html !== 'string') return { id, error: `field "html" must be a string, found ${describeJson(r.html)}` };
  if (r.html_b64 !== undefined && (typeof r.html_b64 !== 'string' || !BASE64.test(r.html_b64))) {
    return { id, error: `field "html_b64" must be a base64 string, found ${typeof r.html_b64 === 'string' ? 'other characters' : describeJson(r.html_b64)}` };
  }
  if (r.url !== undefined && r.url !== null && typeof r.url !== 'string') return { id, error: `field "url" must be a string or null, found ${describeJson(r.url)}` };
  let opts = options;
  try {
    const own = requestFlags(r.options);
    if (Object.keys(own).length > 0) opts = flagsToOptions(mergeFlags(flags, own));
  } catch (e) {
    return { id, error: (e as Error).message };
  }
  const page = typeof r.html === 'string' ? r.html : new Uint8Array(Buffer.from(r.html_b64 as string, 'base64'));
  return { id, page, ...(typeof r.url === 'string' ? { url: r.url } : {}), options: opts };
}

/** The id of a request line, when it has one: for the answer to a request whose worker died or ran out of time. */
export function requestId(line: Uint8Array): string | undefined {
  try {
    const id = (JSON.parse(utf8.decode(line)) as { id?: unknown } | null)?.id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
  } catch {
    return undefined;
  }
}
