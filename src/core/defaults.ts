/**
 * Every default parameter of farsw, with its source. Stages take a frozen
 * options object built from these; nothing else hard-codes a constant.
 */

/** DANA / DANAg / AdDANAg (seeds 003, 004). */
export const DANA_DEFAULTS = Object.freeze({
  /** Algorithm 1: maximum distance in lines between two regions of the main content (DANA §IV.B, "gap … configured with a value of 20"). */
  gap: 20,
  /** Smoothing radius r: diff_i sums lines i − r … i + r (formula 1 uses i − 1, i, i + 1, so r = 1). */
  radius: 1,
  /** No line above the axis: keep the single best line rather than nothing (farsw's choice; the papers assume a region exists). */
  fallbackToBestLine: true,
  /** θ of the single-container constraint (extract/container.ts; farsw's, after Readability's top candidate; 0 = off): docs/decisions.md. */
  container: 0.7,
  /** The container holds at least this many chosen lines with text (extract/container.ts; 1 = any element, a single paragraph too). */
  containerLines: 1,
  /** The title anchor (extract/title.ts; farsw's): a region d lines after the title line counts 1 / (1 + d / decay); 0 = off (the papers). */
  titleDecay: 50,
  /** The title anchor: a region ending before the title line counts a quarter of its size (0 and 0.5 measured worse). */
  beforeTitle: 0.25,
  /** The title container (extract/container.ts; farsw's): keep the lowest element holding the title line and DANA's start, unless it holds < this share; 0 = off. */
  titleContainer: 0.2,
});

/** Line building and preprocessing (DANA footnote 1, AdDANAg §3.1–3.2). */
export const LINE_DEFAULTS = Object.freeze({
  /** Elements whose content is removed with them: AdDANAg §3.2 removes JavaScript, CSS and comments; noscript/template/head are never rendered text. */
  dropElements: Object.freeze(['script', 'style', 'noscript', 'template', 'head', 'title', 'svg', 'math', 'iframe', 'noembed', 'noframes', 'object', 'select', 'textarea', 'button', 'datalist']),
  /** Re-line the source at block elements so the result does not depend on the author's line breaks (DANA footnote 1). */
  reline: true,
  /** Keep only the `<body>` (FAR-SW §3.1, step 1). */
  bodyOnly: true,
  /** Markup between text blocks forms lines of its own, as in pretty-printed source (false), rather than joining the next text line (true): better for the DANA family (docs/decisions.md). */
  carryMarkup: false,
  /** Per-line class/id words (LineTable.classTokens): off for the DANA family, on for FAR-SW models. */
  classTokens: false,
  /** Attribute normalisation of the AdDANAg code column (html/lines.ts): `'anchors'` is the paper's (§3.1), `'all'` (farsw's) weighs every start tag without its attributes (docs/decisions.md). */
  normalizeAttributes: 'all' as 'anchors' | 'all',
  /** Remove user-comment sections (class/id words comment, respond, disqus, …), as Readability does; CleanEval's gold often keeps them (docs/decisions.md). */
  dropComments: true,
  /** Remove hidden elements (`hidden`, inline display: none / visibility: hidden, `aria-hidden="true"`), as Readability does, modal dialogs (`aria-modal="true"`) and closed `<dialog>`s (docs/decisions.md). */
  dropHidden: true,
  /** Count markup in UTF-8 bytes (LineTable.codeBytes, asciiBytes, nonAsciiBytes); the extractors that read none of them turn it off (html/lines.ts). */
  markupBytes: true,
  /** Read `<noscript>` content as shown (scripting off) on every page; off: only where the noscript guard turns it on (html/lines.ts). */
  readNoscript: false,
});

/** FAR-SW training (seed 002, §3.1–3.3) and gold-label alignment (farsw's own choice, see train/align.ts). */
export const FARSW_TRAIN_DEFAULTS = Object.freeze({
  /** α of eq. (1)–(3): weight of the topical-region statistics against the non-topical ones ("we set the value of α to 0.5", §3.3). */
  alpha: 0.5,
  /** Step 4: memberships below this are dropped before Apriori ("significance threshold (0.5 as default)", §3.3). */
  significance: 0.5,
  /** Step 5: Apriori minimum support ("support threshold 0.5", Table 8). */
  minSupport: 0.5,
  /** Gold alignment: a line is topical when at least this share of its tokens is matched in order in the gold (farsw's choice; see train/align.ts). */
  alignThreshold: 0.5,
  /** Models across sites: a gold token may label several lines (train/align.ts); site models: FARSW_SITE_TRAIN_DEFAULTS. */
  exclusiveAlign: false,
  /**
   * Models across sites learn no structural slots; site models do (FARSW_SITE_TRAIN_DEFAULTS): a slot on at least
   * `slotMinPages` training pages whose lines were topical at least `slotMinShare` of the time (features/slots.ts, Model.topicalSlots).
   */
  slots: false,
  slotMinPages: 2,
  slotMinShare: 0.9,
  /** Feature variant: `raw` (intra-site, §3.2) or `normalized` (i/N and per-page scaling, for models trained across sites, §3.2 last paragraph). */
  featureVariant: 'raw' as 'raw' | 'normalized',
  /** Membership shape of B, C and E: `three` (Low/Middle/High, Fig. 3) or `two` (Low'/High', Fig. 7, §4.1). A, D and F always use three regions. */
  bceShape: 'three' as 'three' | 'two',
  /** `farsw train --by-site`: hosts with fewer pages get no model (issue 4). */
  minPages: 10,
  /**
   * Template lines (train/templates.ts, beyond the paper): non-topical on at least
   * max(2, ⌈share · pages⌉) training pages, topical on at most `templateMaxTopicalRatio`
   * as many; at most `templateMaxKeys` kept. share 0 … 1; set share to 1 to disable.
   */
  templateMinShare: 0.1,
  templateMaxTopicalRatio: 0.1,
  templateMaxKeys: 20000,
  /** Class/id words kept in a model: those on at least max(2, ⌈share · pages⌉) training pages. */
  tokenMinShare: 0.01,
  /** Evidence rules (train/evidence.ts, issue 17): learned only when asked (`evidence`), parameters below. */
  evidence: false,
  /**
   * Evidence rules: α and significance as FAR-SW's; Apriori support in the rule's class, certainty factor against the
   * class prior, confidence gain over sub-rules, rule length and rules per class (mining/class-rules.ts); sizes of the
   * learned vocabularies (features/evidence.ts).
   */
  evidenceRules: Object.freeze({
    alpha: 0.5, significance: 0.5, minSupport: 0.01, minWeight: 0.1, minGain: 0.02, maxLength: 3, maxRules: 300,
    commonWords: 150, classWords: 256, classWordMinShare: 0.01, classWordMinSites: 10,
  }),
});

/**
 * FAR-SW preprocessing (seed 002, §3.1 and Table 1): elements removed together
 * with their content before lines are built, on top of LINE_DEFAULTS.dropElements.
 * Table 1 lists <a>, <form>, <fieldset> and <image> too; farsw keeps them:
 *   <a>     deleting anchors with their text would make LinkNum (feature E) always 0
 *           and delete linked words inside article paragraphs;
 *   <form>, <fieldset>  container elements; ASP.NET pages wrap the whole body in one <form>;
 *   <image> an image tag, counted by ImgNum (feature F).
 * <!--> (comments) are never text in the line builder anyway.
 */
export const FARSW_PREPROCESS_DEFAULTS = Object.freeze({
  /** Models across sites: pretty-printed lines, the ones addanag uses, so the DANA core sees the same lines (with its gap at 80; docs/decisions.md); site models: FARSW_SITE_TRAIN_DEFAULTS. */
  carryMarkup: false,
  /** Record class/id words per line for the model to learn (LineTable.classTokens). */
  classTokens: true,
  dropElements: Object.freeze([
    ...LINE_DEFAULTS.dropElements,
    ...['meta', 'param', 'button', 'select', 'optgroup', 'option', 'label', 'textarea', 'legend', 'input', 'map', 'area', 'iframe', 'embed', 'object', 'script', 'noscript', 'style']
      .filter((t) => !LINE_DEFAULTS.dropElements.includes(t)),
  ]),
});

/**
 * The site-model layer of training (train/train.ts resolveTrainParams, merged as the apply side's settings are: core/layers.ts):
 * what training a model on one site (`TrainOptions.site`) uses instead of FARSW_TRAIN_DEFAULTS and FARSW_PREPROCESS_DEFAULTS.
 * A new site-dependent training option is one entry here.
 */
export const FARSW_SITE_TRAIN_DEFAULTS = Object.freeze({
  /** Each gold token labels one line, the one matching best; a breadcrumb repeating the headline is not the article (docs/decisions.md). */
  exclusiveAlign: true,
  /** Learn the structural slots of article lines (features/slots.ts, Model.topicalSlots; docs/decisions.md). */
  slots: true,
  /** Markup-only lines join the next text line, so every FAR-SW line is a "text line" (§3.2); better intra-site (docs/decisions.md). */
  carryMarkup: true,
});

/**
 * Adapted Content Code Blurring (Gottron 2008, "Content Code Blurring: a new
 * approach to content extraction", DEXA '08), character-based. DANA's tables
 * (seeds 000, 003) report it as "ACCB-40"; we read 40 as the range (radius) of
 * the Gaussian blur in characters.
 */
export const ACCB_DEFAULTS = Object.freeze({
  /** Blur range r: the kernel covers positions i − r … i + r ("ACCB-40", seeds 000/003 Table II). */
  radius: 40,
  /** Standard deviation of the Gaussian in characters: r / 3, so the kernel holds 99.7 % of its mass (our choice; the seeds do not give σ). */
  sigma: 40 / 3,
  /** A text token is content when its mean blurred content-code ratio is at least this (the seeds do not give Gottron's t; docs/decisions.md). */
  threshold: 0.7,
});

/**
 * Content Extraction via Tag Ratios (Weninger & Hsu 2008), CETR-KM.
 */
export const CETR_DEFAULTS = Object.freeze({
  /** Standard deviation of the Gaussian smoothing of the tag-ratio histogram, in lines (Weninger & Hsu use σ = 1). */
  sigma: 1,
  /** α: the derivative compares a line's smoothed ratio with the mean of the next α lines (Weninger & Hsu: α = 3). */
  alpha: 3,
  /** Number of k-means clusters; the cluster whose centroid is nearest the origin is non-content (Weninger & Hsu: k = 3). */
  k: 3,
  /** Seed of the k-means initialisation (centroids other than the origin one are drawn from the points). */
  seed: 1,
  /** k-means iteration cap. */
  maxIterations: 100,
  /** Lines: `source` = the page's own source lines (the paper); `blocks` = one line per paragraph of text (robust to minified pages). */
  lines: 'source' as 'source' | 'blocks',
  /** Keep the non-content centroid at the origin (true) or let it move from there (false, better measured; docs/decisions.md); the cluster nearest the origin is non-content. */
  pinOrigin: false,
});

/**
 * Word-to-leaf ratio with link attributes (seed 001, after Insa et al.'s
 * words/leafs ratio). The readings of its garbled equations are documented in
 * `extract/wlr.ts`.
 */
export const WLR_DEFAULTS = Object.freeze({
  /** Step 9: weight of the relevance R(n) in the selection score. */
  relevanceWeight: 0.7,
  /** Step 9: weight of the link weight W(n) in the selection score. */
  linkWeight: 0.3,
  /**
   * Eq. 4 reading: `product` = R(n) = WLR(n) · max(w(n), Σ R(children)) (the text as printed);
   * `max` = R(n) = max(w(n), Σ R(children)) (the hierarchical relevance without the WLR factor);
   * `normalised` = I_WLR(n) · max(w(n), Σ R(children)). See extract/wlr.ts for why `max` is the default.
   */
  relevance: 'max' as 'product' | 'max' | 'normalised',
  /** Step 9 candidates: `initial` = the nodes of I (steps 5–6 define W on I); `all` = every node with words. */
  candidates: 'all' as 'initial' | 'all',
});

/** Evaluation and cross-validation (`farsw eval`). */
export const EVAL_DEFAULTS = Object.freeze({
  /** k of k-fold intra-site cross-validation: FAR-SW §4 "A ten-fold cross-validation is performed in each subsequent experiment". */
  folds: 10,
  /** Smallest site that gets its own cross-validation row: one page per fold at the default k (FAR-SW used 100 pages per site). */
  minPages: 10,
  /** Seed of the fold shuffles (any fixed value; recorded in reports). */
  seed: 1,
  /** Bag-of-words size unit: tokens; FAR-SW eq. 6–7 count bytes (`--unit bytes`). */
  unit: 'tokens' as 'tokens' | 'bytes',
});

/** A route's shape (extract/apply-options.ts PageTypeRoute, which this layer cannot import). */
interface PageTypeRouteShape { readonly strategy: string; readonly minConfidence: number; readonly settings?: Readonly<Record<string, unknown>> }
/** The service pages' route (the sections strategy), which the collections typed without conviction take too (`below`). */
const SECTIONS_ROUTE = Object.freeze({ strategy: 'sections', minConfidence: 0, settings: Object.freeze({ repeatedItems: 3, quoteChars: 20, dropChrome: true, remute: true, readHidden: true, muteProse: 50, dropConsent: true }) });

/** Applying a FAR-SW model (seed 002, §3.4–3.5) and combining it with the DANA core. */
export const FARSW_APPLY_DEFAULTS = Object.freeze({
  /** Sliding window length Φ ("empirically set to 5", §3.4). */
  phi: 5,
  /** Block cutoff β ("a cutoff value of 1.5", §3.5); lower cutoffs measured in docs/decisions.md. */
  beta: 1.5,
  /** Lines before the first / after the last topical line of a block (§3.4's conditions; window.ts). */
  padding: 1,
  /** Rule matching: the paper's is `crisp`; farsw's `confidence` reading (extract/farsw.ts) is better across sites (docs/decisions.md). */
  classify: 'confidence' as 'crisp' | 'fuzzy' | 'confidence' | 'rules',
  /** Rule degree threshold in `fuzzy` classification. */
  fuzzyThreshold: 0.5,
  /** Combination with the DANA core for models across sites (extract/farsw.ts): `union`, the best measured (docs/decisions.md). */
  mode: 'union' as 'farsw' | 'dana' | 'union' | 'intersection' | 'evidence' | 'vote',
  /** `confidence` classification: chosen lines with P(topical) below this are dropped (extract/farsw.ts; 0 = off). */
  veto: 0,
  /** θ of the single-container constraint on the final lines of models across sites (extract/container.ts; 0 = off), as DANA_DEFAULTS.container. */
  container: DANA_DEFAULTS.container,
  /** DANA regions sized by Σ T × P(topical) (extract/farsw.ts): measured better twice (docs/decisions.md). */
  weightRegions: true,
  /** Models across sites: a line whose structural path the model knows as non-topical is still kept when DANA chose it: paths learned across sites are generic (docs/decisions.md). */
  pathVeto: false,
  /** Models across sites: a chosen line repeating an earlier chosen line is kept; some gold standards keep repeated paragraphs (docs/decisions.md). */
  dedupe: false,
  /** Weight of class/id-word evidence in `confidence` classification (extract/farsw.ts; 0 = off). */
  tokenEvidence: 0.5,
  /** A structural path seen on at least this many training lines decides its lines (extract/farsw.ts; 0 = off). */
  pathEvidence: 3,
  /** Lines in a structural slot the model learned as the article's (Model.topicalSlots: site models) are kept though nothing chose them (docs/decisions.md). */
  slots: true,
  /** In `union`, the fallback block is not added when its anchor text exceeds this share of its text and it touches none of DANA's blocks (extract/farsw.ts keepFallback; 0 = off; docs/decisions.md). */
  fallbackLinkDensity: 0.5,
  /** When no block passes β, keep the best block (farsw's; the paper keeps none): window.ts selectInformative. */
  fallback: true,
  /** Eq. 4's normalisation: `page` (each feature over its page maximum, farsw's) or `model` (over the model's H, the reading that reproduces the paper's scores): extract/farsw.ts. */
  scoreNorm: 'page' as 'page' | 'model',
  /** Drop the model's template lines (farsw's; the paper has none). */
  templates: true,
  /**
   * The DANA core of models across sites: Algorithm 1's gap at 80 pretty-printed lines instead of the paper's 20; no container
   * of its own: the final container (`container`, holding at least 3 chosen lines) cuts what it and the windows join; the title
   * container applies when it keeps at least 10 % of the chosen text (DANA's 20 %: a short article beside a long sidebar) (docs/decisions.md).
   */
  dana: Object.freeze({ ...DANA_DEFAULTS, gap: 80, container: 0, containerLines: 3, titleContainer: 0.1 }),
  /**
   * Block score: the paper's eq. 5 against β, or `evidence` (text-weighted mean P(content)) against `evidenceBeta` (extract/farsw.ts).
   * A model across sites with evidence rules uses `rules` classification and `evidence` block scores unless told otherwise
   * (FARSW_EVIDENCE_MODEL_DEFAULTS; docs/decisions.md).
   */
  blockScore: 'paper' as 'paper' | 'evidence',
  /** Cutoff of the `evidence` block score: 0.7 (0.5, 0.8 and 0.9 measured, docs/decisions.md). */
  evidenceBeta: 0.7,
  /** Runs of chosen lines with a character-weighted mean P(content) below this are dropped (extract/farsw.ts; 0 = off). */
  runVeto: 0,
  /**
   * Learned mute of models across sites (extract/mute.ts): a chosen line with a class/id word whose block carried the article
   * on fewer than 2 % of its training pages is left out, unless fewer than `muteRetry` characters would be left (docs/decisions.md).
   */
  mute: 0.02,
  muteRetry: 500,
  /** In `union` with `evidence` block scores, informative blocks are added only within this many lines of DANA's blocks (−1 = all). */
  attach: -1,
  /** `rules` classification: weight of the evidence vote against the `confidence` reading (1 = the vote alone). */
  rulesWeight: 1,
  /** The title line (extract/title.ts), when chosen, is kept whatever the containers decide: the headline belongs to the article (docs/decisions.md). */
  keepTitleLine: true,
  /** Models across sites: the title line is kept even when nothing chose it (docs/decisions.md); site models: off (not measured intra-site). */
  addTitleLine: true,
  /** The kept title line is not muted (`mute`; a headline's `title` class word); site models have no mute (docs/decisions.md). */
  spareTitleLine: true,
  /**
   * Models across sites: Readability's sibling step scored by the learned vote: a sibling of the final container whose lines the
   * vote calls content at a character-weighted mean of at least 0.65 keeps its chosen lines (extract/container.ts contentSiblings;
   * docs/decisions.md); site models: off (their lines are not cut to a container).
   */
  siblings: 0.65,
  /** Models across sites: only a chosen title line is kept (`keepTitleLine`). */
  topicalTitle: false,
  /**
   * The final container is skipped when it holds none of the chosen text of the region the DANA core started from (the one the
   * title anchor ranks first): a gallery or teaser list outweighing a short article (docs/decisions.md). Site models have no final container.
   */
  anchorContainer: true,
  /**
   * Models across sites: after the containers (with `container` on), the lines between the first and last chosen one join unless
   * link-dense (anchor text above half of their text, Readability's cut; extract/farsw.ts fillSpan; docs/decisions.md).
   */
  fill: 0.5,
  /**
   * Models across sites: the lines DANA's regions or the windows chose between the kept headline and the article's element,
   * which the containers cut, come back when they hold at least 160 characters (a deck, a lead paragraph; not a byline or a
   * date); chosen by leave-one-dataset-out (extract/farsw.ts restoreLead; docs/decisions.md). Site models: off (no final container).
   */
  leadChars: 160,
  /**
   * A lead line does not come back when 70 % of its tokens recur in one of the article's first kept lines (a summary repeating
   * the opening, not a deck); chosen by leave-one-dataset-out (restoreLead; docs/decisions.md).
   */
  leadRepeat: 0.7,
  /**
   * The final container is chosen without the lines the learned mute leaves out, so a muted teaser list or sidebar does not
   * outweigh the article; chosen by leave-one-dataset-out (docs/decisions.md). Site models have no mute.
   */
  muteBox: true,
  /**
   * Teaser lists after the headline weigh by the share of such lists' text that was the article on the training pages when the
   * title anchor ranks DANA's regions (extract/farsw.ts; docs/decisions.md). Site models are trained without it.
   */
  teaserRank: true,
  /**
   * The relax step to `<main>` (extract/strategies/main-element.ts): when the chosen lines hold less than this share of the
   * characters of the page's `<main>` element (less its nav, aside, header, footer, form), its lines are chosen instead: listings,
   * collections and service pages spread over several regions (docs/decisions.md, "Page types"; 0 = off).
   */
  mainShare: 0.6,
  /**
   * An output with no text is relaxed (extract/model-extractor.ts relaxEmpty): the page read with its comment sections and
   * hidden elements, else its lines outside nav, aside, header, footer and form. An empty output is wrong unless the page
   * has no content; it changes no page of the news datasets (docs/decisions.md, "Page types").
   */
  emptyRelax: true,
  /**
   * Page types routed to their strategy (extract/strategies/index.ts), with the classifier's confidence each needs; chosen by
   * cross-validation by domain on WCXB dev (`npm run bench:wcxb -- --cv`; docs/decisions.md, "Page types"), each threshold no
   * lower than the one at which the other shared datasets stay within 0.001 (`npm run bench:routes -- --floors`, bench:wcxb --floors).
   * A route's `below` takes the type's pages under its threshold: collections typed without conviction read as
   * service pages (bench:wcxb --below; docs/decisions.md, "Page types: unsure pages").
   */
  routes: Object.freeze({
    forum: Object.freeze({ strategy: 'forum', minConfidence: 0.4, settings: Object.freeze({ commentShare: 1, quoteChars: 10, signatures: true, postsShare: 0.3, dropConsent: true, replies: true, memberStats: true, dropChrome: true, signIn: true }) }),
    documentation: Object.freeze({ strategy: 'docs', minConfidence: 0.5, settings: Object.freeze({ repeatedItems: 3, dropChrome: true, readHidden: true, mute: 0 }) }),
    service: SECTIONS_ROUTE,
    collection: Object.freeze({ strategy: 'repeated', minConfidence: 0.5, settings: Object.freeze({ repeatedItems: 5, dropChrome: true, remute: true, quoteChars: 20, readHidden: true, hiddenKeep: 0.5, hiddenGrowth: 3, repeatedBase: true }), below: SECTIONS_ROUTE }),
    listing: Object.freeze({ strategy: 'repeated', minConfidence: 0.4, settings: Object.freeze({ repeatedItems: 3, dropChrome: true, remute: true, quoteChars: 20, readHidden: true, hiddenKeep: 0.5, hiddenGrowth: 3, repeatedBase: true, dropConsent: true }) }),
    product: Object.freeze({ strategy: 'items', minConfidence: 0.4, settings: Object.freeze({ bodyChars: 400, jsonLdDescription: true, dropWidgets: true, hiddenChars: 3000, dedupe: true, dropChrome: true, quoteChars: 20, dana: Object.freeze({ titleContainer: 0 }) }) }),
  }) as Readonly<Record<string, PageTypeRouteShape & { readonly below?: PageTypeRouteShape }>>,
  /** Every page extracted as this page type (its route whatever the classifier says); '': routed by its classified type. */
  pageTypeAs: '',
  /**
   * The body fallback (extract/strategies/body.ts, stage `body` of the `items` strategy): chosen lines under this many
   * characters are replaced by the page's body lines; each route sets its own (routes above); 0 = off.
   */
  bodyChars: 0,
  /**
   * Repeated items kept whole (extract/strategies/repeated.ts, stage `repeated`): the largest group of at least this many
   * same-signature siblings joins the chosen lines; each route sets its own (routes above); 0 = off.
   */
  repeatedItems: 0,
  /** Repeated items grouped by tag and first class word (extract/strategies/repeated.ts); each route sets its own. */
  repeatedBase: false,
  /** The repeated strategy's drop of the page's chrome (extract/strategies/chrome.ts); each route sets its own (routes above). */
  dropChrome: false,
  /** The repeated strategy's second learned mute, after its stages (extract/strategies/chrome.ts); each route sets its own. */
  remute: false,
  /** The items strategy's JSON-LD Product description (html/json-ld.ts); each route sets its own (routes above). */
  jsonLdDescription: false,
  /** The items strategy's shop widgets left out (extract/strategies/widgets.ts); each route sets its own (routes above). */
  dropWidgets: false,
  /** The items and repeated strategies' re-read with hidden elements (extract/strategies/index.ts); each route sets its own (routes above); 0 = off. */
  hiddenChars: 0,
  /** The sections, docs and repeated strategies' read with hidden elements (extract/strategies/index.ts); each route sets its own (routes above). */
  readHidden: false,
  /** The repeated strategy's hidden reading kept only when it holds this share of the visible reading's output (extract/strategies/index.ts); each route sets its own; 0 = always. */
  hiddenKeep: 0,
  /** The repeated strategy's hidden reading kept only when at most this many times the visible reading's output; each route sets its own; 0 = no bound. */
  hiddenGrowth: 0,
  /** The forum strategy's posts stage (extract/strategies/posts.ts); each route sets its own (routes above). */
  posts: false,
  /** The forum strategy's thread kept whole when the model kept little of it (extract/strategies/posts.ts); each route sets its own. */
  postsShare: 0,
  /** The forum strategy's replies after the container cuts (extract/strategies/posts.ts); each route sets its own. */
  replies: false,
  /** The forum strategy's re-read with comment sections (extract/strategies/index.ts); each route sets its own. */
  commentShare: 0,
  /** The forum and sections strategies' repeated lines dropped (extract/strategies/quotes.ts); each route sets its own. */
  quoteChars: 0,
  /** The forum strategy's signature lines dropped (extract/strategies/signatures.ts); each route sets its own. */
  signatures: false,
  /** The forum, repeated and sections strategies' cookie-consent dialog dropped (extract/strategies/signatures.ts); each route sets its own. */
  dropConsent: false,
  /** The forum strategy's member-panel lines dropped (extract/strategies/signatures.ts); each route sets its own. */
  memberStats: false,
  /** The learned mute's spare of prose between kept lines (extract/stages/mute.ts); each route sets its own; 0 = off. */
  muteProse: 0,
  /** The forum strategy's sign-in prompts dropped (extract/strategies/signatures.ts); each route sets its own. */
  signIn: false,
});

/**
 * The site-model layer of the settings (extract/settings.ts resolveSettings): what a model trained on one site (`Model.site`)
 * runs with instead of FARSW_APPLY_DEFAULTS, each value chosen in its own intra-site cross-validation (BENCHMARKS.md,
 * docs/decisions.md). A new site-dependent option is one entry here.
 */
export const FARSW_SITE_MODEL_DEFAULTS = Object.freeze({
  /** Combination: `union`, as across sites, the best measured intra-site (docs/decisions.md). */
  mode: 'union' as 'farsw' | 'dana' | 'union' | 'intersection' | 'evidence' | 'vote',
  /** No final container: a site model knows its site's structure, and the constraint cost intra-site F1 (docs/decisions.md). */
  container: 0,
  /** A line whose structural path the model knows as non-topical is dropped, whatever chose it: a site's related box or footer has paths seen on many non-topical lines (docs/decisions.md). */
  pathVeto: true,
  /** A chosen line repeating an earlier chosen line is dropped; printing the article twice is a property of the site (docs/decisions.md). */
  dedupe: true,
  /** One training line is enough for a structural path to decide: a path of the one site means the same thing on every page (docs/decisions.md). */
  pathEvidence: 1,
  /** No learned mute (not measured intra-site; a site model's own evidence decides). */
  mute: 0,
  /** No fill and no lead (their lines are not cut to a container; not measured intra-site). */
  fill: 0,
  leadChars: 0,
  /** The title line only when chosen (not measured intra-site)… */
  addTitleLine: false,
  /** …or when the rules call it topical, where the window left it out: the headline sits apart from the body, past the share buttons (docs/decisions.md). */
  topicalTitle: true,
  /** No sibling step (their lines are not cut to a container). */
  siblings: 0,
  /**
   * The DANA core: the paper's gap of 20, its own container (DANA_DEFAULTS), any element, a single paragraph too (not measured
   * intra-site); no title container, it cost intra-site F1 (docs/decisions.md).
   */
  dana: Object.freeze({ gap: DANA_DEFAULTS.gap, container: DANA_DEFAULTS.container, containerLines: DANA_DEFAULTS.containerLines, titleContainer: 0 }),
});

/**
 * The evidence layer of the settings: a model across sites with evidence rules lets them decide: its vote classifies the
 * lines and scores the windows (docs/decisions.md). One choice: a classification given by a later layer (preset, favor,
 * explicit options) replaces it whole.
 */
export const FARSW_EVIDENCE_MODEL_DEFAULTS = Object.freeze({
  classify: 'rules' as 'crisp' | 'fuzzy' | 'confidence' | 'rules',
  blockScore: 'evidence' as 'paper' | 'evidence',
});

/** Batch runs (`farsw apply --input …`, issue 6). farsw's own operational choices, not from the papers. */
export const BATCH_DEFAULTS = Object.freeze({
  /** A page that takes longer than this (ms, from the moment a worker starts it) becomes an error record; its worker is killed and replaced. */
  pageTimeoutMs: 30_000,
  /** Pages (raw record bytes) larger than this are not extracted but reported as error records: 16 MiB is above any real HTML page and bounds memory per worker. */
  maxBytes: 16 * 1024 * 1024,
  /**
   * The largest page farsw reads at all (--max-bytes may not exceed it; `apply FILE` refuses larger files):
   * a page becomes a string of up to as many characters, and V8 strings stop at 2^29 − 24.
   */
  maxPageBytes: 256 * 1024 * 1024,
  /**
   * A worker's old generation is at least this many times --max-bytes (and at least workerOldGenerationMb):
   * a page larger than its worker's heap aborted the whole process (V8's external-memory path, issue 19).
   */
  workerHeapPerPageByte: 8,
  /**
   * A JSON line longer than --max-bytes is skipped to its end and the run goes on; one still without an end
   * after this many bytes (or 4 × --max-bytes) gives up the rest of its file: /dev/zero never ends.
   */
  maxSkipBytes: 1024 * 1024 * 1024,
  /** --workers above this many per core is clamped (with a notice): --workers 512 took 7 GB on 2 cores, 1e9 aborted V8. */
  workersPerCore: 4,
  /** …and above this many in all, whatever the cores. */
  maxWorkers: 256,
  /** Results held for reordering, per task in flight (two per worker): bounds memory while a slow page holds back the output. */
  windowPerTask: 16,
  /** V8 young-generation cap of each worker thread (MiB): bounds peak RSS at a small CPU cost (docs/decisions.md). */
  workerYoungGenerationMb: 8,
  /** V8 old-generation cap of each worker thread (MiB): without it garbage piles up to V8's system-derived limit (docs/decisions.md). */
  workerOldGenerationMb: 256,
  /**
   * Heap a worker needs to load a model and use it, beyond a page's (batch/model-heap.ts), measured with generated models of
   * 20–150 MB (docs/decisions.md, "Models in batch workers"): bytes per [key, topical, nonTopical] stats entry, per key of a
   * key list, per byte of the JSON parts (parsed from one string), and per byte of a `--model FILE.json` (its text and parse).
   */
  workerHeapPerStat: 85,
  workerHeapPerKey: 16,
  workerHeapPerJsonByte: 3,
  workerHeapPerModelFileByte: 2.5,
  /** The most heap (MiB) the models of a batch may need in each worker: a larger model is refused at import and before a batch starts. */
  maxModelHeapMb: 1024,
  /** File names a directory walk picks up (explicit files are always read). */
  directoryExtensions: Object.freeze(['.html', '.htm', '.xhtml', '.shtml', '.html.gz', '.htm.gz', '.xhtml.gz', '.shtml.gz', '.warc', '.warc.gz', '.jsonl', '.jsonl.gz', '.ndjson', '.ndjson.gz']),
});

/** Fetching pages by URL (`farsw apply https://…`, `--input urls.txt`). */
export const FETCH_DEFAULTS = Object.freeze({
  /** Whole request, redirects and body included (ms): as long as a page may take to extract. */
  timeoutMs: 30_000,
  /** Redirects followed before giving up (browsers stop at 20; crawlers commonly at 5-10). */
  maxRedirects: 10,
  /** Requests in flight to one host in a batch: polite to the site, enough to hide latency. */
  perHost: 2,
  /** Content types read as a page (others are refused unread): HTML, XHTML, and untyped text. */
  contentTypes: Object.freeze(['text/html', 'application/xhtml+xml', 'text/plain', 'application/xml', 'text/xml']),
});

/** Limits that keep hostile pages from costing more than linear time (issue 7). */
export const ROBUSTNESS_LIMITS = Object.freeze({
  /** Deepest element nesting a DOM-based extractor (WLR) accepts: Chromium flattens below 512, the shared pages reach 665 (docs/decisions.md). */
  domMaxDepth: 2048,
});
