#!/usr/bin/env node
/**
 * How much visible text does a browser foster-parent on the shared pages? Text (or an element holding
 * text) written inside a `<table>` but outside its cells is moved before the table by a browser; the
 * line builder keeps it where it is written (src/html/open-elements.ts, docs/decisions.md). Counted with
 * parse5 (source locations on): a node placed before a `<table>` in the tree whose source starts after
 * that table's start tag was fostered; its visible characters (white space aside, never-rendered
 * elements left out) are summed per dataset.
 *
 *   node scripts/foster-count.mjs [--data ../shared/datasets]
 *
 * Needs ../shared/datasets (about 1.5 minutes for all of it).
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { parse } from 'parse5';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({ options: { data: { type: 'string', default: resolve(root, '../shared/datasets') } } });
if (!existsSync(opts.data)) {
  console.log(`foster-count skipped: ${opts.data} not found`);
  process.exit(0);
}
const NEVER = new Set(['script', 'style', 'template', 'noscript', 'title', 'head']);
const textOf = (n) => (n.nodeName === '#text' ? n.value : NEVER.has(n.nodeName) || !n.childNodes ? '' : n.childNodes.map(textOf).join(''));

/** Visible characters fostered on a page, and the number of tables they were moved before. */
function fostered(html) {
  let chars = 0;
  const walk = (n) => {
    const kids = n.childNodes ?? [];
    for (let i = 0; i < kids.length; i++) {
      const k = kids[i];
      const tableAt = k.nodeName === 'table' ? k.sourceCodeLocation?.startOffset : undefined;
      if (tableAt !== undefined) {
        for (let j = i - 1; j >= 0; j--) {
          const at = kids[j].sourceCodeLocation?.startOffset;
          if (at === undefined || at < tableAt) break;
          chars += textOf(kids[j]).replace(/\s+/g, '').length;
        }
      }
      walk(k);
    }
    if (n.content) walk(n.content);
  };
  walk(parse(html, { sourceCodeLocationInfo: true }));
  return chars;
}

let allPages = 0, allFostered = 0;
for (const f of readdirSync(opts.data).filter((n) => n.endsWith('.jsonl.gz')).sort()) {
  const records = gunzipSync(readFileSync(resolve(opts.data, f))).toString('utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
  let pages = 0, chars = 0;
  const largest = [];
  for (const r of records) {
    const n = fostered(r.html);
    if (n > 0) { pages++; chars += n; largest.push([r.id, n]); }
  }
  largest.sort((a, b) => b[1] - a[1]);
  allPages += records.length; allFostered += pages;
  console.log(`${f.replace(/\.jsonl\.gz$/, '')}: ${pages} of ${records.length} pages foster visible text, ${chars} characters${largest.length ? ` (most: ${largest.slice(0, 3).map(([id, n]) => `${id} ${n}`).join(', ')})` : ''}`);
}
console.log(`all: ${allFostered} of ${allPages} pages`);
