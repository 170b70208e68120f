/**
 * The ranges of extract()'s numeric options, one table for the library and the command line
 * (`--phi 0`, `extract(html, { farsw: { phi: 0 } })`): out of range, they ran and extracted
 * something no setting means, or nothing, without a word.
 */
import { ConfigError } from '../core/errors.js';

/** What a numeric option takes. */
type Range = 'count' | 'positive count' | 'share' | 'non-negative' | 'finite';

/** The DANA core's options (`dana`, and `farsw.dana` of a model). */
const DANA_RANGES: Readonly<Record<string, Range>> = {
  gap: 'count', radius: 'count', titleDecay: 'non-negative', container: 'share', titleContainer: 'share',
};

/** A model's options (`farsw`). */
const FARSW_RANGES: Readonly<Record<string, Range>> = {
  phi: 'positive count', beta: 'finite', pathEvidence: 'count', tokenEvidence: 'non-negative', fallbackLinkDensity: 'share', mute: 'share', container: 'share',
};

/** What is wrong with `v` for `range` ("expected an integer ≥ 1"), or null when it fits. */
function misfit(v: unknown, range: Range): string | null {
  const n = typeof v === 'number' ? v : NaN;
  const ok = range === 'share' ? n >= 0 && n <= 1
    : range === 'non-negative' ? n >= 0 && Number.isFinite(n)
      : range === 'finite' ? Number.isFinite(n)
        : Number.isInteger(n) && n >= (range === 'positive count' ? 1 : 0);
  if (ok) return null;
  return range === 'share' ? 'a share from 0 to 1' : range === 'non-negative' ? 'a number ≥ 0' : range === 'finite' ? 'a finite number'
    : `an integer ≥ ${range === 'positive count' ? 1 : 0}`;
}

function checkGroup(group: unknown, ranges: Readonly<Record<string, Range>>, name: (key: string) => string): void {
  if (group === undefined || group === null || typeof group !== 'object') return;
  for (const [key, range] of Object.entries(ranges)) {
    const v = (group as Record<string, unknown>)[key];
    if (v === undefined) continue;
    const expected = misfit(v, range);
    if (expected !== null) throw new ConfigError(`${name(key)}: expected ${expected}, found ${typeof v === 'number' ? v : JSON.stringify(v)}`);
  }
}

/** extract()'s `dana`, `farsw` and `farsw.dana` numbers in range, or a ConfigError naming the option (`extract: farsw.phi: …`). */
export function checkOptionRanges(options: { readonly dana?: unknown; readonly farsw?: unknown }): void {
  checkGroup(options.dana, DANA_RANGES, (k) => `extract: dana.${k}`);
  checkGroup(options.farsw, FARSW_RANGES, (k) => `extract: farsw.${k}`);
  if (options.farsw !== null && typeof options.farsw === 'object') checkGroup((options.farsw as { dana?: unknown }).dana, DANA_RANGES, (k) => `extract: farsw.dana.${k}`);
}

/** The same ranges for command-line flags named after the options (`--title-decay` is `titleDecay`): a ConfigError naming the flag. */
export function checkFlagRanges(flags: Readonly<Record<string, unknown>>): void {
  const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const byFlag = (ranges: Readonly<Record<string, Range>>) => Object.fromEntries(Object.entries(flags).filter(([f]) => camel(f) in ranges).map(([f, v]) => [camel(f), v]));
  const flagOf = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  checkGroup(byFlag(DANA_RANGES), DANA_RANGES, flagOf);
  checkGroup(byFlag(FARSW_RANGES), FARSW_RANGES, flagOf);
}
