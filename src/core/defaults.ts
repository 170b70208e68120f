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
  /**
   * Markup between text blocks forms lines of its own at block boundaries, as in
   * pretty-printed source (false), rather than joining the next text line (true).
   * Measured with AdDANAg, bag-of-words F1: dragnet 0.740 → 0.787, readability
   * 0.798 → 0.817, cleaneval 0.860 → 0.859; DANA on daniel zh/ru/el 0.732 → 0.802.
   */
  carryMarkup: false,
});
