/**
 * Applying a FAR-SW model (seed 002, §3.3 Step 6 to §3.5) alongside the DANA core.
 *
 *   LineTable → features → fuzzify (model's membership functions)
 *             → Step 6: topical mask (adopted rules)
 *             → Step 7: sliding-window blocks (Φ)          [window.ts]
 *             → Step 8: block scores, eq. 4–5, cutoff β     [window.ts]
 *             → combined with DANA's choice on the same table (`mode`)
 *
 * Eq. 4: Score(p) = |T| + |O| + |D| − |L| − |I|, with T = TextLength (B),
 * O = OutputTextLength (C), D = Density, L = LinkNum (E), I = ImgNum (F), each
 * "normalised as in §3.2" so that it lies in [0, 1] (D is already a ratio). Max
 * score 3, cutoff β = 1.5 (§3.5). Two readings of the normalisation (`scoreNorm`):
 * `page`, divided by the feature's maximum on the page; `model`, divided by the
 * point H = (Mean + MAX) / 2 where the model's High region reaches 1, clipped to 1.
 * Only `model` reproduces the paper's worked scores (Tables 2–3 give the block
 * p286..p300 1.58 where `page` gives at most 1.18; docs/decisions.md, "Eq. 4 reading").
 *
 * `applyModel` runs the model path as a declared list of named stages (extract/stages/index.ts MODEL_STAGES, the order
 * and its reasons in that module's comment; the stage API in extract/stages/types.ts). Each stage reads the line table,
 * the model, the resolved settings and the state the earlier stages produced, and returns its edits; this orchestrator
 * merges them and records, per line, the stage that last kept or dropped it (`FarswResult.decidedBy`).
 */
import type { Block, LineTable } from '../core/types.js';
import { FARSW_APPLY_DEFAULTS } from '../core/defaults.js';
import type { Model } from '../model/model.js';
import type { DanaResult } from './dana.js';
import { maskToBlocks } from './window.js';
import type { FarswApplyOptions } from './apply-options.js';
import { MODEL_STAGES, need, type ModelPage, type ModelState, type Stage, type StageEdits } from './stages/index.js';

export { COMBINE_MODES, SCORE_NORMS, type CombineMode, type ScoreNorm, type FarswApplyOptions } from './apply-options.js';
export { topicalMask, lineConfidence } from './stages/classify.js';
export { scoreBlocksByText, lineScores, modelLineScores } from './stages/scores.js';
export { keepFallback, linkDense } from './stages/windows.js';
export { missesRegion, fillSpan } from './stages/containers.js';
export { LEAD_LINKS, LEAD_REPEAT_LINES, restoreLead } from './stages/lead.js';
export { addSlotLines, dropRepeatedLines } from './stages/site.js';
export { applyPathEvidence, templateChecker } from './stages/evidence.js';
export { MODEL_STAGES, insertStage, replaceStage, withoutStage, type Stage, type StageEdits, type ModelPage, type ModelState } from './stages/index.js';

/** A stage as a result names it: plain strings (a result may cross a worker boundary). */
export interface StageLabel {
  readonly id: string;
  readonly purpose: string;
  readonly kept: string;
  readonly dropped: string;
}

/** Everything `applyModel` decided, for output and `farsw explain`. */
export interface FarswResult {
  /** Chosen lines as blocks, page order. */
  readonly blocks: Block[];
  /** Step 6: 1 for lines an adopted rule fires on. */
  readonly topical: Uint8Array;
  /** Eq. 4 per line (with the evidence term in mode `evidence`). */
  readonly lineScore: Float64Array;
  /** Step 7 blocks with their eq. 5 scores. */
  readonly windows: Block[];
  /** Step 8: windows whose score passed β. */
  readonly informative: number;
  /** No window passed β, so FAR-SW fell back to the best one. */
  readonly fallback: boolean;
  /** With `fallback`: the best window was kept (false: left out as link-dense, `fallbackLinkDensity`). */
  readonly fallbackKept: boolean;
  /**
   * 1 for the model's template (boilerplate) lines among the lines that could be kept
   * (topical or chosen: only those are checked); undefined when the model has none.
   */
  readonly template: Uint8Array | undefined;
  /** The DANA core on the same table (all modes). */
  readonly dana: DanaResult;
  /** Lines the learned mute left out (`mute`): per line, the muting class word's index in the model's classWords + 1, else 0. */
  readonly muted?: Uint16Array;
  /** Lines the lead under the headline brought back (`leadChars`, restoreLead), in page order; absent when none. */
  readonly lead?: readonly number[];
  /** Lines kept because their structural slot held the article on the model's training pages (`slots`, addSlotLines), in page order; absent when none. */
  readonly slotted?: readonly number[];
  /** The chosen lines were replaced by the page's `<main>` lines (`mainShare`, extract/strategies/main-element.ts); absent otherwise. */
  readonly relaxed?: 'main';
  /** Per line, the stage that last set the line's 0/1 (1 + its index in `stages`; 0: no stage decided it). */
  readonly decidedBy: Uint8Array;
  /** The stages that ran, in order, by name (what `decidedBy` points into). */
  readonly stages: readonly StageLabel[];
}

/**
 * Apply a model to a page's line table (built with the model's line options): run `stages` in order (MODEL_STAGES,
 * extract/stages/index.ts: the list and why it is in that order), each on the state the earlier ones produced.
 * @param options the resolved settings (extract/settings.ts resolveSettings)
 * @param stages the stage list (a page type's strategy may pass its own, built from MODEL_STAGES)
 * @returns the chosen blocks, every intermediate the explanation shows, and per line the stage that decided it
 */
export function applyModel(table: LineTable, model: Model, options: FarswApplyOptions = FARSW_APPLY_DEFAULTS, stages: readonly Stage[] = MODEL_STAGES): FarswResult {
  const { state, decidedBy } = runStages({ table, model, options }, stages);
  const selection = need(state, 'selection', 'applyModel'), chosen = need(state, 'chosen', 'applyModel');
  const fallback = options.mode !== 'dana' && selection.fallback;
  // A page relaxed to its <main> reports none of the lines the mute, the lead or the slots decided before.
  const { muted, lead, slotted } = state.relaxed ? {} : state;
  return {
    topical: need(state, 'topical', 'applyModel'), lineScore: need(state, 'lineScore', 'applyModel'), windows: need(state, 'windows', 'applyModel'),
    informative: selection.fallback ? 0 : selection.blocks.length, fallback, fallbackKept: fallback && selection.blocks.length > 0,
    dana: need(state, 'dana', 'applyModel'), template: state.template?.mask, blocks: maskToBlocks(chosen),
    ...(muted ? { muted } : {}), ...(lead ? { lead } : {}), ...(slotted ? { slotted } : {}), ...(state.relaxed ? { relaxed: state.relaxed } : {}),
    decidedBy, stages: labels(stages),
  };
}

/**
 * Run `stages` in order on one page: each reads the state so far and returns its edits, merged here. A stage's new
 * `chosen` mask is its line decision: each line whose 0/1 it changed gets the stage (1 + its index) in `decidedBy`.
 * @returns the final state and, per line, the stage that last changed it (0: none did)
 */
export function runStages(page: ModelPage, stages: readonly Stage[]): { state: ModelState; decidedBy: Uint8Array } {
  if (stages.length > 255) throw new Error(`model path: at most 255 stages, found ${stages.length}`);
  const state: StageEdits = {};
  const decidedBy = new Uint8Array(page.table.count);
  for (let k = 0; k < stages.length; k++) {
    const edits = stages[k]!.run(page, state);
    const before = state.chosen, after = edits.chosen;
    if (after !== undefined && after !== before) {
      for (let i = 0; i < after.length; i++) if (before === undefined || after[i] !== before[i]) decidedBy[i] = k + 1;
    }
    Object.assign(state, edits);
  }
  return { state, decidedBy };
}

const LABELS = new WeakMap<readonly Stage[], readonly StageLabel[]>();

/** The stages' names and reasons, once per list. */
function labels(stages: readonly Stage[]): readonly StageLabel[] {
  let l = LABELS.get(stages);
  if (!l) LABELS.set(stages, (l = Object.freeze(stages.map(({ id, purpose, kept, dropped }) => Object.freeze({ id, purpose, kept, dropped })))));
  return l;
}
