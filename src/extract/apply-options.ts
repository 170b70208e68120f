/**
 * The options of the model path (`applyModel` and its stages): one interface, read by every stage from one frozen,
 * fully-resolved object (extract/settings.ts resolveSettings).
 */
import type { DanaOptions } from './dana.js';

/**
 * How FAR-SW and the DANA core are combined:
 * - `farsw`: the paper alone (rules → window → informative blocks);
 * - `dana`: AdDANAg alone, on the same line table;
 * - `union` / `intersection`: of the lines each one chooses;
 * - `evidence`: DANA's smoothed diff as a sixth term of eq. 4, scaled to [−1, 1]
 *   (diff_i / max |diff|); the cutoff stays β;
 * - `vote`: a line is topical when a rule fires on it or it lies in a DANA
 *   region above the axis; then window, scores and cutoff as in the paper.
 */
export type CombineMode = 'farsw' | 'dana' | 'union' | 'intersection' | 'evidence' | 'vote';
export const COMBINE_MODES: readonly CombineMode[] = ['farsw', 'dana', 'union', 'intersection', 'evidence', 'vote'];

/** Where pages of one type go: a strategy (extract/strategies/index.ts), from a confidence on, with its settings. */
export interface PageTypeRoute {
  /** The strategy's id (PAGE_TYPE_STRATEGIES). */
  readonly strategy: string;
  /** The least classifier probability of the type for the page to be routed, in [0, 1]. */
  readonly minConfidence: number;
  /** Apply options of the routed pages, over the page's others (the DANA core's not among them). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * Where the pages of the type go below `minConfidence`, from the `below` route's own `minConfidence` on: a page the
   * classifier calls a collection without conviction is as often a product, a listing or a service page, none of them an
   * article, and reads best by its sections (docs/decisions.md, "Page types: unsure pages").
   */
  readonly below?: Omit<PageTypeRoute, 'below'>;
}

/** Eq. 4's normalisation of B, C, E and F (module comment). */
export type ScoreNorm = 'page' | 'model';
export const SCORE_NORMS: readonly ScoreNorm[] = ['page', 'model'];

/** Options of `applyModel` (defaults in FARSW_APPLY_DEFAULTS). */
export interface FarswApplyOptions {
  /** Sliding window length Φ (§3.4; 5). */
  readonly phi: number;
  /** Block cutoff β (§3.5; 1.5). */
  readonly beta: number;
  /** Lines added before the first and after the last topical line of a block (window.ts; 1). */
  readonly padding: number;
  /**
   * `crisp`: every rule region ≥ significance (the paper); `fuzzy`: min membership over the rule ≥ `fuzzyThreshold`;
   * `confidence`: the line's whole significant-region set read as one rule, topical when its confidence
   * on the training lines (smoothed towards the topical base rate) is ≥ `fuzzyThreshold`;
   * `rules`: P(content) by the weighted vote of the model's evidence rules (structure, class/id words, text;
   * extract/evidence-vote.ts), topical when ≥ `fuzzyThreshold` (the model must have been trained with `evidence`).
   */
  readonly classify: 'crisp' | 'fuzzy' | 'confidence' | 'rules';
  readonly fuzzyThreshold: number;
  readonly mode: CombineMode;
  /** In `confidence` classification, chosen lines with P(topical) below this are dropped (0 = off). */
  readonly veto: number;
  /**
   * With `confidence` classification, the DANA core sizes its regions by Σ T × P(topical) instead of
   * Σ T, so the learned evidence (class/id words, region sets) picks among dense regions.
   */
  readonly weightRegions: boolean;
  /** A line whose structural path the model knows as non-topical (applyPathEvidence) is not kept, whatever chose it. */
  readonly pathVeto: boolean;
  /** A chosen line whose text repeats an earlier chosen line's is not kept (dropRepeatedLines). */
  readonly dedupe: boolean;
  /** θ of the single-container constraint on the final lines (extract/container.ts); 0 = off. */
  readonly container: number;
  /** Weight of the class/id-word evidence in `confidence` classification (0 = off; see lineConfidence). */
  readonly tokenEvidence: number;
  /** Structural paths seen on at least this many training lines decide those lines (0 = off; see applyPathEvidence). */
  readonly pathEvidence: number;
  /** Lines in a slot the model learned as the article's (Model.topicalSlots, features/slots.ts) are kept though nothing chose them (see addSlotLines). */
  readonly slots: boolean;
  /**
   * In `union`, the fallback block (no block passed β) is left out when its anchor text exceeds this share of its
   * text, UTF-8 bytes (Readability's link-density cut), and it touches none of DANA's blocks (keepFallback); 0 = off.
   * Other modes keep it: FAR-SW alone would have nothing.
   */
  readonly fallbackLinkDensity: number;
  /** When no block passes β, keep the best one (farsw's); false keeps nothing (the paper). */
  readonly fallback: boolean;
  /** Eq. 4's normalisation (module comment): `page` or `model`. */
  readonly scoreNorm: ScoreNorm;
  /** Drop the model's template lines (farsw's); false ignores them (the paper has none). */
  readonly templates: boolean;
  /**
   * Block score (Step 8): `paper` = eq. 5, the mean of eq. 4's line scores, against `beta`; `evidence` = the mean
   * P(content) of the block's lines weighted by their characters, against `evidenceBeta` (needs `confidence` or
   * `rules` classification; otherwise the paper's).
   */
  readonly blockScore: 'paper' | 'evidence';
  /** Cutoff of the `evidence` block score, in [0, 1]. */
  readonly evidenceBeta: number;
  /**
   * A run of chosen lines (after the containers) whose character-weighted mean P(content) is below this is dropped,
   * whatever chose it (0 = off; needs `confidence` or `rules` classification).
   */
  readonly runVeto: number;
  /**
   * Learned mute (extract/mute.ts): chosen lines with a class/id word whose block carried the article on fewer than this share
   * of its training pages are left out (0 = off; models without EvidenceModel.classWordCarries: off).
   */
  readonly mute: number;
  /** … unless fewer than this many characters would be left. */
  readonly muteRetry: number;
  /**
   * In `union` with `evidence` block scores: an informative block is added only when it lies within this many lines
   * of one of DANA's blocks (−1 = any block is added): teaser lists far from the article stay out.
   */
  readonly attach: number;
  /** `rules` classification: weight of the evidence vote against the `confidence` reading (1 = the vote alone). */
  readonly rulesWeight: number;
  /** The title line (extract/title.ts), when chosen, is kept whatever the containers decide. */
  readonly keepTitleLine: boolean;
  /** The title line is kept even when nothing chose it (the headline of the article, which DANA's axis and the windows missed). */
  readonly addTitleLine: boolean;
  /** The kept title line (`keepTitleLine`, `addTitleLine`) is not muted (`mute`). */
  readonly spareTitleLine: boolean;
  /**
   * Readability's sibling step (extract/container.ts contentSiblings): the chosen lines in a sibling of the final container whose
   * character-weighted mean P(content) is at least this (anchor text at most a quarter of its text) stay; 0 = off; needs the vote
   * (`rules` or `confidence` classification).
   */
  readonly siblings: number;
  /** …and also when not chosen, if the model's rules call it topical (site models: the headline sits apart from the body, past the share buttons). */
  readonly topicalTitle: boolean;
  /** The final container is not applied when it holds none of the chosen text of the DANA core's starting region (the title-anchored one). */
  readonly anchorContainer: boolean;
  /** After the containers (with `container` on), lines between the first and last chosen line whose anchor text is at most this share of their text are chosen too (fillSpan; 0 = off). */
  readonly fill: number;
  /**
   * The lead under the headline (restoreLead): with the title line kept and `container` on, the lines DANA's regions or the
   * windows chose between the title line and the first kept line, which the containers cut, come back when they hold at least
   * this many characters and their anchor text is at most half of their text (0 = off).
   */
  readonly leadChars: number;
  /**
   * A line of the lead does not come back when at least this share of its tokens recur in one of the first `LEAD_REPEAT_LINES`
   * kept lines after it: a teaser or summary under the headline that repeats the article's opening (0 = off).
   */
  readonly leadRepeat: number;
  /** The final container is chosen as if the learned mute (`mute`) had already left its lines out (no effect without the mute or the final container). */
  readonly muteBox: boolean;
  /**
   * The lines of teaser lists after the title line (features/teasers.ts) weigh by the model's EvidenceModel.teaserShare when the
   * title anchor ranks DANA's regions, so a list of linked headlines with summaries does not outrank a short story (no effect
   * without the share or a title line).
   */
  readonly teaserRank: boolean;
  /** The relax step to `<main>` (extract/strategies/main-element.ts relaxToMain): its share; 0 = off. */
  readonly mainShare: number;
  /** An empty output is relaxed: the page read with its comment sections and hidden elements, else its body lines (extract/model-extractor.ts relaxEmpty). */
  readonly emptyRelax: boolean;
  /**
   * Routing by page type (extract/strategies/index.ts): per predicted type, the strategy, the classifier's confidence from
   * which it runs and the settings it runs with; a type absent runs the model path as it is. Empty: no routing (and no
   * classification for it).
   */
  readonly routes: Readonly<Record<string, PageTypeRoute>>;
  /**
   * Every page extracted as this page type (features/page-type.ts PAGE_TYPES): its route in `routes` whatever the classifier
   * says; `article`, or a type without a route, runs the model path unrouted. '': each page routed by its classified type.
   * For a crawl of one kind of site (`farsw apply --page-type forum`).
   */
  readonly pageTypeAs: string;
  /** The body fallback of a routed page (extract/strategies/body.ts): chosen lines under this many characters are replaced by the page's body lines; 0 = off. */
  readonly bodyChars: number;
  /** Repeated items kept whole (extract/strategies/repeated.ts, a page-type strategy's stage): the fewest items of a group; 0 = off. */
  readonly repeatedItems: number;
  /** Repeated items grouped by tag and first class word, not the whole class: cards whose modifier classes differ (`item-cell is-sale`, WooCommerce's `product … instock sale`) are one group. */
  readonly repeatedBase: boolean;
  /** The repeated strategy drops the chosen lines inside the page's nav, aside, header and footer (extract/strategies/chrome.ts). */
  readonly dropChrome: boolean;
  /** The repeated strategy runs the learned mute again after its stages added lines (extract/strategies/chrome.ts remuteStage). */
  readonly remute: boolean;
  /** The items strategy adds the page's JSON-LD Product description when the output lacks it (html/json-ld.ts). */
  readonly jsonLdDescription: boolean;
  /** The items strategy leaves out a product page's shop widgets: reviews, related products, accessories (extract/strategies/widgets.ts). */
  readonly dropWidgets: boolean;
  /** The items and repeated strategies read the page again with its hidden elements (tab and accordion panels, a grid a script shows) when they kept fewer characters than this; 0 = off. */
  readonly hiddenChars: number;
  /** The sections, docs and repeated strategies read the page with its hidden elements (FAQ answers, tab and accordion panels, card details) when it hides at least 200 characters. */
  readonly readHidden: boolean;
  /**
   * The repeated strategy keeps its reading with hidden elements only when that reading's output holds at least this share
   * of the visible reading's output characters (lines compared by their text): the hidden text adds to what the page shows,
   * it does not replace it (a hidden dialog's prose chosen instead of the grid); 0 = always kept.
   */
  readonly hiddenKeep: number;
  /** With `hiddenKeep`: and at most this many times the visible reading's output characters (a hidden menu of every product); 0 = no bound. */
  readonly hiddenGrowth: number;
  /** The forum strategy keeps the run of sibling posts around a chosen post whole (extract/strategies/posts.ts). */
  readonly posts: boolean;
  /** The forum strategy keeps the thread whole (as `posts`) only when the chosen lines hold less than this share of its characters: the model kept one post of many; when no chosen line lies in a thread, the page's largest thread is judged so (extract/strategies/posts.ts); 0 = off. */
  readonly postsShare: number;
  /** The forum strategy brings back the lines the model chose in the other posts of the thread after the container cuts (extract/strategies/posts.ts repliesStage). */
  readonly replies: boolean;
  /**
   * The forum strategy reads comment sections when the text they hold is more than this many times the characters the
   * model kept without them (the comment filter swallowed the thread); 0: always.
   */
  readonly commentShare: number;
  /** The forum, sections, repeated and items strategies drop a final line whose words (at least this many characters) repeat earlier chosen text: a quoted post, a block printed twice (extract/strategies/quotes.ts); 0 = off. */
  readonly quoteChars: number;
  /** The learned mute spares a line of prose between the lines it keeps: at least this many characters, under a fifth of them link text (a testimonial, a feature's description; extract/stages/mute.ts); 0 = off. */
  readonly muteProse: number;
  /** The forum strategy drops the lines of members' signatures (extract/strategies/signatures.ts). */
  readonly signatures: boolean;
  /** The forum, repeated and sections strategies drop the lines of a cookie-consent dialog; the repeated items' groups leave them out (extract/strategies/signatures.ts consentStage). */
  readonly dropConsent: boolean;
  /** The forum strategy drops the member panel's lines beside each post: titles, post counts, join dates (extract/strategies/signatures.ts statsStage). */
  readonly memberStats: boolean;
  /** The forum strategy drops prompts to sign in or register before replying (extract/strategies/signatures.ts signInStage). */
  readonly signIn: boolean;
  /** DANA core parameters for the combined modes. */
  readonly dana: DanaOptions;
}
