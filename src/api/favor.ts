/**
 * `favor`: precision/recall presets (`farsw apply --favor precision|recall`, `extract(html, { favor })`).
 * Each is a fixed set of documented parameters laid over the defaults; options given explicitly still win.
 * One set for every dataset, chosen on a development sample by one rule, before the measurement in
 * BENCHMARKS.md ("Precision/recall presets", `npm run bench:favor`): among a few candidates moving the
 * parameters below in the favoured direction, the largest gain in the favoured measure whose mean
 * bag-of-words F1 over the 7 datasets drops by at most 0.01 (docs/decisions.md lists the candidates).
 */
import { ConfigError } from '../core/errors.js';
import type { FarswApplyOptions } from '../extract/farsw.js';
import type { DanaOptions } from '../extract/dana.js';
import type { AccbOptions } from '../extract/accb.js';
import { isDanaVariant } from '../extract/dana.js';
import { FAVORS, FAVOR_PRESETS, type Favor } from '../core/presets.js';

export { FAVORS, type Favor };

/** The parameters a preset sets, per kind of extractor. */
export interface FavorParameters {
  /** Models (the default model and site models): FAR-SW apply options and their DANA core's. */
  readonly model: Partial<Omit<FarswApplyOptions, 'dana'>> & { readonly dana: Partial<DanaOptions> };
  /** The DANA family (dana, addana, danag, addanag). */
  readonly dana: Partial<DanaOptions>;
  /** ACCB. */
  readonly accb: AccbOptions;
}

/** The presets (core/presets.ts FAVOR_PRESETS, where each value is explained). */
export const FAVOR_PARAMETERS: Readonly<Record<Exclude<Favor, 'balanced'>, FavorParameters>> = FAVOR_PRESETS;

/** Is `name` a favor? */
export function isFavor(name: unknown): name is Favor {
  return typeof name === 'string' && (FAVORS as readonly string[]).includes(name);
}

/** The options extractors read, as far as a preset touches them. */
interface FavorTarget {
  readonly algorithm?: string;
  readonly preset?: string;
  readonly favor?: Favor;
  readonly farsw?: Partial<Omit<FarswApplyOptions, 'dana'>> & { readonly dana?: Partial<DanaOptions> };
  readonly dana?: Partial<DanaOptions>;
  readonly accb?: AccbOptions;
}

/**
 * `options` with the preset of `options.favor` laid under the options given (which win); a model's options are left as
 * they are (its settings resolution lays the preset in, extract/settings.ts).
 * @throws ConfigError for an unknown favor, an extractor that has no precision/recall parameters, or preset `paper`
 */
export function withFavor<T extends FavorTarget>(options: T): T {
  const favor = options.favor;
  if (favor === undefined || favor === 'balanced') {
    if (favor !== undefined && !isFavor(favor)) throw unknownFavor(favor);
    return options;
  }
  if (!isFavor(favor)) throw unknownFavor(favor);
  if (options.preset === 'paper') throw new ConfigError(`favor ${favor} moves farsw's parameters; preset paper runs the algorithms as published: give one of them`);
  const p = FAVOR_PARAMETERS[favor];
  const a = options.algorithm;
  // Models read `favor` as a layer of their settings (extract/settings.ts resolveSettings).
  if (a === undefined) return options;
  if (isDanaVariant(a)) return { ...options, dana: { ...p.dana, ...options.dana } };
  if (a === 'accb') return { ...options, accb: { ...p.accb, ...options.accb } };
  throw new ConfigError(`favor ${favor}: ${a} has no precision/recall parameter set (models, dana, addana, danag, addanag and accb have)`);
}

function unknownFavor(favor: unknown): ConfigError {
  return new ConfigError(`unknown favor "${String(favor)}": expected one of ${FAVORS.join(', ')}`);
}
