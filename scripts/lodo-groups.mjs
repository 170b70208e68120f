#!/usr/bin/env node
/**
 * Generalisation along axes other than the dataset (issue 17): reads the per-page results `scripts/lodo.mjs
 * --save FILE` wrote (every page held out with its dataset) and reports the mean BoW F1 of every column per language group
 * (el, pl, ru, zh, en, other; the record's `lang`, null → other) and per era (the year in the page's URL, else in its
 * published-date metadata; pages with neither are `unknown`), with the paired bootstrap interval of `--config` against each
 * peer column (addanag, Readability, … as --peers / --readability added them) and against the file's first column.
 * A group mixes datasets; each page was scored by the model that never saw its dataset.
 *
 * Usage: node scripts/lodo-groups.mjs FILE.json [--config default] [--worst 0.1]
 *   --worst  also list, per dataset, the pages in the bottom share by the config's F1 (id, lang, F1, peers' F1)
 * Needs ../shared/datasets (or FARSW_DATASETS) for the dates in metadata; without it, eras come from URLs alone.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LODO_OPTIONS } from './lodo-common.mjs';
import { pairedBootstrap, readJsonlDataset } from '../dist/index.js';

const { values: opts, positionals } = parseArgs({
  options: { data: LODO_OPTIONS.data, config: { type: 'string', default: 'default' }, worst: { type: 'string' } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('usage: node scripts/lodo-groups.mjs FILE.json [--config NAME] [--worst SHARE]');
  process.exit(2);
}
const saved = JSON.parse(readFileSync(positionals[0], 'utf8'));
const datasets = Object.keys(saved.results);
const names = Object.keys(saved.results[datasets[0]].f1);
const me = opts.config;
if (!names.includes(me)) { console.error(`lodo-groups: no column ${me} in ${positionals[0]} (${names.join(', ')})`); process.exit(2); }
const configNames = new Set(saved.configs.map((c) => c.name));
const against = [names[0], ...names.filter((n) => !configNames.has(n))].filter((n) => n !== me);

/** The year a page's URL or published-date metadata names, 1995-2030, or undefined. */
const YEAR_IN_URL = /[/_-](199[5-9]|20[0-3]\d)(?=[/_-]|\d{4}|$)/;
const YEAR_IN_META = /(?:published_time|datePublished|pubdate|publish[-_]?date|dc\.date|article:published|"dateCreated")["'\s:=a-z]*?content=?["']?\s*(199[5-9]|20[0-3]\d)|(?:datePublished|dateCreated)"\s*:\s*"(199[5-9]|20[0-3]\d)/i;
const yearOf = (url, html) => {
  const u = url && YEAR_IN_URL.exec(url);
  if (u) return Number(u[1]);
  const m = html && YEAR_IN_META.exec(html);
  return m ? Number(m[1] ?? m[2]) : undefined;
};
const eraOf = (y) => (y === undefined ? 'unknown' : y <= 2008 ? '≤ 2008' : y <= 2012 ? '2009–2012' : y <= 2016 ? '2013–2016' : '≥ 2017');
const LANGS = new Set(['el', 'pl', 'ru', 'zh', 'en']);
const langOf = (l) => (l && LANGS.has(l) ? l : 'other');

// Years need the HTML when the URL has none: one pass over the datasets of the file.
const year = new Map();
if (existsSync(opts.data)) {
  const want = new Set(datasets);
  for (const f of readdirSync(opts.data).filter((n) => n.endsWith('.jsonl.gz')).sort()) {
    if (!want.has(f.replace(/\.jsonl\.gz$/, ''))) continue;
    for await (const r of readJsonlDataset(join(opts.data, f))) year.set(r.id, yearOf(r.url, r.html));
  }
}

/** rows: one per page: { dataset, id, lang, era, f1: name → F1 } */
const rows = [];
for (const d of datasets) {
  const res = saved.results[d];
  res.ids.forEach((id, i) => {
    const y = year.has(id) ? year.get(id) : yearOf(res.url?.[i]);
    rows.push({ dataset: d, id, lang: res.lang?.[i] ?? null, era: eraOf(y), f1: Object.fromEntries(names.map((n) => [n, res.f1[n][i]])) });
  });
}
const mean = (v) => v.reduce((s, x) => s + x, 0) / v.length;
const signed = (x) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;
const interval = (a, b) => {
  const d = pairedBootstrap(a, b);
  return `${signed(d.mean)} (${signed(d.low)} … ${signed(d.high)})${d.low > 0 ? ' ▲' : d.high < 0 ? ' ▼' : ''}`;
};
const table = (title, keyOf, order) => {
  const groups = new Map();
  for (const r of rows) {
    const k = keyOf(r);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(r);
  }
  const keys = order.filter((k) => groups.has(k)).concat([...groups.keys()].filter((k) => !order.includes(k)).sort());
  console.log(`\n${title}: mean BoW F1; \`${me}\` against each column, 95 % paired bootstrap interval (▲/▼ above/below 0).\n`);
  console.log(`| group (pages; datasets) | ${names.join(' | ')} | ${against.map((n) => `${me} − ${n}`).join(' | ')} |`);
  console.log(`|---|${names.map(() => '---:').join('|')}|${against.map(() => '---:').join('|')}|`);
  for (const k of keys) {
    const g = groups.get(k);
    const per = new Map();
    for (const r of g) per.set(r.dataset, (per.get(r.dataset) ?? 0) + 1);
    const ds = [...per].map(([d, n]) => `${d} ${n}`).join(', ');
    const col = (n) => g.map((r) => r.f1[n]);
    console.log(`| ${k} (${g.length}; ${ds}) | ${names.map((n) => mean(col(n)).toFixed(3)).join(' | ')} | ${against.map((n) => interval(col(me), col(n))).join(' | ')} |`);
  }
};
table('Per language group (record `lang`)', (r) => langOf(r.lang), ['el', 'pl', 'ru', 'zh', 'en', 'other']);
table('Per era (year in the URL or the published-date metadata)', (r) => r.era, ['≤ 2008', '2009–2012', '2013–2016', '≥ 2017', 'unknown']);
table('Per language group outside daniel', (r) => (r.dataset === 'daniel' ? 'daniel (any language)' : langOf(r.lang)), ['en', 'zh', 'other', 'daniel (any language)']);

if (opts.worst) {
  const share = Number(opts.worst);
  console.log(`\nThe bottom ${(100 * share).toFixed(0)} % of each dataset by \`${me}\`'s F1:\n`);
  console.log(`| id | lang | era | ${names.join(' | ')} |`);
  console.log(`|---|---|---|${names.map(() => '---:').join('|')}|`);
  for (const d of datasets) {
    const g = rows.filter((r) => r.dataset === d).sort((a, b) => a.f1[me] - b.f1[me]);
    for (const r of g.slice(0, Math.max(1, Math.round(share * g.length)))) {
      console.log(`| ${r.id} | ${r.lang ?? '-'} | ${r.era} | ${names.map((n) => r.f1[n].toFixed(3)).join(' | ')} |`);
    }
  }
}
