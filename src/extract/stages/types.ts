/**
 * The stage API of the model path (extract/farsw.ts `applyModel`, the list in extract/stages/index.ts).
 *
 * A stage is a small pure function `run(page, state) → edits`:
 * - `page` holds what never changes on the way: the line table, the model and the resolved settings;
 * - `state` is everything the earlier stages produced (read-only to the stage);
 * - the edits are the state fields the stage produces. A new `chosen` mask (a fresh array, never the one it read)
 *   is the stage's line decision: the orchestrator records, for each line whose 0/1 changed, the stage as the line's
 *   `decidedBy`, with the stage's `kept` or `dropped` reason.
 * A stage that is off under the settings returns `{}`. A stage reads a field an earlier stage produces through
 * {@link need}, which names both stages when the list is out of order.
 */
import type { Block, LineTable } from '../../core/types.js';
import type { LineFeatures } from '../../features/line-features.js';
import type { Model } from '../../model/model.js';
import type { DanaResult } from '../dana.js';
import type { Selection } from '../window.js';
import type { FarswApplyOptions } from '../apply-options.js';

/** What a stage reads and never changes: the page's lines, the model, the settings. */
export interface ModelPage {
  readonly table: LineTable;
  readonly model: Model;
  readonly options: FarswApplyOptions;
}

/** Checks lines against the model's template lines, each at most once (a lazy cache: `mask` holds the checked template lines). */
export interface TemplateChecker {
  is(i: number): boolean;
  readonly mask: Uint8Array;
}

/** Everything the stages produce, field by field; a field is absent until its stage ran (or when it does not apply). */
export interface ModelState {
  /** The six FAR-SW features in the model's variant. */
  readonly features?: LineFeatures;
  /** The AdDANAg diff (radius 1) and the title line, computed once for the evidence vote and the DANA core (`rules` classification). */
  readonly shared?: { readonly diff: Float64Array; readonly titleLine: number };
  /** P(content) per line (`confidence` or `rules` classification). */
  readonly confidence?: Float64Array;
  /** Step 6: 1 for a topical line. */
  readonly topical?: Uint8Array;
  /** The DANA core on the same table. */
  readonly dana?: DanaResult;
  /** Eq. 4 per line (with DANA's evidence term in mode `evidence`). */
  readonly lineScore?: Float64Array;
  /** 1 for the lines the structural path evidence made non-topical (`pathVeto`). */
  readonly pathRejected?: Uint8Array;
  /** The model's template lines (`templates`). */
  readonly template?: TemplateChecker;
  /** Step 7 windows with their scores. */
  readonly windows?: Block[];
  /** Step 8: the informative windows (or the fallback). */
  readonly selection?: Selection;
  /** The lines chosen so far: 1 kept, 0 dropped. */
  readonly chosen?: Uint8Array;
  /** `chosen` as the combination made it, before any container cut (the lead reads it). */
  readonly combined?: Uint8Array;
  /** The title line is kept whatever the containers decide (decided on the combined lines). */
  readonly titleKept?: boolean;
  /** Lines the lead under the headline brought back. */
  readonly lead?: readonly number[];
  /** Lines kept by the model's article slots. */
  readonly slotted?: readonly number[];
  /** Per line, the muting class word index + 1 of the lines the learned mute left out. */
  readonly muted?: Uint16Array;
  /** The chosen lines were replaced by the page's `<main>` lines (stage `main`). */
  readonly relaxed?: 'main';
}

/** A stage's edits: the state fields it produces (a `chosen` among them is its line decision). */
export type StageEdits = { -readonly [K in keyof ModelState]?: ModelState[K] };

/** One named step of the model path. */
export interface Stage {
  /** Short stable name (`container`, `dedupe`): what `farsw explain` prints as the line's decider. */
  readonly id: string;
  /** One line: what the stage does. */
  readonly purpose: string;
  /** Why a line this stage set to 1 is kept. */
  readonly kept: string;
  /** Why a line this stage set to 0 is dropped. */
  readonly dropped: string;
  run(page: ModelPage, state: ModelState): StageEdits;
}

/**
 * A state field an earlier stage must have produced.
 * @throws Error naming the field and the stage: the list runs a stage before the one producing what it reads
 */
export function need<K extends keyof ModelState>(state: ModelState, key: K, stage: string): NonNullable<ModelState[K]> {
  const v = state[key];
  if (v === undefined) throw new Error(`model stage ${stage} reads ${key}, which no earlier stage produced`);
  return v as NonNullable<ModelState[K]>;
}

/**
 * A stage whose one edit is a new `chosen` mask from `edit` (undefined: no line changes), run only when `on(options)`:
 * the shape of the strategies' drop and add steps.
 */
export function chosenStage(
  about: Pick<Stage, 'id' | 'purpose' | 'kept' | 'dropped'>,
  on: (options: FarswApplyOptions) => boolean,
  edit: (table: LineTable, chosen: Uint8Array, options: FarswApplyOptions, state: ModelState) => Uint8Array | undefined,
): Stage {
  return {
    ...about,
    run({ table, options }, state) {
      if (!on(options)) return {};
      const out = edit(table, need(state, 'chosen', about.id), options, state);
      return out ? { chosen: out } : {};
    },
  };
}
