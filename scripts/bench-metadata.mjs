/**
 * `npm run bench:metadata` (needs ../shared/datasets; skips without it): the title
 * target of issue 21.2. On pages whose gold text begins with the headline (its first
 * line is the full text of an <h1>-<h3> of the page), how often the extracted title
 * equals that line (white space collapsed), for farsw's extractMetadata and for
 * Readability (over a linkedom document), in the same run.
 *   node scripts/bench-metadata.mjs [--sample N]   (N pages read per dataset, default all)
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Parser } from 'htmlparser2';
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import { extractMetadata } from '../dist/html/metadata.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, '../shared/datasets');
if (!existsSync(dir)) { console.log('bench:metadata: ../shared/datasets is absent; skipped'); process.exit(0); }
const { values } = parseArgs({ options: { sample: { type: 'string' } } });
const sample = values.sample ? Number(values.sample) : Infinity;
const norm = (s) => (s ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim();

/** Texts of the page's h1-h3 elements (an independent pass from farsw's). */
function headingTexts(html) {
  const out = new Set();
  let cur = null, depth = 0, at = 0;
  const p = new Parser({
    onopentag(name) { depth++; if (!cur && /^h[1-3]$/.test(name)) { cur = ''; at = depth; } },
    ontext(t) { if (cur !== null) cur += t; },
    onclosetag() { if (cur !== null && depth === at) { out.add(norm(cur)); cur = null; } depth--; },
  }, { decodeEntities: true });
  p.end(html);
  return out;
}

const rows = [];
let allPages = 0, allFarsw = 0, allReadability = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl.gz')).sort()) {
  let pages = 0, farsw = 0, readability = 0, read = 0;
  const lines = createInterface({ input: createReadStream(join(dir, file)).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (read++ >= sample) break;
    const r = JSON.parse(line);
    const first = norm((r.gold ?? '').split('\n').find((l) => l.trim() !== ''));
    if (first === '' || first.length > 300 || !headingTexts(r.html).has(first)) continue;
    pages++;
    if (norm(extractMetadata(r.html, r.url ?? undefined).title) === first) farsw++;
    let t = null;
    try { t = new Readability(parseHTML(r.html).document).parse()?.title ?? null; } catch { t = null; }
    if (norm(t) === first) readability++;
  }
  lines.close();
  rows.push([file.replace('.jsonl.gz', ''), pages, farsw, readability]);
  allPages += pages; allFarsw += farsw; allReadability += readability;
}
const pct = (a, n) => (n > 0 ? `${((100 * a) / n).toFixed(1)} %` : '-');
console.log('| dataset | pages whose gold begins with the headline | farsw title = headline | Readability title = headline |');
console.log('|---|---:|---:|---:|');
for (const [name, n, f, r] of rows) console.log(`| ${name} | ${n} | ${pct(f, n)} | ${pct(r, n)} |`);
console.log(`| all | ${allPages} | ${pct(allFarsw, allPages)} | ${pct(allReadability, allPages)} |`);
