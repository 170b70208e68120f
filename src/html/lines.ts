/**
 * One pass over a page → {@link LineTable}: preprocessing, line normalisation
 * and per-line counting together, on htmlparser2's bare `Tokenizer` (no DOM,
 * no attribute objects: every callback is a pair of source offsets).
 *
 * Preprocessing (AdDANAg §3.2, FAR-SW §3.1):
 * - comments, doctype, processing instructions and CDATA are removed;
 * - the elements in `dropElements` are removed with their content (script,
 *   style, noscript, head, … by default);
 * - with `bodyOnly`, markup before `<body>` is discarded;
 * - white space in text is collapsed to single spaces and lines are trimmed.
 *
 * Line normalisation (DANA footnote 1: the method must not depend on how the
 * author broke lines). The author's newlines are ignored (except inside
 * `<pre>`). Instead a *break point* is placed before every block-level start
 * tag and after every block-level end tag and `<br>`. At a break point the
 * current line is closed **only if it already holds visible text**; otherwise
 * its markup carries over into the next line. Hence:
 * - each line holds exactly one block of text (no line holds two blocks),
 *   together with the markup written since the previous text block;
 * - there are no blank or markup-only lines (FAR-SW §3.1 removes blank lines),
 *   except one final line for trailing markup after the last text;
 * - a minified one-line page and the same page pretty-printed give the same table.
 *
 * Hyperlink normalisation (AdDANAg §3.1) is kept as a separate column,
 * `linkNormCodeChars`: the attribute part of `<a …>` becomes a placeholder of
 * LT − 5 characters (never negative), LT = the anchor text length. We read the
 * paper's "<a _ _ _ >" as `<a` + placeholder + `>`, so a start tag weighs
 * 3 + max(0, LT − 5) code characters.
 *
 * Streaming: `LineBuilder.write()` feeds chunks to the tokenizer as they come;
 * the table is the same whether the page is fed whole or one character at a time.
 */
import { Tokenizer } from 'htmlparser2';
import { BlockKind, type LineTable } from '../core/types.js';
import { LINE_DEFAULTS } from '../core/defaults.js';

/** Options of the line builder (defaults in `LINE_DEFAULTS`). */
export interface LineOptions {
  /** Elements removed together with their content (lower-case names). */
  readonly dropElements: readonly string[];
  /** Break lines at block elements (true) or keep only the author's newlines (false, for experiments). */
  readonly reline: boolean;
  /** Discard everything before `<body>` (when the page has one). */
  readonly bodyOnly: boolean;
}

/** Block-level elements: a break point before their start tag and after their end tag. */
const BLOCK_KIND: ReadonlyMap<string, BlockKind> = new Map<string, BlockKind>([
  ['p', BlockKind.Paragraph],
  ['h1', BlockKind.Heading1], ['h2', BlockKind.Heading2], ['h3', BlockKind.Heading3],
  ['h4', BlockKind.Heading4], ['h5', BlockKind.Heading5], ['h6', BlockKind.Heading6],
  ['li', BlockKind.ListItem], ['dt', BlockKind.ListItem], ['dd', BlockKind.ListItem],
  ['td', BlockKind.TableCell], ['th', BlockKind.TableCell],
  ['pre', BlockKind.Preformatted], ['blockquote', BlockKind.Quote], ['div', BlockKind.Div],
  ...['address', 'article', 'aside', 'body', 'caption', 'center', 'details', 'dialog', 'dir', 'dl',
    'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frame', 'frameset', 'header', 'hgroup',
    'hr', 'html', 'legend', 'main', 'menu', 'nav', 'ol', 'optgroup', 'option', 'output', 'section',
    'search', 'summary', 'table', 'tbody', 'tfoot', 'thead', 'tr', 'ul', 'video', 'audio', 'canvas',
    'noframes', 'map']
    .map((n): [string, BlockKind] => [n, BlockKind.Other]),
]);

/** Elements that never have content or an end tag. */
const VOID_ELEMENTS = new Set([
  'area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'image', 'img', 'input',
  'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

const WHITESPACE_RUN = /[\s\u00a0]+/g;
const NEWLINE = 10;

/** ASCII characters seen by the last {@link utf8Bytes} call (avoids an allocation per tag). */
let lastAscii = 0;

/** UTF-8 length of `s[from, to)`; its ASCII byte count is left in `lastAscii`. */
function utf8Bytes(s: string, from: number, to: number): number {
  let bytes = 0, ascii = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) { bytes += 1; ascii++; }
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) { bytes += 4; i++; }
    else bytes += 3;
  }
  lastAscii = ascii;
  return bytes;
}

/** Code points and ASCII chars of `s`. */
function countChars(s: string): { chars: number; ascii: number; bytes: number } {
  let chars = 0, ascii = 0, bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    chars++;
    if (c < 0x80) { ascii++; bytes += 1; }
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) { bytes += 4; i++; }
    else bytes += 3;
  }
  return { chars, ascii, bytes };
}

/** A growable `Uint32Array`. */
class U32Column {
  data = new Uint32Array(64);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  freeze(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

const COLUMN_NAMES = [
  'start', 'end', 'contentChars', 'contentBytes', 'codeChars', 'codeBytes', 'linkNormCodeChars',
  'asciiBytes', 'nonAsciiBytes', 'links', 'anchorBytes', 'images',
] as const;
type ColumnName = (typeof COLUMN_NAMES)[number];

/** The line being built. */
interface OpenLine {
  start: number;
  end: number;
  pieces: string[];
  hasText: boolean;
  codeChars: number;
  codeBytes: number;
  codeAscii: number;
  linkNormCodeChars: number;
  links: number;
  anchorBytes: number;
  images: number;
  block: BlockKind;
}

function emptyLine(at: number): OpenLine {
  return {
    start: at, end: at, pieces: [], hasText: false, codeChars: 0, codeBytes: 0, codeAscii: 0,
    linkNormCodeChars: 0, links: 0, anchorBytes: 0, images: 0, block: BlockKind.Text,
  };
}

/** An `<a>` whose end tag has not been seen yet. */
interface OpenAnchor {
  /** Index of the line holding the start tag (may still be the open line). */
  readonly line: number;
  /** Anchor text characters seen so far. */
  textChars: number;
}

/**
 * Incremental builder: `write()` chunks, then `end()` once.
 * Use {@link buildLineTable} for a whole string.
 */
export class LineBuilder {
  private readonly options: LineOptions;
  private readonly drop: ReadonlySet<string>;
  private readonly tokenizer: Tokenizer;
  /** All input so far: tokenizer offsets are absolute. */
  private src = '';
  private readonly cols: Record<ColumnName, U32Column>;
  private readonly blocks: number[] = [];
  private readonly texts: string[] = [];
  private line: OpenLine = emptyLine(0);
  /** Stack of open dropped elements (names). */
  private readonly dropStack: string[] = [];
  private readonly anchors: OpenAnchor[] = [];
  private preDepth = 0;
  private seenBody = false;
  /** Pending start tag: name and offset of its `<`. */
  private tagName = '';
  private tagStart = 0;
  private ended = false;

  constructor(options: Partial<LineOptions> = {}) {
    this.options = Object.freeze({ ...LINE_DEFAULTS, ...options });
    this.drop = new Set(this.options.dropElements);
    this.cols = Object.fromEntries(COLUMN_NAMES.map((n) => [n, new U32Column()])) as Record<ColumnName, U32Column>;
    const self = this;
    this.tokenizer = new Tokenizer({ decodeEntities: true }, {
      onattribdata() {}, onattribentity() {}, onattribend() {}, onattribname() {},
      oncdata() {}, oncomment() {}, ondeclaration() {}, onprocessinginstruction() {}, onend() {},
      onopentagname(start, end) { self.onOpenTagName(start, end); },
      onopentagend(end) { self.onOpenTagEnd(end); },
      onselfclosingtag(end) { self.onOpenTagEnd(end); },
      onclosetag(start, end) { self.onCloseTag(start, end); },
      ontext(start, end) { self.onText(start, end); },
      ontextentity(cp, end) { self.onTextEntity(cp, end); },
    });
  }

  /** Feed the next chunk of the page. */
  write(chunk: string): this {
    if (this.ended) throw new Error('LineBuilder: write() after end()');
    this.src += chunk;
    this.tokenizer.write(chunk);
    return this;
  }

  /** Finish the page and return its table. */
  end(): LineTable {
    if (!this.ended) {
      this.ended = true;
      this.tokenizer.end();
      this.flushAnchors();
      if (this.line.hasText || this.line.codeChars > 0) this.closeLine(true);
    }
    const c = this.cols;
    return {
      count: c.start.length,
      start: c.start.freeze(), end: c.end.freeze(),
      contentChars: c.contentChars.freeze(), contentBytes: c.contentBytes.freeze(),
      codeChars: c.codeChars.freeze(), codeBytes: c.codeBytes.freeze(),
      linkNormCodeChars: c.linkNormCodeChars.freeze(),
      asciiBytes: c.asciiBytes.freeze(), nonAsciiBytes: c.nonAsciiBytes.freeze(),
      links: c.links.freeze(), anchorBytes: c.anchorBytes.freeze(), images: c.images.freeze(),
      block: Uint8Array.from(this.blocks), text: this.texts,
    };
  }

  // ---- tokenizer events -------------------------------------------------

  private onOpenTagName(start: number, end: number): void {
    this.tagName = this.src.slice(start, end).toLowerCase();
    this.tagStart = start - 1;
  }

  private onOpenTagEnd(endIndex: number): void {
    const name = this.tagName;
    const from = this.tagStart, to = endIndex + 1;
    if (this.dropStack.length > 0) {
      if (name === 'body' && this.dropStack[0] === 'head') this.dropStack.length = 0; // body implies </head>
      else {
        if (this.drop.has(name) && !VOID_ELEMENTS.has(name)) this.dropStack.push(name);
        return;
      }
    }
    if (name === 'body' && !this.seenBody) {
      this.seenBody = true;
      if (this.options.bodyOnly && !this.line.hasText) this.line = emptyLine(from);
    }
    if (this.drop.has(name)) {
      if (!VOID_ELEMENTS.has(name)) this.dropStack.push(name);
      return;
    }
    const kind = this.options.reline ? BLOCK_KIND.get(name) : undefined;
    if (kind !== undefined) {
      this.breakLine(from);
      if (!this.line.hasText) this.line.block = kind;
    }
    this.addCode(from, to, name === 'a');
    if (name === 'a') {
      this.line.links++;
      this.anchors.push({ line: this.cols.start.length, textChars: 0 });
    } else if (name === 'img' || name === 'image') {
      this.line.images++;
    } else if (name === 'pre') {
      this.preDepth++;
    }
    if (name === 'br' && this.options.reline) this.breakLine(to);
  }

  private onCloseTag(start: number, endIndex: number): void {
    const name = this.src.slice(start, endIndex).toLowerCase();
    const from = start - 2;
    // The tokenizer reports where the name ends; white space before '>' is not counted.
    const to = endIndex + 1;
    if (this.dropStack.length > 0) {
      const at = this.dropStack.lastIndexOf(name);
      if (at >= 0) this.dropStack.length = at;
      return;
    }
    if (this.drop.has(name)) return; // stray end tag of a dropped element
    this.addCode(from, to, false);
    if (name === 'a') this.closeAnchor();
    else if (name === 'pre' && this.preDepth > 0) this.preDepth--;
    if (name === 'br' || (this.options.reline && BLOCK_KIND.has(name))) this.breakLine(to);
  }

  private onText(start: number, end: number): void {
    if (this.dropStack.length > 0 || start >= end) return;
    const src = this.src;
    if (this.preDepth > 0 || !this.options.reline) {
      // Inside <pre> (or without re-lining) the author's newlines are line breaks.
      let from = start;
      for (let i = start; i < end; i++) {
        if (src.charCodeAt(i) === NEWLINE) {
          this.addText(src.slice(from, i), from, i);
          this.breakLine(i + 1);
          from = i + 1;
        }
      }
      if (from < end) this.addText(src.slice(from, end), from, end);
      return;
    }
    this.addText(src.slice(start, end), start, end);
  }

  private onTextEntity(codepoint: number, endIndex: number): void {
    if (this.dropStack.length > 0) return;
    this.addText(String.fromCodePoint(codepoint), this.line.end, endIndex);
  }

  // ---- line assembly ----------------------------------------------------

  private addText(text: string, from: number, to: number): void {
    const line = this.line;
    if (!line.hasText && line.codeChars === 0 && line.pieces.length === 0) line.start = from;
    line.pieces.push(text);
    if (line.end < to) line.end = to;
    if (!line.hasText && /[^\s\u00a0]/.test(text)) line.hasText = true;
    if (this.anchors.length > 0) {
      const n = text.replace(WHITESPACE_RUN, ' ');
      const { chars, bytes } = countChars(n);
      line.anchorBytes += bytes;
      for (const a of this.anchors) a.textChars += chars;
    }
  }

  private addCode(from: number, to: number, isAnchorStart: boolean): void {
    const line = this.line;
    if (!line.hasText && line.codeChars === 0 && line.pieces.length === 0) line.start = from;
    const chars = to - from;
    const bytes = utf8Bytes(this.src, from, to);
    line.codeChars += chars;
    line.codeBytes += bytes;
    line.codeAscii += lastAscii;
    if (!isAnchorStart) line.linkNormCodeChars += chars; // <a> start tags are added at </a>
    if (line.end < to) line.end = to;
  }

  /** A break point at source offset `at`: close the line if it holds text. */
  private breakLine(at: number): void {
    if (this.line.hasText) {
      this.closeLine(false);
      this.line = emptyLine(at);
    }
  }

  private closeLine(final: boolean): void {
    const line = this.line;
    const text = line.hasText ? line.pieces.join('').replace(WHITESPACE_RUN, ' ').trim() : '';
    const t = countChars(text);
    const c = this.cols;
    c.start.push(line.start);
    c.end.push(line.end);
    c.contentChars.push(t.chars);
    c.contentBytes.push(t.bytes);
    c.codeChars.push(line.codeChars);
    c.codeBytes.push(line.codeBytes);
    c.linkNormCodeChars.push(line.linkNormCodeChars);
    c.asciiBytes.push(line.codeAscii + t.ascii);
    c.nonAsciiBytes.push(line.codeBytes - line.codeAscii + t.bytes - t.ascii);
    c.links.push(line.links);
    c.anchorBytes.push(line.anchorBytes);
    c.images.push(line.images);
    this.blocks.push(line.block);
    this.texts.push(text);
    if (final) this.line = emptyLine(line.end);
  }

  /** `</a>`: add the normalised start tag (3 + max(0, LT − 5)) to the line that holds it. */
  private closeAnchor(): void {
    const a = this.anchors.pop();
    if (!a) return;
    const weight = 3 + Math.max(0, a.textChars - 5);
    if (a.line === this.cols.start.length) this.line.linkNormCodeChars += weight;
    else this.cols.linkNormCodeChars.data[a.line]! += weight;
  }

  private flushAnchors(): void {
    while (this.anchors.length > 0) this.closeAnchor();
  }
}

/**
 * Build the {@link LineTable} of a whole page.
 * @param html the decoded page source
 * @param options preprocessing and re-lining options (defaults: `LINE_DEFAULTS`)
 */
export function buildLineTable(html: string, options: Partial<LineOptions> = {}): LineTable {
  return new LineBuilder(options).write(html).end();
}
