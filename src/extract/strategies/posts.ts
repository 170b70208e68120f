/**
 * Stage `posts` of the forum strategy: a thread is a run of sibling posts, and the model path keeps one region, often the
 * first post alone. The run holding a chosen post line is kept whole: every text line of its items (authors, dates,
 * every reply), outside nav, aside, header, footer and form elements; always (`posts`), or only when the chosen lines hold
 * less than `postsShare` of the thread's characters (the model kept one post of many; elsewhere the whole run brings back
 * post counts and member titles the gold leaves out).
 *
 * A run is ≥ 3 sibling elements with the same tag, consecutive but for siblings without text between them (an ad slot
 * between two posts), and is a
 * run of posts when at least 3 of its items hold a line of `POST_LINE` characters and its items hold at least 2 text
 * lines each on average (a post has its author line and its text; a run of paragraphs has one line per item). The
 * innermost such run around a chosen line of `POST_LINE` characters is the thread. Under `postsShare`, when no chosen line
 * lies in one (the model kept a baseline footer: a topic page's feed of stories typed forum), the page's largest run of
 * posts that holds no other is the thread judged.
 */
import type { LineTable } from '../../core/types.js';
import { chosenStage, need, type Stage } from '../stages/types.js';
import { APART } from './main-element.js';

/** Characters of a line that is a post's text (not a name, a date or a button). */
const POST_LINE = 40;
/** Items a run of posts holds at least. */
const MIN_POSTS = 3;

/** A run of sibling posts: its items (elements of the tree, in order), and which elements lie in an APART element. */
interface Thread {
  readonly items: readonly number[];
  readonly apart: Uint8Array;
}

/** The page's runs of sibling elements, with what each element holds (module comment). */
interface Runs {
  /** Each run's items (elements of the tree, in order). */
  readonly runs: readonly (readonly number[])[];
  /** Per element: 1 + the index in `runs` of the run it is an item of (0: none). */
  readonly run: Int32Array;
  /** Per element: whether it lies in an APART element. */
  readonly apart: Uint8Array;
  /** Whether a run is a run of posts. */
  readonly isThread: (items: readonly number[]) => boolean;
}

/**
 * The page's runs of ≥ MIN_POSTS sibling elements of one tag (siblings without text between them do not break a run: an
 * ad slot between two posts), and the test of a run of posts; with `only`, a run of posts must hold a line of `only` not
 * chosen yet. Undefined without element tags.
 */
function siblingRuns(table: LineTable, chosen: Uint8Array, only?: Uint8Array): Runs | undefined {
  const tree = table.elements;
  if (!tree?.tag) return undefined;
  const { tag, parent, end, line } = tree;
  const m = tag.length;
  // Per element: text lines, whether it holds a post line and (with `only`) a line to add; apart[e]: e lies in an APART element.
  const lines = new Int32Array(m), post = new Uint8Array(m), adds = new Uint8Array(m), apart = new Uint8Array(m);
  for (let e = 0; e < m; e++) apart[e] = APART.has(tag[e]!) || (parent[e]! > 0 && apart[parent[e]! - 1] === 1) ? 1 : 0;
  for (let i = 0; i < table.count; i++) {
    if (table.contentChars[i]! === 0) continue;
    const isPost = table.contentChars[i]! >= POST_LINE, add = only !== undefined && only[i] === 1 && chosen[i] === 0;
    for (let e = line[i]! - 1; e >= 0; e = parent[e]! - 1) {
      lines[e]!++;
      if (isPost) post[e] = 1;
      if (add) adds[e] = 1;
    }
  }
  const run = new Int32Array(m), runs: number[][] = [];
  for (let p = -1; p < m; p++) {
    let c = p + 1;
    const stop = p < 0 ? m : end[p]!;
    while (c < stop) {
      if (lines[c] === 0) { c = end[c]!; continue; }
      const items = [c];
      let r = end[c]!;
      while (r < stop && (tag[r] === tag[c] || lines[r] === 0)) {
        if (lines[r]! > 0) items.push(r);
        r = end[r]!;
      }
      if (items.length >= MIN_POSTS) {
        runs.push(items);
        for (const e of items) run[e] = runs.length;
      }
      c = r;
    }
  }
  const isThread = (items: readonly number[]): boolean => {
    let posts = 0, n = 0, add = 0;
    for (const e of items) { posts += post[e]!; n += lines[e]!; add += adds[e]!; }
    return posts >= MIN_POSTS && n >= 2 * items.length && (only === undefined || add > 0);
  };
  return { runs, run, apart, isThread };
}

/**
 * The run of posts around the chosen lines (module comment), or undefined when no chosen line lies in one. With `only`,
 * the innermost run around a chosen post line that holds a line of `only` not chosen yet (a list inside the first post is
 * a run of posts too, and adds nothing).
 * @param chosen 1 per chosen line; not changed
 * @param r the page's runs (siblingRuns, with `only`)
 */
function threadAround(table: LineTable, chosen: Uint8Array, r: Runs): Thread | undefined {
  const { line, parent } = table.elements!;
  // The innermost run of posts around a chosen post line.
  for (let i = 0; i < table.count; i++) {
    if (!chosen[i] || table.contentChars[i]! < POST_LINE) continue;
    for (let e = line[i]! - 1; e >= 0; e = parent[e]! - 1) if (r.run[e]! > 0 && r.isThread(r.runs[r.run[e]! - 1]!)) return { items: r.runs[r.run[e]! - 1]!, apart: r.apart };
  }
  return undefined;
}

/**
 * The page's run of posts holding the most characters (items inside APART elements count none), of those whose items
 * hold no other run of posts (a page's layout divs are a run of three too); undefined when there is none.
 */
function largestThread(table: LineTable, r: Runs): Thread | undefined {
  const { line, parent } = table.elements!;
  const m = parent.length;
  // Characters of each element's subtree (pre-order: a child after its parent, so summed from the last element up).
  const chars = new Float64Array(m), nested = new Uint8Array(m);
  for (let i = 0; i < table.count; i++) if (line[i]! > 0) chars[line[i]! - 1]! += table.contentChars[i]!;
  for (let e = m - 1; e >= 0; e--) if (parent[e]! > 0) chars[parent[e]! - 1]! += chars[e]!;
  const threads = r.runs.map(r.isThread);
  r.runs.forEach((items, k) => {
    if (threads[k]) for (const e of items) for (let a = parent[e]! - 1; a >= 0; a = parent[a]! - 1) nested[a] = 1;
  });
  let best: readonly number[] | undefined, bestChars = 0;
  r.runs.forEach((items, k) => {
    if (!threads[k] || items.some((e) => nested[e] === 1)) return;
    let n = 0;
    for (const e of items) if (r.apart[e] === 0) n += chars[e]!;
    if (n > bestChars) { best = items; bestChars = n; }
  });
  return best ? { items: best, apart: r.apart } : undefined;
}

/**
 * `chosen` with the text lines of the thread around them added (outside nav, aside, header, footer and form elements), or
 * with `only` those lines of it that are 1 there (wherever they are: the model chose them); undefined when no chosen line
 * lies in a run of posts.
 * @param chosen 1 per chosen line; not changed
 * @param only 1 per line that may be added; absent: every text line
 */
export function threadLines(table: LineTable, chosen: Uint8Array, only?: Uint8Array, anywhere = false): Uint8Array | undefined {
  const r = siblingRuns(table, chosen, only);
  const t = r && (threadAround(table, chosen, r) ?? (anywhere ? largestThread(table, r) : undefined));
  if (!t) return undefined;
  const { line, end } = table.elements!;
  const first = t.items[0]!, last = end[t.items[t.items.length - 1]!]!;
  const inRun = (e: number): boolean => {
    // The item holding e: the last item starting at or before it (items are disjoint subtrees in document order).
    let lo = 0, hi = t.items.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (t.items[mid]! <= e) lo = mid; else hi = mid - 1; }
    return e < end[t.items[lo]!]!;
  };
  const out = chosen.slice();
  for (let i = 0; i < table.count; i++) {
    const e = line[i]! - 1;
    if (e < first || e >= last || table.contentChars[i]! === 0 || !inRun(e)) continue;
    if (only ? only[i] === 1 : t.apart[e] === 0) out[i] = 1;
  }
  return out;
}

/** Stage `posts`: the thread kept whole (`posts`), or when the model kept little of it (`postsShare`). */
export const postsStage: Stage = {
  id: 'posts', purpose: 'forum threads: the run of sibling posts around a chosen post is kept whole (authors, dates, every reply)',
  kept: 'in a post of the thread (a run of sibling posts around a chosen post line)',
  dropped: 'never drops a line',
  run({ table, options }, state) {
    if (!options.posts && options.postsShare <= 0) return {};
    const chosen = need(state, 'chosen', 'posts');
    // postsShare: when no chosen line lies in a thread (the model kept a footer), the page's largest thread is the one judged.
    const thread = threadLines(table, chosen, undefined, !options.posts && options.postsShare > 0);
    if (!thread || options.posts) return thread ? { chosen: thread } : {};
    // postsShare: the thread replaces the chosen lines only when they hold less than that share of its characters.
    let kept = 0, all = 0;
    for (let i = 0; i < table.count; i++) {
      if (chosen[i]) kept += table.contentChars[i]!;
      if (thread[i]) all += table.contentChars[i]!;
    }
    return kept < options.postsShare * all ? { chosen: thread } : {};
  },
};

/**
 * Stage `replies` (`replies`): the containers' cuts keep the post holding most of the chosen text and drop the replies
 * around it, which the model chose as well (the first post of a thread is a container of its own). The lines the
 * combination chose (`combined`) in the run of posts around the chosen lines come back: the replies' text, without the
 * member titles, join dates and post counts the model left out.
 */
export const repliesStage: Stage = chosenStage({
  id: 'replies', purpose: 'forum threads: the lines the model chose in the other posts of the thread come back after the container cuts',
  kept: 'chosen by the model in another post of the thread (a run of sibling posts around the chosen lines)',
  dropped: 'never drops a line',
}, (o) => o.replies, (table, chosen, _o, state) => threadLines(table, chosen, need(state, 'combined', 'replies')));
