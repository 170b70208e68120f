/**
 * The `farsw` command line: `run(argv, io)`, which returns an exit code and
 * never calls `process.exit` (the yargs parser is built in create-cli.ts).
 * Each command lives in `commands/NAME.ts` and stays thin: validate, call one
 * library function, format. Results go to stdout, logs and progress to stderr.
 */
import { ConfigError, isFarswError } from '../core/errors.js';
import { EXIT, processIo, type CliIo } from './io.js';
import { COMMAND_WORDS, createCli, DASH } from './create-cli.js';

export type { CliIo } from './io.js';

/** The help of the command a usage error is about: `farsw apply --help`, `farsw models show --help`, else `farsw --help`. */
export function helpCommand(argv: readonly string[]): string {
  const [first, second] = argv;
  if (first === undefined || !COMMAND_WORDS.includes(first)) return 'farsw --help';
  if (first === 'models' && second !== undefined && MODELS_SUBCOMMANDS.includes(second)) return `farsw models ${second} --help`;
  return `farsw ${first} --help`;
}

const MODELS_SUBCOMMANDS = ['list', 'show', 'rm', 'export', 'import', 'rollback', 'check'];

/** Run the CLI on `argv` (without node and script); resolves to the exit code. */
export async function run(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  io.exitCode = EXIT.ok;
  let helpOutput = '';
  try {
    await createCli(io, argv).parseAsync(argv.map((a) => (a === '-' ? DASH : a)), {}, (_err: unknown, _args: unknown, output: string) => {
      helpOutput = output;
    });
    if (helpOutput) io.stdout(helpOutput.endsWith('\n') ? helpOutput : helpOutput + '\n');
    return io.exitCode ?? EXIT.ok;
  } catch (e) {
    if (e instanceof ConfigError) {
      io.stderr(`farsw: ${e.message}\nRun '${helpCommand(argv)}' for usage.\n`);
      return EXIT.usage;
    }
    if (isFarswError(e)) {
      io.stderr(`farsw: ${e.message}\n`);
      return EXIT.error;
    }
    // One line for the user (issue 19: no stack trace reaches a user); FARSW_DEBUG=1 adds the stack for a bug report.
    const err = e as NodeJS.ErrnoException;
    const where = typeof err?.path === 'string' ? `${err.path}: ` : '';
    io.stderr(`farsw: unexpected error: ${where}${err?.message ?? String(e)}${err?.code ? ` (${err.code})` : ''} (FARSW_DEBUG=1 shows where)\n`);
    if (process.env['FARSW_DEBUG']) io.stderr(`${err?.stack ?? ''}\n`);
    return EXIT.error;
  }
}
