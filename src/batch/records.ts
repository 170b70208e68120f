/**
 * Batch extraction over JSON Lines records `{"id", "html", "url"?}` (the
 * format of ../shared/datasets): one output record per input record, in input
 * order: `{"id", "text", "ms"}`, or `{"id", "error"}` for a record that could
 * not be read or extracted. A bad record never stops the run.
 * A sequential, in-process convenience for the library; `farsw apply --input`
 * uses the worker pool of run.ts.
 */
import { readJsonLines } from '../dataset/read-jsonl.js';
import { extract, type ExtractOptions } from '../extract/extract.js';

export type OutputRecord =
  | { readonly id: string; readonly text: string; readonly ms: number }
  | { readonly id: string; readonly error: string };

/** Counters of a batch run. */
export interface BatchSummary {
  records: number;
  failed: number;
  bytes: number;
  extractMs: number;
}

/**
 * Extract every record of a JSON Lines file (plain or gzip).
 * `ms` is the time of the `extract` call alone (line building to text).
 */
export async function* extractRecords(
  path: string,
  options: ExtractOptions,
  summary: BatchSummary = { records: 0, failed: 0, bytes: 0, extractMs: 0 },
): AsyncGenerator<OutputRecord> {
  for await (const entry of readJsonLines(path)) {
    summary.records++;
    const fallbackId = `${path}:${entry.line}`;
    if (entry.error !== undefined) {
      summary.failed++;
      yield { id: fallbackId, error: `${path}:${entry.line}: ${entry.error}` };
      continue;
    }
    const rec = entry.value as { id?: unknown; html?: unknown; url?: unknown } | null;
    const id = rec && typeof rec.id === 'string' ? rec.id : fallbackId;
    if (!rec || typeof rec.html !== 'string') {
      summary.failed++;
      yield { id, error: `${path}:${entry.line}: record has no "html" string` };
      continue;
    }
    const url = typeof rec.url === 'string' ? rec.url : undefined;
    try {
      const t0 = performance.now();
      const result = extract(rec.html, url !== undefined ? { ...options, url } : options);
      const ms = performance.now() - t0;
      summary.bytes += Buffer.byteLength(rec.html);
      summary.extractMs += ms;
      yield { id, text: result.text, ms: Math.round(ms * 1000) / 1000 };
    } catch (e) {
      summary.failed++;
      yield { id, error: `${path}:${entry.line}: ${(e as Error).message}` };
    }
  }
}
