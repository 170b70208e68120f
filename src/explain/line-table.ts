/**
 * The terminal view of an explanation: one row per line with the numbers that
 * decided it. Columns: line index, T (content), S (code), smoothed diff,
 * topical (`+` = a rule fired), the score of the window holding the line
 * (`*` after it when the window passed β), out (`✓` chosen, `tpl` a template line
 * of the model, never kept, `mut` left out by the learned mute, `.` dropped), the model stage that decided it (`by`: its
 * name, extract/stages/index.ts; `-` for the DANA core alone), and the line's text (`[title]` before the
 * heading that repeats the page title), cut to the terminal width. Control characters in page text are replaced.
 */
import { decisionOf, type ExplainData } from './explain.js';
import { terminalSafe, truncate } from './escape.js';

/** Options of {@link renderLineTable}. */
export interface LineTableOptions {
  /** Terminal width in characters (default 100); the text column takes what is left. */
  readonly width: number;
}

/** Width of the `by` column: the longest name of a stage that decides lines (`title-container`). */
const BY_WIDTH = 15;

const pad = (s: string, w: number): string => (s.length >= w ? s : ' '.repeat(w - s.length) + s);

/**
 * Rows for the lines `from..to` (inclusive, clipped to the page), or for an explicit list of line indices.
 * @returns the table as text, one row per line and a header, each row ending in `\n`
 */
export function renderLineTable(data: ExplainData, from: number | readonly number[], to: number = typeof from === 'number' ? from : 0, options: Partial<LineTableOptions> = {}): string {
  const width = options.width ?? 100;
  let lines: readonly number[];
  if (typeof from === 'number') {
    const a = Math.max(0, from), b = Math.min(data.lineCount - 1, to);
    lines = Array.from({ length: Math.max(0, b - a + 1) }, (_, k) => a + k);
  } else lines = from;
  const lw = Math.max(4, String(Math.max(0, data.lineCount - 1)).length);
  const cells = (line: string, t: string, s: string, diff: string, top: string, win: string, out: string, by: string) =>
    `${pad(line, lw)} ${pad(t, 6)} ${pad(s, 6)} ${pad(diff, 7)} ${pad(top, 3)} ${pad(win, 7)} ${pad(out, 3)} ${by.padEnd(BY_WIDTH)} `;
  const head = cells('line', 'T', 'S', 'diff', 'top', 'window', 'out', 'by');
  const textWidth = Math.max(10, width - head.length);
  const rows = [head + 'text'];
  for (const i of lines) {
    if (i < 0 || i >= data.lineCount) continue;
    const w = data.windowOf[i]!;
    const win = w < 0 ? '-' : data.windows[w]!.score.toFixed(2) + (data.beta !== null && data.windows[w]!.score > data.beta ? '*' : ' ');
    const top = data.topical ? (data.topical[i] ? '+' : '.') : '-';
    const out = data.chosenMask[i] ? '✓' : data.template?.[i] ? 'tpl' : data.mutedBy?.(i) ? 'mut' : '.';
    rows.push(cells(String(i), String(data.content[i]), String(data.code[i]), String(Math.round(data.diff[i]!)), top, win, out, decisionOf(data, i)?.stage ?? '-') +
      truncate((i === data.titleLine ? '[title] ' : '') + terminalSafe(data.texts[i] ?? ''), textWidth));
  }
  return rows.join('\n') + '\n';
}
