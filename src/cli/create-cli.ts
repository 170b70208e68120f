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
import { serveCommand } from './commands/serve.js';

/** Every command, in `--help` order. Add new commands here. */
const COMMANDS: ReadonlyArray<(io: CliIo) => CommandModule<any, any>> = [
  applyCommand, trainCommand, rulesCommand, modelsCommand, evalCommand, explainCommand, serveCommand,
];

/** The first word of each command, in COMMANDS order (usage errors point to the command's own --help). */
export const COMMAND_WORDS: readonly string[] = ['apply', 'train', 'rules', 'models', 'eval', 'explain', 'serve'];

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

/** One choice of yargs's "Invalid values:" message: `Argument: favor, Given: "speed", Choices: "a", "b"`. */
const INVALID_CHOICE = /^\s*Argument: ([^,]+), Given: (.*), Choices: (.*)$/;

/**
 * yargs's usage message on one line, in farsw's words: `--favor: "speed" is not one of a, b`
 * for an unknown choice, `unknown command "x"` for a first word that names no command,
 * and any other message's lines joined.
 */
function usageMessage(msg: string, raw: readonly string[], names: readonly string[]): string {
  const first = raw[0];
  if (first !== undefined && !first.startsWith('-') && !names.includes(first) && /^Unknown arguments?:/.test(msg)) {
    return `unknown command "${first}": expected one of ${names.join(', ')}`;
  }
  // `eval --json FILE`: --json wrote a file before it was a switch as in the other commands.
  const extra = /^Unknown argument: (.+)$/.exec(msg)?.[1];
  if (first === 'eval' && extra !== undefined && raw[raw.indexOf(extra) - 1] === '--json') {
    return `--json is a switch (JSON on stdout, as in rules, train and models): to write ${extra}, use --json-out ${extra}`;
  }
  // A positional argument missing (`farsw rules`, `farsw models show`): name the command and where its usage is.
  if (/^Not enough non-option arguments/.test(msg) && first !== undefined && names.includes(first)) {
    const end = raw.findIndex((a) => a.startsWith('-'));
    const words = (end < 0 ? raw : raw.slice(0, end)).join(' ');
    return `farsw ${words}: an argument is missing (farsw ${words} --help shows them)`;
  }
  const lines = msg.split('\n').filter((l) => l.trim() !== '');
  if (lines[0] === 'Invalid values:') {
    return lines.slice(1).map((l) => {
      const m = INVALID_CHOICE.exec(l);
      return m ? `--${m[1]}: ${m[2]} is not one of ${m[3]!.replaceAll('"', '')}` : l.trim();
    }).join('; ');
  }
  return lines.map((l) => l.trim()).join(' ');
}

/**
 * A string option written without its value (`farsw eval --data`, `--store --model x`) reaches yargs as '' or,
 * when it has a default, as the default: this names the option instead of letting a command fail on an empty
 * path (": no such file") or quietly use the default store.
 */
function refuseMissingValue(raw: readonly string[]): (argv: Record<string, unknown>) => void {
  return (argv) => {
    raw.forEach((arg, at) => {
      if (!arg.startsWith('--') || arg.includes('=')) return;
      const k = arg.slice(2), v = argv[k];
      if (!(typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')))) return;
      const next = raw[at + 1];
      if (next === undefined || (next.startsWith('-') && next !== '-' && next !== DASH)) throw new ConfigError(`--${k}: expected a value, found nothing`);
    });
  };
}

/** Build the yargs parser (exported for completion scripts and tests). */
export function createCli(io: CliIo, raw: readonly string[] = []): Argv {
  const commands = COMMANDS.map((make) => make(io));
  // The first word of each command's usage (`apply [files..]` → `apply`).
  const names = commands.map((c) => String(c.command).split(' ')[0]!);
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
      throw new ConfigError(usageMessage(msg, raw, names));
    })
    .middleware(restoreDash, true)
    .middleware(refuseNaN(raw), true)
    .middleware(refuseMissingValue(raw), true);
  for (const command of commands) cli = cli.command(command);
  return cli;
}

