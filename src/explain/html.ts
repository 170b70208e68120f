/**
 * The explanation as a standalone HTML page: the SVG picture, then a table of
 * every line (index, chosen, the model stage that decided it and why, topical, window score, T, S, diff, eq. 4 score, text).
 * Page text is hostile: everything is escaped, and a Content-Security-Policy
 * forbids scripts and remote loads should anything slip through.
 */
import { decisionOf, type ExplainData } from './explain.js';
import { escapeMarkup, truncate } from './escape.js';
import { renderSvg, type SvgOptions } from './svg.js';
import { summarize } from './explain.js';

/** Options of {@link renderHtml}. */
export interface HtmlOptions extends SvgOptions {
  /** Longest line text shown in the table, in characters (default 200). */
  readonly maxTextChars: number;
}

const STYLE = `body{font-family:sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;font-size:12px}th,td{padding:2px 6px;border-bottom:1px solid #eee;text-align:right;vertical-align:top}
td.text{text-align:left;max-width:60em}td.by{text-align:left;white-space:nowrap}tr.chosen td.out{color:#1a9850;font-weight:bold}tr.chosen{background:#f1faf3}
tr.topical td.top{color:#c51b7d;font-weight:bold}tr:target{outline:2px solid #1f5fbf}.svg{overflow-x:auto}th{position:sticky;top:0;background:#fff}`;

/**
 * Render the explanation as an HTML document.
 * @returns UTF-8 HTML text (no scripts, no external resources)
 */
export function renderHtml(data: ExplainData, options: Partial<HtmlOptions> = {}): string {
  const max = options.maxTextChars ?? 200;
  const svgOptions: Partial<SvgOptions> = {
    ...(options.maxColumns !== undefined ? { maxColumns: options.maxColumns } : {}),
    ...(options.scale !== undefined ? { scale: options.scale } : {}),
    table: '', // the picture's blocks and line numbers link to the rows below
  };
  const rows: string[] = [];
  for (let i = 0; i < data.lineCount; i++) {
    const w = data.windowOf[i]!;
    const win = w < 0 ? '' : data.windows[w]!.score.toFixed(2) + (data.beta !== null && data.windows[w]!.score > data.beta ? ' ✓' : '');
    const topical = data.topical?.[i] === 1;
    const cls = [data.chosenMask[i] ? 'chosen' : '', topical ? 'topical' : ''].filter(Boolean).join(' ');
    const by = decisionOf(data, i);
    rows.push(`<tr${cls ? ` class="${cls}"` : ''} id="l${i}"><td>${i}</td><td class="out">${data.chosenMask[i] ? '✓' : data.template?.[i] ? 'template' : ''}</td>` +
      `<td class="by"${by ? ` title="${escapeMarkup(by.reason)}"` : ''}>${by ? `${by.step} ${escapeMarkup(by.stage)}` : ''}</td>` +
      `<td class="top">${data.topical ? (topical ? '●' : '') : '–'}</td><td>${win}</td><td>${data.content[i]}</td><td>${data.code[i]}</td>` +
      `<td>${Math.round(data.diff[i]!)}</td><td>${data.lineScore ? data.lineScore[i]!.toFixed(2) : ''}</td>` +
      `<td class="text">${escapeMarkup(truncate(data.texts[i] ?? '', max))}</td></tr>`);
  }
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>farsw explain: ${escapeMarkup(data.url ?? data.method)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>farsw explain</h1>
<p>${escapeMarkup(summarize(data))}${data.url ? `<br>${escapeMarkup(data.url)}` : ''}</p>
<div class="svg">
${renderSvg(data, svgOptions)}</div>
<table id="lines">
<thead><tr><th>line</th><th>chosen</th><th title="the model stage that last kept or dropped the line (its reason on hover)">decided by</th><th title="a rule says the line is content">rule says content</th><th title="score of the window holding the line; ✓ above β">window score</th><th title="characters of visible text (T)">text</th><th title="characters of markup (S)">markup</th><th title="smoothed text − markup (DANA formula 1)">smoothed difference</th><th title="FAR-SW eq. 4">line score</th><th style="text-align:left">text of the line</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</body>
</html>
`;
}
