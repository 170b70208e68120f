/**
 * Reader of prediction files: JSON Lines with one `{"id","text","ms"?}` or
 * `{"id","error","ms"?}` per line, the format `farsw apply --output` writes.
 */
import type { Prediction } from './prediction.js';
import { readJsonLines } from './read-jsonl.js';
import type { ReadOptions } from './types.js';

/**
 * Read a predictions file into a map id → prediction. Malformed lines (bad
 * JSON, no string `id`, neither string `text` nor string `error`) are reported
 * through `onIssue` and skipped; a later line for the same id replaces an
 * earlier one.
 * @param path `.jsonl` or `.jsonl.gz` file
 * @param options issue callback
 */
export async function readPredictions(path: string, options: ReadOptions = {}): Promise<Map<string, Prediction>> {
  const out = new Map<string, Prediction>();
  for await (const entry of readJsonLines(path)) {
    const { line } = entry;
    if (entry.error !== undefined) {
      options.onIssue?.({ file: path, line, message: entry.error });
      continue;
    }
    const v = entry.value;
    const o = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
    const ms = typeof o['ms'] === 'number' && Number.isFinite(o['ms']) ? { ms: o['ms'] } : {};
    if (typeof o['id'] !== 'string') {
      options.onIssue?.({ file: path, line, message: 'expected an object with a string "id"' });
    } else if (typeof o['text'] === 'string') {
      out.set(o['id'], { text: o['text'], ...ms });
    } else if (typeof o['error'] === 'string') {
      out.set(o['id'], { error: o['error'], ...ms });
    } else {
      options.onIssue?.({ file: path, line, message: `record "${o['id']}" has neither a string "text" nor a string "error"` });
    }
  }
  return out;
}
