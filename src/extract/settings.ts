/**
 * The model path's settings, resolved once per (model, preset, favor, options) into one frozen, fully-resolved
 * `FarswApplyOptions` that every stage reads. Layers, each over the one before (a later layer wins, key by key, the DANA
 * core's keys too):
 *
 *   1. shipped defaults   FARSW_APPLY_DEFAULTS (core/defaults.ts): models across sites
 *   2. model              FARSW_SITE_MODEL_DEFAULTS for a site model (Model.site), else FARSW_EVIDENCE_MODEL_DEFAULTS for a
 *                         model with evidence rules, unless a later layer gives a classification (one choice, replaced whole)
 *   3. preset             PAPER_PRESET.farswApply / .farswDana under `paper` (core/presets.ts)
 *   4. favor              FAVOR_PRESETS[favor].model (core/presets.ts)
 *   5. explicit options   `farsw` of extract() / runModel, the CLI flags
 *
 * An option left undefined in a layer is not given by it. A new site-dependent option is one entry in
 * FARSW_SITE_MODEL_DEFAULTS.
 */
import { FARSW_APPLY_DEFAULTS, FARSW_EVIDENCE_MODEL_DEFAULTS, FARSW_SITE_MODEL_DEFAULTS } from '../core/defaults.js';
import { FAVOR_PRESETS, PAPER_PRESET, type Favor, type Preset } from '../core/presets.js';
import { mergeLayers } from '../core/layers.js';
import type { Model } from '../model/model.js';
import type { DanaOptions } from './dana.js';
import type { FarswApplyOptions } from './apply-options.js';

/** One layer of settings: any apply options, the DANA core's among them. */
export type SettingsLayer = Partial<Omit<FarswApplyOptions, 'dana'>> & { readonly dana?: Partial<DanaOptions> };

/** What the settings are resolved from (only `site` and `evidence` of the model are read). */
export interface SettingsRequest {
  readonly model?: Pick<Model, 'site' | 'evidence'>;
  readonly preset?: Preset;
  readonly favor?: Favor;
  /** The options given explicitly. */
  readonly given?: SettingsLayer;
}

/** The layers of a request, in order (module comment). */
export function settingsLayers(request: SettingsRequest): SettingsLayer[] {
  const { model, preset, favor, given = {} } = request;
  const presetLayer: SettingsLayer = preset === 'paper' ? { ...PAPER_PRESET.farswApply, dana: PAPER_PRESET.farswDana } : {};
  const favorLayer: SettingsLayer = favor === 'precision' || favor === 'recall' ? FAVOR_PRESETS[favor].model : {};
  const later = [presetLayer, favorLayer, given];
  const site = model?.site != null;
  const modelLayer: SettingsLayer = site ? FARSW_SITE_MODEL_DEFAULTS
    : model?.evidence !== undefined && later.every((l) => l.classify === undefined) ? FARSW_EVIDENCE_MODEL_DEFAULTS : {};
  return [FARSW_APPLY_DEFAULTS, modelLayer, ...later];
}

/**
 * Resolve the model path's settings: the layers of the module comment merged in order (core/layers.ts mergeLayers).
 * @returns a frozen, fully-resolved options object (its `dana` frozen too)
 */
export function resolveSettings(request: SettingsRequest): FarswApplyOptions {
  return mergeLayers(settingsLayers(request), ['dana']) as unknown as FarswApplyOptions;
}
