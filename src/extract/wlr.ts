/**
 * Word-to-leaf ratio with link attributes (seed 001, Chandramma et al., after
 * Insa, Silva & Tamarit's words/leafs ratio and Bhardwaj & Mangat 2014).
 * A DOM method: not on the hot path, so it builds htmlparser2's DOM.
 *
 * Steps and the readings chosen where the seed's equations are garbled:
 *
 * 1. DOM of the page (`parseDocument`).
 * 2. Noisy nodes removed: title, script, head, meta, style, noscript, link,
 *    select, comments (the seed's list) plus the never-rendered elements of
 *    `LINE_DEFAULTS.dropElements`; then every element with no words.
 * 3. Eq. 1: WLR(n) = tw(n) / l(n), tw(n) = words of the text in n's subtree,
 *    l(n) = leaves of n's subtree. Reading: after step 2 only text nodes with
 *    words are leaves (empty elements such as `<img>` were removed), so l(n) is
 *    the number of non-empty text nodes below n. Words: `countWords` (CJK
 *    characters count one each, so the method stays language independent).
 * 4. Eq. 2: I = { n : WLR(n) ≥ √(max_WLR · WLR(root)) }, a geometric mean of the
 *    page's densest node and the whole page. Only elements are scored; the
 *    root is the document (its WLR = the page's words / leaves).
 * 5. TLR(n) = text length / number of links (`<a>` elements in the subtree).
 *    Reading for 0 links: divide by max(1, links).
 * 6. TLTR(n) = text length / link-text length. Reading for no link text:
 *    divide by max(1, link-text length). Lengths are characters after
 *    white-space collapsing.
 * 7. Eq. 3: W(n) = (TLR(n) + TLTR(n)) / a, with the normalising factor
 *    a = max over the candidates (step 9) of (TLR + TLTR), so W ∈ [0, 1].
 * 8. Eq. 4–7: w(n) = I_pos(n) · I_WLR(n) for n ∈ I, else 0, with
 *    I_pos(n) = 1 − (id(n) − min_id) / (max_id − min_id) (ids in document order,
 *    min/max over I; 1 when I has one node) and
 *    I_WLR(n) = (WLR(n) − min_WLR) / (max_WLR − min_WLR) (min/max over all nodes
 *    of step 3; 1 when they are equal). Eq. 4 is printed as
 *    "R(n) = WLR(n) × [max_{n ∈ Children(n)} w(n), Σ R(n_i)]"; we read the bracket as
 *    max(w(n), Σ_{children c} R(c)) — the node keeps its own weight or the
 *    relevance gathered by its children, whichever is larger. Option
 *    `relevance`: `product` keeps the printed WLR(n) factor; `max` (default)
 *    drops it, which is Insa et al.'s hierarchical relevance; `normalised`
 *    multiplies by I_WLR(n) instead. Why `max`: WLR(n) ≥ 1 for every node, so
 *    with the factor R only grows towards the root — among all nodes the root
 *    always wins (the extraction equals `plain`), and among I alone the winner
 *    is a single dense paragraph (dragnet, 300 pages, bag-of-words F1: product
 *    over I 0.469, product over all 0.485 = plain, max over I 0.500, normalised
 *    over all 0.447, max over all 0.656).
 * 9. Selection: the candidate maximising 0.7 · R̂(n) + 0.3 · W(n), R̂ = R / max
 *    over the candidates of R (so both terms lie in [0, 1] and the weights mean
 *    what they say). Candidates (option `candidates`): `all` (default) every
 *    node with words, with W computed for all of them; `initial` the nodes of
 *    I, as steps 5–6 literally say. R is cumulative, so the root has R̂ = 1 and
 *    W (few links, little link text) is what pulls the choice down to the
 *    article's container. Ties go to the lower id (the seed: "the node with
 *    lower identifier").
 * 10. Output: the visible text of the selected node, one paragraph per block.
 */
import { parseDocument } from 'htmlparser2';
// Types only: domhandler is the DOM htmlparser2's `parseDocument` returns.
import type { ChildNode, Element } from 'domhandler';
import { LINE_DEFAULTS, ROBUSTNESS_LIMITS, WLR_DEFAULTS } from '../core/defaults.js';
import { InputError } from '../core/errors.js';
import { nestingDepth } from '../html/nesting-depth.js';
import type { Extraction } from '../core/types.js';
import { BLOCK_ELEMENTS } from './block-elements.js';
import { collapsedLength, countWords } from './words.js';

/** WLR parameters (defaults: `WLR_DEFAULTS`). */
export interface WlrOptions {
  readonly relevanceWeight?: number;
  readonly linkWeight?: number;
  readonly relevance?: 'product' | 'max' | 'normalised';
  readonly candidates?: 'initial' | 'all';
}

/** Step 2's noisy elements: the seed's list plus the never-rendered elements. */
const NOISY_ELEMENTS: ReadonlySet<string> = new Set([
  'title', 'script', 'head', 'meta', 'style', 'noscript', 'link', 'select', ...LINE_DEFAULTS.dropElements,
]);

/** Per-element statistics in document (pre-)order; index = id(n). */
export interface WlrNodes {
  readonly count: number;
  readonly element: readonly Element[];
  readonly parent: Int32Array;
  readonly words: Float64Array;
  readonly leaves: Float64Array;
  readonly textLength: Float64Array;
  readonly links: Float64Array;
  readonly linkTextLength: Float64Array;
  /** Root (whole document) totals. */
  readonly rootWords: number;
  readonly rootLeaves: number;
}

/**
 * Steps 1–2: parse and collect per-element counts for every element that has
 * words and is not noisy. Ids follow document order.
 * @param html decoded page source.
 * @throws InputError when the page nests deeper than `ROBUSTNESS_LIMITS.domMaxDepth`
 *   (building and walking its DOM would take quadratic time and overflow the stack).
 */
export function collectWlrNodes(html: string): WlrNodes {
  const limit = ROBUSTNESS_LIMITS.domMaxDepth;
  if (nestingDepth(html, limit) > limit) {
    throw new InputError(`page nests elements deeper than ${limit} levels: too deep for the DOM-based wlr extractor (use a line-based one, e.g. addanag)`);
  }
  const doc = parseDocument(html, { decodeEntities: true, lowerCaseTags: true });
  const raw: RawNodes = { element: [], parent: [], words: [], leaves: [], textLength: [], links: [], linkText: [] };
  const total = visitWlrNodes(raw, doc.children, -1, false);
  return { ...compactWlrNodes(raw), rootWords: total[0], rootLeaves: total[1] };
}

/** Every non-noisy element's counts, in document order (elements without words too). */
interface RawNodes {
  readonly element: Element[];
  readonly parent: number[];
  readonly words: number[];
  readonly leaves: number[];
  readonly textLength: number[];
  readonly links: number[];
  readonly linkText: number[];
}

/**
 * Collect the elements of `nodes` and their subtrees into `raw`, skipping noisy ones.
 * @returns the totals of the subtree: [words, leaves, textLength, links, linkTextLength]
 */
function visitWlrNodes(raw: RawNodes, nodes: readonly ChildNode[], parentId: number, inLink: boolean): [number, number, number, number, number] {
  const acc: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const node of nodes) {
    if (node.type === 'text') {
      const w = countWords(node.data);
      if (w > 0) {
        const len = collapsedLength(node.data);
        acc[0] += w;
        acc[1] += 1;
        acc[2] += len;
        if (inLink) acc[4] += len;
      }
    } else if (node.type === 'tag') {
      const el = node as Element;
      const name = el.name;
      if (NOISY_ELEMENTS.has(name)) continue;
      const id = raw.element.length;
      raw.element.push(el);
      raw.parent.push(parentId);
      raw.words.push(0);
      raw.leaves.push(0);
      raw.textLength.push(0);
      raw.links.push(0);
      raw.linkText.push(0);
      const isLink = name === 'a';
      const sub = visitWlrNodes(raw, el.children, id, inLink || isLink);
      if (isLink) sub[3] += 1;
      raw.words[id] = sub[0];
      raw.leaves[id] = sub[1];
      raw.textLength[id] = sub[2];
      raw.links[id] = sub[3];
      raw.linkText[id] = sub[4];
      for (let j = 0; j < 5; j++) acc[j]! += sub[j]!;
    }
  }
  return acc;
}

/** The elements with words, ids and parents remapped (document order is kept). */
function compactWlrNodes(raw: RawNodes): Omit<WlrNodes, 'rootWords' | 'rootLeaves'> {
  const { element, parent, words, leaves, textLength, links, linkText } = raw;
  const newId = new Int32Array(element.length).fill(-1);
  let n = 0;
  for (let i = 0; i < element.length; i++) if (words[i]! > 0) newId[i] = n++;
  const out = {
    element: [] as Element[],
    parent: new Int32Array(n),
    words: new Float64Array(n),
    leaves: new Float64Array(n),
    textLength: new Float64Array(n),
    links: new Float64Array(n),
    linkTextLength: new Float64Array(n),
  };
  for (let i = 0; i < element.length; i++) {
    const j = newId[i]!;
    if (j < 0) continue;
    out.element.push(element[i]!);
    // A word-bearing element's parent also has words, so its id survives.
    out.parent[j] = parent[i]! >= 0 ? newId[parent[i]!]! : -1;
    out.words[j] = words[i]!;
    out.leaves[j] = leaves[i]!;
    out.textLength[j] = textLength[i]!;
    out.links[j] = links[i]!;
    out.linkTextLength[j] = linkText[i]!;
  }
  return { count: n, ...out };
}

/** Scores of every node: WLR, membership of I, W, R and the selection score. */
export interface WlrScores {
  readonly wlr: Float64Array;
  /** 1 when the node is in the initial set I (eq. 2). */
  readonly inInitial: Uint8Array;
  readonly weight: Float64Array;
  readonly relevance: Float64Array;
  /** 0.7 R̂ + 0.3 W for candidate nodes, −1 elsewhere. */
  readonly score: Float64Array;
  /** Id of the selected node, −1 when the page has no words. */
  readonly selected: number;
}

/**
 * Steps 3–9 on collected nodes (see the module comment for each reading).
 * @param nodes from `collectWlrNodes`.
 * @param options weights of step 9 and the eq. 4 reading.
 */
export function scoreWlrNodes(nodes: WlrNodes, options: WlrOptions = {}): WlrScores {
  const o = { ...WLR_DEFAULTS, ...options };
  const n = nodes.count;
  const wlr = new Float64Array(n);
  let maxWlr = 0;
  let minWlr = Infinity;
  for (let i = 0; i < n; i++) {
    wlr[i] = nodes.words[i]! / nodes.leaves[i]!; // eq. 1 (leaves ≥ 1 since words > 0)
    if (wlr[i]! > maxWlr) maxWlr = wlr[i]!;
    if (wlr[i]! < minWlr) minWlr = wlr[i]!;
  }
  const rootWlr = nodes.rootLeaves > 0 ? nodes.rootWords / nodes.rootLeaves : 0;
  const initial = initialSet(wlr, Math.sqrt(maxWlr * rootWlr)); // eq. 2
  const inInitial = initial.inInitial;
  const isCandidate = (i: number): boolean => o.candidates === 'all' || inInitial[i] === 1;
  const weight = linkWeights(nodes, isCandidate);
  const relevance = relevances(nodes, wlr, initial, minWlr, maxWlr, o.relevance);
  let maxR = 0;
  for (let i = 0; i < n; i++) if (isCandidate(i) && relevance[i]! > maxR) maxR = relevance[i]!;
  const score = new Float64Array(n).fill(-1);
  let selected = -1;
  for (let i = 0; i < n; i++) {
    if (!isCandidate(i)) continue;
    const rHat = maxR > 0 ? relevance[i]! / maxR : 0;
    score[i] = o.relevanceWeight * rHat + o.linkWeight * weight[i]!;
    if (selected < 0 || score[i]! > score[selected]!) selected = i; // strict: ties keep the lower id
  }
  return { wlr, inInitial, weight, relevance, score, selected };
}

/** Eq. 2's initial set I: the nodes whose WLR reaches `cut`, and the first and last of their ids (−1: none). */
function initialSet(wlr: Float64Array, cut: number): { inInitial: Uint8Array; minId: number; maxId: number } {
  const inInitial = new Uint8Array(wlr.length);
  let minId = -1;
  let maxId = -1;
  for (let i = 0; i < wlr.length; i++) {
    if (wlr[i]! >= cut) {
      inInitial[i] = 1;
      if (minId < 0) minId = i;
      maxId = i;
    }
  }
  return { inInitial, minId, maxId };
}

/** Steps 5–7: W(n) = (TLR + TLTR) / a for the candidate nodes (0 elsewhere), a the largest. */
function linkWeights(nodes: WlrNodes, isCandidate: (i: number) => boolean): Float64Array {
  const n = nodes.count;
  const weight = new Float64Array(n);
  let a = 0;
  for (let i = 0; i < n; i++) {
    if (!isCandidate(i)) continue;
    const tlr = nodes.textLength[i]! / Math.max(1, nodes.links[i]!);
    const tltr = nodes.textLength[i]! / Math.max(1, nodes.linkTextLength[i]!);
    weight[i] = tlr + tltr;
    if (weight[i]! > a) a = weight[i]!;
  }
  if (a > 0) for (let i = 0; i < n; i++) weight[i] = weight[i]! / a;
  return weight;
}

/** Eq. 4–7, bottom-up: children have larger ids than their parent, so a reverse sweep suffices. */
function relevances(nodes: WlrNodes, wlr: Float64Array, initial: { inInitial: Uint8Array; minId: number; maxId: number }, minWlr: number, maxWlr: number,
  reading: NonNullable<WlrOptions['relevance']>): Float64Array {
  const n = nodes.count, { inInitial, minId, maxId } = initial;
  const relevance = new Float64Array(n);
  const childSum = new Float64Array(n);
  const wlrRange = maxWlr - minWlr;
  const idRange = maxId - minId;
  for (let i = n - 1; i >= 0; i--) {
    let w = 0;
    if (inInitial[i] === 1) {
      const iPos = idRange > 0 ? 1 - (i - minId) / idRange : 1; // eq. 6
      w = iPos * (wlrRange > 0 ? (wlr[i]! - minWlr) / wlrRange : 1); // eq. 5, eq. 7
    }
    const m = Math.max(w, childSum[i]!);
    const iWlr = wlrRange > 0 ? (wlr[i]! - minWlr) / wlrRange : 1;
    relevance[i] = reading === 'product' ? wlr[i]! * m : reading === 'normalised' ? iWlr * m : m; // eq. 4
    const p = nodes.parent[i]!;
    if (p >= 0) childSum[p] = childSum[p]! + relevance[i]!;
  }
  return relevance;
}

/**
 * Extract the main content with the word-to-leaf-ratio method.
 * @param html decoded page source.
 * @param options step-9 weights and the eq. 4 reading.
 * @returns the selected node's visible text; `blocks` is empty, `lineCount` = candidate elements.
 */
export function extractWlr(html: string, options: WlrOptions = {}): Extraction {
  const nodes = collectWlrNodes(html);
  const scores = scoreWlrNodes(nodes, options);
  const text = scores.selected < 0 ? '' : elementText(nodes.element[scores.selected]!);
  return { method: 'wlr', blocks: [], text, lineCount: nodes.count };
}

const WHITESPACE_RUN = /\s+/g;

/** Visible text of an element: one paragraph per block element, white space collapsed, noisy elements skipped. */
function elementText(root: Element): string {
  const lines: string[] = [];
  let current = '';
  const breakLine = (): void => {
    const t = current.replace(WHITESPACE_RUN, ' ').trim();
    if (t.length > 0) lines.push(t);
    current = '';
  };
  const walk = (nodes: readonly ChildNode[]): void => {
    for (const node of nodes) {
      if (node.type === 'text') current += node.data;
      else if (node.type === 'tag') {
        const el = node as Element;
        if (NOISY_ELEMENTS.has(el.name)) continue;
        const block = BLOCK_ELEMENTS.has(el.name);
        if (block) breakLine();
        walk(el.children);
        if (block) breakLine();
      }
    }
  };
  walk([root]);
  breakLine();
  return lines.join('\n');
}
