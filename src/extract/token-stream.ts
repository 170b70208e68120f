/**
 * A flat token stream of an HTML page for the token- and character-based
 * baselines (BTE, ACCB, CETR, plain). One pass with htmlparser2's `Parser`
 * callbacks; no DOM is built.
 *
 * Every tag, comment, declaration or processing instruction written in the
 * source becomes one `Tag` token; every maximal run of text between two such
 * events becomes one `Text` token (entities decoded, white space as written)
 * or, inside an element that is never rendered (script, style, head, …, the
 * list `LINE_DEFAULTS.dropElements`), one `Hidden` token. Close tags the
 * parser implies (no source characters) are not tokens.
 *
 * Paragraphs: each text token carries the index of the paragraph it belongs
 * to; the index grows at every block-level start or end tag and at `<br>`,
 * so `html/text`-style output (one paragraph per line) can be rebuilt from any
 * subset of the text tokens.
 */
import { Parser } from 'htmlparser2';
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

/**
 * Tokenise a page.
 * @param html the decoded page source.
 * @returns the token stream (offsets in UTF-16 units of `html`).
 */
export function tokenizeHtml(html: string): TokenStream {
  const kind: number[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const anchor: number[] = [];
  const para: number[] = [];
  const text: string[] = [];
  let paragraph = 0;
  let dropDepth = 0;
  let pending = '';
  let pendingStart = -1;
  let pendingEnd = 0;

  const flush = (): void => {
    if (pendingStart < 0) return;
    kind.push(dropDepth > 0 ? TokenKind.Hidden : TokenKind.Text);
    start.push(pendingStart);
    end.push(pendingEnd);
    anchor.push(0);
    para.push(paragraph);
    text.push(pending);
    pending = '';
    pendingStart = -1;
  };
  const pushTag = (isAnchor: boolean): void => {
    flush();
    kind.push(TokenKind.Tag);
    start.push(parser.startIndex);
    end.push(parser.endIndex + 1);
    anchor.push(isAnchor ? 1 : 0);
    para.push(paragraph);
    text.push('');
  };

  const parser: Parser = new Parser(
    {
      onopentag(name) {
        pushTag(name === 'a');
        if (BLOCK_ELEMENTS.has(name)) paragraph++;
        if (DROP_ELEMENTS.has(name)) dropDepth++;
      },
      onclosetag(name, isImplied) {
        if (!isImplied) pushTag(name === 'a');
        else flush();
        if (BLOCK_ELEMENTS.has(name)) paragraph++;
        if (DROP_ELEMENTS.has(name) && dropDepth > 0) dropDepth--;
      },
      ontext(data) {
        if (pendingStart < 0) pendingStart = parser.startIndex;
        pending += data;
        pendingEnd = parser.endIndex + 1;
      },
      oncomment() {
        pushTag(false);
      },
      onprocessinginstruction() {
        pushTag(false);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: false },
  );
  parser.end(html);
  flush();

  const n = kind.length;
  const paraCol = new Uint32Array(n);
  for (let i = 0; i < n; i++) paraCol[i] = para[i]!;
  return {
    count: n,
    kind: Uint8Array.from(kind),
    start: Uint32Array.from(start),
    end: Uint32Array.from(end),
    anchor: Uint8Array.from(anchor),
    para: paraCol,
    text,
  };
}
