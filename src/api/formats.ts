/**
 * Output formats, one entry each: name → what extract() renders for it and how one page is written
 * (`farsw apply PAGE --format F`, `--out-dir` files, the library's `format` option, batch record fields).
 * A new format is one entry here plus its writer (a renderer over the line table and the chosen blocks,
 * as html/markdown.ts and html/clean-html.ts are), and its field in Renditions when it renders one.
 */
import { BlockKind, LineContext, type Block, type LineTable } from '../core/types.js';
import { cleanHtml, escapeAttr, escapeText } from '../html/clean-html.js';
import { safeUrl } from '../html/safe-url.js';
import { blocksToMarkdown, escapeMarkdown } from '../html/markdown.js';
import type { PageMetadata } from '../html/metadata.js';
import { emptyHeadings, outputLineText, pageBaseUrl, tableCells, withWholeTables } from '../html/layout.js';

/** What a renderer reads: the page's source, the line table the blocks index (undefined for extractors without line blocks), the result. */
export interface RenderInput {
  readonly source: string;
  readonly table: LineTable | undefined;
  readonly blocks: readonly Block[];
  readonly text: string;
  /** Text the extraction added after the chosen lines' (a product's JSON-LD description): a rendition ends with it too. */
  readonly supplement?: string | undefined;
  readonly url: string | undefined;
  /** The elements the line builder dropped with their content (LineOptions.dropElements): the html leaves them out too. */
  readonly dropElements?: readonly string[] | undefined;
  /** Tables, link targets and images in the rendition (each default true; ExtractOptions.tables, links, images). */
  readonly tables?: boolean;
  readonly links?: boolean;
  readonly images?: boolean;
}

/**
 * The renditions of the rendering formats, one field each under the format's name: what extract() adds to its result and
 * a batch record carries. A new rendering format adds its field here.
 */
export interface Renditions {
  /** The chosen lines as Markdown, with `format: 'markdown'`. */
  readonly markdown?: string;
  /** The chosen lines as clean article HTML, with `format: 'html'`. */
  readonly html?: string;
}

/** The fields of an extraction result a page writer reads (api/extract.ts ExtractResult has them all). */
export interface FormattedResult extends Renditions {
  readonly text: string;
  readonly method: string;
  readonly blocks: readonly Block[];
  readonly lineCount?: number;
  readonly model?: string;
  readonly modelReason?: string;
  /** The page-type strategy the page ran (api/extract.ts ExtractResult). */
  readonly strategy?: string;
  readonly encoding?: string;
  readonly metadata?: PageMetadata;
  readonly farsw?: object;
  readonly warnings?: readonly string[];
  readonly profile?: Record<string, number>;
}

/** Where a page came from and how many are written together (`==> file <==` headers, compact JSON). */
export interface PageContext {
  readonly file: string;
  readonly url?: string | undefined;
  readonly many: boolean;
}

/** One output format. */
export interface OutputFormat {
  /** File name extension of one page in this format (`--out-dir`). */
  readonly extension: string;
  /** The rendition extract() adds to its result under the format's name (`markdown`, `html`); absent: the text is enough. */
  readonly render?: (page: RenderInput) => string;
  /** One page as `farsw apply PAGE` prints it (header, body, final newline). */
  readonly page: (result: FormattedResult, context: PageContext) => string;
  /** One page of a batch as `--out-dir` writes it, from its output record (its metadata with --with-metadata). */
  readonly file: (record: PageRecord) => string;
}

/** What `--out-dir` writes a page from: a batch output record. */
export interface PageRecord extends Renditions { readonly text: string; readonly metadata?: object }

/** `body` with a newline after it (none for an empty page), under a `==> file <==` header when several pages are written. */
function framed(body: string, context: PageContext): string {
  return (context.many ? `==> ${context.file} <==\n` : '') + body + (body ? '\n' : '');
}

/** The metadata fields the page gives, the headline only where it differs from the title. */
const shownFields = (m: PageMetadata): [string, unknown][] =>
  Object.entries(m).filter(([k, v]) => v !== null && v !== undefined && !(k === 'headline' && v === m.title));

/** YAML front matter of the metadata fields the page gives (strings double-quoted as JSON, which YAML reads). */
export function frontMatter(m: PageMetadata): string {
  const lines = shownFields(m).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return lines.length > 0 ? `---\n${lines.join('\n')}\n---\n\n` : '';
}

/** Text output's header lines: `title: …` and the other fields the page gives, then a blank line. */
function metadataLines(m: PageMetadata): string {
  const lines = shownFields(m)
    .map(([k, v]) => `${k}: ${k === 'pageType' ? `${m.pageType!.type} (confidence ${m.pageType!.confidence.toFixed(2)})` : String(v)}`);
  return lines.length > 0 ? `${lines.join('\n')}\n\n` : '';
}

/**
 * `--format html --with-metadata`: the article in a document whose `<head>` holds the metadata (title, author, date,
 * description, canonical link; `<html lang dir>`), every value escaped, the canonical URL http(s) or relative only.
 */
export function htmlDocument(article: string, m: PageMetadata): string {
  const meta = (name: string, v: string | null): string => (v ? `<meta name="${name}" content="${escapeAttr(v)}">\n` : '');
  const canonical = m.canonicalUrl !== null ? safeUrl(m.canonicalUrl, undefined) : null;
  const attrs = (m.lang ? ` lang="${escapeAttr(m.lang)}"` : '') + (m.dir ? ` dir="${escapeAttr(m.dir)}"` : '');
  return `<!DOCTYPE html>\n<html${attrs}>\n<head>\n<meta charset="utf-8">\n`
    + (m.title ? `<title>${escapeText(m.title)}</title>\n` : '')
    + meta('author', m.byline) + meta('date', m.date) + meta('description', m.description)
    + (canonical ? `<link rel="canonical" href="${escapeAttr(canonical)}">\n` : '')
    + `</head>\n<body>\n${article}${article ? '\n' : ''}</body>\n</html>`;
}

/** A record's metadata as PageMetadata (batch records carry it as a plain object). */
const metadataOf = (rec: PageRecord): PageMetadata | undefined => rec.metadata as PageMetadata | undefined;

/** The `--format json` document of one page; `url`: the page's URL (after redirects, or --url) when there is one. */
function jsonDocument(r: FormattedResult, context: PageContext): Record<string, unknown> {
  return {
    file: context.file, ...(context.url !== undefined ? { url: context.url } : {}), method: r.method, model: r.model, ...(r.modelReason !== undefined ? { modelReason: r.modelReason } : {}), ...(r.strategy !== undefined ? { strategy: r.strategy } : {}), encoding: r.encoding, lines: r.lineCount,
    blocks: r.blocks.map((b) => ({ start: b.start, end: b.end, score: b.score })),
    ...(r.farsw ? { farsw: r.farsw } : {}),
    ...(r.metadata ? { metadata: r.metadata } : {}),
    ...(r.warnings ? { warnings: r.warnings } : {}),
    ...(r.profile ? { profile: r.profile } : {}), text: r.text,
  };
}

/** Markdown of the chosen lines (links, images, lists, quotes); paragraphs of the text for extractors without line blocks. */
function renderMarkdown(p: RenderInput): string {
  if (!p.table) return p.text === '' ? '' : p.text.split('\n').map(escapeMarkdown).join('\n\n');
  const baseUrl = pageBaseUrl(p.source, p.url);
  const md = blocksToMarkdown(p.table, p.blocks, { source: p.source, ...(baseUrl !== undefined ? { baseUrl } : {}), ...keptParts(p) });
  const extra = supplementLines(p).map(escapeMarkdown).join('\n\n');
  return extra === '' ? md : md === '' ? extra : `${md}\n\n${extra}`;
}

/** The supplement's non-empty lines, each a paragraph of a rendition. */
const supplementLines = (p: RenderInput): string[] => (p.supplement ?? '').split('\n').filter((l) => l.trim() !== '');

/** Clean article HTML of the chosen lines' source; paragraphs of the text for extractors without line blocks. */
function renderHtml(p: RenderInput): string {
  if (!p.table) {
    const paragraphs = p.text.split('\n').map((t) => `<p>${t.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`).join('');
    return p.text === '' ? '' : cleanHtml(paragraphs, [[0, paragraphs.length]]);
  }
  const table = p.table, source = p.source;
  // A chosen table whole (its image cells too); no heading with nothing under it.
  const blocks = withWholeTables(table, p.blocks, tableCells(table));
  const empty = emptyHeadings(table, blocks, (i) => outputLineText(table, i, source));
  // The chosen lines' own ranges, with the white space between two chosen lines of a <pre>: what lies
  // between two lines that are not (a comment section, a hidden element the lines dropped) is left out.
  const ranges: [number, number][] = [];
  let prev = -2;
  for (const b of blocks) {
    for (let i = b.start; i < b.end; i++) {
      if (empty.has(i)) continue;
      const last = ranges[ranges.length - 1];
      if (last !== undefined && (last[1] === table.start[i] || (prev === i - 1 && sameCodeBlock(table, source, last[1], i)))) last[1] = table.end[i]!;
      else ranges.push([table.start[i]!, table.end[i]!]);
      prev = i;
    }
  }
  // The elements the lines dropped with their content, and only those: the html holds the text's words.
  const html = cleanHtml(source, ranges, pageBaseUrl(source, p.url), p.dropElements, keptParts(p));
  const extra = supplementLines(p).map((l) => `<p>${escapeText(l.trim())}</p>`).join('\n');
  // Inside the article, as its last paragraphs.
  const close = '\n</article>';
  if (extra === '') return html;
  if (html === '') return `<article>\n${extra}${close}`;
  return html.endsWith(close) ? `${html.slice(0, -close.length)}\n${extra}${close}` : `${html}\n${extra}`;
}

/** What a rendition keeps besides the text: tables, link targets, images. */
function keptParts(p: RenderInput): { tables: boolean; links: boolean; images: boolean } {
  return { tables: p.tables !== false, links: p.links !== false, images: p.images !== false };
}
const WHITE_SPACE = /^\s*$/;

/** Does line `i` go on the `<pre>` of line `i - 1` (which ends at `from`), with only white space (its line breaks) between them? */
function sameCodeBlock(table: LineTable, source: string, from: number, i: number): boolean {
  return (table.context[i - 1]! & table.context[i]! & LineContext.Preformatted) !== 0 && table.block[i] !== BlockKind.Preformatted
    && WHITE_SPACE.test(source.slice(from, table.start[i]));
}

const FORMATS = {
  text: {
    extension: '.txt',
    page: (r, c) => framed((r.metadata ? metadataLines(r.metadata) : '') + r.text, c),
    file: (rec) => { const m = metadataOf(rec), body = (m ? metadataLines(m) : '') + rec.text; return body + (body ? '\n' : ''); },
  },
  json: {
    extension: '.json',
    page: (r, c) => JSON.stringify(jsonDocument(r, c), null, c.many ? undefined : 2) + '\n',
    file: (rec) => JSON.stringify(rec) + '\n',
  },
  markdown: {
    extension: '.md',
    render: renderMarkdown,
    page: (r, c) => framed((r.metadata ? frontMatter(r.metadata) : '') + (r.markdown ?? ''), c),
    file: (rec) => { const m = metadataOf(rec), md = (m ? frontMatter(m) : '') + (rec.markdown ?? ''); return md + (md ? '\n' : ''); },
  },
  html: {
    extension: '.html',
    render: renderHtml,
    page: (r, c) => framed(r.metadata ? htmlDocument(r.html ?? '', r.metadata) : r.html ?? '', c),
    file: (rec) => { const m = metadataOf(rec), h = m ? htmlDocument(rec.html ?? '', m) : rec.html ?? ''; return h + (h ? '\n' : ''); },
  },
} satisfies Record<string, OutputFormat>;

/** A format's name. */
export type FormatName = keyof typeof FORMATS;

/** The output formats by name. */
export const OUTPUT_FORMATS: Readonly<Record<FormatName, OutputFormat>> = Object.freeze(FORMATS);

/** The format names, in registry order (`--format` choices). */
export const FORMAT_NAMES = Object.freeze(Object.keys(OUTPUT_FORMATS) as FormatName[]);

/** The format called `name`, or undefined. */
export function outputFormat(name: string): OutputFormat | undefined {
  return Object.hasOwn(OUTPUT_FORMATS, name) ? OUTPUT_FORMATS[name as FormatName] : undefined;
}

/** The renditions `result` carries (`markdown`, `html`, …: the fields of rendering formats), in registry order: what a batch record copies. */
export function renderedFields(result: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FORMAT_NAMES) {
    const value = (result as Record<string, unknown>)[name];
    if (OUTPUT_FORMATS[name].render !== undefined && typeof value === 'string') out[name] = value;
  }
  return out;
}
