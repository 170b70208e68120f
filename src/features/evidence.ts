/**
 * Line evidence beyond the six FAR-SW features (issue 17, item 1), for the fuzzy class association rules
 * of `mining/class-rules.ts`. Computed for the lines that have text (a line without text is never
 * content: training labels every such line non-topical), in three kinds:
 *
 * - numeric, fuzzified with learned membership functions (Low / Middle / High, as FAR-SW's):
 *   the six FAR-SW features (normalised variant) and
 *     LinkDensity       anchor-text bytes / text bytes;
 *     Punctuation       punctuation characters / characters of the text (Latin, CJK and full-width marks);
 *     CommonWords       share of the line's words in a vocabulary learned from training text (the most
 *                       widespread words of topical lines: function words of every language seen, "stop words"
 *                       learned instead of listed; CJK characters count as words);
 *     SentenceLength    words per sentence end (. ! ? … 。！？), log(1 + x);
 *     Words             words of the line, log(1 + x);
 *     TitleOffset       (line − title line) / lines, in [−1, 1]; the page start stands in for a missing title line;
 *     Depth             enclosing block elements / the page's deepest;
 *     NeighbourLinks    mean LinkDensity of the two text lines before and the two after;
 *     NeighbourWords    mean Words of the same neighbours;
 *     DanaDiff          AdDANAg's smoothed difference (features/dana-diff.ts) / its largest magnitude on the page, in
 *                       [−1, 1]: the DANA core's evidence as a prior the rules weigh;
 * - structural, crisp: inside `<p>`, `<li>`/`<dt>`/`<dd>`, `<td>`/`<th>`, a heading, `<blockquote>`,
 *   `<figure>`/`<figcaption>`, `<article>`, `<main>`, `<aside>`, `<nav>`, `<header>`, `<footer>`, `<form>`
 *   (any enclosing block element), inside a link (≥ 90 % of its text bytes are anchor text), and above DANA's
 *   axis (DanaDiff > 0: the line lies in one of the DANA core's regions);
 * - class/id words: the words of the enclosing elements' `class` / `id` values (LineTable.classTokens) that
 *   are in the model's learned vocabulary.
 * Pure: no I/O; the same table gives the same evidence.
 */
import type { LineTable, TextSink } from '../core/types.js';
import { U32Column } from '../core/u32-column.js';
import { KeyMap } from '../core/key-map.js';
import { nameHash } from '../html/tags.js';
import { computeLineFeatures, FEATURE_COUNT, FEATURE_NAMES, type LineFeatures } from './line-features.js';
import { smoothDiff } from './dana-diff.js';

/** Numeric evidence, in column order: the six FAR-SW features, then the others of the module comment. */
export const EVIDENCE_NUMERIC = Object.freeze([
  ...FEATURE_NAMES, 'LinkDensity', 'Punctuation', 'CommonWords', 'SentenceLength', 'Words', 'TitleOffset', 'Depth', 'NeighbourLinks', 'NeighbourWords',
  'DanaDiff',
] as const);
/** Column of CommonWords (filled once the vocabulary is known). */
export const COMMON_WORDS_COLUMN = EVIDENCE_NUMERIC.indexOf('CommonWords');

/** Crisp structural items: name shown in rules, and the tags that give it. */
export const STRUCTURE_ITEMS: readonly { readonly name: string; readonly tags: readonly string[] }[] = Object.freeze([
  { name: 'inside <p>', tags: ['p'] },
  { name: 'inside <li>', tags: ['li', 'dt', 'dd'] },
  { name: 'inside <td>', tags: ['td', 'th'] },
  { name: 'inside a heading', tags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] },
  { name: 'inside <blockquote>', tags: ['blockquote'] },
  { name: 'inside <figure>', tags: ['figure', 'figcaption'] },
  { name: 'inside <article>', tags: ['article'] },
  { name: 'inside <main>', tags: ['main'] },
  { name: 'inside <aside>', tags: ['aside'] },
  { name: 'inside <nav>', tags: ['nav'] },
  { name: 'inside <header>', tags: ['header'] },
  { name: 'inside <footer>', tags: ['footer'] },
  { name: 'inside <form>', tags: ['form'] },
  { name: 'inside a link', tags: [] },
  { name: 'above DANA\'s axis', tags: [] },
]);
/** Item ids: numeric regions (column · 3 + level), then structure items, then a model's class words. */
export const STRUCTURE_ITEM_BASE = EVIDENCE_NUMERIC.length * 3;
export const CLASS_WORD_ITEM_BASE = STRUCTURE_ITEM_BASE + STRUCTURE_ITEMS.length;
/** Bit of "inside a link" in a line's structure mask. */
export const IN_LINK_BIT = STRUCTURE_ITEMS.length - 2;
/** Bit of "above DANA's axis". */
export const ABOVE_AXIS_BIT = STRUCTURE_ITEMS.length - 1;
/** Tag name hash → its structure bit (a KeyMap: name hashes above 2^30 are heap numbers as Map keys). */
const TAG_BITS = new KeyMap(STRUCTURE_ITEMS.flatMap((s, b) => s.tags.map((t): [number, number] => [nameHash(t), 1 << b])));
/** Anchor text share above which a line is "inside a link". */
const IN_LINK_SHARE = 0.9;
/** Words of a line kept for the common-word vocabulary (its first ones). */
export const MAX_LINE_WORDS = 64;

/** A set of word keys (a Set, or core/key-map.ts KeyMap on the hot path). */
export interface KeySet {
  has(key: number): boolean;
}

/** Evidence of a page's text lines (`lines[k]` is the table line of entry k). */
export interface LineEvidence {
  /** Table line of each entry, ascending (lines with text). */
  readonly lines: Uint32Array;
  /** One column per EVIDENCE_NUMERIC entry, over the entries. */
  readonly numeric: readonly Float32Array[];
  /** Per entry: bit b set when STRUCTURE_ITEMS[b] holds. */
  readonly structure: Uint32Array;
  /** Per entry: its words' keys are `words.keys[words.start[k] .. words.start[k + 1])` (at most MAX_LINE_WORDS, distinct). */
  readonly words: { readonly start: Uint32Array; readonly keys: Uint32Array };
}

/** Values of the table a caller may already have (the model path computes them anyway); computed when absent. */
export interface EvidenceInputs {
  /** The six FAR-SW features of the table (used when `normalized`). */
  readonly features?: LineFeatures;
  /** `smoothDiff(contentChars, linkNormCodeChars, 1)` of the table (AdDANAg's, radius 1). */
  readonly diff?: Float64Array;
  /** false: `LineEvidence.words` is left empty when `common` is given (applying a model needs only CommonWords). */
  readonly words?: boolean;
  /**
   * true: the caller is done with the evidence before it computes the next (the apply path), so its arrays are views on
   * one buffer reused from call to call (a new typed array store costs about 0.7 µs: core/u32-column.ts).
   */
  readonly reuse?: boolean;
}

/** The buffer `EvidenceInputs.reuse` hands out, and the largest kept (a larger page's evidence gets its own). */
let reused = new ArrayBuffer(0);
const MAX_REUSED = 1 << 24;

/** A buffer of at least `bytes`: the reused one when asked and it is not too large, else a new one. */
function evidenceBuffer(bytes: number, reuse: boolean): ArrayBuffer {
  if (!reuse || bytes > MAX_REUSED) return new ArrayBuffer(bytes);
  if (reused.byteLength < bytes) reused = new ArrayBuffer(Math.min(MAX_REUSED, Math.max(bytes, 2 * reused.byteLength)));
  return reused;
}

/**
 * Evidence of every text line of a page (module comment). CommonWords is filled when `common` is given,
 * else left 0 (training fills it once its vocabulary is learned: `fillCommonWords`).
 * @param titleLine the line repeating the page title (extract/title.ts), −1 for none
 * @param common keys of the common-word vocabulary
 */
export function computeEvidence(table: LineTable, titleLine: number, common?: KeySet, given: EvidenceInputs = {}): LineEvidence {
  const n = table.count;
  let m = 0;
  for (let i = 0; i < n; i++) if (table.contentChars[i] !== 0) m++;
  // One buffer: the numeric columns, structure, lines, word starts and, when reused, the element facts (evidenceBuffer).
  const columns = EVIDENCE_NUMERIC.length, elements = table.elements ? table.elements.parent.length : 0, reuse = given.reuse === true;
  const at = (columns + 3) * m + 1;
  const buffer = evidenceBuffer(reuse ? 4 * (at + elements) + 2 * elements : 4 * at, reuse);
  const numeric = EVIDENCE_NUMERIC.map((_, c) => new Float32Array(buffer, c * m * 4, m));
  const structure = new Uint32Array(buffer, columns * m * 4, m);
  const lines = new Uint32Array(buffer, (columns + 1) * m * 4, m);
  const wordStart = new Uint32Array(buffer, (columns + 2) * m * 4, m + 1);
  for (let i = 0, k = 0; i < n; i++) if (table.contentChars[i] !== 0) lines[k++] = i;
  const farsw = (given.features?.variant === 'normalized' ? given.features : computeLineFeatures(table, 'normalized')).columns;
  const [linkDensity, punctuation, commonWords, sentence, wordsCol, titleOffset, depthCol, nbLinks, nbWords, danaCol] = numeric.slice(FEATURE_COUNT) as Float32Array[];
  const diff = given.diff ?? smoothDiff(table.contentChars, table.linkNormCodeChars, 1);
  let maxDiff = 0;
  for (let i = 0; i < n; i++) { const d = diff[i]!, a = d < 0 ? -d : d; if (a > maxDiff) maxDiff = a; }
  const { depth, tags, maxDepth } = reuse ? elementFacts(table, new Uint32Array(buffer, 4 * at, elements), new Uint16Array(buffer, 4 * (at + elements), elements))
    : elementFacts(table, new Uint32Array(elements), new Uint16Array(elements));
  const wordKeys = given.words === false && common ? undefined : new U32Column(Math.max(64, m * 8));
  if (!wordKeys) wordStart.fill(0);
  const title = titleLine >= 0 ? titleLine : 0;
  const reader = new TextReader(wordKeys, common);
  // The FAR-SW columns of the text lines, one column at a time (a loop over the columns per line costs two loads per value).
  for (let c = 0; c < FEATURE_COUNT; c++) {
    const from = farsw[c]!, to = numeric[c]!;
    for (let k = 0; k < m; k++) to[k] = from[lines[k]!]!;
  }
  const { contentBytes, anchorBytes, contentChars } = table, elementLine = table.elements?.line;
  const logs = log1pTable();
  let runs = new TextRuns(), before = new TextRuns(), recorded = -1;
  for (let k = 0; k < m; k++) {
    const i = lines[k]!;
    const bytes = contentBytes[i]!;
    const ld = bytes > 0 ? Math.min(1, anchorBytes[i]! / bytes) : 0;
    linkDensity![k] = ld;
    if (wordKeys) wordStart[k] = wordKeys.length;
    // A line with the counts of the text line before is read into `runs` first: with the same text it keeps the reader's
    // figures of that line (its words are the same), else the runs are read (a list, a page of one paragraph repeated).
    const p = k > 0 ? lines[k - 1]! : -1;
    if (p >= 0 && !wordKeys && contentChars[i] === contentChars[p] && contentBytes[i] === contentBytes[p]) {
      if (recorded !== p) { before.clear(); visitLine(table, p, before); }
      runs.clear();
      visitLine(table, i, runs);
      recorded = i;
      if (!runs.equals(before)) { reader.begin(); runs.replay(reader); reader.end(); }
      const r = runs; runs = before; before = r;
    } else {
      reader.begin();
      visitLine(table, i, reader);
      reader.end();
    }
    const { words, punct, ends, distinct } = reader;
    commonWords![k] = distinct > 0 ? reader.hits / distinct : 0;
    punctuation![k] = contentChars[i]! > 0 ? punct / contentChars[i]! : 0;
    const lw = words < LOG1P_TABLE ? logs[words]! : Math.log1p(words);
    wordsCol![k] = lw;
    sentence![k] = ends <= 1 ? lw : Math.log1p(words / ends);
    titleOffset![k] = (i - title) / Math.max(1, n);
    const e = elementLine ? elementLine[i]! : 0;
    depthCol![k] = e > 0 && maxDepth > 0 ? depth[e - 1]! / maxDepth : 0;
    danaCol![k] = maxDiff > 0 ? diff[i]! / maxDiff : 0;
    structure[k] = (e > 0 ? tags[e - 1]! : 0) | (ld >= IN_LINK_SHARE ? 1 << IN_LINK_BIT : 0) | (diff[i]! > 0 ? 1 << ABOVE_AXIS_BIT : 0);
  }
  if (wordKeys) wordStart[m] = wordKeys.length;
  for (let k = 0; k < m; k++) {
    let ls = 0, ws = 0, c = 0;
    for (let j = Math.max(0, k - 2); j <= Math.min(m - 1, k + 2); j++) {
      if (j === k) continue;
      ls += linkDensity![j]!; ws += wordsCol![j]!; c++;
    }
    nbLinks![k] = c > 0 ? ls / c : 0;
    nbWords![k] = c > 0 ? ws / c : 0;
  }
  return { lines, numeric, structure, words: { start: wordStart, keys: wordKeys ? wordKeys.freeze() : new Uint32Array(0) } };
}

/** Line i's text into `sink`, in runs (LineTable.visitText) or whole. */
function visitLine(table: LineTable, i: number, sink: TextSink): void {
  if (table.visitText) table.visitText(i, sink);
  else { const text = table.lineText(i); sink.run(text, 0, text.length); }
}

/** A line's text as the runs a TextSink was handed (kept to compare two lines' texts without building them). */
class TextRuns implements TextSink {
  private readonly texts: string[] = [];
  private from = new Int32Array(16);
  private to = new Int32Array(16);
  private count = 0;
  /** Characters of all runs. */
  length = 0;

  clear(): void {
    this.count = 0;
    this.length = 0;
  }

  run(s: string, from: number, to: number): void {
    if (this.count === this.from.length) {
      const f = new Int32Array(2 * this.count), t = new Int32Array(2 * this.count);
      f.set(this.from); t.set(this.to);
      this.from = f; this.to = t;
    }
    this.texts[this.count] = s;
    this.from[this.count] = from;
    this.to[this.count++] = to;
    this.length += to - from;
  }

  /** Hand the runs to `sink`, in order. */
  replay(sink: TextSink): void {
    for (let r = 0; r < this.count; r++) sink.run(this.texts[r]!, this.from[r]!, this.to[r]!);
  }

  /** Are the two texts (the runs' concatenations) equal? */
  equals(o: TextRuns): boolean {
    if (this.length !== o.length) return false;
    let r = 0, q = 0, i = this.from[0]!, j = o.from[0]!;
    for (let left = this.length; left > 0;) {
      while (i === this.to[r]) i = this.from[++r]!;
      while (j === o.to[q]) j = o.from[++q]!;
      const a = this.texts[r]!, b = o.texts[q]!;
      // The common stretch of the two current runs.
      const n = Math.min(this.to[r]! - i, o.to[q]! - j);
      // A long stretch is compared natively (two slices of the source: no characters copied), a short one in the loop.
      if (n > 16) { if (a.slice(i, i + n) !== b.slice(j, j + n)) return false; } else for (let x = 0; x < n; x++) if (a.charCodeAt(i + x) !== b.charCodeAt(j + x)) return false;
      i += n; j += n; left -= n;
    }
    return true;
  }
}

/** Words of a line below which log1p(words) is read from a table (the same numbers: Math.log1p's, computed once). */
const LOG1P_TABLE = 1024;
let log1ps: Float64Array | undefined;
function log1pTable(): Float64Array {
  return (log1ps ??= Float64Array.from({ length: LOG1P_TABLE }, (_, w) => Math.log1p(w)));
}

/** Set the CommonWords column from a vocabulary: share of each line's (distinct, first MAX_LINE_WORDS) words in it. */
export function fillCommonWords(evidence: LineEvidence, common: KeySet): void {
  const col = evidence.numeric[COMMON_WORDS_COLUMN]!, { start, keys } = evidence.words;
  for (let k = 0; k < evidence.lines.length; k++) {
    let hit = 0;
    for (let j = start[k]!; j < start[k + 1]!; j++) if (common.has(keys[j]!)) hit++;
    col[k] = start[k + 1]! > start[k]! ? hit / (start[k + 1]! - start[k]!) : 0;
  }
}

/** Per element: its depth (1 for a root) and the structure bits of it and its ancestors (written to `tags`, `depth`); the deepest depth. */
function elementFacts(table: LineTable, tags: Uint32Array, depth: Uint16Array): { depth: Uint16Array; tags: Uint32Array; maxDepth: number } {
  const tree = table.elements;
  const count = tree ? tree.parent.length : 0;
  let maxDepth = 0;
  for (let e = 0; e < count; e++) {
    const p = tree!.parent[e]!; // parents precede children (pre-order)
    const own = tree!.tag ? Math.max(0, TAG_BITS.get(tree!.tag[e]!)) : 0;
    depth[e] = p > 0 ? Math.min(65535, depth[p - 1]! + 1) : 1;
    tags[e] = (p > 0 ? tags[p - 1]! : 0) | own;
    if (depth[e]! > maxDepth) maxDepth = depth[e]!;
  }
  return { depth, tags, maxDepth };
}

/** Is code unit c a sentence end (. ! ? … and the CJK / full-width ones)? */
function isSentenceEnd(c: number): boolean {
  return c === 46 || c === 33 || c === 63 || c === 0x2026 || c === 0x3002 || c === 0xff01 || c === 0xff1f || c === 0xff0e;
}

/** Is code unit c punctuation (ASCII marks, Latin-1 quotes, general punctuation, CJK and full-width marks)? */
function isPunctuation(c: number): boolean {
  if (c < 128) return (c >= 33 && c <= 47 && c !== 36 && c !== 43) || c === 58 || c === 59 || c === 63 || c === 64 || c === 91 || c === 93 || c === 95 || c === 123 || c === 125;
  return c === 0xab || c === 0xbb || c === 0xa1 || c === 0xbf || (c >= 0x2010 && c <= 0x2027) || (c >= 0x3001 && c <= 0x3003) || (c >= 0x3008 && c <= 0x3011) || (c >= 0xff01 && c <= 0xff0f) || c === 0xff1a || c === 0xff1b || c === 0xff1f;
}

/** A letter or digit of a word (not punctuation or a symbol block); CJK, kana and Hangul are words of one character. */
function isWordChar(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122);
  return c >= 0xc0 && !isPunctuation(c) && !(c >= 0x2000 && c <= 0x2bff) && c !== 0xd7 && c !== 0xf7;
}

/** Classes of a UTF-16 code unit for `TextReader`, from the predicates above. */
const WORD = 1, SINGLE = 2, PUNCT = 4, END = 8;
/** Bits of a code unit's entry in `charTable` above its class: the unit lower-cased (ASCII A–Z only). */
const LOWER_SHIFT = 4;
let charTable: Int32Array | undefined;

/** Per UTF-16 code unit: its class bits and, above them, the unit as it is hashed (one table lookup per character). */
function buildCharTable(): Int32Array {
  const t = new Int32Array(0x10000);
  for (let c = 0; c < 0x10000; c++) {
    let k = 0;
    if (c > 0x3000 && c < 0xd800 && isWordChar(c)) k = SINGLE;
    else if (isWordChar(c)) k = WORD;
    else if (isPunctuation(c)) k = PUNCT | (isSentenceEnd(c) ? END : 0);
    t[c] = ((c >= 65 && c <= 90 ? c | 0x20 : c) << LOWER_SHIFT) | k;
  }
  return t;
}

const FNV_OFFSET = 0x811c9dc5 | 0, FNV_PRIME = 0x01000193;
/** The current line's distinct word keys (open addressing; a slot is live when its stamp is the line's). */
const SEEN_SLOTS = 256;
const seenKeys = new Uint32Array(SEEN_SLOTS), seenStamp = new Uint32Array(SEEN_SLOTS);
let stamp = 0;
/** Characters a `TextReader` reads before it keys the words they ended (the ended words' hashes wait in `ended`). */
const CHUNK = 4096;
/** A chunk's ended words: at most one per character, and one more carried in from the chunk before. */
const ended = new Int32Array(CHUNK + 2);

/** Is word key `k` (nonzero) new on the current line (then it is recorded)? */
function newKey(k: number): boolean {
  let s = Math.imul(k, 0x9e3779b1) >>> 24;
  while (seenStamp[s] === stamp) {
    if (seenKeys[s] === k) return false;
    s = (s + 1) & (SEEN_SLOTS - 1);
  }
  seenStamp[s] = stamp;
  seenKeys[s] = k;
  return true;
}

/**
 * Words, punctuation marks and sentence ends of a line's text, read in runs (a TextSink: LineTable.visitText hands it
 * the line without building its string), and its first MAX_LINE_WORDS distinct words (keys: FNV-1a of the word, ASCII
 * lower-cased; a CJK, kana or Hangul character is a word of its own): appended to `keys` when given, counted, and
 * counted again when in `common`. A word may continue from one run into the next.
 * The loop over the characters has no branch that depends on them (a branch per word end or per character class
 * mispredicts on every few characters: docs/decisions.md): each character's class is added to the counts, its hash
 * step is selected with masks, and the hash of a word it ends is written to `ended` at a position that moves on only
 * when it does; the chunk's ended words are then keyed in order.
 */
class TextReader implements TextSink {
  words = 0;
  punct = 0;
  ends = 0;
  /** Distinct words kept, and of them in `common`. */
  distinct = 0;
  hits = 0;
  private h = FNV_OFFSET;
  /** 1 while inside a word. */
  private inWord = 0;
  private readonly table = (charTable ??= buildCharTable());

  constructor(private readonly keys: U32Column | undefined, private readonly common: KeySet | undefined) {}

  /** Start a line. */
  begin(): void {
    if (++stamp === 0xffffffff) { seenStamp.fill(0); stamp = 1; }
    this.words = 0; this.punct = 0; this.ends = 0; this.distinct = 0; this.hits = 0;
    this.h = FNV_OFFSET; this.inWord = 0;
  }

  run(text: string, from: number, to: number): void {
    for (let at = from; at < to; at += CHUNK) {
      if (this.distinct >= MAX_LINE_WORDS) { this.countWords(text, at, to); return; }
      this.hashWords(text, at, Math.min(to, at + CHUNK));
    }
  }

  /** Read `text[from, to)` (at most CHUNK), then key the words it ended. */
  private hashWords(text: string, from: number, to: number): void {
    const t = this.table, out = ended;
    let h = this.h, inWord = this.inWord, n = 0, punct = this.punct, ends = this.ends;
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i), x = t[c]!, word = x & WORD, mask = -word;
      out[n] = h; // the word this character ends
      n += inWord & (word ^ 1);
      out[n] = Math.imul(FNV_OFFSET ^ c, FNV_PRIME); // a CJK, kana or Hangul character
      n += (x >> 1) & 1;
      h = (Math.imul(h ^ (x >> LOWER_SHIFT), FNV_PRIME) & mask) | (FNV_OFFSET & ~mask);
      inWord = word;
      punct += (x >> 2) & 1;
      ends += (x >> 3) & 1;
    }
    this.h = h; this.inWord = inWord; this.punct = punct; this.ends = ends;
    this.words += n;
    for (let j = 0; j < n && this.distinct < MAX_LINE_WORDS; j++) this.take((out[j]! >>> 0) || 1);
  }

  /** Read `text[from, to)` once the line's words are all kept: counts only, no keys. */
  private countWords(text: string, from: number, to: number): void {
    const t = this.table;
    let words = this.words, punct = this.punct, ends = this.ends, inWord = this.inWord;
    for (let i = from; i < to; i++) {
      const x = t[text.charCodeAt(i)]!, word = x & WORD;
      words += (inWord & (word ^ 1)) + ((x >> 1) & 1);
      inWord = word;
      punct += (x >> 2) & 1;
      ends += (x >> 3) & 1;
    }
    this.words = words; this.punct = punct; this.ends = ends; this.inWord = inWord;
  }

  /** End the line (its last word). */
  end(): void {
    if (this.inWord) {
      this.words++;
      this.take((this.h >>> 0) || 1);
      this.inWord = 0;
    }
  }

  /** A word of the current line: kept when new and fewer than MAX_LINE_WORDS are. */
  private take(key: number): void {
    if (this.distinct >= MAX_LINE_WORDS || !newKey(key)) return;
    this.distinct++;
    this.keys?.push(key);
    if (this.common?.has(key)) this.hits++;
  }
}
