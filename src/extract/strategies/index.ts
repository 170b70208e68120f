/**
 * Extraction strategies by page type (issue 35): the classifier (features/page-type.ts, the model's `pageType`) names the
 * page's type; when its confidence reaches the threshold of the type's route in the settings (`routes`: strategy, threshold
 * and the strategy's settings, chosen by cross-validation by domain: docs/decisions.md, "Page types"), the route's strategy
 * runs instead of the plain model path (under it, the route's `below`, if any; `pageTypeAs` names the type whatever the
 * classifier says). A strategy is a stage
 * list built from MODEL_STAGES with insertStage / replaceStage / withoutStage (its stages name themselves in `farsw explain`)
 * and, where what it needs is removed while the page is read, line options laid over the model's.
 *
 * A new strategy is one entry in PAGE_TYPE_STRATEGIES (its id, the types it is for, its stages), its settings' grid in
 * scripts/bench-wcxb.mjs, and its routes in FARSW_APPLY_DEFAULTS.routes once cross-validation chose them
 * (`npm run bench:wcxb -- --cv domain`).
 */
import type { LineOptions } from '../../html/lines.js';
import type { Block, LineTable } from '../../core/types.js';
import { productDescription } from '../../html/json-ld.js';
import { classifyPage, routablePageType, PAGE_TYPES, type PageTypeClassifier, type PageTypeResult } from '../../features/page-type.js';
import { MODEL_STAGES, insertStage } from '../stages/index.js';
import type { Stage } from '../stages/types.js';
import type { FarswApplyOptions, PageTypeRoute } from '../apply-options.js';
import { bodyStage } from './body.js';
import { repeatedStage } from './repeated.js';
import { chromeStage, remuteStage } from './chrome.js';
import { postsStage, repliesStage } from './posts.js';
import { widgetsStage } from './widgets.js';
import { quotesStage } from './quotes.js';
import { consentStage, signInStage, signaturesStage, statsStage } from './signatures.js';
import { ConfigError } from '../../core/errors.js';
import { tableLineKey } from '../../html/line-key.js';

/** One page type's way of extracting. */
export interface PageTypeStrategy {
  /** Short stable name (`forum`), what a result's `strategy` says. */
  readonly id: string;
  /** The page types it is made for (the ones `npm run bench:wcxb -- --cv` tries it on). */
  readonly types: readonly string[];
  /** One line: what it changes against the model path. */
  readonly purpose: string;
  /** Line options laid over the model's (the page is read again with them); absent: the same line table. */
  readonly lines?: Partial<LineOptions>;
  /**
   * With `lines`: whether the page read again replaces the first reading, given the first table, the page read again and
   * the characters the strategy's stages keep on the first (each computed only when called); absent: always.
   */
  readonly reread?: (first: LineTable, again: () => LineTable, kept: () => number, options: FarswApplyOptions) => boolean;
  /**
   * With `reread`: whether the page read again, once the strategy ran on it, is kept, given both tables and their chosen
   * lines (the first reading's computed only when called); absent: always.
   */
  readonly keep?: (first: LineTable, firstChosen: () => readonly Block[], again: LineTable, againChosen: readonly Block[], options: FarswApplyOptions) => boolean;
  /** Its stage list. */
  readonly stages: readonly Stage[];
  /**
   * Text the page holds outside its lines (a JSON-LD description), appended after the chosen lines' text; given the
   * page, its table and the chosen lines. Absent: none.
   */
  readonly supplement?: (html: string, table: LineTable, chosen: readonly Block[], options: FarswApplyOptions) => string | undefined;
}

/** The repeated strategy's stages: repeated items, the body fallback, the chrome dropped, the mute again. */
const REPEATED_STAGES = insertStage(insertStage(insertStage(insertStage(MODEL_STAGES, repeatedStage, 'main'), bodyStage, 'repeated'), chromeStage, 'body'), remuteStage, 'chrome');

/** The repeated and sections strategies' stages: REPEATED_STAGES with a cookie-consent dialog dropped before the mute again, then repeated lines dropped. */
const GROUP_STAGES = insertStage(insertStage(REPEATED_STAGES, consentStage, 'chrome'), quotesStage, 'remute');

/** The strategies, one per page type at most. */
export const PAGE_TYPE_STRATEGIES: readonly PageTypeStrategy[] = Object.freeze([
  {
    id: 'forum', types: ['forum'],
    purpose: "forum threads and Q&A: comment sections are posts, read when they hold the thread (commentShare); the run of posts kept whole (posts), or when the model kept little of it (postsShare; the page's largest thread when the model kept none), or the lines the model chose in it after the container cuts (replies); quoted posts (quoteChars), signatures (signatures), member panels (memberStats), sign-in prompts (signIn), cookie-consent dialogs (dropConsent) and the page chrome: nav, aside, header and footer (dropChrome) dropped",
    lines: Object.freeze({ dropComments: false }),
    reread: commentsHoldThread,
    stages: insertStage(insertStage(insertStage(insertStage(insertStage(insertStage(insertStage(insertStage(MODEL_STAGES, repliesStage, 'fill'), postsStage, 'mute'), quotesStage, 'main'), signaturesStage, 'quotes', 'before'), consentStage, 'signatures'), statsStage, 'consent'), signInStage, 'stats'), chromeStage, 'sign-in'),
  },
  {
    id: 'items', types: ['product'],
    purpose: "products: a near-empty output falls back to the page's body lines (bodyChars); reviews and related products are left out (dropWidgets); the page's nav, aside, header and footer dropped (dropChrome); a short output is read again with hidden tab panels (hiddenChars); lines repeating earlier chosen text dropped (quoteChars: a description the body fallback or the relax to <main> brings back twice); a JSON-LD Product description the output lacks is added (jsonLdDescription)",
    lines: Object.freeze({ dropHidden: false }),
    reread: hiddenHoldsContent,
    stages: insertStage(insertStage(insertStage(insertStage(MODEL_STAGES, bodyStage, 'main'), widgetsStage, 'body'), chromeStage, 'widgets'), quotesStage, 'chrome'),
    supplement: missingDescription,
  },
  {
    id: 'repeated', types: ['collection', 'listing'],
    purpose: "grids, lists, sections: the largest group of repeated items joins the chosen lines whole (repeatedItems), then the body fallback (bodyChars); the page's nav, aside, header and footer dropped (dropChrome); the learned mute again (remute); lines repeating earlier chosen text dropped (quoteChars); a short output read again with hidden elements (hiddenChars: a grid a script shows), or any (readHidden: card details), that reading kept when it adds to the visible one (hiddenKeep, hiddenGrowth); a cookie-consent dialog in no group and dropped (dropConsent)",
    // A store's grid held in hidden elements that its script shows or moves into place (eBay's and Wayfair's category pages).
    lines: Object.freeze({ dropHidden: false }),
    reread: (first, again, kept, options) => hiddenWanted(first, again, kept, options) || hiddenHoldsContent(first, again, kept, options),
    keep: hiddenAdds,
    stages: GROUP_STAGES,
  },
  {
    id: 'sections', types: ['service'],
    purpose: "service pages: the repeated strategy's stages, then lines repeating earlier chosen text dropped (quoteChars: slides and blocks printed twice); the page read with its hidden FAQ answers and tab panels (readHidden); the learned mute spares prose between kept lines (muteProse: testimonials, feature blocks); a cookie-consent dialog in no group and dropped (dropConsent)",
    lines: Object.freeze({ dropHidden: false }),
    reread: hiddenWanted,
    stages: GROUP_STAGES,
  },
  {
    id: 'docs', types: ['documentation'],
    purpose: "documentation: the repeated strategy's stages (repeatedItems, dropChrome); the page read with its hidden tab panels (readHidden: a code sample per language or system)",
    lines: Object.freeze({ dropHidden: false }),
    reread: hiddenWanted,
    stages: REPEATED_STAGES,
  },
]);

/** Characters of a table's text lines. */
function textChars(t: LineTable): number {
  let n = 0;
  for (let i = 0; i < t.count; i++) n += t.contentChars[i]!;
  return n;
}

/** Forum: the comment sections hold the thread when their text is more than `commentShare` times what was kept without them (0: always). */
function commentsHoldThread(first: LineTable, again: () => LineTable, kept: () => number, options: FarswApplyOptions): boolean {
  return options.commentShare <= 0 || textChars(again()) - textChars(first) > options.commentShare * kept();
}

/** Text a page must hide (LineTable.muted, an upper bound) for its hidden elements to be read: the swallowed-page guard's 200 (html/lines.ts). */
export const HIDDEN_MIN = 200;
/**
 * Products, collections: the page is read with its hidden elements (tab and accordion panels, a grid a script shows) when
 * the strategy kept fewer than `hiddenChars` characters of the visible page and the page hides at least HIDDEN_MIN characters.
 */
function hiddenHoldsContent(first: LineTable, _again: () => LineTable, kept: () => number, options: FarswApplyOptions): boolean {
  return options.hiddenChars > 0 && (first.muted ?? HIDDEN_MIN) >= HIDDEN_MIN && kept() < options.hiddenChars;
}

/**
 * Service pages, documentation, collections and listings (`readHidden`): the page is read with its hidden elements when it hides at least
 * HIDDEN_MIN characters: FAQ answers in collapsed accordions, a code sample per language in tab panels, which WCXB's gold
 * keeps (docs/decisions.md, "Page types").
 */
function hiddenWanted(first: LineTable, _again: () => LineTable, _kept: () => number, options: FarswApplyOptions): boolean {
  return options.readHidden && (first.muted ?? HIDDEN_MIN) >= HIDDEN_MIN;
}

/** Characters of the lines of `blocks` in `t`. */
export function chosenChars(t: LineTable, chosen: readonly Block[]): number {
  let n = 0;
  for (const b of chosen) for (let i = b.start; i < b.end; i++) n += t.contentChars[i]!;
  return n;
}

/**
 * Collections, listings (`hiddenKeep`, `hiddenGrowth`): the reading with hidden elements is kept when its output holds at
 * least `hiddenKeep` of the visible reading's output characters (lines matched by their key: html/line-key.ts) and at most
 * `hiddenGrowth` times them: hidden card details and tab panels add to the grid; a hidden dialog's prose the model prefers
 * to the grid, or a hidden menu of every product, does not.
 */
export function hiddenAdds(first: LineTable, firstChosen: () => readonly Block[], again: LineTable, againChosen: readonly Block[], options: FarswApplyOptions): boolean {
  if (options.hiddenKeep <= 0) return true;
  const before = firstChosen();
  const keys = new Set<number>();
  for (const b of againChosen) for (let i = b.start; i < b.end; i++) keys.add(tableLineKey(again, i));
  let total = 0, found = 0;
  for (const b of before) for (let i = b.start; i < b.end; i++) {
    const c = first.contentChars[i]!;
    total += c;
    if (c > 0 && keys.has(tableLineKey(first, i))) found += c;
  }
  if (total === 0) return true;
  return found >= options.hiddenKeep * total && (options.hiddenGrowth <= 0 || chosenChars(again, againChosen) <= options.hiddenGrowth * total);
}

const WORD = /[\p{L}\p{N}]+/gu;
/**
 * Products (`jsonLdDescription`): the JSON-LD Product description when fewer than half of its distinct words are in the
 * chosen lines (the visible page lacks it), else undefined.
 */
function missingDescription(html: string, table: LineTable, chosen: readonly Block[], options: FarswApplyOptions): string | undefined {
  if (!options.jsonLdDescription) return undefined;
  const d = productDescription(html);
  if (!d) return undefined;
  const kept = new Set<string>();
  for (const b of chosen) for (let i = b.start; i < b.end; i++) for (const w of table.text[i]!.toLowerCase().match(WORD) ?? []) kept.add(w);
  const words = new Set(d.toLowerCase().match(WORD) ?? []);
  let found = 0;
  for (const w of words) if (kept.has(w)) found++;
  return words.size > 0 && found < words.size / 2 ? d : undefined;
}

const BY_ID = new Map(PAGE_TYPE_STRATEGIES.map((s) => [s.id, s]));

/** The strategy of that id; undefined for none. */
export function strategyById(id: string): PageTypeStrategy | undefined {
  return BY_ID.get(id);
}

/** A page's route: its type (when classified), the strategy it runs and the settings it runs with (absent: the model path as it is). */
export interface PageRoute {
  readonly pageType?: PageTypeResult;
  readonly strategy?: PageTypeStrategy;
  readonly settings?: Readonly<Record<string, unknown>>;
}

/**
 * Where a page goes: the route of the type `pageTypeAs` names, if any; else classify it when the settings route any type
 * (or `classify` asks), then its type's route when the classifier's confidence reaches the route's `minConfidence`, the
 * route's `below` when it does not. Without `classify`, a page no route could take is not classified in full and its
 * route has no `pageType`.
 * @param table the page's line table with the model's line options
 * @param classify classify the page even when nothing is routed (the result's `pageType`)
 * @throws ConfigError for a route naming an unknown strategy, or a `pageTypeAs` naming no page type
 */
export function routePage(table: LineTable, html: string, url: string | null | undefined, model: { readonly pageType?: PageTypeClassifier }, options: Pick<FarswApplyOptions, 'routes'> & Partial<Pick<FarswApplyOptions, 'pageTypeAs'>>, classify: boolean): PageRoute {
  const routes = options.routes;
  if (options.pageTypeAs) return namedRoute(options.pageTypeAs, routes, classify ? classifyPage(table, html, url, model) : undefined);
  let any = false;
  for (const _ in routes) { any = true; break; }
  if (!any && !classify) return {};
  // Routing alone: the page is classified in full only when a route could take it (features/page-type.ts routablePageType).
  const pageType = classify ? classifyPage(table, html, url, model) : routablePageType(table, html, url, model, routes);
  if (!pageType) return {};
  const typed = routes[pageType.type];
  const route = typed && pageType.confidence < typed.minConfidence ? typed.below : typed;
  if (!route || pageType.confidence <= 0 || pageType.confidence < route.minConfidence) return { pageType };
  return takeRoute(route, pageType);
}

/** A page sent down `route` (absent: the model path as it is), with its type when known. */
function takeRoute(route: Omit<PageTypeRoute, 'below'> | undefined, pageType: PageTypeResult | undefined): PageRoute {
  return { ...(pageType ? { pageType } : {}), ...(route ? { strategy: knownStrategy(route.strategy), ...(route.settings ? { settings: route.settings } : {}) } : {}) };
}

/**
 * The route of the page type the settings name (`pageTypeAs`), whatever the classifier says (`pageType`: its verdict, when asked).
 * @throws ConfigError for a name that is no page type
 */
function namedRoute(type: string, routes: FarswApplyOptions['routes'], pageType: PageTypeResult | undefined): PageRoute {
  if (!(PAGE_TYPES as readonly string[]).includes(type)) throw new ConfigError(`extract: farsw.pageTypeAs: unknown page type ${JSON.stringify(type)} (page types: ${PAGE_TYPES.join(', ')})`);
  return takeRoute(routes[type], pageType);
}

/**
 * The strategy of that id.
 * @throws ConfigError naming the known ones
 */
export function knownStrategy(id: string): PageTypeStrategy {
  const s = BY_ID.get(id);
  if (!s) throw new ConfigError(`unknown page-type strategy ${id} (strategies: none, ${PAGE_TYPE_STRATEGIES.map((x) => x.id).join(', ')})`);
  return s;
}
