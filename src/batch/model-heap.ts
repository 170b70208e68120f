/**
 * The heap a batch worker needs for the models it may load (issue 36.10). Each worker loads its models itself, from the
 * store or the file, and keeps them lean (model-store/resolve.ts keepModelsLean). pool.ts adds this to the heap a page
 * needs; models needing more than the limit are refused at import and before a batch starts, with their size and the
 * limit. Measured with generated models of 20–150 MB (docs/decisions.md, "Models in batch workers").
 */
import { statSync } from 'node:fs';
import type { ExtractOptions } from '../api/extract.js';
import { BATCH_DEFAULTS } from '../core/defaults.js';
import { ConfigError } from '../core/errors.js';
import { addFootprints, modelFootprint, type ModelFootprint } from '../model/footprint.js';
import { modelResolver } from '../model-store/resolve.js';

/** The environment variable that lowers or raises BATCH_DEFAULTS.maxModelHeapMb (read by the CLI). */
export const MODEL_HEAP_ENV = 'FARSW_MAX_MODEL_HEAP_MB';

/** What the models of a run need in each worker (MiB), and what they are, for messages. */
export interface ModelHeap {
  readonly mb: number;
  readonly what: string;
}

const MB = 1024 * 1024;
const mbText = (bytes: number): string => (bytes / MB).toFixed(1);

/** MiB a worker needs to load and use models of this footprint (and, for a model file, to read and parse its bytes). */
export function footprintHeapMb(f: ModelFootprint, fileBytes = 0): number {
  const d = BATCH_DEFAULTS;
  return Math.ceil((f.stats * d.workerHeapPerStat + f.keys * d.workerHeapPerKey + f.jsonBytes * d.workerHeapPerJsonByte + fileBytes * d.workerHeapPerModelFileByte) / MB);
}

/**
 * The heap the models of a run need in each worker: none with an algorithm; `auto` counts every model of the store
 * and the default (a worker keeps each model it met).
 * @throws ModelNotFoundError / ModelFormatError for a model that cannot be found or read
 */
export function batchModelHeap(options: ExtractOptions): ModelHeap {
  if (options.algorithm !== undefined) return { mb: 0, what: '' };
  const spec = options.model ?? 'auto';
  if (typeof spec !== 'string') {
    const models = [spec, ...(options.fallback ? [options.fallback.model] : [])];
    return { mb: footprintHeapMb(addFootprints(models.map(modelFootprint))), what: `model ${spec.name}` };
  }
  const list = modelResolver(options.store).footprints(spec);
  const footprint = addFootprints(list.map((m) => m.footprint));
  if (spec.endsWith('.json')) {
    const bytes = statSync(spec).size;
    return { mb: footprintHeapMb(footprint, bytes), what: `${spec} (${mbText(bytes)} MB)` };
  }
  const store = options.store !== undefined ? ` in ${options.store}` : '';
  return { mb: footprintHeapMb(footprint), what: spec === 'auto' ? `the ${list.length} model${list.length === 1 ? '' : 's'} --model auto may use${store}` : `model ${spec}${store}` };
}

/** The model heap limit: BATCH_DEFAULTS.maxModelHeapMb, or the value of MODEL_HEAP_ENV. @throws ConfigError naming the variable */
export function modelHeapLimit(value: string | undefined): number {
  if (value === undefined || value === '') return BATCH_DEFAULTS.maxModelHeapMb;
  const n = Number(value);
  if (!(Number.isFinite(n) && n > 0)) throw new ConfigError(`${MODEL_HEAP_ENV}=${value}: expected a number of MB above 0`);
  return n;
}

/** One line saying that `heap` is over `limitMb` and what follows (`consequence`), or undefined when it fits. */
export function modelHeapProblem(heap: ModelHeap, limitMb: number, consequence: string): string | undefined {
  if (heap.mb <= limitMb) return undefined;
  return `${heap.what}: needs about ${heap.mb} MB of heap in each batch worker, above the limit of ${limitMb} MB (${MODEL_HEAP_ENV}); ${consequence}`;
}
