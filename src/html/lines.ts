/**
 * One pass over a page → {@link LineTable}: preprocessing, line normalisation
 * and per-line counting together, on a hand-written scanner that reports what
 * htmlparser2's bare `Tokenizer` reports (`scanner.ts`; no DOM, no attribute
 * objects: every event is a pair of source offsets).
 *
 * Preprocessing (AdDANAg §3.2, FAR-SW §3.1):
 * - comments, doctype, processing instructions and CDATA are removed;
 * - the elements in `dropElements` are removed with their content (script,
 *   style, noscript, head, … by default);
 * - with `bodyOnly`, markup before `<body>` is discarded;
 * - white space in text is collapsed to single spaces and lines are trimmed; NULs are left out
 *   (a browser's tree builder ignores them);
 * - an image in the line of text separates the words around it (not a floated one, nor a 0–1
 *   pixel tracker: `book<img width=1 height=1>.` reads "book.").
 *
 * Line normalisation (DANA footnote 1: the method must not depend on how the
 * author broke lines). The author's newlines are ignored (except inside
 * `<pre>`). Instead a *break point* is placed before every block-level start
 * tag and after every block-level end tag and `<br>`, and the page is cut at
 * every break point that has something (text or markup) before it since the
 * previous cut. The result is what the page looks like pretty-printed:
 * - no line holds two blocks of text; a block's text is one line;
 * - markup between blocks (`</div></div>`, `<div class="nav"><ul>`) forms lines
 *   of its own, one per block boundary; there are no blank lines;
 * - a minified one-line page and the same page pretty-printed give the same table.
 * With `carryMarkup`, markup-only lines are not cut: their markup joins the next
 * text line, so every line holds text (measured worse for DANA: see defaults).
 *
 * Hyperlink normalisation (AdDANAg §3.1) is kept as a separate column,
 * `linkNormCodeChars`: the attribute part of `<a …>` becomes a placeholder of
 * LT − 5 characters (never negative), LT = the anchor text length. We read the
 * paper's "<a _ _ _ >" as `<a` + placeholder + `>`, so a start tag weighs
 * 3 + max(0, LT − 5) code characters.
 *
 * Attribute normalisation (`normalizeAttributes: 'all'`, farsw's extension of
 * §3.1, the default): every other start tag also weighs as if it had no
 * attributes, `<name>` = name length + 2 characters. The code measure then
 * counts markup structure, not attribute verbosity (inline styles pasted from
 * word processors, utility-class CSS, data-* attributes), in the spirit of
 * DANA's line normalisation: the result must not depend on authoring style.
 * `'anchors'` is the paper's AdDANAg (only `<a>` normalised).
 *
 * Structure (for FAR-SW models and markdown): a stack of open block elements
 * gives each line a structural path key (its nearest three block elements with
 * id and class), with `classTokens` the words of its ancestors' class/id values,
 * and context flags (inside pre / blockquote / list item). Only `class` and `id`
 * of block elements are read, hashed on the source without building strings.
 *
 * Parts: `tags.ts` (what a tag name is), `open-elements.ts` (the stack of open elements and the
 * context of text), `drops.ts` (what is removed besides the dropped names: comment sections,
 * hidden elements), `structure.ts` (paths and class/id words), `line-columns.ts` (counting a
 * line's text and markup, the columns), `text-chars.ts`, `page-lines.ts` (the built table).
 *
 * Streaming: `LineBuilder.write()` takes chunks as they come and scans them once
 * enough has arrived (the unscanned part at least doubles the source scanned before,
 * so the work stays linear); the table is the same whether the page is fed whole or
 * one character at a time, the swallowed-page guard included (`end()` applies it).
 */
import { HtmlScanner, type ScanHandler } from './scanner.js';
import { decodeHTML } from 'entities';
import { LINE_DEFAULTS } from '../core/defaults.js';
import {
  ANCHOR, BLOCK, BR, CLOSES_P, CONTEXT, DROP, HEAD_CONTENT, HEADING, IMAGE, INLINE_BREAKOUT, nameHash, RULE, STRUCTURE, tagAt, tagTable, TITLE, VOID,
  type TagInfo, type TagTable,
} from './tags.js';
import { TagAttributes } from './drops.js';
import { OpenElements } from './open-elements.js';
import type { BlockEntry } from './structure.js';
import { LineColumns } from './line-columns.js';
import type { BuiltLineTable, PageLines } from './page-lines.js';
import { isSpace, WHITESPACE_RUN } from './text-chars.js';

export type { BuiltLineTable } from './page-lines.js';
export { attributeTokens } from './structure.js';

/** Options of the line builder (defaults in `LINE_DEFAULTS`). */
export interface LineOptions {
  /** Elements removed together with their content (lower-case names). */
  readonly dropElements: readonly string[];
  /** Break lines at block elements (true) or keep only the author's newlines (false, for experiments). */
  readonly reline: boolean;
  /** Discard everything before `<body>` (when the page has one). */
  readonly bodyOnly: boolean;
  /**
   * Markup between two text blocks joins the next text line (true), or forms
   * lines of its own at block boundaries, as in pretty-printed source (false).
   */
  readonly carryMarkup: boolean;
  /**
   * Record, per line, the words of the `class` and `id` attributes of its nearest
   * enclosing block elements (`LineTable.classTokens`); FAR-SW models learn from them.
   */
  readonly classTokens: boolean;
  /**
   * The `linkNormCodeChars` column: `'anchors'` normalises only `<a>` start tags (AdDANAg §3.1);
   * `'all'` also counts every other start tag without its attributes (see the module comment).
   */
  readonly normalizeAttributes: 'anchors' | 'all';
  /**
   * Remove user-comment sections with their content: block containers whose class or id has a
   * comment word (`COMMENT_WORDS`), as Readability does (trafilatura keeps them unless asked).
   */
  readonly dropComments: boolean;
  /**
   * Remove block elements a browser does not show, with their content: the `hidden` attribute, a
   * `style` with `display: none` / `visibility: hidden` (style sheets are not read), or
   * `aria-hidden="true"` (hidden from screen readers; Readability drops these too), a modal dialog (`aria-modal="true"`:
   * shown over the page once opened) and a `<dialog>` without `open` (not rendered). Also the void
   * elements a browser never renders in the body (`<link>`, `<meta>`, `<base>`, `<basefont>`,
   * `<bgsound>`: `display: none` in every browser's own style sheet, no content): their tags weigh nothing.
   */
  readonly dropHidden: boolean;
  /**
   * Count markup in UTF-8 bytes: the `codeBytes` column and the markup's share of `asciiBytes` and
   * `nonAsciiBytes`. Off, markup counts one byte per character (as if it were ASCII, which it nearly always
   * is), and the builder skips its search for characters outside ASCII in every tag (up to a tenth of its
   * time on pages in other scripts): for extractors that read none of these columns (danag, addanag).
   */
  readonly markupBytes: boolean;
  /**
   * Read `<noscript>` content as a browser with scripting off does (markup, shown) instead of dropping it. Off by
   * default; the noscript guard (LineBuilder.end) turns it on for a page whose noscript holds what the rest does not.
   */
  readonly readNoscript: boolean;
}


/**
 * The document's insertion modes, as far as they decide what is body text (HTML Standard
 * §13.2.6.4): before `<head>`, in it, after it (a start tag not allowed in the head, or text that is
 * not white space, starts the body: `</head>` and `<body>` may be omitted), the body (which
 * `</body>` and `</html>` do not end: what follows is body content), and a frameset (no text).
 */
const enum Mode { Initial, InHead, AfterHead, Body, Frameset }

const NEWLINE = 10;
/**
 * An image start tag whose image stands outside the line of text: floated (`align="left|right"`, a
 * `float` style) or a tracking pixel (width or height 0 or 1). Read from the tag's source, only for
 * an image after text on its line (attributes are not reported for images).
 */
const OUT_OF_LINE_IMAGE = /\salign\s*=\s*["']?\s*(?:left|right)\b|float\s*:\s*(?:left|right)|\s(?:width|height)\s*=\s*["']?\s*[01](?:px)?\s*(?:["'\s/>])/i;
/** Start tags the builder's common case leaves to LineBuilder.otherStartTag (a rule of their own, head content, dropped, the title). */
const RARE_START = STRUCTURE | HEADING | RULE | HEAD_CONTENT | DROP | TITLE;
/** End tags it leaves to otherEndTag. */
const RARE_END = STRUCTURE | DROP | TITLE;
/** The attributes of an implied element (none). */
const NO_ATTRIBUTES = new TagAttributes();

/** Per dropElements list, the same list without `noscript` (LineOptions.readNoscript). */
const SHOWN_NOSCRIPT = new WeakMap<readonly string[], readonly string[]>();
function shownNoscript(drop: readonly string[]): readonly string[] {
  let shown = SHOWN_NOSCRIPT.get(drop);
  if (!shown) SHOWN_NOSCRIPT.set(drop, (shown = Object.freeze(drop.filter((n) => n !== 'noscript'))));
  return shown;
}

/** Is `src[start, end)` only the parser's white space (space, tab, LF, FF, CR) and NULs (which a browser ignores there)? */
function isParserSpace(src: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = src.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0c && c !== 0x0d && c !== 0) return false;
  }
  return true;
}
/**
 * The swallowed-page guard (LineBuilder.end): hidden elements and comment sections are read as
 * visible when they hold at least GUARD_MUTED visible characters, more than GUARD_RATIO times the
 * text kept, and under GUARD_KEPT characters are kept (docs/decisions.md).
 */
const GUARD_MUTED = 200, GUARD_RATIO = 20, GUARD_KEPT = 100;
/** Source length from which a streamed page is scanned before its end (then at each doubling). */
const MIN_SCAN = 1 << 16;

/**
 * Incremental builder: `write()` chunks, then `end()` once.
 * Use {@link buildLineTable} for a whole string.
 */
export class LineBuilder {
  private readonly builder: PageBuilder;

  constructor(options: Partial<LineOptions> = {}) {
    this.builder = new PageBuilder(options);
  }

  /** Feed the next chunk of the page. */
  write(chunk: string): this {
    this.builder.write(chunk);
    return this;
  }

  /**
   * The source written so far is plain ASCII up to offset `n` (`PageSource.asciiPrefix`): with
   * n > 0, the character at `n` (if any) must be outside ASCII. Saves a search of that part.
   */
  asciiUpTo(n: number): this {
    this.builder.asciiUpTo(n);
    return this;
  }

  /** Finish the page and return its table (the same table if called again; see PageBuilder.end). */
  end(): BuiltLineTable {
    return this.builder.end();
  }
}

/**
 * The builder behind {@link LineBuilder}, and the scanner's handler itself (no closures between the
 * two: fewer calls per event for V8 to inline; its event methods are not part of the public API).
 */
class PageBuilder implements ScanHandler {
  private readonly options: LineOptions;
  private readonly normalizeAll: boolean;
  /** LineOptions.reline. */
  private readonly reline: boolean;
  private readonly tags: TagTable;
  private readonly scanner: HtmlScanner;
  /** Source length at which `write` scans what has come (see the module comment). */
  private nextScan = MIN_SCAN;
  /** All input so far: scanner offsets are absolute. */
  private src = '';
  private readonly open: OpenElements;
  private readonly cols: LineColumns;
  /** The pending start tag's attributes that matter. */
  private readonly attrs = new TagAttributes();
  /** Where the document is (the HTML Standard's insertion modes that decide what is body text). */
  private mode = Mode.Initial;
  /** Inside a dropped raw-text element (script, style, …: not on the stack; its text is skipped up to its end tag). */
  private rawDrop = false;
  /** The dropped raw-text element is a `<noscript>` in the body. */
  private rawNoscript = false;
  /** Source characters of the body's `<noscript>` elements read as raw text (for the noscript guard, see end()). */
  private noscriptLength = 0;
  /** Open `<template>` elements in the head (their content is not the body's). */
  private headTemplates = 0;
  /** Inside a head element whose content is text (title, style, script, noscript, noframes). */
  private headText = false;
  /** The `<html>` and `<body>` start tags seen (later ones are ignored, as a browser merges them). */
  private htmlSeen = false;
  /** The table entries of html and body (for the implied elements). */
  private readonly htmlTag: TagInfo;
  private readonly bodyTag: TagInfo;
  /** Source range of the first `<title>` element's text: where it starts (-1: not open), where it ended. */
  private titleFrom = -1;
  private titleTo = -1;
  /** Pending start tag: its table entry (undefined: unknown) and offset of its `<`. */
  private tagInfo: TagInfo | undefined;
  private tagStart = 0;
  /** Length of the current start tag's name (for attribute normalisation). */
  private tagNameLen = 0;
  /** TAG table flags of the pending start tag. */
  private tagFlags = 0;
  /**
   * Visible characters muted by a hidden element or comment section (dropHidden, dropComments), and the
   * outermost such element holding the most of them (for the swallowed-page guard; counted with `countMutes`).
   */
  private mutedChars = 0;
  /** Length of the muted text (an upper bound of mutedChars, counted in every build). */
  private mutedLength = 0;
  /** Count mutedChars, per muting element too (only in the build the guard makes to decide, see end()). */
  private countMutes = false;
  private muteRoot: BlockEntry | undefined = undefined;
  private muteRootChars = 0;
  private largestMute: BlockEntry | undefined = undefined;
  private largestMuteChars = 0;
  /** The `asciiUpTo` hint (0: none), for the guard's second build. */
  private asciiHint = 0;
  /** The table, once `end()` has built it (no more writes then). */
  private table: BuiltLineTable | undefined;

  constructor(options: Partial<LineOptions> = {}) {
    this.options = Object.freeze({ ...LINE_DEFAULTS, ...options });
    this.tags = tagTable(this.options.readNoscript ? shownNoscript(this.options.dropElements) : this.options.dropElements);
    this.normalizeAll = this.options.normalizeAttributes === 'all';
    this.reline = this.options.reline;
    this.htmlTag = this.tags.byHash.get(nameHash('html'))!;
    this.bodyTag = this.tags.byHash.get(nameHash('body'))!;
    this.open = new OpenElements(this.tags, this.options.dropComments, this.options.dropHidden);
    this.cols = new LineColumns(this.open, this.options.classTokens, this.options.carryMarkup, this.options.markupBytes);
    // The builder is the scanner's handler (no closures between them: fewer calls for V8 to inline).
    this.scanner = new HtmlScanner(this, { scripting: true, showNoscript: this.options.readNoscript });
  }

  /** Feed the next chunk of the page. */
  write(chunk: string): this {
    if (this.table) throw new Error('LineBuilder: write() after end()');
    // What came before is scanned first, so a page written once is scanned once, at end().
    if (this.src.length >= this.nextScan) {
      this.scanner.scan(this.src, false);
      this.nextScan = 2 * this.src.length;
    }
    this.src += chunk;
    this.cols.setSource(this.src);
    return this;
  }

  /** See LineBuilder.asciiUpTo. */
  asciiUpTo(n: number): this {
    this.asciiHint = n;
    // The character at n is checked (a hint that cannot be right is ignored); the prefix is taken on trust.
    if (n > 0 && (n >= this.src.length || this.src.charCodeAt(n) >= 0x80)) this.cols.wide.knownFirst(Math.min(n, this.src.length));
    return this;
  }

  /**
   * Finish the page and return its table (the same table if called again). The guard: when hidden
   * elements or comment sections swallowed the page (their text is at least 200 visible characters and
   * more than 20 times the text kept, and under 100 characters are kept: the page would come out nearly
   * empty), the table is built again with them read as visible, and says so in `warnings` (streamed or
   * whole, the same table). Before it, the noscript guard: when the body's `<noscript>` elements hold at least
   * 200 more visible characters than the page keeps without them, and more than 20 times what it keeps, the page
   * is read with noscript shown (LineOptions.readNoscript: a crawler's copy of a script-rendered thread or list).
   */
  end(): BuiltLineTable {
    if (this.table) return this.table;
    const table = this.table = this.build();
    (table as PageLines).muted = this.mutedLength;
    let kept = 0;
    for (let i = 0; i < table.count; i++) kept += table.contentChars[i]!;
    // The noscript guard: noscript source (text and markup, a bound of its visible text) that could swallow the page's.
    if (this.noscriptLength >= GUARD_MUTED && this.noscriptLength > GUARD_RATIO * kept) {
      const shown = new PageBuilder({ ...this.options, readNoscript: true }).write(this.src).asciiUpTo(this.asciiHint).end() as PageLines;
      let all = 0;
      for (let i = 0; i < shown.count; i++) all += shown.contentChars[i]!;
      // A crawler's copy of the page (Discourse's thread, a store's listing) that a script would render: read as shown.
      if (all - kept >= GUARD_MUTED && all - kept > GUARD_RATIO * kept) {
        shown.warnings = [...(shown.warnings ?? []), `<noscript> holds most of the page's text; it was read as shown`];
        return (this.table = shown);
      }
    }
    // The muted text's length bounds its visible characters: only a page that keeps little and mutes
    // enough is built again, counting them (and the element that muted the most, for the warning).
    if (kept >= GUARD_KEPT || this.mutedLength < GUARD_MUTED) return table;
    const counted = new PageBuilder(this.options);
    counted.countMutes = true;
    counted.write(this.src).asciiUpTo(this.asciiHint).build();
    if (counted.mutedChars >= GUARD_MUTED && counted.mutedChars > GUARD_RATIO * kept) {
      // A hidden body shown by a script, a wrapper marked aria-hidden while a dialog is open, a
      // layout div whose class names comments: read as visible, with a warning, rather than nothing.
      const shown = new PageBuilder({ ...this.options, dropHidden: false, dropComments: false }).write(this.src).asciiUpTo(this.asciiHint).end() as PageLines;
      shown.warnings = [`${counted.largestMuteName()} hides most of the page's text (a hidden element or comment section); it was kept`];
      this.table = shown;
    }
    return this.table;
  }

  /** Scan what is left and build the table (without the guard). */
  private build(): BuiltLineTable {
    this.scanner.scan(this.src, true);
    this.cols.finish();
    this.open.closeFrom(0);
    const table = this.cols.table(this.open.elementParent, this.open.elementEnd, this.open.elementTag, this.open.elementSig, this.open.elementBase, this.title());
    this.open.release();
    return table;
  }

  /** The `<title>` text as LineTable.title wants it (an empty object when there is none). */
  private title(): { title?: string } {
    if (this.titleTo < 0) return {};
    const title = decodeHTML(this.src.slice(this.titleFrom, this.titleTo)).replace(WHITESPACE_RUN, ' ').trim();
    return title === '' ? {} : { title };
  }

  // ---- tokenizer events -------------------------------------------------

  /** A start tag's name: returns whether its attributes are wanted. */
  onOpenTagName(start: number, end: number): boolean {
    const info = tagAt(this.tags, this.src, start, end);
    this.tagInfo = info;
    this.tagStart = start - 1;
    this.tagNameLen = end - start;
    this.attrs.reset();
    this.tagFlags = info?.flags ?? 0;
    return (this.tagFlags & (BLOCK | VOID)) === BLOCK;
  }

  /**
   * A start tag's end. The common case first (in the body, outside svg/math and dropped elements, a
   * tag with no rule of its own): kept small so that V8 inlines it into the scanner.
   */
  onOpenTagEnd(endIndex: number): void {
    this.cols.flushText();
    const open = this.open, info = this.tagInfo;
    if (this.mode !== Mode.Body || open.foreignOpen > 0 || this.rawDrop) { this.otherStartTag(endIndex); return; }
    if (info === undefined) {
      if (!open.muted()) this.cols.addCode(this.tagStart, endIndex + 1, this.normalizeAll ? this.tagNameLen + 2 : endIndex + 1 - this.tagStart);
      return;
    }
    const flags = this.tagFlags;
    if (flags & RARE_START || (flags & CLOSES_P && open.pOpen()) || open.dropping()) { this.otherStartTag(endIndex); return; }
    this.bodyStartTag(info, flags, this.tagStart, endIndex + 1);
  }

  /** A start tag in the body that no rule ends early: its line break, element and weight. */
  private bodyStartTag(info: TagInfo, flags: number, from: number, to: number): void {
    const cols = this.cols, open = this.open;
    if (flags & BLOCK && this.reline) {
      cols.breakLine(from);
      if (!cols.line.hasText) cols.line.block = (flags >> 8) & 0xff;
    }
    if ((flags & (BLOCK | VOID)) === BLOCK) open.pushBlock(info, this.src, this.attrs);
    if (open.muted()) return;
    // <a> start tags are added to the normalised column at </a>.
    cols.addCode(from, to, flags & ANCHOR ? 0 : this.normalizeAll ? this.tagNameLen + 2 : to - from);
    if (flags & ANCHOR) cols.openAnchor();
    else if (flags & IMAGE) {
      cols.line.images++;
      // An image in the line of text stands between the words around it; a floated one or a tracking pixel does not.
      if (cols.line.hasText && !OUT_OF_LINE_IMAGE.test(this.src.slice(from, to))) cols.separateWords();
    }
    else if (flags & CONTEXT) open.openContext(flags, info.name);
    if (flags & BR && this.reline) cols.breakLine(to);
  }

  /** Any other start tag (before the body, in foreign content, with a rule of its own, dropped, …; text flushed). */
  private otherStartTag(endIndex: number): void {
    const cols = this.cols;
    const flags = this.tagFlags;
    const from = this.tagStart, to = endIndex + 1;
    if (flags & TITLE && this.titleTo < 0) this.titleFrom = to;
    const info = this.tagInfo;
    if (this.mode !== Mode.Body && !this.startBeforeBody(info, from, to)) return;
    const open = this.open;
    // Inside svg or math, <title>, <style>, <script>, … are foreign elements: their content is markup.
    if (open.foreignOpen > 0 && open.foreign()) this.scanner.markupContent = true;
    if (info === undefined) {
      // An inline breakout tag ends foreign content (svg, math).
      if (open.foreignOpen > 0 && open.foreign() && INLINE_BREAKOUT.has(this.src.slice(from + 1, from + 1 + this.tagNameLen).toLowerCase())) open.closeForeign();
      if (!open.muted()) cols.addCode(from, to, this.normalizeAll ? this.tagNameLen + 2 : to - from);
      return;
    }
    // <html>, <head>, <body>, <frameset> in the body are ignored (a browser merges a second one's attributes).
    if (flags & STRUCTURE) return;
    if (flags & (HEADING | RULE) || (flags & CLOSES_P && open.pOpen()) || open.foreignOpen > 0) {
      if (open.impliedEnds(info, (flags & RULE) !== 0)) return;
    }
    // <link>, <meta>, <base>, … in the body: a browser keeps them in the tree but never renders them.
    if ((flags & (HEAD_CONTENT | VOID)) === (HEAD_CONTENT | VOID) && this.options.dropHidden) return;
    if (open.dropping() || flags & DROP) {
      // A dropped element whose content is raw text (script, style, …) holds no tags: its end tag comes next.
      if (this.scanner.rawText && !this.scanner.markupContent) { this.rawDrop = true; this.rawNoscript = info.name === 'noscript'; }
      else open.push(info, this.src, this.attrs, this.scanner.selfClosing);
      return;
    }
    this.bodyStartTag(info, flags, from, to);
  }

  /**
   * A start tag before the body: the head's content is not shown; a tag that cannot be in the head
   * starts the body. Returns whether the tag is processed as body content.
   */
  private startBeforeBody(info: TagInfo | undefined, from: number, to: number): boolean {
    if (this.mode === Mode.Frameset) return false;
    const name = info?.name;
    if (this.headTemplates > 0) {
      if (name === 'template') this.headTemplates++;
      return false;
    }
    if (!this.options.bodyOnly && !this.open.muted()) this.cols.addCode(from, to, to - from);
    if (name === 'html') {
      this.openHtml(this.attrs);
      return false;
    }
    if (name === 'body') {
      this.startBody(this.attrs);
      return false;
    }
    if (name === 'frameset') { this.mode = Mode.Frameset; return false; }
    if (name === 'head') {
      if (this.mode === Mode.Initial) this.mode = Mode.InHead;
      return false;
    }
    if (info !== undefined && info.flags & HEAD_CONTENT) {
      if (this.mode === Mode.Initial) this.mode = Mode.InHead;
      if (name === 'template') this.headTemplates++;
      else if (!(info.flags & VOID)) this.headText = true;
      return false;
    }
    this.startBody(NO_ATTRIBUTES);
    return true;
  }

  /**
   * The `<html>` element, from its tag or implied (`NO_ATTRIBUTES`). Its tag, like those of head and
   * body, weighs nothing in the columns: the page is the same with or without them.
   */
  private openHtml(attrs: TagAttributes): void {
    if (this.htmlSeen) return;
    this.htmlSeen = true;
    this.open.push(this.htmlTag, this.src, attrs, false);
  }

  /** The body starts: `<body>` or implied (a tag or text that cannot be in the head). */
  private startBody(attrs: TagAttributes): void {
    this.openHtml(NO_ATTRIBUTES);
    this.mode = Mode.Body;
    this.open.push(this.bodyTag, this.src, attrs, false);
  }

  /** An end tag. The common case first, as for start tags (see onOpenTagEnd). */
  onCloseTag(start: number, endIndex: number): void {
    this.cols.flushText();
    const info = tagAt(this.tags, this.src, start, endIndex);
    if (this.mode !== Mode.Body || this.rawDrop) { this.otherEndTag(info, start, endIndex); return; }
    const open = this.open, from = start - 2, to = endIndex + 1;
    if (info === undefined) {
      if (!open.muted()) this.cols.addCode(from, to, to - from);
      return;
    }
    const flags = info.flags;
    if (flags & RARE_END || open.muted()) { this.otherEndTag(info, start, endIndex); return; }
    this.bodyEndTag(info, flags, from, to);
  }

  /** An end tag in the body, outside dropped and muted elements: its weight, the element it closes, its line break. */
  private bodyEndTag(info: TagInfo, flags: number, from: number, to: number): void {
    const cols = this.cols;
    cols.addCode(from, to, to - from);
    this.open.endTag(info);
    if (flags & ANCHOR) cols.closeAnchor();
    else if (flags & CONTEXT) this.open.closeContext(flags);
    if (flags & BR || (flags & BLOCK && this.reline)) cols.breakLine(to);
  }

  /** Any other end tag (text flushed). */
  private otherEndTag(info: TagInfo | undefined, start: number, endIndex: number): void {
    const cols = this.cols;
    const name = info?.name ?? '';
    const from = start - 2;
    // The tokenizer reports where the name ends; white space before '>' is not counted.
    const to = endIndex + 1;
    if (name === 'title' && this.titleFrom >= 0 && this.titleTo < 0) this.titleTo = from;
    if (this.mode !== Mode.Body) {
      if (!this.endBeforeBody(name)) return;
    }
    if (this.rawDrop) {
      this.rawDrop = false;
      return;
    }
    const open = this.open;
    if (info === undefined) {
      if (!open.muted()) cols.addCode(from, to, to - from);
      return;
    }
    const flags = info.flags;
    if (open.dropping()) {
      open.endTag(info);
      return;
    }
    if (flags & DROP) return; // stray end tag of a dropped element
    // </body>, </html> (and a stray </head>) close nothing and weigh nothing: what follows is body content.
    if (flags & STRUCTURE) return;
    if (open.muted()) {
      open.endTag(info);
      return;
    }
    this.bodyEndTag(info, flags, from, to);
  }

  /** An end tag before the body: `</head>` ends the head; `</body>`, `</html>`, `</br>` start the body. */
  private endBeforeBody(name: string): boolean {
    this.headText = false;
    if (this.mode === Mode.Frameset) return false;
    if (this.headTemplates > 0) {
      if (name === 'template') this.headTemplates--;
      return false;
    }
    if (name === 'head') {
      this.mode = Mode.AfterHead;
      return false;
    }
    if (name === 'body' || name === 'html' || name === 'br') {
      this.startBody(NO_ATTRIBUTES);
      return name === 'br';
    }
    return false;
  }

  /** Text muted by a hidden element or comment section, counted for the guard (in the build that counts, see end()). */
  private countMuted(start: number, end: number): void {
    // Visible characters only: the guard must not depend on how the author indented the markup.
    // Counted one by one up to the most the guard can ask for (GUARD_RATIO × GUARD_KEPT), then by length.
    let n = end - start;
    if (this.mutedChars < GUARD_RATIO * GUARD_KEPT) {
      const src = this.src;
      for (let i = start; i < end; i++) if (isSpace(src.charCodeAt(i))) n--;
    }
    this.mutedChars += n;
    this.countMuteRoot(n);
  }

  /** `n` muted characters for the muting element (the outermost hidden element or comment section) that holds them. */
  private countMuteRoot(n: number): void {
    const root = this.open.muteRoot();
    if (root !== this.muteRoot) {
      this.muteRoot = root;
      this.muteRootChars = 0;
    }
    this.muteRootChars += n;
    if (this.muteRootChars > this.largestMuteChars) {
      this.largestMuteChars = this.muteRootChars;
      this.largestMute = root;
    }
  }

  /** The element that muted the most text, for the guard's warning (needs `countMutes`). */
  private largestMuteName(): string {
    return `<${this.largestMute?.name ?? '?'}>${this.open.describe(this.largestMute)}`;
  }

  onText(start: number, end: number): void {
    if (this.mode !== Mode.Body || this.rawDrop || this.open.muted() || this.open.inPre() || !this.reline) this.otherText(start, end);
    else if (start < end) this.cols.addText(start, end);
  }

  /** A `<![CDATA[` is a section only in foreign content (svg, math); in HTML content a browser reads a bogus comment. */
  cdataSection(): boolean {
    return this.open.foreignOpen > 0 && this.open.foreign();
  }

  /** An attribute's name (only for the start tags whose attributes are wanted). */
  onAttribName(start: number, end: number): void {
    this.attrs.name(this.src, start, end);
  }

  onAttribData(start: number, end: number): void {
    if (this.attrs.attr !== 0) this.attrs.data(this.src, start, end);
  }

  onAttribEnd(): void {
    this.attrs.end(this.src);
  }

  /** Text before the body, muted, dropped, inside `<pre>` or without re-lining. */
  private otherText(start: number, end: number): void {
    if (start >= end) return;
    if (this.rawDrop) {
      if (this.rawNoscript) this.noscriptLength += end - start;
      return;
    }
    if (this.mode !== Mode.Body) {
      // White space before the body is not shown; other text starts the body.
      if (this.mode === Mode.Frameset || this.headTemplates > 0 || this.headText || start < 0 || isParserSpace(this.src, start, end)) return;
      this.startBody(NO_ATTRIBUTES);
    }
    if (this.open.muted()) {
      if (!this.open.dropping()) {
        this.mutedLength += end - start;
        if (this.countMutes) this.countMuted(start, end);
      }
      return;
    }
    if (this.open.inPre() || !this.reline) {
      // Inside <pre> (or without re-lining) the author's newlines are line breaks.
      const src = this.src;
      let from = start;
      for (let i = start; i < end; i++) {
        if (src.charCodeAt(i) === NEWLINE) {
          if (from < i) this.cols.addText(from, i);
          this.cols.breakLine(i + 1);
          from = i + 1;
        }
      }
      if (from < end) this.cols.addText(from, end);
      return;
    }
    this.cols.addText(start, end);
  }
}

/**
 * Build the {@link LineTable} of a whole page.
 * @param html the decoded page source
 * @param options preprocessing and re-lining options (defaults: `LINE_DEFAULTS`)
 * @param asciiPrefix the page is plain ASCII up to this offset, and the character there is not
 *   (`PageSource.asciiPrefix`; 0: unknown)
 */
export function buildLineTable(html: string, options: Partial<LineOptions> = {}, asciiPrefix = 0): BuiltLineTable {
  return new PageBuilder(options).write(html).asciiUpTo(asciiPrefix).end();
}

