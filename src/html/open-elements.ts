/**
 * The open elements around the current position: the HTML Standard's stack of open elements, kept
 * for the elements whose end decides which text is shown (block elements, dropped elements and what
 * they hold), with its rules for where an element ends (see the list below); the block-element tree
 * (LineTable.elements); and the context flags of text (inside pre, blockquote, a list item and how deep).
 *
 * Rules followed ("in body", HTML Standard §13.2.6.4.7, and foreign content §13.2.6.5):
 * - an end tag closes the nearest open element of its name only when it is "in scope" (no
 *   applet, caption, html, table, td, th, marquee, object or template in between; list-item scope
 *   for `</li>`, button scope for `</p>`, table scope for table parts), and closes everything above
 *   it; otherwise it is ignored. An end tag of a non-special element (`</label>`, `</option>`) walks
 *   down to its element but stops at a special one. `</body>` and `</html>` close nothing;
 * - a start tag of the "closes a p" list closes an open `<p>` in button scope; h1–h6 close an open
 *   heading that is the current node; `<li>`, `<dd>`/`<dt>` close the open item (not past a special
 *   element other than address, div, p); `<td>`/`<th>`, `<tr>`, `<tbody>`/`<thead>`/`<tfoot>` close
 *   the open cell, row, section of their table; `<option>`/`<optgroup>` close an open option;
 *   `<button>` an open button; `<select>`, `<input>`, `<textarea>` and table parts an open select
 *   (a nested `<select>` is then ignored);
 * - in foreign content (svg, math: the current node), a breakout start tag (`<p>`, `<div>`, `<b>`, …)
 *   closes the foreign element; inside an integration point (foreignObject, desc, title; mi, mo,
 *   mn, ms, mtext, annotation-xml) HTML rules apply and it bounds scopes; a self-closing foreign
 *   element (`<svg/>`) is empty;
 * - at the end of the page every element is closed.
 * Not followed (the text does not depend on them here; its order, for foster parenting): the adoption
 * agency algorithm (misnested formatting elements are not tracked: they hold no dropped content and
 * text keeps its source order), foster parenting (text inside a table but outside its cells stays
 * where it is written; a browser shows it before the table: the same words in another order, which
 * the one-pass builder could only give by holding the table's lines back until `</table>` and
 * renumbering lines and elements out of source order; 5 html5lib cases, 13 of 4,441 shared pages:
 * docs/decisions.md), the form element pointer, quirks mode (`<table>`
 * does not close an open `<p>`), `<font>` with attributes as a breakout tag, reconstructing active
 * formatting elements, and select's own insertion mode beyond the above.
 */
import { LineContext } from '../core/types.js';
import { U32Column } from '../core/u32-column.js';
import { childEntry, droppedEntry, elementKind, type BlockEntry } from './structure.js';
import type { TagAttributes } from './drops.js';
import {
  BLOCK, BREAKOUT, CLOSES_P, DROP, FOREIGN, HEADING, LIST, LIST_ITEM, PRE, QUOTE, SCOPE, SPECIAL, VOID,
  type TagInfo, type TagTable,
} from './tags.js';

/** Scopes of "has an element in scope" (besides the SCOPE elements). */
const enum Scope { Default, ListItem, Button, Table }
/** Table parts (OpenElements.tablePart). */
const enum TablePart { Cell = 1, Row = 2, Section = 3 }

/** What the rules need of a tag table, made once per table (not per page: a typed array costs about 0.7 µs to make). */
interface TagRules {
  readonly pTag: number;
  readonly optionTag: number;
  readonly selectTag: number;
  readonly liTag: number;
  readonly ddTag: number;
  readonly dtTag: number;
  readonly buttonTag: number;
  /**
   * Per tag number: the table part it is (TablePart.Cell, Row, Section; 0: none), and the parts whose
   * search for an open one it stops (bit 1 << part): the rules of `<td>`, `<tr>`, `<tbody>` without a
   * name comparison or an array per tag.
   */
  readonly tablePart: Uint8Array;
  readonly tableStop: Uint8Array;
}

const TAG_RULES = new WeakMap<TagTable, TagRules>();
/** Per-tag counts of finished builders, for the next ones (zeroed when taken). */
const spareCounts: Int32Array[] = [];
const NO_COUNTS = new Int32Array(0);

function tagRules(tags: TagTable): TagRules {
  let rules = TAG_RULES.get(tags);
  if (rules) return rules;
  const id = (name: string): number => tags.index.get(name) ?? -1;
  const tablePart = new Uint8Array(tags.size), tableStop = new Uint8Array(tags.size);
  const set = (a: Uint8Array, names: readonly string[], bits: number): void => {
    for (const n of names) { const i = id(n); if (i >= 0) a[i]! |= bits; }
  };
  set(tablePart, ['td', 'th'], TablePart.Cell);
  set(tablePart, ['tr'], TablePart.Row);
  set(tablePart, ['tbody', 'thead', 'tfoot'], TablePart.Section);
  set(tableStop, ['table', 'html', 'template'], (1 << TablePart.Cell) | (1 << TablePart.Row) | (1 << TablePart.Section));
  set(tableStop, ['tbody', 'thead', 'tfoot'], (1 << TablePart.Cell) | (1 << TablePart.Row));
  set(tableStop, ['tr'], 1 << TablePart.Cell);
  rules = {
    pTag: id('p'), optionTag: id('option'), selectTag: id('select'), liTag: id('li'), ddTag: id('dd'), dtTag: id('dt'), buttonTag: id('button'),
    tablePart, tableStop,
  };
  TAG_RULES.set(tags, rules);
  return rules;
}

export class OpenElements {
  /** The stack: open block elements (in the tree), dropped elements and the elements inside them. */
  private readonly stack: BlockEntry[] = [];
  /** Open entries per tag number (an end tag whose element is not open costs no walk). */
  private counts: Int32Array;
  /** Tag numbers of the names the rules ask for by name (−1: not in the table). */
  private readonly pTag: number;
  private readonly optionTag: number;
  private readonly selectTag: number;
  private readonly liTag: number;
  private readonly ddTag: number;
  private readonly dtTag: number;
  private readonly buttonTag: number;
  /** TagRules.tablePart, tableStop. */
  private readonly tablePart: Uint8Array;
  private readonly tableStop: Uint8Array;
  /** Block-element tree (LineTable.elements): parent + 1 (0: root) and subtree end of each element. */
  readonly elementParent = new U32Column(64, true);
  readonly elementEnd = new U32Column(64, true);
  /** Per element: the FNV-1a hash of its lower-case tag name (ElementTree.tag, tags.ts nameHash). */
  readonly elementTag = new U32Column(64, true);
  /** Per element: the signature of its name, id and class (ElementTree.sig, structure.ts ElementKind.sig). */
  readonly elementSig = new U32Column(64, true);
  /** Per element: the key of its name and first class word (ElementTree.base, structure.ts ElementKind.base). */
  readonly elementBase = new U32Column(64, true);
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

  /** @param dropComments / dropHidden: LineOptions */
  constructor(tags: TagTable, private readonly dropComments: boolean, private readonly dropHidden: boolean) {
    const rules = tagRules(tags);
    this.counts = spareCounts.pop() ?? new Int32Array(tags.size);
    if (this.counts.length !== tags.size) this.counts = new Int32Array(tags.size);
    else this.counts.fill(0);
    this.pTag = rules.pTag;
    this.optionTag = rules.optionTag;
    this.selectTag = rules.selectTag;
    this.liTag = rules.liTag;
    this.ddTag = rules.ddTag;
    this.dtTag = rules.dtTag;
    this.buttonTag = rules.buttonTag;
    this.tablePart = rules.tablePart;
    this.tableStop = rules.tableStop;
  }

  /** The innermost open element (a block element, unless inside a dropped one). */
  top(): BlockEntry | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** Inside a dropped element, a comment section or a hidden element? */
  muted(): boolean {
    const stack = this.stack;
    return stack.length > 0 && stack[stack.length - 1]!.muted;
  }

  /** Inside a dropped element (LineOptions.dropElements)? */
  dropping(): boolean {
    const stack = this.stack;
    return stack.length > 0 && stack[stack.length - 1]!.id < 0;
  }

  /** Open foreign elements (svg, math). */
  foreignOpen = 0;

  /** Is the current node a foreign element (svg, math)? */
  foreign(): boolean {
    const stack = this.stack;
    return this.foreignOpen > 0 && stack.length > 0 && (stack[stack.length - 1]!.flags & FOREIGN) !== 0;
  }

  /** An inline breakout start tag (tags.ts INLINE_BREAKOUT) while the current node is foreign: close it. */
  closeForeign(): void {
    this.closeFrom(this.stack.length - 1);
  }

  /** Is a `<p>` open? (Most block start tags close one: a test before the call.) */
  pOpen(): boolean {
    return this.pTag >= 0 && this.counts[this.pTag]! > 0;
  }

  /** The outermost muted entry (the hidden element or comment section that mutes the current position). */
  muteRoot(): BlockEntry | undefined {
    let e = this.stack[this.stack.length - 1];
    while (e?.parent?.muted) e = e.parent;
    return e;
  }

  /** Why an entry mutes what it holds, for messages. */
  describe(e: BlockEntry | undefined): string {
    return e === undefined ? '' : e.kind.comments ? ' (a comment section by its class/id)' : ' (hidden by its attributes)';
  }

  /** Is an element of this tag open? */
  isOpen(info: TagInfo): boolean {
    return this.counts[info.index]! > 0;
  }

  /**
   * A start tag's implied ends (the rules in the module comment), before it is pushed.
   * Returns true when the tag itself is to be ignored (a nested `<select>`).
   */
  impliedEnds(info: TagInfo, rule: boolean): boolean {
    const stack = this.stack, flags = info.flags;
    if (stack.length === 0) return false;
    const top = stack[stack.length - 1]!;
    if (top.flags & FOREIGN && flags & BREAKOUT) this.closeFrom(stack.length - 1);
    if (flags & CLOSES_P) this.closeInScope(this.pTag, Scope.Button);
    if (flags & HEADING) {
      const t = stack[stack.length - 1];
      if (t && t.flags & HEADING) this.closeFrom(stack.length - 1);
    }
    if (!rule) return false;
    switch (info.name) {
      case 'caption': case 'table': this.closeInScope(this.selectTag, Scope.Default); break;
      case 'li': this.closeItem(this.liTag, -1); break;
      case 'dd': case 'dt': this.closeItem(this.ddTag, this.dtTag); break;
      case 'td': case 'th': case 'tr': case 'tbody': case 'thead': case 'tfoot':
        this.closeInScope(this.selectTag, Scope.Default);
        this.closeTablePart(this.tablePart[info.index]!);
        break;
      case 'option': case 'optgroup': {
        const t = stack[stack.length - 1];
        if (t && t.tag === this.optionTag) this.closeFrom(stack.length - 1);
        break;
      }
      case 'button': this.closeInScope(this.buttonTag, Scope.Default); break;
      case 'select': return this.closeInScope(this.selectTag, Scope.Default);
      case 'input': case 'textarea': case 'keygen': this.closeInScope(this.selectTag, Scope.Default); break;
    }
    return false;
  }

  /** `<li>` / `<dd>`, `<dt>`: close the open item of that kind, not past a special element other than address, div, p. */
  private closeItem(a: number, b: number): void {
    const stack = this.stack;
    if (this.counts[a]! === 0 && (b < 0 || this.counts[b]! === 0)) return;
    for (let i = stack.length - 1; i >= 0; i--) {
      const e = stack[i]!;
      if (e.tag === a || e.tag === b) { this.closeFrom(i); return; }
      if (e.flags & SPECIAL && e.name !== 'address' && e.name !== 'div' && e.name !== 'p') return;
    }
  }

  /** A table part's start tag: close the open part of its kind (a cell, row or section), not past a table, row (for a cell) or section (for a cell or row). */
  private closeTablePart(part: number): void {
    const stack = this.stack, tablePart = this.tablePart, stop = 1 << part;
    for (let i = stack.length - 1; i >= 0; i--) {
      const tag = stack[i]!.tag;
      if (tablePart[tag] === part) { this.closeFrom(i); return; }
      if (this.tableStop[tag]! & stop) return;
    }
  }

  /** Close the nearest open element of tag `tag` if it is in `scope`; returns whether it was. */
  private closeInScope(tag: number, scope: Scope): boolean {
    if (tag < 0 || this.counts[tag]! === 0) return false;
    const stack = this.stack;
    for (let i = stack.length - 1; i >= 0; i--) {
      const e = stack[i]!;
      if (e.tag === tag) { this.closeFrom(i); return true; }
      if (this.bounds(e, scope)) return false;
    }
    return false;
  }

  /** Does `e` end the scope `scope`? */
  private bounds(e: BlockEntry, scope: Scope): boolean {
    switch (scope) {
      case Scope.Table: return e.name === 'table' || e.name === 'html' || e.name === 'template';
      case Scope.ListItem: return (e.flags & SCOPE) !== 0 || e.name === 'ol' || e.name === 'ul';
      case Scope.Button: return (e.flags & SCOPE) !== 0 || e.name === 'button';
      default: return (e.flags & SCOPE) !== 0;
    }
  }

  /** An end tag (not `</body>`, `</html>`): close its element by the rules of the module comment. */
  endTag(info: TagInfo): void {
    const stack = this.stack;
    const top = stack[stack.length - 1];
    if (top === undefined) return;
    if (top.tag === info.index) {
      // The current node (the common case): closed alone.
      stack.pop();
      if (top.id >= 0) this.elementEnd.set(top.id, this.elementParent.length);
      this.counts[top.tag]!--;
      if (top.flags & FOREIGN) this.foreignOpen--;
      return;
    }
    // An element that is not open (an inline element's end tag: they are not tracked) closes nothing, except a heading's.
    if (this.counts[info.index]! === 0 && !(info.flags & HEADING)) return;
    this.endTagBelow(info);
  }

  /** An end tag whose element is not the current node. */
  private endTagBelow(info: TagInfo): void {
    const stack = this.stack, flags = info.flags;
    if (flags & HEADING) {
      // Any open heading closes (`<h1>…</h2>`), if in scope.
      for (let i = stack.length - 1; i >= 0; i--) {
        const e = stack[i]!;
        if (e.flags & HEADING) { this.closeFrom(i); return; }
        if (e.flags & SCOPE) return;
      }
      return;
    }
    if (this.counts[info.index]! === 0) return;
    if (flags & FOREIGN) {
      // </svg>, </math>: what is open inside is foreign (its title, desc, … are not HTML's special elements).
      for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.tag === info.index) { this.closeFrom(i); return; }
    }
    if (!(flags & SPECIAL)) {
      // Any other end tag: the nearest element of that name, not past a special element.
      for (let i = stack.length - 1; i >= 0; i--) {
        const e = stack[i]!;
        if (e.tag === info.index) { this.closeFrom(i); return; }
        if (e.flags & SPECIAL) return;
      }
      return;
    }
    const name = info.name;
    const scope = name === 'li' ? Scope.ListItem : name === 'p' ? Scope.Button
      : name === 'td' || name === 'th' || name === 'tr' || name === 'tbody' || name === 'thead' || name === 'tfoot' || name === 'table' ? Scope.Table : Scope.Default;
    this.closeInScope(info.index, scope);
  }

  /**
   * Push an open element: a block element (with its path and words; muted inside a comment section
   * or hidden element) or a dropped element or one inside it. Others are not tracked.
   * `selfClosing`: the tag ended with `/>` (foreign elements are then empty).
   */
  push(info: TagInfo, src: string, attrs: TagAttributes, selfClosing: boolean): void {
    const flags = info.flags;
    if (flags & VOID) return;
    const stack = this.stack;
    const parent = stack[stack.length - 1];
    if ((parent !== undefined && parent.id < 0) || flags & DROP) {
      if (selfClosing && (flags & FOREIGN || parent?.flags & FOREIGN)) return;
      if (!(flags & (DROP | BLOCK | SPECIAL | FOREIGN))) return;
      stack.push(droppedEntry(parent, info.name, info.index, flags));
      this.counts[info.index]!++;
      if (flags & FOREIGN) this.foreignOpen++;
      return;
    }
    if (flags & BLOCK) this.pushBlock(info, src, attrs);
  }

  /** Push a block element (not void, not dropped, not inside a dropped element): {@link push}'s common case. */
  pushBlock(info: TagInfo, src: string, attrs: TagAttributes): void {
    const stack = this.stack;
    const parent = stack[stack.length - 1];
    // A value split by entities or chunks spans [from, to) of the source; decoding is not needed for a key.
    const kind = elementKind(info.name, info.hash, src, attrs.idHash, attrs.idRange, attrs.classHash, attrs.classRange, attrs.valueCheck());
    const id = this.elementParent.length;
    this.elementParent.push(parent ? parent.id + 1 : 0);
    this.elementEnd.push(0);
    this.elementTag.push(info.hash);
    this.elementSig.push(kind.sig);
    this.elementBase.push(kind.base);
    // A <dialog> without `open` is not rendered (the UA style sheet's dialog:not([open]) { display: none }).
    const drop = (this.dropComments && kind.comments) || (this.dropHidden && (attrs.hidden || (info.name === 'dialog' && !attrs.open)));
    stack.push(childEntry(parent, info.name, kind, drop, id, info.index, info.flags));
    this.counts[info.index]!++;
  }

  /** Close the stack's entries from `from` up: their subtrees end before the next element. */
  closeFrom(from: number): void {
    const stack = this.stack, next = this.elementParent.length;
    for (let i = from; i < stack.length; i++) {
      const e = stack[i]!;
      if (e.id >= 0) this.elementEnd.set(e.id, next);
      this.counts[e.tag]!--;
      if (e.flags & FOREIGN) this.foreignOpen--;
    }
    while (stack.length > from) stack.pop(); // (setting `length` is a slower builtin call)
  }

  /** A start tag (not muted) with these tag flags: enter its text context. */
  openContext(flags: number, name: string): void {
    if (flags & PRE) {
      this.preDepth++;
    } else if (flags & QUOTE) {
      this.quoteDepth++;
    } else if (flags & LIST_ITEM) {
      this.listItemDepth = (this.listStack[this.listStack.length - 1] ?? 0) + 1;
    } else if (flags & LIST) {
      this.listStack.push(this.listItemDepth);
      this.listOrdered.push(name === 'ol' ? 1 : 0);
    }
  }

  /** An end tag (not muted) with these tag flags: leave its text context. */
  closeContext(flags: number): void {
    if (flags & PRE && this.preDepth > 0) this.preDepth--;
    else if (flags & QUOTE && this.quoteDepth > 0) this.quoteDepth--;
    else if (flags & LIST_ITEM) this.listItemDepth = this.listStack[this.listStack.length - 1] ?? 0;
    else if (flags & LIST) {
      this.listItemDepth = this.listStack.pop() ?? 0;
      this.listOrdered.pop();
    }
  }

  /** Inside `<pre>`: the author's newlines are line breaks. */
  inPre(): boolean {
    return this.preDepth > 0;
  }

  /** Is text given context flags (inside pre, blockquote or a list item)? Checked before calling lineContext. */
  hasContext(): boolean {
    return (this.preDepth | this.quoteDepth | this.listItemDepth) !== 0;
  }

  /** A line's LineContext flags `context` with the text that now comes (`hasText`: the line already has some). */
  lineContext(context: number, hasText: boolean): number {
    if (this.preDepth > 0) context |= LineContext.Preformatted;
    if (this.quoteDepth > 0) context |= LineContext.Quote;
    if (this.listItemDepth > 0) {
      context |= LineContext.ListItem;
      // The nesting where the line's text starts (Markdown output indents and numbers items by it).
      if (!hasText && (context & LineContext.ListDepthMask) === 0) {
        context |= (Math.min(this.listItemDepth, 7) << LineContext.ListDepthShift) | (this.listOrdered[this.listOrdered.length - 1] ? LineContext.OrderedList : 0);
      }
    }
    return context;
  }

  /** The working arrays go back to the spares (after the table has copied them). */
  release(): void {
    if (spareCounts.length < 4 && this.counts.length > 0) spareCounts.push(this.counts);
    this.counts = NO_COUNTS;
    this.elementParent.release();
    this.elementEnd.release();
    this.elementTag.release();
    this.elementSig.release();
    this.elementBase.release();
  }
}
