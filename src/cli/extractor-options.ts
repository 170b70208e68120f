/**
 * The extractor flags `apply`, `explain` and `eval` share: the preset, the DANA core's
 * (`DanaOptions`) and a model's (`FarswApplyOptions`), each turned into options only when given.
 */
import type { Argv } from 'yargs';
import { COMBINE_MODES, SCORE_NORMS } from '../extract/farsw.js';
import { DANA_DEFAULTS, FARSW_APPLY_DEFAULTS, FARSW_SITE_MODEL_DEFAULTS } from '../core/defaults.js';
import { PRESETS } from '../core/presets.js';
import { checkFlagRanges } from '../api/option-ranges.js';
import { withFavor, type Favor } from '../api/favor.js';
import { ConfigError } from '../core/errors.js';
import { PAGE_TYPES } from '../features/page-type.js';

/** The parsed flags. */
export type { ExtractorFlags as ExtractorArgs } from '../api/flag-options.js';

/** Add the preset, the DANA core's flags and a model's flags to a command. */
export function extractorOptions<T>(y: Argv<T>): Argv<T> {
  const A = FARSW_APPLY_DEFAULTS, S = FARSW_SITE_MODEL_DEFAULTS;
  return y
    .option('preset', { choices: PRESETS, describe: "default (farsw) or paper: the algorithm exactly as published, every farsw addition off (docs/how-it-works.md, Presets); other flags still apply on top" })
    .option('gap', { type: 'number', describe: `DANA Algorithm 1 gap in lines (default ${DANA_DEFAULTS.gap})` })
    .option('radius', { type: 'number', describe: `DANA smoothing radius (default ${DANA_DEFAULTS.radius})` })
    .option('title-decay', { type: 'number', describe: `Title anchor: lines after the title line at which a region counts half (default ${DANA_DEFAULTS.titleDecay}; 0: off, the papers' largest region)` })
    .option('container', { type: 'number', describe: `Single-container share θ on the chosen lines (default ${DANA_DEFAULTS.container}; models: ${A.container} across sites, ${S.container} for site models; 0: off, the papers)` })
    .option('title-container', { type: 'number', describe: `Title container: least share of the text it must keep (default ${DANA_DEFAULTS.titleContainer}; 0: off, the papers)` })
    .option('best-line', { type: 'boolean', describe: 'DANA: with no line above the axis, keep the best line (default on; --no-best-line: nothing, the papers)' })
    .option('mode', { choices: COMBINE_MODES, describe: `How the model combines with the DANA core (default ${A.mode}; ${S.mode} for site models; farsw: the model alone)` })
    .option('phi', { type: 'number', describe: `Sliding window length (default ${A.phi})` })
    .option('beta', { type: 'number', describe: `Block score cutoff (default ${A.beta})` })
    .option('classify', { choices: ['crisp', 'fuzzy', 'confidence', 'rules'] as const, describe: `Rule matching (default ${A.classify}; crisp: the paper's; rules: the evidence rules of a model trained with --evidence)` })
    .option('block-score', { choices: ['paper', 'evidence'] as const, describe: `Block score: eq. 5 against --beta, or the text-weighted P(content) against ${A.evidenceBeta} (default ${A.blockScore})` })
    .option('fallback', { type: 'boolean', describe: 'When no block passes β, keep the best block (default on; --no-fallback: nothing, the paper)' })
    .option('score-norm', { choices: SCORE_NORMS, describe: `Eq. 4 normalisation: page maxima or the model's H (default ${A.scoreNorm}; model reproduces the paper's scores)` })
    .option('templates', { type: 'boolean', describe: "Drop the model's template lines (default on; --no-templates ignores them)" })
    .option('path-evidence', { type: 'number', describe: `Training lines a structural path needs to decide its lines (default ${A.pathEvidence}, site models ${S.pathEvidence}; 0: off)` })
    .option('path-veto', { type: 'boolean', describe: 'Drop lines whose path the model knows as non-topical, whatever chose them (default: site models only)' })
    .option('dedupe', { type: 'boolean', describe: 'Drop a chosen line repeating an earlier one (default: site models only)' })
    .option('token-evidence', { type: 'number', describe: `Weight of class/id words in confidence classification (default ${A.tokenEvidence}; 0: off)` })
    .option('fallback-link-density', { type: 'number', describe: `Union: leave out a fallback block with more link text than this share (default ${A.fallbackLinkDensity}; 0: off)` })
    .option('mute', { type: 'number', describe: `Learned mute: leave out chosen lines with a class/id word whose block carried the article on fewer than this share of its training pages (default ${A.mute} across sites, ${S.mute} for site models; 0: off)` })
    .option('page-type', { choices: ['auto', ...PAGE_TYPES], describe: "Extract every page as this page type, by that type's strategy whatever the classifier says (article: the model path unrouted; default auto: each page by its classified type)" })
    .check((a) => {
      checkFlagRanges(a as Record<string, unknown>);
      return true;
    }) as unknown as Argv<T>;
}

export { danaArgs, farswArgs, presetArgs } from '../api/flag-options.js';

/**
 * `--favor` given with `--algorithm`/`--preset`: refused as a usage error when the extractor has no parameter set for it
 * (apply, eval and serve check it the same way).
 */
export function checkFavorFlag(a: { readonly favor?: unknown; readonly algorithm?: unknown; readonly preset?: unknown }): void {
  if (a.favor === undefined) return;
  try {
    withFavor({ favor: a.favor as Favor, ...(a.algorithm !== undefined ? { algorithm: String(a.algorithm) } : {}), ...(a.preset !== undefined ? { preset: String(a.preset) } : {}) });
  } catch (e) {
    throw new ConfigError(`--${(e as Error).message}`);
  }
}
