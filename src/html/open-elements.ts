/**
 * The open elements around the current position: a stack of open block elements (each with its
 * structural path and class/id words; muted inside a dropped comment section or hidden element),
 * the block-element tree (LineTable.elements), and the context flags of text (inside pre,
 * blockquote, a list item and how deep).
 */
import { LineContext } from '../core/types.js';
import { U32Column } from '../core/u32-column.js';
import { childEntry, elementKind, type BlockEntry } from './structure.js';
import type { TagAttributes } from './drops.js';
import { IMPLIED, LIST, LIST_ITEM, PRE, QUOTE } from './tags.js';

export class OpenElements {
  /** Structural stack of open block elements: name and a key of name + id + class. */
  private readonly blocks: BlockEntry[] = [];
  /** Block-element tree (LineTable.elements): parent + 1 (0: root) and subtree end of each element. */
  readonly elementParent = new U32Column(64, true);
  readonly elementEnd = new U32Column(64, true);
  /** Per element: the FNV-1a hash of its lower-case tag name (ElementTree.tag, tags.ts nameHash). */
  readonly elementTag = new U32Column(64, true);
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

  /** @param classTokens entries keep their class/id words; @param dropComments / dropHidden: LineOptions */
  constructor(private readonly classTokens: boolean, private readonly dropComments: boolean, private readonly dropHidden: boolean) {}

  /** The innermost open block element. */
  top(): BlockEntry | undefined {
    return this.blocks[this.blocks.length - 1];
  }

  /** Inside a comment section or hidden element being dropped? */
  muted(): boolean {
    const stack = this.blocks;
    return stack.length > 0 && stack[stack.length - 1]!.muted;
  }

  /**
   * Push an open block element (a sibling p/li/td/… implicitly closes the previous one).
   * `flags`, `hash`: its tag table entry; `attrs`: its start tag's attributes.
   */
  push(name: string, flags: number, hash: number, src: string, attrs: TagAttributes): void {
    const stack = this.blocks;
    if (flags & IMPLIED && stack.length > 0 && stack[stack.length - 1]!.name === name) this.closeFrom(stack.length - 1);
    // A value split by entities or chunks spans [from, to) of the source; decoding is not needed for a key.
    const kind = elementKind(name, hash, src, attrs.idHash, attrs.idRange, attrs.classHash, attrs.classRange);
    const parent = stack[stack.length - 1];
    const id = this.elementParent.length;
    this.elementParent.push(parent ? parent.id + 1 : 0);
    this.elementEnd.push(0);
    this.elementTag.push(hash);
    const drop = (this.dropComments && kind.comments) || (this.dropHidden && attrs.hidden);
    stack.push(childEntry(parent, name, kind, this.classTokens, drop, id));
  }

  /** Close the stack's entries from `from` up: their subtrees end before the next element. */
  closeFrom(from: number): void {
    const stack = this.blocks, next = this.elementParent.length;
    for (let i = from; i < stack.length; i++) this.elementEnd.set(stack[i]!.id, next);
    while (stack.length > from) stack.pop(); // (setting `length` is a slower builtin call)
  }

  /** Pop the stack down to the nearest open `name` (within a few levels). */
  pop(name: string): void {
    const stack = this.blocks;
    for (let i = stack.length - 1; i >= 0 && i >= stack.length - 8; i--) {
      if (stack[i]!.name === name) { this.closeFrom(i); return; }
    }
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
    this.elementParent.release();
    this.elementEnd.release();
    this.elementTag.release();
  }
}
