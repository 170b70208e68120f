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

/** What to favour: `balanced` (the defaults), `precision` (less boilerplate) or `recall` (less lost content). */
export type Favor = 'balanced' | 'precision' | 'recall';
export const FAVORS: readonly Favor[] = ['balanced', 'precision', 'recall'];

/** The parameters a preset sets, per kind of extractor. */
export interface FavorParameters {
  /** Models (the default model and site models): FAR-SW apply options and their DANA core's. */
  readonly model: Partial<Omit<FarswApplyOptions, 'dana'>> & { readonly dana: Partial<DanaOptions> };
  /** The DANA family (dana, addana, danag, addanag). */
  readonly dana: Partial<DanaOptions>;
  /** ACCB. */
  readonly accb: AccbOptions;
}

/**
 * The presets.
 * - precision, models: DANA's gap 20 lines (the paper's; models across sites use 80), runs of chosen lines whose
 *   text the rules call content less than half of the time dropped (`runVeto` 0.5), and the final lines kept in the
 *   element holding 60 % of them (`container` 0.6, against 0.7: a smaller container), without its siblings (`siblings` 0), and the title line only when chosen (`addTitleLine` false), and no relax to `<main>` (`mainShare` 0: it brings back what the smaller container cut).
 * - recall, models: no single-container cut (`container` 0) and windows kept from a score of 0.5 (`evidenceBeta`, 0.7).
 *   Site models run without the container cut and score windows by eq. 5 (not `evidenceBeta`): recall leaves them as they are.
 * - precision, DANA family: the chosen lines kept in the element holding 50 % of them (`container` 0.5).
 * - recall, DANA family: gap 40 lines (20) and a container holding 90 % (0.7).
 * - ACCB: a token is content from a mean blurred ratio of 0.8 (precision) or 0.6 (recall), against 0.7.
 */
export const FAVOR_PARAMETERS: Readonly<Record<Exclude<Favor, 'balanced'>, FavorParameters>> = Object.freeze({
  precision: Object.freeze({
    model: Object.freeze({ runVeto: 0.5, container: 0.6, siblings: 0, addTitleLine: false, mainShare: 0, dana: Object.freeze({ gap: 20, container: 0.6 }) }),
    dana: Object.freeze({ container: 0.5 }),
    accb: Object.freeze({ threshold: 0.8 }),
  }),
  recall: Object.freeze({
    model: Object.freeze({ container: 0, evidenceBeta: 0.5, dana: Object.freeze({ container: 0 }) }),
    dana: Object.freeze({ gap: 40, container: 0.9 }),
    accb: Object.freeze({ threshold: 0.6 }),
  }),
});

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
 * `options` with the preset of `options.favor` laid under the options given (which win).
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
  if (a === undefined) {
    const given = options.farsw ?? {};
    return { ...options, farsw: { ...p.model, ...given, dana: { ...p.model.dana, ...given.dana } } };
  }
  if (isDanaVariant(a)) return { ...options, dana: { ...p.dana, ...options.dana } };
  if (a === 'accb') return { ...options, accb: { ...p.accb, ...options.accb } };
  throw new ConfigError(`favor ${favor}: ${a} has no precision/recall parameter set (models, dana, addana, danag, addanag and accb have)`);
}

function unknownFavor(favor: unknown): ConfigError {
  return new ConfigError(`unknown favor "${String(favor)}": expected one of ${FAVORS.join(', ')}`);
}
