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
  /**
   * θ of the single-container constraint (extract/container.ts; farsw's, after Readability's top candidate; 0 = off).
   * 0.7: a sidebar or related-posts list chosen next to the article is cut when the article's element holds ≥ 70 %
   * of the chosen text. addanag BoW F1, 0 → 0.7 (same run, every page): dragnet 0.879 → 0.884, daniel 0.880 → 0.885,
   * cleanportaleval 0.898 → 0.917, chinese-wce 0.899 → 0.905, htmltotext 0.747 both, readability 0.851 both,
   * cleaneval 0.881 → 0.877; for the default model see FARSW_APPLY_DEFAULTS.container.
   */
  container: 0.7,
  /**
   * The title anchor (extract/title.ts; farsw's): Algorithm 1 starts from the largest region ranked by its distance
   * after the line repeating the page's `<title>`, d lines after it counting 1 / (1 + d / 50); 0 = off (the papers).
   * Decay 25, 50 and 100 measured within 0.01 BoW F1 of one another on every dataset; the figures are in extract/title.ts.
   */
  titleDecay: 50,
  /** The title anchor: a region ending before the title line counts a quarter of its size (0 and 0.5 measured worse). */
  beforeTitle: 0.25,
  /**
   * The title container (extract/container.ts; farsw's): keep the chosen lines inside the lowest element holding the
   * title line and DANA's starting region, unless it holds < 20 % of their text; 0 = off. Figures in container.ts.
   */
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
  /**
   * Markup between text blocks forms lines of its own at block boundaries, as in
   * pretty-printed source (false), rather than joining the next text line (true).
   * Measured with AdDANAg, bag-of-words F1: dragnet 0.740 → 0.787, readability
   * 0.798 → 0.817, cleaneval 0.860 → 0.859; DANA on daniel zh/ru/el 0.732 → 0.802.
   */
  carryMarkup: false,
  /** Per-line class/id words (LineTable.classTokens): off for the DANA family, on for FAR-SW models. */
  classTokens: false,
  /**
   * Attribute normalisation of the AdDANAg code column (html/lines.ts): `'anchors'` is the paper's (§3.1,
   * only `<a>`), `'all'` (farsw's) also weighs every other start tag without its attributes.
   * Measured with addanag, bag-of-words F1 (`farsw eval --algorithm addanag [--attributes anchors]`, before comments and hidden
   * elements were removed): dragnet 0.787 → 0.796,
   * readability 0.817 → 0.854, cleaneval 0.859 → 0.887, daniel 0.856 → 0.863, chinese-wce 0.816 → 0.884,
   * htmltotext 0.726 → 0.758, cleanportaleval 0.908 → 0.873 (the one loss, 71 pages of few sites).
   */
  normalizeAttributes: 'all' as 'anchors' | 'all',
  /**
   * Remove user-comment sections (class/id words comment, comments, respond, disqus, …; html/lines.ts), as
   * Readability does; the gold of dragnet, daniel and Readability's own leave comments out, CleanEval's often keeps
   * them. Measured with addanag (after normalisation 'all'), kept → removed: dragnet 0.796 → 0.879, cleaneval
   * 0.887 → 0.881, readability 0.854 → 0.851; dana on daniel ru 0.718 → 0.780; the default model across sites
   * (leave-one-dataset-out mean) 0.846 → 0.872 (`npm run bench:modes`).
   */
  dropComments: true,
  /**
   * Remove hidden block elements (`hidden`, inline display: none / visibility: hidden, `aria-hidden="true"` as
   * Readability reads it; html/lines.ts). Measured, kept → removed, BoW F1: addanag dragnet 0.884 → 0.885, readability
   * 0.851 → 0.857, chinese-wce 0.905 → 0.909, cleaneval 0.877 → 0.876; dana on daniel zh 0.848 → 0.870, ru 0.793 → 0.789;
   * the shipped default model (in-sample) dragnet 0.869 → 0.875, readability 0.909 → 0.916. `aria-hidden` added
   * (session 4): addanag readability 0.862 → 0.870, every other dataset and daniel's zh/ru/el unchanged.
   */
  dropHidden: true,
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
  /**
   * Models across sites: markup-only lines stay lines of their own (false), the pretty-printed lines the DANA family
   * uses, so the DANA core of `farsw apply` sees the same lines as addanag. With the DANA core's gap at 80 lines
   * (FARSW_APPLY_DEFAULTS.dana.gap) and detached link-dense fallback blocks left out (FARSW_APPLY_DEFAULTS.fallbackLinkDensity),
   * leave-one-dataset-out BoW F1 (7 datasets, every page, session 6): mean 0.8972 → 0.9076, every dataset better
   * (chinese-wce 0.919 → 0.922, cleaneval 0.906 → 0.914, cleanportaleval 0.919 → 0.923, daniel 0.897 → 0.902, dragnet
   * 0.892 → 0.904, htmltotext 0.832 → 0.855, readability 0.915 → 0.933). With the paper's gap of 20 the pretty lines
   * lose (session 5: mean 0.8971 → 0.8844, htmltotext 0.832 → 0.747): Algorithm 1 counts its gap in lines, and
   * pretty-printed source has 2.4 times as many lines as carried-markup lines on cleaneval.
   */
  carryMarkup: false,
  /**
   * Site models: markup-only lines join the next text line (true), so every FAR-SW line is a
   * "text line" (§3.2: features "for every line of text"; the §3.2 example line holds
   * its text plus 28 bytes of tags). Intra-site 10-fold mean BoW F1 (36 sites, session 6): 0.955 with these lines,
   * 0.950 with pretty-printed lines (0.945 with the gap at 80).
   */
  siteCarryMarkup: true,
  /** Record class/id words per line for the model to learn (LineTable.classTokens). */
  classTokens: true,
  dropElements: Object.freeze([
    ...LINE_DEFAULTS.dropElements,
    ...['meta', 'param', 'button', 'select', 'optgroup', 'option', 'label', 'textarea', 'legend', 'input', 'map', 'area', 'iframe', 'embed', 'object', 'script', 'noscript', 'style']
      .filter((t) => !LINE_DEFAULTS.dropElements.includes(t)),
  ]),
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
  /**
   * A text token is content when its mean blurred content-code ratio is at least this. The seeds do not give
   * Gottron's t; 0.7 was best of {0.5, 0.7, 0.9} on 4 of 6 datasets (≤ 300 pages each, bag-of-words F1, measured for issue 8).
   */
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
  /**
   * Keep the non-content centroid fixed at the origin (true) or start it there and let it move (false); either way the
   * cluster nearest the origin is non-content. Moving it gave higher F1 on dragnet, cleaneval and daniel (200 pages each).
   */
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

/** Applying a FAR-SW model (seed 002, §3.4–3.5) and combining it with the DANA core. */
export const FARSW_APPLY_DEFAULTS = Object.freeze({
  /** Sliding window length Φ ("empirically set to 5", §3.4). */
  phi: 5,
  /**
   * Block cutoff β ("a cutoff value of 1.5", §3.5). With eq. 4's terms normalised by their page maximum, few blocks
   * reach 1.5: with the leave-one-dataset-out models of session 4 (carried-markup lines) no block passes on 68 % of
   * cleaneval's pages, 89 % of dragnet's and 82 % of readability's (with session 6's pretty-printed lines: 92 % of
   * daniel's, 97 % of dragnet's), and FAR-SW falls back to its best block; in `union` the rules add that block to DANA's
   * lines, and the blocks that do pass lie inside DANA's (without the fallback block, union scores as DANA alone).
   * Lower cutoffs, leave-one-dataset-out BoW F1 mean over 7 datasets (session 4; every page, models trained on the
   * other datasets with normalized features as `npm run train:default` trains): 1.5 0.8954, 1.25 0.8957, 1.0 0.8977, 0.75 0.8991, 0.5 0.8994; the gain is on the small sets
   * (htmltotext 0.823 → 0.835, readability 0.915 → 0.924 at 0.75) and cleaneval (0.905 → 0.909) while daniel loses
   * (0.896 → 0.892; 0.880 at 0.5), so the paper's 1.5 stays. Adding the fallback block only when its score reaches
   * 0.75, 1.0 or 1.25 (session 5) lowered every dataset or left it unchanged (daniel 0.897 → 0.896, 0.896, 0.897; dragnet
   * 0.892 → 0.889, 0.889, 0.888; readability 0.915 → 0.914, 0.910, 0.906). Leaving the fallback block out when its
   * anchor text exceeds half (or a third) of its text, as Readability treats link-dense candidates: daniel 0.897 → 0.900
   * (0.901), dragnet 0.892 → 0.893 (0.892), cleaneval 0.906 → 0.903, the rest unchanged: mean 0.8971 → 0.8973 both
   * ways, a tie then; with session 6's lines it gains (fallbackLinkDensity). Dropping every chosen run of three
   * (five) or more lines whose anchor text exceeds half of their text cost every dataset but htmltotext (cleaneval
   * 0.906 → 0.862, chinese-wce 0.919 → 0.877).
   */
  beta: 1.5,
  /** Lines before the first / after the last topical line of a block (§3.4's conditions; window.ts). */
  padding: 1,
  /**
   * Rule matching. The paper's is `crisp` (every region of an adopted rule ≥ significance); the
   * default is farsw's `confidence` reading (extract/farsw.ts), the better one under leave-one-dataset-out
   * cross-validation on ../shared/datasets (BENCHMARKS.md, "FAR-SW modes").
   */
  classify: 'confidence' as 'crisp' | 'fuzzy' | 'confidence',
  /** Rule degree threshold in `fuzzy` classification. */
  fuzzyThreshold: 0.5,
  /**
   * Combination with the DANA core for models across sites (extract/farsw.ts): `union`, the best under leave-one-dataset-out
   * cross-validation (BENCHMARKS.md; session 6: 0.908, against 0.905 for crisp rules ∪ DANA and 0.903 for DANA alone).
   * The DANA core runs on the model's own lines, which for a model across sites are the pretty-printed lines addanag
   * uses (FARSW_PREPROCESS_DEFAULTS.carryMarkup). Session 3 had run it on a second, pretty-printed table beside
   * carried-markup model lines, with the paper's gap of 20: mean 0.895 → 0.885 (cleaneval 0.905 → 0.888, htmltotext
   * 0.823 → 0.742); the gap of 80 (FARSW_APPLY_DEFAULTS.dana) is what makes those lines pay.
   */
  mode: 'union' as 'farsw' | 'dana' | 'union' | 'intersection' | 'evidence' | 'vote',
  /** `confidence` classification: chosen lines with P(topical) below this are dropped (extract/farsw.ts; 0 = off). */
  veto: 0,
  /**
   * θ of the single-container constraint on the final lines of models across sites (extract/container.ts; 0 = off),
   * as DANA_DEFAULTS.container: leave-one-dataset-out mean BoW F1 of confidence ∪ DANA 0.872 → 0.885 (`npm run bench:modes`).
   * When no block passes β, the fallback block can outweigh DANA's lines here and take the container away from the
   * article (a list of 38 teasers beside a 12-line article on a daniel page). Counting the fallback block's own lines at
   * half or a quarter of their characters in this constraint was measured (session 5, leave-one-dataset-out, 7 datasets):
   * mean 0.8971 → 0.8973 (½; daniel 0.897 → 0.898, dragnet 0.892 → 0.891) and 0.8966 (¼): not kept.
   */
  container: DANA_DEFAULTS.container,
  /**
   * The same for site models: off. A site model knows its site's structure (paths, template lines); the constraint
   * cost FAR-SW alone 0.920 → 0.916 under intra-site 10-fold cross-validation (`npm run bench:modes`).
   */
  siteContainer: 0,
  /**
   * The title container (DANA_DEFAULTS.titleContainer) for site models: off. Under intra-site 10-fold cross-validation it
   * cost confidence ∪ DANA 0.941 → 0.939, while across sites it gains 0.892 → 0.896 (`npm run bench:modes`).
   */
  siteTitleContainer: 0,
  /**
   * DANA regions sized by Σ T × P(topical) (extract/farsw.ts, FarswApplyOptions.weightRegions): on. Measured with
   * `npm run bench:modes` (session 4): inter-site 0.895 → 0.897, no dataset worse (htmltotext 0.823 → 0.832, cleaneval,
   * daniel and dragnet +0.001, the others equal), intra-site 0.955 both. Session 2 had measured 0.885 → 0.887 and
   * 0.927 both, and kept it off as a tie; measured better twice, it is the default since session 4. With the
   * pretty-printed lines of session 6 it ties (inter-site 0.908 against 0.907, intra-site 0.955 both).
   */
  weightRegions: true,
  /**
   * Models across sites: a line whose structural path the model knows as non-topical is not dropped when DANA
   * chose it (off). Leave-one-dataset-out mean BoW F1 of confidence ∪ DANA: 0.885 off, 0.874 on (cleaneval 0.906 → 0.844:
   * paths learned across sites are generic). `npm run bench:modes`.
   */
  pathVeto: false,
  /**
   * Site models: such a line is dropped, whatever chose it (on): a site's related-stories box, legal footer or
   * toolbar has paths the site model has seen on many non-topical lines. Intra-site 10-fold mean BoW F1 of
   * confidence ∪ DANA: 0.927 off → 0.940 on (`npm run bench:modes`).
   */
  sitePathVeto: true,
  /**
   * Models across sites: a chosen line repeating the text of an earlier chosen line is kept (off). Some gold
   * standards keep a page's repeated paragraphs (Readability's output, the readability dataset's gold): dropping them
   * cost the default model readability 0.923 → 0.881 and cleaneval 0.900 → 0.898 (dragnet +0.001, daniel −0.001;
   * in-sample BoW F1).
   */
  dedupe: false,
  /**
   * Site models: such a line is dropped (on). Pages that print the article twice (a print copy, a hidden copy) are
   * a property of the site: intra-site 10-fold mean BoW F1 0.950 → 0.955 (online.wsj.com 0.80 → 0.97).
   */
  siteDedupe: true,
  /** Weight of class/id-word evidence in `confidence` classification (extract/farsw.ts; 0 = off). */
  tokenEvidence: 0.5,
  /**
   * Combination for site models (trained on one host): `union`, as across sites. Under intra-site 10-fold
   * cross-validation (`npm run bench:modes`, site models with the path veto): confidence ∪ DANA 0.941, FAR-SW alone
   * 0.925, the paper's crisp FAR-SW alone 0.909.
   */
  siteMode: 'union' as 'farsw' | 'dana' | 'union' | 'intersection' | 'evidence' | 'vote',
  /** A structural path seen on at least this many training lines decides its lines (extract/farsw.ts; 0 = off). */
  pathEvidence: 3,
  /**
   * In `union`, the fallback block (no block passed β) is not added when its anchor text exceeds this share of its
   * text (UTF-8 bytes; Readability's link-density cut of a candidate is 0.5) and it touches none of DANA's chosen
   * blocks (extract/farsw.ts keepFallback); 0 = off. A daniel site's 89-line list of teaser links, far below the
   * article, scored as the best block and was added to every article of the site. Leave-one-dataset-out, with the
   * pretty-printed lines and gap 80 of models across sites, mean BoW F1 0.9055 → 0.9076 (daniel 0.888 → 0.902,
   * dragnet 0.901 → 0.904, the rest within ±0.001). Cutting every link-dense fallback block, touching DANA's lines or
   * not, gained on daniel and dragnet alike but cost readability 0.933 → 0.925 (mean 0.9064): there a link-dense block
   * next to the article is often part of the gold. Keeping blocks within 1, 3, 6, 10 or 20 lines of DANA's instead of
   * touching them: 0.9078, 0.9078, 0.9076, 0.9078, 0.9078. Intra-site 0.9551 both. With carried-markup lines and gap
   * 20, the cut of every link-dense fallback block had tied (session 5: 0.8971 → 0.8973).
   */
  fallbackLinkDensity: 0.5,
  /**
   * The DANA core of models across sites: as DANA_DEFAULTS but with Algorithm 1's gap at 80 lines instead of the
   * paper's 20. On pretty-printed lines the gap counts markup lines too; the single-container and title-container
   * constraints then cut what a long gap joins. Leave-one-dataset-out mean BoW F1 by gap (session 6, with every
   * link-dense fallback block cut, before keepFallback kept those touching DANA's lines): 20 0.8850, 40 0.9004,
   * 60 0.9041, 80 0.9064, 120 0.9068 (daniel 0.906, 0.905, 0.903, 0.902, 0.900; cleaneval 0.884, 0.902, 0.909,
   * 0.914, 0.916; htmltotext 0.747, 0.839, 0.844, 0.855, 0.855). With keepFallback: 40 0.9016, 60 0.9051,
   * 80 0.9076, 100 0.9076, 120 0.9078 (daniel 0.905, 0.903, 0.902, 0.901, 0.900).
   */
  dana: Object.freeze({ ...DANA_DEFAULTS, gap: 80 }),
  /** The gap of site models' DANA core: the paper's 20 (intra-site 0.9551; 80: 0.9541). */
  siteGap: DANA_DEFAULTS.gap,
});

/** Batch runs (`farsw apply --input …`, issue 6). farsw's own operational choices, not from the papers. */
export const BATCH_DEFAULTS = Object.freeze({
  /** A page that takes longer than this (ms, from the moment a worker starts it) becomes an error record; its worker is killed and replaced. */
  pageTimeoutMs: 30_000,
  /** Pages (raw record bytes) larger than this are not extracted but reported as error records: 16 MiB is above any real HTML page and bounds memory per worker. */
  maxBytes: 16 * 1024 * 1024,
  /** Results held for reordering, per task in flight (two per worker): bounds memory while a slow page holds back the output. */
  windowPerTask: 16,
  /**
   * V8 young-generation cap of each worker thread (MiB). V8's default lets it grow to tens of MiB per
   * isolate (peak RSS of a 2-worker run over a 0.3 GB WARC: 292 MB against 207 MB with 4). But a small
   * young generation costs CPU: with 4, a worker ran ~310 scavenges per 60 MB of pages (parallel
   * scavenges, partly on V8's helper threads, which compete with the other worker for the cores).
   * 1 GB WARC of dataset pages, 2 workers (issue 6, one run each): 4 → 250 MB peak RSS, 39.2 CPU-s;
   * 8 → 268 MB, 37.1; 12 → 277 MB, 36.2; 16 → 300 MB, 35.4; `npm run bench:batch` saw 280 and 291 MB
   * with 12 on other runs, too close to the ≤ 300 MB target: 8 keeps most of the gain with room.
   */
  workerYoungGenerationMb: 8,
  /**
   * V8 old-generation cap of each worker thread (MiB). Without it V8 lets garbage pile up to its
   * system-derived limit before a full collection: peak RSS of a 2-worker run over a 0.3 GB WARC was
   * 298–330 MB, with 256 it was 244 MB (issue 6, /usr/bin/time). The default extractor and addanag handle a
   * 15.5 MB page (about --max-bytes) under it; WLR's DOM of that page does not, and becomes an error record.
   */
  workerOldGenerationMb: 256,
  /** File names a directory walk picks up (explicit files are always read). */
  directoryExtensions: Object.freeze(['.html', '.htm', '.xhtml', '.shtml', '.warc', '.warc.gz', '.jsonl', '.jsonl.gz', '.ndjson', '.ndjson.gz']),
});

/** Limits that keep hostile pages from costing more than linear time (issue 7). */
export const ROBUSTNESS_LIMITS = Object.freeze({
  /**
   * Deepest element nesting a DOM-based extractor (WLR) accepts; htmlparser2's Parser
   * costs O(depth) per tag. Chromium's parser flattens its tree below depth 512
   * (`kMaximumHTMLParserDOMTreeDepth`); measured over the 4 441 pages of ../shared/datasets
   * (html/nesting-depth.ts estimate) the deepest is 665, the median 14, so 2048 leaves headroom.
   */
  domMaxDepth: 2048,
});
