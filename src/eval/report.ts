/**
 * Formatting of evaluation results: text tables, the `--json` document, the
 * per-page CSV and the list of worst pages. Pure: returns strings / objects.
 */
import type { CrossValidationReport } from './crossval.js';
import type { EvalReport } from './evaluate.js';
import type { Prf } from './metrics.js';
import type { PageScore, Summary } from './score.js';
import type { SnippetSummary } from './snippets.js';

/** A number with fixed decimals, or `-` when absent. */
function fixed(x: number | null | undefined, digits: number): string {
  return x === null || x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(digits);
}

/** Lay out rows as a Markdown table with right-aligned numeric columns. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n') + '\n';
}

const SUMMARY_HEADER = [
  'group', 'pages', 'gold', 'LCS P', 'LCS R', 'LCS F1', 'BoW P', 'BoW R', 'BoW F1', 'MB/s', 'pages/s', 'empty', 'errors',
] as const;

/** One table row of a summary; with `word`, the WCXB word F1 after the BoW columns. */
function summaryRow(name: string, s: Summary, word = false): string[] {
  return [
    name, String(s.pages), String(s.scored),
    fixed(s.lcs?.precision, 3), fixed(s.lcs?.recall, 3), fixed(s.lcs?.f1, 3),
    fixed(s.bow?.precision, 3), fixed(s.bow?.recall, 3), fixed(s.bow?.f1, 3),
    ...(word ? [fixed(s.word?.f1, 3)] : []),
    fixed(s.mbPerS, 2), fixed(s.pagesPerS, 1), String(s.empty), String(s.errors),
  ];
}

/** One line about snippet scores, or '' when there are none. */
function snippetLine(name: string, s: SnippetSummary | null): string {
  if (!s) return '';
  return (
    `${name}: snippets with ${s.withFound}/${s.withTotal} present (${fixed(s.withShare, 3)}), ` +
    `without ${s.withoutAbsent}/${s.withoutTotal} absent (${fixed(s.withoutShare, 3)}); ` +
    `precision ${fixed(s.precision, 3)}, F1 ${fixed(s.f1, 3)}\n`
  );
}

/**
 * The evaluation table: one row per group and an `all` row; then snippet
 * scores where a group has them. When a page carries a `page_type` (a WCXB
 * dataset) or the rows are page types, a `word F1` column gives the
 * benchmark's own metric.
 * @param report result of `evaluate`
 */
export function formatEvalReport(report: EvalReport): string {
  const names = Object.keys(report.groups);
  const word = report.by === 'page_type' || report.pages.some((p) => p.pageType !== null);
  const rows = names.map((n) => summaryRow(n, report.groups[n]!, word));
  rows.push(summaryRow('all', report.overall, word));
  const header: string[] = [...SUMMARY_HEADER];
  if (word) header.splice(9, 0, 'word F1');
  header[0] = report.by;
  let out = markdownTable(header, rows);
  const snippetLines = names.map((n) => snippetLine(n, report.groups[n]!.snippets)).join('');
  if (snippetLines) out += '\n' + snippetLines;
  out += `\nP/R/F1: mean over pages with gold text; BoW sizes in ${report.unit}; MB = 10^6 bytes of HTML, timed over the extraction call.\n`;
  if (word) out += `word F1: the WCXB metric, F1 of the \\w+ words of the lower-cased texts (${report.bag === 'set' ? 'sets of distinct words' : 'bags with counts'}), mean over pages; empty gold scores 1 for an empty output, else 0.\n`;
  return out;
}

/** P, R, F1 rounded for JSON output (6 decimals). */
function prfJson(p: Prf | null): { precision: number; recall: number; f1: number } | null {
  if (!p) return null;
  const r = (x: number): number => Math.round(x * 1e6) / 1e6;
  return { precision: r(p.precision), recall: r(p.recall), f1: r(p.f1) };
}

/** JSON form of a summary (snake_case keys). */
export function summaryJson(s: Summary): Record<string, unknown> {
  return {
    pages: s.pages,
    scored: s.scored,
    bow: prfJson(s.bow),
    lcs: prfJson(s.lcs),
    word: prfJson(s.word),
    mb_per_s: s.mbPerS === null ? null : Math.round(s.mbPerS * 1000) / 1000,
    pages_per_s: s.pagesPerS === null ? null : Math.round(s.pagesPerS * 100) / 100,
    bytes: s.bytes,
    ms: Math.round(s.ms * 1000) / 1000,
    empty: s.empty,
    errors: s.errors,
    ...(s.snippets
      ? {
          snippets: {
            with_found: s.snippets.withFound, with_total: s.snippets.withTotal,
            without_absent: s.snippets.withoutAbsent, without_total: s.snippets.withoutTotal,
            with_share: s.snippets.withShare, without_share: s.snippets.withoutShare,
            precision: s.snippets.precision, f1: s.snippets.f1,
          },
        }
      : {}),
  };
}

/**
 * The `--json` document: `{ overall: {pages, bow, lcs, mb_per_s, …}, groups: {name: …}, by, unit, missing }`.
 * @param report result of `evaluate`
 * @param extra fields to add at the top level (e.g. algorithm, malformed count)
 */
export function evalReportJson(report: EvalReport, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const groups: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(report.groups)) groups[k] = summaryJson(v);
  return { ...extra, by: report.by, unit: report.unit, word_bag: report.bag, missing: report.missing, overall: summaryJson(report.overall), groups };
}

/** Quote a CSV field when needed (RFC 4180). */
function csvField(v: string): string {
  return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * Per-page CSV: one header line, one line per page.
 * @param pages per-page scores
 */
export function pagesCsv(pages: readonly PageScore[]): string {
  const header = 'id,dataset,site,lang,bytes,ms,gold_tokens,predicted_tokens,lcs_p,lcs_r,lcs_f1,bow_p,bow_r,bow_f1,empty,error,page_type,word_p,word_r,word_f1';
  const lines = pages.map((p) =>
    [
      p.id, p.dataset, p.site, p.lang ?? '', String(p.bytes), p.ms === null ? '' : p.ms.toFixed(3),
      p.goldTokens === null ? '' : String(p.goldTokens), String(p.predictedTokens),
      p.lcs ? p.lcs.precision.toFixed(6) : '', p.lcs ? p.lcs.recall.toFixed(6) : '', p.lcs ? p.lcs.f1.toFixed(6) : '',
      p.bow ? p.bow.precision.toFixed(6) : '', p.bow ? p.bow.recall.toFixed(6) : '', p.bow ? p.bow.f1.toFixed(6) : '',
      p.empty ? '1' : '0', p.error ?? '', p.pageType ?? '',
      p.word ? p.word.precision.toFixed(6) : '', p.word ? p.word.recall.toFixed(6) : '', p.word ? p.word.f1.toFixed(6) : '',
    ]
      .map(csvField)
      .join(','),
  );
  return [header, ...lines].join('\n') + '\n';
}

/**
 * The n scored pages with the lowest LCS F1 (ties: lower BoW F1, then id).
 * @param pages per-page scores
 * @param n how many
 */
export function worstPages(pages: readonly PageScore[], n: number): PageScore[] {
  return pages
    .filter((p) => p.lcs !== null)
    .sort((a, b) => a.lcs!.f1 - b.lcs!.f1 || a.bow!.f1 - b.bow!.f1 || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, Math.max(0, n));
}

/**
 * Table of the worst pages.
 * @param pages result of `worstPages`
 */
export function formatWorstPages(pages: readonly PageScore[]): string {
  const rows = pages.map((p) => [
    p.id, fixed(p.lcs?.precision, 3), fixed(p.lcs?.recall, 3), fixed(p.lcs?.f1, 3), fixed(p.bow?.f1, 3),
    String(p.goldTokens ?? '-'), String(p.predictedTokens), p.error ? `error: ${p.error}` : p.empty ? 'empty' : '',
  ]);
  return markdownTable(['worst pages', 'LCS P', 'LCS R', 'LCS F1', 'BoW F1', 'gold tok', 'out tok', 'note'], rows);
}

/**
 * Cross-validation table in the manner of FAR-SW Table 10: one row per site
 * (folds, pages, ms/page, F1 of both metrics), the mean over sites and the
 * figures over all test pages.
 * @param report result of `crossValidate`
 */
export function formatCrossValidation(report: CrossValidationReport): string {
  const header = [report.groupBy, 'folds', 'pages', 'ms/page', 'LCS P', 'LCS R', 'LCS F1', 'BoW P', 'BoW R', 'BoW F1'];
  const row = (name: string, folds: string, s: Summary): string[] => [
    name, folds, String(s.pages), fixed(s.pagesPerS ? 1000 / s.pagesPerS : null, 2),
    fixed(s.lcs?.precision, 3), fixed(s.lcs?.recall, 3), fixed(s.lcs?.f1, 3),
    fixed(s.bow?.precision, 3), fixed(s.bow?.recall, 3), fixed(s.bow?.f1, 3),
  ];
  const rows = report.groups.map((g) => row(g.group, String(g.folds), g.summary));
  const m = report.meanOverGroups;
  rows.push([
    `mean of ${report.groups.filter((g) => g.summary.scored > 0).length}`, '', '', fixed(m.msPerPage, 2),
    fixed(m.lcs?.precision, 3), fixed(m.lcs?.recall, 3), fixed(m.lcs?.f1, 3),
    fixed(m.bow?.precision, 3), fixed(m.bow?.recall, 3), fixed(m.bow?.f1, 3),
  ]);
  rows.push(row('all pages', '', report.overall));
  const what =
    report.mode === 'intra-site'
      ? `${report.mode}: ${report.folds}-fold within each ${report.groupBy}`
      : `${report.mode}: leave-one-${report.groupBy}-out`;
  let out = `${what}, ${report.groupBy}s with ≥ ${report.minPages} pages, seed ${report.seed}\n\n`;
  out += markdownTable(header, rows);
  const noHost = report.skipped.filter((s) => s.group.endsWith('(pages without a host)'));
  const small = report.skipped.filter((s) => !noHost.includes(s));
  if (small.length) {
    const pages = small.reduce((a, s) => a + s.pages, 0);
    out += `\n${small.length} ${report.groupBy}s (${pages} pages) below --min-pages not tested.\n`;
  }
  if (noHost.length) {
    out += `${noHost.reduce((a, s) => a + s.pages, 0)} pages without a host (${noHost.map((s) => s.group.replace(' (pages without a host)', '')).join(', ')}) are no site: not tested.\n`;
  }
  return out;
}

/**
 * JSON form of a cross-validation report.
 * @param report result of `crossValidate`
 * @param extra top-level fields to add
 */
export function crossValidationJson(report: CrossValidationReport, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const groups: Record<string, unknown> = {};
  for (const g of report.groups) groups[g.group] = { folds: g.folds, ...summaryJson(g.summary) };
  return {
    ...extra,
    cv: report.mode, by: report.groupBy, folds: report.folds, min_pages: report.minPages, seed: report.seed, unit: report.unit,
    mean_over_groups: { lcs: prfJson(report.meanOverGroups.lcs), bow: prfJson(report.meanOverGroups.bow), ms_per_page: report.meanOverGroups.msPerPage },
    overall: summaryJson(report.overall),
    groups,
    skipped: report.skipped,
  };
}
