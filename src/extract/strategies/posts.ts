/**
 * Stage `posts` of the forum strategy: a thread is a run of sibling posts, and the model path keeps one region, often the
 * first post alone. The run holding a chosen post line is kept whole: every text line of its items (authors, dates,
 * every reply), outside nav, aside, header, footer and form elements; always (`posts`), or only when the chosen lines hold
 * less than `postsShare` of the thread's characters (the model kept one post of many; elsewhere the whole run brings back
 * post counts and member titles the gold leaves out).
 *
 * A run is ≥ 3 consecutive sibling elements with the same tag (features/page-type.ts counts the same runs), and is a
 * run of posts when at least 3 of its items hold a line of `POST_LINE` characters and its items hold at least 2 text
 * lines each on average (a post has its author line and its text; a run of paragraphs has one line per item). The
 * innermost such run around a chosen line of `POST_LINE` characters is the thread.
 */
import type { LineTable } from '../../core/types.js';
import { need, type Stage } from '../stages/types.js';
import { APART } from './main-element.js';

/** Characters of a line that is a post's text (not a name, a date or a button). */
const POST_LINE = 40;
/** Items a run of posts holds at least. */
const MIN_POSTS = 3;

/**
 * The lines of the thread around the chosen lines (module comment), or undefined when no chosen line lies in a run of posts.
 * @param chosen 1 per chosen line; not changed
 */
export function threadLines(table: LineTable, chosen: Uint8Array): Uint8Array | undefined {
  const tree = table.elements;
  if (!tree?.tag) return undefined;
  const { tag, parent, end, line } = tree;
  const m = tag.length;
  // item[e]: 1 + the first item of the run e is an item of (0: none); apart[e]: e lies in an APART element.
  const item = new Int32Array(m), apart = new Uint8Array(m);
  for (let e = 0; e < m; e++) apart[e] = APART.has(tag[e]!) || (parent[e]! > 0 && apart[parent[e]! - 1] === 1) ? 1 : 0;
  for (let p = -1; p < m; p++) {
    let c = p + 1;
    const stop = p < 0 ? m : end[p]!;
    while (c < stop) {
      let r = c, len = 0;
      while (r < stop && parent[r]! === p + 1 && tag[r] === tag[c]) { len++; r = end[r]!; }
      if (len >= MIN_POSTS) for (let e = c; e < r; e = end[e]!) item[e] = c + 1;
      c = r === c ? end[c]! : r;
    }
  }
  // Per item: text lines and whether it holds a post line; per run (by its first item): items with a post line, lines, items.
  const itemLines = new Int32Array(m), itemPost = new Uint8Array(m);
  for (let i = 0; i < table.count; i++) {
    if (table.contentChars[i]! === 0) continue;
    for (let e = line[i]! - 1; e >= 0; e = parent[e]! - 1) {
      if (item[e]! > 0) {
        itemLines[e]!++;
        if (table.contentChars[i]! >= POST_LINE) itemPost[e] = 1;
      }
    }
  }
  const isThread = (first: number): boolean => {
    let items = 0, posts = 0, lines = 0;
    for (let e = first; e < m && item[e] === first + 1; e = end[e]!) { items++; posts += itemPost[e]!; lines += itemLines[e]!; }
    return posts >= MIN_POSTS && lines >= 2 * items;
  };
  // The innermost run of posts around a chosen post line.
  let thread = -1;
  for (let i = 0; i < table.count && thread < 0; i++) {
    if (!chosen[i] || table.contentChars[i]! < POST_LINE) continue;
    for (let e = line[i]! - 1; e >= 0; e = parent[e]! - 1) if (item[e]! > 0 && isThread(item[e]! - 1)) { thread = item[e]! - 1; break; }
  }
  if (thread < 0) return undefined;
  let last = thread;
  for (let e = thread; e < m && item[e] === thread + 1; e = end[e]!) last = end[e]!;
  const out = chosen.slice();
  for (let i = 0; i < table.count; i++) {
    const e = line[i]! - 1;
    if (e >= thread && e < last && apart[e] === 0 && table.contentChars[i]! > 0) out[i] = 1;
  }
  return out;
}

/** Stage `posts`: the thread kept whole (`posts` on). */
export const postsStage: Stage = {
  id: 'posts', purpose: 'forum threads: the run of sibling posts around a chosen post is kept whole (authors, dates, every reply)',
  kept: 'in a post of the thread (a run of sibling posts around a chosen post line)',
  dropped: 'never drops a line',
  run({ table, options }, state) {
    if (!options.posts && options.postsShare <= 0) return {};
    const chosen = need(state, 'chosen', 'posts');
    const thread = threadLines(table, chosen);
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
