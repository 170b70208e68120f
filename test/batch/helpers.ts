/** Shared pieces of the batch tests: small pages, JSON Lines files, a compiled worker, a run to memory. */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { runBatch, type BatchConfig, type BatchSummary } from '../../src/batch/run.js';
import { streamSink } from '../../src/batch/output.js';
import { compileBuild } from './build.js';

/** An output record as a test reads it (every field optional). */
export interface LooseRecord { id?: string; url?: string; warc_record_id?: string; text?: string; error?: string; ms?: number; model?: string }

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A page whose main text is `Article <n> …` in a paragraph, with a menu and a footer around it. */
export function page(n: number): string {
  return `<html><head><title>t${n}</title></head><body>
<ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li></ul>
<div class="article"><p>Article ${n} tells how the village rebuilt its old stone bridge after the spring flood had washed the middle arch away, and how the work took the whole summer.</p></div>
<div class="footer"><a href="/privacy">Privacy</a></div>
</body></html>`;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `farsw-${prefix}-`));
}

/** Write JSON Lines (gzip when the name ends .gz); `lines` are raw lines. */
export function writeLines(path: string, lines: readonly string[]): string {
  const body = lines.join('\n') + '\n';
  writeFileSync(path, path.endsWith('.gz') ? gzipSync(body) : body);
  return path;
}

/** `{"id": "p<n>", "html": page(n)}` lines for n = 0 … count − 1. */
export function pageLines(count: number): string[] {
  return Array.from({ length: count }, (_, n) => JSON.stringify({ id: `p${n}`, html: page(n) }));
}

/** Extraction options of the batch tests: a fixed extractor, so they do not depend on the shipped model. */
export const TEST_EXTRACT = Object.freeze({ algorithm: 'addanag' });

/** Run a batch in-process (unless `workers` is given), collecting the output records. */
export async function runToMemory(config: Omit<BatchConfig, 'sink' | 'workers' | 'extract'> & Partial<Pick<BatchConfig, 'workers' | 'extract'>>): Promise<{ records: LooseRecord[]; summary: BatchSummary }> {
  const lines: string[] = [];
  const summary = await runBatch({ workers: 0, extract: TEST_EXTRACT, ...config, sink: streamSink((s) => { lines.push(s); }) });
  return { records: lines.map((l) => JSON.parse(l) as LooseRecord), summary };
}

let built: string | undefined;

/**
 * The batch worker compiled from the current sources into .build/ (workers
 * load JavaScript; vitest runs TypeScript). Compiled once for the whole run by
 * test/global-setup.ts; compiled here only when a file runs without it.
 */
export function compiledWorker(): string {
  if (built) return built;
  const ready = join(ROOT, '.build/batch/worker.js');
  built = process.env['FARSW_TEST_BUILD_READY'] === '1' && existsSync(ready) ? ready : compileBuild();
  return built;
}
