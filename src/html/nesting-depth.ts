/**
 * How deeply a page nests its elements, measured in one linear pass of
 * htmlparser2's bare `Tokenizer` (no tree, no stack of names).
 *
 * Why: DOM-based code (htmlparser2's `Parser`, which keeps its open elements
 * in an array it `unshift`s and `shift`s) costs O(depth) per tag, so a hostile
 * page of 100 000 nested `<div>`s, or 2 million unclosed `<b>`s, takes minutes
 * and overflows recursive tree walks. Callers check the depth first and refuse
 * such pages (`ROBUSTNESS_LIMITS.domMaxDepth`).
 *
 * The count: +1 at every start tag that opens an element, −1 at every end tag
 * (never below 0). Not counted: void elements (no content) and elements that a
 * following sibling closes implicitly (`<p>`, `<li>`, `<td>`, `<option>`, …),
 * which browsers and htmlparser2 never nest. Inline elements left open
 * (`<b>`, `<font>`) are counted: the parser keeps them open too. The result is
 * an estimate of the parser's stack depth, exact for well-formed pages.
 */
import { Tokenizer } from 'htmlparser2';

/** Elements without content: never open. */
const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen',
  'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

/** Elements a following sibling closes implicitly (HTML "optional end tags"). */
const SELF_CLOSING_SIBLINGS: ReadonlySet<string> = new Set([
  'p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'rt', 'rp', 'colgroup', 'caption',
]);

/**
 * The deepest element nesting of a page, counting stops once `cap` is exceeded.
 * @param html decoded page source
 * @param cap stop counting above this depth (default: no cap)
 * @returns the estimated maximum depth (see the module comment), at most `cap + 1`
 */
export function nestingDepth(html: string, cap = Infinity): number {
  let depth = 0;
  let max = 0;
  let opens = false;
  const open = (): void => {
    if (!opens) return;
    depth++;
    if (depth > max) max = depth;
    if (max > cap) tokenizer.pause();
  };
  const tokenizer = new Tokenizer({ decodeEntities: false }, {
    onattribdata() {}, onattribentity() {}, onattribend() {}, onattribname() {}, ontextentity() {}, onend() {},
    oncdata() {}, oncomment() {}, ondeclaration() {}, onprocessinginstruction() {}, ontext() {},
    onopentagname(s, e) {
      const name = html.slice(s, e).toLowerCase();
      opens = !VOID_ELEMENTS.has(name) && !SELF_CLOSING_SIBLINGS.has(name);
    },
    onopentagend: open,
    // `<div/>` opens a div in HTML (the slash is ignored), as the Parser does.
    onselfclosingtag: open,
    onclosetag(s, e) {
      const name = html.slice(s, e).toLowerCase();
      if (depth > 0 && !VOID_ELEMENTS.has(name) && !SELF_CLOSING_SIBLINGS.has(name)) depth--;
    },
  });
  tokenizer.write(html);
  if (max <= cap) tokenizer.end();
  return max;
}
