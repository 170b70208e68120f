/**
 * The DANA-style picture of an explained page (seed 003's figures, with FAR-SW's
 * decisions added), as a standalone SVG string. x = line index. From the top:
 * - tracks: lines finally chosen; DANA regions (diff > 0) and the ones Algorithm 1
 *   chose, the region it started from outlined and the title line as a tick; topical lines (a rule fired); the model's template lines; for a model run, the Step 7 windows
 *   drawn as bars of their eq. 5 score, with the cutoff β as a dashed line;
 * - the main plot: T (content) above and S (code) below the axis as bars, the
 *   smoothed diff (formula 1) as a line, chosen lines shaded;
 * - the x axis (line index) and a legend.
 *
 * Long pages: at most `maxColumns` pixel columns; a column then aggregates
 * several lines (bars show the column's maximum, the diff line its min..max,
 * tracks mark a column when any of its lines is marked), so the file stays
 * small (≈ 100 kB at 10,000+ lines). Chosen blocks and windows keep their exact
 * line ranges in `data-start`/`data-end` (exclusive end) attributes.
 */
import type { Block } from '../core/types.js';
import type { ExplainData } from './explain.js';
import { escapeMarkup } from './escape.js';

/** Options of {@link renderSvg}. */
export interface SvgOptions {
  /** Widest plot in pixel columns; longer pages aggregate lines per column (default 1600). */
  readonly maxColumns: number;
  /** Vertical scale of bars and diff: signed square root (default, tames outliers) or linear. */
  readonly scale: 'sqrt' | 'linear';
}

const SVG_DEFAULTS: SvgOptions = Object.freeze({ maxColumns: 1600, scale: 'sqrt' as const });

const COLOR = Object.freeze({
  content: '#4575b4', code: '#f46d43', diff: '#111111', chosen: '#1a9850', region: '#fee090', danaChosen: '#d8a400',
  topical: '#c51b7d', template: '#636363', windowKept: '#762a83', windowDropped: '#bdbdbd', beta: '#d73027', axis: '#555555', grid: '#dddddd', title: '#2b2b8f',
});

const LEFT = 96, RIGHT = 44, TRACK_H = 12, TRACK_GAP = 6, STRIP_H = 72, PLOT_HALF = 110, MAX_PX_PER_LINE = 12, MIN_PLOT = 640;

/** A number rounded for coordinates (one decimal). */
const r1 = (v: number): number => Math.round(v * 10) / 10;

/** A step of 1, 2 or 5 × 10^k giving about `target` ticks over `span`. */
function niceStep(span: number, target: number): number {
  const raw = Math.max(1, span / target);
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/** Geometry shared by the parts of the picture. */
interface Frame {
  readonly n: number;
  readonly cols: number;
  /** Pixels per column. */
  readonly px: number;
  readonly width: number;
  /** x of the left edge of line `i` (i = n: right edge of the plot). */
  x(i: number): number;
  /** First line of column `c` (c = cols: n). */
  colStart(c: number): number;
}

function frame(n: number, maxColumns: number): Frame {
  const cols = Math.max(1, Math.min(n, maxColumns));
  const px = n > 0 && n <= maxColumns ? Math.max(1, Math.min(Math.floor(maxColumns / n), Math.max(MAX_PX_PER_LINE, Math.floor(MIN_PLOT / n)))) : 1;
  const plot = cols * px;
  return {
    n, cols, px, width: Math.max(LEFT + plot + RIGHT, 760),
    x: (i) => LEFT + (n > 0 ? (i * plot) / n : 0),
    colStart: (c) => Math.floor((c * n) / cols),
  };
}

/** Runs of columns holding any marked line, as `[startLine, endLine)` spans. */
function columnRuns(f: Frame, marked: (from: number, to: number) => boolean): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let open = -1;
  for (let c = 0; c <= f.cols; c++) {
    const on = c < f.cols && marked(f.colStart(c), f.colStart(c + 1));
    if (on && open < 0) open = c;
    else if (!on && open >= 0) { runs.push([f.colStart(open), f.colStart(c)]); open = -1; }
  }
  return runs;
}

/** Does a sorted, disjoint block list intersect `[from, to)`? (`cursor` advances monotonically.) */
function blockCursor(blocks: readonly { start: number; end: number }[]): (from: number, to: number) => boolean {
  let k = 0;
  return (from, to) => {
    while (k < blocks.length && blocks[k]!.end <= from) k++;
    return k < blocks.length && blocks[k]!.start < to;
  };
}

function rect(f: Frame, start: number, end: number, y: number, h: number, fill: string, extra = ''): string {
  const x0 = f.x(start);
  return `<rect x="${r1(x0)}" y="${r1(y)}" width="${r1(Math.max(1, f.x(end) - x0))}" height="${r1(h)}" fill="${fill}"${extra}/>`;
}

/** A track marking the lines where `mask` is set (class and label `name`). */
function maskTrack(f: Frame, y: number, name: string, mask: ArrayLike<number>, fill: string): string {
  const any = (from: number, to: number) => { for (let i = from; i < to; i++) if (mask[i]) return true; return false; };
  const parts = [`<g class="track-${name}">`, trackLabel(y, name)];
  for (const [s, e] of columnRuns(f, any)) parts.push(rect(f, s, e, y, TRACK_H, fill, ` class="${name}"`));
  parts.push('</g>');
  return parts.join('');
}

function trackLabel(y: number, label: string): string {
  return `<text x="${LEFT - 8}" y="${r1(y + TRACK_H - 2)}" text-anchor="end">${escapeMarkup(label)}</text>`;
}

/** Title lines: method, summary counts, URL. */
function header(data: ExplainData, f: Frame, scale: string): string {
  let chosenLines = 0;
  for (const b of data.chosen) chosenLines += b.end - b.start;
  const title = `${data.method}${data.mode ? ` · mode ${data.mode}` : ''} · ${data.lineCount} lines · ${chosenLines} chosen in ${data.chosen.length} block${data.chosen.length === 1 ? '' : 's'}${data.fallback ? ` · no window passed β: best ${data.fallbackKept ? 'kept' : 'left out (link-dense)'}` : ''}`;
  const lpc = f.n > f.cols ? ` · ${(f.n / f.cols).toFixed(1)} lines per pixel column` : '';
  const sub = `${data.url ? `${data.url} · ` : ''}T/S: ${data.variant === 'dana' ? 'non-ASCII / ASCII bytes' : data.variant === 'addanag' ? 'content / code characters (links normalised)' : 'content / code characters'} · ${scale} scale${lpc}`;
  return `<text x="${LEFT}" y="20" class="title">${escapeMarkup(title)}</text>\n<text x="${LEFT}" y="38" class="sub">${escapeMarkup(sub)}</text>`;
}

function blockTitle(b: Block, what: string): string {
  return `<title>lines ${b.start}–${b.end - 1} ${escapeMarkup(what)}</title>`;
}

/** The window score strip: a bar per window from 0 to its score, β dashed. */
function windowStrip(data: ExplainData, f: Frame, top: number): string {
  const beta = data.beta ?? 0;
  let lo = 0, hi = Math.max(beta * 1.3, 0.5);
  for (const w of data.windows) { lo = Math.min(lo, w.score); hi = Math.max(hi, w.score); }
  const y = (s: number) => top + STRIP_H - ((s - lo) / (hi - lo)) * STRIP_H;
  const out: string[] = [`<g class="windows">`, trackLabel(top + STRIP_H / 2 - TRACK_H / 2, 'window score')];
  out.push(`<line x1="${LEFT}" x2="${r1(f.x(f.n))}" y1="${r1(y(0))}" y2="${r1(y(0))}" stroke="${COLOR.grid}"/>`);
  for (const w of data.windows) {
    const kept = w.score > beta;
    const y0 = y(Math.max(0, w.score)), y1 = y(Math.min(0, w.score));
    const attrs = ` class="window${kept ? ' kept' : ''}" data-start="${w.start}" data-end="${w.end}" data-score="${w.score.toFixed(3)}" fill-opacity="0.75"`;
    out.push(rect(f, w.start, w.end, y0, Math.max(1, y1 - y0), kept ? COLOR.windowKept : COLOR.windowDropped, attrs).replace('/>', `>${blockTitle(w, `window score ${w.score.toFixed(2)}${kept ? ' > β' : ' ≤ β'}`)}</rect>`));
    if (f.x(w.end) - f.x(w.start) >= 30) {
      out.push(`<text x="${r1((f.x(w.start) + f.x(w.end)) / 2)}" y="${r1(Math.min(y0, y(beta)) - 3)}" text-anchor="middle" class="score">${w.score.toFixed(2)}</text>`);
    }
  }
  out.push(`<line x1="${LEFT}" x2="${r1(f.x(f.n))}" y1="${r1(y(beta))}" y2="${r1(y(beta))}" stroke="${COLOR.beta}" stroke-dasharray="5 3"/>`);
  out.push(`<text x="${r1(f.x(f.n) + 3)}" y="${r1(y(beta) + 4)}" class="beta" fill="${COLOR.beta}">β ${beta}</text>`);
  out.push('</g>');
  return out.join('\n');
}

/** T above, S below the axis (bars), the smoothed diff (line), chosen lines shaded. */
function mainPlot(data: ExplainData, f: Frame, axisY: number, scale: 'sqrt' | 'linear'): string {
  const t = scale === 'sqrt' ? (v: number) => Math.sign(v) * Math.sqrt(Math.abs(v)) : (v: number) => v;
  const colMax = (a: ArrayLike<number>, c: number) => {
    let m = 0;
    for (let i = f.colStart(c); i < f.colStart(c + 1); i++) m = Math.max(m, a[i]!);
    return m;
  };
  let top = 1;
  for (let i = 0; i < f.n; i++) top = Math.max(top, data.content[i]!, data.code[i]!, Math.abs(data.diff[i]!));
  const k = PLOT_HALF / t(top);
  const y = (v: number) => axisY - t(v) * k;
  const out: string[] = ['<g class="plot">'];
  for (const b of data.chosen) out.push(rect(f, b.start, b.end, axisY - PLOT_HALF, 2 * PLOT_HALF, COLOR.chosen, ' fill-opacity="0.10"'));
  const up: string[] = [], down: string[] = [], diff: string[] = [];
  for (let c = 0; c < f.cols; c++) {
    const xc = r1(LEFT + c * f.px + f.px / 2);
    const tc = colMax(data.content, c), sc = colMax(data.code, c);
    if (tc > 0) up.push(`M${xc} ${axisY}V${r1(y(tc))}`);
    if (sc > 0) down.push(`M${xc} ${axisY}V${r1(y(-sc))}`);
    let lo = Infinity, hi = -Infinity;
    for (let i = f.colStart(c); i < f.colStart(c + 1); i++) { lo = Math.min(lo, data.diff[i]!); hi = Math.max(hi, data.diff[i]!); }
    if (hi === -Infinity) continue;
    diff.push(`${xc},${r1(y(hi))}`);
    if (lo !== hi) diff.push(`${xc},${r1(y(lo))}`);
  }
  const w = Math.max(1, f.px - (f.px >= 4 ? 1 : 0));
  if (up.length) out.push(`<path class="content" d="${up.join('')}" stroke="${COLOR.content}" stroke-width="${w}"/>`);
  if (down.length) out.push(`<path class="code" d="${down.join('')}" stroke="${COLOR.code}" stroke-width="${w}"/>`);
  out.push(`<line x1="${LEFT}" x2="${r1(f.x(f.n))}" y1="${axisY}" y2="${axisY}" stroke="${COLOR.axis}"/>`);
  if (diff.length) out.push(`<polyline class="diff" points="${diff.join(' ')}" fill="none" stroke="${COLOR.diff}" stroke-width="1.2" stroke-linejoin="round"/>`);
  // y labels: the largest value at both ends of the scale
  out.push(`<text x="${LEFT - 8}" y="${axisY - PLOT_HALF + 10}" text-anchor="end">${Math.round(top)}</text>`);
  out.push(`<text x="${LEFT - 8}" y="${axisY + 4}" text-anchor="end">0</text>`);
  out.push(`<text x="${LEFT - 8}" y="${axisY + PLOT_HALF}" text-anchor="end">${Math.round(top)}</text>`);
  out.push(`<text x="${LEFT - 8}" y="${axisY - PLOT_HALF / 2}" text-anchor="end" class="axis-name">T content ↑</text>`);
  out.push(`<text x="${LEFT - 8}" y="${axisY + PLOT_HALF / 2}" text-anchor="end" class="axis-name">S code ↓</text>`);
  out.push('</g>');
  return out.join('\n');
}

function xAxis(f: Frame, y: number): string {
  const out: string[] = ['<g class="x-axis">'];
  out.push(`<line x1="${LEFT}" x2="${r1(f.x(f.n))}" y1="${y}" y2="${y}" stroke="${COLOR.axis}"/>`);
  const plotWidth = f.x(f.n) - LEFT;
  const step = niceStep(f.n, Math.max(2, Math.floor(plotWidth / 70)));
  for (let i = 0; i <= f.n; i += step) {
    const x = r1(f.x(i) + (f.n <= f.cols ? f.px / 2 : 0));
    out.push(`<line x1="${x}" x2="${x}" y1="${y}" y2="${y + 4}" stroke="${COLOR.axis}"/><text x="${x}" y="${y + 16}" text-anchor="middle">${i}</text>`);
  }
  out.push(`<text x="${r1(LEFT + plotWidth / 2)}" y="${y + 32}" text-anchor="middle" class="axis-name">line index</text>`);
  out.push('</g>');
  return out.join('\n');
}

/** The legend, wrapped to the picture's width; `rows` = number of rows. */
function legend(data: ExplainData, f: Frame, y: number): { svg: string; rows: number } {
  const items: Array<[string, string, 'bar' | 'line' | 'dash']> = [
    ['chosen', COLOR.chosen, 'bar'], ['T content', COLOR.content, 'bar'], ['S code', COLOR.code, 'bar'],
    ['smoothed diff', COLOR.diff, 'line'], ['DANA region', COLOR.region, 'bar'], ['DANA chosen', COLOR.danaChosen, 'bar'],
  ];
  if (data.topical) {
    items.push(['topical (rule fired)', COLOR.topical, 'bar'], ['window > β', COLOR.windowKept, 'bar'],
      ['window ≤ β', COLOR.windowDropped, 'bar'], ['cutoff β', COLOR.beta, 'dash']);
  }
  if (data.template) items.push(['template line (never kept)', COLOR.template, 'bar']);
  if (data.titleLine >= 0) items.push(['title line, DANA start (outlined)', COLOR.title, 'bar']);
  const out: string[] = ['<g class="legend">'];
  let x = LEFT, row = 0;
  for (const [label, color, kind] of items) {
    const w = 26 + label.length * 6.6;
    if (x + w > f.width - 8 && x > LEFT) { x = LEFT; row++; }
    const yy = y + row * 18;
    if (kind === 'bar') out.push(`<rect x="${r1(x)}" y="${yy - 9}" width="14" height="10" fill="${color}"/>`);
    else out.push(`<line x1="${r1(x)}" x2="${r1(x + 14)}" y1="${yy - 4}" y2="${yy - 4}" stroke="${color}" stroke-width="2"${kind === 'dash' ? ' stroke-dasharray="4 2"' : ''}/>`);
    out.push(`<text x="${r1(x + 18)}" y="${yy}">${escapeMarkup(label)}</text>`);
    x += w;
  }
  out.push('</g>');
  return { svg: out.join('\n'), rows: row + 1 };
}

/**
 * Render the explanation as a standalone SVG document.
 * @returns UTF-8 SVG text; every chosen block is a `<rect class="chosen" data-start data-end>`
 */
export function renderSvg(data: ExplainData, options: Partial<SvgOptions> = {}): string {
  const o = { ...SVG_DEFAULTS, ...options };
  const f = frame(data.lineCount, o.maxColumns);
  const parts: string[] = [header(data, f, o.scale)];
  let y = 56;
  // Track: lines chosen (exact blocks).
  parts.push('<g class="track-chosen">', trackLabel(y, 'chosen'));
  for (const b of data.chosen) {
    parts.push(rect(f, b.start, b.end, y, TRACK_H, COLOR.chosen, ` class="chosen" data-start="${b.start}" data-end="${b.end}"`).replace('/>', `>${blockTitle(b, 'chosen')}</rect>`));
  }
  parts.push('</g>');
  y += TRACK_H + TRACK_GAP;
  // Track: DANA regions and the chosen ones.
  parts.push('<g class="track-dana">', trackLabel(y, 'DANA'));
  for (const [s, e] of columnRuns(f, blockCursor(data.regions))) parts.push(rect(f, s, e, y, TRACK_H, COLOR.region));
  for (const b of data.danaBlocks) parts.push(rect(f, b.start, b.end, y + 3, TRACK_H - 6, COLOR.danaChosen, ` class="dana-chosen" data-start="${b.start}" data-end="${b.end}"`));
  // Where Algorithm 1 started (outlined) and the heading that anchored it (a tick).
  const start = data.regions[data.startRegion];
  if (start) parts.push(rect(f, start.start, start.end, y, TRACK_H, 'none', ` class="dana-start" stroke="${COLOR.title}" stroke-width="1.5" data-start="${start.start}" data-end="${start.end}"`));
  if (data.titleLine >= 0) parts.push(rect(f, data.titleLine, data.titleLine + 1, y - 3, TRACK_H + 6, COLOR.title, ` class="title-line" data-line="${data.titleLine}"`));
  parts.push('</g>');
  y += TRACK_H + TRACK_GAP;
  if (data.topical) {
    parts.push(maskTrack(f, y, 'topical', data.topical, COLOR.topical));
    y += TRACK_H + TRACK_GAP;
    if (data.template) {
      parts.push(maskTrack(f, y, 'template', data.template, COLOR.template));
      y += TRACK_H + TRACK_GAP;
    }
    y += 8;
    parts.push(windowStrip(data, f, y));
    y += STRIP_H + TRACK_GAP;
  }
  const axisY = y + 8 + PLOT_HALF;
  if (data.lineCount > 0) parts.push(mainPlot(data, f, axisY, o.scale));
  else parts.push(`<text x="${LEFT}" y="${axisY}">the page has no lines</text>`);
  const xAxisY = axisY + PLOT_HALF + 8;
  parts.push(xAxis(f, xAxisY));
  const legendY = xAxisY + 56;
  const { svg: legendSvg, rows } = legend(data, f, legendY);
  parts.push(legendSvg);
  const height = legendY + 18 * rows + 8;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${r1(f.width)}" height="${height}" viewBox="0 0 ${r1(f.width)} ${height}" font-family="sans-serif" font-size="11">`,
    '<style>.title{font-size:14px;font-weight:bold}.sub{fill:#555}.score{font-size:10px;fill:#333}.axis-name{fill:#333;font-style:italic}.beta{font-size:10px}</style>',
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
