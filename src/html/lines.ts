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
 * - white space in text is collapsed to single spaces and lines are trimmed.
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
 * Streaming: `LineBuilder.write()` takes chunks as they come and scans them once
 * enough has arrived (the unscanned part at least doubles the source scanned before,
 * so the work stays linear); the table is the same whether the page is fed whole or
 * one character at a time.
 */
import { HtmlScanner } from './scanner.js';
import { decodeHTML } from 'entities';
import { BlockKind, LineContext, type ElementTree, type LineTable } from '../core/types.js';
import { lineKey, LineKeyHasher } from './line-key.js';
import { LINE_DEFAULTS } from '../core/defaults.js';
import { giveU32, takeU32, U32Column } from '../core/u32-column.js';
import { hasNonAsciiChar } from '../core/ascii.js';

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
   * `aria-hidden="true"` (hidden from screen readers; Readability drops these too).
   */
  readonly dropHidden: boolean;
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

// Tag facts, one Map lookup per tag: flag bits, and the BlockKind in bits 8..15.
const VOID = 1, BLOCK = 2, ANCHOR = 4, IMAGE = 8, PRE = 16, BR = 32, BODY = 64, DROP = 128;
/** Above the BlockKind bits. IMPLIED: a sibling start tag implicitly closes it (for the structural stack). */
const QUOTE = 1 << 16, LIST_ITEM = 1 << 17, LIST = 1 << 18, IMPLIED = 1 << 19;

function staticTagTable(): Map<string, number> {
  const t = new Map<string, number>();
  const add = (name: string, bits: number) => t.set(name, (t.get(name) ?? 0) | bits);
  for (const n of VOID_ELEMENTS) add(n, VOID);
  for (const [n, kind] of BLOCK_KIND) add(n, BLOCK | (kind << 8));
  add('a', ANCHOR); add('img', IMAGE); add('image', IMAGE); add('pre', PRE); add('br', BR); add('body', BODY); add('blockquote', QUOTE);
  for (const n of ['li', 'dt', 'dd']) add(n, LIST_ITEM);
  for (const n of ['ul', 'ol', 'dl', 'menu', 'dir']) add(n, LIST);
  for (const n of ['p', 'li', 'dt', 'dd', 'td', 'th', 'tr', 'option']) add(n, IMPLIED);
  return t;
}
const STATIC_TAGS = staticTagTable();
/** A known tag: its lower-case name and flags. */
interface TagInfo {
  readonly name: string;
  readonly flags: number;
  /** FNV-1a hash of the name ({@link nameHash}). */
  readonly hash: number;
}

/** Known tags by the FNV hash of their lower-case name (see tagAt), and the longest name. */
interface TagTable {
  readonly byHash: ReadonlyMap<number, TagInfo>;
  readonly longest: number;
}

const TAG_TABLES = new WeakMap<readonly string[], TagTable>();

function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The tag table for a list of dropped elements (cached per list). */
function tagTable(drop: readonly string[]): TagTable {
  let t = TAG_TABLES.get(drop);
  if (!t) {
    const flags = new Map(STATIC_TAGS);
    for (const n of drop) flags.set(n, (flags.get(n) ?? 0) | DROP);
    const byHash = new Map([...flags].map(([name, f]): [number, TagInfo] => {
      const hash = nameHash(name);
      return [hash, { name, flags: f, hash }];
    }));
    t = { byHash, longest: Math.max(...[...flags.keys()].map((n) => n.length)) };
    TAG_TABLES.set(drop, t);
  }
  return t;
}

/**
 * The known tag written at `src[start, end)` (any case), or undefined: hashed on
 * the source and checked character by character, so no string is built per tag.
 */
function tagAt(table: TagTable, src: string, start: number, end: number): TagInfo | undefined {
  if (end - start > table.longest) return undefined;
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    let c = src.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    h = Math.imul(h ^ c, 0x01000193);
  }
  const info = table.byHash.get(h >>> 0);
  if (!info || info.name.length !== end - start) return undefined;
  for (let i = 0; i < info.name.length; i++) {
    let c = src.charCodeAt(start + i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== info.name.charCodeAt(i)) return undefined;
  }
  return info;
}

const WHITESPACE_RUN = /[\s\u00a0]+/g;

/** At most this many class/id words per line (the nearest elements' first). */
const MAX_LINE_TOKENS = 24;
const NO_TOKENS: readonly number[] = Object.freeze([]);
const ATTRIBUTE_WORD = /[a-z]{3,}/g;
/**
 * Class/id words of a user-comment section (`dropComments`): WordPress (`comments`, `comment-list`,
 * `respond`), Blogger, Disqus (`disqus_thread`), and the words for "comments" in a few languages'
 * class names (Spanish, French, German, Chinese pinyin). Whole words only: `commentary` is not one.
 */
const COMMENT_WORDS: ReadonlySet<number> = new Set(
  ['comment', 'comments', 'commentlist', 'commentlists', 'respond', 'disqus', 'comentarios', 'commentaires', 'kommentare', 'pinglun'].map((w) => lineKey(w)));
/** Containers a comment section is read from: elements that always have an end tag (an implied end would mute the rest of the page). */
/** A `style` value that hides its element. */
const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;
const COMMENTS_ELEMENTS: ReadonlySet<string> = new Set(['div', 'section', 'ol', 'ul', 'aside', 'article', 'footer', 'form', 'dl', 'table']);
const CAMEL_CASE = /([a-z])([A-Z])/g;

/** What an element's name, id and class give: its path signature and its class/id words. */
interface ElementKind {
  readonly sig: number;
  readonly tokens: readonly number[];
  /** Its class/id names a user-comment section (`COMMENT_WORDS`). */
  readonly comments: boolean;
  /**
   * Memo of `entryWords` for the last element of this kind: the words it inherited (compared as the same
   * array) and its merged words. Siblings, and repeated structures under repeated ancestors, share both.
   */
  lastInherited: readonly number[] | undefined;
  lastWords: readonly number[] | undefined;
}

/** A structural-stack entry: the element, and what a line inside it inherits. */
interface BlockEntry {
  readonly name: string;
  readonly sig: number;
  /** Key of the path of the nearest three block elements (this one, its parent and grandparent). */
  readonly path: number;
  /** The parent's signature (for the path of children). */
  readonly parentSig: number;
  /** This element's own class/id words, and its parent entry (for the inherited ones). */
  readonly own: readonly number[];
  /** Its kind (the own words are `kind.tokens` when not empty). */
  readonly kind: ElementKind;
  readonly parent: BlockEntry | undefined;
  /** Inside a user-comment section (`dropComments`) or a hidden element (`dropHidden`): its content is removed. */
  readonly muted: boolean;
  /** Number of the element in document order (LineTable.elements). */
  readonly id: number;
  /** Memo of `entryWords`. */
  words?: readonly number[];
}

/**
 * Class/id words of an element and its ancestors, nearest first, at most
 * MAX_LINE_TOKENS; computed on first use (only elements holding text need them).
 */
function entryWords(e: BlockEntry): readonly number[] {
  if (e.words) return e.words;
  // Iterative (pages nest 100,000 deep): climb to a memoised ancestor, then fill downwards.
  const chain: BlockEntry[] = [];
  let a: BlockEntry | undefined = e;
  while (a && !a.words) { chain.push(a); a = a.parent; }
  let inherited = a?.words ?? NO_TOKENS;
  for (let i = chain.length - 1; i >= 0; i--) {
    const c = chain[i]!;
    let words = inherited;
    if (c.own.length > 0) {
      const kind = c.kind;
      if (kind.lastInherited === inherited) words = kind.lastWords!;
      else {
        const merged = [...c.own];
        for (const t of inherited) if (merged.length < MAX_LINE_TOKENS && !merged.includes(t)) merged.push(t);
        kind.lastInherited = inherited;
        kind.lastWords = words = merged;
      }
    }
    inherited = c.words = words;
  }
  return inherited;
}

/** (name, id, class) hash → signature and words: pages repeat the same few values; cleared when large. */
const ELEMENT_KINDS = new Map<number, ElementKind>();
const MAX_ELEMENT_KINDS = 50_000;

/**
 * The kind of a block element from the hashes of its name, id and class values
 * (computed on the source, no strings); the values are sliced from `src` only on a miss.
 */
function elementKind(name: string, nameKey: number, src: string, idHash: number, id: readonly [number, number], classHash: number, cls: readonly [number, number]): ElementKind {
  // FNV-1a over the name's characters (nameKey = nameHash(name)), then the id and class hashes.
  let h = Math.imul(nameKey ^ idHash, 0x01000193);
  h = Math.imul(h ^ classHash, 0x01000193) >>> 0;
  let k = ELEMENT_KINDS.get(h);
  if (!k) {
    if (ELEMENT_KINDS.size >= MAX_ELEMENT_KINDS) ELEMENT_KINDS.clear();
    const idValue = idHash === 0 ? '' : src.slice(id[0], id[1]), classValue = classHash === 0 ? '' : src.slice(cls[0], cls[1]);
    const tokens = idHash === 0 && classHash === 0 ? NO_TOKENS : attributeTokens(`${idValue} ${classValue}`);
    // The signature is lineKey(`${name}#${idValue}.${classValue}`), hashed without building that string.
    const sig = new LineKeyHasher();
    sig.pushRange(name, 0, name.length);
    sig.pushRange('#', 0, 1);
    if (idHash !== 0) sig.pushRange(src, id[0], id[1]);
    sig.pushRange('.', 0, 1);
    if (classHash !== 0) sig.pushRange(src, cls[0], cls[1]);
    k = { sig: sig.key(), tokens, comments: COMMENTS_ELEMENTS.has(name) && tokens.some((t) => COMMENT_WORDS.has(t)), lastInherited: undefined, lastWords: undefined };
    ELEMENT_KINDS.set(h, k);
  }
  return k;
}

/** Does `src[start, end)` spell the lower-case ASCII `name`, in any case? (No string is built.) */
function nameIs(src: string, start: number, end: number, name: string): boolean {
  if (end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if ((src.charCodeAt(start + i) | 0x20) !== name.charCodeAt(i)) return false;
  return true;
}

/** A child's stack entry from its parent's (path of the nearest three); `drop`: the element's content is removed. */
function childEntry(parent: BlockEntry | undefined, name: string, kind: ElementKind, withWords: boolean, drop: boolean, id: number): BlockEntry {
  let h = Math.imul(0x811c9dc5 ^ kind.sig, 0x01000193);
  if (parent) {
    h = Math.imul(h ^ parent.sig, 0x01000193);
    if (parent.parentSig !== 0) h = Math.imul(h ^ parent.parentSig, 0x01000193);
  }
  return { name, sig: kind.sig, path: (h >>> 0) || 1, parentSig: parent?.sig ?? 0, own: withWords ? kind.tokens : NO_TOKENS, kind, parent, muted: parent?.muted === true || drop, id };
}

/**
 * Words of a `class` / `id` value as keys: lower-cased runs of 3+ ASCII letters
 * ("post-body entry_content" → post, body, entry, content); camelCase is split
 * (a space goes between a lower-case and an upper-case ASCII letter); first
 * occurrences only, at most MAX_LINE_TOKENS; the keys are `lineKey(word)`.
 * An all-ASCII value (nearly all of them) is read in one pass over its
 * characters; any other goes through the regexes that state the rule.
 */
export function attributeTokens(value: string): readonly number[] {
  // Real class/id values are short; a hostile multi-megabyte one is read up to a bound.
  const text = value.length > MAX_ATTRIBUTE_CHARS ? value.slice(0, MAX_ATTRIBUTE_CHARS) : value;
  // Outside ASCII, lower-casing can make ASCII letters (KELVIN SIGN → `k`): the general path.
  if (hasNonAsciiChar(text)) return regexAttributeTokens(text);
  const out: number[] = [];
  // FNV-1a of the current run of letters, lower-cased: lineKey of a word of a–z (html/line-key.ts).
  let h = 0x811c9dc5 | 0, length = 0, prevLower = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    const lower = c >= 97 && c <= 122, letter = lower || (c >= 65 && c <= 90);
    if (!letter || (prevLower && !lower)) {
      // The run ends here: at a non-letter, or at the upper-case letter of a camelCase boundary.
      if (length >= 3) {
        const k = (h >>> 0) || 1;
        if (!out.includes(k)) {
          out.push(k);
          if (out.length === MAX_LINE_TOKENS) return out;
        }
      }
      h = 0x811c9dc5 | 0;
      length = 0;
    }
    if (letter) { h = Math.imul(h ^ (c | 0x20), 0x01000193); length++; }
    prevLower = lower;
  }
  return out.length > 0 ? out : NO_TOKENS;
}

/** {@link attributeTokens} by its rule's regexes, for a value already cut to MAX_ATTRIBUTE_CHARS. */
function regexAttributeTokens(text: string): readonly number[] {
  const words = text.replace(CAMEL_CASE, '$1 $2').toLowerCase().match(ATTRIBUTE_WORD);
  if (!words) return NO_TOKENS;
  const out: number[] = [];
  for (const w of words) {
    const k = lineKey(w);
    if (!out.includes(k)) out.push(k);
    if (out.length === MAX_LINE_TOKENS) break;
  }
  return out;
}
/** Characters of a class/id value read for its words. */
const MAX_ATTRIBUTE_CHARS = 1024;
const NEWLINE = 10;
/** Source length from which a streamed page is scanned before its end (then at each doubling). */
const MIN_SCAN = 1 << 16;
const AMPERSAND = 0x26;
const SEMICOLON = 0x3b;
/** Longest named character reference (`&CounterClockwiseContourIntegral;`) is 33 characters. */
const MAX_ENTITY = 34;

/**
 * If `src[at]` (an `&`) starts a character reference ending in `;` before
 * `limit`, the offset just past the `;`, else 0. Legacy references without
 * a semicolon are counted as written (the materialised text decodes them).
 */
function entityEnd(src: string, at: number, limit: number): number {
  const stop = Math.min(limit, at + MAX_ENTITY);
  for (let j = at + 1; j < stop; j++) {
    const c = src.charCodeAt(j);
    if (c === SEMICOLON) return j > at + 1 ? j + 1 : 0;
    const alnum = (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || c === 0x23;
    if (!alnum) return 0;
  }
  return 0;
}

/**
 * The character reference `src[at, end)` (`&` … `;`) decoded. The five most frequent on the
 * shared pages (`&nbsp;`, `&amp;`, `&quot;`, `&lt;`, `&gt;`: 80 % of cleaneval's) are
 * recognised in place, without cutting a string for the decoder.
 */
function decodeReference(src: string, at: number, end: number): string {
  switch (end - at) {
    case 4:
      if (src.charCodeAt(at + 2) === 0x74) { // t
        const c = src.charCodeAt(at + 1);
        if (c === 0x6c) return '<';
        if (c === 0x67) return '>';
      }
      break;
    case 5:
      if (src.startsWith('amp', at + 1)) return '&';
      break;
    case 6:
      if (src.startsWith('nbsp', at + 1)) return '\u00a0';
      if (src.startsWith('quot', at + 1)) return '"';
      break;
  }
  return decodeHTML(src.slice(at, end));
}

/** Flags of a text piece, in the high bits of its start offset (source offsets stay below 2^30 in V8). */
const PIECE_SPACE = 0x80000000, PIECE_ENTITY = 0x40000000, PIECE_OFFSET = 0x3fffffff;

/** May a single space followed by `c` stay inside a text piece (`c` visible and not `&`)? */
function continuesPiece(c: number): boolean {
  return c !== AMPERSAND && !isSpace(c);
}

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

/**
 * White space as JavaScript's `\s` defines it (which includes U+00A0): the
 * same set `WHITESPACE_RUN` collapses, so counted and materialised text agree.
 */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** The builder's rows once `end()` has given them back. */
const EMPTY_ROWS: Uint32Array = new Uint32Array(0);

/** Columns of a closed line, stored column by column in one array while building (one capacity check per line). */
const enum Col {
  Start, End, ContentChars, ContentBytes, CodeChars, CodeBytes, LinkNormCodeChars,
  AsciiBytes, NonAsciiBytes, Links, AnchorBytes, Images, Block, Path, Element, Context, FirstSegment, FirstPiece, Decode, FirstToken, Stride,
}

/**
 * The line being built. Text is counted as it arrives, already collapsed:
 * a white-space run counts as one space, and only between two visible
 * characters (so leading and trailing white space is trimmed).
 */
interface OpenLine {
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
  private readonly normalizeAll: boolean;
  private readonly tags: TagTable;
  private readonly scanner: HtmlScanner;
  /** Source length at which `write` scans what has come (see the module comment). */
  private nextScan = MIN_SCAN;
  /** Non-ASCII characters of the source (see codeBytes). */
  private readonly wide = new NextMatch(NON_ASCII, '');
  /** All input so far: scanner offsets are absolute. */
  private src = '';
  /**
   * Closed lines: column `k` holds line `i` at `rows[k * capacity + i]` (column-major, so `end()`
   * copies each column out whole instead of gathering it with a stride).
   */
  private rows: Uint32Array = EMPTY_ROWS;
  private capacity = 0;
  private count = 0;
  private readonly line: OpenLine = emptyLine();
  /** Text segments `[segStart[k], segEnd[k])`: maximal runs of text (entities included) between tags. */
  private readonly segStart = new U32Column(64, true);
  private readonly segEnd = new U32Column(64, true);
  /**
   * Text pieces, found while the text is counted: a line's text is its pieces in order, each
   * `src[start, end)` copied verbatim (flag PIECE_ENTITY: a character reference, decoded),
   * with one space before those flagged PIECE_SPACE. The flags sit in the high bits of `pieceStart`.
   */
  private readonly pieceStart = new U32Column(64, true);
  private readonly pieceEnd = new U32Column(64, true);
  /** Stack of open dropped elements (names). */
  private readonly dropStack: string[] = [];
  private readonly anchors: OpenAnchor[] = [];
  private preDepth = 0;
  private quoteDepth = 0;
  /**
   * Lists with an open item around the current position. `</li>` may be omitted,
   * so a list's end (or its next item) restores the depth saved at the list's start.
   */
  private listItemDepth = 0;
  private readonly listStack: number[] = [];
  /** Per open list (parallel to listStack): 1 for an `<ol>`. */
  private readonly listOrdered: number[] = [];
  private seenBody = false;
  /** Source range of the first `<title>` element's text: where it starts (-1: not open), where it ended. */
  private titleFrom = -1;
  private titleTo = -1;
  /** Pending start tag: name and offset of its `<`. */
  private tagName = '';
  private tagStart = 0;
  /** Length of the current start tag's name (for attribute normalisation). */
  private tagNameLen = 0;
  /** Structural stack of open block elements: name and a key of name + id + class. */
  private readonly blockStack: BlockEntry[] = [];
  /** Block-element tree (LineTable.elements): parent + 1 (0: root) and subtree end of each element. */
  private readonly elementParent = new U32Column(64, true);
  private readonly elementEnd = new U32Column(64, true);
  /** Flat class/id words of closed lines (LineTable.classTokens). */
  private readonly tokenKeys = new U32Column(64, true);
  /** Attribute being read: 1 class, 2 id, 3 style, 4 aria-hidden, 0 other. */
  private attr = 0;
  /** The current start tag hides its element (`hidden`, a style with display: none / visibility: hidden, `aria-hidden="true"`). */
  private hidden = false;
  /** FNV hashes of the pending start tag's class and id values (0: none) and where they are. */
  private classHash = 0;
  private idHash = 0;
  private readonly classRange: [number, number] = [0, 0];
  private readonly idRange: [number, number] = [0, 0];
  /** The attribute value being read: its hash and source range (values split by a chunk are joined in `attrValue`). */
  private attrHash = 0;
  private attrFrom = -1;
  private attrTo = 0;
  /** TAG table flags and name hash of the pending start tag. */
  private tagFlags = 0;
  private tagHash = 0;
  /** The text run not yet counted: `src[pendingFrom, pendingTo)`. */
  private pendingFrom = 0;
  private pendingTo = 0;
  /** The table, once `end()` has built it (no more writes then). */
  private table: BuiltLineTable | undefined;

  constructor(options: Partial<LineOptions> = {}) {
    this.options = Object.freeze({ ...LINE_DEFAULTS, ...options });
    this.tags = tagTable(this.options.dropElements);
    this.normalizeAll = this.options.normalizeAttributes === 'all';
    const self = this;
    this.scanner = new HtmlScanner({
      onText(start, end) { self.onText(start, end); },
      onOpenTagName(start, end) { return self.onOpenTagName(start, end); },
      onAttribName(start, end) { self.onAttribName(start, end); },
      onAttribData(start, end) { if (self.attr !== 0) self.onAttribData(start, end); },
      onAttribEnd() { self.onAttribEnd(); },
      onOpenTagEnd(end) { self.onOpenTagEnd(end); },
      onCloseTag(start, end) { self.onCloseTag(start, end); },
    });
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
    this.wide.reset(this.src);
    return this;
  }

  /**
   * The source written so far is plain ASCII up to offset `n` (`PageSource.asciiPrefix`): with
   * n > 0, the character at `n` (if any) must be outside ASCII. Saves a search of that part.
   */
  asciiUpTo(n: number): this {
    // The character at n is checked (a hint that cannot be right is ignored); the prefix is taken on trust.
    if (n > 0 && (n >= this.src.length || this.src.charCodeAt(n) >= 0x80)) this.wide.knownFirst(Math.min(n, this.src.length));
    return this;
  }

  /** Finish the page and return its table (the same table if called again). */
  end(): BuiltLineTable {
    if (this.table) return this.table;
    this.scanner.scan(this.src, true);
    this.flushText();
    this.flushAnchors();
    if (this.line.hasText || this.line.codeChars > 0) this.closeLine(true);
    this.closeEntries(0);
    this.table = this.columns();
    // Everything is copied out: the working arrays go back to the spares (u32-column.ts).
    for (const c of [this.segStart, this.segEnd, this.pieceStart, this.pieceEnd, this.elementParent, this.elementEnd, this.tokenKeys]) c.release();
    giveU32(this.rows);
    this.rows = EMPTY_ROWS;
    return this.table;
  }

  /**
   * The table's columns, copied out of the builder's arrays into views of one buffer: one
   * allocation per page instead of one per column (see u32-column.ts for what each costs).
   */
  private columns(): BuiltLineTable {
    const n = this.count, rows = this.rows, cap = this.capacity;
    const tokens = this.options.classTokens;
    // 14 columns of n (start … element), 2 of n + 1 (segments, pieces), classTokens' two, the four lists.
    const words = 14 * n + 2 * (n + 1) + (tokens ? n + 1 + this.tokenKeys.length : 0) +
      2 * this.segStart.length + 2 * this.pieceStart.length + 2 * this.elementParent.length;
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
    const columns = {
      count: n,
      start: column(Col.Start), end: column(Col.End),
      contentChars: column(Col.ContentChars), contentBytes: column(Col.ContentBytes),
      codeChars: column(Col.CodeChars), codeBytes: column(Col.CodeBytes),
      linkNormCodeChars: column(Col.LinkNormCodeChars),
      asciiBytes: column(Col.AsciiBytes), nonAsciiBytes: column(Col.NonAsciiBytes),
      links: column(Col.Links), anchorBytes: column(Col.AnchorBytes), images: column(Col.Images),
      path: column(Col.Path),
      elements: { line: column(Col.Element), parent: list(this.elementParent), end: list(this.elementEnd) },
      ...(tokens ? { classTokens: { start: starts(Col.FirstToken, this.tokenKeys.length), keys: list(this.tokenKeys) } } : {}),
      ...this.title(),
    };
    const text = {
      segStart: list(this.segStart), segEnd: list(this.segEnd), lineSegments: starts(Col.FirstSegment, this.segStart.length),
      pieceStart: list(this.pieceStart), pieceEnd: list(this.pieceEnd), linePieces: starts(Col.FirstPiece, this.pieceStart.length),
    };
    // The byte columns last (a Uint32Array view must start at a multiple of 4).
    const bytes = new Uint8Array(buffer, at, 3 * n);
    const block = fill(Col.Block, bytes.subarray(0, n)), context = fill(Col.Context, bytes.subarray(n, 2 * n));
    const decode = fill(Col.Decode, bytes.subarray(2 * n, 3 * n));
    return new PageLines(this.src, { ...text, decode }, { ...columns, block, context });
  }

  /** The `<title>` text as LineTable.title wants it (an empty object when there is none). */
  private title(): { title?: string } {
    if (this.titleTo < 0) return {};
    const title = decodeHTML(this.src.slice(this.titleFrom, this.titleTo)).replace(WHITESPACE_RUN, ' ').trim();
    return title === '' ? {} : { title };
  }

  // ---- tokenizer events -------------------------------------------------

  /** A start tag's name: returns whether its attributes are wanted. */
  private onOpenTagName(start: number, end: number): boolean {
    const info = tagAt(this.tags, this.src, start, end);
    // Unknown tags need no name: they are neither dropped nor blocks.
    this.tagName = info?.name ?? '';
    this.tagStart = start - 1;
    this.tagNameLen = end - start;
    this.classHash = this.idHash = 0;
    this.hidden = false;
    this.tagFlags = info?.flags ?? 0;
    this.tagHash = info?.hash ?? 0;
    return (this.tagFlags & (BLOCK | VOID)) === BLOCK;
  }

  /** Only `class` and `id` of block elements are read (for the structural path). */
  private onAttribName(start: number, end: number): void {
    this.attr = nameIs(this.src, start, end, 'class') ? 1 : nameIs(this.src, start, end, 'id') ? 2 : nameIs(this.src, start, end, 'style') ? 3 : nameIs(this.src, start, end, 'aria-hidden') ? 4 : 0;
    if (nameIs(this.src, start, end, 'hidden')) this.hidden = true;
    this.attrHash = 0x811c9dc5;
    this.attrFrom = -1;
  }

  private onAttribData(start: number, end: number): void {
    const src = this.src;
    let h = this.attrHash;
    for (let i = start; i < end; i++) h = Math.imul(h ^ src.charCodeAt(i), 0x01000193);
    this.attrHash = h;
    if (this.attrFrom < 0) this.attrFrom = start;
    this.attrTo = end;
  }

  private onAttribEnd(): void {
    if (this.attr === 3) {
      if (this.attrFrom >= 0 && HIDDEN_STYLE.test(this.src.slice(this.attrFrom, Math.min(this.attrTo, this.attrFrom + MAX_ATTRIBUTE_CHARS)))) this.hidden = true;
    } else if (this.attr === 4) {
      if (this.attrFrom >= 0 && nameIs(this.src, this.attrFrom, this.attrTo, 'true')) this.hidden = true;
    } else if (this.attr !== 0 && this.attrFrom >= 0) {
      const h = (this.attrHash >>> 0) || 1;
      const range = this.attr === 1 ? this.classRange : this.idRange;
      range[0] = this.attrFrom; range[1] = this.attrTo;
      if (this.attr === 1) this.classHash = h; else this.idHash = h;
    }
    this.attr = 0;
  }

  /** Push an open block element on the structural stack (a sibling p/li/td/… implicitly closes the previous one). */
  private pushBlock(name: string): void {
    const stack = this.blockStack;
    if (this.tagFlags & IMPLIED && stack.length > 0 && stack[stack.length - 1]!.name === name) this.closeEntries(stack.length - 1);
    // A value split by entities or chunks spans [from, to) of the source; decoding is not needed for a key.
    const kind = elementKind(name, this.tagHash, this.src, this.idHash, this.idRange, this.classHash, this.classRange);
    const parent = stack[stack.length - 1];
    const id = this.elementParent.length;
    this.elementParent.push(parent ? parent.id + 1 : 0);
    this.elementEnd.push(0);
    const drop = (this.options.dropComments && kind.comments) || (this.options.dropHidden && this.hidden);
    stack.push(childEntry(parent, name, kind, this.options.classTokens, drop, id));
  }

  /** Close the stack's entries from `from` up: their subtrees end before the next element. */
  private closeEntries(from: number): void {
    const stack = this.blockStack, next = this.elementParent.length;
    for (let i = from; i < stack.length; i++) this.elementEnd.set(stack[i]!.id, next);
    while (stack.length > from) stack.pop(); // (setting `length` is a slower builtin call)
  }

  /** Inside a comment section or hidden element being dropped? */
  private muted(): boolean {
    const stack = this.blockStack;
    return stack.length > 0 && stack[stack.length - 1]!.muted;
  }

  /** Pop the structural stack down to the nearest open `name` (within a few levels). */
  private popBlock(name: string): void {
    const stack = this.blockStack;
    for (let i = stack.length - 1; i >= 0 && i >= stack.length - 8; i--) {
      if (stack[i]!.name === name) { this.closeEntries(i); return; }
    }
  }

  private onOpenTagEnd(endIndex: number): void {
    this.flushText();
    const name = this.tagName;
    const flags = this.tagFlags;
    const from = this.tagStart, to = endIndex + 1;
    if (name === 'title' && this.titleTo < 0) this.titleFrom = to;
    if (this.dropStack.length > 0) {
      if (flags & BODY && this.dropStack[0] === 'head') this.dropStack.length = 0; // body implies </head>
      else {
        if ((flags & (DROP | VOID)) === DROP) this.dropStack.push(name);
        return;
      }
    }
    if (flags & BODY && !this.seenBody) {
      this.seenBody = true;
      if (this.options.bodyOnly && !this.line.hasText) this.resetOpenLine(from);
    }
    if (flags & DROP) {
      if (!(flags & VOID)) this.dropStack.push(name);
      return;
    }
    const reline = this.options.reline;
    if (flags & BLOCK && reline) {
      this.breakLine(from);
      if (!this.line.hasText) this.line.block = (flags >> 8) & 0xff;
    }
    if ((flags & (BLOCK | VOID)) === BLOCK) this.pushBlock(name);
    if (this.muted()) return;
    // <a> start tags are added to the normalised column at </a>.
    this.addCode(from, to, flags & ANCHOR ? 0 : this.normalizeAll ? this.tagNameLen + 2 : to - from);
    if (flags & ANCHOR) {
      this.line.links++;
      this.anchors.push({ line: this.count, textChars: 0 });
    } else if (flags & IMAGE) {
      this.line.images++;
    } else if (flags & PRE) {
      this.preDepth++;
    } else if (flags & QUOTE) {
      this.quoteDepth++;
    } else if (flags & LIST_ITEM) {
      this.listItemDepth = (this.listStack[this.listStack.length - 1] ?? 0) + 1;
    } else if (flags & LIST) {
      this.listStack.push(this.listItemDepth);
      this.listOrdered.push(name === 'ol' ? 1 : 0);
    }
    if (flags & BR && reline) this.breakLine(to);
  }

  private onCloseTag(start: number, endIndex: number): void {
    this.flushText();
    const info = tagAt(this.tags, this.src, start, endIndex);
    const name = info?.name ?? '';
    const from = start - 2;
    // The tokenizer reports where the name ends; white space before '>' is not counted.
    const to = endIndex + 1;
    if (name === 'title' && this.titleFrom >= 0 && this.titleTo < 0) this.titleTo = from;
    if (this.dropStack.length > 0) {
      const at = this.dropStack.lastIndexOf(name);
      if (at >= 0) this.dropStack.length = at;
      return;
    }
    const flags = info?.flags ?? 0;
    if (flags & DROP) return; // stray end tag of a dropped element
    if (this.muted()) {
      if ((flags & (BLOCK | VOID)) === BLOCK) this.popBlock(name);
      return;
    }
    this.addCode(from, to, to - from);
    if ((flags & (BLOCK | VOID)) === BLOCK) this.popBlock(name);
    if (flags & ANCHOR) this.closeAnchor();
    else if (flags & PRE && this.preDepth > 0) this.preDepth--;
    else if (flags & QUOTE && this.quoteDepth > 0) this.quoteDepth--;
    else if (flags & LIST_ITEM) this.listItemDepth = this.listStack[this.listStack.length - 1] ?? 0;
    else if (flags & LIST) {
      this.listItemDepth = this.listStack.pop() ?? 0;
      this.listOrdered.pop();
    }
    if (flags & BR || (flags & BLOCK && this.options.reline)) this.breakLine(to);
  }

  private onText(start: number, end: number): void {
    if (this.dropStack.length > 0 || start >= end || this.muted()) return;
    if (this.preDepth > 0 || !this.options.reline) {
      // Inside <pre> (or without re-lining) the author's newlines are line breaks.
      const src = this.src;
      let from = start;
      for (let i = start; i < end; i++) {
        if (src.charCodeAt(i) === NEWLINE) {
          if (from < i) this.addText(from, i);
          this.breakLine(i + 1);
          from = i + 1;
        }
      }
      if (from < end) this.addText(from, end);
      return;
    }
    this.addText(start, end);
  }

  // ---- line assembly ----------------------------------------------------

  /**
   * Note the text `src[from, to)` of the open line. It is counted by
   * {@link flushText} once the run of text ends (at the next tag, line break
   * or the end), so a character reference split across chunks still counts once.
   */
  private addText(from: number, to: number): void {
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

  /**
   * Count the pending text run into the open line: character references
   * decoded, white space collapsed; the run becomes (or extends) a segment,
   * and is cut into the pieces the line's text is later copied from.
   */
  private flushText(): void {
    const from = this.pendingFrom, to = this.pendingTo;
    if (from === to) return;
    this.pendingFrom = this.pendingTo = 0;
    const line = this.line;
    if (this.preDepth > 0) line.context |= LineContext.Preformatted;
    if (this.quoteDepth > 0) line.context |= LineContext.Quote;
    if (this.listItemDepth > 0) {
      line.context |= LineContext.ListItem;
      // The nesting where the line's text starts (Markdown output indents and numbers items by it).
      if (!line.hasText && (line.context & LineContext.ListDepthMask) === 0) {
        line.context |= (Math.min(this.listItemDepth, 7) << LineContext.ListDepthShift) | (this.listOrdered[this.listOrdered.length - 1] ? LineContext.OrderedList : 0);
      }
    }
    const segs = this.segEnd;
    if (segs.length > line.firstSegment && segs.data[segs.length - 1] === from) segs.data[segs.length - 1] = to;
    else { this.segStart.push(from); segs.push(to); }
    const chars0 = line.contentChars, bytes0 = line.contentBytes;
    const src = this.src;
    const hadText = line.hasText;
    if (!line.hasText && line.codeChars === 0) {
      // An empty line starts at its first visible character.
      let i = from;
      while (i < to && isSpace(src.charCodeAt(i))) i++;
      line.start = i;
    }
    // Hot loop on locals: runs of printable ASCII, white space and other visible
    // characters are counted inline; only character references leave it.
    // `extra` = UTF-8 bytes beyond one per character, `wide` = characters ≥ U+0080.
    let chars = line.contentChars, extra = line.contentBytes - chars, wide = chars - line.contentAscii;
    let pending = line.pendingSpace, hasText = line.hasText;
    // The text pieces (see pieceStart) are cut in the same pass: `piece` is where the open one
    // starts (−1: none). The tokenizer's text from offset −1 (scanner.ts) is counted, never shown.
    const record = from >= 0;
    let piece = -1, pieceFlags = 0;
    for (let i = from; i < to; i++) {
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
        // (Measured, not kept, session 5: letting spaces through this loop and cutting the run at
        // its first double space, found by a cached `indexOf`, gave the line builder +3 % on
        // cleaneval and −2 % on dragnet; with the previous character tracked in the loop, ±0.)
        let j = i + 1;
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
      }
    }
    if (piece >= 0) this.addPiece(piece | pieceFlags, to);
    line.contentChars = chars; line.contentBytes = chars + extra; line.contentAscii = chars - wide;
    line.pendingSpace = pending; line.hasText = hasText;
    if (!hadText && hasText) {
      // The line's text starts in this run: record where it sits.
      const top = this.blockStack[this.blockStack.length - 1];
      line.path = top?.path ?? 0;
      line.element = top ? top.id + 1 : 0;
      line.tokens = top && this.options.classTokens ? entryWords(top) : NO_TOKENS;
    }
    if (this.anchors.length > 0) {
      line.anchorBytes += line.contentBytes - bytes0;
      for (const a of this.anchors) a.textChars += line.contentChars - chars0;
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

  /** Markup [from, to) on the current line; `normChars`: its weight in `linkNormCodeChars`. */
  private addCode(from: number, to: number, normChars: number): void {
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
    if (this.wide.next(from) >= to) {
      lastAscii = to - from;
      return to - from;
    }
    return utf8Bytes(this.src, from, to);
  }

  /** A break point at source offset `at`: close the line if it holds text. */
  private breakLine(at: number): void {
    this.flushText();
    if (this.line.hasText || (!this.options.carryMarkup && this.line.codeChars > 0)) {
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
    // A loop, not `set(subarray)`: no array object per column.
    for (let k = 0; k < Col.Stride; k++) for (let i = 0, from = k * c, to = k * c2; i < c; i++) next[to + i] = old[from + i]!;
    giveU32(old);
    this.rows = next;
    this.capacity = c2;
  }

  /** Start a new open line at source offset `at`. */
  private resetOpenLine(at: number): void {
    resetLine(this.line, at, this.segStart.length, this.pieceStart.length);
  }

  /** `</a>`: add the normalised start tag (3 + max(0, LT − 5)) to the line that holds it. */
  private closeAnchor(): void {
    const a = this.anchors.pop();
    if (!a) return;
    const weight = 3 + Math.max(0, a.textChars - 5);
    if (a.line === this.count) this.line.linkNormCodeChars += weight;
    else this.rows[Col.LinkNormCodeChars * this.capacity + a.line]! += weight;
  }

  private flushAnchors(): void {
    while (this.anchors.length > 0) this.closeAnchor();
  }
}

type LineColumns = Omit<LineTable, 'text' | 'lineText'>;

/** A table built from a page (not made by hand): it can always key its lines without building their text. */
export type BuiltLineTable = LineTable & Required<Pick<LineTable, 'lineKey'>>;

/** Where each line's text lies in the source: its segments and its pieces (see LineBuilder). */
interface LineText {
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
class PageLines implements LineTable {
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
  private texts: string[] | undefined;
  /** Texts of the lines asked for one by one. */
  private cache: (string | undefined)[] | undefined;

  constructor(
    private readonly src: string,
    private readonly lineSource: LineText,
    columns: LineColumns,
  ) {
    this.count = columns.count;
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

  lineText(i: number): string {
    if (this.texts) return this.texts[i]!;
    if (this.contentChars[i] === 0) return '';
    const cached = this.cache?.[i];
    if (cached !== undefined) return cached;
    const text = this.lineSource.decode[i] ? this.decodedText(i) : this.piecesText(i);
    (this.cache ??= new Array<string | undefined>(this.count))[i] = text;
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
      raw += this.src.slice(t.segStart[k], t.segEnd[k]);
    }
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

/**
 * Build the {@link LineTable} of a whole page.
 * @param html the decoded page source
 * @param options preprocessing and re-lining options (defaults: `LINE_DEFAULTS`)
 * @param asciiPrefix the page is plain ASCII up to this offset, and the character there is not
 *   (`PageSource.asciiPrefix`; 0: unknown)
 */
export function buildLineTable(html: string, options: Partial<LineOptions> = {}, asciiPrefix = 0): BuiltLineTable {
  return new LineBuilder(options).write(html).asciiUpTo(asciiPrefix).end();
}
