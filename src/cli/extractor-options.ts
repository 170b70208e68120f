/**
 * The extractor flags `apply` and `explain` share: the DANA core's (`DanaOptions`) and a
 * model's (`FarswApplyOptions`), each turned into options only when given.
 */
import type { Argv } from 'yargs';
import type { DanaOptions } from '../extract/dana.js';
import { COMBINE_MODES, type CombineMode, type FarswApplyOptions } from '../extract/farsw.js';
import { DANA_DEFAULTS, FARSW_APPLY_DEFAULTS } from '../core/defaults.js';

/** The parsed flags. */
export interface ExtractorArgs {
  gap?: number;
  radius?: number;
  'title-decay'?: number;
  mode?: CombineMode;
  phi?: number;
  beta?: number;
  classify?: 'crisp' | 'fuzzy' | 'confidence';
}

/** Add --gap, --radius, --title-decay (the DANA core) and --mode, --phi, --beta, --classify (a model) to a command. */
export function extractorOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option('gap', { type: 'number', describe: `DANA Algorithm 1 gap in lines (default ${DANA_DEFAULTS.gap})` })
    .option('radius', { type: 'number', describe: `DANA smoothing radius (default ${DANA_DEFAULTS.radius})` })
    .option('title-decay', { type: 'number', describe: `Title anchor: lines after the title line at which a region counts half (default ${DANA_DEFAULTS.titleDecay}; 0: off, the papers' largest region)` })
    .option('mode', { choices: COMBINE_MODES, describe: `How the model combines with the DANA core (default ${FARSW_APPLY_DEFAULTS.mode}; ${FARSW_APPLY_DEFAULTS.siteMode} for site models)` })
    .option('phi', { type: 'number', describe: `Sliding window length (default ${FARSW_APPLY_DEFAULTS.phi})` })
    .option('beta', { type: 'number', describe: `Block score cutoff (default ${FARSW_APPLY_DEFAULTS.beta})` })
    .option('classify', { choices: ['crisp', 'fuzzy', 'confidence'] as const, describe: `Rule matching (default ${FARSW_APPLY_DEFAULTS.classify})` }) as unknown as Argv<T>;
}

/** The DANA options the flags ask for (only those given). */
export function danaArgs(args: ExtractorArgs): Partial<DanaOptions> {
  return {
    ...(args.gap !== undefined ? { gap: args.gap } : {}),
    ...(args.radius !== undefined ? { radius: args.radius } : {}),
    ...(args['title-decay'] !== undefined ? { titleDecay: args['title-decay'] } : {}),
  };
}

/** The model options the flags ask for (only those given), with the DANA ones for its core. */
export function farswArgs(args: ExtractorArgs): Partial<Omit<FarswApplyOptions, 'dana'>> & { dana: Partial<DanaOptions> } {
  return {
    ...(args.mode !== undefined ? { mode: args.mode } : {}),
    ...(args.phi !== undefined ? { phi: args.phi } : {}),
    ...(args.beta !== undefined ? { beta: args.beta } : {}),
    ...(args.classify !== undefined ? { classify: args.classify } : {}),
    dana: danaArgs(args),
  };
}
