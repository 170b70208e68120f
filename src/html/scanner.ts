/**
 * A hand-written HTML scanner for the line builder: the events of htmlparser2's
 * bare `Tokenizer` (HTML mode, `decodeEntities: false`), found token by token
 * with `indexOf` jumps and tight `charCodeAt` loops instead of a per-character
 * state switch (about 3× the tokenizer's speed on the shared datasets).
 *
 * Same events, same offsets, htmlparser2's quirks included, so the line table
 * does not change (test/html/scanner.test.ts compares the two event streams on
 * generated markup). What it reports: text, start-tag names, `class`-style
 * attribute names and values, start-tag ends and end tags. Comments, CDATA,
 * doctypes and processing instructions are skipped: the line builder drops them.
 * The one difference: a run of text may come as one event where the tokenizer
 * gives two adjacent ones (`a < b` is "a " and "< b" there); the builder joins
 * adjacent runs anyway.
 *
 * The tokenizer's rules, as ported (see htmlparser2's Tokenizer.ts):
 * - `<` starts a token only before an ASCII letter (start tag), `/` (end tag),
 *   `!` (comment, CDATA, doctype, bogus comment) or `?` (bogus comment); else it is text;
 * - a tag name runs to white space (space, \t, \n, \f, \r), `/` or `>`;
 * - after `<script`, `<style`, `<title`, `<textarea`, `<iframe`, `<noembed`,
 *   `<noframes`, `<xmp>` the content is text up to the matching end tag;
 *   after `<plaintext>` everything is text;
 * - at the end of the page, an unfinished token is dropped, except where the
 *   tokenizer reports text (a lone `<` or `</`, a special-name prefix, a tag
 *   cut inside its `/`: see {@link HtmlScanner.scan}).
 *
 * Streaming: `scan(src, false)` stops before a token the source does not hold
 * whole yet and resumes there on the next call, so a page fed in pieces gives
 * the same events (text may be cut where a piece ended).
 */

/** How the scanner reads what htmlparser2 reads otherwise. */
export interface ScanOptions {
  /**
   * Read as a browser with scripting on: `<noscript>` content is raw text, and a script ends by the
   * HTML Standard's script data (escape) states, not at the first `</script`. Off: htmlparser2's events exactly.
   */
  readonly scripting?: boolean;
  /** With `scripting`: `<noscript>` content is markup all the same (the line builder's LineOptions.readNoscript). */
  readonly showNoscript?: boolean;
}

/** What the scanner reports (offsets into the source; end offsets exclusive). */
export interface ScanHandler {
  /** Text `src[start, end)`, markup-free (may contain character references). */
  onText(start: number, end: number): void;
  /** A start tag's name `src[start, end)`; return true to receive its attributes. */
  onOpenTagName(start: number, end: number): boolean;
  onAttribName(start: number, end: number): void;
  /** An attribute value (without quotes). */
  onAttribData(start: number, end: number): void;
  onAttribEnd(): void;
  /** A start tag ends with the `>` at `end` (`/>` included). */
  onOpenTagEnd(end: number): void;
  /** An end tag's name `src[start, end)` (the `>` may lie further on). */
  onCloseTag(start: number, end: number): void;
  /**
   * With `scripting` (a browser's reading): is a `<![CDATA[` here a CDATA section (inside svg or math)? When the
   * handler says no, it is a bogus comment ending at the next `>`, as in a browser's HTML content (the tokenizer
   * reads a section up to `]]>` everywhere, which can swallow a page). Without the method: a section.
   */
  cdataSection?(): boolean;
}

const LT = 0x3c, GT = 0x3e, SLASH = 0x2f, BANG = 0x21, QUESTION = 0x3f, DASH = 0x2d, EQ = 0x3d;
const DQUOTE = 0x22, SQUOTE = 0x27, LBRACKET = 0x5b;

const codes = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
/** End sequences of the elements whose content is text (htmlparser2's Sequences; index 2 is the name's first letter). */
const SCRIPT_END = codes('</script'), STYLE_END = codes('</style'), TITLE_END = codes('</title');
const TEXTAREA_END = codes('</textarea'), IFRAME_END = codes('</iframe'), NOEMBED_END = codes('</noembed');
const NOFRAMES_END = codes('</noframes'), XMP_END = codes('</xmp'), PLAINTEXT = codes('</plaintext');
/** `<noscript>` is raw text for a browser with scripting on (`ScanOptions.scripting`). */
const NOSCRIPT_END = codes('</noscript');
const COMMENT_END = codes('--!>'), CDATA_END = codes(']]>'), CDATA = codes('CDATA['), DOCTYPE = codes('doctype');
const SPECIAL_ENDS = [SCRIPT_END, STYLE_END, TITLE_END, TEXTAREA_END, IFRAME_END, NOEMBED_END, NOFRAMES_END, XMP_END, PLAINTEXT];

/** White space as the tokenizer knows it (not \v). */
function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
}

/** White space, `/` or `>`: the end of a tag name or attribute name. */
function isEndOfTagSection(c: number): boolean {
  return c === SLASH || c === GT || c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
}

function isAsciiAlpha(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** Is `src[start, end)` (any case) the name of the special element `seq`, or a prefix of it when `prefix`? */
function matchesSpecial(src: string, start: number, end: number, seq: Uint8Array, prefix: boolean): boolean {
  const len = end - start;
  if (prefix ? len > seq.length - 2 : len !== seq.length - 2) return false;
  for (let i = 0; i < len; i++) if ((src.charCodeAt(start + i) | 0x20) !== seq[i + 2]) return false;
  return true;
}

type SpecialTable = readonly (readonly Uint8Array[] | undefined)[];
/** Special elements by the first letter of their name (lower case). */
const byLetter = (ends: readonly Uint8Array[]): SpecialTable => Array.from({ length: 128 }, (_, c) => {
  const seqs = ends.filter((seq) => seq[2] === c);
  return seqs.length > 0 ? seqs : undefined;
});
const SPECIAL_BY_LETTER = byLetter(SPECIAL_ENDS);
const SCRIPTING_SPECIAL_BY_LETTER = byLetter([...SPECIAL_ENDS, NOSCRIPT_END]);

/** Name lengths of the special elements (bit n: a name of n letters), so that most names are ruled out by one test. */
const SPECIAL_LENGTHS = [...SPECIAL_ENDS, NOSCRIPT_END].reduce((bits, seq) => bits | (1 << (seq.length - 2)), 0);

/** The special element named `src[start, end)`, if any (see the module comment). */
function specialOf(table: SpecialTable, src: string, start: number, end: number, prefix: boolean): Uint8Array | undefined {
  const len = end - start;
  if (!prefix && (len > 16 || ((SPECIAL_LENGTHS >> len) & 1) === 0)) return undefined;
  const candidates = table[src.charCodeAt(start) | 0x20];
  if (candidates === undefined) return undefined;
  for (const seq of candidates) if (matchesSpecial(src, start, end, seq, prefix)) return seq;
  return undefined;
}

/**
 * The `>` that ends an end tag whose name ends at `q`, as a browser reads it: an attribute value
 * in quotes may hold a `>` (`</script x=">">`); −1 if none.
 */
function endTagEnd(src: string, q: number): number {
  for (let i = q; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === GT) return i;
    if (c !== EQ) continue;
    let j = i + 1;
    while (j < src.length && isWhitespace(src.charCodeAt(j))) j++;
    const d = src.charCodeAt(j);
    if (d === DQUOTE || d === SQUOTE) {
      const close = src.indexOf(d === DQUOTE ? '"' : "'", j + 1);
      if (close < 0) return -1;
      i = close;
    } else i = j - 1;
  }
  return -1;
}

/** Result of scanning one token: the source ends inside it (wait for more, or settle at the end). */
const WAIT = -1;

/** Start-tag states after the name (htmlparser2's, for a tag's attributes). */
const enum Attr { BeforeName, Name, AfterName, BeforeValue, Unquoted, SelfClosing }

/**
 * Scans a growing source: call `scan(src, false)` after each piece, `scan(src, true)` once at the end.
 */
export class HtmlScanner {
  /** Where scanning resumes: nothing before it is reported again. */
  private pos = 0;
  /** Inside an element whose content is text: its end sequence (PLAINTEXT: text to the end). */
  private special: Uint8Array | undefined;
  /** The special element of the start tag just scanned. */
  private opened: Uint8Array | undefined;

  /** The start tag just reported ended with `/>` (its self-closing flag, read by a handler's onOpenTagEnd). */
  selfClosing = false;
  /**
   * The start tag being reported (read by a handler's onOpenTagEnd) opens a raw-text or RCDATA element
   * (script, style, title, …): unless the handler sets `markupContent`, its content is text up to its end tag.
   */
  rawText = false;
  /**
   * Set by a handler's onOpenTagEnd: the element just opened is not a raw-text or RCDATA one after all
   * (a `<title>` or `<style>` inside svg or math is a foreign element whose content is markup).
   */
  markupContent = false;
  private readonly specials: SpecialTable;
  private readonly scripting: boolean;

  constructor(private readonly handler: ScanHandler, options: ScanOptions = {}) {
    this.scripting = options.scripting === true;
    this.specials = this.scripting && options.showNoscript !== true ? SCRIPTING_SPECIAL_BY_LETTER : SPECIAL_BY_LETTER;
  }

  /** Offset up to which the source has been scanned. */
  get scanned(): number {
    return this.pos;
  }

  /**
   * Report the tokens of `src` from where the last call stopped.
   * At the end (`final`), unfinished tokens are settled as the tokenizer's `end()`
   * does: dropped, but for a lone `<` or `</` (text), a start tag cut in the
   * prefix of a special element's name (the name is text), and a tag cut after
   * `/` or an end tag cut after its name (the tokenizer reports text from
   * offset −1 to the end: reproduced, the line builder's columns depend on it).
   * @param src the whole source so far (each call's `src` extends the previous one)
   * @param final the source is complete
   */
  scan(src: string, final: boolean): void {
    const n = src.length;
    const h = this.handler;
    let i = this.pos;
    if (this.special !== undefined) {
      const next = this.specialContent(src, i, final);
      if (next === WAIT) return;
      i = next;
    }
    let textStart = i;
    while (i < n) {
      const lt = src.indexOf('<', i);
      if (lt < 0) break;
      if (lt + 1 >= n) {
        if (final) break; // a lone `<` at the end is text
        if (textStart < lt) h.onText(textStart, lt);
        this.pos = lt;
        return;
      }
      const c = src.charCodeAt(lt + 1);
      const alpha = isAsciiAlpha(c);
      if (!alpha && c !== SLASH && c !== BANG && c !== QUESTION) {
        i = lt + 1; // not a token: `<` is text
        continue;
      }
      if (textStart < lt) h.onText(textStart, lt);
      textStart = lt;
      let next: number;
      if (alpha) next = this.startTag(src, lt, final);
      else if (c === SLASH) next = this.endTag(src, lt, final);
      else if (c === BANG) next = this.declaration(src, lt + 2, final);
      else next = this.skipPast(src, lt + 2, final); // `<?`: a bogus comment
      if (next === WAIT) {
        this.pos = lt;
        return;
      }
      i = textStart = next;
      if (this.opened !== undefined) {
        this.special = this.opened;
        this.opened = undefined;
        const after = this.specialContent(src, next, final);
        if (after === WAIT) return;
        i = textStart = after;
      }
    }
    if (textStart < n) h.onText(textStart, n);
    this.pos = n;
  }

  /** A bogus comment or declaration: to the first `>` at or after `from`; at the end, nothing more is text. */
  private skipPast(src: string, from: number, final: boolean): number {
    const gt = src.indexOf('>', from);
    if (gt >= 0) return gt + 1;
    return final ? src.length : WAIT;
  }

  /**
   * A start tag at `lt` (`<` + letter): name, attributes, `>`. Before the end of
   * the source, a first `dry` pass checks the tag is whole, so no event of an
   * unfinished tag is reported twice.
   */
  private startTag(src: string, lt: number, final: boolean, dry = false): number {
    if (!final && !dry && this.startTag(src, lt, false, true) === WAIT) return WAIT;
    const n = src.length, h = this.handler;
    const p = lt + 1;
    let q = p + 1;
    while (q < n && !isEndOfTagSection(src.charCodeAt(q))) q++;
    if (q >= n) {
      if (!final) return WAIT;
      if (specialOf(this.specials, src, p, n, true) !== undefined) h.onText(p, n);
      return n;
    }
    const want = !dry && h.onOpenTagName(p, q);
    const special = dry ? undefined : specialOf(this.specials, src, p, q, false);
    let state = Attr.BeforeName, from = 0;
    let j = q;
    while (j < n) {
      const c = src.charCodeAt(j);
      switch (state) {
        case Attr.BeforeName:
          if (c === GT) {
            this.selfClosing = false;
            this.rawText = special !== undefined;
            if (!dry) h.onOpenTagEnd(j);
            this.opened = this.markupContent ? undefined : special;
            this.markupContent = false;
            return j + 1;
          }
          if (c === SLASH) state = Attr.SelfClosing;
          else if (!isWhitespace(c)) { state = Attr.Name; from = j; }
          break;
        case Attr.SelfClosing:
          if (c === GT) {
            this.selfClosing = true;
            this.rawText = special !== undefined;
            if (!dry) h.onOpenTagEnd(j);
            this.opened = this.markupContent ? undefined : special;
            this.markupContent = false;
            return j + 1;
          }
          if (!isWhitespace(c)) { state = Attr.BeforeName; continue; }
          break;
        case Attr.Name: {
          let d = c;
          while (d !== EQ && !isEndOfTagSection(d)) {
            if (++j >= n) return final ? n : WAIT;
            d = src.charCodeAt(j);
          }
          if (want) h.onAttribName(from, j);
          state = Attr.AfterName;
          continue;
        }
        case Attr.AfterName:
          if (c === EQ) state = Attr.BeforeValue;
          else if (c === SLASH || c === GT) { if (want) h.onAttribEnd(); state = Attr.BeforeName; continue; }
          else if (!isWhitespace(c)) { if (want) h.onAttribEnd(); state = Attr.Name; from = j; }
          break;
        case Attr.BeforeValue:
          if (c === DQUOTE || c === SQUOTE) {
            const close = src.indexOf(c === DQUOTE ? '"' : "'", j + 1);
            if (close < 0) {
              if (!final) return WAIT;
              if (want && j + 1 < n) h.onAttribData(j + 1, n); // as the tokenizer's cleanup does
              return n;
            }
            if (want) { h.onAttribData(j + 1, close); h.onAttribEnd(); }
            state = Attr.BeforeName;
            j = close;
          } else if (!isWhitespace(c)) { state = Attr.Unquoted; from = j; continue; }
          break;
        case Attr.Unquoted: {
          let d = c;
          while (!isWhitespace(d) && d !== GT) {
            if (++j >= n) {
              if (!final) return WAIT;
              if (want) h.onAttribData(from, n);
              return n;
            }
            d = src.charCodeAt(j);
          }
          if (want) { h.onAttribData(from, j); h.onAttribEnd(); }
          state = Attr.BeforeName;
          continue;
        }
      }
      j++;
    }
    if (!final) return WAIT;
    if (state === Attr.SelfClosing) h.onText(-1, n);
    return n;
  }

  /** An end tag at `lt` (`</`). */
  private endTag(src: string, lt: number, final: boolean): number {
    const n = src.length, h = this.handler;
    const p = lt + 2;
    if (p >= n) {
      if (!final) return WAIT;
      h.onText(lt, n); // a lone `</` at the end is text
      return n;
    }
    const c = src.charCodeAt(p);
    if (c === GT) return p + 1; // `</>` is nothing
    if (!isAsciiAlpha(c)) return this.skipPast(src, p + 1, final); // a bogus comment
    let q = p + 1;
    while (q < n && !isEndOfTagSection(src.charCodeAt(q))) q++;
    if (q >= n) return final ? n : WAIT;
    return this.closeTag(src, p, q, final);
  }

  /** An end tag whose name is `src[p, q)`: reported, then skipped to its `>`. */
  private closeTag(src: string, p: number, q: number, final: boolean): number {
    const gt = src.charCodeAt(q) === GT ? q : this.scripting ? endTagEnd(src, q) : src.indexOf('>', q + 1);
    if (gt < 0 && !final) return WAIT;
    this.handler.onCloseTag(p, q);
    if (gt >= 0) return gt + 1;
    this.handler.onText(-1, src.length);
    return src.length;
  }

  /** After `<!` (at `p`): CDATA, a comment, a doctype or a bogus comment. */
  private declaration(src: string, p: number, final: boolean): number {
    const n = src.length;
    if (p >= n) return final ? n : WAIT;
    const c = src.charCodeAt(p);
    if (c === LBRACKET) {
      let j = p + 1, k = 0;
      while (j < n && k < CDATA.length && src.charCodeAt(j) === CDATA[k]) { j++; k++; }
      if (k === CDATA.length) {
        if (this.scripting && this.handler.cdataSection?.() === false) return this.skipPast(src, j, final);
        return this.commentLike(src, j, CDATA_END, final);
      }
      if (j >= n) return final ? n : WAIT;
      return this.skipPast(src, j, final);
    }
    if ((c | 0x20) === DOCTYPE[0]) {
      let j = p + 1, k = 1;
      for (; j < n; j++) {
        if (k === DOCTYPE.length) return this.skipPast(src, j, final);
        const d = src.charCodeAt(j);
        if ((d | 0x20) === DOCTYPE[k]) k++;
        else if (d === GT) return j + 1;
        else return this.skipPast(src, j + 1, final);
      }
      return final ? n : WAIT;
    }
    if (c === GT) return p + 1;
    if (c === DASH) {
      const j = p + 1;
      if (j >= n) return final ? n : WAIT;
      const d = src.charCodeAt(j);
      if (d === DASH) return this.commentLike(src, j + 1, COMMENT_END, final);
      if (d === GT) return j + 1;
      return this.skipPast(src, j + 1, final);
    }
    return this.skipPast(src, p + 1, final);
  }

  /** A comment (`seq` = `--!>`) or CDATA section (`]]>`) whose content starts at `start`: the tokenizer's InCommentLike. */
  private commentLike(src: string, start: number, seq: Uint8Array, final: boolean): number {
    const n = src.length;
    const comment = seq === COMMENT_END;
    let k = 0;
    for (let j = start; j < n; j++) {
      const c = src.charCodeAt(j);
      if (comment && k <= 1 && j === start + k && c === GT) return j + 1; // `<!-->`, `<!--->`
      if (comment && k === 2 && c === GT) return j + 1; // `-->`
      if (comment && k === 3 && c !== GT) k = c === DASH ? 1 : 0;
      else if (c === seq[k]) {
        if (++k === seq.length) return j + 1;
      } else if (k === 0) {
        const at = src.indexOf(seq === COMMENT_END ? '-' : ']', j + 1);
        if (at < 0) break;
        j = at;
        k = 1;
      } else if (c !== seq[k - 1]) k = 0;
    }
    return final ? n : WAIT;
  }

  /**
   * The content of a special element from `start`: text up to its end tag, which
   * is reported; the offset after that tag's `>`. At the end, the rest is text.
   */
  private specialContent(src: string, start: number, final: boolean): number {
    const n = src.length, h = this.handler;
    const seq = this.special!;
    if (seq === PLAINTEXT) {
      if (start < n) h.onText(start, n);
      this.pos = n;
      return n;
    }
    if (seq === SCRIPT_END && this.scripting) return this.scriptContent(src, start, final);
    // Title and textarea are RCDATA: the tokenizer steps through them character by character.
    const rcdata = seq === TITLE_END || seq === TEXTAREA_END;
    const len = seq.length;
    let k = 0;
    for (let j = start; j < n; j++) {
      const c = src.charCodeAt(j);
      if (k === len) {
        if (isEndOfTagSection(c)) {
          const endOfText = j - len;
          const gt = c === GT ? j : src.indexOf('>', j + 1);
          if (gt < 0 && !final) break;
          if (start < endOfText) h.onText(start, endOfText);
          this.special = undefined;
          return this.closeTag(src, endOfText + 2, j, true);
        }
        k = 0;
      }
      if ((c | 0x20) === seq[k]) k++;
      else if (k === 0) {
        if (!rcdata) {
          const lt = src.indexOf('<', j + 1);
          if (lt < 0) break;
          j = lt;
          k = 1;
        }
      } else k = c === LT ? 1 : 0;
    }
    if (!final) {
      this.pos = start;
      return WAIT;
    }
    if (start < n) h.onText(start, n);
    this.special = undefined;
    return n;
  }

  /**
   * A script's content from `start` by the HTML Standard's script data states: `<!--` enters the
   * escaped state, where `<script` (then white space, `/` or `>`) enters the double-escaped state, in
   * which `</script` does not end the script but returns to the escaped state; `-->` returns to
   * plain script data from either. The script ends at a `</script` seen outside the double-escaped state.
   */
  private scriptContent(src: string, start: number, final: boolean): number {
    const n = src.length;
    let state = 0; // 0: script data, 1: escaped, 2: double escaped
    let i = start;
    /** The first `-->` at or after i, once looked up (−2: not yet; −1: none; valid until i passes it). */
    let close = -2;
    for (;;) {
      const lt = src.indexOf('<', i);
      // In an escaped state, the first `-->` before the next `<` (or any, if no `<` follows) returns to script data.
      if (state !== 0) {
        if (close === -2 || (close >= 0 && close < i)) close = src.indexOf('-->', i); // (looked up again only once passed)
        if (close >= 0 && (lt < 0 || close < lt)) { state = 0; i = close + 3; continue; }
      }
      if (lt < 0) break;
      if (state === 0 && src.startsWith('<!--', lt)) {
        state = 1;
        i = lt + 2; // the dashes of `<!--` may be those of a `-->` (`<!-->`)
        continue;
      }
      const end = src.charCodeAt(lt + 1) === SLASH;
      const nameAt = lt + (end ? 2 : 1), after = nameAt + 6;
      if (after >= n) {
        if (!final) break;
        i = lt + 1;
        continue;
      }
      if (!isEndOfTagSection(src.charCodeAt(after)) || !matchesSpecial(src, nameAt, after, SCRIPT_END, false)) { i = lt + 1; continue; }
      if (end && state !== 2) {
        const gt = src.charCodeAt(after) === GT ? after : src.indexOf('>', after + 1);
        if (gt < 0 && !final) break;
        if (start < lt) this.handler.onText(start, lt);
        this.special = undefined;
        return this.closeTag(src, nameAt, after, true);
      }
      if (end) state = 1; // `</script>` inside the double-escaped state
      else if (state === 1) state = 2; // `<script>` inside the escaped state
      i = after;
    }
    if (!final) {
      this.pos = start;
      return WAIT;
    }
    if (start < n) this.handler.onText(start, n);
    this.special = undefined;
    return n;
  }
}
