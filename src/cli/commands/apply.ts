/**
 * `farsw apply`: extract the main content of pages.
 *   farsw apply page.html [more.html …] | -        one page per file (or stdin)
 *   farsw apply --input pages.jsonl[.gz] --output out.jsonl   batch over records
 *     (JSON Lines, WARC, files, directories, stdin; worker pool, shards: src/cli/batch-command.ts)
 */
import { applyHelpGroups } from '../help-groups.js';
import { emptyReason } from '../../extract/empty-reason.js';
import { EXIT, type CliIo } from '../io.js';
import type { CommandModule } from 'yargs';
import { storeOptionSpec } from '../store-location.js';
import { InputError, ConfigError, DecodeError, isFarswError } from '../../core/errors.js';
import { BATCH_DEFAULTS } from '../../core/defaults.js';
import { extract, resolveModel, type ExtractOptions, type ExtractResult } from '../../api/extract.js';
import { FORMAT_NAMES, OUTPUT_FORMATS, type FormatName } from '../../api/formats.js';
import { decodeHtml } from '../../html/decode.js';
import { DEFAULT_ALGORITHM, extractorNames } from '../../extract/registry.js';
import { applyBatch, batchOptions, checkBatchArgs, checkWorkerModels, fetchArgs, type BatchArgs } from '../batch-command.js';
import { readPageArg } from '../read-page.js';
import { lineOptions, type LineArgs } from '../line-options.js';
import { checkFavorFlag, extractorOptions, type ExtractorArgs } from '../extractor-options.js';
import { flagsToOptions } from '../../api/flag-options.js';
import { FAVORS, type Favor } from '../../api/favor.js';

interface ApplyArgs extends Partial<Omit<BatchArgs, 'input'>>, LineArgs, ExtractorArgs {
  files?: string[];
  algorithm?: string;
  model?: string;
  store: string;
  'use-site-model': boolean;
  format: FormatName;
  'with-metadata': boolean;
  tables: boolean;
  links: boolean;
  images: boolean;
  input?: string[];
  url?: string;
  'content-type'?: string;
  profile: boolean;
  favor?: Favor;
}

function extractOptions(args: ApplyArgs): ExtractOptions {
  return flagsToOptions(args);
}

/** Extract one page (a file, `-` or a URL) and write it in the asked format. */
async function applyOne(file: string, count: number, options: ExtractOptions, args: ApplyArgs, io: CliIo): Promise<void> {
  const maxBytes = args['max-bytes'] ?? BATCH_DEFAULTS.maxBytes;
  const read = await readPageArg(file, io, { maxBytes, fetch: fetchArgs(args), ...(args['content-type'] !== undefined ? { contentType: args['content-type'] } : {}) });
  const page = read.bytes;
  // A fetched page's header charset is the transport hint and its final URL picks the site model (unless --url / --content-type say otherwise).
  const opts: ExtractOptions = { ...(read.url !== undefined ? { url: read.url } : {}), ...(read.contentType !== undefined ? { contentType: read.contentType } : {}), ...options };
  let result: ExtractResult;
  try {
    result = extract(page, opts);
  } catch (e) {
    // Name the file in known errors (e.g. "page.png: not HTML: PNG image").
    if (isFarswError(e) && !(e instanceof ConfigError)) throw new InputError(`${file}: ${e.message}`, { cause: e });
    if (e instanceof RangeError) throw new InputError(`${file}: page too large to extract in memory (${e.message})`, { cause: e });
    throw e;
  }
  io.stdout(OUTPUT_FORMATS[args.format].page(result, { file, url: opts.url, many: count > 1 }));
  if (result.text === '') {
    // The page as it was read (its own charset, not UTF-8), so the reason counts its letters right.
    const html = typeof opts.contentType === 'string' ? decodeHtml(page, { contentType: opts.contentType }).text : decodeHtml(page).text;
    io.stderr(`farsw: ${file}: nothing extracted: ${emptyReason(html, result.method, options.lines ?? {})}\n`);
  }
  if (args.profile && result.profile) {
    const parts = Object.entries(result.profile).map(([k, v]) => `${k} ${v.toFixed(2)} ms`);
    io.stderr(`${file}: ${parts.join(', ')}\n`);
  }
}

export function applyCommand(io: CliIo): CommandModule<object, ApplyArgs> {
  return {
    command: 'apply [files..]',
    describe: 'Extract the main content of pages (files, - for stdin, or --input records)',
    builder: (y) =>
      applyHelpGroups(extractorOptions(lineOptions(batchOptions(y))))
        .positional('files', { type: 'string', array: true, describe: 'HTML files (gzip too), http(s) URLs; - reads stdin' })
        .option('model', { alias: 'm', type: 'string', describe: 'FAR-SW model: a name in the store, an exported FILE.json, or auto (default: the site model matching the page host, else "default")' })
        .option('algorithm', { alias: 'a', type: 'string', choices: extractorNames(), describe: `An extractor needing no model instead (e.g. ${DEFAULT_ALGORITHM})` })
        .option('store', storeOptionSpec('Model store (read-only here)'))
        .option('use-site-model', { type: 'boolean', default: false, describe: 'With --model auto: use the matching site model even where it lost to the default model in training (farsw models show NAME)' })
        .option('format', { alias: 'f', choices: FORMAT_NAMES, default: 'text' as FormatName, describe: 'Output format (markdown: headings, lists, quotes, code, links and images of the chosen lines; html: clean article HTML; json: everything, metadata included). With --input: a "markdown" or "html" field in each record' })
        .option('with-metadata', { type: 'boolean', default: false, describe: 'Also give the page metadata (title, byline, date, site name, language, direction, canonical URL, description, excerpt, image): markdown front matter, text header lines, a "metadata" field of batch records' })
        .option('tables', { type: 'boolean', default: true, describe: '--no-tables: leave tables out of the output (every format)' })
        .option('links', { type: 'boolean', default: true, describe: '--no-links: link text without link targets (markdown, html)' })
        .option('images', { type: 'boolean', default: true, describe: '--no-images: leave images out (markdown, html)' })
        .option('url', { type: 'string', describe: 'URL of the page: picks the site model (--model auto), makes markdown and html links absolute (without it: the page\'s <base href> or og:url)' })
        .option('content-type', { type: 'string', describe: 'Transport Content-Type / charset of the file bytes' })
        .option('favor', { choices: FAVORS, describe: 'precision: leave out more boilerplate; recall: lose less content; balanced: the defaults. A documented parameter set (docs/cli.md, "Precision or recall"); flags given explicitly win' })
        .option('profile', { type: 'boolean', default: false, describe: 'Print per-stage timings to stderr (with --format json, also a "profile" field)' })
        .check((a) => {
          if (a.input === undefined && (a.files === undefined || a.files.length === 0)) throw new ConfigError('give HTML files (or -) or --input PAGES.jsonl');
          if (a.input !== undefined && a.files !== undefined && a.files.length > 0) throw new ConfigError('give either files or --input, not both');
          // Standard input can be read once: a second `-` would read nothing.
          if ([...(a.files ?? []), ...((a.input as string[] | undefined) ?? [])].filter((f) => f === '-').length > 1) throw new ConfigError('- (standard input) is given twice; it can be read once');
          checkBatchArgs(a as Partial<BatchArgs>, a.input !== undefined);
          if (a.algorithm !== undefined && a.model !== undefined) throw new ConfigError('give either --algorithm or --model, not both');
          checkFavorFlag(a);
          return true;
        }) as never,
    handler: async (args) => {
      // A model that cannot be found fails the command once, not every page of a crawl.
      if (args.algorithm === undefined) resolveModel({ model: args.model ?? 'auto', store: args.store });
      if (args.input !== undefined) {
        const workerFile = process.env['FARSW_BATCH_WORKER'];
        // FARSW_BATCH_NOOP=1: records are read and checked but not extracted (scripts/bench-batch.mjs measures the coordinator so).
        const noop = process.env['FARSW_BATCH_NOOP'] === '1';
        if (args.format === 'json' && args['out-dir'] === undefined) throw new ConfigError('--format json is for single pages and --out-dir: batch records are JSON already (use --with-metadata for the metadata)');
        const options = extractOptions({ ...args, profile: false });
        checkWorkerModels(options, args.workers ?? 1);
        return applyBatch(args as unknown as BatchArgs, options, io, { ...(workerFile ? { workerFile } : {}), ...(noop ? { noop } : {}) });
      }
      const files = args.files ?? [];
      const options = extractOptions(args);
      let failed = 0;
      for (const file of files) {
        try {
          await applyOne(file, files.length, options, args, io);
        } catch (e) {
          // A page that cannot be read or is not HTML is reported and the others still run; exit 1 at the end.
          if (!(e instanceof InputError || e instanceof DecodeError)) throw e;
          io.stderr(`farsw: ${e.message}\n`);
          failed++;
        }
      }
      if (failed > 0) {
        if (files.length > 1) io.stderr(`farsw apply: ${failed} of ${files.length} pages failed\n`);
        io.exitCode = EXIT.error;
      }
    },
  };
}
