/**
 * A flat token stream of an HTML page for the token- and character-based
 * baselines (BTE, ACCB, CETR, plain). One pass over htmlparser2's bare
 * `Tokenizer` (as `html/lines.ts`); no DOM, no attribute objects.
 *
 * Every tag, comment, declaration or processing instruction written in the
 * source becomes one `Tag` token; every maximal run of text between two such
 * events becomes one `Text` token (entities decoded, white space as written)
 * or, inside an element that is never rendered (script, style, head, …, the
 * list `LINE_DEFAULTS.dropElements`), one `Hidden` token.
 *
 * Paragraphs: each text token carries the index of the paragraph it belongs
 * to; the index grows at every block-level start or end tag and at `<br>`,
 * so `html/text`-style output (one paragraph per line) can be rebuilt from any
 * subset of the text tokens.
 *
 * Why the Tokenizer and not htmlparser2's `Parser`: the Parser keeps its open
 * elements in an array used as a stack through `unshift`/`shift`, which costs
 * O(depth) per tag; 100 000 nested `<div>`s took 6–16 s (issue 7, hostile
 * input). Here the only state is a stack of open *dropped* elements, pushed and
 * popped at its end, as in `html/lines.ts`. Elements the Parser would close
 * implicitly are handled as the line builder does: `<body>`, a start tag not
 * allowed in the head and text that is not white space close an open `<head>`, and `</body>` / `</html>` close every dropped element still open;
 * a close tag pops the dropped-element stack down to the last element of its
 * name. Block elements start a paragraph at their (explicit) start and end
 * tags, so implied block closes change nothing: the next block tag starts the
 * next paragraph anyway.
 */
import { Tokenizer } from 'htmlparser2';
import { U32Column } from '../core/u32-column.js';
import { decodeHTML } from 'entities';
import { LINE_DEFAULTS } from '../core/defaults.js';
import { BLOCK_ELEMENTS } from './block-elements.js';

/** Kind of a token. */
export const enum TokenKind {
  /** Markup written in the source: a start or end tag, a comment, a declaration. */
  Tag = 0,
  /** Visible text. */
  Text = 1,
  /** Text inside an element that is never rendered (script, style, head, …). */
  Hidden = 2,
}

/** The token stream, column-oriented; entry `i` of every column is token `i`. */
export interface TokenStream {
  readonly count: number;
  readonly kind: Uint8Array;
  /** Source offset where the token starts (inclusive), UTF-16 units. */
  readonly start: Uint32Array;
  /** Source offset where the token ends (exclusive), UTF-16 units. */
  readonly end: Uint32Array;
  /** 1 for an `<a>` start or end tag, else 0. */
  readonly anchor: Uint8Array;
  /** Paragraph index of the token (non-decreasing along the stream). */
  readonly para: Uint32Array;
  /** Decoded text of `Text` and `Hidden` tokens; '' for tags. */
  readonly text: readonly string[];
}

const DROP_ELEMENTS: ReadonlySet<string> = new Set(LINE_DEFAULTS.dropElements);
/** Start tags allowed in `<head>` (any other one ends it). */
const HEAD_ELEMENTS: ReadonlySet<string> = new Set(['head', 'base', 'basefont', 'bgsound', 'link', 'meta', 'title', 'noscript', 'noframes', 'style', 'script', 'template']);
const PARSER_SPACE = /^[ \t\n\f\r]*$/;
/** Elements without content or end tag: never pushed on the dropped-element stack. */
const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen',
  'link', 'meta', 'param', 'source', 'track', 'wbr',
]);
const AMPERSAND = '&';
const CDATA_OPEN = '<![CDATA[', BOGUS_CDATA = '<!-CDATA[';


/** The token columns as the tokenizer's events arrive (tokenizeHtml). */
class TokenCollector {
  // kind | anchor << 2 in one column; text only for text tokens (`textOf`), '' for tags.
  readonly flags = new U32Column(1024);
  readonly start = new U32Column(1024);
  readonly end = new U32Column(1024);
  readonly para = new U32Column(1024);
  readonly text: string[] = [];
  readonly textOf = new U32Column(1024);
  paragraph = 0;
  /** Open dropped elements (names), innermost last. */
  readonly dropStack: string[] = [];
  /** Start of the next node (what the Parser calls `startIndex`). */
  cursor = 0;
  pendingStart = -1;
  pendingEnd = 0;
  tagName = '';
  tagStart = 0;

  constructor(readonly html: string) {}

  /** The pending text run becomes a text token (hidden inside a dropped element). */
  flush(): void {
    if (this.pendingStart < 0) return;
    const raw = this.html.slice(this.pendingStart, this.pendingEnd), dropStack = this.dropStack;
    // Text that is not white space ends an open <head> (the HTML Standard's implied </head>).
    if (dropStack.length === 1 && dropStack[0] === 'head' && !PARSER_SPACE.test(raw)) dropStack.length = 0;
    this.flags.push(dropStack.length > 0 ? TokenKind.Hidden : TokenKind.Text);
    this.start.push(this.pendingStart);
    this.end.push(this.pendingEnd);
    this.para.push(this.paragraph);
    this.textOf.push(this.start.length - 1);
    this.text.push(raw.includes(AMPERSAND) ? decodeHTML(raw) : raw);
    this.pendingStart = -1;
  }

  pushTag(from: number, to: number, isAnchor: boolean): void {
    this.flush();
    this.flags.push(TokenKind.Tag | (isAnchor ? 4 : 0));
    this.start.push(from);
    this.end.push(to);
    this.para.push(this.paragraph);
    this.cursor = to;
  }

  openTag(endIndex: number): void {
    const name = this.tagName, dropStack = this.dropStack;
    this.pushTag(this.tagStart, endIndex + 1, name === 'a');
    if (BLOCK_ELEMENTS.has(name)) this.paragraph++;
    if (name === 'body' && dropStack[0] === 'head') dropStack.length = 0;
    // A start tag that cannot be in the head ends it (implied </head>; the line builder follows the same rule).
    else if (dropStack.length === 1 && dropStack[0] === 'head' && !HEAD_ELEMENTS.has(name)) dropStack.length = 0;
    if (DROP_ELEMENTS.has(name) && !VOID_ELEMENTS.has(name)) dropStack.push(name);
  }

  closeTag(s: number, e: number): void {
    const name = this.html.slice(s, e).toLowerCase(), dropStack = this.dropStack;
    this.pushTag(s - 2, e + 1, name === 'a');
    if (BLOCK_ELEMENTS.has(name)) this.paragraph++;
    if (dropStack.length === 0) return;
    if (name === 'body' || name === 'html') dropStack.length = 0;
    else {
      const at = dropStack.lastIndexOf(name);
      if (at >= 0) dropStack.length = at;
    }
  }

  /** The collected tokens as a TokenStream. */
  finish(): TokenStream {
    this.flush();
    const n = this.flags.length;
    const kind = new Uint8Array(n);
    const anchor = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const f = this.flags.data[i]!;
      kind[i] = f & 3;
      anchor[i] = f >> 2;
    }
    const texts: string[] = new Array<string>(n).fill('');
    for (let k = 0; k < this.text.length; k++) texts[this.textOf.data[k]!] = this.text[k]!;
    return { count: n, kind, start: this.start.freeze(), end: this.end.freeze(), anchor, para: this.para.freeze(), text: texts };
  }
}

/**
 * Tokenise a page.
 * @param html the decoded page source.
 * @returns the token stream (offsets in UTF-16 units of `html`).
 */
export function tokenizeHtml(html: string): TokenStream {
  const c = new TokenCollector(html);
  const openTag = (endIndex: number): void => c.openTag(endIndex);
  const other = (endIndex: number): void => c.pushTag(c.cursor, endIndex + 1, false);
  const tokenizer = new Tokenizer({ decodeEntities: false }, {
    onattribdata() {}, onattribentity() {}, onattribend() {}, onattribname() {}, ontextentity() {}, onend() {},
    oncdata: other,
    oncomment: (_s, e) => other(e),
    ondeclaration: (_s, e) => other(e),
    onprocessinginstruction: (_s, e) => other(e),
    onopentagname(s, e) {
      c.flush();
      c.tagName = html.slice(s, e).toLowerCase();
      c.tagStart = s - 1;
    },
    onopentagend: openTag,
    onselfclosingtag: openTag,
    onclosetag: (s, e) => c.closeTag(s, e),
    ontext(s, e) {
      if (c.pendingStart < 0) c.pendingStart = s;
      c.pendingEnd = e;
      c.cursor = e;
    },
  });
  // A browser reads `<![CDATA[` in HTML content as a bogus comment ending at the next `>` (the tokenizer reads a section up to
  // `]]>`, which can swallow a page): `<!-CDATA[` is one, of the same length, so offsets and the text read from `html` stay.
  tokenizer.write(html.includes(CDATA_OPEN) ? html.replaceAll(CDATA_OPEN, BOGUS_CDATA) : html);
  tokenizer.end();
  return c.finish();
}
