/**
 * `farsw explain PAGE`: why each line was kept or dropped.
 *   farsw explain page.html                      table of the first 40 chosen-or-topical lines
 *   farsw explain page.html --lines 100-140      table of lines 100..140
 *   farsw explain page.html --svg out.svg        the DANA-style picture (also --html out.html: picture + line table;
 *                                                with both, the SVG links to the HTML's rows)
 *   farsw explain page.html -a addanag           the DANA core alone (no rules, no windows)
 */
import { writeWholeFile } from '../../batch/output.js';
import { dirname, relative, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { storeOptionSpec } from '../store-location.js';
import { ConfigError } from '../../core/errors.js';
import { decodeHtml } from '../../html/decode.js';
import { DANA_VARIANTS, type DanaVariant } from '../../extract/dana.js';
import { resolveModel } from '../../api/extract.js';
import { explainPage, interestingLines, summarize, type ExplainOptions } from '../../explain/explain.js';
import { whyLine } from '../../explain/why.js';
import { renderSvg } from '../../explain/svg.js';
import { renderHtml } from '../../explain/html.js';
import { renderLineTable } from '../../explain/line-table.js';
import type { CliIo } from '../io.js';
import { readPageArg } from '../read-page.js';
import { BATCH_DEFAULTS } from '../../core/defaults.js';
import { danaArgs, extractorOptions, farswArgs, presetArgs, type ExtractorArgs } from '../extractor-options.js';

interface ExplainArgs extends ExtractorArgs {
  page: string;
  model?: string;
  store: string;
  algorithm?: DanaVariant;
  svg?: string;
  html?: string;
  lines?: string;
  url?: string;
  'content-type'?: string;
  width?: number;
  why?: number;
}

/** Lines shown by default in the terminal. */
const DEFAULT_TABLE_LINES = 40;
const LINE_RANGE = /^(\d+)(?:-(\d*))?$/;

/** `A-B` (inclusive), `A-` (to the end) or `A` → [from, to]. */
export function parseLineRange(spec: string): [number, number] {
  const m = LINE_RANGE.exec(spec.trim());
  if (!m) throw new ConfigError(`--lines: expected A-B (line indices), found "${spec}"`);
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : m[2] === '' ? Number.MAX_SAFE_INTEGER : Number(m[2]);
  if (to < from) throw new ConfigError(`--lines: the range ${spec} ends before it starts`);
  return [from, to];
}

function explainOptions(args: ExplainArgs): ExplainOptions {
  const dana = danaArgs(args);
  const url = args.url !== undefined ? { url: args.url } : {};
  if (args.algorithm !== undefined) return { algorithm: args.algorithm, dana, ...presetArgs(args), ...url };
  const model = resolveModel({ model: args.model ?? 'auto', store: args.store, ...url });
  return { model, farsw: farswArgs(args), ...presetArgs(args), ...url };
}

export function explainCommand(io: CliIo): CommandModule<object, ExplainArgs> {
  return {
    command: 'explain <page>',
    describe: 'Show why each line of a page was kept or dropped (terminal table, --svg, --html)',
    builder: (y) =>
      extractorOptions(y)
        .positional('page', { type: 'string', demandOption: true, describe: 'HTML file (gzip too), an http(s) URL, or - for stdin' })
        .option('model', { alias: 'm', type: 'string', describe: 'FAR-SW model: a name in the store, or auto (default)' })
        .option('algorithm', { alias: 'a', choices: DANA_VARIANTS, describe: 'Explain the DANA core alone instead of a model' })
        .option('store', storeOptionSpec('Model store (read-only)'))
        .option('svg', { type: 'string', describe: 'Write the picture as SVG to this file' })
        .option('html', { type: 'string', describe: 'Write a standalone HTML page (picture + line table) to this file' })
        .option('lines', { alias: 'l', type: 'string', describe: `Print lines A-B (inclusive) in the terminal (default: the first ${DEFAULT_TABLE_LINES} chosen or topical lines)` })
        .option('url', { type: 'string', describe: 'URL of the page (for model choice; shown, never fetched)' })
        .option('content-type', { type: 'string', describe: 'Transport Content-Type / charset of the file bytes' })
        .option('why', { type: 'number', describe: 'Why this line was kept or dropped: the model stage that decided it, and the evidence rules that fired on it (models trained with evidence rules)' })
        .option('width', { type: 'number', describe: 'Terminal width for the table (default: the terminal, else 100)' })
        .check((a) => {
          if (a.algorithm !== undefined && a.model !== undefined) throw new ConfigError('give either --algorithm or --model, not both');
          if (a.lines !== undefined) parseLineRange(a.lines);
          return true;
        }) as never,
    handler: async (args) => {
      const contentType = args['content-type'];
      const read = await readPageArg(args.page, io, { maxBytes: BATCH_DEFAULTS.maxBytes, ...(contentType !== undefined ? { contentType } : {}) });
      const hint = contentType ?? read.contentType;
      const { text: html } = decodeHtml(read.bytes, hint !== undefined ? { contentType: hint } : {});
      // A fetched page's final URL picks the site model unless --url says otherwise.
      const data = explainPage(html, explainOptions(args.url === undefined && read.url !== undefined ? { ...args, url: read.url } : args));
      if (args.svg !== undefined) {
        // With --html too, the picture's blocks and line numbers link to the rows of that file's table.
        const table = args.html !== undefined ? relative(dirname(resolve(args.svg)), resolve(args.html)).split('\\').join('/') : undefined;
        await writeWholeFile(args.svg, renderSvg(data, table !== undefined ? { table } : {}));
        io.stderr(`farsw explain: wrote ${args.svg}\n`);
      }
      if (args.html !== undefined) {
        await writeWholeFile(args.html, renderHtml(data));
        io.stderr(`farsw explain: wrote ${args.html}\n`);
      }
      const wroteFile = args.svg !== undefined || args.html !== undefined;
      if (wroteFile && args.lines === undefined) {
        io.stderr(`${summarize(data)}\n`);
        return;
      }
      const width = args.width ?? process.stdout.columns ?? 100;
      io.stdout(`${summarize(data)}\n`);
      if (args.why !== undefined) {
        io.stdout(whyLine(data, args.why));
        return;
      }
      if (args.lines !== undefined) {
        const [from, to] = parseLineRange(args.lines);
        io.stdout(renderLineTable(data, from, to, { width }));
      } else {
        io.stdout(renderLineTable(data, interestingLines(data, DEFAULT_TABLE_LINES), undefined, { width }));
      }
    },
  };
}
