/**
 * Page metadata against reviewed values (needs ../shared/datasets or FARSW_DATASETS; skips without it).
 *
 * Default: WCXB dev (issue 37.3). Its records carry reviewed `title`, `author` and `date`
 * (YYYY-MM-DD), null (or empty) where the page has none. For each field, over the pages whose reviewed
 * value is set, the share where extractMetadata's value is "exact":
 * - title, author: equal after NFKC, white space collapsed, trimmed, lower-cased, and typographic
 *   quotes folded to ASCII (’ ‘ ʼ → ', “ ” → "): reviewers typed the apostrophe the page sets as ’;
 * - date: the same calendar day (the day as the page writes it, time zone not applied).
 * Also, over the pages whose reviewed value is null, the share where farsw gives one anyway.
 * Rows: per page type and overall, for each half of a split by domain (host less `www.`, FNV-1a
 * hash: even = half A, odd = half B). The title and author rules were developed looking at half A's
 * misses only (`--misses FIELD` prints them, half A only), half B being the held-out check; the later
 * date rules were chosen by cross-validation grouped by domain over both halves (docs/decisions.md).
 *   node scripts/bench-metadata.mjs [--dist DIR] [--misses title|author|date] [--time] [--write]
 * `--write`: also write the table between <!-- metadata:start --> and <!-- metadata:end --> of
 * docs/benchmarks/metadata.md (with `--headline`: between <!-- metadata-headline:start/end -->).
 * `--dist`: the build to measure (default ./dist; /work/ab/start/dist for the "before" figures).
 * `--time`: also the median and total ms extractMetadata takes per page (3 passes).
 *
 * `--headline`: the older title check on every dataset: pages whose gold text begins with the
 * headline (first gold line = the full text of an h1-h3), farsw's title, its headline field (the title
 * where the page shows no heading repeating it) and Readability's title.
 */
import { createReadStream, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.FARSW_DATASETS ?? join(root, '../shared/datasets');
if (!existsSync(dir)) { console.log('bench-metadata: ../shared/datasets is absent; skipped'); process.exit(0); }
const { values } = parseArgs({ options: { dist: { type: 'string' }, misses: { type: 'string' }, time: { type: 'boolean' }, headline: { type: 'boolean' }, sample: { type: 'string' }, write: { type: 'boolean' } } });
const dist = resolve(values.dist ?? join(root, 'dist'));
const { extractMetadata } = await import(pathToFileURL(join(dist, 'html/metadata.js')).href);
// The section writer of every bench script, from this checkout's build (`--dist` may name an older one).
const { replaceBenchmarkSection } = await import(pathToFileURL(join(root, 'dist/index.js')).href);
const norm = (s) => (s ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim();
const pct = (a, n) => (n > 0 ? `${((100 * a) / n).toFixed(1)} %` : '-');

async function* records(file) {
  const lines = createInterface({ input: createReadStream(join(dir, file)).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) yield JSON.parse(line);
}

if (values.headline) await headline();
else await wcxb();

/** Print a table's lines; with `--write`, also put them between <!-- NAME:start --> and <!-- NAME:end --> of docs/benchmarks/metadata.md. */
function emit(name, lines) {
  for (const l of lines) console.log(l);
  if (!values.write) return;
  const file = join(root, 'docs/benchmarks/metadata.md');
  const stamp = `_Written ${new Date().toISOString().slice(0, 10)} by \`node scripts/bench-metadata.mjs${values.headline ? ' --headline' : ''} --write\`._`;
  writeFileSync(file, replaceBenchmarkSection(existsSync(file) ? readFileSync(file, 'utf8') : null, name, [stamp, '', ...lines].join('\n')));
}

/** The calendar day a date string names, as written: ISO first, then what Date.parse reads (UTC day). */
function day(s) {
  if (s === null || s === undefined) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s.trim());
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10);
}

/** FNV-1a of a string: the domain split. */
function fnv(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  return h;
}

async function wcxb() {
  const FIELDS = ['title', 'author', 'date'];
  const fold = (s) => norm(s).toLowerCase().replace(/[’‘ʼ]/g, "'").replace(/[“”]/g, '"');
  const same = {
    title: (got, want) => got !== null && fold(got) === fold(want),
    author: (got, want) => got !== null && fold(got) === fold(want),
    date: (got, want) => day(got) === want,
  };
  const got = (m, field) => (field === 'author' ? m.byline : m[field]);
  // rows[half][type][field] = { n, hit, none, extra }
  const rows = { A: new Map(), B: new Map() };
  const cell = (half, type) => {
    if (!rows[half].has(type)) rows[half].set(type, Object.fromEntries(FIELDS.map((f) => [f, { n: 0, hit: 0, none: 0, extra: 0 }])));
    return rows[half].get(type);
  };
  const ms = [];
  let pages = 0;
  for await (const r of records('wcxb-dev.jsonl.gz')) {
    const host = (r.host ?? (r.url ? new URL(r.url).host : r.id)).replace(/^www\./, '');
    const half = fnv(host) % 2 === 0 ? 'A' : 'B';
    const t0 = performance.now();
    const m = extractMetadata(r.html, r.url ?? undefined);
    if (values.time) {
      for (let i = 0; i < 2; i++) extractMetadata(r.html, r.url ?? undefined);
      ms.push((performance.now() - t0) / 3);
    }
    pages++;
    for (const type of [r.page_type, 'all']) {
      const c = cell(half, type);
      for (const f of FIELDS) {
        const want = r[f];
        if (want === null || want === undefined || norm(want) === '') { c[f].none++; if (got(m, f) !== null) c[f].extra++; continue; }
        c[f].n++;
        if (same[f](got(m, f), want)) c[f].hit++;
        else if (type === 'all' && half === 'A' && values.misses === f) console.log(`${r.id} ${r.page_type} ${r.url}\n  want ${JSON.stringify(want)}\n  got  ${JSON.stringify(got(m, f))}`);
      }
    }
  }
  const types = ['article', 'service', 'product', 'collection', 'forum', 'listing', 'documentation', 'all'];
  console.log(`WCXB dev, ${pages} pages, ${dist}`);
  const out = ['| half | page type | title exact | author exact | date exact | author where none | date where none |', '|---|---|---:|---:|---:|---:|---:|'];
  const both = (type) => {
    const a = rows.A.get(type), b = rows.B.get(type);
    return Object.fromEntries(FIELDS.map((f) => [f, { n: (a?.[f].n ?? 0) + (b?.[f].n ?? 0), hit: (a?.[f].hit ?? 0) + (b?.[f].hit ?? 0), none: (a?.[f].none ?? 0) + (b?.[f].none ?? 0), extra: (a?.[f].extra ?? 0) + (b?.[f].extra ?? 0) }]));
  };
  const line = (label, type, c) => {
    if (!c) return;
    const share = (f) => `${pct(c[f].hit, c[f].n)} (${c[f].n})`;
    out.push(`| ${label} | ${type === 'all' ? '**all**' : type} | ${share('title')} | ${share('author')} | ${share('date')} | ${pct(c.author.extra, c.author.none)} | ${pct(c.date.extra, c.date.none)} |`);
  };
  for (const half of ['A', 'B']) for (const type of types) line(half, type, rows[half].get(type));
  for (const type of types) line('both', type, both(type));
  emit('metadata', out);
  if (values.time) {
    ms.sort((x, y) => x - y);
    console.log(`extractMetadata: median ${ms[ms.length >> 1].toFixed(2)} ms per page, total ${(ms.reduce((x, y) => x + y, 0) / 1000).toFixed(2)} s for ${ms.length} pages (mean of 3 passes each)`);
  }
}

async function headline() {
  const { Parser } = await import('htmlparser2');
  const { parseHTML } = await import('linkedom');
  const { Readability } = await import('@mozilla/readability');
  const sample = values.sample ? Number(values.sample) : Infinity;
  /** Texts of the page's h1-h3 elements (an independent pass from farsw's). */
  const headingTexts = (html) => {
    const out = new Set();
    let cur = null, depth = 0, at = 0;
    const p = new Parser({
      onopentag(name) { depth++; if (!cur && /^h[1-3]$/.test(name)) { cur = ''; at = depth; } },
      ontext(t) { if (cur !== null) cur += t; },
      onclosetag() { if (cur !== null && depth === at) { out.add(norm(cur)); cur = null; } depth--; },
    }, { decodeEntities: true });
    p.end(html);
    return out;
  };
  const rows = [];
  let allPages = 0, allFarsw = 0, allHeadline = 0, allReadability = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl.gz') && !f.startsWith('wcxb')).sort()) {
    let pages = 0, farsw = 0, head = 0, readability = 0, read = 0;
    for await (const r of records(file)) {
      if (read++ >= sample) break;
      const first = norm((r.gold ?? '').split('\n').find((l) => l.trim() !== ''));
      if (first === '' || first.length > 300 || !headingTexts(r.html).has(first)) continue;
      pages++;
      const m = extractMetadata(r.html, r.url ?? undefined);
      if (norm(m.title) === first) farsw++;
      // The headline field where the page has one (builds before it had none: the title).
      if (norm(m.headline !== undefined ? m.headline ?? m.title : m.title) === first) head++;
      let t = null;
      try { t = new Readability(parseHTML(r.html).document).parse()?.title ?? null; } catch { t = null; }
      if (norm(t) === first) readability++;
    }
    rows.push([file.replace('.jsonl.gz', ''), pages, farsw, head, readability]);
    allPages += pages; allFarsw += farsw; allHeadline += head; allReadability += readability;
  }
  emit('metadata-headline', [
    '| dataset | pages whose gold begins with the headline | farsw title = headline | farsw headline (else title) = headline | Readability title = headline |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(([name, n, f, h, r]) => `| ${name} | ${n} | ${pct(f, n)} | ${pct(h, n)} | ${pct(r, n)} |`),
    `| all | ${allPages} | ${pct(allFarsw, allPages)} | ${pct(allHeadline, allPages)} | ${pct(allReadability, allPages)} |`,
  ]);
}
