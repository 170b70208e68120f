/**
 * A page's domain, the group of the page-type classifier's cross-validation folds (bench-page-type.mjs) and of
 * bench:wcxb's `--cv` folds: the host without `www.`, its last two labels (three under a two-letter country code's
 * co/com/org/ac/gov/net/edu).
 */
export function domainOf(url, host) {
  const h = (host ?? (url ? (/^[a-z]+:\/\/([^/?#:]+)/i.exec(url)?.[1] ?? '') : '')).toLowerCase().replace(/^www\d?\./, '');
  const parts = h.split('.');
  if (parts.length <= 2) return h;
  const second = parts[parts.length - 2];
  const n = parts[parts.length - 1].length === 2 && /^(?:co|com|org|ac|gov|net|edu|ne|or)$/.test(second) ? 3 : 2;
  return parts.slice(-n).join('.');
}
