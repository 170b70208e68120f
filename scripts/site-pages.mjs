/**
 * The shared datasets' pages grouped by host, for the site-model benchmarks (bench-site-models.mjs,
 * bench-drift.mjs): pages with gold and a host only; hosts with at least `minPages` pages, by name.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readDataset, hostOfRecord } from '../dist/index.js';

/** @returns [host, pages {id, html, gold}[]][] sorted by host */
export async function sitePages(dir, minPages) {
  const bySite = new Map();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl.gz')).sort()) {
    for await (const r of readDataset(join(dir, f))) {
      const host = hostOfRecord(r);
      if (!r.gold || host === null) continue;
      if (!bySite.has(host)) bySite.set(host, []);
      bySite.get(host).push({ id: r.id, html: r.html, gold: r.gold, dataset: f.replace(/\.jsonl\.gz$/, '') });
    }
  }
  return [...bySite].filter(([, p]) => p.length >= minPages).sort((a, b) => (a[0] < b[0] ? -1 : 1));
}
