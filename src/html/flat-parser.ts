/**
 * htmlparser2's event `Parser` with its open-element stack kept top-last: the library keeps the top at index 0
 * (`unshift`/`shift`, a copy of the whole stack per element) and finds an end tag's element with `indexOf`, so
 * 600,000 unclosed `<b>` took minutes (quadratic in the depth). Here an open element is a push, a close a pop,
 * whether a name is open one map look-up: every step is O(1) but the pops an end tag implies. The events are
 * htmlparser2's, unchanged (test/faults/deep-pages.test.ts compares them on generated markup), but one: a `<![CDATA[`
 * in HTML content is a bogus comment ending at the next `>`, as browsers read it (html/lines.ts `cdataSection`);
 * htmlparser2 12 reads a CDATA section to `]]>`, so a stray `<![CDATA[` hid the rest of a page (a forum's whole body).
 */
import { Parser, type Handler, type ParserOptions } from 'htmlparser2';

/** The stack as Parser uses it (`[0]` the top, `length`, `includes`, `indexOf`, `unshift`, `shift`), stored top-last. */
class TopFirstStack<T> {
  /** The top, as Parser reads it on every tag: an own data property kept current (V8 reads an indexed getter slowly). */
  0: T | undefined = undefined;
  private readonly items: T[] = [];
  private readonly open = new Map<T, number>();
  get length(): number { return this.items.length; }
  set length(n: number) { // Parser only empties it (reset)
    while (this.items.length > n) this.shift();
  }
  /** The element `k` places below the top. */
  at(k: number): T | undefined { return this.items[this.items.length - 1 - k]; }
  includes(name: T): boolean { return (this.open.get(name) ?? 0) > 0; }
  /** How far below the top the nearest `name` is; −1 when none is open (one look-up). */
  indexOf(name: T): number {
    if (!this.includes(name)) return -1;
    for (let k = this.items.length - 1; ; k--) if (this.items[k] === name) return this.items.length - 1 - k;
  }
  unshift(name: T): number {
    this.items.push(name);
    this[0] = name;
    this.open.set(name, (this.open.get(name) ?? 0) + 1);
    return this.items.length;
  }
  shift(): T | undefined {
    const name = this.items.pop();
    this[0] = this.items[this.items.length - 1];
    if (name !== undefined) this.open.set(name, this.open.get(name)! - 1);
    return name;
  }
}

/** Parser internals replaced here (private in its types). */
interface ParserInternals { stack: unknown; foreignContext: unknown; cbs: Partial<Handler>; endIndex: number; startIndex: number; tokenizer: TokenizerInternals }
/** The tokenizer's step through `CDATA[` after `<![`, and how much of it matched. */
interface TokenizerInternals { stateCDATASequence(c: number): void; sequenceIndex: number; xmlMode: boolean }

/** An htmlparser2 Parser whose open-element stacks cost O(1) per element (module comment). */
export class FlatParser extends Parser {
  constructor(handler: Partial<Handler>, options?: ParserOptions) {
    super(handler, options);
    const self = this as unknown as ParserInternals;
    const foreign = new TopFirstStack<unknown>();
    for (const c of (self.foreignContext as unknown[]).slice().reverse()) foreign.unshift(c);
    self.stack = new TopFirstStack<string>();
    self.foreignContext = foreign;
    // `<![CDATA[` opens a section only in foreign content (svg, math); elsewhere it is a bogus comment, ended by `>`:
    // its "[" is handed on as another character, which sends the tokenizer to its bogus-comment state.
    const tokenizer = self.tokenizer;
    const cdataStep = tokenizer.stateCDATASequence.bind(tokenizer);
    tokenizer.stateCDATASequence = (c: number): void => {
      const opens = c === 0x5b && tokenizer.sequenceIndex === 5; // the "[" after "CDATA"
      cdataStep(opens && !tokenizer.xmlMode && !this.isInForeignContext() ? 0x20 : c);
    };
  }

  /** The elements still open close at the end, top first, as Parser.onend does by index. */
  override onend(): void {
    const self = this as unknown as ParserInternals;
    const stack = self.stack as TopFirstStack<string>;
    if (self.cbs.onclosetag) {
      self.endIndex = self.startIndex;
      for (let k = 0; k < stack.length; k++) self.cbs.onclosetag(stack.at(k)!, true);
    }
    self.cbs.onend?.();
  }
}
