/**
 * How the shipped page-type classifier is learnt (train-default.mjs), and the benchmarks that mirror it (bench-page-type.mjs,
 * bench-wcxb.mjs --cv): the pages with a `page_type` (wcxb-dev) at weight 1, and every page with gold of the other shared
 * datasets (news and other article collections) as `article` at `otherWeight` each, so their teaser lists are not typed
 * listing. Setting chosen by domain-grouped cross-validation (docs/decisions.md, "Page types", "The classifier").
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readJsonlDataset, buildLineTable, pageTypeFeatures } from '../dist/index.js';
import { domainOf } from './page-domain.mjs';

/** L2 penalty and the weight of each other dataset's page (the shipped setting). */
export const PAGE_TYPE_FIT = { l2: 0.03, otherWeight: 0.05 };

/**
 * Feature vectors of the other datasets' pages (with gold), as `article` examples.
 * @param dir the datasets' directory
 * @param exclude the labelled dataset's file (left out)
 * @param lines the line options the features are built with (the model's)
 * @returns [{dataset, group (domain), x}]
 */
export async function otherPages(dir, exclude, lines) {
  const out = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl.gz') && join(dir, n) !== resolve(exclude)).sort()) {
    for await (const r of readJsonlDataset(join(dir, f))) {
      if (r.gold === null || r.gold === undefined || r.pageType) continue;
      out.push({ dataset: r.dataset ?? f, group: domainOf(r.url, r.host), x: pageTypeFeatures(buildLineTable(r.html, lines), r.html, r.url) });
    }
  }
  return out;
}
