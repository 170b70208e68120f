/**
 * `apply`'s extraction flags as plain data (a flag's name without `--`: `{ "model": "x", "with-metadata": true, "phi": 3 }`)
 * turned into `extract()` options: one mapping for the command line (`apply`, `eval`, `explain`, `serve`) and the
 * per-request `options` of `farsw serve` (src/batch/serve-options.ts checks those first).
 */
import type { DanaOptions } from '../extract/dana.js';
import type { FarswApplyOptions } from '../extract/farsw.js';
import type { LineOptions } from '../html/lines.js';
import type { Preset } from '../core/presets.js';
import type { ExtractOptions } from './extract.js';
import type { Favor } from './favor.js';
import { OUTPUT_FORMATS, type FormatName } from './formats.js';

/** The DANA core's and a model's flags. */
export interface ExtractorFlags {
  preset?: Preset;
  gap?: number;
  radius?: number;
  'title-decay'?: number;
  container?: number;
  'title-container'?: number;
  'best-line'?: boolean;
  mode?: FarswApplyOptions['mode'];
  phi?: number;
  beta?: number;
  classify?: FarswApplyOptions['classify'];
  'block-score'?: FarswApplyOptions['blockScore'];
  fallback?: boolean;
  'score-norm'?: FarswApplyOptions['scoreNorm'];
  templates?: boolean;
  'path-evidence'?: number;
  'path-veto'?: boolean;
  dedupe?: boolean;
  'token-evidence'?: number;
  'fallback-link-density'?: number;
  mute?: number;
  'page-type'?: string;
}

/** The preprocessing flags. */
export interface LineFlags {
  comments?: boolean;
  hidden?: boolean;
  attributes?: 'anchors' | 'all';
}

/** Every flag of `apply` that changes what one page gives. */
export interface ApplyFlags extends ExtractorFlags, LineFlags {
  algorithm?: string;
  model?: string;
  store?: string;
  'use-site-model'?: boolean;
  format?: FormatName;
  'with-metadata'?: boolean;
  tables?: boolean;
  links?: boolean;
  images?: boolean;
  favor?: Favor;
  url?: string;
  'content-type'?: string;
  profile?: boolean;
}

/** The DANA options the flags ask for (only those given). */
export function danaArgs(args: ExtractorFlags): Partial<DanaOptions> {
  return pick({
    gap: args.gap, radius: args.radius, titleDecay: args['title-decay'], container: args.container,
    titleContainer: args['title-container'], fallbackToBestLine: args['best-line'],
  }) as Partial<DanaOptions>;
}

/** The model options the flags ask for (only those given), with the DANA ones for its core. */
export function farswArgs(args: ExtractorFlags): Partial<Omit<FarswApplyOptions, 'dana'>> & { dana: Partial<DanaOptions> } {
  const dana = danaArgs(args);
  return {
    ...pick({
      mode: args.mode, phi: args.phi, beta: args.beta, classify: args.classify, fallback: args.fallback,
      scoreNorm: args['score-norm'], templates: args.templates, pathEvidence: args['path-evidence'],
      pathVeto: args['path-veto'], dedupe: args.dedupe, tokenEvidence: args['token-evidence'],
      fallbackLinkDensity: args['fallback-link-density'], mute: args.mute, container: args.container, blockScore: args['block-score'],
      pageTypeAs: args['page-type'] === 'auto' ? undefined : args['page-type'],
    }) as Partial<Omit<FarswApplyOptions, 'dana'>>,
    dana,
  };
}

/** `{ preset }` when the flag is given. */
export function presetArgs(args: ExtractorFlags): { preset?: Preset } {
  return args.preset !== undefined ? { preset: args.preset } : {};
}

/** The line options the flags ask for (only those given). */
export function lineArgs(args: LineFlags): Partial<LineOptions> {
  return {
    ...(args.comments === true ? { dropComments: false } : {}),
    ...(args.hidden === true ? { dropHidden: false } : {}),
    ...(args.attributes !== undefined ? { normalizeAttributes: args.attributes } : {}),
  };
}

/** `apply`'s flags as `extract()` options (without --algorithm, the model is `auto`; `json` asks for the metadata). */
export function flagsToOptions(args: ApplyFlags): ExtractOptions {
  const chooser = args.algorithm !== undefined ? { algorithm: args.algorithm } : { model: args.model ?? 'auto', ...(args.store !== undefined ? { store: args.store } : {}), ...(args['use-site-model'] ? { useSiteModel: true } : {}) };
  return {
    ...chooser,
    profile: args.profile === true,
    ...(args.format !== undefined && OUTPUT_FORMATS[args.format].render !== undefined ? { format: args.format } : {}),
    ...(args.format === 'json' || args['with-metadata'] ? { metadata: true } : {}),
    ...(args.tables === false ? { tables: false } : {}),
    ...(args.links === false ? { links: false } : {}),
    ...(args.images === false ? { images: false } : {}),
    ...presetArgs(args),
    ...(args.favor !== undefined ? { favor: args.favor } : {}),
    dana: danaArgs(args),
    lines: lineArgs(args),
    farsw: farswArgs(args),
    ...(args.url !== undefined ? { url: args.url } : {}),
    ...(args['content-type'] !== undefined ? { contentType: args['content-type'] } : {}),
  };
}

function pick(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
