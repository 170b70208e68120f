/**
 * Site of a page, the unit of per-site reports and cross-validation.
 */
import type { PageRecord } from './types.js';

/**
 * Site key of a record: its `host` when the source gives one, else the
 * hostname of its URL (lower-cased, a leading `www.` kept), else its dataset
 * name (a dataset without hosts or URLs is one site).
 * @param record page record
 */
export function siteOf(record: Pick<PageRecord, 'host' | 'url' | 'dataset'>): string {
  if (record.host) return record.host;
  if (record.url) {
    try {
      const host = new URL(record.url).hostname;
      if (host) return host.toLowerCase();
    } catch {
      // not an absolute URL: fall through to the dataset name
    }
  }
  return record.dataset;
}
