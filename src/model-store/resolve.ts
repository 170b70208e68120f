/**
 * Which model applies to a page: `--model NAME`, `--model FILE.json` (a model
 * exported with `farsw models export`), or `--model auto` (the default) = the
 * model whose site pattern matches the page's host, else the model named `default`. The shipped default model (`models/default.json`, a
 * JSON export trained across sites by `npm run train:default`) answers for
 * `default` when the store has none, so farsw works with no store at all; `farsw rules`
 * and `farsw models show|export` read it the same way (`loadNamedModel`).
 *
 * Stores are opened read-only once per path and models are cached, so batch
 * runs pay for SQLite once.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ModelFormatError, ModelNotFoundError } from '../core/errors.js';
import { hostOf } from '../dataset/site.js';
import { extractionModel, modelFromJson, undisputedNote, validateModelName, type Model } from '../model/model.js';
import { modelFootprint, type ModelFootprint } from '../model/footprint.js';
import { openModelStore } from './sqlite.js';
import type { ModelStore, ModelSummary } from './store.js';

/** Name of the model used when no site model matches. */
export const DEFAULT_MODEL_NAME = 'default';

/** The shipped default model file. */
export const SHIPPED_DEFAULT_MODEL = fileURLToPath(new URL('../../models/default.json', import.meta.url));

let shipped: Model | undefined;

/** The model shipped with farsw (`models/default.json`), loaded once. */
export function shippedDefaultModel(): Model {
  if (!shipped) {
    if (!existsSync(SHIPPED_DEFAULT_MODEL)) throw new ModelNotFoundError(`${SHIPPED_DEFAULT_MODEL}: the shipped default model is missing; run npm run train:default`);
    shipped = modelFromJson(readFileSync(SHIPPED_DEFAULT_MODEL, 'utf8'), SHIPPED_DEFAULT_MODEL);
  }
  return shipped;
}

/** A model read by name for inspection (`farsw rules`, `farsw models show|export`), with its store entry when it has one. */
export interface NamedModel {
  readonly model: Model;
  /** The store's summary of the model; undefined for the shipped default model. */
  readonly summary: ModelSummary | undefined;
  /** Where it was read from: the store path, or the shipped model file. */
  readonly source: string;
}

/** A model name, checked, or a model file (`….json`) as it is: what `--model` and the NAME of rules and models take. */
export function modelNameOrFile(spec: unknown): string {
  return typeof spec === 'string' && spec.endsWith('.json') ? spec : validateModelName(spec);
}

/** The largest model file farsw reads (models are a few MB; V8 strings stop at 2^29 characters). */
export const MAX_MODEL_FILE_BYTES = 256 * 1024 * 1024;

/** The one line refusing a model file over MAX_MODEL_FILE_BYTES. */
export function tooLargeModelFile(path: string, size: number): string {
  return `${path}: ${size} bytes is too large for a model file (at most ${MAX_MODEL_FILE_BYTES})`;
}

/** A model exported with `farsw models export` (a JSON file). @throws ModelNotFoundError / ModelFormatError naming the file */
export function readModelFile(path: string): Model {
  let text: string;
  try {
    // A file too large for a string is refused before it is read.
    const size = statSync(path).size;
    if (size > MAX_MODEL_FILE_BYTES) throw new ModelFormatError(tooLargeModelFile(path, size));
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof ModelFormatError) throw e;
    throw new ModelNotFoundError(`${path}: cannot read model file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return modelFromJson(text, path);
}

/**
 * Read a model by name as `farsw apply --model NAME` finds it: from the store, or, for
 * `default` when the store has none (or there is no store), the shipped default model.
 * @throws ModelNotFoundError / ModelFormatError naming the store
 */
export function loadNamedModel(storePath: string, name: string): NamedModel {
  // `--model FILE.json` means the same in every command: a model exported with `farsw models export`.
  if (name.endsWith('.json')) return { model: readModelFile(name), summary: undefined, source: name };
  // Without a store, only the shipped `default` is known; any other name gets the store's "no model store" error.
  const store = name === DEFAULT_MODEL_NAME && !existsSync(storePath) ? undefined : openModelStore(storePath, { readonly: true });
  try {
    const found = findModel(store, name);
    if (found) return { ...found, source: found.summary ? storePath : SHIPPED_DEFAULT_MODEL };
    return { model: store!.load(name), summary: undefined, source: storePath }; // throws ModelNotFoundError naming the store
  } finally {
    store?.close();
  }
}

/**
 * The model `name` as apply finds it: from `store` when the store holds it, else the shipped
 * model for `default`; undefined otherwise (the caller reports it).
 */
function findModel(store: ModelStore | undefined, name: string): { model: Model; summary: ModelSummary | undefined } | undefined {
  const summary = store?.list().find((s) => s.name === name);
  if (store && summary) return { model: store.load(name), summary };
  if (name === DEFAULT_MODEL_NAME) return { model: shippedDefaultModel(), summary: undefined };
  return undefined;
}

/** Does a model's site pattern cover a host? Exact, `www.`-insensitive, or a sub-domain of it. */
export function siteMatches(site: string, host: string): boolean {
  const s = site.toLowerCase().replace(/^www\./, '');
  return host === s || host.endsWith(`.${s}`);
}

/** How `auto` may choose. */
export interface ChoiceOptions {
  /** Use the matching site model even where it lost to the default model in training (`--use-site-model`). */
  readonly useSiteModel?: boolean;
}

/** A chosen model and why (batch records and `--format json` carry the reason). */
export interface ModelChoice {
  readonly model: Model;
  readonly reason: string;
  /** The per-page fallback of a guarded site model: `model`'s text is replaced by this model's where the two agree below `below` (BoW F1). */
  readonly fallback?: SiteFallback;
}

/** A per-page fallback (SiteCheck.fallbackBelow): the default model's text where a site model's agrees with it below `below`. */
export interface SiteFallback {
  readonly model: Model;
  readonly below: number;
}

/** The default model as `apply` finds it: the store's `default`, else the shipped one. */
export function defaultModelIn(store: ModelStore | undefined): Model {
  return findModel(store, DEFAULT_MODEL_NAME)!.model;
}

/** Resolves model names against one store (or none). */
export class ModelResolver {
  private readonly store: ModelStore | undefined;
  private readonly cache = new Map<string, Model>();
  private readonly sites: { name: string; site: string }[];

  /** @param storePath a store to read (read-only); missing file = no store */
  constructor(readonly storePath?: string) {
    this.store = storePath !== undefined && existsSync(storePath) ? openModelStore(storePath, { readonly: true }) : undefined;
    this.sites = (this.store?.list() ?? [])
      .filter((s) => s.site !== null)
      .map((s) => ({ name: s.name, site: s.site! }))
      // Longest pattern first: news.example.com beats example.com.
      .sort((a, b) => b.site.length - a.site.length);
  }

  /**
   * The model for `spec` (a name or `auto`) and a page URL.
   * @throws ModelNotFoundError naming the model and the store
   */
  resolve(spec: string, url?: string, options: ChoiceOptions = {}): Model {
    return this.choose(spec, url, options).model;
  }

  /**
   * {@link resolve}, with why the model was chosen. `auto` takes the site model matching the
   * page's host only when it beat the default model in its training cross-validation
   * (`trainingReport.siteCheck`; models trained without one are used as before), or when `useSiteModel` forces it.
   * @throws ModelNotFoundError naming the model and the store
   */
  choose(spec: string, url?: string, options: ChoiceOptions = {}): ModelChoice {
    if (spec.endsWith('.json')) return { model: this.fromFile(spec), reason: `model file ${spec}` };
    if (spec !== 'auto') return { model: this.named(spec), reason: `--model ${spec}` };
    const host = hostOf(url);
    const site = host !== null ? this.sites.find((s) => siteMatches(s.site, host)) : undefined;
    if (!site) return { model: this.named(DEFAULT_MODEL_NAME), reason: host === null ? 'default: no host' : `default: no site model for ${host}` };
    const model = this.named(site.name);
    const check = model.trainingReport.siteCheck;
    if (options.useSiteModel) return { model, reason: `site model ${site.name} (forced by --use-site-model)` };
    if (!check) return { model, reason: `site model ${site.name} (no cross-validation recorded)` };
    const scores = `${(check.guardedF1 ?? check.siteF1).toFixed(3)} vs default ${check.defaultF1.toFixed(3)}, ${check.folds}-fold${check.wins !== undefined ? `, better on ${check.wins} pages, worse on ${check.losses}` : ''}${undisputedNote(check)}`;
    if (check.useSite) {
      const below = check.fallbackBelow ?? 0;
      if (below <= 0) return { model, reason: `site model ${site.name} (won: ${scores})` };
      return { model, reason: `site model ${site.name} (won: ${scores}; the default model's text where they agree below ${below})`, fallback: { model: this.named(DEFAULT_MODEL_NAME), below } };
    }
    return { model: this.named(DEFAULT_MODEL_NAME), reason: `default: site model ${site.name} lost (${scores})` };
  }

  private named(name: string): Model {
    const hit = this.cache.get(name);
    if (hit) return hit;
    const found = findModel(this.store, name)?.model;
    if (!found) throw new ModelNotFoundError(`model "${name}" not found${this.storePath === undefined ? ' (no model store given)' : this.store ? ` in ${this.storePath}; see farsw models list` : `: no model store at ${this.storePath}`}`);
    const model = leanModels ? extractionModel(found) : found;
    this.cache.set(name, model);
    return model;
  }

  /** A model exported with `farsw models export` (a JSON file), loaded once. */
  private fromFile(path: string): Model {
    const hit = this.cache.get(`file:${path}`);
    if (hit) return hit;
    const read = readModelFile(path);
    const model = leanModels ? extractionModel(read) : read;
    this.cache.set(`file:${path}`, model);
    return model;
  }

  /**
   * The models `spec` may load on some page, with what each holds (model/footprint.ts), counted without loading stored
   * ones: `auto` may load every model of the store and the default; a file is read (the caller checked it exists).
   */
  footprints(spec: string): { readonly name: string; readonly footprint: ModelFootprint }[] {
    if (spec.endsWith('.json')) return [{ name: spec, footprint: modelFootprint(this.fromFile(spec)) }];
    const stored = this.store?.footprints() ?? new Map<string, ModelFootprint>();
    const names = spec === 'auto' ? [...new Set([...stored.keys(), DEFAULT_MODEL_NAME])] : [spec];
    return names.map((name) => ({ name, footprint: stored.get(name) ?? modelFootprint(this.named(name)) }));
  }

  close(): void {
    this.store?.close();
  }
}

const RESOLVERS = new Map<string, ModelResolver>();
let leanModels = false;

/** From now on, resolvers keep their models without what only reports read (extractionModel): a batch worker's thread only extracts. */
export function keepModelsLean(): void {
  leanModels = true;
}

/** A cached resolver per store path (`''` = no store). */
export function modelResolver(storePath?: string): ModelResolver {
  const key = storePath ?? '';
  let r = RESOLVERS.get(key);
  if (!r) RESOLVERS.set(key, (r = new ModelResolver(storePath)));
  return r;
}
