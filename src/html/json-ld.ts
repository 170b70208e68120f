/**
 * The `description` of the page's JSON-LD Product (schema.org), for product pages whose visible text lacks it (the store
 * renders it in a tab a script fills, or not at all). Each `<script type="application/ld+json">` block is read with
 * JSON.parse; objects are visited at the top level, in arrays,
 * `@graph` and `mainEntity`, to depth 4.
 */
import { decodeHTML } from 'entities';

const LD_SCRIPT = /<script[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script/gi;
const TAGS = /<[^>]*>/g;
const SPACE = /\s+/g;

/** The longest description of a Product object in the page's JSON-LD, tags removed, entities decoded; undefined for none. */
export function productDescription(html: string): string | undefined {
  let best: string | undefined;
  const visit = (v: unknown, depth: number): void => {
    if (depth > 4 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) { for (const x of v) visit(x, depth + 1); return; }
    const o = v as Record<string, unknown>;
    const type = Array.isArray(o['@type']) ? o['@type'].join(' ') : String(o['@type'] ?? '');
    if (/product/i.test(type) && typeof o['description'] === 'string') {
      const d = decodeHTML(o['description'].replace(TAGS, ' ')).replace(SPACE, ' ').trim();
      if (d.length > (best?.length ?? 0)) best = d;
    }
    if (o['@graph']) visit(o['@graph'], depth + 1);
    if (o['mainEntity']) visit(o['mainEntity'], depth + 1);
  };
  // Only routed product pages are searched (extract/strategies/index.ts), so a regex over the source is affordable.
  for (const m of html.matchAll(LD_SCRIPT)) {
    try {
      visit(JSON.parse(m[1]!), 0);
    } catch { /* a broken block says nothing */ }
  }
  return best;
}
