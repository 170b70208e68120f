/**
 * farsw's public API: re-exports only.
 *
 *   import { extract, buildLineTable, danaCore } from 'farsw';
 */
export type { LineTable, Block, Extraction, Profile } from './core/types.js';
export { BlockKind } from './core/types.js';
export {
  FarswError, InputError, DecodeError, DatasetError, ModelNotFoundError, ModelFormatError, ConfigError,
} from './core/errors.js';
export { DANA_DEFAULTS, LINE_DEFAULTS } from './core/defaults.js';
export { FARSW_VERSION } from './core/version.js';
export { decodeHtml, type DecodeHint, type DecodedPage, type EncodingSource } from './html/decode.js';
export { buildLineTable, LineBuilder, type LineOptions } from './html/lines.js';
export { blocksToText, allText } from './html/text.js';
export {
  danaCore, danaColumns, smoothDiff, findRegions, selectRegions, DANA_OPTIONS,
  type DanaOptions, type DanaVariant, type DanaResult, type Region,
} from './extract/dana.js';
export {
  getExtractor, extractorNames, registerExtractor, DEFAULT_ALGORITHM,
  type Extractor, type ExtractorOptions,
} from './extract/registry.js';
export { extract, type ExtractOptions, type ExtractResult } from './extract/extract.js';
export { extractRecords, type OutputRecord, type BatchSummary } from './batch/records.js';
export { FARSW_TRAIN_DEFAULTS, FARSW_PREPROCESS_DEFAULTS } from './core/defaults.js';
export { train, Trainer, resolveTrainParams, type TrainingPage, type TrainOptions } from './train/train.js';
export { alignGold, type LineLabels } from './train/align.js';
export { computeLineFeatures, FEATURE_NAMES, FEATURE_SET, type LineFeatures, type FeatureVariant } from './features/line-features.js';
export { buildMembership, fuzzifyValue, type MembershipFunction } from './fuzzy/membership.js';
export { fuzzify, REGION_COUNT, type FuzzySet } from './fuzzy/fuzzify.js';
export { regionName, regionId, type RegionId, type MembershipShape } from './fuzzy/region.js';
export { apriori, type Itemset, type FrequentLevel } from './mining/apriori.js';
export { ruleFires, type Rule } from './mining/rules.js';
export {
  MODEL_FORMAT_VERSION, validateModel, validateModelName, modelToJson, modelFromJson,
  type Model, type TrainParams, type TrainingReport,
} from './model/model.js';
export { describeRules, type RulesView } from './model/describe.js';
export { loadModel, DEFAULT_STORE_PATH, type ModelStore, type ModelSummary } from './model-store/store.js';
export { openModelStore, type OpenStoreOptions } from './model-store/sqlite.js';
export { run, createCli, type CliIo } from './cli/main.js';
export { ACCB_DEFAULTS, CETR_DEFAULTS, WLR_DEFAULTS } from './core/defaults.js';
export { extractPlain } from './extract/plain.js';
export { extractBte, maxWeightSpan } from './extract/bte.js';
export { extractAccb, type AccbOptions } from './extract/accb.js';
export { extractCetr, type CetrOptions } from './extract/cetr.js';
export { extractWlr, collectWlrNodes, scoreWlrNodes, type WlrOptions } from './extract/wlr.js';
