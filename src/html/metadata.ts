/**
 * Page metadata as Readability and trafilatura return it: title, byline, published
 * date, site name, language, canonical URL and description. One htmlparser2 pass
 * over the page with a handler (no DOM), stopping at the first 64 headings; the
 * sources, best first:
 * - title: the heading (`<h1>`…`<h6>`) that repeats the `og:title`, JSON-LD
 *   `headline`, `twitter:title` or `<title>` most closely (the headline line: titles
 *   carry the site's name, "Headline | Site", "Site: Headline"; headings that are the
 *   site's name, linked to its home page or marked as its banner, never count); else
 *   `og:title`, JSON-LD `headline`, the `<title>` without its site part; else the
 *   first `<h1>`;
 * - byline: `<meta name=author>`, `article:author`, JSON-LD `author`, `itemprop=author`,
 *   `rel=author`, an element whose class is `byline` / `author`;
 * - date: `article:published_time`, JSON-LD `datePublished`, `<meta name=date|pubdate|
 *   dc.date…>`, `itemprop=datePublished`, the first `<time datetime>`;
 * - site name: `og:site_name`, JSON-LD `publisher.name`, `application-name`;
 * - language: `<html lang>`, `content-language`, `og:locale`;
 * - canonical URL: `<link rel=canonical>`, `og:url` (resolved against the page URL; http(s), mailto or relative only);
 * - description: `<meta name=description>`, `og:description`, JSON-LD `description`.
 */
import { Parser } from 'htmlparser2';
import { tokenize } from '../core/tokenize.js';
import { safeUrl } from './safe-url.js';

/** Metadata of a page; null where the page does not say. */
export interface PageMetadata {
  readonly title: string | null;
  readonly byline: string | null;
  /** As the page gives it (ISO 8601 where the page uses it). */
  readonly date: string | null;
  readonly siteName: string | null;
  readonly lang: string | null;
  readonly canonicalUrl: string | null;
  readonly description: string | null;
}

const MAX_HEADINGS = 64;
const HEADING = /^h[1-6]$/;
const SPACE = /\s+/g;
const TITLE_SEPARATORS = /\s+(?:\||-|–|—|::|»|·|\/)\s+/;
/** Title separators for matching headings to a title's segments: those above, `›`, `«`, and a colon ("Site: Headline"). */
const SEGMENT_SEPARATORS = /\s+(?:\||-|–|—|::|»|«|›|‹|·|\/)\s+|:\s+/;
/** A link to a site's home page: `/`, `./`, a bare host, or its index file. */
const HOME_LINK = /^(?:(?:https?:)?\/\/[^/?#]+)?\.?\/?(?:index\.\w+)?$/i;
/** Class or id words of a heading that holds the site's name. */
const SITE_BANNER = /(?:^|[\s_-])(?:logo|banner|masthead|site-?(?:title|name)|blog-?(?:title|name))(?:$|[\s_-])/i;
const BYLINE_CLASS = /(?:^|\s)(?:byline|author|article-author|post-author)(?:\s|$)/i;
const ARTICLE_TYPES = /Article|BlogPosting|Report|WebPage|NewsArticle|Posting/;

/** What one pass collects. */
interface Found {
  titleTag: string;
  meta: Map<string, string>;
  /** `site`: the heading links to the site's home or is marked as its banner (the site's name, not a headline). */
  headings: { level: number; text: string; site: boolean }[];
  jsonLd: string[];
  lang: string | null;
  /** `<link rel=canonical>` and `og:url` as written (a URL's tabs and newlines are not white space to collapse). */
  canonical: string | null;
  ogUrl: string | null;
  time: string | null;
  itemprop: Map<string, string>;
  relAuthor: string | null;
  bylineText: string | null;
}

const clean = (s: string | undefined | null): string | null => {
  if (s === undefined || s === null) return null;
  const t = s.replace(SPACE, ' ').trim();
  return t === '' ? null : t;
};

/** One pass over the page: the elements metadata comes from. */
function collect(html: string): Found {
  const f: Found = {
    titleTag: '', meta: new Map(), headings: [], jsonLd: [], lang: null, canonical: null, ogUrl: null, time: null,
    itemprop: new Map(), relAuthor: null, bylineText: null,
  };
  // Text capture: which element's text is being gathered, with its nesting depth.
  let capture: { kind: 'title' | 'heading' | 'jsonld' | 'itemprop' | 'relAuthor' | 'byline'; key?: string; level?: number; site?: boolean; depth: number; text: string } | null = null;
  // Inside a heading: the depth of an open link to the home page (−1: none) and the text inside such links.
  let homeDepth = -1, homeText = '';
  let depth = 0;
  let headingsDone = false;
  // Depth of an open <svg> or <math> (−1: none): their <title> and text are a drawing's, never the page's title.
  let foreignDepth = -1;
  const parser = new Parser({
    onopentag(name, attrs) {
      depth++;
      if (name === 'html' && attrs['lang']) f.lang ??= clean(attrs['lang']);
      else if (name === 'meta') {
        const key = (attrs['property'] ?? attrs['name'] ?? attrs['itemprop'] ?? attrs['http-equiv'])?.toLowerCase();
        const content = clean(attrs['content']);
        if (key && content && !f.meta.has(key)) f.meta.set(key, content);
        if (key === 'og:url' && content) f.ogUrl ??= attrs['content']!;
      } else if (name === 'link') {
        const rel = attrs['rel']?.toLowerCase().split(/\s+/) ?? [];
        if (rel.includes('canonical') && clean(attrs['href'])) f.canonical ??= attrs['href']!;
      } else if (name === 'time' && attrs['datetime']) f.time ??= clean(attrs['datetime']);
      if (capture?.kind === 'heading' && name === 'a' && homeDepth < 0 && attrs['href'] !== undefined && HOME_LINK.test(attrs['href'].trim())) homeDepth = depth;
      if (foreignDepth < 0 && (name === 'svg' || name === 'math')) foreignDepth = depth;
      if (capture || foreignDepth >= 0) return;
      if (name === 'title' && f.titleTag === '') capture = { kind: 'title', depth, text: '' };
      else if (HEADING.test(name) && !headingsDone) {
        capture = { kind: 'heading', level: name.charCodeAt(1) - 48, site: SITE_BANNER.test(`${attrs['id'] ?? ''} ${attrs['class'] ?? ''}`), depth, text: '' };
        homeDepth = -1;
        homeText = '';
      }
      else if (name === 'script' && attrs['type']?.toLowerCase() === 'application/ld+json') capture = { kind: 'jsonld', depth, text: '' };
      else if (attrs['itemprop'] && name !== 'meta') {
        const key = attrs['itemprop'].toLowerCase();
        if (key === 'datepublished' && attrs['datetime']) { if (!f.itemprop.has(key)) f.itemprop.set(key, attrs['datetime']); }
        else if ((key === 'author' || key === 'headline') && !f.itemprop.has(key)) capture = { kind: 'itemprop', key, depth, text: '' };
      } else if (name === 'a' && attrs['rel']?.toLowerCase().split(/\s+/).includes('author') && f.relAuthor === null) capture = { kind: 'relAuthor', depth, text: '' };
      else if (f.bylineText === null && attrs['class'] && BYLINE_CLASS.test(attrs['class'])) capture = { kind: 'byline', depth, text: '' };
    },
    ontext(text) {
      if (foreignDepth >= 0) return;
      if (capture) capture.text += text;
      if (homeDepth >= 0) homeText += text;
    },
    onclosetag() {
      if (homeDepth === depth) homeDepth = -1;
      if (foreignDepth === depth) foreignDepth = -1;
      if (capture && capture.depth === depth) {
        const text = capture.kind === 'jsonld' ? capture.text : clean(capture.text);
        if (text) {
          if (capture.kind === 'title') f.titleTag = text;
          else if (capture.kind === 'heading') {
            // The site's name: a banner, or a heading whose text is (almost all) a link to the home page.
            const home = clean(homeText);
            f.headings.push({ level: capture.level!, text, site: capture.site === true || (home !== null && home.length >= 0.9 * text.length) });
            if (f.headings.length >= MAX_HEADINGS) headingsDone = true;
          } else if (capture.kind === 'jsonld') f.jsonLd.push(text);
          else if (capture.kind === 'itemprop') f.itemprop.set(capture.key!, text);
          else if (capture.kind === 'relAuthor') f.relAuthor = text;
          else if (capture.kind === 'byline' && text.length <= 100) f.bylineText = text;
        }
        capture = null;
      }
      depth--;
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.end(html);
  return f;
}

/** The article-like objects of the page's JSON-LD (top level, arrays, `@graph`). */
function jsonLdArticles(blocks: readonly string[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (v: unknown, depth: number): void => {
    if (depth > 4 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) { for (const x of v) visit(x, depth + 1); return; }
    const o = v as Record<string, unknown>;
    const type = Array.isArray(o['@type']) ? o['@type'].join(' ') : String(o['@type'] ?? '');
    if (ARTICLE_TYPES.test(type)) out.push(o);
    if (o['@graph']) visit(o['@graph'], depth + 1);
  };
  for (const b of blocks) {
    try {
      visit(JSON.parse(b), 0);
    } catch { /* a broken block says nothing */ }
  }
  // Articles before pages: a WebPage wraps the article on many sites.
  return out.sort((a, b) => Number(/WebPage/.test(String(a['@type']))) - Number(/WebPage/.test(String(b['@type']))));
}

/** A name from a JSON-LD value: a string, `{ name }`, or an array of those. */
function ldName(v: unknown): string | null {
  if (typeof v === 'string') return clean(v);
  if (Array.isArray(v)) {
    const names = v.map(ldName).filter((x): x is string => x !== null);
    return names.length > 0 ? names.join(', ') : null;
  }
  if (v !== null && typeof v === 'object') return ldName((v as Record<string, unknown>)['name']);
  return null;
}

const ldString = (o: Record<string, unknown> | undefined, key: string): string | null => (o && typeof o[key] === 'string' ? clean(o[key]) : null);

/** A heading as `headlineLine` compares it: its lower-cased tokens, and whether it is the site's name. */
interface Heading {
  readonly level: number;
  readonly text: string;
  readonly site: boolean;
  readonly key: string;
  readonly tokens: readonly string[];
}

/** Text compared without case, white space or edge punctuation (title segments against headings). */
const keyOf = (s: string): string => tokenize(s.toLowerCase()).join(' ');

/** The segments of a title between its separators (`Headline | Site`, `Site: Headline`, `Site › Headline`). */
function titleSegments(title: string): string[] {
  return title.split(SEGMENT_SEPARATORS).map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * The heading that repeats one of `refs` (tried in order): ≥ 60 % of its tokens, or of the ref's, shared (a title
 * adds the site's name; a headline may add a subtitle), at least min(3, either's tokens) shared, and a heading of
 * one or two tokens only when it is a whole segment of the ref. The closest wins: most tokens shared less those the
 * ref lacks ("42 Responses to “Headline”" and a print-edition footnote quoting the title lose to the headline),
 * where a level counts as 0.8 of a token (an <h1> with a "199 Comments" link in it beats an <h4> repeating the title). Headings that are the site's name (`site`: linked to the home page, a banner, or equal to
 * the site name) never count: in "Site: Headline" both would match.
 */
function headlineLine(headings: readonly Heading[], refs: readonly string[]): string | null {
  for (const ref of refs) {
    const refTokens = new Set(tokenize(ref.toLowerCase()));
    if (refTokens.size === 0) continue;
    const segments = new Set(titleSegments(ref).map(keyOf));
    let best: { h: Heading; score: number } | null = null;
    for (const h of headings) {
      if (h.tokens.length === 0 || h.site) continue;
      let shared = 0;
      for (const t of h.tokens) if (refTokens.has(t)) shared++;
      if (shared / Math.min(h.tokens.length, refTokens.size) < 0.6 || shared < Math.min(3, h.tokens.length, refTokens.size)) continue;
      if (h.tokens.length < 3 && !segments.has(h.key) && h.key !== keyOf(ref)) continue;
      const score = (shared - (h.tokens.length - shared)) * 10 - h.level * 8;
      if (!best || score > best.score) best = { h, score };
    }
    if (best) return best.h.text;
  }
  return null;
}

/** `<title>` without the site's part: the longest segment between separators that is not the site name. */
function titleWithoutSite(title: string, siteName: string | null): string {
  const parts = title.split(TITLE_SEPARATORS).map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length < 2) return title;
  const site = siteName?.toLowerCase();
  const kept = parts.filter((p) => p.toLowerCase() !== site);
  return kept.reduce((a, b) => (b.length > a.length ? b : a), kept[0] ?? title);
}


/**
 * The metadata of a page (module comment: the sources and their order).
 * @param html the decoded page
 * @param url the page's URL, to resolve a relative canonical URL
 */
export function extractMetadata(html: string, url?: string): PageMetadata {
  const f = collect(html);
  const m = f.meta;
  const ld = jsonLdArticles(f.jsonLd);
  const first = ld[0];
  const publisher = first?.['publisher'];
  const siteName = m.get('og:site_name') ?? ldName(publisher) ?? m.get('application-name') ?? null;
  const ogTitle = m.get('og:title') ?? null;
  const ldHeadline = ldString(first, 'headline') ?? f.itemprop.get('headline') ?? null;
  const refs = [ogTitle, ldHeadline, m.get('twitter:title') ?? null, clean(f.titleTag)].filter((x): x is string => x !== null);
  const siteKey = siteName !== null ? keyOf(siteName) : null;
  const headings: Heading[] = f.headings.map((h) => {
    const key = keyOf(h.text);
    return { ...h, site: h.site || key === siteKey, key, tokens: tokenize(h.text.toLowerCase()) };
  });
  const title = headlineLine(headings, refs)
    ?? (ogTitle !== null ? titleWithoutSite(ogTitle, siteName) : null)
    ?? ldHeadline
    ?? (f.titleTag !== '' ? titleWithoutSite(clean(f.titleTag)!, siteName) : null)
    // No title at all: the first <h1>, else the first heading of the page (the site's name on a home page).
    ?? headings.find((h) => h.level === 1)?.text
    ?? headings[0]?.text
    ?? null;
  const metaAuthor = m.get('author') ?? m.get('article:author') ?? m.get('byl') ?? m.get('dc.creator') ?? null;
  const byline = (metaAuthor !== null && !/^https?:\/\//.test(metaAuthor) ? metaAuthor : null)
    ?? ldName(first?.['author']) ?? f.itemprop.get('author') ?? f.relAuthor ?? f.bylineText;
  const date = m.get('article:published_time') ?? ldString(first, 'datePublished') ?? m.get('date') ?? m.get('pubdate')
    ?? m.get('publish-date') ?? m.get('dc.date') ?? m.get('dc.date.issued') ?? m.get('dcterms.created') ?? m.get('datepublished')
    ?? f.itemprop.get('datepublished') ?? f.time;
  const lang = f.lang ?? m.get('content-language') ?? m.get('og:locale')?.replace('_', '-') ?? null;
  const canonical = f.canonical ?? f.ogUrl ?? (first && typeof first['url'] === 'string' ? first['url'] : null);
  const canonicalUrl = canonical !== null ? safeUrl(canonical, url) : null;
  const description = m.get('description') ?? m.get('og:description') ?? ldString(first, 'description') ?? m.get('twitter:description') ?? null;
  return { title, byline: clean(byline), date: clean(date), siteName: clean(siteName), lang, canonicalUrl, description };
}
