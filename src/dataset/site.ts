/**
 * Site of a page, the unit of per-site reports, cross-validation and
 * `farsw train --by-site`. One definition serves all three, so a model trained
 * for a host is the model of that host's pages in the evaluation.
 *
 * A host name is lower-cased without a leading `www.` (so `www.x.org` and
 * `x.org` are one site); a Wayback Machine URL
 * (`https://web.archive.org/web/<timestamp>[flags]/<original URL>`) stands for
 * the host of the archived page, not for web.archive.org.
 */
import type { PageRecord } from './types.js';

/** `https://web.archive.org/web/<timestamp>[flags]/<original URL>`. */
const ARCHIVE_RE = /^https?:\/\/web\.archive\.org\/web\/\d+[a-z_]*\/(.+)$/i;
const SCHEME_RE = /^https?:/i;
const WWW_RE = /^www\./;

/**
 * Normal form of a host name: lower-case, without a leading `www.`.
 * @param host a host name as given (e.g. a record's `host` field or a directory name)
 * @returns the normalised host; null for an empty string
 */
export function normalizeHost(host: string): string | null {
  const h = host.toLowerCase().replace(WWW_RE, '');
  return h === '' ? null : h;
}

/**
 * Host name of a URL in the normal form of {@link normalizeHost}; Wayback
 * Machine URLs give the archived page's host.
 * @param url an absolute URL, or anything else
 * @returns the host; null when `url` is not a string, empty or not an absolute URL with a host
 */
export function hostOf(url: unknown): string | null {
  if (typeof url !== 'string' || url === '') return null;
  const archived = ARCHIVE_RE.exec(url);
  if (archived) return hostOf(SCHEME_RE.test(archived[1]!) ? archived[1] : `http://${archived[1]}`);
  try {
    return normalizeHost(new URL(url).hostname);
  } catch {
    return null;
  }
}

/**
 * Host of a record: its `host` (the source's own field, or the SITE directory
 * of training data), else the host of its URL, both normalised as above.
 * @param record page record
 * @returns the host, or null when the record names none
 */
export function hostOfRecord(record: Pick<PageRecord, 'host' | 'url'>): string | null {
  return (record.host ? normalizeHost(record.host) : null) ?? hostOf(record.url);
}

/**
 * Site key of a record: {@link hostOfRecord}, else its dataset name (a dataset
 * without hosts or URLs is one site).
 * @param record page record
 */
export function siteOf(record: Pick<PageRecord, 'host' | 'url' | 'dataset'>): string {
  return hostOfRecord(record) ?? record.dataset;
}
