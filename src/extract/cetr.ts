/**
 * Content Extraction via Tag Ratios, CETR-KM (Weninger & Hsu 2008; summarised
 * in seed 004 §2).
 *
 * 1. Lines: the page's source lines (the paper), or with `lines: 'blocks'` one
 *    line per paragraph of text, which keeps the method usable on minified
 *    pages whose whole body is one source line. Script/style content adds
 *    nothing; lines with neither text nor tags are dropped.
 * 2. Tag ratio of line k: T_k = text characters / tag count (tag count taken
 *    as 1 when the line holds no tag, as in the paper).
 * 3. Smoothing: T' = T convolved with a Gaussian of deviation σ (radius ⌈3σ⌉,
 *    normalised at both ends).
 * 4. Absolute derivative: G_k = |mean(T'_{k+1} … T'_{k+α}) − T'_k| (the window
 *    is truncated at the last line; G = 0 for the last line).
 * 5. k-means on the 2-D points (T'_k, G_k): one centroid starts at the
 *    origin, the other k − 1 at points drawn k-means++-style (probability ∝
 *    squared distance to the nearest centroid so far) with a seeded PRNG; the cluster
 *    whose final centroid lies nearest the origin is non-content, all other
 *    lines are content. With `pinOrigin` the origin centroid never moves
 *    (the default lets it move: higher F1 on dragnet, cleaneval and daniel).
 */
import { CETR_DEFAULTS } from '../core/defaults.js';
import type { Block, Extraction } from '../core/types.js';
import { mulberry32 } from '../core/random.js';
import { TokenKind, tokenizeHtml, type TokenStream } from './token-stream.js';
import { joinChosenText } from './token-text.js';
import { collapsedLength } from './words.js';

/** CETR parameters (defaults: `CETR_DEFAULTS`). */
export interface CetrOptions {
  readonly sigma?: number;
  readonly alpha?: number;
  readonly k?: number;
  readonly seed?: number;
  readonly maxIterations?: number;
  readonly lines?: 'source' | 'blocks';
  readonly pinOrigin?: boolean;
}

/** Per-line text characters and tag counts after empty lines were dropped. */
export interface TagRatioLines {
  readonly count: number;
  readonly textChars: Float64Array;
  readonly tags: Float64Array;
  /** Line index (in the kept lines) of every token; −1 for tokens on dropped lines. */
  readonly lineOfToken: Int32Array;
}

/**
 * Group tokens into lines and count text characters and tags per line.
 * @param tokens token stream of the page.
 * @param html the page source (for source-line numbers).
 * @param mode `source` lines or paragraph `blocks`.
 */
export function tagRatioLines(tokens: TokenStream, html: string, mode: 'source' | 'blocks'): TagRatioLines {
  // Raw line id of each token.
  const raw = new Uint32Array(tokens.count);
  if (mode === 'source') {
    let line = 0;
    let pos = 0;
    for (let i = 0; i < tokens.count; i++) {
      const s = tokens.start[i]!;
      while (pos < s) {
        if (html.charCodeAt(pos) === 10) line++;
        pos++;
      }
      raw[i] = line;
    }
  } else {
    for (let i = 0; i < tokens.count; i++) raw[i] = tokens.para[i]!;
  }
  const text: number[] = [];
  const tags: number[] = [];
  const lineOfToken = new Int32Array(tokens.count).fill(-1);
  let lastRaw = -1;
  let cur = -1;
  for (let i = 0; i < tokens.count; i++) {
    const kind = tokens.kind[i];
    if (kind === TokenKind.Hidden) continue;
    const chars = kind === TokenKind.Text ? collapsedLength(tokens.text[i]!) : 0;
    if (kind === TokenKind.Text && chars === 0) continue;
    if (raw[i] !== lastRaw) {
      lastRaw = raw[i]!;
      text.push(0);
      tags.push(0);
      cur = text.length - 1;
    }
    if (kind === TokenKind.Tag) tags[cur]!++;
    else text[cur]! += chars;
    lineOfToken[i] = cur;
  }
  return { count: text.length, textChars: Float64Array.from(text), tags: Float64Array.from(tags), lineOfToken };
}

/**
 * Tag ratio per line: T_k = textChars_k / max(1, tags_k).
 */
export function tagRatios(lines: TagRatioLines): Float64Array {
  const t = new Float64Array(lines.count);
  for (let k = 0; k < lines.count; k++) t[k] = lines.textChars[k]! / Math.max(1, lines.tags[k]!);
  return t;
}

/**
 * Gaussian smoothing of a series: y_k = Σ_j g(j)·x_{k+j} / Σ_j g(j) over in-range j, |j| ≤ ⌈3σ⌉.
 * @param x the series.
 * @param sigma deviation in positions (σ ≤ 0 returns a copy).
 */
export function gaussianSmooth(x: Float64Array, sigma: number): Float64Array {
  if (sigma <= 0) return Float64Array.from(x);
  const r = Math.ceil(3 * sigma);
  const g = new Float64Array(2 * r + 1);
  for (let j = -r; j <= r; j++) g[j + r] = Math.exp(-(j * j) / (2 * sigma * sigma));
  const y = new Float64Array(x.length);
  for (let k = 0; k < x.length; k++) {
    let num = 0;
    let den = 0;
    for (let j = Math.max(-r, -k); j <= r && k + j < x.length; j++) {
      num += g[j + r]! * x[k + j]!;
      den += g[j + r]!;
    }
    y[k] = num / den;
  }
  return y;
}

/**
 * Absolute derivative G_k = |mean(x_{k+1} … x_{k+α}) − x_k| (window truncated at the end; 0 for the last entry).
 */
export function absoluteDerivative(x: Float64Array, alpha: number): Float64Array {
  const g = new Float64Array(x.length);
  for (let k = 0; k < x.length; k++) {
    const hi = Math.min(x.length - 1, k + alpha);
    if (hi <= k) continue;
    let s = 0;
    for (let j = k + 1; j <= hi; j++) s += x[j]!;
    g[k] = Math.abs(s / (hi - k) - x[k]!);
  }
  return g;
}

/**
 * k-means on 2-D points with centroid 0 starting at the origin (and staying there when `pinOrigin`).
 * @param xs first coordinates.
 * @param ys second coordinates.
 * @param k number of clusters (≥ 2).
 * @param seed PRNG seed for drawing the initial free centroids among the points (k-means++ weights).
 * @param maxIterations iteration cap.
 * @param pinOrigin keep centroid 0 at the origin.
 * @returns the cluster of every point; 0 = the cluster whose centroid is nearest the origin.
 */
export function kMeansWithOrigin(
  xs: Float64Array,
  ys: Float64Array,
  k: number,
  seed: number,
  maxIterations: number,
  pinOrigin = true,
): Uint8Array {
  const n = xs.length;
  const assign = new Uint8Array(n);
  if (n === 0) return assign;
  const cx = new Float64Array(k);
  const cy = new Float64Array(k);
  seedCentroids(xs, ys, cx, cy, seed);
  for (let it = 0; it < maxIterations; it++) {
    if (!assignNearest(xs, ys, cx, cy, assign) && it > 0) break;
    moveCentroids(xs, ys, cx, cy, assign, pinOrigin);
  }
  if (!pinOrigin) {
    // Relabel so that cluster 0 is the one whose centroid lies nearest the origin.
    let near = 0;
    for (let c = 1; c < k; c++) if (cx[c]! ** 2 + cy[c]! ** 2 < cx[near]! ** 2 + cy[near]! ** 2) near = c;
    for (let i = 0; i < n; i++) if (assign[i] === near) assign[i] = 0;
      else if (assign[i] === 0) assign[i] = near;
  }
  return assign;
}

/**
 * k-means++ seeding from the origin centroid: each next centroid (1 … k − 1 of `cx`, `cy`) is a point drawn with
 * probability ∝ squared distance to the nearest centroid so far (seeded PRNG).
 */
function seedCentroids(xs: Float64Array, ys: Float64Array, cx: Float64Array, cy: Float64Array, seed: number): void {
  const n = xs.length, k = cx.length;
  const rand = mulberry32(seed);
  const d2 = new Float64Array(n);
  for (let i = 0; i < n; i++) d2[i] = xs[i]! * xs[i]! + ys[i]! * ys[i]!;
  for (let c = 1; c < k; c++) {
    let total = 0;
    for (let i = 0; i < n; i++) total += d2[i]!;
    let p = n - 1;
    if (total > 0) {
      let r = rand() * total;
      for (let i = 0; i < n; i++) {
        r -= d2[i]!;
        if (r < 0) {
          p = i;
          break;
        }
      }
    } else {
      p = Math.floor(rand() * n);
    }
    cx[c] = xs[p]!;
    cy[c] = ys[p]!;
    for (let i = 0; i < n; i++) {
      const dx = xs[i]! - cx[c]!;
      const dy = ys[i]! - cy[c]!;
      d2[i] = Math.min(d2[i]!, dx * dx + dy * dy);
    }
  }
}

/** Assign each point to its nearest centroid (the first of equally near ones). @returns whether any assignment changed */
function assignNearest(xs: Float64Array, ys: Float64Array, cx: Float64Array, cy: Float64Array, assign: Uint8Array): boolean {
  let changed = false;
  for (let i = 0; i < xs.length; i++) {
    let best = 0;
    let bestD = Infinity;
    for (let c = 0; c < cx.length; c++) {
      const dx = xs[i]! - cx[c]!;
      const dy = ys[i]! - cy[c]!;
      const d = dx * dx + dy * dy;
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    if (assign[i] !== best) {
      assign[i] = best;
      changed = true;
    }
  }
  return changed;
}

/** Move each centroid with points to their mean (centroid 0 stays at the origin when `pinOrigin`). */
function moveCentroids(xs: Float64Array, ys: Float64Array, cx: Float64Array, cy: Float64Array, assign: Uint8Array, pinOrigin: boolean): void {
  const k = cx.length;
  const sx = new Float64Array(k);
  const sy = new Float64Array(k);
  const m = new Uint32Array(k);
  for (let i = 0; i < xs.length; i++) {
    sx[assign[i]!]! += xs[i]!;
    sy[assign[i]!]! += ys[i]!;
    m[assign[i]!]!++;
  }
  for (let c = pinOrigin ? 1 : 0; c < k; c++) {
    if (m[c]! > 0) {
      cx[c] = sx[c]! / m[c]!;
      cy[c] = sy[c]! / m[c]!;
    }
  }
}

/**
 * Extract the main content with CETR-KM.
 * @param html decoded page source.
 * @param options smoothing σ, derivative window α, k, seed, line mode.
 * @returns text of the content lines; `blocks` = runs of content lines (indices into the kept lines,
 *   score = mean smoothed tag ratio); `lineCount` = kept lines.
 */
export function extractCetr(html: string, options: CetrOptions = {}): Extraction {
  const o = { ...CETR_DEFAULTS, ...options };
  const tokens = tokenizeHtml(html);
  const lines = tagRatioLines(tokens, html, o.lines);
  const smooth = gaussianSmooth(tagRatios(lines), o.sigma);
  const deriv = absoluteDerivative(smooth, o.alpha);
  const cluster = kMeansWithOrigin(smooth, deriv, Math.max(2, o.k), o.seed, o.maxIterations, o.pinOrigin);

  const blocks: Block[] = [];
  for (let k = 0; k < lines.count; ) {
    if (cluster[k] === 0) {
      k++;
      continue;
    }
    let e = k;
    let s = 0;
    while (e < lines.count && cluster[e] !== 0) s += smooth[e++]!;
    blocks.push({ start: k, end: e, score: s / (e - k) });
    k = e;
  }
  const chosen = new Uint8Array(tokens.count);
  for (let i = 0; i < tokens.count; i++) {
    const l = lines.lineOfToken[i]!;
    if (l >= 0 && cluster[l] !== 0) chosen[i] = 1;
  }
  return { method: 'cetr', blocks, text: joinChosenText(tokens, chosen), lineCount: lines.count };
}
