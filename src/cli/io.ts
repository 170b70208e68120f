import type { ByteStream, TextStream } from '../core/portable.js';

/** What a command may touch of the outside world; tests pass their own. */
export interface CliIo {
  /** Write to standard output; a promise when the reader is behind (wait for it: backpressure). */
  stdout(s: string): void | Promise<void>;
  stderr(s: string): void;
  /** Standard input, for `-` arguments. */
  stdin?: ByteStream;
  /** Whether stderr is a terminal (progress bars). */
  isTTY?: boolean;
  /** The stream progress bars are drawn on when `isTTY` (default process.stderr). */
  terminal?: TextStream;
  /** A command sets this to report a non-zero exit without throwing (e.g. 3: some records failed). */
  exitCode?: number;
}

let epipeHandled = false;

/**
 * The process's own streams. A reader that closes early (`farsw apply … | head`) ends the
 * run quietly, as for any Unix filter, instead of an unhandled EPIPE error.
 */
export function processIo(): CliIo {
  if (!epipeHandled) {
    epipeHandled = true; // once per process, however many runs (no listener pile-up)
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(EXIT.ok);
      // Any other write error (a full disk behind a redirection): one line, not a stack trace.
      process.stderr.write(`farsw: standard output: cannot write (${e.code === 'ENOSPC' ? 'no space left on device' : e.message})\n`);
      process.exit(EXIT.error);
    });
  }
  return {
    stdout: (s) => (process.stdout.write(s) ? undefined : new Promise<void>((resolve) => process.stdout.once('drain', resolve))),
    stderr: (s) => void process.stderr.write(s),
    stdin: process.stdin,
    isTTY: process.stderr.isTTY === true,
  };
}

/** Exit codes of the CLI (documented in docs/cli.md). */
export const EXIT = Object.freeze({
  ok: 0,
  /** A file could not be read, a model is missing, …: the message names it. */
  error: 1,
  /** Bad command-line usage. */
  usage: 2,
  /** A batch run finished but some records failed (each has an error record). */
  partial: 3,
  /** `farsw models check NAME --data PAGES`: the pages no longer match the model (drift). */
  drift: 4,
});
