/**
 * What kind of page it is (issue 35, item 1): the seven WCXB page types (article, documentation,
 * service, forum, collection, listing, product), `article` the fallback.
 *
 * Features (`PAGE_TYPE_FEATURES`, one number each) come from three cheap sources, no DOM:
 * - the line table the extraction already built: text size, share of link text, line lengths,
 *   headings, list items, `<pre>` and table cells, images, repeated structural paths, runs of
 *   ≥ 4 consecutive same-tag sibling elements (cards, rows, posts) and the share of text inside
 *   them (the element tree), and class/id words of the lines' elements in seven word groups
 *   (comment, post, product, card, doc, article, service; `classTokens` line option);
 * - the element tree's tags: `<form>`, `<article>`, `<nav>`/`<aside>`, `<section>`, `<header>`/`<footer>`, `<table>`;
 * - a few `indexOf` searches of the source (native, for characters rare in HTML): JSON-LD `@type`
 *   (Product, Article, DiscussionForumPosting, QAPage, FAQPage, ItemList, CollectionPage, …) in
 *   eight groups, `og:type` (searched before the first text line only), price-like tokens (a digit
 *   after `$`, `€`, `£`). A regex pass over the whole source cost as much as the line table itself
 *   (docs/decisions.md, "Page types");
 * - the URL's path words (/forum/, /thread/, /product/, /p/, /docs/, /category/, /tag/, /blog/, …);
 * - what tells a news article with teaser lists from a listing (`NEWS_FEATURES`): the longest run of prose lines and its
 *   share against the sibling runs, the largest `<article>` element's share of the text, a date in the URL, the `<h1>`'s
 *   words in the `<title>`.
 *
 * The classifier (`PageTypeClassifier`, shipped inside a Model as `pageType`) is a multinomial
 * logistic regression over the standardised features: score_c = bias_c + Σ_f w_cf · (x_f − mean_f) / scale_f,
 * probabilities by softmax; the type is the most probable class, `fallback` (article) when no
 * classifier is given. Learnt by train/page-type.ts, chosen by domain-grouped cross-validation
 * (docs/decisions.md, "Page types").
 *
 * `classifyPage(table, html, url, model)` is what extraction strategies call to route a page:
 * `{ type, confidence, probabilities }`; a model without `pageType` (or one learnt on other features)
 * gives `{ type: 'article', confidence: 0 }`.
 */
import { BlockKind, LineContext, type LineTable } from '../core/types.js';
import { lineKey } from '../html/line-key.js';
import { nameHash } from '../html/tags.js';

/** The seven WCXB page types; the first is the fallback. */
export const PAGE_TYPES = ['article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product'] as const;
export type PageType = (typeof PAGE_TYPES)[number];
/** The type of a page no classifier has seen. */
export const FALLBACK_PAGE_TYPE: PageType = 'article';

/** Class/id word groups; a feature per group: the share of text lines whose elements carry one of its words. */
const CLASS_WORD_GROUPS: readonly (readonly [string, readonly string[]])[] = [
  ['comment', ['comment', 'comments', 'reply', 'replies', 'respond', 'discussion']],
  ['post', ['post', 'posts', 'message', 'messages', 'thread', 'topic', 'forum', 'answer', 'answers', 'question', 'vote', 'votes', 'username', 'avatar', 'signature', 'postbody', 'userinfo']],
  ['product', ['product', 'products', 'price', 'cart', 'sku', 'stock', 'variant', 'quantity', 'review', 'reviews', 'rating', 'spec', 'specs', 'specification', 'specifications', 'buy', 'checkout', 'gallery']],
  ['card', ['card', 'cards', 'item', 'items', 'tile', 'tiles', 'grid', 'listing', 'result', 'results', 'teaser', 'collection', 'category', 'filter', 'filters', 'facet', 'facets', 'sort', 'pagination', 'pager']],
  ['doc', ['doc', 'docs', 'documentation', 'api', 'reference', 'sidebar', 'toc', 'code', 'highlight', 'syntax', 'markdown', 'sphinx', 'rst', 'docstring', 'admonition', 'method', 'param', 'params']],
  ['article', ['article', 'entry', 'story', 'byline', 'author', 'published', 'blog', 'news', 'headline', 'prose', 'single']],
  ['service', ['hero', 'feature', 'features', 'pricing', 'plan', 'plans', 'service', 'services', 'testimonial', 'testimonials', 'cta', 'benefit', 'benefits', 'faq', 'team', 'contact', 'solution', 'solutions']],
];
/**
 * 32-bit key → group + 1, open addressing in typed arrays (slot `key & mask`, then the next ones): a Map keyed by
 * 32-bit hashes boxes every key above 2^30, and these lookups run per class word of every line and per element.
 */
interface GroupTable { readonly key: Int32Array; readonly group: Uint8Array; readonly mask: number }
function groupTable(groups: readonly (readonly number[])[], slots: number): GroupTable {
  const t = { key: new Int32Array(slots), group: new Uint8Array(slots), mask: slots - 1 };
  groups.forEach((keys, g) => {
    for (const k of keys) {
      let s = (k | 0) & t.mask;
      while (t.group[s] !== 0 && t.key[s] !== (k | 0)) s = (s + 1) & t.mask;
      t.key[s] = k | 0;
      t.group[s] = g + 1;
    }
  });
  return t;
}
/** Group + 1 of a key, 0 for none. */
function groupOf(t: GroupTable, key: number): number {
  const k = key | 0;
  for (let s = k & t.mask; ; s = (s + 1) & t.mask) {
    const g = t.group[s]!;
    if (g === 0 || t.key[s] === k) return g;
  }
}
const WORD_GROUPS = groupTable(CLASS_WORD_GROUPS.map(([, words]) => words.map(lineKey)), 1024);

/** JSON-LD / microdata types in groups; a feature per group (present or not). */
const SCHEMA_GROUPS: readonly (readonly [string, readonly string[]])[] = [
  ['product', ['product', 'offer', 'aggregateoffer', 'aggregaterating', 'productgroup', 'individualproduct', 'productmodel']],
  ['article', ['article', 'newsarticle', 'blogposting', 'report', 'scholarlyarticle', 'reportagenewsarticle', 'analysisnewsarticle', 'opinionnewsarticle', 'liveblogposting']],
  ['forum', ['discussionforumposting', 'qapage', 'question', 'answer', 'comment', 'socialmediaposting', 'conversation']],
  ['faq', ['faqpage']],
  ['collection', ['itemlist', 'collectionpage', 'offercatalog', 'searchresultspage', 'listitem', 'productcollection']],
  ['doc', ['techarticle', 'apireference', 'softwaresourcecode', 'howto', 'softwareapplication']],
  ['service', ['organization', 'localbusiness', 'service', 'professionalservice', 'aboutpage', 'contactpage', 'corporation', 'offershipping']],
  ['breadcrumb', ['breadcrumblist']],
];
const SCHEMA_GROUP_OF: ReadonlyMap<string, number> = new Map(
  SCHEMA_GROUPS.flatMap(([, types], g) => types.map((t) => [t, g] as const)));

/** Currency symbols a price follows. */
const PRICE_SYMBOLS = ['$', '€', '£'];
/** `og:type` values in groups. */
const OG_TYPES = ['article', 'product', 'website'] as const;

/** URL path word patterns, one feature each (tested on the lower-cased path, and the host for a few). */
const URL_WORDS: readonly (readonly [string, RegExp])[] = [
  ['forum', /\/(?:forums?|threads?|topics?|t|questions?|community|discuss(?:ions?)?|boards?|viewtopic|showthread|r|answers)(?:[/.?#-]|$)|^(?:forums?|community|discuss|answers)\./],
  ['product', /\/(?:products?|p|item|dp|pd|sku|buy|gp\/product)(?:[/.?#-]|$)/],
  ['docs', /\/(?:docs?|documentation|api|reference|guides?|manual|learn|tutorials?|developers?|wiki|kb|help|support|howto|handbook)(?:[/.?#-]|$)|^(?:docs?|developers?|learn|wiki|help|support)\./],
  ['collection', /\/(?:categor(?:y|ies)|collections?|c|shop|store|catalog(?:ue)?|brands?|departments?|browse)(?:[/.?#-]|$)/],
  ['listing', /\/(?:tags?|search|archives?|page\/\d+|lists?|results|jobs|events|directory|authors?)(?:[/.?#-]|$)|\/(?:blog|news|articles|posts|resources)\/?$/],
  ['article', /\/(?:blog|news|articles?|posts?|stories|story|insights|20\d\d)(?:[/.?#-]|$)/],
  ['service', /\/(?:services?|solutions?|pricing|features?|about(?:-us)?|contact(?:-us)?|plans?|industries|what-we-do|company)(?:[/.?#-]|$)/],
];

/** Element tags counted in the tree (the hashes ElementTree.tag stores), one feature per entry. */
const TREE_TAGS: readonly (readonly [string, readonly number[]])[] = [
  ['form', ['form']], ['article', ['article']], ['nav>/<aside', ['nav', 'aside']], ['section', ['section']],
  ['header>/<footer', ['header', 'footer']], ['table', ['table']],
].map(([label, names]) => [label as string, (names as string[]).map(nameHash)] as const);
const TREE_TAG_GROUPS = groupTable(TREE_TAGS.map(([, hashes]) => hashes), 64);

/**
 * What tells a news article with teaser lists from a real listing: one dominant block of prose against the repeated
 * group, the largest `<article>` element's share of the text, a date in the URL, the `<h1>` repeating the `<title>`.
 */
const NEWS_FEATURES = [
  'longest prose run share', 'log longest prose run', 'prose run over prose and sibling runs', 'largest <article> text share',
  'url date', 'h1 words in title',
];

/** Names of the features, in the order of `pageTypeFeatures`' vector. */
export const PAGE_TYPE_FEATURES: readonly string[] = [
  'log text bytes', 'log text lines', 'link text share', 'lines with links', 'log mean line chars', 'short lines (< 40 chars)',
  'long-line text share (≥ 200 chars)', 'heading lines', 'log headings', 'list item text share', 'pre text share', 'log pre lines',
  'table cell lines', 'quote lines', 'images per line', 'repeated path text share', 'largest path share', 'distinct paths per line',
  'log same-tag sibling runs', 'text share in sibling runs', 'log longest sibling run', 'link share in sibling runs',
  ...CLASS_WORD_GROUPS.map(([g]) => `class words: ${g}`),
  ...TREE_TAGS.map(([name]) => `log <${name}>`),
  ...SCHEMA_GROUPS.map(([g]) => `@type ${g}`),
  ...OG_TYPES.map((t) => `og:type ${t}`),
  'log prices',
  ...URL_WORDS.map(([w]) => `url: ${w}`),
  'url path depth', 'url slug words', 'url home page', 'url numeric id',
  ...NEWS_FEATURES,
];

/** What follows `@type` in JSON-LD: `": "Type"`, `":["Type"`, `": "https://schema.org/Type"`. */
const SCHEMA_TYPE = /^"?\s*:\s*\[?\s*"(?:https?:\/\/schema\.org\/)?(\w+)/;
const OG_CONTENT = /content\s*=\s*["']?([\w:.-]+)/i;
/** At most this many `@type` and price hits are read (a hostile page costs the same as a big real one). */
const MAX_HITS = 4096;

/**
 * The feature vector of a page (names: `PAGE_TYPE_FEATURES`).
 * @param table the page's line table (built with the model's line options; class words need `classTokens`)
 * @param html the page source the table was built from
 * @param url the page's URL, when known
 */
export function pageTypeFeatures(table: LineTable, html: string, url?: string | null): Float64Array {
  const x = featuresBarSource(table, html, url);
  schemaFeatures(html, x, SCHEMA_FEATURE);
  x[PRICE_FEATURE] = log1p(priceCount(html));
  return x;
}

/** The feature vector but its `@type` and price features (left 0): those scan the whole source, four times. */
function featuresBarSource(table: LineTable, html: string, url: string | null | undefined): Float64Array {
  const x = new Float64Array(PAGE_TYPE_FEATURES.length);
  let k = tableFeatures(table, x, 0);
  k = treeTagFeatures(table, x, k);
  k = ogTypeFeatures(html, headEnd(table), x, k + SCHEMA_GROUPS.length); // k: the first @type feature's index
  k = urlFeatures(url ?? null, x, k + 1); // k: the price feature's index
  newsFeatures(table, url ?? null, x, k);
  return x;
}

const log1p = Math.log1p;

/** Hash-table slots for `lines` keys: a power of two, at least twice as many. */
function slotsFor(lines: number): number {
  let slots = 16;
  while (slots < 2 * lines) slots *= 2;
  return slots;
}

/** Features of the line table into `x` from `k`; returns the next index. */
function tableFeatures(t: LineTable, x: Float64Array, k: number): number {
  const n = t.count;
  let bytes = 0, lines = 0, anchor = 0, linkLines = 0, chars = 0, short = 0, longBytes = 0, headings = 0;
  let listBytes = 0, preBytes = 0, preLines = 0, cells = 0, quotes = 0, images = 0;
  // Text lines per structural path, open addressing in typed arrays (a Map boxes 32-bit keys above 2^30); slotOf: each text line's slot.
  const mask = slotsFor(n) - 1;
  const pathKey = new Int32Array(mask + 1), count = new Uint32Array(mask + 1), slotOf = new Int32Array(n);
  let distinct = 0;
  for (let i = 0; i < n; i++) {
    images += t.images[i]!;
    const b = t.contentBytes[i]!;
    if (b === 0) continue;
    const c = t.contentChars[i]!;
    lines++;
    bytes += b;
    chars += c;
    anchor += Math.min(t.anchorBytes[i]!, b);
    if (t.links[i]! > 0) linkLines++;
    if (c < 40) short++;
    if (c >= 200) longBytes += b;
    const block = t.block[i]!;
    if (block >= BlockKind.Heading1 && block <= BlockKind.Heading6) headings++;
    if (block === BlockKind.TableCell) cells++;
    if (block === BlockKind.Quote) quotes++;
    const ctx = t.context[i]!;
    if (ctx & LineContext.ListItem) listBytes += b;
    if (ctx & LineContext.Preformatted) {
      preBytes += b;
      preLines++;
    }
    const p = t.path[i]! | 0;
    let slot = Math.imul(p, 0x9e3779b1) & mask;
    while (count[slot] !== 0 && pathKey[slot] !== p) slot = (slot + 1) & mask;
    if (count[slot] === 0) { pathKey[slot] = p; distinct++; }
    count[slot]!++;
    slotOf[i] = slot;
  }
  const per = (v: number): number => (lines > 0 ? v / lines : 0);
  const share = (v: number): number => (bytes > 0 ? v / bytes : 0);
  let repeatedBytes = 0, largest = 0;
  for (let s = 0; s <= mask; s++) if (count[s]! > largest) largest = count[s]!;
  for (let i = 0; i < n; i++) if (t.contentBytes[i]! > 0 && count[slotOf[i]!]! >= 4) repeatedBytes += t.contentBytes[i]!;
  x[k++] = log1p(bytes);
  x[k++] = log1p(lines);
  x[k++] = share(anchor);
  x[k++] = per(linkLines);
  x[k++] = log1p(lines > 0 ? chars / lines : 0);
  x[k++] = per(short);
  x[k++] = share(longBytes);
  x[k++] = per(headings);
  x[k++] = log1p(headings);
  x[k++] = share(listBytes);
  x[k++] = share(preBytes);
  x[k++] = log1p(preLines);
  x[k++] = per(cells);
  x[k++] = per(quotes);
  x[k++] = per(images);
  x[k++] = share(repeatedBytes);
  x[k++] = per(largest);
  x[k++] = per(distinct);
  k = siblingRunFeatures(t, bytes, x, k);
  return classWordFeatures(t, lines, x, k);
}

/**
 * Runs of ≥ 4 consecutive sibling elements with the same tag (cards of a grid, rows of a list,
 * posts of a thread): how many, the longest, and the share of the text (and of the link text) inside them.
 */
function siblingRunFeatures(t: LineTable, bytes: number, x: Float64Array, k: number): number {
  const tree = t.elements;
  if (!tree || !tree.tag || bytes === 0) return k + 4;
  const m = tree.parent.length;
  const { parent, end, tag } = tree;
  // inRun[e]: e or an ancestor is an item of a run (filled in document order: parents first).
  const inRun = new Uint8Array(m);
  let runs = 0, longest = 0;
  for (let p = -1; p < m; p++) {
    // Children of p (p = −1: the roots) are c, end[c], end[end[c]], … while their parent is p.
    let c = p + 1;
    const stop = p < 0 ? m : end[p]!;
    while (c < stop) {
      let r = c, len = 0;
      while (r < stop && parent[r]! === p + 1 && tag[r] === tag[c]) {
        len++;
        r = end[r]!;
      }
      if (len >= 4) {
        runs++;
        if (len > longest) longest = len;
        for (let e = c; e < r; e = end[e]!) inRun[e] = 1;
      }
      c = r === c ? end[c]! : r;
    }
  }
  for (let e = 0; e < m; e++) if (!inRun[e] && parent[e]! > 0 && inRun[parent[e]! - 1]) inRun[e] = 1;
  let runBytes = 0, runAnchor = 0;
  for (let i = 0; i < t.count; i++) {
    const b = t.contentBytes[i]!;
    const e = tree.line[i]!;
    if (b > 0 && e > 0 && inRun[e - 1]) {
      runBytes += b;
      runAnchor += Math.min(t.anchorBytes[i]!, b);
    }
  }
  x[k++] = log1p(runs);
  x[k++] = runBytes / bytes;
  x[k++] = log1p(longest);
  x[k++] = runBytes > 0 ? runAnchor / runBytes : 0;
  return k;
}

/** Per class/id word group: the share of text lines whose elements carry one of its words. */
function classWordFeatures(t: LineTable, lines: number, x: Float64Array, k: number): number {
  const groups = CLASS_WORD_GROUPS.length;
  const ct = t.classTokens;
  if (ct && lines > 0) {
    const hits = new Uint32Array(groups + 1);
    for (let i = 0; i < t.count; i++) {
      if (t.contentBytes[i] === 0) continue;
      // Bit g: the line carries a word of group g (each group counted once per line).
      let seen = 0;
      for (let j = ct.start[i]!; j < ct.start[i + 1]!; j++) seen |= 1 << groupOf(WORD_GROUPS, ct.keys[j]!);
      for (let g = 1; g <= groups; g++) if (seen & (1 << g)) hits[g - 1]!++;
    }
    for (let g = 0; g < groups; g++) x[k + g] = hits[g]! / lines;
  }
  return k + groups;
}

/** Counts of a few element tags in the tree. */
function treeTagFeatures(t: LineTable, x: Float64Array, k: number): number {
  const tags = t.elements?.tag;
  if (!tags) return k + TREE_TAGS.length;
  const counts = new Uint32Array(TREE_TAGS.length);
  for (let e = 0; e < tags.length; e++) {
    const j = groupOf(TREE_TAG_GROUPS, tags[e]!);
    if (j !== 0) counts[j - 1]!++;
  }
  for (const c of counts) x[k++] = log1p(c);
  return k;
}

/** Where the first line with text starts: the head and the top of the page lie before it. */
function headEnd(t: LineTable): number {
  for (let i = 0; i < t.count; i++) if (t.contentBytes[i]! > 0) return t.start[i]!;
  return t.count > 0 ? t.end[t.count - 1]! : 0;
}

/** The JSON-LD `@type` groups into `x` from `k` (one search of the whole source). */
function schemaFeatures(html: string, x: Float64Array, k: number): void {
  let hits = 0;
  for (let at = html.indexOf('@type'); at >= 0 && hits < MAX_HITS; at = html.indexOf('@type', at + 5), hits++) {
    const m = SCHEMA_TYPE.exec(html.slice(at + 5, at + 64));
    const g = m ? SCHEMA_GROUP_OF.get(m[1]!.toLowerCase()) : undefined;
    if (g !== undefined) x[k + g] = 1;
  }
}

/** The `og:type` features into `x` from `k` (the prices' index, next, is left to priceCount); returns the next index. */
function ogTypeFeatures(html: string, head: number, x: Float64Array, k: number): number {
  const og = new Uint8Array(OG_TYPES.length);
  const top = html.length > head ? html.slice(0, head) : html;
  const at = top.indexOf('og:type');
  if (at >= 0) {
    // The meta tag around it: content may come before or after the property.
    const from = top.lastIndexOf('<', at), to = top.indexOf('>', at);
    const value = OG_CONTENT.exec(top.slice(from < 0 ? at : from, to < 0 ? at + 200 : to).replace('og:type', ''))?.[1]?.toLowerCase() ?? '';
    const o = OG_TYPES.findIndex((t) => value === t || value.startsWith(`${t}.`) || value.startsWith(`${t}:`));
    if (o >= 0) og[o] = 1;
  }
  for (const v of og) x[k++] = v;
  return k;
}

/** Price-like tokens in the source: a digit after `$`, `€` or `£` (and one space); at most MAX_HITS symbols of each read. */
function priceCount(html: string): number {
  let prices = 0;
  for (const symbol of PRICE_SYMBOLS) {
    let n = 0;
    for (let p = html.indexOf(symbol); p >= 0 && n < MAX_HITS; p = html.indexOf(symbol, p + 1), n++) {
      const c = html.charCodeAt(p + 1) === 32 ? html.charCodeAt(p + 2) : html.charCodeAt(p + 1);
      if (c >= 48 && c <= 57) prices++;
    }
  }
  return prices;
}
/** Index of the price feature ('log prices'), and of the first `@type` feature. */
const PRICE_FEATURE = PAGE_TYPE_FEATURES.indexOf('log prices');
const SCHEMA_FEATURE = PAGE_TYPE_FEATURES.indexOf(`@type ${SCHEMA_GROUPS[0]![0]}`);
/** The price feature's largest value (MAX_HITS prices per symbol). */
const MAX_PRICE_FEATURE = Math.log1p(PRICE_SYMBOLS.length * MAX_HITS);
/** Features not read yet and the range each can take: [index, low, high]. */
type FreeFeatures = readonly (readonly [number, number, number])[];
/** The price feature alone; the `@type` features (0 or 1) and the price feature. */
const FREE_PRICE: FreeFeatures = [[PRICE_FEATURE, 0, MAX_PRICE_FEATURE]];
const FREE_SOURCE: FreeFeatures = [...SCHEMA_GROUPS.map((_, g) => [SCHEMA_FEATURE + g, 0, 1] as const), ...FREE_PRICE];

/** The URL's host and path, lower-cased; both '' without a URL or for one that is not absolute. */
function urlParts(url: string | null): { host: string; path: string } {
  const m = url === null ? null : /^(?:[a-z][\w+.-]*:)?\/\/([^/?#]*)([^?#]*)/i.exec(url);
  return m ? { host: m[1]!.toLowerCase(), path: m[2]!.toLowerCase() } : { host: '', path: '' };
}

/** Features of the URL: path words, depth, slug, home page, numeric id. */
function urlFeatures(url: string | null, x: Float64Array, k: number): number {
  const { host, path } = urlParts(url);
  for (const [, re] of URL_WORDS) x[k++] = url !== null && (re.test(path) || re.test(host)) ? 1 : 0;
  const segments = path.split('/').filter((s) => s !== '');
  const last = segments[segments.length - 1] ?? '';
  x[k++] = Math.min(segments.length, 6);
  x[k++] = Math.min((last.match(/[-_]/g) ?? []).length, 10);
  x[k++] = url !== null && segments.length === 0 ? 1 : 0;
  x[k++] = segments.some((s) => /^\d{3,}$|\d{5,}/.test(s)) ? 1 : 0;
  return k;
}

/** Index of 'text share in sibling runs' (newsFeatures reads it). */
const SIBLING_SHARE = PAGE_TYPE_FEATURES.indexOf('text share in sibling runs');
/** A prose line: at least this many characters, and at most PROSE_LINK_SHARE of its bytes link text. */
const PROSE_CHARS = 80;
const PROSE_LINK_SHARE = 0.3;
/** A line breaking a prose run: more than half its bytes link text (a teaser's linked title, "read more"). */
const LINK_LINE_SHARE = 0.5;
const ARTICLE_TAG = nameHash('article');
/** A date in the URL's path: /2024/05/, /2024-05-17, 20240517. */
const URL_DATE = /\/(?:19|20)\d\d[/-](?:0?[1-9]|1[0-2])(?:[/-]|$)|(?:^|[/_-])(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:[0-2]\d|3[01])(?:[/_.-]|$)/;

/** NEWS_FEATURES into `x` from `k`; returns the next index. */
function newsFeatures(t: LineTable, url: string | null, x: Float64Array, k: number): number {
  let bytes = 0, run = 0, best = 0;
  for (let i = 0; i < t.count; i++) {
    const b = t.contentBytes[i]!;
    if (b === 0) continue;
    bytes += b;
    const a = Math.min(t.anchorBytes[i]!, b);
    if (t.contentChars[i]! >= PROSE_CHARS && a <= PROSE_LINK_SHARE * b) {
      run += b;
      if (run > best) best = run;
    } else if (a > LINK_LINE_SHARE * b) run = 0; // short unlinked lines (captions, subheadings) neither count nor break
  }
  const runBytes = x[SIBLING_SHARE]! * bytes;
  x[k++] = bytes > 0 ? best / bytes : 0;
  x[k++] = log1p(best);
  x[k++] = best + runBytes > 0 ? best / (best + runBytes) : 0;
  x[k++] = bytes > 0 ? largestArticle(t) / bytes : 0;
  x[k++] = URL_DATE.test(urlParts(url).path) ? 1 : 0;
  x[k++] = h1InTitle(t);
  return k;
}

/** Text bytes of the `<article>` element holding the most (subtrees are index ranges: prefix sums over elements). */
function largestArticle(t: LineTable): number {
  const tree = t.elements;
  if (!tree || !tree.tag) return 0;
  const m = tree.parent.length;
  const sum = new Float64Array(m + 1);
  for (let i = 0; i < t.count; i++) {
    const e = tree.line[i]!;
    if (e > 0) sum[e]! += t.contentBytes[i]!; // element e − 1's own bytes at sum[e]
  }
  for (let e = 1; e <= m; e++) sum[e]! += sum[e - 1]!;
  let best = 0;
  for (let e = 0; e < m; e++) if (tree.tag[e] === ARTICLE_TAG) best = Math.max(best, sum[tree.end[e]!]! - sum[e]!);
  return best;
}

/** Words of text, lower-cased (letters and digits of any script). */
const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
/** Share of the first `<h1>` line's words found in the `<title>` (a headline repeats it; a listing's h1 is a section name or absent): 0 without either. */
function h1InTitle(t: LineTable): number {
  if (!t.title) return 0;
  for (let i = 0; i < t.count; i++) {
    if (t.block[i] !== BlockKind.Heading1 || t.contentBytes[i] === 0) continue;
    const h = words(t.lineText(i, false));
    if (h.length === 0) return 0;
    const title = new Set(words(t.title));
    return h.filter((w) => title.has(w)).length / h.length;
  }
  return 0;
}

/**
 * A page-type classifier: multinomial logistic regression over standardised features
 * (see the module comment). Serialisable, part of a Model (`Model.pageType`).
 */
export interface PageTypeClassifier {
  /** Class names, in the order of `weights` and `bias`. */
  readonly classes: readonly string[];
  /** Feature names, in the order of the vector (must equal PAGE_TYPE_FEATURES to be applied). */
  readonly features: readonly string[];
  /** Per feature: the mean and scale (standard deviation) it is standardised with. */
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  /** Per class: one weight per standardised feature. */
  readonly weights: readonly (readonly number[])[];
  readonly bias: readonly number[];
  /** How it was chosen: learner, its settings, cross-validated accuracy (for `farsw rules`). */
  readonly training?: { readonly learner: string; readonly l2: number; readonly pages: number; readonly cvAccuracy?: number; readonly folds?: number };
}

/** A page's type, with the classifier's probability for it. */
export interface PageTypeResult {
  readonly type: string;
  /** Probability of `type` under the classifier, in [0, 1]; 0 when no classifier decided (the fallback). */
  readonly confidence: number;
  /** Probability per class (empty without a classifier). */
  readonly probabilities: Readonly<Record<string, number>>;
}

/** The result without a classifier. */
const FALLBACK_RESULT: PageTypeResult = Object.freeze({ type: FALLBACK_PAGE_TYPE, confidence: 0, probabilities: Object.freeze({}) });

/**
 * Class probabilities of a feature vector (softmax of the linear scores).
 * @param x features (PAGE_TYPE_FEATURES order)
 * @param c the classifier
 */
export function pageTypeProbabilities(x: ArrayLike<number>, c: PageTypeClassifier): Float64Array {
  const p = new Float64Array(c.classes.length);
  let max = -Infinity;
  for (let j = 0; j < p.length; j++) {
    const w = c.weights[j]!;
    let s = c.bias[j]!;
    for (let f = 0; f < w.length; f++) s += w[f]! * ((x[f]! - c.mean[f]!) / c.scale[f]!);
    p[j] = s;
    if (s > max) max = s;
  }
  let sum = 0;
  for (let j = 0; j < p.length; j++) sum += p[j] = Math.exp(p[j]! - max);
  for (let j = 0; j < p.length; j++) p[j]! /= sum;
  return p;
}

/**
 * The type of a feature vector under a classifier.
 * @param x features
 * @param c the classifier
 */
export function classifyFeatures(x: ArrayLike<number>, c: PageTypeClassifier): PageTypeResult {
  const p = pageTypeProbabilities(x, c);
  let best = 0;
  for (let j = 1; j < p.length; j++) if (p[j]! > p[best]!) best = j;
  const probabilities: Record<string, number> = {};
  c.classes.forEach((name, j) => { probabilities[name] = p[j]!; });
  return { type: c.classes[best]!, confidence: p[best]!, probabilities };
}

const MATCHES = new WeakMap<PageTypeClassifier, boolean>();
/**
 * The classifier was learnt on this farsw's features (same names, same order); one learnt on
 * other features (an older farsw) is not applied: its pages get the fallback type.
 */
export function matchesFeatures(c: PageTypeClassifier): boolean {
  let ok = MATCHES.get(c);
  if (ok === undefined) {
    ok = c.features.length === PAGE_TYPE_FEATURES.length && c.features.every((f, i) => f === PAGE_TYPE_FEATURES[i]);
    MATCHES.set(c, ok);
  }
  return ok;
}

/**
 * What kind of page it is, for routing extraction strategies (see the module comment).
 * @param table the page's line table, built with the model's line options (`runModel` returns it)
 * @param html the page source
 * @param url the page's URL, when known (its path words are features)
 * @param model anything carrying the classifier (a Model); without `pageType`: article, confidence 0
 */
export function classifyPage(table: LineTable, html: string, url: string | null | undefined, model: { readonly pageType?: PageTypeClassifier }): PageTypeResult {
  const c = model.pageType;
  if (!c || !matchesFeatures(c)) return FALLBACK_RESULT;
  return classifyFeatures(pageTypeFeatures(table, html, url), c);
}

/** What routing needs of a type's route: the confidence it runs from, and its route below that confidence, if any. */
export interface RoutableType {
  readonly minConfidence: number;
  readonly below?: { readonly minConfidence: number };
}

/**
 * The page's type when a route could take it, for routing alone (nobody asked for the type): undefined when no type
 * in `routes` can be the most probable type and reach its `minConfidence` whatever the page's `@type` groups and price
 * count (mayRoute), which are then never searched for (four scans of the source: most of the classification's time on
 * WCXB pages); the same for the prices once the `@type` groups are known. Otherwise what `classifyPage` gives.
 * @param routes the routed types, each with the confidence its route needs
 */
export function routablePageType(
  table: LineTable, html: string, url: string | null | undefined, model: { readonly pageType?: PageTypeClassifier },
  routes: Readonly<Record<string, RoutableType>>,
): PageTypeResult | undefined {
  const c = model.pageType;
  if (!c || !matchesFeatures(c)) return FALLBACK_RESULT;
  const x = featuresBarSource(table, html, url);
  if (!mayRoute(x, c, routes, FREE_SOURCE)) return undefined;
  schemaFeatures(html, x, SCHEMA_FEATURE);
  if (!mayRoute(x, c, routes, FREE_PRICE)) return undefined;
  x[PRICE_FEATURE] = log1p(priceCount(html));
  return classifyFeatures(x, c);
}

/**
 * Can a routed type be the most probable type and reach its minimum confidence for some values of the `free` features
 * (left out of `x`)? Scores are linear in each feature, so over the box of the free features' ranges each score, and
 * each difference of two scores, is smallest and largest at a corner, feature by feature. Type t is the most probable
 * nowhere when another scores above it everywhere; its probability is at most
 * 1 / (1 + Σ_{j≠t} exp(min s_j − max s_t)). A margin of 1e-9 covers the sums' rounding (their order differs from
 * pageTypeProbabilities').
 */
function mayRoute(x: Float64Array, c: PageTypeClassifier, routes: Readonly<Record<string, RoutableType>>, free: FreeFeatures): boolean {
  const m = c.classes.length, q = free.length;
  const fixed = new Float64Array(m), lo = new Float64Array(m), hi = new Float64Array(m);
  // at[j * q + i]: class j's score term of free feature i at its low end; top[…]: at its high end.
  const at = new Float64Array(m * q), top = new Float64Array(m * q);
  const isFree = new Uint8Array(x.length);
  for (const [f] of free) isFree[f] = 1;
  for (let j = 0; j < m; j++) {
    const w = c.weights[j]!;
    let s = c.bias[j]!;
    for (let f = 0; f < w.length; f++) if (!isFree[f]) s += w[f]! * ((x[f]! - c.mean[f]!) / c.scale[f]!);
    for (let i = 0; i < q; i++) {
      const [f, low, high] = free[i]!;
      at[j * q + i] = w[f]! * ((low - c.mean[f]!) / c.scale[f]!);
      top[j * q + i] = w[f]! * ((high - c.mean[f]!) / c.scale[f]!);
    }
    fixed[j] = s;
    let l = s, h = s;
    for (let i = 0; i < q; i++) { l += Math.min(at[j * q + i]!, top[j * q + i]!); h += Math.max(at[j * q + i]!, top[j * q + i]!); }
    lo[j] = l;
    hi[j] = h;
  }
  for (let t = 0; t < m; t++) {
    const typed = routes[c.classes[t]!];
    if (!typed) continue;
    const route = typed.below && typed.below.minConfidence < typed.minConfidence ? typed.below : typed;
    let leads = true;
    for (let j = 0; j < m && leads; j++) {
      if (j === t) continue;
      // The smallest s_j − s_t over the box: above 0, j outscores t everywhere.
      let d = fixed[j]! - fixed[t]!;
      for (let i = 0; i < q; i++) d += Math.min(at[j * q + i]! - at[t * q + i]!, top[j * q + i]! - top[t * q + i]!);
      if (d > 1e-9) leads = false;
    }
    if (!leads) continue;
    let den = 1;
    for (let j = 0; j < m; j++) if (j !== t) den += Math.exp(lo[j]! - hi[t]!);
    if (1 / den >= route.minConfidence - 1e-9) return true;
  }
  return false;
}
