/**
 * Shared domain types: the flat, serialisable values passed between stages.
 * See ../shared/STYLE.md §2 for the pipeline these connect.
 */

/**
 * Kind of block element that opened a line (for paragraph and markdown output).
 * `Text` = the line was opened by something else (a `<br>`, inline content
 * after a block ended, the page start).
 */
export const enum BlockKind {
  Text = 0,
  Paragraph = 1,
  Heading1 = 2,
  Heading2 = 3,
  Heading3 = 4,
  Heading4 = 5,
  Heading5 = 6,
  Heading6 = 7,
  ListItem = 8,
  TableCell = 9,
  Preformatted = 10,
  Quote = 11,
  Div = 12,
  Other = 13,
}

/**
 * Bit flags of `LineTable.context`: elements enclosing the line's text
 * (for markdown output; `BlockKind` records only the element that opened the line).
 */
export const enum LineContext {
  None = 0,
  /** Some text of the line lies inside `<pre>`. */
  Preformatted = 1,
  /** Some text of the line lies inside `<blockquote>`. */
  Quote = 2,
  /** Some text of the line lies inside `<li>`, `<dt>` or `<dd>`. */
  ListItem = 4,
  /** Bits 3–5 (`(context & ListDepthMask) >> ListDepthShift`): how deeply lists nest at the line's first text, 1–7 (7: 7 or more; 0: in no list item). */
  ListDepthMask = 0x38,
  ListDepthShift = 3,
  /** The innermost list at the line's first text is an `<ol>`. */
  OrderedList = 0x40,
}

/**
 * The page as a sequence of normalised source lines, column-oriented.
 *
 * A "line" is a run of the preprocessed page source that holds one block of
 * visible text together with the markup that precedes it since the previous
 * text block (see `html/lines.ts` for the re-lining rule). Every column has
 * `count` entries; line `i` of the page is entry `i` of every column.
 *
 * Units: `*Chars` are Unicode code points; `*Bytes` are bytes of the UTF-8
 * encoding of the decoded page (DANA counts bytes, FAR-SW counts "HTML bytes").
 * Offsets are UTF-16 code-unit indices into the decoded source string.
 * The columns of a built table are views on one buffer (one allocation per page): a
 * column kept after the rest of the table is dropped keeps the whole buffer alive,
 * so copy (`slice()`) the columns you keep (training keeps three per page).
 */
export interface LineTable {
  /** Number of lines. */
  readonly count: number;
  /** Source offset where the line starts (inclusive), UTF-16 units. */
  readonly start: Uint32Array;
  /** Source offset where the line ends (exclusive), UTF-16 units. */
  readonly end: Uint32Array;
  /** Visible text characters (code points) after white-space collapsing. */
  readonly contentChars: Uint32Array;
  /** UTF-8 bytes of the visible text after white-space collapsing. */
  readonly contentBytes: Uint32Array;
  /** Characters of markup (tags as written in the source). */
  readonly codeChars: Uint32Array;
  /** UTF-8 bytes of markup. */
  readonly codeBytes: Uint32Array;
  /**
   * Characters of markup after AdDANAg hyperlink normalisation: the attribute
   * part of every `<a …>` start tag replaced by a placeholder of LT − 5
   * characters, LT = the anchor text length (AdDANAg §3.1).
   */
  readonly linkNormCodeChars: Uint32Array;
  /** ASCII bytes (< 0x80) of the line's UTF-8 source, markup and text (DANA's T2). */
  readonly asciiBytes: Uint32Array;
  /** Non-ASCII bytes (>= 0x80) of the line's UTF-8 source (DANA's T1). */
  readonly nonAsciiBytes: Uint32Array;
  /** Number of `<a>` start tags. */
  readonly links: Uint32Array;
  /** UTF-8 bytes of visible text inside `<a>` elements. */
  readonly anchorBytes: Uint32Array;
  /** Number of `<img>` (and `<image>`) tags. */
  readonly images: Uint32Array;
  /** The block element that opened the line. */
  readonly block: Uint8Array;
  /** `LineContext` flags: `<pre>` / `<blockquote>` / `<li>` around the line's text (0 for markup-only lines). */
  readonly context: Uint8Array;
  /**
   * Structural path key: a hash of the nearest three enclosing block elements
   * (tag, id and class, digits folded) where the line's text starts; 0 for none.
   * Pages of one site share these paths, so a site model can learn them.
   */
  readonly path: Uint32Array;
  /**
   * With the `classTokens` line option: the words of the `class` / `id` values of
   * each line's nearest enclosing block elements, as keys; line i has
   * `keys[start[i] .. start[i + 1])`.
   */
  readonly classTokens?: { readonly start: Uint32Array; readonly keys: Uint32Array };
  /** The page's block elements as a tree (built by html/lines.ts; tables made by hand may lack it). */
  readonly elements?: ElementTree;
  /**
   * Text of the page's first `<title>` element (entities decoded, white space collapsed,
   * trimmed); absent when the page has none or it is empty.
   */
  readonly title?: string;
  /** The page source the lines index (built tables): the output writers read a `<pre>`'s white space and a line's links from it. */
  readonly source?: string;
  /** What the line builder had to correct on this page (the swallowed-page guard, html/lines.ts). */
  readonly warnings?: readonly string[];
  /**
   * Source length of the text its hidden elements and comment sections muted (dropHidden, dropComments): an upper bound
   * of their visible characters, counted in every build (built tables; absent in tables made by hand).
   */
  readonly muted?: number;
  /**
   * Visible text of every line: entities decoded, white space collapsed, trimmed
   * (`contentChars[i]` code points). Materialised on first access.
   */
  readonly text: readonly string[];
  /**
   * The text of line `i` alone (what extraction uses: it pays only for lines it outputs); `keep` false: a text not built yet is
   * not kept for later calls (the output's lines, read once).
   */
  lineText(i: number, keep?: boolean): string;
  /** `lineKey(lineText(i))` (html/line-key.ts), computed without the text where the table can. */
  lineKey?(i: number): number;
  /** Hand `lineText(i)` to `sink` in runs, without building it where the table can (one pass over the source). */
  visitText?(i: number, sink: TextSink): void;
}

/** Receives a line's text in runs (LineTable.visitText): their concatenation is the line's text. */
export interface TextSink {
  /** The next run, `s[from, to)`. */
  run(s: string, from: number, to: number): void;
}

/**
 * Block elements of a page as a tree, numbered in document order (pre-order), so the
 * subtree of element e is the range [e, end[e]).
 */
export interface ElementTree {
  /** Per line: the element where the line's text starts, + 1 (0: outside every block element). */
  readonly line: Uint32Array;
  /** Per element: its parent + 1 (0: a root). */
  readonly parent: Uint32Array;
  /** Per element: one past the number of its last descendant. */
  readonly end: Uint32Array;
  /** Per element: FNV-1a hash of its lower-case tag name (html/tags.ts `nameHash`); absent in tables made by hand. */
  readonly tag?: Uint32Array;
  /** Per element: the key of its name, id and class values (digits folded; html/structure.ts ElementKind.sig); absent in tables made by hand. */
  readonly sig?: Uint32Array;
  /** Per element: the key of its name and first class word (digits folded; structure.ts ElementKind.base); absent in tables made by hand. */
  readonly base?: Uint32Array;
}

/** A run of lines `[start, end)` with a score. */
export interface Block {
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
  readonly score: number;
}

/** Per-stage timings in milliseconds. */
export type Profile = Record<string, number>;

/** What an extractor returns. */
export interface Extraction {
  /** Name of the extractor (`dana`, `addanag`, `farsw:default`, …). */
  readonly method: string;
  /** Chosen line ranges, in page order, non-overlapping. */
  readonly blocks: readonly Block[];
  /** The main text: one paragraph per line, separated by `\n`. */
  readonly text: string;
  /** Number of lines of the page. */
  readonly lineCount: number;
  /** Per-stage timings, when asked for. */
  readonly profile?: Profile;
  /** What had to be corrected to read the page (LineTable.warnings). */
  readonly warnings?: readonly string[];
}

/** A run of lines above the axis. */
export interface Region {
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
  /** Σ T over the region's lines. */
  readonly size: number;
}
