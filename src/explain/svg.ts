/**
 * The picture of an explained page (DANA's figures, seed 003, with FAR-SW's decisions added),
 * as a standalone SVG string, drawn for readers who do not know DANA: plain words in the
 * labels and the legend, units on both axes, one legend entry for each kind of mark drawn
 * (and none for marks not drawn), a one-line note each on what a window score and β are,
 * and links from blocks and line numbers to the rows of the HTML line table. x = line number.
 * From the top:
 * - title lines (wrapped to the picture's width);
 * - tracks: the lines chosen; the text-rich runs (DANA regions: smoothed difference > 0), the ones
 *   DANA kept, the run it started from (outlined) and the headline line (a tick); the lines the rules
 *   call content; the model's site-boilerplate lines; for a model run, the windows drawn as bars of
 *   their score, with the cutoff β as a dashed line;
 * - the main plot: text characters above and markup characters below the axis as bars, the smoothed
 *   difference (DANA formula 1) as a line, chosen lines shaded;
 * - the x axis (line number), the legend and the notes.
 *
 * Long pages: at most `maxColumns` pixel columns; a column then aggregates several lines (bars show
 * the column's maximum, the difference line its min..max, tracks mark a column when any of its lines
 * is marked), so the file stays small (≈ 100 kB at 10,000+ lines). Chosen blocks and windows keep
 * their exact line ranges in `data-start`/`data-end` (exclusive end) attributes.
 */
import type { Block } from '../core/types.js';
import { pageTypeWords, type ExplainData } from './explain.js';
import { escapeMarkup } from './escape.js';

/** Options of {@link renderSvg}. */
export interface SvgOptions {
  /** Widest plot in pixel columns; longer pages aggregate lines per column (default 1600). */
  readonly maxColumns: number;
  /** Vertical scale of bars and difference: signed square root (default, tames outliers) or linear. */
  readonly scale: 'sqrt' | 'linear';
  /**
   * Where the line table is: blocks and line numbers link to `${table}#lN` (row N of `renderHtml`'s table).
   * `''` = the same document (the SVG inside `renderHtml`); undefined = no table, no links (a note says how to get one).
   */
  readonly table?: string;
}

const SVG_DEFAULTS: SvgOptions = Object.freeze({ maxColumns: 1600, scale: 'sqrt' as const });

const COLOR = Object.freeze({
  content: '#4575b4', code: '#f46d43', diff: '#111111', chosen: '#1a9850', region: '#fee090', danaChosen: '#d8a400',
  topical: '#c51b7d', template: '#636363', windowKept: '#762a83', windowDropped: '#bdbdbd', beta: '#d73027', axis: '#555555', grid: '#e4e4e4', title: '#2b2b8f',
});

/** Opacity of the chosen lines' shading in the main plot. */
const SHADE = 0.12;
const LEFT = 150, RIGHT = 50, TRACK_H = 12, TRACK_GAP = 6, STRIP_H = 72, PLOT_HALF = 110, MAX_PX_PER_LINE = 12, MIN_PLOT = 640, MIN_WIDTH = 820;
/** Average advance of sans-serif text, in em, used to wrap and place text (DejaVu Sans: ≈ 0.55 regular, ≈ 0.63 bold; kept on the wide side). */
const EM_REGULAR = 0.56, EM_BOLD = 0.66;
const FONT = 11, TITLE_FONT = 14;

/** A number rounded for coordinates (one decimal). */
const r1 = (v: number): number => Math.round(v * 10) / 10;

/** Estimated width in pixels of `text` at `size` px. */
const textWidth = (text: string, size = FONT, em = EM_REGULAR): number => Array.from(text).length * size * em;

/** A step of 1, 2 or 5 × 10^k giving about `target` ticks over `span`. */
function niceStep(span: number, target: number): number {
  const raw = Math.max(1, span / target);
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/** The largest 1, 2 or 5 × 10^k not above `v` (v ≥ 1). */
function niceFloor(v: number): number {
  const p = 10 ** Math.floor(Math.log10(v));
  const m = v / p;
  return (m >= 5 ? 5 : m >= 2 ? 2 : 1) * p;
}

/** Words of `text` wrapped into lines at most `width` px wide (a word longer than that gets a line of its own). */
function wrap(text: string, width: number, size = FONT, em = EM_REGULAR): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && textWidth(next, size, em) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
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
    n, cols, px, width: Math.max(LEFT + plot + RIGHT, MIN_WIDTH),
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

/** `svg` as a link to row `line` of the line table, when there is one. */
function linked(svg: string, line: number, table: string | undefined): string {
  return table === undefined ? svg : `<a href="${escapeMarkup(table)}#l${line}">${svg}</a>`;
}

/** A rect with a tooltip (`<title>`) for lines `b`, linked to the table's first row of it. */
function blockRect(f: Frame, b: Block, y: number, h: number, fill: string, extra: string, what: string, table: string | undefined): string {
  const title = `<title>lines ${b.start}–${b.end - 1} ${escapeMarkup(what)}${table !== undefined ? ' (click: the line table)' : ''}</title>`;
  return linked(rect(f, b.start, b.end, y, h, fill, extra).replace('/>', `>${title}</rect>`), b.start, table);
}

/** A track marking the lines where `mask` is set (class `name`, label `label`). */
function maskTrack(f: Frame, y: number, name: string, label: string, mask: ArrayLike<number>, fill: string): string {
  const any = (from: number, to: number) => { for (let i = from; i < to; i++) if (mask[i]) return true; return false; };
  const parts = [`<g class="track-${name}">`, trackLabel(y, label)];
  for (const [s, e] of columnRuns(f, any)) parts.push(rect(f, s, e, y, TRACK_H, fill, ` class="${name}"`));
  parts.push('</g>');
  return parts.join('');
}

function trackLabel(y: number, label: string): string {
  return `<text x="${LEFT - 8}" y="${r1(y + TRACK_H - 2)}" text-anchor="end">${escapeMarkup(label)}</text>`;
}

/** Does `mask` have a set entry? */
const anySet = (mask: ArrayLike<number> | null | undefined): boolean => {
  if (!mask) return false;
  for (let i = 0; i < mask.length; i++) if (mask[i]) return true;
  return false;
};

/** Title lines (method, counts, what happened) and a sub-title (URL, units, scale), wrapped to the width; returns the y below them. */
function header(data: ExplainData, f: Frame, scale: string): { svg: string; bottom: number } {
  let chosenLines = 0;
  for (const b of data.chosen) chosenLines += b.end - b.start;
  const fell = data.fallback ? ` · no window scored above β: the best one was ${data.fallbackKept ? 'kept' : 'left out (mostly link text)'}` : '';
  const title = `${data.method}${data.mode ? ` · mode ${data.mode}` : ''}${data.pageType ? ` · ${pageTypeWords(data.pageType, data.strategy)}` : ''} · ${data.lineCount} lines · ${chosenLines} chosen in ${data.chosen.length} block${data.chosen.length === 1 ? '' : 's'}${fell}`;
  const lpc = f.n > f.cols ? ` · ${(f.n / f.cols).toFixed(1)} lines per pixel column` : '';
  const sub = `${data.url ? `${data.url} · ` : ''}text and markup counted as ${unitOf(data)} · ${scale === 'sqrt' ? 'square-root' : 'linear'} vertical scale${lpc}`;
  const width = f.width - 24;
  const out: string[] = [];
  let y = 20;
  for (const line of wrap(title, width, TITLE_FONT, EM_BOLD)) { out.push(`<text x="12" y="${y}" class="title">${escapeMarkup(line)}</text>`); y += 18; }
  for (const line of wrap(sub, width)) { out.push(`<text x="12" y="${y}" class="sub">${escapeMarkup(line)}</text>`); y += 15; }
  return { svg: out.join('\n'), bottom: y };
}

/** What T and S count, in words. */
function unitOf(data: ExplainData): string {
  return data.variant === 'dana' ? 'bytes (text: non-ASCII bytes; markup: ASCII bytes)'
    : data.variant === 'addanag' ? 'characters (link text counted as markup)' : 'characters';
}

/** The per-line unit of the main plot's axis. */
const axisUnit = (data: ExplainData): string => (data.variant === 'dana' ? 'bytes per line' : 'characters per line');

/** The window score strip: a bar per window from 0 to its score, β dashed, y ticks at 0 and the top. */
function windowStrip(data: ExplainData, f: Frame, top: number, table: string | undefined): string {
  const beta = data.beta ?? 0;
  const evidence = data.windowScore === 'evidence';
  let lo = 0, hi = evidence ? 1 : Math.max(beta * 1.3, 0.5);
  for (const w of data.windows) { lo = Math.min(lo, w.score); hi = Math.max(hi, w.score); }
  const y = (s: number) => top + STRIP_H - ((s - lo) / (hi - lo)) * STRIP_H;
  const out: string[] = [`<g class="windows">`, trackLabel(top + STRIP_H / 2 - TRACK_H - 2, 'window score'),
    `<text x="${LEFT - 22}" y="${r1(top + STRIP_H / 2 + 10)}" text-anchor="end" class="unit">(${evidence ? '0 to 1' : 'eq. 5, 0 to 3'})</text>`];
  for (const v of lo < 0 ? [lo, 0, hi] : [0, hi]) {
    out.push(`<text x="${LEFT - 4}" y="${r1(y(v) + 3)}" text-anchor="end" class="tick">${Number(v.toFixed(2))}</text>`);
  }
  out.push(`<line x1="${LEFT}" x2="${r1(f.x(f.n))}" y1="${r1(y(0))}" y2="${r1(y(0))}" stroke="${COLOR.grid}"/>`);
  for (const w of data.windows) {
    const kept = w.score > beta;
    const y0 = y(Math.max(0, w.score)), y1 = y(Math.min(0, w.score));
    const attrs = ` class="window${kept ? ' kept' : ''}" data-start="${w.start}" data-end="${w.end}" data-score="${w.score.toFixed(3)}" fill-opacity="0.75"`;
    out.push(blockRect(f, w, y0, Math.max(1, y1 - y0), kept ? COLOR.windowKept : COLOR.windowDropped, attrs, `window score ${w.score.toFixed(2)}${kept ? ' > β: kept' : ' ≤ β: dropped'}`, table));
    if (f.x(w.end) - f.x(w.start) >= 30) {
      out.push(`<text x="${r1((f.x(w.start) + f.x(w.end)) / 2)}" y="${r1(Math.min(y0, y(beta)) - 3)}" text-anchor="middle" class="score">${w.score.toFixed(2)}</text>`);
    }
  }
  out.push(`<line class="beta" x1="${LEFT}" x2="${r1(f.x(f.n))}" y1="${r1(y(beta))}" y2="${r1(y(beta))}" stroke="${COLOR.beta}" stroke-dasharray="5 3"/>`);
  out.push(`<text x="${r1(f.x(f.n) + 4)}" y="${r1(y(beta) + 4)}" class="beta" fill="${COLOR.beta}">β ${beta}</text>`);
  out.push('</g>');
  return out.join('\n');
}

/** Tick values of the main plot's half axis: 0, a few round values, and the top. */
function plotTicks(top: number, scale: 'sqrt' | 'linear'): number[] {
  const ticks = [0];
  if (top >= 10) {
    if (scale === 'sqrt') {
      for (const share of [1 / 9, 4 / 9]) { const v = niceFloor(top * share); if (v > ticks[ticks.length - 1]!) ticks.push(v); }
    } else {
      const step = niceStep(top, 3);
      for (let v = step; v < top * 0.8; v += step) ticks.push(v);
    }
  }
  ticks.push(Math.round(top));
  return ticks;
}

/** Text above, markup below the axis (bars), the smoothed difference (line), chosen lines shaded, y ticks in the unit. */
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
  for (const v of plotTicks(top, scale)) {
    for (const s of v === 0 ? [0] : [v, -v]) {
      if (v !== 0) out.push(`<line x1="${LEFT}" x2="${r1(f.x(f.n))}" y1="${r1(y(s))}" y2="${r1(y(s))}" stroke="${COLOR.grid}"/>`);
      out.push(`<line x1="${LEFT - 3}" x2="${LEFT}" y1="${r1(y(s))}" y2="${r1(y(s))}" stroke="${COLOR.axis}"/>`);
      out.push(`<text x="${LEFT - 5}" y="${r1(y(s) + 3.5)}" text-anchor="end" class="tick">${v}</text>`);
    }
  }
  for (const b of data.chosen) out.push(rect(f, b.start, b.end, axisY - PLOT_HALF, 2 * PLOT_HALF, COLOR.chosen, ` class="chosen-shade" fill-opacity="${SHADE}"`));
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
  out.push(`<line x1="${LEFT}" x2="${LEFT}" y1="${axisY - PLOT_HALF}" y2="${axisY + PLOT_HALF}" stroke="${COLOR.axis}"/>`);
  if (diff.length) out.push(`<polyline class="diff" points="${diff.join(' ')}" fill="none" stroke="${COLOR.diff}" stroke-width="1.2" stroke-linejoin="round"/>`);
  // Which half is which, and the unit (rotated, left of the tick labels).
  const labelX = LEFT - 44;
  out.push(`<text x="${labelX}" y="${axisY - PLOT_HALF / 2 + 4}" text-anchor="end" class="axis-name" fill="${COLOR.content}">text ↑</text>`);
  out.push(`<text x="${labelX}" y="${axisY + PLOT_HALF / 2 + 4}" text-anchor="end" class="axis-name" fill="${COLOR.code}">markup ↓</text>`);
  out.push(`<text transform="translate(16 ${axisY}) rotate(-90)" text-anchor="middle" class="axis-name">${escapeMarkup(axisUnit(data))}</text>`);
  out.push('</g>');
  return out.join('\n');
}

function xAxis(f: Frame, y: number, table: string | undefined): string {
  const out: string[] = ['<g class="x-axis">'];
  out.push(`<line x1="${LEFT}" x2="${r1(f.x(f.n))}" y1="${y}" y2="${y}" stroke="${COLOR.axis}"/>`);
  const plotWidth = f.x(f.n) - LEFT;
  const step = niceStep(f.n, Math.max(2, Math.floor(plotWidth / 70)));
  for (let i = 0; i < f.n; i += step) {
    const x = r1(f.x(i) + (f.n <= f.cols ? f.px / 2 : 0));
    out.push(`<line x1="${x}" x2="${x}" y1="${y}" y2="${y + 4}" stroke="${COLOR.axis}"/>` + linked(`<text x="${x}" y="${y + 16}" text-anchor="middle" class="tick">${i}</text>`, i, table));
  }
  out.push(`<text x="${r1(LEFT + plotWidth / 2)}" y="${y + 32}" text-anchor="middle" class="axis-name">line number on the page (one line per block of text or markup)</text>`);
  out.push('</g>');
  return out.join('\n');
}

type Swatch = 'bar' | 'line' | 'dash' | 'outline' | 'tick' | 'shade';

/** One legend entry per kind of mark the picture draws, in plain words. */
function legendItems(data: ExplainData): Array<[string, string, Swatch]> {
  const items: Array<[string, string, Swatch]> = [];
  const has = (b: boolean, item: [string, string, Swatch]) => { if (b) items.push(item); };
  let text = false, markup = false;
  for (let i = 0; i < data.lineCount; i++) { if (data.content[i]! > 0) text = true; if (data.code[i]! > 0) markup = true; }
  has(data.chosen.length > 0, ['chosen (the output)', COLOR.chosen, 'bar']);
  has(data.chosen.length > 0 && data.lineCount > 0, ['chosen, shaded in the plot', COLOR.chosen, 'shade']);
  has(text, ['text', COLOR.content, 'bar']);
  has(markup, ['markup', COLOR.code, 'bar']);
  has(data.lineCount > 0, ['smoothed difference (text − markup)', COLOR.diff, 'line']);
  has(data.regions.length > 0, ['text-rich run (difference > 0)', COLOR.region, 'bar']);
  has(data.danaBlocks.length > 0, ['run kept by DANA', COLOR.danaChosen, 'bar']);
  has(data.regions[data.startRegion] !== undefined, ['run DANA started from', COLOR.title, 'outline']);
  has(data.titleLine >= 0, ['headline line', COLOR.title, 'tick']);
  has(anySet(data.topical), ['rule says content', COLOR.topical, 'bar']);
  has(anySet(data.template), ['site boilerplate (never kept)', COLOR.template, 'bar']);
  if (data.topical && data.beta !== null) {
    const beta = data.beta;
    has(data.windows.some((w) => w.score > beta), ['window kept (score > β)', COLOR.windowKept, 'bar']);
    has(data.windows.some((w) => w.score <= beta), ['window dropped (score ≤ β)', COLOR.windowDropped, 'bar']);
    items.push(['cutoff β', COLOR.beta, 'dash']);
  }
  return items;
}

function swatch(kind: Swatch, color: string, x: number, y: number): string {
  switch (kind) {
    case 'bar': return `<rect x="${r1(x)}" y="${y - 9}" width="14" height="10" fill="${color}"/>`;
    case 'shade': return `<rect x="${r1(x)}" y="${y - 9}" width="14" height="10" fill="${color}" fill-opacity="${SHADE * 2}"/>`;
    case 'outline': return `<rect x="${r1(x + 0.75)}" y="${y - 8.25}" width="12.5" height="8.5" fill="none" stroke="${color}" stroke-width="1.5"/>`;
    case 'tick': return `<rect x="${r1(x + 5)}" y="${y - 11}" width="4" height="14" fill="${color}"/>`;
    default: return `<line x1="${r1(x)}" x2="${r1(x + 14)}" y1="${y - 4}" y2="${y - 4}" stroke="${color}" stroke-width="2"${kind === 'dash' ? ' stroke-dasharray="4 2"' : ''}/>`;
  }
}

/** The legend, wrapped to the picture's width; returns the y below it. */
function legend(data: ExplainData, f: Frame, y: number): { svg: string; bottom: number } {
  const out: string[] = ['<g class="legend">'];
  let x = 12, row = 0;
  for (const [label, color, kind] of legendItems(data)) {
    const w = 30 + textWidth(label);
    if (x + w > f.width - 8 && x > 12) { x = 12; row++; }
    const yy = y + row * 18;
    out.push(`<g class="legend-entry">${swatch(kind, color, x, yy)}<text x="${r1(x + 18)}" y="${yy}">${escapeMarkup(label)}</text></g>`);
    x += w;
  }
  out.push('</g>');
  return { svg: out.join('\n'), bottom: y + row * 18 + 8 };
}

/** One line each: what text/markup and the difference are, what a window score is, what β is, where the table is. */
function notes(data: ExplainData): string[] {
  const lines = [
    `Text and markup: the ${unitOf(data).replace(/ \(.*/, '')} of visible text and of HTML markup on each line${data.variant === 'addanag' ? ' (link text counts as markup)' : ''}.`,
    'Smoothed difference: text − markup added up over a line and its neighbours; DANA joins the runs where it is above 0.',
  ];
  if (data.topical && data.beta !== null) {
    lines.push(data.windowScore === 'evidence'
      ? 'Window score: the share of a window\'s text that the rules call content, 0 to 1 (a window: a run of lines they call content).'
      : 'Window score: the mean line score of a window, 0 to 3 (text length + own text + density − links − images, each 0 to 1).');
    lines.push(`β = ${data.beta}: the cutoff; windows scoring above it are kept, and the output joins them with the runs DANA kept.`);
  }
  return lines;
}

/** The notes and the pointer to the line table, wrapped; returns the y below them. */
function notesBlock(data: ExplainData, f: Frame, y: number, table: string | undefined): { svg: string; bottom: number } {
  const out: string[] = ['<g class="notes">'];
  const width = f.width - 24;
  for (const note of notes(data)) {
    for (const line of wrap(note, width)) { out.push(`<text x="12" y="${y}">${escapeMarkup(line)}</text>`); y += 15; }
  }
  const tableNote = table === undefined
    ? 'Line by line: farsw explain PAGE --html FILE writes a table of every line with these numbers (and this picture, linked to it).'
    : `Line by line: click a block or a line number to open its row in the line table${table === '' ? ' below' : ` (${table})`}.`;
  const first = wrap(tableNote, width);
  first.forEach((line, k) => {
    const text = `<text x="12" y="${y}"${table !== undefined ? ' class="link"' : ''}>${escapeMarkup(line)}</text>`;
    out.push(k === 0 && table !== undefined ? `<a href="${escapeMarkup(table)}#lines">${text}</a>` : text);
    y += 15;
  });
  out.push('</g>');
  return { svg: out.join('\n'), bottom: y };
}

/**
 * Render the explanation as a standalone SVG document.
 * @returns UTF-8 SVG text; every chosen block is a `<rect class="chosen" data-start data-end>`
 */
export function renderSvg(data: ExplainData, options: Partial<SvgOptions> = {}): string {
  const o = { ...SVG_DEFAULTS, ...options };
  const table = o.table;
  const f = frame(data.lineCount, o.maxColumns);
  const head = header(data, f, o.scale);
  const parts: string[] = [head.svg];
  let y = head.bottom + 8;
  // Track: lines chosen (exact blocks).
  parts.push('<g class="track-chosen">', trackLabel(y, 'chosen'));
  for (const b of data.chosen) parts.push(blockRect(f, b, y, TRACK_H, COLOR.chosen, ` class="chosen" data-start="${b.start}" data-end="${b.end}"`, 'chosen', table));
  parts.push('</g>');
  y += TRACK_H + TRACK_GAP;
  // Track: text-rich runs (DANA regions) and the ones DANA kept.
  parts.push('<g class="track-dana">', trackLabel(y, 'text-rich runs (DANA)'));
  for (const [s, e] of columnRuns(f, blockCursor(data.regions))) parts.push(rect(f, s, e, y, TRACK_H, COLOR.region, ' class="region"'));
  for (const b of data.danaBlocks) parts.push(blockRect(f, b, y + 3, TRACK_H - 6, COLOR.danaChosen, ` class="dana-chosen" data-start="${b.start}" data-end="${b.end}"`, 'kept by DANA', table));
  // Where DANA started (outlined) and the headline that anchored it (a tick).
  const start = data.regions[data.startRegion];
  if (start) parts.push(rect(f, start.start, start.end, y, TRACK_H, 'none', ` class="dana-start" stroke="${COLOR.title}" stroke-width="1.5" data-start="${start.start}" data-end="${start.end}"`));
  if (data.titleLine >= 0) parts.push(rect(f, data.titleLine, data.titleLine + 1, y - 3, TRACK_H + 6, COLOR.title, ` class="title-line" data-line="${data.titleLine}"`));
  parts.push('</g>');
  y += TRACK_H + TRACK_GAP;
  if (data.topical) {
    parts.push(maskTrack(f, y, 'topical', 'rule says content', data.topical, COLOR.topical));
    y += TRACK_H + TRACK_GAP;
    if (anySet(data.template)) {
      parts.push(maskTrack(f, y, 'template', 'site boilerplate', data.template!, COLOR.template));
      y += TRACK_H + TRACK_GAP;
    }
    y += 8;
    parts.push(windowStrip(data, f, y, table));
    y += STRIP_H + TRACK_GAP;
  }
  const axisY = y + 12 + PLOT_HALF;
  if (data.lineCount > 0) parts.push(mainPlot(data, f, axisY, o.scale));
  else parts.push(`<text x="${LEFT}" y="${axisY}">the page has no lines</text>`);
  const xAxisY = axisY + PLOT_HALF + 8;
  parts.push(xAxis(f, xAxisY, table));
  const leg = legend(data, f, xAxisY + 58);
  parts.push(leg.svg);
  const note = notesBlock(data, f, leg.bottom + 16, table);
  parts.push(note.svg);
  const height = Math.ceil(note.bottom + 4);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${r1(f.width)}" height="${height}" viewBox="0 0 ${r1(f.width)} ${height}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="${FONT}">`,
    `<style>.title{font-size:${TITLE_FONT}px;font-weight:bold}.sub{fill:#555}.score,.tick{font-size:10px;fill:#333}.unit{font-size:10px;fill:#555}` +
      `.axis-name{fill:#333;font-style:italic}text.beta{font-size:10px}.link{fill:#1f5fbf}a .link{text-decoration:underline}</style>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
