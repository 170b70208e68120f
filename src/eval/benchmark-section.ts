/**
 * Sections of the benchmark files (docs/benchmarks/*.md): each benchmark (vitest bench, scripts/bench-*)
 * owns the part of the file between `<!-- NAME:start -->` and
 * `<!-- NAME:end -->` and rewrites only that part. Pure: the callers read and
 * write the file.
 */

/** Title of a benchmark file that does not exist yet. */
const NEW_DOCUMENT = '# Benchmarks\n';

/**
 * Put `markdown` between the markers of section `name`: replace the section
 * where both markers stand (start before end), else append it after a blank
 * line.
 * @param document the current file's text, or null when the file does not exist (starts as `# Benchmarks`)
 * @param name section name, e.g. `extract` → `<!-- extract:start -->` … `<!-- extract:end -->`
 * @param markdown the section's content, without the markers
 * @returns the new document text
 */
export function replaceBenchmarkSection(document: string | null, name: string, markdown: string): string {
  const doc = document ?? NEW_DOCUMENT;
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${markdown}\n${end}`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  return i >= 0 && j > i ? doc.slice(0, i) + block + doc.slice(j + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
}
