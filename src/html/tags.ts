/**
 * What the line builder knows about a tag name: flag bits (void, block, anchor, dropped, …) and
 * the block kind, looked up by a hash of the name written in the source, in any case, without
 * building a string per tag.
 */
import { BlockKind } from '../core/types.js';

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
    'noframes', 'map', 'plaintext', 'xmp', 'listing']
    .map((n): [string, BlockKind] => [n, BlockKind.Other]),
]);

/** Elements that never have content or an end tag. */
const VOID_ELEMENTS = new Set([
  'area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'image', 'img', 'input',
  'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

// Tag facts, one Map lookup per tag: flag bits, and the BlockKind in bits 8..15.
export const VOID = 1, BLOCK = 2, ANCHOR = 4, IMAGE = 8, PRE = 16, BR = 32, BODY = 64, DROP = 128;
/** Above the BlockKind bits. */
export const QUOTE = 1 << 16, LIST_ITEM = 1 << 17, LIST = 1 << 18;
/**
 * The HTML Standard's categories and tree-construction rules (open-elements.ts applies them):
 * SPECIAL its "special" elements (an end tag of another name does not close past them);
 * CLOSES_P a start tag that closes an open `<p>` in button scope; SCOPE a boundary of "has an
 * element in scope"; HEADING h1–h6; FOREIGN svg and math; BREAKOUT a start tag that ends foreign
 * content; HEAD_CONTENT allowed in `<head>`; RULE a start tag with a rule of its own (by name);
 * STRUCTURE html, head, body, frameset (the document's modes, lines.ts); TITLE title (its text is the page's title).
 */
export const SPECIAL = 1 << 19, CLOSES_P = 1 << 20, SCOPE = 1 << 21, HEADING = 1 << 22, FOREIGN = 1 << 23;
export const BREAKOUT = 1 << 24, HEAD_CONTENT = 1 << 25, RULE = 1 << 26, STRUCTURE = 1 << 27, TITLE = 1 << 28;
/** A tag with a text context of its own (open-elements.ts openContext, closeContext). */
export const CONTEXT = PRE | QUOTE | LIST_ITEM | LIST;

const SPECIAL_ELEMENTS = ['address', 'applet', 'area', 'article', 'aside', 'base', 'basefont', 'bgsound', 'blockquote', 'body',
  'br', 'button', 'caption', 'center', 'col', 'colgroup', 'dd', 'details', 'dir', 'div', 'dl', 'dt', 'embed', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'frame', 'frameset', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup',
  'hr', 'html', 'iframe', 'img', 'input', 'keygen', 'li', 'link', 'listing', 'main', 'marquee', 'menu', 'meta', 'nav', 'noembed',
  'noframes', 'noscript', 'object', 'ol', 'p', 'param', 'plaintext', 'pre', 'script', 'search', 'section', 'select', 'source',
  'style', 'summary', 'table', 'tbody', 'td', 'template', 'textarea', 'tfoot', 'th', 'thead', 'title', 'tr', 'track', 'ul',
  'wbr', 'xmp', 'foreignobject', 'desc', 'mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml'];
const CLOSES_P_ELEMENTS = ['address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl',
  'fieldset', 'figcaption', 'figure', 'footer', 'header', 'hgroup', 'main', 'menu', 'nav', 'ol', 'p', 'search', 'section',
  'summary', 'ul', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'listing', 'form', 'hr', 'xmp', 'plaintext', 'li', 'dd', 'dt'];
/** Start tags that end foreign content: those in the table, and (looked up only inside svg/math) INLINE_BREAKOUT. */
const BREAKOUT_ELEMENTS = ['blockquote', 'body', 'br', 'center', 'dd', 'div', 'dl', 'dt', 'embed',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'hr', 'img', 'li', 'listing', 'menu', 'meta', 'ol', 'p', 'pre',
  'table', 'ul'];
/** Inline breakout start tags, not in the table (so that a page's many `<b>`, `<span>` cost nothing more). */
export const INLINE_BREAKOUT: ReadonlySet<string> = new Set(['b', 'big', 'code', 'em', 'i', 'nobr', 'ruby', 's', 'small', 'span',
  'strong', 'strike', 'sub', 'sup', 'tt', 'u', 'var']);

function staticTagTable(): Map<string, number> {
  const t = new Map<string, number>();
  const add = (name: string, bits: number) => t.set(name, (t.get(name) ?? 0) | bits);
  for (const n of VOID_ELEMENTS) add(n, VOID);
  for (const [n, kind] of BLOCK_KIND) add(n, BLOCK | (kind << 8));
  add('a', ANCHOR); add('img', IMAGE); add('image', IMAGE); add('pre', PRE); add('br', BR); add('body', BODY); add('blockquote', QUOTE);
  for (const n of ['li', 'dt', 'dd']) add(n, LIST_ITEM);
  for (const n of ['ul', 'ol', 'dl', 'menu', 'dir']) add(n, LIST);
  for (const n of SPECIAL_ELEMENTS) add(n, SPECIAL);
  for (const n of CLOSES_P_ELEMENTS) add(n, CLOSES_P);
  // The integration points of svg and math (foreignObject, desc, title; mi … annotation-xml) bound scopes too.
  for (const n of ['applet', 'caption', 'html', 'table', 'td', 'th', 'marquee', 'object', 'template', 'foreignobject', 'desc', 'mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml']) add(n, SCOPE);
  for (const n of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) add(n, HEADING);
  add('svg', FOREIGN); add('math', FOREIGN);
  for (const n of BREAKOUT_ELEMENTS) add(n, BREAKOUT);
  for (const n of ['base', 'basefont', 'bgsound', 'link', 'meta', 'title', 'noscript', 'noframes', 'style', 'script', 'template']) add(n, HEAD_CONTENT);
  for (const n of ['li', 'dd', 'dt', 'td', 'th', 'tr', 'tbody', 'thead', 'tfoot', 'caption', 'table', 'option', 'optgroup', 'button', 'select', 'input', 'textarea', 'keygen', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']) add(n, RULE);
  for (const n of ['html', 'head', 'body', 'frameset']) add(n, STRUCTURE);
  add('title', TITLE);
  return t;
}
const STATIC_TAGS = staticTagTable();
/** A known tag: its lower-case name and flags. */
export interface TagInfo {
  readonly name: string;
  readonly flags: number;
  /** FNV-1a hash of the name ({@link nameHash}). */
  readonly hash: number;
  /** Its number in the table (0, 1, …: open-elements.ts counts open elements by it). */
  readonly index: number;
}

/** Known tags by the FNV hash of their lower-case name (see tagAt), and the longest name. */
export interface TagTable {
  readonly byHash: ReadonlyMap<number, TagInfo>;
  /**
   * The same lookup for tagAt, open addressing in typed arrays: slot `h & SLOT_MASK` (then the next ones)
   * holds a tag's hash and its number + 1 (0: empty). A Map keyed by the hash boxes every hash above 2^30.
   */
  readonly slotHash: Int32Array;
  readonly slotTag: Int32Array;
  readonly tags: readonly TagInfo[];
  readonly longest: number;
  /** Number of tags (indices run below it). */
  readonly size: number;
  /** Tag numbers by name. */
  readonly index: ReadonlyMap<string, number>;
}

const TAG_TABLES = new WeakMap<readonly string[], TagTable>();
/** Slots of TagTable.slotHash (a power of two, at least 4 × the tags: probes stay short). */
const SLOTS = 1024, SLOT_MASK = SLOTS - 1;

/** FNV-1a hash of a lower-case tag name (also what ElementTree.tag stores per element). */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The tag table for a list of dropped elements (cached per list). */
export function tagTable(drop: readonly string[]): TagTable {
  let t = TAG_TABLES.get(drop);
  if (!t) {
    const flags = new Map(STATIC_TAGS);
    for (const n of drop) flags.set(n, (flags.get(n) ?? 0) | DROP);
    const tags = [...flags].map(([name, f], index): TagInfo => ({ name, flags: f, hash: nameHash(name), index }));
    const byHash = new Map(tags.map((info): [number, TagInfo] => [info.hash, info]));
    if (byHash.size !== flags.size || 4 * tags.length > SLOTS) throw new Error('tag table: two names share a hash, or too many tags');
    const slotHash = new Int32Array(SLOTS), slotTag = new Int32Array(SLOTS);
    for (const info of tags) {
      let s = info.hash & SLOT_MASK;
      while (slotTag[s] !== 0) s = (s + 1) & SLOT_MASK;
      slotHash[s] = info.hash | 0;
      slotTag[s] = info.index + 1;
    }
    t = { byHash, slotHash, slotTag, tags, longest: Math.max(...[...flags.keys()].map((n) => n.length)), size: flags.size, index: new Map([...flags.keys()].map((n, i) => [n, i])) };
    TAG_TABLES.set(drop, t);
  }
  return t;
}

/**
 * The known tag written at `src[start, end)` (any case), or undefined: hashed on
 * the source and checked character by character, so no string is built per tag.
 */
export function tagAt(table: TagTable, src: string, start: number, end: number): TagInfo | undefined {
  if (end - start > table.longest) return undefined;
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) {
    let c = src.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    h = Math.imul(h ^ c, 0x01000193);
  }
  const slotHash = table.slotHash, slotTag = table.slotTag;
  let s = h & SLOT_MASK, tag = slotTag[s]!;
  while (tag !== 0 && slotHash[s] !== h) {
    s = (s + 1) & SLOT_MASK;
    tag = slotTag[s]!;
  }
  if (tag === 0) return undefined;
  const info = table.tags[tag - 1]!;
  if (info.name.length !== end - start) return undefined;
  for (let i = 0; i < info.name.length; i++) {
    let c = src.charCodeAt(start + i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== info.name.charCodeAt(i)) return undefined;
  }
  return info;
}

/** Does `src[start, end)` spell the lower-case ASCII `name`, in any case? (No string is built.) */
export function nameIs(src: string, start: number, end: number, name: string): boolean {
  if (end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if ((src.charCodeAt(start + i) | 0x20) !== name.charCodeAt(i)) return false;
  return true;
}
