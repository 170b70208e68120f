/**
 * `farsw apply`: extract the main content of pages.
 *   farsw apply page.html [more.html …] | -        one page per file (or stdin)
 *   farsw apply --input pages.jsonl[.gz] --output out.jsonl   batch over records
 *     (JSON Lines, WARC, files, directories, stdin; worker pool, shards: src/cli/batch-command.ts)
 */
import { readFile } from 'node:fs/promises';
import type { CommandModule } from 'yargs';
import { InputError, ConfigError, isFarswError } from '../../core/errors.js';
import { extract, type ExtractOptions, type ExtractResult } from '../../api/extract.js';
import { DEFAULT_ALGORITHM, extractorNames } from '../../extract/registry.js';
import { DEFAULT_STORE_PATH } from '../../model-store/store.js';
import { applyBatch, batchOptions, checkBatchArgs, type BatchArgs } from '../batch-command.js';
import { lineArgs, lineOptions, type LineArgs } from '../line-options.js';
import { danaArgs, extractorOptions, farswArgs, type ExtractorArgs } from '../extractor-options.js';
import type { CliIo } from '../io.js';

interface ApplyArgs extends Partial<Omit<BatchArgs, 'input'>>, LineArgs, ExtractorArgs {
  files?: string[];
  algorithm?: string;
  model?: string;
  store: string;
  format: 'text' | 'json' | 'markdown';
  input?: string[];
  url?: string;
  'content-type'?: string;
  profile: boolean;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks);
}

async function readPage(file: string, io: CliIo): Promise<Uint8Array> {
  if (file === '-') {
    if (!io.stdin) throw new InputError('-: no standard input available');
    return readAll(io.stdin);
  }
  try {
    return await readFile(file);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const why = err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'is a directory' : err.message;
    throw new InputError(`${file}: cannot read (${why})`);
  }
}

function toJson(file: string, r: ExtractResult): Record<string, unknown> {
  return {
    file, method: r.method, model: r.model, encoding: r.encoding, lines: r.lineCount,
    blocks: r.blocks.map((b) => ({ start: b.start, end: b.end, score: b.score })),
    ...(r.farsw ? { farsw: r.farsw } : {}),
    profile: r.profile, text: r.text,
  };
}

function extractOptions(args: ApplyArgs): ExtractOptions {
  const chooser = args.algorithm !== undefined ? { algorithm: args.algorithm } : { model: args.model ?? 'auto', store: args.store };
  return {
    ...chooser,
    profile: args.profile || args.format === 'json',
    ...(args.format === 'markdown' ? { format: 'markdown' as const } : {}),
    dana: danaArgs(args),
    lines: lineArgs(args),
    farsw: farswArgs(args),
    ...(args.url !== undefined ? { url: args.url } : {}),
    ...(args['content-type'] !== undefined ? { contentType: args['content-type'] } : {}),
  };
}

export function applyCommand(io: CliIo): CommandModule<object, ApplyArgs> {
  return {
    command: 'apply [files..]',
    describe: 'Extract the main content of pages (files, - for stdin, or --input records)',
    builder: (y) =>
      extractorOptions(lineOptions(batchOptions(y)))
        .positional('files', { type: 'string', array: true, describe: 'HTML files; - reads stdin' })
        .option('model', { alias: 'm', type: 'string', describe: 'FAR-SW model: a name in the store, an exported FILE.json, or auto (default: the site model matching the page host, else "default")' })
        .option('algorithm', { alias: 'a', type: 'string', choices: extractorNames(), describe: `An extractor needing no model instead (e.g. ${DEFAULT_ALGORITHM})` })
        .option('store', { type: 'string', default: DEFAULT_STORE_PATH, describe: 'Model store (read-only here)' })
        .option('format', { alias: 'f', choices: ['text', 'json', 'markdown'] as const, default: 'text' as const, describe: 'Output format (markdown: headings, lists, quotes, code of the chosen lines)' })
        .option('url', { type: 'string', describe: 'URL of the page (for model choice)' })
        .option('content-type', { type: 'string', describe: 'Transport Content-Type / charset of the file bytes' })
        .option('profile', { type: 'boolean', default: false, describe: 'Print per-stage timings to stderr' })
        .check((a) => {
          if (a.input === undefined && (a.files === undefined || a.files.length === 0)) throw new ConfigError('give HTML files (or -) or --input PAGES.jsonl');
          if (a.input !== undefined && a.files !== undefined && a.files.length > 0) throw new ConfigError('give either files or --input, not both');
          checkBatchArgs(a as Partial<BatchArgs>, a.input !== undefined);
          if (a.algorithm !== undefined && a.model !== undefined) throw new ConfigError('give either --algorithm or --model, not both');
          return true;
        }) as never,
    handler: async (args) => {
      if (args.input !== undefined) {
        const workerFile = process.env['FARSW_BATCH_WORKER'];
        return applyBatch(args as unknown as BatchArgs, extractOptions({ ...args, profile: false, format: 'text' }), io, workerFile ? { workerFile } : {});
      }
      const files = args.files ?? [];
      const options = extractOptions(args);
      for (const file of files) {
        const page = await readPage(file, io);
        let result: ExtractResult;
        try {
          result = extract(page, options);
        } catch (e) {
          // Name the file in known errors (e.g. "page.png: not HTML: PNG image").
          if (isFarswError(e) && !(e instanceof ConfigError)) throw new InputError(`${file}: ${e.message}`, { cause: e });
          throw e;
        }
        if (args.format === 'json') {
          io.stdout(JSON.stringify(toJson(file, result), null, files.length > 1 ? undefined : 2) + '\n');
        } else {
          if (files.length > 1) io.stdout(`==> ${file} <==\n`);
          const body = args.format === 'markdown' ? result.markdown ?? '' : result.text;
          io.stdout(body + (body ? '\n' : ''));
        }
        if (args.profile && result.profile) {
          const parts = Object.entries(result.profile).map(([k, v]) => `${k} ${v.toFixed(2)} ms`);
          io.stderr(`${file}: ${parts.join(', ')}\n`);
        }
      }
    },
  };
}
