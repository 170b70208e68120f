/**
 * Presets: named sets of options over the defaults. `default` is farsw as shipped; `paper`
 * runs each algorithm as its paper publishes it, with every farsw addition off, the papers'
 * constants and the papers' preprocessing. docs/how-it-works.md ("Presets") tabulates what `paper`
 * turns off; explicit options still win over a preset.
 */

/** The presets every command and `extract()` / `train()` accept. */
export type Preset = 'default' | 'paper';
export const PRESETS: readonly Preset[] = ['default', 'paper'];

/**
 * FAR-SW Table 1 (§3.1), the elements deleted with their content, less `<a>` (LinkNum, feature E,
 * counts anchors: deleting them would make E always 0, yet the paper's rules use E.Middle) and
 * `<image>` (a void tag with no content). Comments (`<!-->`) are never line text anyway.
 */
export const FARSW_TABLE1_ELEMENTS: readonly string[] = Object.freeze([
  'script', 'noscript', 'style', 'meta', 'param', 'button', 'select', 'optgroup', 'option', 'label',
  'textarea', 'fieldset', 'legend', 'input', 'map', 'area', 'form', 'iframe', 'embed', 'object',
]);

/** The `paper` preset, per part. */
export const PAPER_PRESET = Object.freeze({
  /**
   * DANA, DANAg, AdDANAg (DANA §IV and footnote 1, AdDANAg §3.2): the whole file (not only the
   * body), JavaScript, CSS and comments removed and nothing else, lines normalised (re-lined),
   * only `<a>` start tags normalised, no comment-section or hidden-element removal.
   */
  lines: Object.freeze({
    dropElements: Object.freeze(['script', 'style']) as readonly string[],
    bodyOnly: false,
    normalizeAttributes: 'anchors' as const,
    dropComments: false,
    dropHidden: false,
  }),
  /** Algorithm 1 with gap 20 from the largest region; no title anchor, no containers, no best-line fallback. */
  dana: Object.freeze({ gap: 20, radius: 1, titleDecay: 0, container: 0, titleContainer: 0, fallbackToBestLine: false }),
  /**
   * Applying a FAR-SW model (§3.3 Step 6 to §3.5): crisp rules, Φ 5, β 1.5, eq. 4 read over the
   * model's H (the reading that reproduces the paper's scores), no fallback block, FAR-SW alone
   * (no DANA core), none of farsw's learned evidence, containers, template lines or repeated-line removal.
   */
  farswApply: Object.freeze({
    classify: 'crisp' as const, mode: 'farsw' as const, phi: 5, beta: 1.5, padding: 1,
    blockScore: 'paper' as const, fallback: false, scoreNorm: 'model' as const, templates: false,
    pathEvidence: 0, pathVeto: false, dedupe: false, container: 0, veto: 0, tokenEvidence: 0,
    weightRegions: false, fallbackLinkDensity: 0, runVeto: 0, mute: 0, fill: 0, leadChars: 0, leadRepeat: 0, muteBox: false, teaserRank: false, addTitleLine: false, siblings: 0, anchorContainer: false, slots: false, mainShare: 0, emptyRelax: false, routes: Object.freeze({}), repeatedItems: 0, dropChrome: false, remute: false,
  }),
  /** The DANA options of a model's core under `paper` (used by no paper mode, but `--mode` may ask for it). */
  farswDana: Object.freeze({ gap: 20, titleDecay: 0, container: 0, titleContainer: 0 }),
  /**
   * Training a FAR-SW model (§3.1–3.3, §4.1): the body's source lines as the author wrote them
   * (step 1: the head goes; step 2: blank lines dropped), Table 1's elements deleted (step 3),
   * α 0.5, significance 0.5, support 0.5; raw features and three regions for a site (Table 9,
   * column 4), i/N-normalised features and Fig. 7's two regions for B, C, E across sites
   * (column 5), Low' reaching 0 at Mean (the reading that gives Table 9's C.High'); no class/id
   * words (template lines and paths are still recorded; `farswApply` ignores them).
   */
  farswTrain: Object.freeze({
    alpha: 0.5, significance: 0.5, minSupport: 0.5,
    dropElements: Object.freeze(['head', 'title', ...FARSW_TABLE1_ELEMENTS]) as readonly string[],
    reline: false, carryMarkup: false, classTokens: false,
    dropComments: false, dropHidden: false, twoRegionEnd: 'mean' as const, evidence: false,
  }),
  /** WLR (seed 001): eq. 4 as printed (R = WLR · max(w, Σ R)) over the initial nodes I. */
  wlr: Object.freeze({ relevance: 'product' as const, candidates: 'initial' as const }),
  /** CETR (Weninger & Hsu 2008): the non-content centroid stays at the origin; the page's own source lines. */
  cetr: Object.freeze({ pinOrigin: true, lines: 'source' as const }),
});

/** What to favour: `balanced` (the defaults), `precision` (less boilerplate) or `recall` (less lost content). */
export type Favor = 'balanced' | 'precision' | 'recall';
export const FAVORS: readonly Favor[] = ['balanced', 'precision', 'recall'];

/**
 * The precision/recall presets (`--favor`, `extract(html, { favor })`), per kind of extractor; api/favor.ts documents
 * how they were chosen. Models read theirs as the favor layer of the settings (extract/settings.ts).
 * - precision, models: DANA's gap 20 lines (the paper's; models across sites use 80), runs of chosen lines whose
 *   text the rules call content less than half of the time dropped (`runVeto` 0.5), and the final lines kept in the
 *   element holding 60 % of them (`container` 0.6, against 0.7: a smaller container), without its siblings (`siblings` 0), and the title line only when chosen (`addTitleLine` false), and no relax to `<main>` (`mainShare` 0: it brings back what the smaller container cut), and no routing by page type (`routes` empty: the strategies bring text back).
 * - recall, models: no single-container cut (`container` 0) and windows kept from a score of 0.5 (`evidenceBeta`, 0.7).
 *   Site models run without the container cut and score windows by eq. 5 (not `evidenceBeta`): recall leaves them as they are.
 * - precision, DANA family: the chosen lines kept in the element holding 50 % of them (`container` 0.5).
 * - recall, DANA family: gap 40 lines (20) and a container holding 90 % (0.7).
 * - ACCB: a token is content from a mean blurred ratio of 0.8 (precision) or 0.6 (recall), against 0.7.
 */
export const FAVOR_PRESETS = Object.freeze({
  precision: Object.freeze({
    model: Object.freeze({ runVeto: 0.5, container: 0.6, siblings: 0, addTitleLine: false, mainShare: 0, routes: Object.freeze({}), dana: Object.freeze({ gap: 20, container: 0.6 }) }),
    dana: Object.freeze({ container: 0.5 }),
    accb: Object.freeze({ threshold: 0.8 }),
  }),
  recall: Object.freeze({
    model: Object.freeze({ container: 0, evidenceBeta: 0.5, dana: Object.freeze({ container: 0 }) }),
    dana: Object.freeze({ gap: 40, container: 0.9 }),
    accb: Object.freeze({ threshold: 0.6 }),
  }),
});

/** Is `name` a preset? */
export function isPreset(name: unknown): name is Preset {
  return typeof name === 'string' && (PRESETS as readonly string[]).includes(name);
}
