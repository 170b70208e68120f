/**
 * Where a line sits in the page's structure: each open block element's kind (a hash of its name,
 * id and class), the structural path of its nearest three block elements, and the class/id
 * words a line inside it inherits (FAR-SW models learn from both). Keys are hashed on the source.
 */
import { lineKey, LineKeyHasher } from './line-key.js';
import { COMMENT_WORDS, COMMENTS_ELEMENTS, MAX_ATTRIBUTE_CHARS } from './drops.js';

/** At most this many class/id words per line (the nearest elements' first). */
export const MAX_LINE_TOKENS = 24;
export const NO_TOKENS: readonly number[] = Object.freeze([]);
const ATTRIBUTE_WORD = /[a-z]{3,}/g;
const CAMEL_CASE = /([a-z])([A-Z])/g;

/** What an element's name, id and class give: its path signature and its class/id words. */
export interface ElementKind {
  readonly sig: number;
  /** The key of its name and first class word alone (digits folded; ElementTree.base): a card's component, its modifiers left out. */
  readonly base: number;
  readonly tokens: readonly number[];
  /** Its class/id names a user-comment section (`COMMENT_WORDS`; a state flag such as `has-comments` does not: namesCommentSection). */
  readonly comments: boolean;
  /**
   * Memo of `entryWords` for the last element of this kind: the words it inherited (compared as the same
   * array) and its merged words. Siblings, and repeated structures under repeated ancestors, share both.
   */
  lastInherited: readonly number[] | undefined;
  lastWords: readonly number[] | undefined;
}

/** A cached kind with its name (a hit must match it). */
interface CachedKind extends ElementKind {
  readonly name: string;
}

/**
 * A structural-stack entry: the element, and what a line inside it inherits. (Nine fields: one is made
 * per block element; its signature, class/id words and its parent's signature are read from `kind` and
 * `parent`, and a dropped entry is one with id −1.)
 */
export interface BlockEntry {
  readonly name: string;
  /** Key of the path of the nearest three block elements (this one, its parent and grandparent). */
  readonly path: number;
  /** Its kind: signature (`kind.sig`) and own class/id words (`kind.tokens`). */
  readonly kind: ElementKind;
  readonly parent: BlockEntry | undefined;
  /** Inside a user-comment section (`dropComments`) or a hidden element (`dropHidden`): its content is removed. */
  readonly muted: boolean;
  /**
   * Number of the element in document order (LineTable.elements); −1 for a dropped element
   * (LineOptions.dropElements) and what it holds: removed, and not in the tree.
   */
  readonly id: number;
  /** Its tag's number and flags (tags.ts). */
  readonly tag: number;
  readonly flags: number;
  /** Memo of `entryWords` (set in every new entry, so that all entries share one shape). */
  words: readonly number[] | undefined;
}

/**
 * Class/id words of an element and its ancestors, nearest first, at most
 * MAX_LINE_TOKENS; computed on first use (only elements holding text need them).
 */
export function entryWords(e: BlockEntry): readonly number[] {
  if (e.words) return e.words;
  // Iterative (pages nest 100,000 deep): climb to a memoised ancestor, then fill downwards.
  const chain = CHAIN;
  let n = 0;
  let a: BlockEntry | undefined = e;
  while (a && !a.words) { chain[n++] = a; a = a.parent; }
  let inherited = a?.words ?? NO_TOKENS;
  for (let i = n - 1; i >= 0; i--) {
    const c = chain[i]!;
    chain[i] = undefined;
    let words = inherited;
    const own = c.kind.tokens;
    if (own.length > 0) {
      const kind = c.kind;
      if (kind.lastInherited === inherited) words = kind.lastWords!;
      else {
        // Own words first, then the inherited ones it lacks (those are distinct already: only `own` is searched).
        const merged = own.slice();
        for (let j = 0; j < inherited.length && merged.length < MAX_LINE_TOKENS; j++) {
          const t = inherited[j]!;
          if (!own.includes(t)) merged.push(t);
        }
        kind.lastInherited = inherited;
        kind.lastWords = words = merged;
      }
    }
    inherited = c.words = words;
  }
  return inherited;
}
/** entryWords' chain of entries to fill (kept between calls, emptied as it is used). */
const CHAIN: (BlockEntry | undefined)[] = [];

/**
 * (name, id, class) hash → kind, direct-mapped: slot `h & KIND_MASK` holds the last kind hashed there, with its
 * hash and second hash in typed arrays (a Map keyed by the hash boxes every hash above 2^30, and its lookups
 * cost a fifth of the line builder's time on dragnet). Pages repeat the same few values.
 */
const KIND_SLOTS = 1 << 16, KIND_MASK = KIND_SLOTS - 1;
const kindHash = new Int32Array(KIND_SLOTS), kindCheck = new Int32Array(KIND_SLOTS);
const kinds: (CachedKind | undefined)[] = new Array<CachedKind | undefined>(KIND_SLOTS).fill(undefined);

/**
 * A class/id word that states whether an element has or allows comments (`has-comments`, `no_comment`: Squarespace's
 * and WordPress themes' state flags on the article itself), not the comment section.
 */
const COMMENT_STATE_FLAG = /(?<![a-z])(?:has|no|with|without|show|enable|allow)[-_]comments?(?![a-z])/gi;

/** The class/id `value`, whose tokens hold a comment word, names a comment section by some word other than a state flag. */
function namesCommentSection(value: string): boolean {
  const rest = value.replace(COMMENT_STATE_FLAG, ' ');
  return rest === value || attributeTokens(rest).some((t) => COMMENT_WORDS.has(t));
}

/**
 * The kind of a block element from the hashes of its name, id and class values (computed on the source);
 * the values are read from `src` only on a miss. A hit must also match `check`, a second hash of the values
 * (TagAttributes.valueCheck), so that a 32-bit collision does not give an element another one's words (output
 * would depend on earlier pages). A false hit needs both hashes to collide with the one kind in the slot
 * (the slot already fixes 16 bits of the first): about 2^-48, 4·10^-15, per element looked up.
 */
export function elementKind(name: string, nameKey: number, src: string, idHash: number, id: readonly [number, number], classHash: number, cls: readonly [number, number], check: number): ElementKind {
  // FNV-1a over the name's characters (nameKey = nameHash(name)), then the id and class hashes.
  let h = Math.imul(nameKey ^ idHash, 0x01000193);
  h = Math.imul(h ^ classHash, 0x01000193);
  const slot = (h ^ (h >>> 16)) & KIND_MASK;
  if (kindHash[slot] === h && kindCheck[slot] === check) {
    const hit = kinds[slot];
    if (hit !== undefined && hit.name === name) return hit;
  }
  return newKind(name, src, idHash, id, classHash, cls, check, h, slot);
}

/** {@link elementKind} on a miss (out of line, so that the hit path is small enough to inline): the kind made and cached. */
function newKind(name: string, src: string, idHash: number, id: readonly [number, number], classHash: number, cls: readonly [number, number], check: number, h: number, slot: number): ElementKind {
  // The words of `${idValue} ${classValue}`, read on the source (the values are sliced only outside ASCII).
  let tokens = NO_TOKENS;
  if (idHash !== 0 || classHash !== 0) {
    const idFrom = idHash === 0 ? 0 : id[0], idTo = idHash === 0 ? 0 : id[1], classFrom = classHash === 0 ? 0 : cls[0], classTo = classHash === 0 ? 0 : cls[1];
    tokens = asciiTokens(src, idFrom, idTo, classFrom, classTo) ?? attributeTokens(`${src.slice(idFrom, idTo)} ${src.slice(classFrom, classTo)}`);
  }
  // The signature is lineKey(`${name}#${idValue}.${classValue}`), hashed without building that string.
  const sig = new LineKeyHasher();
  sig.pushRange(name, 0, name.length);
  sig.pushRange('#', 0, 1);
  if (idHash !== 0) sig.pushRange(src, id[0], id[1]);
  sig.pushRange('.', 0, 1);
  if (classHash !== 0) sig.pushRange(src, cls[0], cls[1]);
  // The base is lineKey(`${name}.${firstClassWord}`): siblings whose later class words (modifiers) differ share it.
  const base = new LineKeyHasher();
  base.pushRange(name, 0, name.length);
  base.pushRange('.', 0, 1);
  if (classHash !== 0) {
    let from = cls[0];
    while (from < cls[1] && src.charCodeAt(from) <= 32) from++;
    let to = from;
    while (to < cls[1] && src.charCodeAt(to) > 32) to++;
    base.pushRange(src, from, to);
  }
  const comments = COMMENTS_ELEMENTS.has(name) && tokens.some((t) => COMMENT_WORDS.has(t)) &&
    namesCommentSection(`${src.slice(idHash === 0 ? 0 : id[0], idHash === 0 ? 0 : id[1])} ${src.slice(classHash === 0 ? 0 : cls[0], classHash === 0 ? 0 : cls[1])}`);
  const k: CachedKind = { sig: sig.key(), base: base.key(), tokens, comments, lastInherited: undefined, lastWords: undefined, name };
  // A kind hashed to the same slot is replaced: the cache only ever saves work.
  kindHash[slot] = h;
  kindCheck[slot] = check;
  kinds[slot] = k;
  return k;
}

/** A child's stack entry from its parent's (path of the nearest three); `drop`: the element's content is removed. */
export function childEntry(parent: BlockEntry | undefined, name: string, kind: ElementKind, drop: boolean, id: number, tag: number, flags: number): BlockEntry {
  let h = Math.imul(0x811c9dc5 ^ kind.sig, 0x01000193);
  if (parent) {
    h = Math.imul(h ^ parent.kind.sig, 0x01000193);
    const grandparent = parent.parent;
    if (grandparent !== undefined && grandparent.kind.sig !== 0) h = Math.imul(h ^ grandparent.kind.sig, 0x01000193);
  }
  return { name, path: (h >>> 0) || 1, kind, parent, muted: parent?.muted === true || drop, id, tag, flags, words: undefined };
}

const NO_KIND: ElementKind = { sig: 0, base: 0, tokens: NO_TOKENS, comments: false, lastInherited: undefined, lastWords: undefined };

/** The entry of a dropped element, or of an element inside one: no path, no words, not in the tree. */
export function droppedEntry(parent: BlockEntry | undefined, name: string, tag: number, flags: number): BlockEntry {
  return { name, path: parent?.path ?? 0, kind: NO_KIND, parent, muted: true, id: -1, tag, flags, words: undefined };
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
  return asciiTokens(text, 0, text.length, -1, -1) ?? regexAttributeTokens(text);
}

/**
 * {@link attributeTokens} of `s[aFrom, aTo)`, or with `bFrom ≥ 0` of `s[aFrom, aTo) + ' ' + s[bFrom, bTo)` (an
 * element's id and class values, read on the source without building that string), cut to MAX_ATTRIBUTE_CHARS;
 * undefined when the part read holds a character outside ASCII (the caller takes the general path). Tokens
 * found before such a character are the same on both paths, so stopping at 24 of them before it is right.
 */
function asciiTokens(s: string, aFrom: number, aTo: number, bFrom: number, bTo: number): readonly number[] | undefined {
  const aLen = aTo - aFrom;
  const total = Math.min(bFrom < 0 ? aLen : aLen + 1 + (bTo - bFrom), MAX_ATTRIBUTE_CHARS);
  const out: number[] = [];
  // FNV-1a of the current run of letters, lower-cased: lineKey of a word of a–z (html/line-key.ts).
  let h = 0x811c9dc5 | 0, length = 0, prevLower = false;
  for (let i = 0; i <= total; i++) {
    const c = i === total ? 0 : i < aLen ? s.charCodeAt(aFrom + i) : i === aLen ? 32 : s.charCodeAt(bFrom + i - aLen - 1);
    if (c >= 0x80) return undefined;
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
