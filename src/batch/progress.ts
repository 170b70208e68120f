/**
 * The progress bar of batch runs (cli-progress), drawn on a terminal stream:
 * input read (bar and ETA, when the input size is known), pages, MB of pages,
 * pages/s and errors.
 */
import cliProgress from 'cli-progress';

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
  stop(): void;
}

/** `42s`, `3m07s`, `2h05m`. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** GenericBar's render with its force flag (SingleBar's own render takes none and skips an unchanged bar): redraws the bar after a logged line. */
const redraw = (Object.getPrototypeOf(cliProgress.SingleBar.prototype) as { render(force: boolean): void }).render;

/**
 * A cli-progress bar on `stream` (a TTY), redrawn at most 5 times a second.
 * ETA = elapsed × (input bytes left / input bytes read): the input is read at the pace of the workers.
 */
export function createProgressBar(stream: NodeJS.WritableStream, totalRawBytes: number | undefined): ProgressReporter {
  const known = totalRawBytes !== undefined && totalRawBytes > 0;
  const format = known
    ? '{bar} {percentage}% | {pages} pages | {mb} MB | {rate} pages/s | {errors} errors | ETA {remaining}'
    : '{pages} pages | {mb} MB | {rate} pages/s | {errors} errors';
  const bar = new cliProgress.SingleBar(
    { stream, format, fps: 5, hideCursor: true, clearOnComplete: true, etaBuffer: 50, barsize: 24 },
    cliProgress.Presets.shades_classic,
  );
  const payload = (s: ProgressSnapshot): Record<string, string | number> => ({
    remaining: known && s.rawBytes > 0 ? formatSeconds((s.seconds * (totalRawBytes - Math.min(s.rawBytes, totalRawBytes))) / s.rawBytes) : '?',
    pages: s.records,
    mb: (s.bytes / 1e6).toFixed(1),
    rate: s.seconds > 0 ? Math.round(s.records / s.seconds) : 0,
    errors: s.failed,
  });
  bar.start(known ? totalRawBytes : 1, 0, payload({ records: 0, failed: 0, bytes: 0, rawBytes: 0, seconds: 0 }));
  return {
    update: (s) => bar.update(known ? Math.min(s.rawBytes, totalRawBytes) : 0, payload(s)),
    log: (line) => {
      stream.write(`\r\x1b[2K${line}`); // carriage return, erase the bar's line, print
      redraw.call(bar, true);
    },
    stop: () => bar.stop(),
  };
}
