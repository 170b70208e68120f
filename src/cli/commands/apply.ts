/**
 * `farsw apply`: extract the main content of pages.
 *   farsw apply page.html [more.html …] | -        one page per file (or stdin)
 *   farsw apply --input pages.jsonl[.gz] --output out.jsonl   batch over records
 *     (JSON Lines, WARC, files, directories, stdin; worker pool, shards: src/batch/command.ts)
 */
import { readFile } from 'node:fs/promises';
import type { CommandModule } from 'yargs';
import { InputError, ConfigError } from '../../core/errors.js';
import { extract, type ExtractOptions, type ExtractResult } from '../../extract/extract.js';
import { DEFAULT_ALGORITHM, extractorNames } from '../../extract/registry.js';
import { applyBatch, batchOptions, checkBatchArgs, type BatchArgs } from '../../batch/command.js';
import type { CliIo } from '../io.js';

interface ApplyArgs extends Partial<Omit<BatchArgs, 'input'>> {
  files?: string[];
  algorithm: string;
  format: 'text' | 'json';
  input?: string[];
  url?: string;
  'content-type'?: string;
  gap?: number;
  radius?: number;
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
    file, method: r.method, encoding: r.encoding, lines: r.lineCount,
    blocks: r.blocks.map((b) => ({ start: b.start, end: b.end, score: b.score })),
    profile: r.profile, text: r.text,
  };
}

function extractOptions(args: ApplyArgs): ExtractOptions {
  const dana: { gap?: number; radius?: number } = {};
  if (args.gap !== undefined) dana.gap = args.gap;
  if (args.radius !== undefined) dana.radius = args.radius;
  return {
    algorithm: args.algorithm,
    profile: args.profile || args.format === 'json',
    dana,
    ...(args.url !== undefined ? { url: args.url } : {}),
    ...(args['content-type'] !== undefined ? { contentType: args['content-type'] } : {}),
  };
}

export function applyCommand(io: CliIo): CommandModule<object, ApplyArgs> {
  return {
    command: 'apply [files..]',
    describe: 'Extract the main content of pages (files, - for stdin, or --input records)',
    builder: (y) =>
      batchOptions(y)
        .positional('files', { type: 'string', array: true, describe: 'HTML files; - reads stdin' })
        .option('algorithm', { alias: 'a', type: 'string', choices: extractorNames(), default: DEFAULT_ALGORITHM, describe: 'Extractor' })
        .option('format', { alias: 'f', choices: ['text', 'json'] as const, default: 'text' as const, describe: 'Output format' })
        .option('url', { type: 'string', describe: 'URL of the page (for model choice)' })
        .option('content-type', { type: 'string', describe: 'Transport Content-Type / charset of the file bytes' })
        .option('gap', { type: 'number', describe: 'DANA Algorithm 1 gap in lines (default 20)' })
        .option('radius', { type: 'number', describe: 'DANA smoothing radius (default 1)' })
        .option('profile', { type: 'boolean', default: false, describe: 'Print per-stage timings to stderr' })
        .check((a) => {
          if (a.input === undefined && (a.files === undefined || a.files.length === 0)) throw new ConfigError('give HTML files (or -) or --input PAGES.jsonl');
          if (a.input !== undefined && a.files !== undefined && a.files.length > 0) throw new ConfigError('give either files or --input, not both');
          checkBatchArgs(a as Partial<BatchArgs>, a.input !== undefined);
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
        const result = extract(await readPage(file, io), options);
        if (args.format === 'json') {
          io.stdout(JSON.stringify(toJson(file, result), null, files.length > 1 ? undefined : 2) + '\n');
        } else {
          if (files.length > 1) io.stdout(`==> ${file} <==\n`);
          io.stdout(result.text + (result.text ? '\n' : ''));
        }
        if (args.profile && result.profile) {
          const parts = Object.entries(result.profile).map(([k, v]) => `${k} ${v.toFixed(2)} ms`);
          io.stderr(`${file}: ${parts.join(', ')}\n`);
        }
      }
    },
  };
}
