/**
 * The progress bar of batch runs, drawn on one terminal line of a TTY stream:
 * input read (bar, percentage and ETA, when the input size is known), pages,
 * MB of pages, pages/s and errors, fitted to the terminal's width.
 *
 * Its own few escape codes rather than cli-progress's: that library saves the
 * cursor at start and restores it at stop, which put the cursor back above the
 * error lines logged meanwhile, so the summary and the prompt overwrote them.
 * Here the bar only ever owns the line the cursor is on: every draw is
 * "carriage return, erase the line, write one line narrower than the terminal",
 * a logged line replaces the bar and the bar is drawn again below it, and stop
 * erases it, so whatever is printed next starts on a clean line.
 */
import type { TextStream } from '../core/portable.js';

/** What run.ts reports as it goes. */
export interface ProgressSnapshot {
  readonly records: number;
  readonly failed: number;
  /** Bytes of the pages handed out (uncompressed records). */
  readonly bytes: number;
  /** Raw input bytes read so far, and the total when known. */
  readonly rawBytes: number;
  readonly totalRawBytes?: number;
  /** Seconds since the start. */
  readonly seconds: number;
}

export interface ProgressReporter {
  update(s: ProgressSnapshot): void;
  /** Print a line (ending in a newline) above the bar, which is then redrawn below it. */
  log(line: string): void;
  /** Erase the bar (idempotent); lines printed afterwards start on a clean line. */
  stop(): void;
}

/** `42s`, `3m07s`, `2h05m`. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Widest and narrowest bar (cells); it shrinks before any figure is dropped. */
const BAR_MAX = 24;
const BAR_MIN = 8;
/** Width assumed when the stream does not say (not a real terminal). */
const DEFAULT_COLUMNS = 80;

/** What goes first when the line is too wide: the least useful part first; pages, errors and ETA always stay. */
const DROP_ORDER = [[], ['mb'], ['mb', 'rate'], ['mb', 'rate', 'bar'], ['mb', 'rate', 'bar', 'percent']] as const;

/**
 * The bar's text for a terminal `columns` wide: at most `columns` − 3 characters, so the
 * "^C" the terminal echoes after it still fits on its line (a line that wraps leaves its
 * first half behind: the next carriage return rewrites only the last row). After the first
 * step of DROP_ORDER the bar takes the room the figures leave, from BAR_MIN to BAR_MAX cells;
 * the line is cut only on a terminal too narrow even for pages, errors and ETA.
 */
export function progressLine(s: ProgressSnapshot, columns: number): string {
  const total = s.totalRawBytes !== undefined && s.totalRawBytes > 0 ? s.totalRawBytes : undefined;
  const read = total !== undefined ? Math.min(s.rawBytes, total) : 0;
  const fraction = total !== undefined ? read / total : 0;
  const parts: { key: string; text: string }[] = [
    ...(total !== undefined ? [{ key: 'percent', text: `${Math.floor(fraction * 100)}%` }] : []),
    { key: 'pages', text: `${s.records} pages` },
    { key: 'mb', text: `${(s.bytes / 1e6).toFixed(1)} MB` },
    { key: 'rate', text: `${s.seconds > 0 ? Math.round(s.records / s.seconds) : 0} pages/s` },
    { key: 'errors', text: `${s.failed} error${s.failed === 1 ? '' : 's'}` },
    ...(total !== undefined ? [{ key: 'eta', text: `ETA ${s.rawBytes > 0 ? formatSeconds((s.seconds * (total - read)) / s.rawBytes) : '?'}` }] : []),
  ];
  const room = Math.max(1, columns - 3);
  let line = '';
  for (const dropped of DROP_ORDER) {
    const text = parts.filter((p) => !(dropped as readonly string[]).includes(p.key)).map((p) => p.text).join(' | ');
    const withBar = total !== undefined && !(dropped as readonly string[]).includes('bar');
    const cells = withBar ? Math.min(BAR_MAX, room - 1 - text.length) : 0;
    // No room for a useful bar at this step (the first step keeps the whole bar: MB goes before it shrinks).
    if (withBar && cells < (dropped.length === 0 ? BAR_MAX : BAR_MIN)) { line = text; continue; }
    const full = Math.round(fraction * cells);
    line = (cells > 0 ? '\u2588'.repeat(full) + '\u2591'.repeat(cells - full) + ' ' : '') + text;
    if (line.length <= room) return line;
  }
  return line.slice(0, room);
}

/** Carriage return and erase the whole line: the cursor stays on the bar's line. */
const ERASE = '\r\x1b[2K';

/**
 * A progress bar on `stream` (a TTY), redrawn at most 5 times a second and on every
 * logged line; its width follows `stream.columns` at each draw (a resized terminal too).
 */
export function createProgressBar(stream: TextStream, totalRawBytes: number | undefined): ProgressReporter {
  const known = totalRawBytes !== undefined && totalRawBytes > 0;
  let last: ProgressSnapshot = { records: 0, failed: 0, bytes: 0, rawBytes: 0, seconds: 0, ...(known ? { totalRawBytes } : {}) };
  let drawnAt = -Infinity;
  let stopped = false;
  const columns = (): number => {
    const c = stream.columns;
    return typeof c === 'number' && c > 0 ? c : DEFAULT_COLUMNS;
  };
  const draw = (): void => {
    drawnAt = performance.now();
    stream.write(ERASE + progressLine(last, columns()));
  };
  draw();
  return {
    update: (s) => {
      if (stopped) return;
      last = known ? { ...s, totalRawBytes } : s;
      if (performance.now() - drawnAt >= 200) draw();
    },
    log: (line) => {
      if (stopped) { stream.write(line); return; }
      stream.write(ERASE + line); // the line replaces the bar, which is drawn again below it
      draw();
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      stream.write(ERASE);
    },
  };
}
