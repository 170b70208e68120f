/**
 * What is removed with its content besides the dropped element names (`LineOptions.dropElements`,
 * flag DROP in tags.ts): user-comment sections (`dropComments`, by their class/id words) and
 * hidden elements (`dropHidden`, by their attributes), read from a start tag's attributes as the
 * scanner reports them; and the stack of open dropped elements.
 */
import { lineKey } from './line-key.js';
import { nameIs } from './tags.js';
/** Characters of a class/id or style value read. */
export const MAX_ATTRIBUTE_CHARS = 1024;

/**
 * Class/id words of a user-comment section (`dropComments`): WordPress (`comments`, `comment-list`,
 * `respond`), Blogger, Disqus (`disqus_thread`), and the words for "comments" in a few languages'
 * class names (Spanish, French, German, Chinese pinyin). Whole words only: `commentary` is not one.
 */
export const COMMENT_WORDS: ReadonlySet<number> = new Set(
  ['comment', 'comments', 'commentlist', 'commentlists', 'respond', 'disqus', 'comentarios', 'commentaires', 'kommentare', 'pinglun'].map((w) => lineKey(w)));
/** A `style` value that hides its element. */
export const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;
/** Containers a comment section is read from: elements that always have an end tag (an implied end would mute the rest of the page). */
export const COMMENTS_ELEMENTS: ReadonlySet<string> = new Set(['div', 'section', 'ol', 'ul', 'aside', 'article', 'footer', 'form', 'dl', 'table']);

/**
 * The attributes of the pending start tag that matter: `class` and `id` (hashed on the source, with
 * their ranges, for the structural path and the comment words) and whether it hides its element
 * (`hidden`, a style with display: none / visibility: hidden, `aria-hidden="true"`, `aria-modal="true"`: a modal
 * dialog, shown over the page once opened, not the page's content).
 */
export class TagAttributes {
  /** The start tag hides its element by its style, `aria-hidden` or `aria-modal`. */
  private hiddenStyle = false;
  /** The start tag has the `hidden` attribute. */
  private hiddenAttr = false;
  /** The id is `S:<digits>`: a React streaming segment, sent hidden and shown by the page's own inline script ($RC). */
  private segment = false;
  /** The start tag has the `open` attribute (a `<dialog>` without it is not shown). */
  open = false;
  /** FNV hashes of the class and id values (0: none) and where they are. */
  classHash = 0;
  idHash = 0;
  /** Second hashes of the class and id values (djb2-xor, independent of the FNV ones: structure.ts elementKind checks them). */
  classCheck = 0;
  idCheck = 0;
  readonly classRange: [number, number] = [0, 0];
  readonly idRange: [number, number] = [0, 0];
  /** Attribute being read: 1 class, 2 id, 3 style, 4 aria-hidden or aria-modal, 0 other. */
  attr = 0;
  /** The attribute value being read: its hash and source range (a value split by a chunk is joined). */
  private attrHash = 0;
  private attrCheck = 0;
  private attrFrom = -1;
  private attrTo = 0;

  /** A new start tag. */
  reset(): void {
    this.classHash = this.idHash = this.classCheck = this.idCheck = 0;
    this.hiddenStyle = this.hiddenAttr = this.segment = this.open = false;
  }

  /** The start tag hides its element (a React streaming segment's `hidden` does not: a browser shows it on load). */
  get hidden(): boolean {
    return this.hiddenStyle || (this.hiddenAttr && !this.segment);
  }

  /** An attribute's name `src[start, end)`. */
  name(src: string, start: number, end: number): void {
    this.attr = nameIs(src, start, end, 'class') ? 1 : nameIs(src, start, end, 'id') ? 2 : nameIs(src, start, end, 'style') ? 3 : nameIs(src, start, end, 'aria-hidden') || nameIs(src, start, end, 'aria-modal') ? 4 : 0;
    if (nameIs(src, start, end, 'hidden')) this.hiddenAttr = true;
    else if (nameIs(src, start, end, 'open')) this.open = true;
    this.attrHash = 0x811c9dc5 | 0;
    this.attrCheck = 5381;
    this.attrFrom = -1;
  }

  /** Part of the value of an attribute being read (attr ≠ 0). */
  data(src: string, start: number, end: number): void {
    if (this.attr <= 2) {
      // class or id: both hashes in one pass over the value.
      let h = this.attrHash, k = this.attrCheck;
      for (let i = start; i < end; i++) {
        const c = src.charCodeAt(i);
        h = Math.imul(h ^ c, 0x01000193);
        k = Math.imul(k, 33) ^ c;
      }
      this.attrHash = h;
      this.attrCheck = k;
    }
    if (this.attrFrom < 0) this.attrFrom = start;
    this.attrTo = end;
  }

  /** The second hash of the id and class values together (0 when neither is there). */
  valueCheck(): number {
    return (Math.imul(this.idCheck, 0x9e3779b1) ^ this.classCheck) | 0;
  }

  /** The attribute ends. */
  end(src: string): void {
    if (this.attr === 3) {
      if (this.attrFrom >= 0 && HIDDEN_STYLE.test(src.slice(this.attrFrom, Math.min(this.attrTo, this.attrFrom + MAX_ATTRIBUTE_CHARS)))) this.hiddenStyle = true;
    } else if (this.attr === 4) {
      if (this.attrFrom >= 0 && nameIs(src, this.attrFrom, this.attrTo, 'true')) this.hiddenStyle = true;
    } else if (this.attr !== 0 && this.attrFrom >= 0) {
      const h = (this.attrHash >>> 0) || 1;
      const range = this.attr === 1 ? this.classRange : this.idRange;
      range[0] = this.attrFrom; range[1] = this.attrTo;
      if (this.attr === 1) { this.classHash = h; this.classCheck = this.attrCheck; } else {
        this.idHash = h; this.idCheck = this.attrCheck;
        this.segment = isSegmentId(src, this.attrFrom, this.attrTo);
      }
    }
    this.attr = 0;
  }
}

/** `src[from, to)` is `S:` and digits: the id React's streaming renderer gives a segment it sends hidden and then reveals. */
function isSegmentId(src: string, from: number, to: number): boolean {
  if (to - from < 3 || src.charCodeAt(from) !== 0x53 || src.charCodeAt(from + 1) !== 0x3a) return false;
  for (let i = from + 2; i < to; i++) {
    const c = src.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}
