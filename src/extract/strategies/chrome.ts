/**
 * The page's chrome (issue 35: listings, collections): its nav, aside, header and footer elements hold the site's menus,
 * legal text and newsletter boxes, never a grid's or a list's items. A `<header>` or `<footer>` inside an article, section
 * or main element is that part's own (a card's header, HTML's sectioning rule), not the page's. On a routed page the
 * model's lines inside the page's chrome are dropped (`dropChrome`): the model path keeps footers and menus DANA's
 * regions run into (docs/decisions.md, "Page types").
 * The element tree only (no DOM): parents and tag hashes of `LineTable.elements`.
 */
import type { ElementTree, LineTable } from '../../core/types.js';
import { nameHash } from '../../html/tags.js';
import { need, type Stage } from '../stages/types.js';
import { muteMask, spareLine } from '../stages/mute.js';

const MAIN = nameHash('main'), NAV = nameHash('nav'), ASIDE = nameHash('aside'), HEADER = nameHash('header'), FOOTER = nameHash('footer');
/** Elements whose `<header>` and `<footer>` are their own, not the page's. */
const SECTIONING: ReadonlySet<number> = new Set(['article', 'section', 'main'].map(nameHash));

/**
 * Per element, 1 when it is (or lies in) the page's chrome: a nav or aside element, or a header or footer element
 * outside every article, section and main element. Elements come in pre-order (a parent before its children).
 */
export function chromeElements(tree: Required<Pick<ElementTree, 'tag' | 'parent'>>): Uint8Array {
  const { tag, parent } = tree;
  const n = tag.length;
  // 1 for an element holding the page's main element: never chrome, though its tag says so (an aside left open before
  // <main> is a parse artefact), but for the chrome elements inside it.
  const holdsMain = new Uint8Array(n);
  for (let e = n - 1; e >= 0; e--) {
    const p = parent[e]! - 1;
    if (p >= 0 && (tag[e] === MAIN || holdsMain[e] === 1)) holdsMain[p] = 1;
  }
  const chrome = new Uint8Array(n);
  // 1 for an element inside an article, section or main element.
  const sectioned = new Uint8Array(n);
  for (let e = 0; e < n; e++) {
    const p = parent[e]! - 1, h = tag[e]!;
    if (p >= 0) {
      chrome[e] = chrome[p]!;
      sectioned[e] = sectioned[p]! === 1 || SECTIONING.has(tag[p]!) ? 1 : 0;
    }
    if (holdsMain[e] === 1) chrome[e] = 0;
    else if (h === NAV || h === ASIDE || ((h === HEADER || h === FOOTER) && sectioned[e] === 0)) chrome[e] = 1;
  }
  return chrome;
}

/** Per line, 1 for a line holding text inside the page's chrome; undefined without element tags. */
export function chromeLines(table: LineTable): Uint8Array | undefined {
  const tree = table.elements;
  if (!tree?.tag) return undefined;
  const chrome = chromeElements({ tag: tree.tag, parent: tree.parent });
  const out = new Uint8Array(table.count);
  for (let i = 0; i < table.count; i++) {
    const e = tree.line[i]! - 1;
    if (e >= 0 && chrome[e] === 1 && table.contentChars[i]! > 0) out[i] = 1;
  }
  return out;
}

/** Stage `chrome`: the chosen lines inside the page's nav, aside, header and footer elements are dropped (`dropChrome`). */
export const chromeStage: Stage = {
  id: 'chrome', purpose: "the page's chrome dropped: chosen lines in its nav, aside, header and footer (not an article's or section's own) (dropChrome)",
  kept: '',
  dropped: "in the page's nav, aside, header or footer (its chrome), dropped on a routed page",
  run({ table, options }, state) {
    const chosen = need(state, 'chosen', 'chrome');
    if (!options.dropChrome) return {};
    const chrome = chromeLines(table);
    if (!chrome) return {};
    let any = false;
    for (let i = 0; i < chosen.length && !any; i++) any = chosen[i] === 1 && chrome[i] === 1;
    if (!any) return {};
    const out = Uint8Array.from(chosen);
    for (let i = 0; i < out.length; i++) if (chrome[i]) out[i] = 0;
    return { chosen: out };
  },
};

/**
 * Stage `remute`: the learned mute (stages/mute.ts) once more, over the final lines (`remute`): the repeated items and the
 * body fallback join after the first mute and bring its class words' blocks back (a share bar in every card, a div-built
 * footer).
 */
export const remuteStage: Stage = {
  id: 'remute', purpose: "the learned mute once more, after the repeated items and the body fallback joined (remute)",
  kept: '', dropped: 'muted after the repeated items joined: a class/id word whose block carried the article on few of the training pages',
  run(page, state) {
    const chosen = need(state, 'chosen', 'remute');
    if (!page.options.remute) return {};
    const muted = muteMask(page.table, page.model, chosen, page.options, spareLine(page, state));
    if (!muted) return {};
    const out = Uint8Array.from(chosen);
    for (let i = 0; i < out.length; i++) if (muted[i]) out[i] = 0;
    return { chosen: out };
  },
};
