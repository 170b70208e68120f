/**
 * Page metadata as Readability and trafilatura return it: title, byline, published
 * date, site name, language, text direction, canonical URL, description, excerpt and
 * image. One htmlparser2 pass over the page with a handler (no DOM), stopping at the
 * first 64 headings; the sources, best first:
 * - title (pageTitle): a heading equal to the title's first part that is not the site's
 *   name, else the first `<h1>` repeating the title, else a heading equal to a part of it,
 *   else that first part (og:title, else `<title>`); JSON-LD `headline`; the first `<h1>`;
 * - byline: `<meta name=author>`, `article:author`, scholarly `citation_author` tags (every one), JSON-LD `author` (a `Person`, an
 *   array of them, an `@id` reference into the `@graph`), `itemprop=author` (its text or its
 *   `<meta itemprop=name>`), `rel=author`, an element (or heading) whose class names an author
 *   or byline, a shown "By …" text near the headline, Twitter's "Written by" card label; the
 *   first that names a person (not a placeholder such as "Name", a lower-case login in the meta
 *   tag, the site's or its host's name), else the first that names anyone;
 *   a byline's text is cut to its names
 *   ("By …", "Von …", "Par …", "Por …" dropped; dates, roles and publishers after the
 *   names left out, and a role after a comma: "Jo Bloggs, senior reporter"; every name of "A, B and C" kept);
 * - date (`YYYY-MM-DD`, html/dates.ts): the date shown under the headline (its text, or
 *   a `<time datetime>` there, whose own text wins over its datetime when a day apart at most; not a date inside the
 *   headline), else a date labelled "Published"/"Posted on"/"Veröffentlicht am"/… anywhere, else JSON-LD `datePublished`,
 *   `article:published_time` and the other published-date meta tags (og, Dublin Core, parsely, sailthru, Microsoft
 *   Learn's `ms.date`, …), `itemprop=datePublished`, the first `<time datetime>` (a day only JSON-LD states and the
 *   page never shows gives way to the update the page shows, else to the first date within 2,000 characters after the
 *   headline), then a date shown just above the
 *   headline, then the URL (`/2007/05/20/`, `/2023/october/03/`); a numeric date ("03/10/2023") takes its other reading
 *   when the URL or the data names that day; never a modified date of the data alone (a page's last edit is not its
 *   publication), nor a date labelled or classed as an update ("Updated", hAtom's `updated`) before the others, nor a
 *   date shown after a label naming another event ("Registered:", "Joined", "Member since" in a forum's user box,
 *   "Submitted", "accessed");
 * - site name: `og:site_name`, JSON-LD `publisher.name`, `application-name`;
 * - language: `<html lang>`, `content-language`, `og:locale`; direction: `dir` of
 *   `<html>` or `<body>`;
 * - canonical URL: `<link rel=canonical>`, `og:url` (resolved against the page URL; http(s), mailto or relative only);
 * - description: `<meta name=description>`, `og:description`, JSON-LD `description`;
 *   excerpt: the description, else the first paragraph of 80+ characters after the headline;
 * - image: `og:image`, `twitter:image`, JSON-LD `image` (resolved against the page URL; http(s) or relative only).
 */
import { FlatParser as Parser } from './flat-parser.js';
import { tokenize } from '../core/tokenize.js';
import { dateFromUrl, dayOf, findDate } from './dates.js';
import { safeUrl } from './safe-url.js';

/** Metadata of a page; null where the page does not say. */
export interface PageMetadata {
  /** The page's title: a heading or the `<title>`'s part that names the page, without the site's name (pageTitle). */
  readonly title: string | null;
  /** The article's headline as the page shows it: the heading that repeats the title (headlineLine); null when none does. */
  readonly headline: string | null;
  readonly byline: string | null;
  /** The day the page was published (or last updated, when that is the date it shows): `YYYY-MM-DD`. */
  readonly date: string | null;
  readonly siteName: string | null;
  readonly lang: string | null;
  /** Text direction: `ltr`, `rtl` or `auto`, from `<html dir>` or `<body dir>`. */
  readonly dir: string | null;
  readonly canonicalUrl: string | null;
  readonly description: string | null;
  /** The description, else the first paragraph of 80+ characters after the headline. */
  readonly excerpt: string | null;
  /** The page's lead image (absolute when the page's URL is known). */
  readonly image: string | null;
  /**
   * What kind of page it is (features/page-type.ts): one of the seven WCXB types and the classifier's
   * probability for it. Set by extract() for model-based extraction; absent from extractMetadata's own result.
   */
  readonly pageType?: { readonly type: string; readonly confidence: number };
}

const MAX_HEADINGS = 64;
const HEADING = /^h[1-6]$/;
const SPACE = /\s+/g;
const TITLE_SEPARATORS = /\s+(?:\||-|–|—|::|»|«|›|‹|·|•|\/)\s+/;
/** Title separators for matching headings to a title's segments: those above, `›`, `«`, and a colon ("Site: Headline"). */
const SEGMENT_SEPARATORS = /\s+(?:\||-|–|—|::|»|«|›|‹|·|\/)\s+|:\s+|\s+:|^[»«›‹|]\s+/;
/** A link to a site's home page: `/`, `./`, a bare host, or its index file. */
const HOME_LINK = /^(?:(?:https?:)?\/\/[^/?#]+)?\.?\/?(?:index\.\w+)?$/i;
/** Class or id words of a heading that holds the site's name. */
const SITE_BANNER = /(?:^|[\s_-])(?:logo|banner|masthead|site-?(?:title|name)|blog-?(?:title|name))(?:$|[\s_-])/i;
/** Class or id of an element holding a byline: a word with `author` or `byline` in it (`post-author`, `authorName`, `styles_dateAndAuthorContainer`). */
const BYLINE_CLASS = /author(?!i)|by-?line/i;
/** Class or id words of an author's box or list (a bio at the end, a list of all authors), not a byline. */
const NOT_BYLINE = /(?:^|[\s_-])(?:bio|about|avatar|img|image|photo|description|desc|box|card|list|archive|comment|comments|widget|social|more|other|related)(?:$|[\s_-])|authors?-?(?:bio|box|card|desc|description|image|img|avatar|photo|social|more|info)/i;
/** Elements that hold the whole page: their classes describe the page ("…-show-author-name"), not a byline. */
const PAGE_ELEMENTS = new Set(['html', 'body', 'main']);
/** A class or id naming an author's name itself (`author-box__name`, `author-details-name`, `authorName`): a byline even inside a box. */
const AUTHOR_NAME_CLASS = /author(?:-?box)?(?:__|-|_)?name/i;

/** Whether an element's class or id marks a byline (BYLINE_CLASS, not NOT_BYLINE, unless it names the author's name itself). */
function isBylineMark(cls: string | undefined, id: string | undefined): boolean {
  const marks = `${cls ?? ''} ${id ?? ''}`;
  if (!BYLINE_CLASS.test(marks)) return false;
  return AUTHOR_NAME_CLASS.test(marks) || !NOT_BYLINE.test(marks);
}
const ARTICLE_TYPES = /Article|BlogPosting|Report|WebPage|NewsArticle|Posting|Question/;
/** Elements whose text a reader never sees. */
const HIDDEN_TEXT = new Set(['script', 'style', 'template']);
/** Most date candidates and bylines kept from the text (the page's top is what counts). */
const MAX_CANDIDATES = 64;
/** Longest byline element text kept (longer: a wrapper, not a byline). */
const MAX_BYLINE = 400;
/** Boundary between the text of two elements inside a byline (kept apart: "Keith Barry" | "Senior Reporter"). */
const BOUNDARY = '\u0001';

/**
 * A date seen in the page's visible text or a `<time>`, at `pos` characters of visible text; `updated`: labelled or classed
 * as an update; `published`: labelled as the publication; `other`: a numeric date's other reading when both parts could be the month.
 */
interface DateSeen { readonly pos: number; readonly day: string; readonly updated: boolean; readonly published: boolean; readonly other?: string | undefined }

/** A label saying the date after it is an update, not the publication ("Updated", "Aktualisiert", "Mis à jour", …). */
const UPDATED_LABEL = /(?:updated|modified|revised|edited|aktualisiert|geändert|mis à jour|modifié|actualizado|modificado|aggiornato|atualizado|bijgewerkt)\b[^\p{L}\d]{0,12}(?:\p{L}+[^\p{L}\d]{1,3}){0,2}$/iu;

/** A label saying the date after it is the publication's ("Published", "Posted on", "Veröffentlicht am", "Publié le", …). */
const PUBLISHED_LABEL = /(?:published|posted|publication date|veröffentlicht|publié|publicado|pubblicato|gepubliceerd)(?:\s+(?:on|am|le|el|il|op))?[^\p{L}\d]{0,4}$/iu;
/** Class words of an element whose dates are updates (hAtom's `updated`, `date-modified`, `last-modified`). */
const UPDATED_CLASS = /updated|modified/i;

/** A label saying the date after it is not the page's (a forum user box's "Registered:", "Joined", "Member since", a paper's "Submitted", a citation's "accessed"). */
const OTHER_DATE_LABEL = /(?:registered|joined|join date|member since|founded|submitted|received|accepted|accessed|registriert seit|dabei seit|inscrit le|inscrit depuis|registrado)\b[^\p{L}\d]{0,4}$/iu;

/** What one pass collects. */
interface Found {
  titleTag: string;
  meta: Map<string, string>;
  /** Scholarly pages' author meta tags (`citation_author`, one per author), in order. */
  citationAuthors: string[];
  /** `site`: the heading links to the site's home or is marked as its banner (the site's name, not a headline). `pos`: visible characters before it. */
  headings: { level: number; text: string; site: boolean; pos: number; end: number }[];
  jsonLd: string[];
  lang: string | null;
  dir: string | null;
  /** `<link rel=canonical>` and `og:url` as written (a URL's tabs and newlines are not white space to collapse). */
  canonical: string | null;
  ogUrl: string | null;
  /** The first `<time datetime>`. */
  time: string | null;
  /** Dates shown in the text, and `<time datetime>` values, where they are. */
  dates: DateSeen[];
  itemprop: Map<string, string>;
  relAuthor: string | null;
  /** Byline elements' texts with BOUNDARY between their elements, and where they are. */
  bylines: { text: string; pos: number }[];
  /** `data-author` of the first element that has one (forum posts). */
  dataAuthor: string | null;
  /** Visible texts that open with "By"/"Von"/… and the texts after them (BOUNDARY between), where they are: bylines without a byline class. */
  byTexts: { text: string; pos: number }[];
  /** Paragraphs of 80+ characters, where they are (the excerpt's fallback). */
  paragraphs: { text: string; pos: number }[];
}

const clean = (s: string | undefined | null): string | null => {
  if (s === undefined || s === null) return null;
  const t = s.replace(SPACE, ' ').trim();
  return t === '' ? null : t;
};

/** A heading's text without the anchor mark documentation generators append ("Quickstart¶"). */
const headingText = (s: string): string => s.replace(/\u00ad/g, '').replace(/\s*[¶§#🔗]+$/u, '');

/** One pass over the page: the elements metadata comes from. `monthFirst`: numeric dates read month first. */
function collect(html: string, monthFirst: boolean): Found {
  const f: Found = {
    titleTag: '', meta: new Map(), citationAuthors: [], headings: [], jsonLd: [], lang: null, dir: null, canonical: null, ogUrl: null, time: null, dates: [],
    itemprop: new Map(), relAuthor: null, bylines: [], dataAuthor: null, byTexts: [], paragraphs: [],
  };
  // Text capture: which element's text is being gathered, with its nesting depth.
  let capture: { kind: 'title' | 'heading' | 'jsonld' | 'itemprop' | 'relAuthor'; key?: string; level?: number; site?: boolean; depth: number; text: string; pos: number } | null = null;
  // A byline element's text, gathered beside the capture above (a post's wrapper classed "author-kgs" must not hide its headline).
  let byCap: { depth: number; text: string; pos: number } | null = null;
  // Inside a heading: the depth of an open link to the home page (−1: none) and the text inside such links.
  let homeDepth = -1, homeText = '';
  let depth = 0;
  let headingsDone = false;
  // Visible text: characters seen so far (outside the head, scripts and styles), and the depth of an element hiding its text.
  let pos = 0, hiddenDepth = -1, inHead = false, recent = '';
  // Depth of an open <svg> or <math> (−1: none): their <title> and text are a drawing's, never the page's title.
  let foreignDepth = -1;
  // A "By …" text being gathered: its text so far and the pieces it has.
  let byText: { text: string; pos: number; pieces: number } | null = null;
  // The open paragraph: its depth (−1: none) and text.
  let paraDepth = -1, paraText = '';
  // The open <time datetime> (−1: none) and its entry in the dates.
  let timeDepth = -1, timeDate = -1;
  // The open element whose class marks its dates as updates (−1: none).
  let updatedDepth = -1;
  const parser = new Parser({
    onopentag(name, attrs) {
      depth++;
      if (hiddenDepth < 0 && HIDDEN_TEXT.has(name) && !(name === 'script' && attrs['type']?.toLowerCase() === 'application/ld+json')) hiddenDepth = depth;
      if (name === 'head') inHead = true;
      else if (name === 'body') inHead = false;
      if (updatedDepth < 0 && attrs['class'] !== undefined && UPDATED_CLASS.test(attrs['class'])) updatedDepth = depth;
      if ((name === 'html' || name === 'body') && attrs['dir']) f.dir ??= clean(attrs['dir'])?.toLowerCase() ?? null;
      if (name === 'html' && attrs['lang']) f.lang ??= clean(attrs['lang']);
      else if (name === 'meta') {
        const key = (attrs['property'] ?? attrs['name'] ?? attrs['itemprop'] ?? attrs['http-equiv'])?.toLowerCase();
        const content = clean(attrs['content']);
        if (key && content && !f.meta.has(key)) f.meta.set(key, content);
        if ((key === 'citation_author' || key === 'citation_authors') && content && f.citationAuthors.length < MAX_CANDIDATES) f.citationAuthors.push(content);
        if (key === 'og:url' && content) f.ogUrl ??= attrs['content']!;
      } else if (name === 'link') {
        const rel = attrs['rel']?.toLowerCase().split(/\s+/) ?? [];
        if (rel.includes('canonical') && clean(attrs['href'])) f.canonical ??= attrs['href']!;
      } else if (name === 'time' && attrs['datetime']) {
        f.time ??= clean(attrs['datetime']);
        const day = dayOf(attrs['datetime'], monthFirst);
        if (day !== null && !inHead && f.dates.length < MAX_CANDIDATES && !OTHER_DATE_LABEL.test(recent.slice(-40).trimEnd())) {
          f.dates.push({ pos, day, updated: updatedDepth >= 0 || UPDATED_LABEL.test(recent.slice(-60)) || UPDATED_CLASS.test(attrs['class'] ?? ''), published: PUBLISHED_LABEL.test(recent.slice(-40)) });
          timeDepth = depth;
          timeDate = f.dates.length - 1;
        }
      }
      if (attrs['data-author'] && f.dataAuthor === null) f.dataAuthor = clean(attrs['data-author']);
      if (name === 'p' && paraDepth < 0 && f.paragraphs.length < 8) { paraDepth = depth; paraText = ''; }
      if (capture?.kind === 'heading' && name === 'a' && homeDepth < 0 && attrs['href'] !== undefined && HOME_LINK.test(attrs['href'].trim())) homeDepth = depth;
      if (foreignDepth < 0 && (name === 'svg' || name === 'math')) foreignDepth = depth;
      if (byCap !== null) byCap.text += BOUNDARY;
      else if (f.bylines.length < MAX_CANDIDATES && !inHead && hiddenDepth < 0 && foreignDepth < 0 && !PAGE_ELEMENTS.has(name) && isBylineMark(attrs['class'], attrs['id'])) byCap = { depth, text: '', pos };
      if (capture) {
        if (capture.key === 'author') capture.text += BOUNDARY;
        // A microdata author whose name is a property of its own (`<meta itemprop="name" content="…">`).
        if (capture.key === 'author' && name === 'meta' && attrs['itemprop']?.toLowerCase() === 'name' && attrs['content']) capture.text += attrs['content'] + BOUNDARY;
        // A line break inside a heading separates words ("Data Analytics<br>Agency").
        else if (capture.kind === 'heading' && name === 'br') capture.text += ' ';
        return;
      }
      if (foreignDepth >= 0) return;
      if (hiddenDepth >= 0) return;
      if (name === 'title' && f.titleTag === '') capture = { kind: 'title', depth, text: '', pos };
      else if (HEADING.test(name) && !headingsDone) {
        const marks = `${attrs['id'] ?? ''} ${attrs['class'] ?? ''}`;
        capture = { kind: 'heading', level: name.charCodeAt(1) - 48, site: SITE_BANNER.test(marks), depth, text: '', pos };
        homeDepth = -1;
        homeText = '';
      }
      else if (name === 'script' && attrs['type']?.toLowerCase() === 'application/ld+json') capture = { kind: 'jsonld', depth, text: '', pos };
      else if (attrs['itemprop'] && name !== 'meta') {
        const key = attrs['itemprop'].toLowerCase();
        if (key === 'datepublished' && (attrs['datetime'] ?? attrs['content'])) { if (!f.itemprop.has(key)) f.itemprop.set(key, (attrs['datetime'] ?? attrs['content'])!); }
        else if ((key === 'author' || key === 'headline' || key === 'datepublished') && !f.itemprop.has(key)) capture = { kind: 'itemprop', key, depth, text: '', pos };
      } else if (name === 'a' && attrs['rel']?.toLowerCase().split(/\s+/).includes('author') && f.relAuthor === null) capture = { kind: 'relAuthor', depth, text: '', pos };
    },
    ontext(text) {
      if (foreignDepth >= 0) return;
      if (capture && (hiddenDepth < 0 || capture.kind === 'jsonld')) capture.text += text;
      if (byCap !== null && hiddenDepth < 0) {
        byCap.text += text;
        // Longer than a byline: a wrapper; an element inside it may be the byline.
        if (byCap.text.length > MAX_BYLINE) byCap = null;
      }
      if (homeDepth >= 0) homeText += text;
      if (hiddenDepth >= 0 || inHead) return;
      if (paraDepth >= 0) paraText += text;
      // A date in the visible text: most text nodes have no digit and cost one test.
      if (f.dates.length < MAX_CANDIDATES && text.length < 400) {
        const d = findDate(text, monthFirst);
        // Inside a <time>, the day it shows replaces its datetime's when a day apart at most (a UTC value a day off the page's day).
        if (d && timeDepth >= 0) { if (daysApart(d.day, f.dates[timeDate]!.day) <= 1) f.dates[timeDate] = { ...f.dates[timeDate]!, day: d.day, other: d.other }; }
        else if (d) {
          const label = recent.slice(-60) + text.slice(0, d.index);
          if (!OTHER_DATE_LABEL.test(label.slice(-40).trimEnd())) f.dates.push({ pos: pos + d.index, day: d.day, updated: updatedDepth >= 0 || UPDATED_LABEL.test(label), published: PUBLISHED_LABEL.test(label.slice(-40)), other: d.other });
        }
      }
      if (text.trim() !== '') {
        if (byText !== null) {
          byText.text += BOUNDARY + text;
          if (++byText.pieces >= 6 || byText.text.length > 200) { f.byTexts.push(byText); byText = null; }
        } else if (f.byTexts.length < 16 && text.length < 200 && BY_TEXT.test(text)) byText = { text, pos, pieces: 1 };
      }
      pos += text.length;
      // The previous visible text: the label before a date may sit in an element of its own.
      if (text.trim() !== '') recent = text;
    },
    onclosetag(name) {
      if (homeDepth === depth) homeDepth = -1;
      if (timeDepth === depth) timeDepth = -1;
      if (updatedDepth === depth) updatedDepth = -1;
      if (foreignDepth === depth) foreignDepth = -1;
      if (name === 'head') inHead = false;
      if (paraDepth === depth) {
        const t = clean(paraText);
        if (t !== null && t.length >= 80) f.paragraphs.push({ text: t, pos });
        paraDepth = -1;
      }
      if (capture && capture.depth === depth) {
        const text = capture.kind === 'jsonld' || capture.key === 'author' ? capture.text : clean(capture.text);
        if (text) {
          if (capture.kind === 'title') f.titleTag = text;
          else if (capture.kind === 'heading') {
            // The site's name: a banner, or a heading whose text is (almost all) a link to the home page.
            const home = clean(homeText);
            const shown = headingText(text);
            if (shown !== '') f.headings.push({ level: capture.level!, text: shown, site: capture.site === true || (home !== null && home.length >= 0.9 * shown.length), pos: capture.pos, end: pos });
            if (f.headings.length >= MAX_HEADINGS) headingsDone = true;
          } else if (capture.kind === 'jsonld') f.jsonLd.push(text);
          else if (capture.kind === 'itemprop') f.itemprop.set(capture.key!, text);
          else if (capture.kind === 'relAuthor') f.relAuthor = text;
        }
        capture = null;
      } else if (capture?.key === 'author') capture.text += BOUNDARY;
      if (byCap !== null) {
        if (byCap.depth === depth) {
          if (byCap.text.trim() !== '') f.bylines.push({ text: byCap.text, pos: byCap.pos });
          byCap = null;
        } else byCap.text += BOUNDARY;
      }
      if (hiddenDepth === depth) hiddenDepth = -1;
      depth--;
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.end(html);
  if (byText !== null) f.byTexts.push(byText);
  return f;
}

/** The page's JSON-LD: its article-like objects (top level, arrays, `@graph`), and every object with an `@id`. */
function jsonLd(blocks: readonly string[]): { articles: Record<string, unknown>[]; byId: Map<string, Record<string, unknown>> } {
  const out: Record<string, unknown>[] = [];
  const byId = new Map<string, Record<string, unknown>>();
  const visit = (v: unknown, depth: number): void => {
    if (depth > 4 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) { for (const x of v) visit(x, depth + 1); return; }
    const o = v as Record<string, unknown>;
    const type = Array.isArray(o['@type']) ? o['@type'].join(' ') : String(o['@type'] ?? '');
    if (typeof o['@id'] === 'string' && Object.keys(o).length > 1) byId.set(o['@id'], o);
    if (ARTICLE_TYPES.test(type)) out.push(o);
    if (o['@graph']) visit(o['@graph'], depth + 1);
    if (o['mainEntity']) visit(o['mainEntity'], depth + 1); // a QAPage's question, a page's article
  };
  for (const b of blocks) {
    const v = parseLd(b);
    if (v !== undefined) visit(v, 0);
  }
  // Articles before pages: a WebPage wraps the article on many sites.
  const articles = out.sort((a, b) => Number(/WebPage/.test(String(a['@type']))) - Number(/WebPage/.test(String(b['@type']))));
  return { articles, byId };
}

/** A JSON-LD block's value; a block with raw line breaks or tabs inside its strings (which JSON forbids, and search engines read) with those as spaces; undefined when broken otherwise. */
function parseLd(block: string): unknown {
  try {
    return JSON.parse(block);
  } catch {
    try {
      return JSON.parse(block.replace(/[\u0000-\u001f]+/g, ' '));
    } catch {
      return undefined; // a broken block says nothing
    }
  }
}

/** A name from a JSON-LD value: a string, `{ name }`, an `{ "@id" }` reference into the graph, or an array of those. */
function ldName(v: unknown, byId?: ReadonlyMap<string, Record<string, unknown>>, depth = 0): string | null {
  if (depth > 3) return null;
  if (typeof v === 'string') return clean(v);
  if (Array.isArray(v)) {
    const names = v.map((x) => ldName(x, byId, depth + 1)).filter((x): x is string => x !== null);
    return names.length > 0 ? names.join(', ') : null;
  }
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (o['name'] === undefined && typeof o['@id'] === 'string') return ldName(byId?.get(o['@id'])?.['name'], byId, depth + 1);
    return ldName(o['name'], byId, depth + 1);
  }
  return null;
}

const ldString = (o: Record<string, unknown> | undefined, key: string): string | null => (o && typeof o[key] === 'string' ? clean(o[key]) : null);

/** A heading as `headlineLine` compares it: its lower-cased tokens, and whether it is the site's name. */
interface Heading {
  readonly level: number;
  readonly pos: number;
  /** Visible characters before its end. */
  readonly end: number;
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
function headlineLine(headings: readonly Heading[], refs: readonly string[]): Heading | null {
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
    if (best) return best.h;
  }
  return null;
}

/** A site's names squashed (letters and digits only, lower case), the name in its host ("example" of www.example.co.uk), and whether the page is its home page (null: no URL). */
interface SiteNames { readonly names: Set<string>; readonly host: string | null; readonly home: boolean | null }

/** The site's names of a page: `names` squashed, and its URL's host name and path. */
function siteNames(names: readonly (string | null | undefined)[], url: string | undefined): SiteNames {
  let host: string | null = null, home: boolean | null = null;
  try {
    const u = url ? new URL(url) : null;
    const labels = u ? u.hostname.replace(/^www\./, '').split('.') : [];
    // The label before the public suffix: before "co.uk"-like pairs, else before the top-level domain.
    if (labels.length >= 2) host = labels.length >= 3 && labels[labels.length - 2]!.length <= 3 ? labels[labels.length - 3]! : labels[labels.length - 2]!;
    // A home page: the root, or a language's root ("/en-us/").
    if (u) home = /^\/(?:[a-z]{2}(?:[-_][a-z]{2})?\/?)?$/i.test(u.pathname);
  } catch { /* no URL, no host name */ }
  return { names: new Set(names.filter((n): n is string => !!n).map(squash)), host: host !== null ? squash(host) : null, home };
}

/** Letters and digits only, lower case: "Gold's Gym" and "goldsgym" meet. */
const squash = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Whether a text is the site's name: one of its names, or its host's name (or a short text holding it: "Marcus on AI" is not, "Supermove Blog" is). */
function isSiteName(text: string, site: SiteNames): boolean {
  const q = squash(text);
  if (q === '' || site.names.has(q)) return true;
  const h = site.host;
  if (h === null) return false;
  return q === h || (q.length >= 4 && h.includes(q)) || (h.length >= 4 && q.includes(h) && text.split(/\s+/).length <= 3);
}

/**
 * The page's title as WCXB's reviewers give it (docs/decisions.md, "Metadata: dates, authors, excerpt"): a heading equal
 * to the title's first part that is not the site's name ("Headline | Site"); else the first `<h1>` that is not the site's
 * or a section's name when half or more of its words are in the title (else it is a slogan); else a heading equal to a
 * part of the title or a run of its parts ("Section - Headline", "Blog: Headline"); else the title's first part.
 * `title`: the `<title>` (else `og:title`) a heading is compared with; `parts`: `og:title` (else `<title>`), cut into parts.
 */
function pageTitle(headings: readonly Heading[], title: string | null, parts: string | null, site: SiteNames): string | null {
  const segments = parts !== null ? parts.split(TITLE_SEPARATORS).map((p) => p.trim()).filter((p) => p !== '') : [];
  // A part written twice is the site's name ("High Scalability - High Scalability - Headline").
  const twice = new Set(segments.map(squash).filter((q, i, all) => all.indexOf(q) !== i));
  const lead = segments.find((p) => !isSiteName(p, site) && !twice.has(squash(p))) ?? segments[0] ?? null;
  // Every part of the title, also after a colon (SEGMENT_SEPARATORS); an <h1> equal to a later part (not a first one, nor the lead) is the site's or a section's name.
  const cut = [title !== null ? titleSegments(title) : [], parts !== null ? titleSegments(parts) : []];
  // Runs of parts too: "Artist – “Song” - Site" has the heading "Artist – “Song”".
  const all = new Set<string>();
  for (const c of [segments, ...cut]) for (let i = 0; i < c.length; i++) for (let j = i, run = ''; j < c.length; j++) all.add(run += squash(c[j]!));
  const later = new Set(cut.flatMap((c) => c.slice(1)).map(squash));
  const leadKey = lead !== null ? squash(lead) : '';
  for (const c of cut) if (c.length > 0) later.delete(squash(c[0]!));
  later.delete(leadKey);
  const usable = headings.filter((h) => !h.site && !isSiteName(h.text, site));
  const same = usable.find((h) => squash(h.text) === leadKey);
  if (same !== undefined) return same.text;
  // The first <h1>, when half or more of its words are in the title (else it is a slogan or a section's name), or when
  // the title names only the site ("Glossier", "| Nuts & Volts Magazine": the page's part left empty).
  const h1 = usable.find((h) => h.level === 1 && !later.has(squash(h.text)));
  const siteOnly = parts !== null && site.home === false
    && (/^\s*[|:»·•–—-]/.test(parts) || segments.every((p) => site.names.has(squash(p)) || squash(p) === site.host || twice.has(squash(p))));
  if (h1 !== undefined && (title === null || siteOnly || shareOf(h1.tokens, tokenize(title.toLowerCase())) >= 0.5)) return h1.text;
  return usable.find((h) => all.has(squash(h.text)))?.text ?? lead;
}

/** The share of the smaller word set that the other holds. */
function shareOf(a: readonly string[], b: readonly string[]): number {
  const x = new Set(a), y = new Set(b);
  if (x.size === 0 || y.size === 0) return 0;
  let n = 0;
  for (const t of x) if (y.has(t)) n++;
  return n / Math.min(x.size, y.size);
}

/** Words that open a byline before the names, in the languages of html/dates.ts. */
const BY = /^(?:(?:posted|written|published|reviewed|edited|words|story|text|article|photos?)\s+)?(?:by|von|par|por|di|door|av|af)\b\s*:?\s*|^(?:author|autor|auteur|autore|auteurs|authors)\s*:\s*/iu;
/** A visible text that opens a byline: "By", "Written by", "Von", "Par", "Por" (alone or before the names). */
const BY_TEXT = /^\s*(?:(?:posted|written|published|words|story|text|article)\s+)?(?:by|von|par|por|door|av|af)\b(?:\s*:)?(?:\s+\p{Lu}|\s*$)/iu;
/** A name as a shown byline writes it: one to six words, the first and the last capitalised ("Jo Bloggs", "Ann van der Berg", "ALLIN ONE"). */
const SHOWN_NAME = /^\p{Lu}\S*(?:\s+\S+){0,5}$/u;

/** What joins the names of a multi-author byline. */
const CONNECTOR = /^(?:,|;|&|and|und|et|y|e|en|og|,\s*(?:and|&|und|et|y))$/i;
/** What ends the names inside one text: a separator, "on <date>", a comma before a number ("staff reporter, 10 March"). */
const AFTER_NAMES = /\s+(?:[|·•»–—/]|-)\s+|\s+[|·•»]|\s+on\s+(?=\p{Lu}|\d)|\s+(?:on behalf|updated|published|posted)\b|,\s*(?=\d)/iu;
/** Separators and spaces at the start of a text. */
const LEADING_SEPARATORS = /^[\s|·•»–—,:/-]+/u;
/** Texts of a byline that are not names. */
const NOT_NAME = /[:?!|•·»©@]|\b(?:min(?:ute)?s?\s+read|comments?|share|follow|updated|published|posted|reviewed|fact[- ]checked|offline|online|member|joined|messages|posts|badges?)\b|\s(?:from|by)$/iu;
/** A weekday before a date ("Sat, 20 Dec, 2025"). */
const WEEKDAY = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?\.?,?\s+/i;

const isName = (s: string): boolean => s.length >= 2 && s.length <= 80 && s.split(' ').length <= 8 && !NOT_NAME.test(s) && /\p{L}/u.test(s);

/**
 * The names of a byline's text (BOUNDARY between its elements): after "By"/"Von"/"Par"/"Por"
 * (or from the start), the names and what joins them ("A, B and C"), up to the first text
 * that is neither (a date, a role, "| Publisher"). Null when it starts with no name.
 */
export function bylineNames(raw: string): string | null {
  const parts = raw.split(BOUNDARY).map((p) => p.replace(SPACE, ' ').trim()).filter((p) => p !== '');
  // Start after a "By" of its own, or at the part that begins with one (within the first few).
  let start = parts.slice(0, 6).findIndex((p) => BY.test(p));
  if (start < 0) start = 0;
  let out = '';
  let joiner: string | null = null;
  let skipped = 0;
  for (let i = start; i < parts.length; i++) {
    let p = parts[i]!;
    if (out === '') p = p.replace(BY, '');
    if (p === '') continue;
    if (CONNECTOR.test(p)) {
      if (out === '') continue;
      joiner = p;
      continue;
    }
    // A date before the names ("Dec. 19, 2025 · Niko Matsakis", "Sat, 20 Dec, 2025") is passed over with its separator.
    let date = findDate(p);
    const weekday = WEEKDAY.exec(p)?.[0].length ?? 0;
    if (date !== null && (date.index === 0 || date.index === weekday) && out === '') {
      p = p.slice(date.index + date.length).replace(LEADING_SEPARATORS, '').replace(BY, '');
      if (p === '') continue;
      date = findDate(p);
    }
    // Inside one text: cut at a date or a separator, and stop after it.
    let cut = date !== null ? p.slice(0, date.index) : p;
    const sep = AFTER_NAMES.exec(cut);
    if (sep) cut = cut.slice(0, sep.index);
    // Trailing joiners, an "at" before the time ("David at 11:15"), and a footnote mark ("MD*").
    cut = cut.replace(/[\s,;(–—*-]+$/, '').replace(/\s+(?:at|on)$/i, '');
    // A role after a comma ("Jo Bloggs, senior reporter"): a piece with a lower-case word that is no name particle.
    const role = /,\s*(?=[^,]*(?:^|\s)(?!(?:van|von|der|den|de|da|di|del|della|des|du|la|le|bin|al|el|y|e|and|und|et|of)\b)\p{Ll})/u.exec(cut);
    if (role !== null) cut = cut.slice(0, role.index);
    const ended = cut.length < p.length;
    let trailing: string | null = null;
    const tail = /(?:,|\s+(?:and|&|und|et|y))$/i.exec(cut);
    if (tail && !ended) { trailing = tail[0].trim(); cut = cut.slice(0, tail.index); }
    if (!isName(cut)) {
      // Before the first name: an avatar's initial or a label ("Author") is passed over, twice at most.
      if (out === '' && !ended && skipped++ < 2) continue;
      break;
    }
    if (out !== '') {
      if (joiner === null) break; // two names with nothing between: the second is a role or a title
      out += joiner.startsWith(',') || joiner === ';' ? `${joiner} ` : ` ${joiner} `;
    }
    out += cut;
    joiner = trailing;
    if (ended) break;
  }
  return out === '' ? null : out.replace(/\s+,/g, ',');
}

/**
 * The names of a "By …" text shown with the headline (1,500 visible characters after it, 300 before; the first on a page
 * without one), when each is written as a name (capitalised): "By Jo Bloggs · May 3", "<span>by </span><a>Jo Bloggs</a>".
 */
function textByline(texts: readonly { text: string; pos: number }[], top: number | null): string | null {
  for (const t of texts) {
    if (top !== null && (t.pos < top - 300 || t.pos > top + 1500)) continue;
    const names = bylineNames(t.text);
    // The names come first after the "By" (nothing passed over: "By clicking … our Privacy Policy").
    const after = t.text.split(BOUNDARY).map((p) => p.replace(SPACE, ' ').trim().replace(BY, '')).find((p) => p !== '');
    if (names === null || after === undefined || !after.startsWith(names.split(/[\s,]/)[0]!)) continue;
    if (names.split(/\s*(?:,|;|&|\band\b|\bund\b|\bet\b|\by\b)\s*/u).every((n) => n === '' || (SHOWN_NAME.test(n) && /\p{Lu}/u.test(n.split(' ').pop()![0]!)))) return names;
  }
  return null;
}

/** Author values that name no one: a URL, a template's key ("page.head.extra.author"), a form's label ("Name"). */
const PLACEHOLDER = /^https?:\/\/|^(?:[\w-]+\.)+(?:author|name|byline)$|\{\{|^(?:name|author|authors|username|user|unknown|null|undefined|none)$/i;
/** A user name in lower case, one word ("kffnirmitap"): a login, not how the page writes the author's name. */
const USER_SLUG = /^[\p{Ll}\d_.-]+$/u;

/** The author of Twitter's card labels (`twitter:label1` "Written by", `twitter:data1` the name), as Yoast and Ghost write them. */
function twitterAuthor(meta: ReadonlyMap<string, string>): string | null {
  for (let i = 1; i <= 4; i++) {
    const label = meta.get(`twitter:label${i}`);
    if (label === undefined) break;
    if (/^(?:written by|author|by)$/i.test(label)) return bylineNames(meta.get(`twitter:data${i}`) ?? '');
  }
  return null;
}

/** Meta tags of the published day, best first (htmldate's list: Open Graph, Dublin Core, parsely, sailthru, …). */
const PUBLISHED_META = [
  'article:published_time', 'og:published_time', 'article:published', 'datepublished', 'date', 'pubdate', 'publish-date', 'publish_date',
  'publishdate', 'published_time', 'published-date', 'dc.date', 'dc.date.issued', 'dc.date.created', 'dcterms.date', 'dcterms.issued',
  'dcterms.created', 'parsely-pub-date', 'sailthru.date', 'article.published', 'citation_publication_date', 'citation_date',
  'prism.publicationdate', 'og:article:published_time', 'release_date', 'created', 'originalpublicationdate', 'published',
];

/**
 * The date shown with the headline (visible characters `at` to `end`): the first within 300 characters after its end
 * (the line under a headline), else the nearest within 300 before it; a date inside the headline is its text
 * ("2024.4.4 -> 2024.5.0 issue"); `updated`: the dates labelled as updates, else the others; `after`: only a date after it.
 */
function dateNear(dates: readonly DateSeen[], at: number, end: number, updated: boolean | null, near = NEAR_CHARS, after = false): string | null {
  let before: DateSeen | null = null;
  for (const d of dates) {
    if (updated !== null && d.updated !== updated) continue;
    if (after && d.pos < end) continue;
    if (d.pos >= end) return d.pos - end <= near ? d.day : before?.day ?? null;
    if (d.pos >= at) continue;
    if (at - d.pos <= near) before = d;
  }
  return before?.day ?? null;
}

/** How many days apart two `YYYY-MM-DD` days are. */
const daysApart = (a: string, b: string): number => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

/** How far from the headline a date still belongs to it (visible characters). */
const NEAR_CHARS = 300;
/** How far from the headline the last resort looks for a date (visible characters). */
const FAR_CHARS = 2000;

/** An image URL from a JSON-LD value: a string, `{ url }`, or the first of an array. */
function ldImage(v: unknown): string | null {
  if (typeof v === 'string') return clean(v);
  if (Array.isArray(v)) return v.length > 0 ? ldImage(v[0]) : null;
  if (v !== null && typeof v === 'object') return ldImage((v as Record<string, unknown>)['url']);
  return null;
}

/**
 * The metadata of a page (module comment: the sources and their order).
 * @param html the decoded page
 * @param url the page's URL, to resolve a relative canonical URL and image, and a date in its path
 */
export function extractMetadata(html: string, url?: string): PageMetadata {
  // Numeric dates read month first ("09/25/2025") on pages in US English or of no stated language.
  const langAttr = /<html\b[^>]*?\blang\s*=\s*["']?([\w-]+)/i.exec(html.slice(0, 4096))?.[1]?.toLowerCase();
  const monthFirst = langAttr === undefined || langAttr === 'en' || langAttr === 'en-us';
  const f = collect(html, monthFirst);
  const m = f.meta;
  const { articles, byId } = jsonLd(f.jsonLd);
  const first = articles[0];
  const publisher = first?.['publisher'];
  const siteName = m.get('og:site_name') ?? ldName(publisher, byId) ?? m.get('application-name') ?? null;
  const ogTitle = m.get('og:title') ?? null;
  const ldHeadline = ldString(first, 'headline') ?? f.itemprop.get('headline') ?? null;
  const refs = [ogTitle, ldHeadline, m.get('twitter:title') ?? null, clean(f.titleTag)].filter((x): x is string => x !== null);
  const siteKey = siteName !== null ? keyOf(siteName) : null;
  const headings: Heading[] = f.headings.map((h) => {
    const key = keyOf(h.text);
    return { ...h, site: h.site || key === siteKey, key, tokens: tokenize(h.text.toLowerCase()) };
  });
  const headline = headlineLine(headings, refs);
  const site = siteNames([siteName, m.get('application-name')], url);
  const title = pageTitle(headings, clean(f.titleTag) ?? ogTitle, ogTitle ?? clean(f.titleTag), site)
    ?? ldHeadline
    // No title at all: the first <h1>, else the first heading of the page (the site's name on a home page).
    ?? headings.find((h) => h.level === 1)?.text
    ?? headings[0]?.text
    ?? null;
  // Where the article starts: the headline, else the first <h1>.
  const top = headline ?? headings.find((h) => h.level === 1 && !h.site) ?? null;

  // Byline: the first source naming a person, not a placeholder, a user slug, the site or its publisher; else the first
  // that names anyone (a site's own name as its author, a forum's login).
  const siteLike = new Set([siteKey, ldName(publisher, byId), m.get('og:site_name')].filter((x): x is string => x != null).map(keyOf));
  const citation = f.citationAuthors.length > 0 ? [...new Set(f.citationAuthors)].join(', ') : null;
  const metaAuthor = m.get('author') ?? m.get('article:author') ?? m.get('byl') ?? m.get('dc.creator') ?? citation ?? m.get('parsely-author') ?? m.get('sailthru.author') ?? null;
  const metaNames = metaAuthor !== null ? bylineNames(metaAuthor) : null;
  const bylines = f.bylines.map((b) => ({ names: bylineNames(b.text), pos: b.pos })).filter((b) => b.names !== null);
  const shown = (top !== null ? bylines.find((b) => b.pos >= top.pos - 500) : undefined) ?? bylines[0];
  // A user slug in the meta tag ("kffnirmitap") names a person only when nothing else does.
  const slug = metaNames !== null && USER_SLUG.test(metaNames);
  const candidates = [
    slug ? null : metaNames,
    ldName(first?.['author'], byId),
    f.itemprop.has('author') ? bylineNames(f.itemprop.get('author')!) : null,
    f.relAuthor !== null ? bylineNames(f.relAuthor) : null,
    shown?.names,
    textByline(f.byTexts, top?.pos ?? null),
    twitterAuthor(m),
    f.dataAuthor,
    metaNames,
    metaAuthor,
  ].map(clean).filter((c): c is string => c !== null && !PLACEHOLDER.test(c));
  const byline = candidates.find((c) => !(slug && c === metaNames) && !siteLike.has(keyOf(c)) && squash(c) !== site.host) ?? candidates[0] ?? null;

  // Date: what the reader sees under the headline or labelled as the publication, else what the page's data says, else the URL.
  // Microsoft Learn's `ms.date` is written month first ("03/06/2025") whatever the page's language.
  const msDate = dayOf(m.get('ms.date'), true);
  const structured = [ldString(first, 'datePublished'), ...PUBLISHED_META.map((k) => m.get(k)), msDate, f.itemprop.get('datepublished'), f.time];
  // A date the page labels as the publication's ("Published", "Posted on"), wherever it is.
  const labelled = f.dates.find((d) => d.published && !d.updated)?.day ?? null;
  const days = structured.map((v) => dayOf(v, monthFirst));
  const data = days.find((d) => d !== null) ?? null;
  // A publication day only JSON-LD states (no other published-date tag names it) and the page never shows gives way to
  // the day the page shows: its update, else the first date after the headline (a draft's stamp, a UTC day a day off).
  const ldOnly = days[0] !== null && !days.slice(1).includes(days[0]) && !f.dates.some((d) => d.day === days[0]);
  const onPage = ldOnly ? f.dates.find((d) => d.updated)?.day ?? (top !== null ? dateNear(f.dates, top.pos, top.end, false, FAR_CHARS, true) : null) : null;
  const published = onPage ?? data;
  const inUrl = dateFromUrl(url ?? null);
  const picked = (top !== null ? dateNear(f.dates, top.pos, top.end, false, NEAR_CHARS, true) : null)
    ?? labelled
    ?? published
    // A date just above the headline (a site's "Date: today" bar, a preprint's day) comes after the data.
    ?? (top !== null ? dateNear(f.dates, top.pos, top.end, false) : null)
    ?? inUrl
    ?? (top !== null ? dateNear(f.dates, top.pos, top.end, true) : null)
    ?? dateNear(f.dates, top?.pos ?? 0, top?.end ?? 0, null, FAR_CHARS);
  // A numeric date's other reading ("03/10/2023" on an English page: 3 October, not March 10) when the URL or the data names it.
  const other = picked !== null ? f.dates.find((d) => d.day === picked && d.other !== undefined)?.other : undefined;
  const date = other !== undefined && (other === inUrl || other === data) ? other : picked;

  const lang = f.lang ?? m.get('content-language') ?? m.get('og:locale')?.replace('_', '-') ?? null;
  const canonical = f.canonical ?? f.ogUrl ?? (first && typeof first['url'] === 'string' ? first['url'] : null);
  const canonicalUrl = canonical !== null ? safeUrl(canonical, url) : null;
  const description = m.get('description') ?? m.get('og:description') ?? ldString(first, 'description') ?? m.get('twitter:description') ?? null;
  const excerpt = description ?? f.paragraphs.find((p) => top === null || p.pos >= top.pos)?.text ?? null;
  const imageRef = m.get('og:image') ?? m.get('og:image:url') ?? m.get('og:image:secure_url') ?? m.get('twitter:image') ?? m.get('twitter:image:src') ?? ldImage(first?.['image']);
  return {
    title, headline: headline?.text ?? null, byline: clean(byline), date, siteName: clean(siteName), lang, dir: f.dir, canonicalUrl, description, excerpt,
    image: imageRef !== null && imageRef !== undefined ? safeUrl(imageRef, url) : null,
  };
}

