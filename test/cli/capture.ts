import type { CliIo } from '../../src/cli/main.js';

/** A CliIo that collects what a command writes (and reads `stdin` when given). */
export function capture(stdin?: NodeJS.ReadableStream): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', stdout(s: string) { io.out += s; }, stderr(s: string) { io.err += s; }, ...(stdin ? { stdin } : {}) };
  return io;
}
