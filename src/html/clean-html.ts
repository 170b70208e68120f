/**
 * The chosen lines' own markup, cleaned: `--format html` (an article fragment keeping
 * headings, paragraphs, lists, quotes, code, tables, links and images) and the inline
 * links and images of `--format markdown`. Both read the source slices of the chosen
 * lines with htmlparser2's event parser (no DOM): allowed elements are kept with their
 * safe attributes only (`href`, `src`, `alt`, `title`, `colspan`, `rowspan`; URLs made
 * absolute against the page URL and limited to http(s), mailto and relative ones),
 * never-rendered elements are dropped with their content, anything else keeps its text.
 */
import { FlatParser as Parser } from './flat-parser.js';
import { LINE_DEFAULTS } from '../core/defaults.js';
import { safeUrl } from './safe-url.js';
import { isCitationLink, isNoiseElement, languageClass } from './layout.js';

/** Elements kept, and those written without an end tag. */
const KEPT = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'pre', 'code',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'a', 'img', 'em', 'strong', 'b', 'i', 'br',
  'figure', 'figcaption', 'sup', 'sub', 'hr',
]);
const VOID = new Set(['img', 'br', 'hr']);
const WHITE = /^\s*$/;
/** Inline elements that render the same nested in themselves. */
const SAME_AS_PARENT = new Set(['b', 'i', 'em', 'strong']);
/** Dropped with everything inside: the line builder's default list (a form's text is text; its controls are not). */
const DROPPED: ReadonlySet<string> = new Set(LINE_DEFAULTS.dropElements);
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'title'], img: ['src', 'alt', 'title'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'], pre: ['class'], code: ['class'] };

const SPACE_RUN = /\s+/g, SPACE_TO_COLLAPSE = /\s\s|[^\S ]/;
/** `s` with each run of white space one space (`s.replace(/\s+/g, ' ')`; most text needs nothing: one test, no replace). */
export const collapseSpace = (s: string): string => (SPACE_TO_COLLAPSE.test(s) ? s.replace(SPACE_RUN, ' ') : s);

const TO_ESCAPE = /[&<>]/;
/** Text with `&`, `<` and `>` escaped (most text has none: one scan, not three). */
export const escapeText = (s: string): string => (TO_ESCAPE.test(s) ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : s);
export const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

/** What cleanHtml and inlineMarkdown keep besides the text (each default true). */
export interface KeptParts { readonly tables: boolean; readonly links: boolean; readonly images: boolean }

/** An output element (the cleaned article only, never the page): kept markup and the text inside it (`href`: a link's as written). */
interface OutNode { readonly name: string; readonly attrs: string; readonly children: (OutNode | string)[]; readonly href?: string; cell?: OutNode }

/** A table or its parts outside a cell: a browser moves text, inline elements and images found there out before the table. */
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);
/** What may stand right inside a table part (the rest is moved out by a browser). */
const IN_TABLE_PARTS = new Set(['thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption']);

/** Where what a browser would move out of table part `top` goes: a cell of its own there, so it stays where the text has it. */
function cellIn(top: OutNode): OutNode {
  if (!TABLE_PARTS.has(top.name)) return top;
  const last = top.children[top.children.length - 1];
  if (typeof last === 'object' && last.cell !== undefined) return last.cell;
  const td: OutNode = { name: 'td', attrs: '', children: [] };
  const holder: OutNode = top.name === 'tr' ? td : { name: 'tr', attrs: '', children: [td] };
  holder.cell = td;
  top.children.push(holder);
  return td;
}

/**
 * Clean article HTML of the chosen parts of a page.
 * @param source the page
 * @param ranges chosen source ranges `[from, to)` (UTF-16 offsets; the chosen lines), in page order
 * @param baseUrl page URL, to make links and images absolute
 * @param dropElements elements left out with their content (the line options' list; default LINE_DEFAULTS')
 * @returns `<article>…</article>`: the elements that enclose chosen text (lists, tables, quotes keep
 *   their structure), with the text and images of the chosen ranges only; '' when nothing is chosen
 */
export function cleanHtml(source: string, ranges: readonly (readonly [number, number])[], baseUrl?: string, dropElements?: readonly string[], keep: Partial<KeptParts> = {}): string {
  if (ranges.length === 0) return '';
  const dropped = new Set(dropElements ?? DROPPED);
  if (keep.tables === false) dropped.add('table');
  if (keep.images === false) dropped.add('img');
  const links = keep.links !== false;
  const from = ranges[0]![0], to = ranges[ranges.length - 1]![1];
  let r = 0;
  const chosen = (offset: number): boolean => {
    while (r < ranges.length && ranges[r]![1] <= offset) r++;
    return r < ranges.length && ranges[r]![0] <= offset;
  };
  // The chosen parts of a text event at source [start, end): a text node may begin on an unchosen line (the white space
  // after `</form>`) and go on into a chosen one. A decoded character reference (text not its source's length) is whole
  // when any of it is chosen (its line may start after the parser's text start, as after `</P\n<p>`).
  const chosenText = (text: string, start: number, end: number): string => {
    chosen(start); // moves `r` to the first range ending after `start`
    if (text.length !== end - start) return r < ranges.length && ranges[r]![0] < end ? text : '';
    let out = '';
    for (let k = r; k < ranges.length && ranges[k]![0] < end; k++) {
      const a = Math.max(start, ranges[k]![0]), b = Math.min(end, ranges[k]![1]);
      if (b > a) out += (out !== '' ? ' ' : '') + text.slice(a - start, b - start);
    }
    return out;
  };
  const root: OutNode = { name: 'article', attrs: '', children: [] };
  const stack: OutNode[] = [root];
  // How many of each element are open in `stack`: an end tag of one that is not open costs one look-up, not a scan.
  const openCount = new Map<string, number>();
  let dropDepth = 0;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (dropDepth > 0 || dropped.has(name) || isNoiseElement(name, attrs)) { if (!VOID.has(name)) dropDepth++; return; }
      if (!KEPT.has(name)) return;
      let a = '';
      for (const key of ATTRIBUTES[name] ?? []) {
        const v = attrs[key];
        if (v === undefined) continue;
        const value = key === 'href' || key === 'src' ? safeUrl(v, baseUrl) : key === 'class' ? languageClass(v) || null : v;
        if (value !== null) a += ` ${key}="${escapeAttr(value)}"`;
      }
      const parent = stack[stack.length - 1]!;
      if (name === 'img') {
        if (/ src=/.test(a) && chosen(from + parser.startIndex)) cellIn(parent).children.push({ name, attrs: a, children: [] });
        return;
      }
      if (name === 'a' && !(links && / href=/.test(a))) return; // a link to nowhere (or to javascript:), or links left out: its text
      // Markup right inside a table part (a browser would move it out, before the table): left out, its text kept in a cell; a table, in a cell.
      if (TABLE_PARTS.has(parent.name) && !IN_TABLE_PARTS.has(name) && name !== 'table') return;
      const top = name === 'table' ? cellIn(parent) : parent;
      // <b> right inside <b> (and i, em, strong) renders as the one around it: the open element stands for both
      // (600,000 unclosed <b> are one element of the output, not 600,000 nested ones).
      if (SAME_AS_PARENT.has(name) && top.name === name && a === '') {
        stack.push(top);
        openCount.set(name, openCount.get(name)! + 1);
        return;
      }
      const node: OutNode = name === 'a' ? { name, attrs: a, children: [], href: attrs['href']! } : { name, attrs: a, children: [] };
      top.children.push(node);
      if (!VOID.has(name)) {
        stack.push(node);
        openCount.set(name, (openCount.get(name) ?? 0) + 1);
      }
    },
    ontext(text) {
      if (dropDepth > 0) return;
      const kept = chosenText(text, from + parser.startIndex, from + parser.endIndex + 1);
      if (kept === '') return;
      const top = stack[stack.length - 1]!;
      (WHITE.test(kept) ? top : cellIn(top)).children.push(kept);
    },
    onclosetag(name) {
      if (dropDepth > 0) { if (dropped.has(name) || !VOID.has(name)) dropDepth--; return; }
      if (VOID.has(name) || !KEPT.has(name) || !(openCount.get(name)! > 0)) return; // one look-up for an element not open
      let k = stack.length - 1;
      while (stack[k]!.name !== name) k--;
      const node = stack[k]!, parent = stack[k - 1]!;
      // A citation number (`[1]` linking into the page) is left out, with its <sup> when that holds nothing else.
      if (name === 'a' && node !== parent && isCitationLink(node.href, textOf(node))) parent.children.splice(parent.children.lastIndexOf(node), 1);
      for (let j = k; j < stack.length; j++) openCount.set(stack[j]!.name, openCount.get(stack[j]!.name)! - 1);
      stack.length = k;
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.end(source.slice(from, to));
  const body = serialize(root.children).trim();
  return body === '' ? '' : `<article>\n${body}\n</article>`;
}

/** The text inside a node (a link's: small). */
function textOf(node: OutNode): string {
  return node.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

/** The nodes that hold chosen text or an image (empty elements are left out), found bottom-up without recursion. */
function withContent(top: readonly (OutNode | string)[]): Set<OutNode> {
  const order: OutNode[] = [];
  const todo = top.filter((n): n is OutNode => typeof n !== 'string');
  while (todo.length > 0) {
    const n = todo.pop()!;
    order.push(n);
    for (const c of n.children) if (typeof c !== 'string') todo.push(c);
  }
  const full = new Set<OutNode>();
  for (let k = order.length - 1; k >= 0; k--) { // children before their parent
    const n = order[k]!;
    if (n.name === 'img' || n.children.some((c) => (typeof c === 'string' ? c.trim() !== '' : full.has(c)))) full.add(n);
  }
  return full;
}

const BLOCK_OUT = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'pre', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'figure', 'caption']);
const LEADING_SPACE = /^\s+/, TRAILING_SPACE = /\s+$/;

/**
 * The output nodes as HTML, without recursion (100,000 nested elements are 100,000 frames of an array): the pieces go to
 * one list, and a block element's inside is trimmed on the pieces at its two ends (each piece emptied at most once).
 */
function serialize(top: readonly (OutNode | string)[]): string {
  const full = withContent(top);
  const parts: string[] = [];
  const frames: { nodes: readonly (OutNode | string)[]; i: number; pre: boolean; node: OutNode | null; from: number }[] = [{ nodes: top, i: 0, pre: false, node: null, from: 0 }];
  while (frames.length > 0) {
    const f = frames[frames.length - 1]!;
    if (f.i === f.nodes.length) {
      frames.pop();
      const n = f.node;
      if (n === null) break;
      const parentPre = frames[frames.length - 1]!.pre;
      if (BLOCK_OUT.has(n.name)) {
        if (!(parentPre || n.name === 'pre')) trimParts(parts, f.from);
        parts.push(`</${n.name}>\n`);
      } else parts.push(`</${n.name}>`);
      continue;
    }
    const n = f.nodes[f.i++]!;
    if (typeof n === 'string') { parts.push(escapeText(f.pre ? n : collapseSpace(n))); continue; }
    if (n.name === 'br' || n.name === 'hr') { parts.push(`<${n.name}>`); continue; }
    if (!full.has(n)) continue;
    if (n.name === 'img') { parts.push(`<img${n.attrs}>`); continue; }
    parts.push(`<${n.name}${n.attrs}>`);
    frames.push({ nodes: n.children, i: 0, pre: f.pre || n.name === 'pre', node: n, from: parts.length });
  }
  return parts.join('');
}

/** White space trimmed from the start and end of `parts[from..]`: whole white pieces emptied, the edge pieces cut. */
function trimParts(parts: string[], from: number): void {
  for (let k = from; k < parts.length; k++) {
    parts[k] = parts[k]!.replace(LEADING_SPACE, '');
    if (parts[k] !== '') break;
  }
  for (let k = parts.length - 1; k >= from; k--) {
    parts[k] = parts[k]!.replace(TRAILING_SPACE, '');
    if (parts[k] !== '') break;
  }
}

/**
 * A URL as a CommonMark link destination that reads back as the same URL and nothing more: white space and controls
 * percent-encoded (a space would end it), `\ ( ) < >` backslash-escaped (a `)` would end the link, a leading `<` open
 * the bracketed form) and a `&` that would start a character reference escaped too (CommonMark decodes them there).
 */
export function linkDestination(url: string): string {
  return url.replace(/[\u0000-\u0020\u007f]/g, encodeURIComponent).replace(/[\\()<>]|&(?=#?[a-zA-Z0-9]+;)/g, '\\$&');
}

/**
 * A line's Markdown inline content with its links and images: `[text](url)`, `![alt](url)`.
 * @param source the line's HTML source slice
 * @param escape escapes page text (the caller's Markdown escaper)
 * @returns the Markdown and the plain text it was built from (white space collapsed), to check it against the line's text
 */
export function inlineMarkdown(source: string, escape: (s: string) => string, baseUrl?: string, keep: Partial<KeptParts> = {}): { markdown: string; text: string } {
  const links = keep.links !== false, images = keep.images !== false;
  // Pieces: page text (escaped at the end, white space collapsed) or markup written here (kept as it is; `plain`: the
  // page text it stands for, a code span's).
  const pieces: { text?: string; raw?: string; plain?: string }[] = [];
  let dropDepth = 0;
  let link: { href: string | null; at: number; raw: string | undefined } | null = null;
  let code = -1; // where the open <code>'s pieces start
  const parser = new Parser({
    onopentag(name, attrs) {
      if (dropDepth > 0 || DROPPED.has(name) || isNoiseElement(name, attrs)) { if (!VOID.has(name)) dropDepth++; return; }
      if (name === 'a' && !link) link = { href: links && attrs['href'] !== undefined ? safeUrl(attrs['href'], baseUrl) : null, at: pieces.length, raw: attrs['href'] };
      else if (name === 'img' && images && attrs['src'] !== undefined) {
        const src = safeUrl(attrs['src'], baseUrl);
        if (src !== null) pieces.push({ raw: `![${escape((attrs['alt'] ?? '').replace(/\s+/g, ' ').trim())}](${linkDestination(src)})` });
      } else if (name === 'br') pieces.push({ text: ' ' });
      else if (name === 'code' && code < 0) code = pieces.length;
    },
    ontext(t) {
      if (dropDepth === 0) pieces.push({ text: t });
    },
    onclosetag(name) {
      if (dropDepth > 0) { if (DROPPED.has(name) || !VOID.has(name)) dropDepth--; return; }
      if (name === 'code' && code >= 0) {
        // Text alone in <code> → a code span (its white space as a browser shows it); with a link or image inside, plain text.
        const inside = pieces.slice(code);
        const body = inside.map((p) => p.text ?? '').join('').replace(/\s+/g, ' ');
        if (inside.every((p) => p.text !== undefined) && body.trim() !== '') {
          const lead = /^\s*/.exec(body)![0], trail = /\s*$/.exec(body)![0], content = body.trim();
          pieces.splice(code, inside.length, ...(lead ? [{ text: lead }] : []), { raw: codeSpan(content), plain: content }, ...(trail ? [{ text: trail }] : []));
        }
        code = -1;
        return;
      }
      if (name !== 'a' || !link) return;
      const l: { href: string | null; at: number; raw: string | undefined } = link;
      link = null;
      const label = pieces.slice(l.at).map((p) => p.text ?? p.plain ?? p.raw ?? '').join('').trim();
      if (isCitationLink(l.raw, label)) { pieces.length = l.at; return; } // a citation number: left out
      if (l.href === null || label === '') return;
      // Brackets around the label's pieces; the white space at its edges stays outside them.
      const first = pieces.findIndex((p, k) => k >= l.at && (p.raw !== undefined || p.text!.trim() !== ''));
      if (first >= 0) {
        const lead = pieces[first]!.text?.match(/^\s*/)?.[0] ?? '';
        if (lead) pieces[first] = { text: pieces[first]!.text!.slice(lead.length) };
        pieces.splice(first, 0, ...(lead ? [{ text: lead }] : []), { raw: '[' });
      }
      let last = pieces.length - 1;
      while (last > 0 && pieces[last]!.text !== undefined && pieces[last]!.text!.trim() === '') last--;
      const trail = pieces[last]!.text?.match(/\s*$/)?.[0] ?? '';
      if (trail) pieces[last] = { text: pieces[last]!.text!.slice(0, -trail.length) };
      pieces.splice(last + 1, 0, { raw: `](${linkDestination(l.href)})` }, ...(trail ? [{ text: trail }] : []));
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.end(source);
  // Adjacent text pieces as one (a decoded `&amp;` and the `amp;` after it are one `&amp;` to escape), white space
  // collapsed across pieces, then the text pieces escaped.
  const runs: typeof pieces = [];
  for (const p of pieces) {
    const prev = runs[runs.length - 1];
    if (p.text !== undefined && prev?.text !== undefined) runs[runs.length - 1] = { text: prev.text + p.text };
    else runs.push(p);
  }
  let markdown = '', text = '', space = false;
  for (const p of runs) {
    if (p.raw !== undefined) {
      if (space && markdown !== '') markdown += ' ';
      // Page text's `!` right before a link's `[` would make it an image.
      else if (p.raw.startsWith('[') && markdown.endsWith('!')) markdown = `${markdown.slice(0, -1)}\\!`;
      if (p.plain !== undefined) {
        if (space && text !== '' && !text.endsWith(' ')) text += ' ';
        text += p.plain;
      }
      space = false;
      markdown += p.raw;
      continue;
    }
    const t = collapseSpace(p.text!);
    if (t === ' ' || t === '') { space = space || t === ' '; if (t === ' ' && text !== '' && !text.endsWith(' ')) text += ' '; continue; }
    const body = t.trim();
    if ((space || t.startsWith(' ')) && markdown !== '') markdown += ' ';
    if (t.startsWith(' ') && text !== '' && !text.endsWith(' ')) text += ' ';
    markdown += escape(body);
    text += body;
    space = t.endsWith(' ');
    if (space) text += ' ';
  }
  return { markdown: markdown.trim(), text: text.trim() };
}

/** A CommonMark code span of `content` (no line breaks): a backtick run longer than any inside, a space inside it where the content starts or ends with a backtick. */
function codeSpan(content: string): string {
  let longest = 0;
  for (const run of content.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const pad = content.startsWith('`') || content.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}
