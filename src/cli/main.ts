/**
 * The `farsw` command line: a yargs factory and `run(argv, io)`, which
 * returns an exit code and never calls `process.exit`.
 * Each command lives in `commands/NAME.ts` and stays thin: validate, call one
 * library function, format. Results go to stdout, logs and progress to stderr.
 */
import yargs, { type Argv, type CommandModule } from 'yargs';
import { ConfigError, isFarswError } from '../core/errors.js';
import { FARSW_VERSION } from '../core/version.js';
import { EXIT, processIo, type CliIo } from './io.js';
import { applyCommand } from './commands/apply.js';
import { evalCommand } from './commands/eval.js';
import { trainCommand } from './commands/train.js';
import { modelsCommand } from './commands/models.js';
import { rulesCommand } from './commands/rules.js';
import { explainCommand } from './commands/explain.js';

export type { CliIo } from './io.js';

/** Every command, in `--help` order. Add new commands here. */
const COMMANDS: ReadonlyArray<(io: CliIo) => CommandModule<any, any>> = [
  applyCommand, trainCommand, rulesCommand, modelsCommand, evalCommand, explainCommand,
];

/**
 * yargs drops a lone `-` given as a positional argument (`farsw apply -`, `farsw explain -`:
 * read standard input), so `run` hands it over as this token and a middleware turns it back
 * into `-` before validation and the command see it.
 */
const DASH = '\u0000-';

/** `-` again wherever the parsed arguments hold {@link DASH} (alone or in an array). */
function restoreDash(argv: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(argv)) {
    if (v === DASH) argv[k] = '-';
    else if (Array.isArray(v) && v.includes(DASH)) argv[k] = v.map((x) => (x === DASH ? '-' : x));
  }
}

/**
 * A number option given something that is not a number (`--page-timeout abc`) reaches yargs as NaN;
 * this names the option and what was typed instead of letting a check print "found NaN".
 */
function refuseNaN(raw: readonly string[]): (argv: Record<string, unknown>) => void {
  return (argv) => {
    for (const [k, v] of Object.entries(argv)) {
      if (typeof v !== 'number' || !Number.isNaN(v) || k.length < 2 || /[A-Z]/.test(k)) continue;
      const at = raw.findIndex((a) => a === `--${k}` || a.startsWith(`--${k}=`));
      const typed = at < 0 ? undefined : raw[at]!.includes('=') ? raw[at]!.slice(raw[at]!.indexOf('=') + 1) : raw[at + 1];
      throw new ConfigError(`--${k}: expected a number, found ${typed === undefined ? 'nothing' : JSON.stringify(typed)}`);
    }
  };
}

/** Build the yargs parser (exported for completion scripts and tests). */
export function createCli(io: CliIo, raw: readonly string[] = []): Argv {
  let cli = yargs()
    .scriptName('farsw')
    .usage('$0 <command> [options]\n\nMain-content extraction: DANA family and learned fuzzy association rules (FAR-SW).')
    .strict()
    .demandCommand(1, 'Name a command.')
    .recommendCommands()
    .exitProcess(false)
    .version(FARSW_VERSION)
    .help()
    .wrap(Math.min(100, process.stdout.columns ?? 100))
    .fail((msg, err) => {
      if (err) throw err;
      throw new ConfigError(msg);
    })
    .middleware(restoreDash, true)
    .middleware(refuseNaN(raw), true);
  for (const make of COMMANDS) cli = cli.command(make(io));
  return cli;
}

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
      io.stderr(`farsw: ${e.message}\nRun 'farsw --help' for usage.\n`);
      return EXIT.usage;
    }
    if (isFarswError(e)) {
      io.stderr(`farsw: ${e.message}\n`);
      return EXIT.error;
    }
    io.stderr(`farsw: unexpected error\n${(e as Error)?.stack ?? String(e)}\n`);
    return EXIT.error;
  }
}
