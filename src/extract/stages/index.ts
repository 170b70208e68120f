/**
 * The model path as a list of named stages (the API: extract/stages/types.ts). `applyModel` (extract/farsw.ts) runs
 * them in this order; a caller may pass another list (a page type's strategy), built with {@link insertStage},
 * {@link replaceStage} and {@link withoutStage} from this one.
 *
 * Why this order (docs/decisions.md, "Model path: the stage list"):
 * - 1–7 compute, 8 decides: the features, the vote and the DANA core come first because the windows, the combination
 *   and every cut read them; path evidence and template lines edit the topical mask before the windows are drawn over it.
 * - 9 `headline` decides on the combined lines, before any cut: a headline the containers would cut is still the article's.
 * - 10–12 cut, then fill: the container (chosen from the lines the mute would keep) before the title container, and the
 *   fill after both, so it fills only the stretch they kept.
 * - 13–14 restore after the cuts: the headline, then the lead under it (the lead is found between the headline and the
 *   first kept line, so the headline must be back and the cuts done).
 * - 15–18 veto after every addition: a vetoed line stays out whatever added it (run-veto, veto, path veto, template lines).
 * - 19 slots add the site's article slots after the vetoes (a slot outranks them); 20 dedupe sees the final lines;
 *   21 the mute, so its retry (`muteRetry`) measures the text that would really be left.
 * - 22 the relax to `<main>` reads the final lines: it replaces them when they hold too little of the page's main element
 *   (a page type's strategy: docs/decisions.md, "Page types").
 */
import { classifyStage, featuresStage } from './classify.js';
import { combineStage, headlineStage } from './combine.js';
import { containerStage, fillStage, keepTitleStage, titleContainerStage } from './containers.js';
import { danaCoreStage } from './dana-core.js';
import { pathEvidenceStage, templateTopicalStage } from './evidence.js';
import { leadStage } from './lead.js';
import { muteStage } from './mute.js';
import { lineScoresStage } from './scores.js';
import { dedupeStage, slotsStage } from './site.js';
import { pathVetoStage, runVetoStage, templatesStage, vetoStage } from './vetoes.js';
import { windowsStage } from './windows.js';
import { mainStage } from '../strategies/main-element.js';
import type { Stage } from './types.js';

export type { Stage, StageEdits, ModelPage, ModelState, TemplateChecker } from './types.js';
export { need } from './types.js';

/** The model path, in order. */
export const MODEL_STAGES: readonly Stage[] = Object.freeze([
  /* 1 */ featuresStage,
  /* 2 */ classifyStage,
  /* 3 */ danaCoreStage,
  /* 4 */ lineScoresStage,
  /* 5 */ pathEvidenceStage,
  /* 6 */ templateTopicalStage,
  /* 7 */ windowsStage,
  /* 8 */ combineStage,
  /* 9 */ headlineStage,
  /* 10 */ containerStage,
  /* 11 */ titleContainerStage,
  /* 12 */ fillStage,
  /* 13 */ keepTitleStage,
  /* 14 */ leadStage,
  /* 15 */ runVetoStage,
  /* 16 */ vetoStage,
  /* 17 */ pathVetoStage,
  /* 18 */ templatesStage,
  /* 19 */ slotsStage,
  /* 20 */ dedupeStage,
  /* 21 */ muteStage,
  /* 22 */ mainStage,
]);

/** The index of stage `id` in `stages`; an Error naming it when absent. */
function indexOf(stages: readonly Stage[], id: string): number {
  const k = stages.findIndex((s) => s.id === id);
  if (k < 0) throw new Error(`no model stage ${id} (stages: ${stages.map((s) => s.id).join(', ')})`);
  return k;
}

/** `stages` with `stage` inserted after the stage `after` (or before it, `where` 'before'). */
export function insertStage(stages: readonly Stage[], stage: Stage, after: string, where: 'after' | 'before' = 'after'): readonly Stage[] {
  const k = indexOf(stages, after) + (where === 'after' ? 1 : 0);
  return Object.freeze([...stages.slice(0, k), stage, ...stages.slice(k)]);
}

/** `stages` with the stage `id` replaced by `stage`. */
export function replaceStage(stages: readonly Stage[], id: string, stage: Stage): readonly Stage[] {
  const k = indexOf(stages, id);
  return Object.freeze([...stages.slice(0, k), stage, ...stages.slice(k + 1)]);
}

/** `stages` without the stage `id`. */
export function withoutStage(stages: readonly Stage[], id: string): readonly Stage[] {
  const k = indexOf(stages, id);
  return Object.freeze([...stages.slice(0, k), ...stages.slice(k + 1)]);
}
