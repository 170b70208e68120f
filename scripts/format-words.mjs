#!/usr/bin/env node
/**
 * Do `--format html` and `--format markdown` hold the words of the text output? The letters and digits of each
 * format, in order (white space, punctuation and markup left out; HTML read with parse5, Markdown with the
 * CommonMark reference parser, image alt text left out of both), compared with the text output's.
 *
 *   node scripts/format-words.mjs [--dist dist] [--data ../shared/datasets] [--only model:default,addanag] [--list 10] [--match ID-REGEX]
 *
 * Prints, per method and format, how many pages differ and the first ids with where they part; exit 1 when any does.
 * test/faults/format-words.test.ts runs the same comparison (formatMismatch) over hand-written and generated pages.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { parseFragment } from 'parse5';
import { Parser as MarkdownParser } from 'commonmark';

const NOT_WORD = /[^\p{L}\p{N}]+/gu;
/** The letters and digits of a text, in order. */
export const letters = (s) => s.replace(NOT_WORD, '');

/** The text of an HTML fragment (text nodes only: no attribute, so no alt text). */
export function htmlLetters(html) {
  let out = '';
  const walk = (n) => {
    if (n.nodeName === '#text') out += letters(n.value);
    for (const c of n.childNodes ?? []) walk(c);
  };
  walk(parseFragment(html));
  return out;
}

/** The text of a Markdown document as CommonMark reads it (safe mode: no raw HTML; an image's alt left out). */
export function markdownLetters(markdown) {
  const doc = new MarkdownParser({ smart: false }).parse(markdown);
  let out = '', inImage = 0;
  const w = doc.walker();
  for (let e = w.next(); e; e = w.next()) {
    const { node, entering } = e;
    if (node.type === 'image') { inImage += entering ? 1 : -1; continue; }
    if (entering && inImage === 0 && (node.type === 'text' || node.type === 'code' || node.type === 'code_block')) out += letters(node.literal ?? '');
  }
  return out;
}

/**
 * Where a format's letters part from the text output's: null when they are the same. The formats leave out a heading with
 * nothing under it (the text keeps it): `headings` are the page's heading texts, and any of them may be missing whole,
 * several in a row.
 * @returns `{ at, text, format }`: the offset and the letters around it on each side
 */
export function formatMismatch(text, formatted, kind, headings = []) {
  const a = letters(text), b = kind === 'html' ? htmlLetters(formatted) : markdownLetters(formatted);
  if (a === b) return null;
  const skippable = [...new Set(headings.map(letters))].filter((h) => h !== '');
  let i = 0, j = 0;
  for (;;) {
    while (i < a.length && a[i] === b[j]) { i++; j++; }
    if (i === a.length && j === b.length) return null;
    // The heading may start up to its length before the mismatch (its first letters matched what follows it in the format).
    let moved = false;
    for (const h of skippable) {
      for (let back = 0; back <= Math.min(i, j, h.length - 1) && !moved; back++) {
        if (!a.startsWith(h, i - back)) continue;
        const end = pastHeadings(a, i - back + h.length, b, j - back, skippable);
        if (end >= 0) {
          i = end;
          j -= back;
          moved = true;
        }
      }
      if (moved) break;
    }
    if (!moved) break;
  }
  return { at: i, text: a.slice(Math.max(0, i - 20), i + 40), format: b.slice(Math.max(0, j - 20), j + 40) };
}

/**
 * Where `a` goes on as `b` from `p` after zero or more of the `headings` from `k` (several empty headings in a row), or -1:
 * the next 8 letters agree, or both go on with the same heading (a kept one, with more empty ones after it).
 */
function pastHeadings(a, k, b, p, headings) {
  if (a.slice(k, k + 8) === b.slice(p, p + 8)) return k;
  for (const h of headings) if (a.startsWith(h, k) && b.startsWith(h, p)) return k;
  for (const h of headings) {
    if (!a.startsWith(h, k)) continue;
    const end = pastHeadings(a, k + h.length, b, p, headings);
    if (end >= 0) return end;
  }
  return -1;
}

/**
 * The texts of a page's heading lines (BlockKind Heading1..6), which formatMismatch lets a format leave out: as the
 * text output writes them (`outputLineText` of html/layout: a Wikipedia heading without its `[edit]` link), in the
 * page read as any route may read it (a product's hidden gallery dialog holds headings the text keeps).
 */
export function headingTexts(lib, html, outputLineText) {
  const out = [];
  for (const lines of ROUTE_LINES) {
    const t = lib.buildLineTable(html, lines);
    for (let i = 0; i < t.count; i++) if (t.block[i] >= 2 && t.block[i] <= 7) out.push(outputLineText(t, i, html));
  }
  return [...new Set(out)];
}

/** The line options a page may be read with: the default, and the routes' second readings (items: hidden elements; forum: comment sections). */
const ROUTE_LINES = [{}, { dropHidden: false }, { dropComments: false }];

async function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const { values: opts } = parseArgs({
    options: {
      dist: { type: 'string', default: join(root, 'dist') },
      data: { type: 'string', default: resolve(root, '../shared/datasets') },
      only: { type: 'string', default: 'model:default,addanag' },
      list: { type: 'string', default: '10' },
      match: { type: 'string' },
    },
  });
  const lib = await import(pathToFileURL(join(resolve(opts.dist), 'index.js')).href);
  const { outputLineText } = await import(pathToFileURL(join(resolve(opts.dist), 'html', 'layout.js')).href);
  if (!existsSync(opts.data)) throw new Error(`${opts.data}: no datasets`);
  const methods = opts.only.split(',');
  const bad = new Map(methods.flatMap((m) => ['html', 'markdown'].map((f) => [`${m} ${f}`, []])));
  let pages = 0;
  for (const f of readdirSync(opts.data).filter((n) => n.endsWith('.jsonl.gz')).sort()) {
    for (const line of gunzipSync(readFileSync(join(opts.data, f))).toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      const r = JSON.parse(line);
      if (opts.match && !new RegExp(opts.match).test(r.id)) continue;
      pages++;
      for (const m of methods) {
        const algo = m === 'model:default' ? {} : { algorithm: m };
        for (const format of ['html', 'markdown']) {
          const res = lib.extract(r.html, { ...algo, format, ...(r.url ? { url: r.url } : {}) });
          const miss = formatMismatch(res.text, res[format] ?? '', format) && formatMismatch(res.text, res[format] ?? '', format, headingTexts(lib, r.html, outputLineText));
          if (miss) bad.get(`${m} ${format}`).push({ id: r.id, ...miss });
        }
      }
    }
  }
  let any = false;
  for (const [key, list] of bad) {
    console.log(`${key}: ${list.length} of ${pages} pages differ from the text output`);
    for (const b of list.slice(0, Number(opts.list))) console.log(`  ${b.id} at ${b.at}: text …${b.text}… / format …${b.format}…`);
    any ||= list.length > 0;
  }
  process.exitCode = any ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
