#!/usr/bin/env node
/**
 * `npm run pages:update`: rewrites the expected output of the golden pages, test/pages/NAME/expected.txt (the shipped
 * default model's text) and expected-metadata.json (the page's metadata), from each NAME/source.html, with the built
 * library (`npm run build` first; the npm script does it); a page whose folder holds a `source` file instead is read where it names. test/pages/golden.test.ts diffs the same output against them.
 * Run it after a change that moves extraction output on purpose, then read `git diff test/pages` before committing.
 *
 *   node scripts/pages-update.mjs [NAME…]   (default: every page)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { goldenOutput, goldenPages, goldenSource } from '../test/pages/golden.mjs';
import * as farsw from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../test/pages');
const only = process.argv.slice(2);
const names = goldenPages(root);
for (const n of only) if (!names.includes(n)) { console.error(`test/pages/${n}: no such page (no source.html or source)`); process.exit(2); }
let changed = 0;
for (const name of only.length > 0 ? only : names) {
  const dir = join(root, name);
  const { text, metadata } = goldenOutput(farsw, goldenSource(root, name));
  for (const [file, content] of [['expected.txt', text], ['expected-metadata.json', metadata]]) {
    const path = join(dir, file);
    if (existsSync(path) && readFileSync(path, 'utf8') === content) continue;
    writeFileSync(path, content);
    changed++;
    console.log(`test/pages/${name}/${file}: written`);
  }
}
console.log(`${names.length} pages, ${changed} files written`);
