#!/usr/bin/env node
/**
 * How the shared pages look when read FAR-SW's way (`--preset paper`: the author's lines of the body, Table 1
 * deleted, blank lines dropped): lines and text lines per page, share of markup-only lines, minified pages.
 * Every eighth page with gold of each dataset but trafilatura. `npm run build` first; needs ../shared/datasets.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDataset, buildLineTable, resolveTrainParams, modelLineOptions } from '../dist/index.js';
import { median } from 'simple-statistics';

const dir = process.env.FARSW_DATASETS ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/datasets');
if (!existsSync(dir)) {
  console.error(`paper-lines: ${dir} not found. Skipped.`);
  process.exit(0);
}
const options = modelLineOptions(resolveTrainParams({ preset: 'paper' }));
const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
const lines = [], text = [], minified = [], markupOnly = [];
for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl.gz') && !n.startsWith('trafilatura')).sort()) {
  let i = 0;
  for await (const r of readDataset(join(dir, f))) {
    if (!r.gold || i++ % 8) continue;
    const t = buildLineTable(r.html, options);
    let withText = 0;
    for (let k = 0; k < t.count; k++) if (t.contentChars[k] > 0) withText++;
    lines.push(t.count); text.push(withText); minified.push(withText <= 10 ? 1 : 0); markupOnly.push(1 - withText / Math.max(1, t.count));
  }
}
console.log(`${lines.length} pages: median ${median(lines)} lines, ${median(text)} with text; markup-only lines ${(100 * mean(markupOnly)).toFixed(1)} % (mean per page); pages with ≤ 10 text lines ${(100 * mean(minified)).toFixed(1)} %`);
