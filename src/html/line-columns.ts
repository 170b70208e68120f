/**
 * The line columns and text of the page being built: the open line's counts (text counted as it
 * arrives, already collapsed; markup; links, images), closed lines stored column by column, the
 * text segments and pieces a line's text is later copied from, and the copy into the table.
 * The builder (lines.ts) says where lines break and which element the text sits in.
 */
import { BlockKind, LineContext } from '../core/types.js';
import { giveU32, takeU32, U32Column } from '../core/u32-column.js';
import { entryWords, NO_TOKENS } from './structure.js';
import type { OpenElements } from './open-elements.js';
import { PageLines, type BuiltLineTable } from './page-lines.js';
import {
  AMPERSAND, continuesPiece, decodeReference, entityEnd, isSpace, PIECE_ENTITY, PIECE_SPACE, SEGMENT_SPACE,
} from './text-chars.js';

/** A character outside ASCII (found by the regex engine, faster than a loop of `charCodeAt`). */
const NON_ASCII = /[^\x00-\x7f]/g;

/**
 * The first match of a global, one-character regex at or after an offset, for
 * calls that mostly come in source order: a match found serves every later
 * offset up to it, so the source is searched (by the regex engine) about once.
 */
class NextMatch {
  private from = 0;
  /** First match at or after `from` (Infinity: none; −1: not looked up). */
  private at = -1;
  constructor(private readonly re: RegExp, private src: string) {}
  /** Forget what was found (the source grew). */
  reset(src: string): void {
    this.src = src;
    this.at = -1;
  }
  /** The caller knows that `src[0, n)` has no match and, when n < length, that `src[n]` is one. */
  knownFirst(n: number): void {
    this.from = 0;
    this.at = n < this.src.length ? n : Infinity;
  }
  /** Offset of the first match at or after `i`, or Infinity. */
  next(i: number): number {
    if (i > this.at || i < this.from) {
      this.re.lastIndex = i;
      this.at = this.re.test(this.src) ? this.re.lastIndex - 1 : Infinity;
      this.from = i;
    }
    return this.at;
  }
}

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


const EMPTY_ROWS: Uint32Array = new Uint32Array(0);
/** A run of printable ASCII other than `&` and `<`, words joined by single spaces (see flushText). */
const PLAIN_RUN = /[!-%'-;=-~]+(?: [!-%'-;=-~]+)*/y;
/** Text shorter than this (a menu item, a date) is read by the loop alone. */
const PLAIN_RUN_MIN = 32;
/**
 * Text longer than this is read by the loop alone too: the regex engine keeps a backtrack entry per word of the run,
 * and a 30 MB paragraph overflowed its stack (RangeError); 1 MiB of one-letter words is far below that (8 MB of
 * two-letter words still passed on the main thread).
 */
const PLAIN_RUN_MAX = 1 << 20;

/** Columns of a closed line, stored column by column in one array while building (one capacity check per line). */
export const enum Col {
  Start, End, ContentChars, ContentBytes, CodeChars, CodeBytes, LinkNormCodeChars,
  AsciiBytes, NonAsciiBytes, Links, AnchorBytes, Images, Block, Path, Element, Context, FirstSegment, FirstPiece, Decode, FirstToken, Stride,
}

/**
 * The line being built. Text is counted as it arrives, already collapsed:
 * a white-space run counts as one space, and only between two visible
 * characters (so leading and trailing white space is trimmed).
 */
export interface OpenLine {
  start: number;
  end: number;
  /** Index of the line's first text segment in the segment columns. */
  firstSegment: number;
  /** Index of the line's first text piece in the piece columns (see LineBuilder.pieceStart). */
  firstPiece: number;
  /**
   * The line's text must be decoded whole from its segments (PageLines.decodedText): it has an `&`
   * that is not a reference ending in `;` within its run, or a reference decoding to both white space and visible characters.
   */
  decode: boolean;
  hasText: boolean;
  /** The last text character seen was white space (a space is pending). */
  pendingSpace: boolean;
  contentChars: number;
  contentBytes: number;
  contentAscii: number;
  codeChars: number;
  codeBytes: number;
  codeAscii: number;
  linkNormCodeChars: number;
  /** Structural path key where the line's text starts (0: none). */
  path: number;
  /** Block element (its number + 1) where the line's text starts (0: none). */
  element: number;
  /** Class/id words around the line's text (with `classTokens`). */
  tokens: readonly number[];
  links: number;
  anchorBytes: number;
  images: number;
  block: BlockKind;
  /** LineContext flags. */
  context: number;
}

function emptyLine(): OpenLine {
  return resetLine({} as OpenLine, 0, 0, 0);
}

/** Reuse one OpenLine object for every line (no allocation per line). */
function resetLine(line: OpenLine, at: number, firstSegment: number, firstPiece: number): OpenLine {
  line.start = at; line.end = at; line.firstSegment = firstSegment; line.firstPiece = firstPiece; line.decode = false;
  line.hasText = false; line.pendingSpace = false;
  line.contentChars = 0; line.contentBytes = 0; line.contentAscii = 0; line.codeChars = 0; line.codeBytes = 0;
  line.codeAscii = 0; line.linkNormCodeChars = 0; line.path = 0; line.element = 0; line.tokens = NO_TOKENS; line.links = 0; line.anchorBytes = 0; line.images = 0;
  line.block = BlockKind.Text;
  line.context = LineContext.None;
  return line;
}

/**
 * The open line and the closed ones. Text is noted with {@link addText} and counted at the next
 * markup, break or the end; markup with {@link addCode}; {@link breakLine} cuts the line.
 */
export class LineColumns {
  /** All input so far (the builder sets it as chunks come): offsets are absolute. */
  private src = '';
  /** Non-ASCII characters of the source (see codeBytes). */
  readonly wide = new NextMatch(NON_ASCII, '');
  /**
   * Closed lines: column `k` holds line `i` at `rows[k * capacity + i]` (column-major, so `end()`
   * copies each column out whole instead of gathering it with a stride).
   */
  private rows: Uint32Array = EMPTY_ROWS;
  private capacity = 0;
  /** Lines closed so far. */
  count = 0;
  readonly line: OpenLine = emptyLine();
  /**
   * Text segments `[segStart[k], segEnd[k])`: maximal runs of text (entities included) between tags;
   * flag SEGMENT_SPACE (high bit of segEnd): a word break follows it (an image, see separateWords).
   */
  private readonly segStart = new U32Column(64, true);
  private readonly segEnd = new U32Column(64, true);
  /**
   * Text pieces, found while the text is counted: a line's text is its pieces in order, each
   * `src[start, end)` copied verbatim (flag PIECE_ENTITY: a character reference, decoded),
   * with one space before those flagged PIECE_SPACE. The flags sit in the high bits of `pieceStart`.
   */
  private readonly pieceStart = new U32Column(64, true);
  private readonly pieceEnd = new U32Column(64, true);
  /**
   * The `<a>` elements whose end tag has not been seen yet: the line holding each start tag (may still be
   * the open line) and the anchor text characters seen so far (two number arrays: no object per link).
   */
  private readonly anchorLine: number[] = [];
  private readonly anchorChars: number[] = [];
  /** Flat class/id words of closed lines (LineTable.classTokens). */
  private readonly tokenKeys = new U32Column(64, true);
  /** The text run not yet counted: `src[pendingFrom, pendingTo)`. */
  private pendingFrom = 0;
  private pendingTo = 0;

  /**
   * @param open the open elements (where text sits, its context flags)
   * @param classTokens record each line's class/id words
   * @param carryMarkup markup-only lines are not cut (LineOptions.carryMarkup)
   * @param markupBytes markup is counted in UTF-8 bytes (LineOptions.markupBytes), else one byte per character
   */
  constructor(
    private readonly open: OpenElements, private readonly classTokens: boolean, private readonly carryMarkup: boolean,
    private readonly markupBytes: boolean,
  ) {}

  /** The source grew (a chunk was written). */
  setSource(src: string): void {
    this.src = src;
    this.wide.reset(src);
  }

  /** The end of the page: count what is pending, close the open line. */
  finish(): void {
    this.flushText();
    this.flushAnchors();
    if (this.line.hasText || this.line.codeChars > 0) this.closeLine(true);
  }

  /** An `<a>` start tag on the open line: its normalised weight is added at `</a>` (closeAnchor). */
  openAnchor(): void {
    this.line.links++;
    this.anchorLine.push(this.count);
    this.anchorChars.push(0);
  }

  /**
   * Note the text `src[from, to)` of the open line. It is counted by
   * {@link flushText} once the run of text ends (at the next tag, line break
   * or the end), so a character reference split across chunks still counts once.
   */
  addText(from: number, to: number): void {
    const line = this.line;
    if (line.end < to) line.end = to;
    if (this.pendingTo !== this.pendingFrom && this.pendingTo === from) {
      this.pendingTo = to;
      return;
    }
    this.flushText();
    this.pendingFrom = from;
    this.pendingTo = to;
  }

  /** Count the pending text run, if any (small enough for V8 to inline into the tag handlers, unlike countText). */
  flushText(): void {
    if (this.pendingFrom !== this.pendingTo) this.countText();
  }

  /**
   * Count the pending text run into the open line: character references
   * decoded, white space collapsed; the run becomes (or extends) a segment,
   * and is cut into the pieces the line's text is later copied from.
   */
  private countText(): void {
    const from = this.pendingFrom, to = this.pendingTo;
    this.pendingFrom = this.pendingTo = 0;
    const line = this.line;
    if (this.open.hasContext()) line.context = this.open.lineContext(line.context, line.hasText);
    const src = this.src;
    // White space before the line's text shows nothing: read once here, not again by the loop below. An empty
    // line starts at its first visible character; a run of white space alone leaves no segment (a line's text
    // decoded from its segments is trimmed) and ends here (half of the text events: indentation between tags).
    let first = from;
    if (!line.hasText) {
      while (first < to && isSpace(src.charCodeAt(first))) first++;
      if (first > from) line.pendingSpace = true;
      if (line.codeChars === 0) line.start = first;
      if (first === to) return;
    }
    const segs = this.segEnd;
    if (segs.length > line.firstSegment && segs.data[segs.length - 1] === from) segs.data[segs.length - 1] = to;
    else { this.segStart.push(from); segs.push(to); }
    const chars0 = line.contentChars, bytes0 = line.contentBytes;
    const hadText = line.hasText;
    // Hot loop on locals: runs of printable ASCII, white space and other visible
    // characters are counted inline; only character references leave it.
    // `extra` = UTF-8 bytes beyond one per character, `wide` = characters ≥ U+0080.
    let chars = line.contentChars, extra = line.contentBytes - chars, wide = chars - line.contentAscii;
    let pending = line.pendingSpace, hasText = line.hasText;
    // The text pieces (see pieceStart) are cut in the same pass: `piece` is where the open one
    // starts (−1: none). The tokenizer's text from offset −1 (scanner.ts) is counted, never shown.
    const record = from >= 0;
    let piece = -1, pieceFlags = 0;
    for (let i = first; i < to; i++) {
      let c = src.charCodeAt(i);
      if (c > 32 && c < 0x7f) {
        if (c === AMPERSAND) {
          const end = entityEnd(src, i, to);
          if (end > 0) {
            if (piece >= 0) { this.addPiece(piece | pieceFlags, i); piece = -1; }
            const spaceBefore = pending && hasText;
            line.contentChars = chars; line.contentBytes = chars + extra; line.contentAscii = chars - wide;
            line.pendingSpace = pending; line.hasText = hasText;
            const decoded = decodeReference(src, i, end);
            let visible = 0, spaces = 0;
            for (const ch of decoded) {
              const cp = ch.codePointAt(0)!;
              if (isSpace(cp)) spaces++; else visible++;
              this.countChar(line, cp);
            }
            // A reference that is only white space is a space; one mixing both is left to the whole-line decoding.
            if (visible > 0 && record) {
              if (spaces > 0) line.decode = true;
              else this.addPiece(i | PIECE_ENTITY | (spaceBefore ? PIECE_SPACE : 0), end);
            }
            i = end - 1;
            chars = line.contentChars; extra = line.contentBytes - chars; wide = chars - line.contentAscii;
            pending = line.pendingSpace; hasText = line.hasText;
            continue;
          }
          // A legacy reference without `;` (or a lone `&`): the text is decoded whole.
          if (record) line.decode = true;
        }
        if (piece < 0 && record) { piece = i; pieceFlags = pending && hasText ? PIECE_SPACE : 0; }
        if (pending) {
          if (hasText) chars++;
          pending = false;
        }
        hasText = true;
        // The rest of the run of printable ASCII other than `&`, words joined by single spaces
        // included: such a space counts one character and stays inside the piece (as below).
        // (Measured, not kept: letting spaces through this loop and cutting the run at
        // its first double space, found by a cached `indexOf`, gave the line builder +3 % on
        // cleaneval and −2 % on dragnet; with the previous character tracked in the loop, ±0.)
        // In a long text, the regex engine finds its end first (faster than the loop below, but for a call's
        // cost); it stops at a `<` (text ends there: it cannot run on into markup), and the loop takes over
        // where it cannot decide.
        let j = i + 1;
        if (to - i > PLAIN_RUN_MIN && to - i <= PLAIN_RUN_MAX) {
          PLAIN_RUN.lastIndex = i;
          if (PLAIN_RUN.test(src) && PLAIN_RUN.lastIndex <= to) j = PLAIN_RUN.lastIndex;
        }
        for (;;) {
          while (j < to) {
            const d = src.charCodeAt(j);
            if (d <= 32 || d >= 0x7f || d === AMPERSAND) break;
            j++;
          }
          if (j + 1 < to && src.charCodeAt(j) === 32) {
            const d = src.charCodeAt(j + 1);
            if (d > 32 && d < 0x7f && d !== AMPERSAND) { j += 2; continue; }
          }
          break;
        }
        chars += j - i;
        i = j - 1;
        continue;
      }
      if (c <= 32 ? c === 32 || (c >= 9 && c <= 13) : c >= 0xa0 && isSpace(c)) {
        pending = true;
        // A single space between two visible characters stays in the piece.
        if (piece >= 0 && !(c === 32 && i + 1 < to && continuesPiece(src.charCodeAt(i + 1)))) {
          this.addPiece(piece | pieceFlags, i);
          piece = -1;
        }
        // The rest of a run of ASCII white space changes nothing more (indentation between tags, wrapped lines).
        while (i + 1 < to) {
          const d = src.charCodeAt(i + 1);
          if (d !== 32 && (d < 9 || d > 13)) break;
          i++;
        }
        continue;
      }
      if (c === 0) {
        // A NUL is not text (a browser's tree builder ignores it): the piece ends before it.
        if (piece >= 0) { this.addPiece(piece | pieceFlags, i); piece = -1; }
        continue;
      }
      // A visible character outside printable ASCII (a pair of surrogates is one character).
      if (piece < 0 && record) { piece = i; pieceFlags = pending && hasText ? PIECE_SPACE : 0; }
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) c = src.codePointAt(i++)!;
      if (pending) {
        if (hasText) chars++;
        pending = false;
      }
      hasText = true;
      chars++;
      if (!(c < 0x80)) { wide++; extra += c < 0x800 ? 1 : c < 0x10000 ? 2 : 3; }
      // The rest of a run of CJK, kana and Hangul (U+3001–U+D7FF: no white space, three UTF-8 bytes each).
      if (c > 0x3000 && c < 0xd800) {
        let j = i + 1;
        while (j < to) {
          const d = src.charCodeAt(j);
          if (d <= 0x3000 || d >= 0xd800) break;
          j++;
        }
        const run = j - i - 1;
        chars += run; wide += run; extra += 2 * run;
        i = j - 1;
      } else if (c < 0x800) {
        // The rest of a run of visible characters of one or two UTF-8 bytes (Latin with accents, Greek, Cyrillic,
        // Hebrew, Arabic, … and printable ASCII but `&`), words joined by single spaces, counted here rather than
        // one by one through the branches above (U+00A0 is the only white space below U+0800 outside ASCII).
        let j = i + 1;
        for (; j < to; j++) {
          const d = src.charCodeAt(j);
          if (d >= 0x80 && d < 0x800 && d !== 0xa0) { wide++; extra++; continue; }
          if (d > 32 && d < 0x7f && d !== AMPERSAND) continue;
          if (d !== 32 || j + 1 >= to) break;
          const e = src.charCodeAt(j + 1);
          if (!((e > 32 && e < 0x7f && e !== AMPERSAND) || (e >= 0x80 && e < 0x800 && e !== 0xa0))) break;
        }
        chars += j - i - 1;
        i = j - 1;
      }
    }
    if (piece >= 0) this.addPiece(piece | pieceFlags, to);
    line.contentChars = chars; line.contentBytes = chars + extra; line.contentAscii = chars - wide;
    line.pendingSpace = pending; line.hasText = hasText;
    if (!hadText && hasText) {
      // The line's text starts in this run: record where it sits.
      const top = this.open.top();
      line.path = top?.path ?? 0;
      line.element = top ? top.id + 1 : 0;
      line.tokens = top && this.classTokens ? entryWords(top) : NO_TOKENS;
    }
    const anchors = this.anchorChars;
    if (anchors.length > 0) {
      line.anchorBytes += line.contentBytes - bytes0;
      for (let k = 0; k < anchors.length; k++) anchors[k]! += line.contentChars - chars0;
    }
  }

  /** A text piece `src[start & PIECE_OFFSET, end)` with its flags (see pieceStart). */
  private addPiece(start: number, end: number): void {
    this.pieceStart.push(start);
    this.pieceEnd.push(end);
  }

  private countChar(line: OpenLine, c: number): void {
    if (isSpace(c)) {
      line.pendingSpace = true;
      return;
    }
    if (line.pendingSpace && line.hasText) {
      line.contentChars++; line.contentBytes++; line.contentAscii++;
    }
    line.pendingSpace = false;
    line.hasText = true;
    line.contentChars++;
    if (c < 0x80) { line.contentBytes++; line.contentAscii++; }
    else line.contentBytes += c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }

  /** What comes next on the line is a new word (text before it has been flushed). */
  separateWords(): void {
    if (!this.line.hasText) return;
    this.line.pendingSpace = true;
    // The line's last segment (it has one: it has text) ends with the break, for PageLines.decodedText.
    const segs = this.segEnd, k = segs.length - 1;
    segs.data[k] = (segs.data[k]! | SEGMENT_SPACE) >>> 0;
  }

  /** Markup [from, to) on the current line; `normChars`: its weight in `linkNormCodeChars`. */
  addCode(from: number, to: number, normChars: number): void {
    const line = this.line;
    if (!line.hasText && line.codeChars === 0) line.start = from;
    const chars = to - from;
    const bytes = this.codeBytes(from, to);
    line.codeChars += chars;
    line.codeBytes += bytes;
    line.codeAscii += lastAscii;
    line.linkNormCodeChars += normChars;
    if (line.end < to) line.end = to;
  }

  /**
   * UTF-8 length of the markup `src[from, to)` (its ASCII count left in `lastAscii`).
   * Markup is nearly always ASCII: the next non-ASCII character is looked up
   * once and ranges before it cost nothing (calls come in source order).
   */
  private codeBytes(from: number, to: number): number {
    if (!this.markupBytes || this.wide.next(from) >= to) {
      lastAscii = to - from;
      return to - from;
    }
    return utf8Bytes(this.src, from, to);
  }

  /** A break point at source offset `at`: close the line if it holds text. */
  breakLine(at: number): void {
    this.flushText();
    if (this.line.hasText || (!this.carryMarkup && this.line.codeChars > 0)) {
      this.closeLine(false);
      this.resetOpenLine(at);
    }
  }

  private closeLine(final: boolean): void {
    const line = this.line;
    if (this.count === this.capacity) this.grow();
    const r = this.rows, c = this.capacity, o = this.count++;
    r[o + Col.Start * c] = line.start;
    r[o + Col.End * c] = line.end;
    r[o + Col.ContentChars * c] = line.contentChars;
    r[o + Col.ContentBytes * c] = line.contentBytes;
    r[o + Col.CodeChars * c] = line.codeChars;
    r[o + Col.CodeBytes * c] = line.codeBytes;
    r[o + Col.LinkNormCodeChars * c] = line.linkNormCodeChars;
    r[o + Col.AsciiBytes * c] = line.codeAscii + line.contentAscii;
    r[o + Col.NonAsciiBytes * c] = line.codeBytes - line.codeAscii + line.contentBytes - line.contentAscii;
    r[o + Col.Links * c] = line.links;
    r[o + Col.AnchorBytes * c] = line.anchorBytes;
    r[o + Col.Images * c] = line.images;
    r[o + Col.Block * c] = line.block;
    r[o + Col.Path * c] = line.path;
    r[o + Col.Element * c] = line.element;
    r[o + Col.Context * c] = line.context;
    r[o + Col.FirstSegment * c] = line.firstSegment;
    r[o + Col.FirstPiece * c] = line.firstPiece;
    r[o + Col.Decode * c] = line.decode ? 1 : 0;
    r[o + Col.FirstToken * c] = this.tokenKeys.length;
    if (line.tokens.length > 0) this.tokenKeys.pushAll(line.tokens);
    if (final) this.resetOpenLine(line.end);
  }

  /** Double the line capacity (each column moves to its place in the larger array). */
  private grow(): void {
    // First sized from the source: about one line per 128 characters (cleaneval: 123).
    const old = this.rows, c = this.capacity, next = takeU32(Math.max(2 * c, 64, this.src.length >> 7) * Col.Stride);
    const c2 = Math.floor(next.length / Col.Stride);
    // Small tables by a loop (no array object per column), large ones by `set` (a block copy: the loop took 8 % of a 50 MB page).
    if (c < 4096) for (let k = 0; k < Col.Stride; k++) for (let i = 0, from = k * c, to = k * c2; i < c; i++) next[to + i] = old[from + i]!;
    else for (let k = 0; k < Col.Stride; k++) next.set(old.subarray(k * c, k * c + c), k * c2);
    giveU32(old);
    this.rows = next;
    this.capacity = c2;
  }

  /** Start a new open line at source offset `at`. */
  resetOpenLine(at: number): void {
    resetLine(this.line, at, this.segStart.length, this.pieceStart.length);
  }

  /** `</a>`: add the normalised start tag (3 + max(0, LT − 5)) to the line that holds it. */
  closeAnchor(): void {
    if (this.anchorLine.length === 0) return;
    const line = this.anchorLine.pop()!, weight = 3 + Math.max(0, this.anchorChars.pop()! - 5);
    if (line === this.count) this.line.linkNormCodeChars += weight;
    else this.rows[Col.LinkNormCodeChars * this.capacity + line]! += weight;
  }

  private flushAnchors(): void {
    while (this.anchorLine.length > 0) this.closeAnchor();
  }

  /**
   * The table's columns, copied out of the builder's arrays into views of one buffer: one
   * allocation per page instead of one per column (see u32-column.ts for what each costs);
   * then the working arrays go back to the spares (u32-column.ts).
   */
  table(elementParent: U32Column, elementEnd: U32Column, elementTag: U32Column, elementSig: U32Column, elementBase: U32Column, title: { title?: string }): BuiltLineTable {
    const n = this.count, rows = this.rows, cap = this.capacity;
    const tokens = this.classTokens;
    // 14 columns of n (start … element), 2 of n + 1 (segments, pieces), classTokens' two, the segment and piece lists, the element tree's five.
    const words = 14 * n + 2 * (n + 1) + (tokens ? n + 1 + this.tokenKeys.length : 0) +
      2 * this.segStart.length + 2 * this.pieceStart.length + 5 * elementParent.length;
    const buffer = new ArrayBuffer(4 * words + 3 * n);
    let at = 0;
    const u32 = (length: number): Uint32Array => {
      const view = new Uint32Array(buffer, at, length);
      at += 4 * length;
      return view;
    };
    /** Column `k` into `out` (of at least n entries; a Uint8Array keeps the low byte). */
    const fill = <T extends Uint32Array | Uint8Array>(k: Col, out: T): T => {
      out.set(rows.subarray(k * cap, k * cap + n));
      return out;
    };
    const column = (k: Col): Uint32Array => fill(k, u32(n));
    /** A column with one entry more: line i's items are [c[i], c[i + 1]) of a list of `total`. */
    const starts = (k: Col, total: number): Uint32Array => {
      const c = fill(k, u32(n + 1));
      c[n] = total;
      return c;
    };
    const list = (c: U32Column): Uint32Array => c.copyInto(u32(c.length));
    // Plain literals of one shape (no spreads, no optional keys): this runs once per page.
    const start = column(Col.Start), end = column(Col.End);
    const contentChars = column(Col.ContentChars), contentBytes = column(Col.ContentBytes);
    const codeChars = column(Col.CodeChars), codeBytes = column(Col.CodeBytes);
    const linkNormCodeChars = column(Col.LinkNormCodeChars);
    const asciiBytes = column(Col.AsciiBytes), nonAsciiBytes = column(Col.NonAsciiBytes);
    const links = column(Col.Links), anchorBytes = column(Col.AnchorBytes), images = column(Col.Images);
    const path = column(Col.Path);
    const elements = { line: column(Col.Element), parent: list(elementParent), end: list(elementEnd), tag: list(elementTag), sig: list(elementSig), base: list(elementBase) };
    const classTokens = tokens ? { start: starts(Col.FirstToken, this.tokenKeys.length), keys: list(this.tokenKeys) } : undefined;
    const segStart = list(this.segStart), segEnd = list(this.segEnd), lineSegments = starts(Col.FirstSegment, this.segStart.length);
    const pieceStart = list(this.pieceStart), pieceEnd = list(this.pieceEnd), linePieces = starts(Col.FirstPiece, this.pieceStart.length);
    // The byte columns last (a Uint32Array view must start at a multiple of 4).
    const bytes = new Uint8Array(buffer, at, 3 * n);
    const block = fill(Col.Block, bytes.subarray(0, n)), context = fill(Col.Context, bytes.subarray(n, 2 * n));
    const decode = fill(Col.Decode, bytes.subarray(2 * n, 3 * n));
    const table = new PageLines(this.src, { segStart, segEnd, lineSegments, pieceStart, pieceEnd, linePieces, decode }, {
      count: n, start, end, contentChars, contentBytes, codeChars, codeBytes, linkNormCodeChars, asciiBytes, nonAsciiBytes,
      links, anchorBytes, images, block, path, context, classTokens, elements, title: title.title,
    });
    for (const c of [this.segStart, this.segEnd, this.pieceStart, this.pieceEnd, this.tokenKeys]) c.release();
    giveU32(this.rows);
    this.rows = EMPTY_ROWS;
    return table;
  }

}
