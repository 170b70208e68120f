/**
 * The per-request `options` of `farsw serve`: `apply`'s flags as JSON (`{"format": "markdown", "with-metadata": true,
 * "favor": "recall", "phi": 3}`; snake_case and camelCase names are taken too), checked as the command line checks
 * them (names, types, choices, src/api/option-ranges.ts's ranges), and laid over the flags the worker started with.
 */
import { ConfigError } from '../core/errors.js';
import { PRESETS } from '../core/presets.js';
import { describeJson } from '../dataset/record.js';
import { COMBINE_MODES, SCORE_NORMS } from '../extract/farsw.js';
import { PAGE_TYPES } from '../features/page-type.js';
import { extractorNames } from '../extract/registry.js';
import { FAVORS } from '../api/favor.js';
import { FORMAT_NAMES, OUTPUT_FORMATS } from '../api/formats.js';
import { checkFlagRanges } from '../api/option-ranges.js';
import type { ApplyFlags } from '../api/flag-options.js';

/** The formats a record carries: its text, and each format extract() renders into a field of its own (api/formats.ts). */
export const RECORD_FORMATS: readonly string[] = FORMAT_NAMES.filter((f) => f === 'text' || OUTPUT_FORMATS[f].render !== undefined);

/** What an option takes: a JSON type, or its choices. */
type Kind = 'string' | 'boolean' | 'number' | readonly string[];

/** The options a request may give: `apply`'s extraction flags (--store, --url and --profile are not per request: `url` is a field of its own). */
const REQUEST_OPTIONS: Readonly<Record<string, Kind | (() => readonly string[])>> = {
  model: 'string', algorithm: extractorNames, 'use-site-model': 'boolean', format: RECORD_FORMATS, 'with-metadata': 'boolean',
  tables: 'boolean', links: 'boolean', images: 'boolean',
  favor: FAVORS, preset: PRESETS, 'content-type': 'string',
  gap: 'number', radius: 'number', 'title-decay': 'number', container: 'number', 'title-container': 'number', 'best-line': 'boolean',
  mode: COMBINE_MODES, phi: 'number', beta: 'number', classify: ['crisp', 'fuzzy', 'confidence', 'rules'], 'block-score': ['paper', 'evidence'],
  fallback: 'boolean', 'score-norm': SCORE_NORMS, templates: 'boolean', 'path-evidence': 'number', 'path-veto': 'boolean', dedupe: 'boolean',
  'token-evidence': 'number', 'fallback-link-density': 'number', mute: 'number', 'page-type': ['auto', ...PAGE_TYPES],
  comments: 'boolean', hidden: 'boolean', attributes: ['anchors', 'all'],
};

/** `with_metadata`, `withMetadata` → `with-metadata`. */
function flagName(key: string): string {
  return key.replace(/_/g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * A request's `options` as flags, checked; a ConfigError naming the field (`options.phi: expected an integer ≥ 1, found 0`).
 * `null` or absent: none.
 */
export function requestFlags(options: unknown): ApplyFlags {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) throw new ConfigError(`field "options" must be an object, found ${describeJson(options)}`);
  const flags: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    const name = flagName(key);
    const spec = REQUEST_OPTIONS[name];
    if (spec === undefined) throw new ConfigError(`options.${key}: unknown option (expected one of ${Object.keys(REQUEST_OPTIONS).join(', ')})`);
    if (value === null) continue;
    const kind = typeof spec === 'function' ? spec() : spec;
    if (typeof kind === 'string') {
      if (typeof value !== kind) throw new ConfigError(`options.${key}: expected a ${kind}, found ${describeJson(value)}`);
    } else if (typeof value !== 'string' || !kind.includes(value)) {
      throw new ConfigError(`options.${key}: expected one of ${kind.join(', ')}, found ${JSON.stringify(value)}`);
    }
    flags[name] = value;
  }
  try {
    checkFlagRanges(flags);
  } catch (e) {
    throw new ConfigError((e as Error).message.replace(/^--([a-z-]+)/, (_, f: string) => `options.${f}`));
  }
  if (flags['algorithm'] !== undefined && flags['model'] !== undefined) throw new ConfigError('options: give either "algorithm" or "model", not both');
  return flags as ApplyFlags;
}

/** `over` laid on `base`: a request's `algorithm` replaces the worker's model and its `model` the worker's algorithm. */
export function mergeFlags(base: ApplyFlags, over: ApplyFlags): ApplyFlags {
  const merged: ApplyFlags = { ...base, ...over };
  if (over.algorithm !== undefined) delete merged.model;
  if (over.model !== undefined) delete merged.algorithm;
  return merged;
}
