#!/usr/bin/env node
/**
 * `npm run bench:parse` (issue 16.4, 16.5): does the line builder read pages as a browser does?
 *
 * 1. Differential check against parse5 (a conformant HTML parser, scripting on): for every page of
 *    ../shared/datasets and for each rewrite of scripts/rewrites.mjs, the tokens of the visible body
 *    text of parse5's tree (without the elements farsw drops on purpose, LINE_DEFAULTS.dropElements,
 *    which include everything never rendered: script, style, template, noscript, head, title, …) are
 *    looked up in the tokens of the line table's text (hidden elements and comment sections kept on
 *    both sides: parsing alone is compared). Coverage = share of parse5's tokens found (as a multiset).
 * 2. Invariance: for each rewrite a browser cannot tell apart, the default model's output on the
 *    rewritten page scored against its output on the page as written (bag-of-words F1; two empty
 *    outputs agree). Target ≥ 0.99 mean per rewrite per dataset. A page whose output changed and
 *    whose rewrite parse5 renders differently (the regex misread malformed markup) is left out of it.
 *
 * Writes the `bench:parse` section of docs/benchmarks/parsing.md (--out) and the pages below 99.5 % coverage to
 * --worst (JSON). Needs `npm run build` and ../shared/datasets.
 *
 * Usage: npm run bench:parse [-- --data DIR] [-- --out docs/benchmarks/parsing.md] [-- --worst scratch/parse-worst.json] [-- --rewrite-every 10]
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { parse } from 'parse5';
import { buildLineTable, extract, tokenize, bagOfWordsScore, LINE_DEFAULTS, replaceBenchmarkSection, markdownTable } from '../dist/index.js';
import { REWRITES } from './rewrites.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    data: { type: 'string', default: resolve(root, '../shared/datasets') },
    out: { type: 'string', default: join(root, 'docs/benchmarks/parsing.md') },
    worst: { type: 'string' },
    'rewrite-every': { type: 'string', default: '10' },
    'coverage-only': { type: 'boolean', default: false },
  },
});
if (!existsSync(opts.data)) {
  console.log(`bench:parse skipped: ${opts.data} not found`);
  process.exit(0);
}

const DROPPED = new Set(LINE_DEFAULTS.dropElements);
/** Elements a browser lays out as blocks (or breaks at): a word does not run across their edges. */
const BREAKS = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'li', 'main',
  'menu', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'caption',
  'legend', 'option', 'optgroup', 'img', 'body', 'listing', 'plaintext', 'xmp', 'frame', 'frameset', 'dir']);
const attr = (node, name) => node.attrs?.find((a) => a.name === name)?.value;
/** An image outside the line of text (floated, or a tracking pixel): the words around it run together. */
const outOfLine = (node) => /^(left|right)$/i.test(attr(node, 'align') ?? '') || /float\s*:\s*(left|right)/i.test(attr(node, 'style') ?? '')
  || ['width', 'height'].some((n) => /^\s*[01](px)?\s*$/i.test(attr(node, n) ?? ''));
/**
 * Visible body text of a parse5 document: text nodes outside dropped elements, in order; adjacent
 * inline text runs together as rendered (`Reply</a><a>Reply` is one word), blocks are separated.
 */
function parse5Text(html) {
  const doc = parse(html);
  const out = [];
  const walk = (node) => {
    if (node.nodeName === '#text') { out.push(node.value); return; }
    if (node.tagName !== undefined && (DROPPED.has(node.tagName) || node.namespaceURI !== 'http://www.w3.org/1999/xhtml')) return;
    const brk = BREAKS.has(node.tagName) && !(node.tagName === 'img' && outOfLine(node));
    if (brk) out.push(' ');
    for (const c of node.childNodes ?? []) walk(c);
    if (brk) out.push(' ');
  };
  const htmlEl = doc.childNodes.find((n) => n.tagName === 'html');
  for (const c of htmlEl?.childNodes ?? []) if (c.tagName !== 'head') walk(c);
  return out.join('');
}

/** Share of `want`'s tokens found in `have` (multiset); 1 when `want` is empty. */
function coverage(want, have) {
  if (want.length === 0) return 1;
  const counts = new Map();
  for (const t of have) counts.set(t, (counts.get(t) ?? 0) + 1);
  let found = 0;
  for (const t of want) {
    const c = counts.get(t) ?? 0;
    if (c > 0) { found++; counts.set(t, c - 1); }
  }
  return found / want.length;
}

const lineTokens = (html) => tokenize(buildLineTable(html, { dropHidden: false, dropComments: false }).text.join('\n'));
const agree = (a, b) => (a.trim() === '' && b.trim() === '' ? 1 : bagOfWordsScore(tokenize(a), tokenize(b)).f1);

const names = ['as written', ...Object.keys(REWRITES)];
/** The differential check runs on every page as written, and on the rewrites of every `every`-th page (parse5 is slow). */
const every = Number(opts['rewrite-every']);
const rows = [], invRows = [], worst = [], notSame = [];
const t0 = performance.now();
for (const f of readdirSync(opts.data).filter((n) => n.endsWith('.jsonl.gz')).sort()) {
  const dataset = f.replace(/\.jsonl\.gz$/, '');
  const pages = gunzipSync(readFileSync(join(opts.data, f))).toString('utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
  const cov = Object.fromEntries(names.map((n) => [n, { sum: 0, min: 1, below: 0, n: 0 }]));
  const inv = Object.fromEntries(Object.keys(REWRITES).map((n) => [n, { all: 0, same: 0, n: 0 }]));
  pages.forEach((p, k) => {
    const base = opts['coverage-only'] ? '' : extract(p.html).text;
    let base5;
    for (const name of (opts['coverage-only'] ? ['as written'] : names)) {
      const html = name === 'as written' ? p.html : REWRITES[name](p.html);
      if (name === 'as written' || k % every === 0) {
        const c = coverage(tokenize(parse5Text(html)), lineTokens(html));
        const s = cov[name];
        s.sum += c; s.min = Math.min(s.min, c); s.n++;
        if (c < 0.995) {
          s.below++;
          if (name === 'as written') worst.push({ id: p.id, coverage: c });
        }
      }
      if (name !== 'as written') {
        // Where the output changed, parse5 says whether the rewrite kept what a browser renders: a
        // regular expression can misread malformed markup (an unclosed quote) that the tokenizer reads otherwise.
        const f = agree(extract(html).text, base);
        const s = inv[name];
        s.all += f;
        base5 ??= f < 1 ? tokenize(parse5Text(p.html)).join(' ') : undefined;
        if (f === 1 || tokenize(parse5Text(html)).join(' ') === base5) { s.same += f; s.n++; }
        else notSame.push(`${p.id} (${name}, F1 ${f.toFixed(3)})`);
      }
    }
  });
  const n = pages.length;
  // One row per dataset: per page source, mean coverage / lowest page (and the pages below 99.5 %, if any).
  rows.push([dataset, `${n} (${cov[names.at(-1)].n})`, ...names.map((name) => { const c = cov[name]; return `${(c.sum / c.n).toFixed(4)} / ${c.min.toFixed(3)}${c.below > 0 ? ` (${c.below} below)` : ''}`; })]);
  invRows.push([dataset, String(n), ...Object.keys(REWRITES).map((r) => `${(inv[r].same / inv[r].n).toFixed(4)} (${(inv[r].all / n).toFixed(4)}${inv[r].n < n ? `; ${n - inv[r].n} out` : ''})`)]);
  console.error(`${dataset}: ${n} pages, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const section = [
  `Command: \`npm run bench:parse\` (every page of ../shared/datasets; the rewrites' coverage on every ${every}th page; parse5 ${JSON.parse(readFileSync(join(root, 'node_modules/parse5/package.json'), 'utf8')).version}, scripting on).`,
  '',
  'Token coverage: the share of the tokens of parse5\'s visible body text (without the elements farsw drops on purpose; hidden elements and comment sections kept on both sides; an image separates the words around it unless floated or a 0–1 pixel tracker, on both sides) found in the line table\'s text; target ≥ 99.5 % on every page.',
  '',
  markdownTable(['dataset', 'pages (rewritten)', ...names.map((name) => `${name}: mean / min`)], rows),
  '',
  `Pages as written below 99.5 %: ${worst.length === 0 ? 'none' : worst.sort((a, b) => a.coverage - b.coverage).map((w) => `${w.id} ${(100 * w.coverage).toFixed(1)} %`).join(', ')}.`,
  '',
  'Invariance: mean bag-of-words F1 of the default model\'s output on the rewritten page against its output on the page as written (target ≥ 0.99 per rewrite and dataset), over the pages where the rewrite keeps what a browser renders (parse5\'s visible text unchanged); in brackets the mean over every page and the number of pages left out, where the rewrite\'s regular expression misreads malformed markup and parse5 renders the rewritten page differently.',
  '',
  markdownTable(['dataset', 'pages', ...Object.keys(REWRITES)], invRows),
  '',
  `Rewrites left out (parse5 renders them differently): ${notSame.length === 0 ? 'none' : notSame.join(', ')}.`,
].join('\n');
writeFileSync(opts.out, replaceBenchmarkSection(existsSync(opts.out) ? readFileSync(opts.out, 'utf8') : null, 'bench:parse', section));
if (opts.worst) writeFileSync(opts.worst, JSON.stringify(worst.sort((a, b) => a.coverage - b.coverage), null, 1));
console.log(section);
