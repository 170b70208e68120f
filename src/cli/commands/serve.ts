/**
 * `farsw serve --stdio`: one JSON request a line on stdin, one JSON answer a line on stdout, in order, until the end
 * of the input (exit 0). The protocol and its bounds are src/batch/serve.ts's; this file reads the flags.
 */
import type { CommandModule } from 'yargs';
import { ConfigError } from '../../core/errors.js';
import { BATCH_DEFAULTS } from '../../core/defaults.js';
import { resolveModel } from '../../api/extract.js';
import { flagsToOptions, type ApplyFlags } from '../../api/flag-options.js';
import { FAVORS } from '../../api/favor.js';
import { extractorNames } from '../../extract/registry.js';
import { SERVE_DEFAULTS, serve } from '../../batch/serve.js';
import { RECORD_FORMATS } from '../../batch/serve-options.js';
import { storeOptionSpec } from '../store-location.js';
import { checkFavorFlag, extractorOptions } from '../extractor-options.js';
import { lineOptions } from '../line-options.js';
import { checkWorkerModels, maxWorkers } from '../batch-command.js';
import type { CliIo } from '../io.js';

interface ServeArgs extends ApplyFlags {
  stdio: boolean;
  store: string;
  workers: number;
  'page-timeout': number;
  'max-bytes': number;
  'max-memory'?: number;
  'max-pending': number;
  quiet: boolean;
}

export function serveCommand(io: CliIo): CommandModule<object, ServeArgs> {
  return {
    command: 'serve',
    describe: 'A long-lived worker: JSON requests {"id","html"|"html_b64","url"?,"options"?} one a line on stdin, records one a line on stdout',
    builder: (y) =>
      extractorOptions(lineOptions(y))
        .option('stdio', { type: 'boolean', default: false, describe: 'Requests on standard input, answers on standard output (the only transport)' })
        .option('model', { alias: 'm', type: 'string', describe: 'FAR-SW model: a name in the store, an exported FILE.json, or auto (default); a request\'s options.model wins' })
        .option('algorithm', { alias: 'a', type: 'string', choices: extractorNames(), describe: 'An extractor needing no model instead' })
        .option('store', storeOptionSpec('Model store (read-only here)'))
        .option('use-site-model', { type: 'boolean', default: false, describe: 'With --model auto: use the matching site model even where it lost to the default model' })
        .option('format', { alias: 'f', choices: RECORD_FORMATS, default: 'text', describe: 'A "markdown" or "html" field in each record too' })
        .option('with-metadata', { type: 'boolean', default: false, describe: 'A "metadata" field in each record' })
        .option('favor', { choices: FAVORS, describe: 'precision, recall or balanced (docs/cli.md, "Precision or recall")' })
        .option('workers', { alias: 'w', type: 'number', default: SERVE_DEFAULTS.workers, describe: 'Extraction threads (0: in the main thread, no --page-timeout or --max-memory)' })
        .option('page-timeout', { type: 'number', default: BATCH_DEFAULTS.pageTimeoutMs, describe: 'Milliseconds per page before it becomes an error answer (its thread is replaced)' })
        .option('max-bytes', { type: 'number', default: BATCH_DEFAULTS.maxBytes, describe: 'Longer request lines become error answers unread' })
        .option('max-memory', { type: 'number', describe: 'MiB of heap per extraction thread; a page past it becomes an error answer (its thread is replaced). Default: sized for --max-bytes' })
        .option('max-pending', { type: 'number', default: SERVE_DEFAULTS.maxPending, describe: 'Requests read and not yet answered, at most (stdin is not read past it)' })
        .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'No ready and summary lines on stderr' })
        .check((a) => {
          if (!a.stdio) throw new ConfigError('give --stdio (requests on standard input, answers on standard output)');
          if (a.algorithm !== undefined && a.model !== undefined) throw new ConfigError('give either --algorithm or --model, not both');
          if (!(Number.isInteger(a.workers) && a.workers >= 0 && a.workers <= maxWorkers())) throw new ConfigError(`--workers: expected an integer from 0 to ${maxWorkers()}, found ${a.workers}`);
          if (!(a['page-timeout'] >= 0 && a['page-timeout'] <= 2 ** 32 - 1)) throw new ConfigError(`--page-timeout: expected ms from 0 to ${2 ** 32 - 1}, found ${a['page-timeout']}`);
          if (!(a['max-bytes'] > 0 && a['max-bytes'] <= BATCH_DEFAULTS.maxPageBytes)) throw new ConfigError(`--max-bytes: expected a number of bytes from 1 to ${BATCH_DEFAULTS.maxPageBytes}, found ${a['max-bytes']}`);
          if (a['max-memory'] !== undefined && !(Number.isInteger(a['max-memory']) && a['max-memory'] >= 16)) throw new ConfigError(`--max-memory: expected an integer number of MiB ≥ 16, found ${a['max-memory']}`);
          if (!(Number.isInteger(a['max-pending']) && a['max-pending'] >= 1)) throw new ConfigError(`--max-pending: expected an integer ≥ 1, found ${a['max-pending']}`);
          checkFavorFlag(a);
          return true;
        }) as never,
    handler: async (args) => {
      // A model that cannot be found fails at the start, not on every request.
      if (args.algorithm === undefined) {
        const options = flagsToOptions(args);
        resolveModel(options);
        checkWorkerModels(options, args.workers);
      }
      if (!io.stdin) throw new ConfigError('farsw serve --stdio needs a standard input');
      const t0 = performance.now();
      const workerFile = process.env['FARSW_BATCH_WORKER'];
      const flags: ApplyFlags = Object.fromEntries(Object.entries(args).filter(([k]) => !SERVE_ONLY.has(k) && !k.includes('_') && !/[A-Z]/.test(k)));
      if (!args.quiet) io.stderr(`farsw serve: reading requests on standard input (${args.workers} thread${args.workers === 1 ? '' : 's'}, at most ${args['max-pending']} pending)\n`);
      const summary = await serve({
        input: io.stdin as AsyncIterable<Buffer>, write: (s) => io.stdout(s), flags,
        workers: args.workers, pageTimeoutMs: args['page-timeout'], maxBytes: args['max-bytes'], maxPending: args['max-pending'],
        ...(args['max-memory'] !== undefined ? { heapMb: args['max-memory'] } : {}),
        ...(workerFile ? { workerFile } : {}),
      });
      if (!args.quiet) io.stderr(`farsw serve: ${summary.requests} requests, ${summary.failed} failed, in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    },
  };
}

/** Parsed arguments that are not extraction flags. */
const SERVE_ONLY = new Set(['stdio', 'workers', 'w', 'page-timeout', 'max-bytes', 'max-memory', 'max-pending', 'quiet', 'q', 'm', 'a', 'f', '$0']);
