/**
 * The yargs parser of the `farsw` command line (kept apart from main.ts, so the
 * library's public types never reach yargs's, which are a devDependency).
 */
import yargs, { type Argv, type CommandModule } from 'yargs';
import { ConfigError } from '../core/errors.js';
import { FARSW_VERSION } from '../core/version.js';
import type { CliIo } from './io.js';
import { applyCommand } from './commands/apply.js';
import { evalCommand } from './commands/eval.js';
import { trainCommand } from './commands/train.js';
import { modelsCommand } from './commands/models.js';
import { rulesCommand } from './commands/rules.js';
import { explainCommand } from './commands/explain.js';

/** Every command, in `--help` order. Add new commands here. */
const COMMANDS: ReadonlyArray<(io: CliIo) => CommandModule<any, any>> = [
  applyCommand, trainCommand, rulesCommand, modelsCommand, evalCommand, explainCommand,
];

/**
 * yargs drops a lone `-` given as a positional argument (`farsw apply -`, `farsw explain -`:
 * read standard input), so `run` hands it over as this token and a middleware turns it back
 * into `-` before validation and the command see it.
 */
export const DASH = '\u0000-';

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
    // yargs renders every command's help even when none is asked for; wrapping it costs ~75 ms CPU a run.
    .wrap(raw.includes('--help') ? Math.min(100, process.stdout.columns ?? 100) : null)
    .fail((msg, err) => {
      if (err) throw err;
      throw new ConfigError(msg);
    })
    .middleware(restoreDash, true)
    .middleware(refuseNaN(raw), true);
  for (const make of COMMANDS) cli = cli.command(make(io));
  return cli;
}

