/** Shared pieces of the benchmarks: paths, medians, sections of docs/benchmarks/speed.md, F1 floors. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { replaceBenchmarkSection } from '../../src/eval/benchmark-section.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the benchmarks read and write (the speed tables: docs/benchmarks/speed.md). `FARSW_DATASETS` overrides the datasets folder. */
export function benchmarkPaths(): { root: string; datasets: string; benchmarks: string } {
  return {
    root: ROOT,
    datasets: process.env['FARSW_DATASETS'] ?? resolve(ROOT, '../shared/datasets'),
    benchmarks: join(ROOT, 'docs/benchmarks/speed.md'),
  };
}

/** Median of a non-empty list (mean of the two middle values for even lengths). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Replace (or append) the section `<!-- NAME:start -->…<!-- NAME:end -->` of
 * docs/benchmarks/speed.md, so each benchmark owns its part of the file; a stamp line
 * (date, platform, Node) ends the section.
 */
export function writeBenchmarkSection(name: string, markdown: string): void {
  const file = benchmarkPaths().benchmarks;
  const stamp = `_Written ${new Date().toISOString().slice(0, 10)} on ${process.platform}/${process.arch}, Node ${process.version}._`;
  const old = existsSync(file) ? readFileSync(file, 'utf8') : null;
  writeFileSync(file, replaceBenchmarkSection(old, name, `${markdown}\n\n${stamp}`));
}

/** F1 floors `{"algorithm/dataset": minimum BoW F1}`: the real-page regression. */
export function loadFloors(): Record<string, number> {
  const file = join(ROOT, 'test/bench/floors.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {};
}

export { bareTokenize } from './bare-tokenize.mjs';
