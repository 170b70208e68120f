/**
 * The built {@link LineTable}: typed columns, and each line's text materialised on demand from
 * the source (the pieces and segments the builder recorded), so extraction only pays for the
 * lines it outputs.
 */
import { decodeHTML } from 'entities';
import type { ElementTree, LineTable, TextSink } from '../core/types.js';
import { lineKey, LineKeyHasher } from './line-key.js';
import { decodeReference, PIECE_ENTITY, PIECE_OFFSET, PIECE_SPACE, SEGMENT_OFFSET, SEGMENT_SPACE, WHITESPACE_RUN } from './text-chars.js';

/** The columns of a built table (the optional ones of LineTable always present, undefined when absent: one shape). */
export type TableColumns = Omit<LineTable, 'text' | 'lineText' | 'classTokens' | 'title' | 'warnings' | 'lineKey'> & {
  readonly classTokens: LineTable['classTokens'] | undefined;
  readonly title: string | undefined;
};

/** A table built from a page (not made by hand): it can always key its lines without building their text. */
export type BuiltLineTable = LineTable & Required<Pick<LineTable, 'lineKey'>>;

/** Where each line's text lies in the source: its segments and its pieces (see LineBuilder). */
export interface LineText {
  readonly segStart: Uint32Array;
  readonly segEnd: Uint32Array;
  /** Line i's segments are [lineSegments[i], lineSegments[i + 1]). */
  readonly lineSegments: Uint32Array;
  readonly pieceStart: Uint32Array;
  readonly pieceEnd: Uint32Array;
  /** Line i's pieces are [linePieces[i], linePieces[i + 1]). */
  readonly linePieces: Uint32Array;
  /** 1: the line's text is decoded whole from its segments (OpenLine.decode). */
  readonly decode: Uint8Array;
}

/**
 * A {@link LineTable} whose line texts are materialised on demand from the
 * source: extraction only pays for the lines it outputs.
 */
export class PageLines implements LineTable {
  readonly count: number;
  readonly start: Uint32Array;
  readonly end: Uint32Array;
  readonly contentChars: Uint32Array;
  readonly contentBytes: Uint32Array;
  readonly codeChars: Uint32Array;
  readonly codeBytes: Uint32Array;
  readonly linkNormCodeChars: Uint32Array;
  readonly asciiBytes: Uint32Array;
  readonly nonAsciiBytes: Uint32Array;
  readonly links: Uint32Array;
  readonly anchorBytes: Uint32Array;
  readonly images: Uint32Array;
  readonly block: Uint8Array;
  readonly path: Uint32Array;
  readonly context: Uint8Array;
  readonly classTokens?: { readonly start: Uint32Array; readonly keys: Uint32Array };
  readonly elements?: ElementTree;
  readonly title?: string;
  readonly source: string;
  warnings?: readonly string[];
  muted?: number;
  private texts: string[] | undefined;
  /** Texts of the lines asked for one by one. */
  private cache: (string | undefined)[] | undefined;

  constructor(
    private readonly src: string,
    private readonly lineSource: LineText,
    columns: TableColumns,
  ) {
    this.count = columns.count;
    this.source = src;
    this.start = columns.start; this.end = columns.end;
    this.contentChars = columns.contentChars; this.contentBytes = columns.contentBytes;
    this.codeChars = columns.codeChars; this.codeBytes = columns.codeBytes;
    this.linkNormCodeChars = columns.linkNormCodeChars;
    this.asciiBytes = columns.asciiBytes; this.nonAsciiBytes = columns.nonAsciiBytes;
    this.links = columns.links; this.anchorBytes = columns.anchorBytes; this.images = columns.images;
    this.block = columns.block;
    this.path = columns.path;
    if (columns.classTokens) this.classTokens = columns.classTokens;
    if (columns.elements) this.elements = columns.elements;
    if (columns.title !== undefined) this.title = columns.title;
    this.context = columns.context;
  }

  lineText(i: number, keep = true): string {
    if (this.texts) return this.texts[i]!;
    if (this.contentChars[i] === 0) return '';
    const cached = this.cache?.[i];
    if (cached !== undefined) return cached;
    const text = this.lineSource.decode[i] ? this.decodedText(i) : this.piecesText(i);
    if (keep) (this.cache ??= new Array<string | undefined>(this.count))[i] = text;
    return text;
  }

  /**
   * `lineKey(lineText(i))` without building the text when it is not built yet: the
   * line's pieces are hashed straight from the source.
   */
  lineKey(i: number): number {
    if (this.contentChars[i] === 0) return 0;
    const cached = this.texts?.[i] ?? this.cache?.[i];
    if (cached !== undefined) return lineKey(cached);
    const t = this.lineSource;
    if (t.decode[i]) return lineKey(this.lineText(i));
    const src = this.src, k = new LineKeyHasher();
    for (let p = t.linePieces[i]!; p < t.linePieces[i + 1]!; p++) {
      const s = t.pieceStart[p]!, from = s & PIECE_OFFSET, to = t.pieceEnd[p]!;
      if (s & PIECE_SPACE) k.pushRange(' ', 0, 1);
      if (s & PIECE_ENTITY) {
        const decoded = decodeReference(src, from, to);
        k.pushCollapsed(decoded, 0, decoded.length);
      } else k.pushCollapsed(src, from, to);
    }
    return k.key();
  }

  /**
   * `lineText(i)` in runs: a line cut in pieces is read from the source (references decoded, a space
   * where white space was collapsed), so a caller that only reads its characters builds no string.
   */
  visitText(i: number, sink: TextSink): void {
    if (this.contentChars[i] === 0) return;
    const t = this.lineSource;
    const cached = this.texts?.[i] ?? this.cache?.[i];
    if (cached !== undefined || t.decode[i]) {
      const text = cached ?? this.lineText(i);
      sink.run(text, 0, text.length);
      return;
    }
    const src = this.src;
    for (let p = t.linePieces[i]!; p < t.linePieces[i + 1]!; p++) {
      const s = t.pieceStart[p]!, from = s & PIECE_OFFSET, to = t.pieceEnd[p]!;
      if (s & PIECE_SPACE) sink.run(' ', 0, 1);
      if (s & PIECE_ENTITY) {
        const decoded = decodeReference(src, from, to);
        sink.run(decoded, 0, decoded.length);
      } else sink.run(src, from, to);
    }
  }

  /**
   * The line's text from the pieces cut while it was counted (LineBuilder.pieceStart): source
   * runs copied as they are, references decoded, one space where white space was collapsed.
   * The same text as {@link decodedText}, without reading the characters again.
   */
  private piecesText(i: number): string {
    const t = this.lineSource, src = this.src;
    let out = '';
    for (let p = t.linePieces[i]!; p < t.linePieces[i + 1]!; p++) {
      const s = t.pieceStart[p]!, from = s & PIECE_OFFSET, to = t.pieceEnd[p]!;
      const piece = s & PIECE_ENTITY ? decodeReference(src, from, to) : src.slice(from, to);
      out += s & PIECE_SPACE ? ' ' + piece : piece;
    }
    return out;
  }

  /** The line's text: its segments joined, character references decoded, white space collapsed, trimmed. */
  private decodedText(i: number): string {
    const t = this.lineSource;
    let raw = '';
    for (let k = t.lineSegments[i]!; k < t.lineSegments[i + 1]!; k++) {
      const e = t.segEnd[k]!;
      raw += e & SEGMENT_SPACE ? this.src.slice(t.segStart[k], e & SEGMENT_OFFSET) + ' ' : this.src.slice(t.segStart[k], e);
    }
    if (raw.indexOf('\0') >= 0) raw = raw.replace(/\0/g, ''); // not text (LineColumns.flushText)
    if (raw.indexOf('&') >= 0) raw = decodeHTML(raw);
    return raw.replace(WHITESPACE_RUN, ' ').trim();
  }

  get text(): readonly string[] {
    if (!this.texts) {
      const texts: string[] = [];
      for (let i = 0; i < this.count; i++) texts.push(this.lineText(i));
      this.texts = texts;
    }
    return this.texts;
  }
}
