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
});

/** Line building and preprocessing (DANA footnote 1, AdDANAg §3.1–3.2). */
export const LINE_DEFAULTS = Object.freeze({
  /** Elements whose content is removed with them: AdDANAg §3.2 removes JavaScript, CSS and comments; noscript/template/head are never rendered text. */
  dropElements: Object.freeze(['script', 'style', 'noscript', 'template', 'head', 'title', 'svg', 'math', 'iframe', 'noembed', 'noframes', 'object', 'select', 'textarea', 'button', 'datalist']),
  /** Re-line the source at block elements so the result does not depend on the author's line breaks (DANA footnote 1). */
  reline: true,
  /** Keep only the `<body>` (FAR-SW §3.1, step 1). */
  bodyOnly: true,
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
