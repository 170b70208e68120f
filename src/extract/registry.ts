/**
 * Extractor registry: every algorithm behind one name, so the CLI's
 * `--algorithm`, `farsw eval` and the benchmarks treat them alike.
 */
import type { Extraction, LineTable, Profile } from '../core/types.js';
import { ConfigError } from '../core/errors.js';
import { buildLineTable, type LineOptions } from '../html/lines.js';
import { blocksToText } from '../html/text.js';
import { danaCore, DANA_OPTIONS, readsMarkupBytes, type DanaOptions, type DanaVariant } from './dana.js';
import { extractAccb } from './accb.js';
import { extractBte } from './bte.js';
import { extractCetr } from './cetr.js';
import { extractPlain } from './plain.js';
import { extractWlr, type WlrOptions } from './wlr.js';
import type { AccbOptions } from './accb.js';
import type { CetrOptions } from './cetr.js';
import { isPreset, PAPER_PRESET, PRESETS, type Preset } from '../core/presets.js';

/** Options every extractor accepts (each uses what applies to it). */
export interface ExtractorOptions {
  /** The page's URL, when known (used to pick a site model). */
  readonly url?: string;
  /** Record per-stage timings in `Extraction.profile`. */
  readonly profile?: boolean;
  /** Line building / preprocessing overrides. */
  readonly lines?: Partial<LineOptions>;
  /** DANA core overrides (gap, radius). */
  readonly dana?: Partial<DanaOptions>;
  /** `paper`: the algorithm as published (core/presets.ts), under the options given here; default `default`. */
  readonly preset?: Preset;
  /** WLR, ACCB and CETR overrides. */
  readonly wlr?: WlrOptions;
  readonly accb?: AccbOptions;
  readonly cetr?: CetrOptions;
  /**
   * The page is plain ASCII up to this offset (`PageSource.asciiPrefix`, which `extract()` passes
   * on): the line builder then does not search that part for non-ASCII characters. Leave it unset
   * unless it is known: a value whose character is ASCII is ignored, but one past an earlier
   * non-ASCII character that itself names a non-ASCII character gives wrong byte counts.
   */
  readonly asciiPrefix?: number;
}

/** An extraction with the line table its blocks index and the line options that built it. */
export interface LinedExtraction {
  readonly extraction: Extraction;
  readonly table: LineTable;
  readonly lines: Partial<LineOptions>;
}

export interface Extractor {
  readonly name: string;
  /** One line for `--help` and reports. */
  readonly description: string;
  extract(html: string, options?: ExtractorOptions): Extraction;
  /** Line-based extractors: `extract` with its line table kept, for a format rendering the chosen lines (the page is parsed once). */
  extractLined?(html: string, options?: ExtractorOptions): LinedExtraction;
}

/** Times stages when profiling, otherwise costs one branch per stage. */
export class StageClock {
  private readonly profile: Profile | undefined;
  private last: number;
  constructor(enabled: boolean) {
    this.profile = enabled ? {} : undefined;
    this.last = enabled ? performance.now() : 0;
  }
  /** Close the stage `name`. */
  lap(name: string): void {
    if (!this.profile) return;
    const now = performance.now();
    this.profile[name] = (this.profile[name] ?? 0) + (now - this.last);
    this.last = now;
  }
  /** `{ profile }` when enabled, else `{}` (spread into an Extraction). */
  result(): { profile?: Profile } {
    return this.profile ? { profile: this.profile } : {};
  }
}

/** Check a preset name (the library takes any string from JavaScript callers). */
export function checkPreset(preset: unknown): Preset {
  if (preset === undefined) return 'default';
  if (!isPreset(preset)) throw new ConfigError(`unknown preset "${String(preset)}": expected one of ${PRESETS.join(', ')}`);
  return preset;
}

/** The line and DANA options of a DANA-family extractor under the options' preset. */
export function danaPresetOptions(options: ExtractorOptions): { lines: Partial<LineOptions>; dana: DanaOptions } {
  const paper = checkPreset(options.preset) === 'paper';
  return {
    lines: paper ? { ...PAPER_PRESET.lines, ...options.lines } : options.lines ?? {},
    dana: { ...DANA_OPTIONS, ...(paper ? PAPER_PRESET.dana : {}), ...options.dana },
  };
}

/** Build the line table of a page (stage `lines`). */
export function pageLines(html: string, options: ExtractorOptions, clock: StageClock): LineTable {
  const table = buildLineTable(html, options.lines ?? {}, options.asciiPrefix ?? 0);
  clock.lap('lines');
  return table;
}

function danaExtractor(variant: DanaVariant, description: string): Extractor {
  const extractLined = (html: string, options: ExtractorOptions = {}): LinedExtraction => {
    const clock = new StageClock(options.profile === true);
    const { lines, dana } = danaPresetOptions(options);
    // A variant whose columns read no byte count of markup spares the builder making them.
    const table = pageLines(html, { ...options, lines: readsMarkupBytes(variant) ? lines : { markupBytes: false, ...lines } }, clock);
    const core = danaCore(table, variant, dana);
    clock.lap('select');
    const text = blocksToText(table, core.blocks);
    clock.lap('text');
    const extraction = { method: variant, blocks: core.blocks, text, lineCount: table.count, ...(table.warnings ? { warnings: table.warnings } : {}), ...clock.result() };
    return { extraction, table, lines };
  };
  return { name: variant, description, extract: (html, options) => extractLined(html, options).extraction, extractLined };
}

const EXTRACTORS = new Map<string, Extractor>();

/** Add an extractor (names are unique). */
export function registerExtractor(extractor: Extractor): void {
  if (EXTRACTORS.has(extractor.name)) throw new Error(`extractor ${extractor.name} registered twice`);
  EXTRACTORS.set(extractor.name, extractor);
}

registerExtractor(danaExtractor('dana', 'DANA: non-ASCII vs ASCII bytes per line (for non-Latin scripts)'));
registerExtractor(danaExtractor('addana', 'AdDANA: DANA with anchor text counted as code (hyperlink normalisation, for non-Latin scripts)'));
registerExtractor(danaExtractor('danag', 'DANAg: content vs code characters per line'));
registerExtractor(danaExtractor('addanag', 'AdDANAg: DANAg after hyperlink normalisation (language-independent)'));

/** A baseline that takes only the page: its whole run is one profiled stage, `extract`. */
function baselineExtractor(name: string, description: string, run: (html: string, options: ExtractorOptions, paper: boolean) => Extraction): Extractor {
  return {
    name,
    description,
    extract(html, options = {}) {
      const clock = new StageClock(options.profile === true);
      const result = run(html, options, checkPreset(options.preset) === 'paper');
      clock.lap('extract');
      return { ...result, ...clock.result() };
    },
  };
}

registerExtractor(baselineExtractor('wlr', 'WLR: DOM node by word-to-leaf ratio and link density (seed 001)', (h, o, paper) => extractWlr(h, { ...(paper ? PAPER_PRESET.wlr : {}), ...o.wlr })));
registerExtractor(baselineExtractor('bte', 'BTE: token span maximising text inside minus tags (Finn et al. 2001)', (h) => extractBte(h)));
registerExtractor(baselineExtractor('accb', 'ACCB-40: blurred content/code vector, anchors ignored (Gottron 2008)', (h, o) => extractAccb(h, o.accb)));
registerExtractor(baselineExtractor('cetr', 'CETR-KM: per-line tag ratios, smoothing, k-means (Weninger & Hsu 2008)', (h, o, paper) => extractCetr(h, { ...(paper ? PAPER_PRESET.cetr : {}), ...o.cetr })));
registerExtractor(baselineExtractor('plain', 'plain: all visible text (the lower bound)', (h) => extractPlain(h)));

/** The extractor used when none is named and no model applies. */
export const DEFAULT_ALGORITHM = 'addanag';

/** Look an extractor up by name. Throws ConfigError naming the known ones. */
export function getExtractor(name: string): Extractor {
  const e = EXTRACTORS.get(name);
  if (!e) throw new ConfigError(`unknown algorithm "${name}": expected one of ${extractorNames().join(', ')}`);
  return e;
}

/** Names of all registered extractors, in registration order. */
export function extractorNames(): string[] {
  return [...EXTRACTORS.keys()];
}
