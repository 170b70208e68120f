/**
 * farsw's public API: re-exports only.
 *
 *   import { extract, buildLineTable, danaCore } from 'farsw';
 */
export type { LineTable, Block, Extraction, Profile } from './core/types.js';
export { BlockKind, LineContext } from './core/types.js';
export {
  FarswError, InputError, DecodeError, DatasetError, ModelNotFoundError, ModelFormatError, ConfigError,
} from './core/errors.js';
export { DANA_DEFAULTS, LINE_DEFAULTS, EVAL_DEFAULTS } from './core/defaults.js';
export { FARSW_VERSION } from './core/version.js';
export { decodeHtml, type DecodeHint, type DecodedPage, type EncodingSource } from './html/decode.js';
export { buildLineTable, LineBuilder, type LineOptions } from './html/lines.js';
export { blocksToText, allText } from './html/text.js';
export { blocksToMarkdown, escapeMarkdown, type MarkdownOptions } from './html/markdown.js';
export {
  danaCore, danaColumns, smoothDiff, findRegions, selectRegions, DANA_OPTIONS, DANA_VARIANTS, isDanaVariant,
  type DanaOptions, type DanaVariant, type DanaResult, type Region,
} from './extract/dana.js';
export {
  getExtractor, extractorNames, registerExtractor, DEFAULT_ALGORITHM,
  type Extractor, type ExtractorOptions,
} from './extract/registry.js';
export { extract, type ExtractOptions, type ExtractResult, type FarswSummary } from './api/extract.js';
export { train, evaluate, type EvalPage } from './api/pages.js';
export { OUTPUT_FORMATS, FORMAT_NAMES, outputFormat, renderedFields, frontMatter, type OutputFormat, type FormatName, type RenderInput, type PageContext, type FormattedResult, type Renditions } from './api/formats.js';
export { trainFromData, type TrainDataOptions, type TrainDataResult, type TrainRunParams, type TrainProgress } from './api/train-data.js';
export { checkModelDrift, type ModelDriftOptions, type ModelDriftResult } from './api/drift.js';
export { FAVORS, FAVOR_PARAMETERS, type Favor, type FavorParameters } from './api/favor.js';
export { runBatch, type BatchConfig, type BatchSummary } from './batch/run.js';
export { jsonlFileSink, textDirSink, streamSink, type OutputSink, type OutputRecord } from './batch/output.js';
export { acquireOutputLock, OutputLockedError, type OutputLock, type LockOptions } from './batch/lock.js';
export { parseShard, type Shard, type ShardBy } from './batch/shard.js';
export { ADAPT_DEFAULTS, type AdaptOptions, type AdaptReport } from './batch/adapt.js';
export type { AdaptEntry, AdaptTable } from './batch/adapt-model.js';
export { BATCH_DEFAULTS } from './core/defaults.js';
export { FARSW_TRAIN_DEFAULTS, FARSW_PREPROCESS_DEFAULTS, FARSW_SITE_TRAIN_DEFAULTS } from './core/defaults.js';
export { mergeLayers } from './core/layers.js';
export { Trainer, preparePage, resolveTrainParams, trainSettingsLayers, type TrainingPage, type TrainOptions, type PreparedPage } from './train/train.js';
export { alignGold, type LineLabels } from './train/align.js';
export { pseudoLabel, LINE_EVIDENCE, trainUnlabeled, trainPseudoLabelled, UNLABELED_DEFAULTS, type UnlabeledPage, type UnlabeledOptions, type PseudoLabels } from './train/unlabeled.js';
export { checkSiteModel, checkPseudoLabelled, guardDecision, fallbackText, SITE_GUARD_FOLDS, SITE_GUARD_FALLBACKS, PSEUDO_LABEL_GUARD, type SiteGuardOptions, type GuardRule, type GuardPage, type GuardDecision } from './eval/site-guard.js';
export { checkDrift, DRIFT_DEFAULTS, type DriftReport, type DriftPage, type DriftThresholds } from './eval/drift.js';
export { computeLineFeatures, FEATURE_NAMES, FEATURE_SET, type LineFeatures, type FeatureVariant } from './features/line-features.js';
export { slotKeys } from './features/slots.js';
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
export { run, type CliIo } from './cli/main.js';
export { ACCB_DEFAULTS, CETR_DEFAULTS, WLR_DEFAULTS } from './core/defaults.js';
export { extractPlain } from './extract/plain.js';
export { extractBte, maxWeightSpan } from './extract/bte.js';
export { extractAccb, type AccbOptions } from './extract/accb.js';
export { extractCetr, type CetrOptions } from './extract/cetr.js';
export { extractWlr, collectWlrNodes, scoreWlrNodes, type WlrOptions } from './extract/wlr.js';
export { tokenize, internPair, type InternedPair } from './core/tokenize.js';
export { lcsLength } from './eval/lcs.js';
export {
  scoreText, lcsScore, bagOfWordsScore, prf, utf8Length, type Prf, type BowUnit, type MetricOptions, type TextScore,
} from './eval/metrics.js';
export { scoreSnippets, summarizeSnippets, type SnippetCounts, type SnippetSummary } from './eval/snippets.js';
export { wordF1, wordScore, wordTokens, type WordBag } from './eval/word-f1.js';
export { isPredictionError, type Prediction, type PredictedText, type PredictionError } from './dataset/prediction.js';
export {
  scorePage, summarize, summarizeGroups, groupOf, GROUP_BY_KEYS, type GroupBy, type PageScore, type Summary,
} from './eval/score.js';
export { type Predictor, type EvaluateOptions, type EvalReport } from './eval/evaluate.js';
export { extractorPredictor, storedPredictor, runExtractor, type TextExtractor, type Clock } from './eval/predictors.js';
export {
  crossValidate, makeFolds, type CvMode, type CrossValidationOptions, type Fold, type TrainAndExtract,
  type CrossValidationReport, type CrossValidationGroup, type SkippedGroup,
} from './eval/crossval.js';
export { mulberry32, shuffled, hashString } from './core/random.js';
export { pairedBootstrap, type PairedDifference, type BootstrapOptions } from './eval/bootstrap.js';
export {
  formatEvalReport, evalReportJson, formatCrossValidation, crossValidationJson, pagesCsv, worstPages, formatWorstPages,
  markdownTable, summaryJson,
} from './eval/report.js';
export { replaceBenchmarkSection } from './eval/benchmark-section.js';
export { readDataset, readJsonlDataset, datasetNameOf } from './dataset/load.js';
export { readTrainingData } from './dataset/training-data.js';
export { readPredictions } from './dataset/predictions.js';
export { parseDatasetRecord } from './dataset/record.js';
export { siteOf, hostOf, hostOfRecord, normalizeHost } from './dataset/site.js';
export type { PageRecord, RecordSource, DatasetIssue, ReadOptions } from './dataset/types.js';
export { applyModel, topicalMask, lineScores, modelLineScores, COMBINE_MODES, SCORE_NORMS, type ScoreNorm, type CombineMode, type FarswApplyOptions, type FarswResult, type StageLabel } from './extract/farsw.js';
export type { PageTypeRoute } from './extract/apply-options.js';
export { MODEL_STAGES, insertStage, replaceStage, withoutStage, type Stage, type StageEdits, type ModelPage, type ModelState } from './extract/stages/index.js';
export { resolveSettings, type SettingsLayer, type SettingsRequest } from './extract/settings.js';
export { slidingWindow, scoreBlocks, selectInformative, blocksToMask, maskToBlocks, type Selection } from './extract/window.js';
export { FARSW_APPLY_DEFAULTS, FARSW_SITE_MODEL_DEFAULTS, FARSW_EVIDENCE_MODEL_DEFAULTS } from './core/defaults.js';
export { runModel, extractWithModel, farswOptions, type ModelRun, type ModelExtractorOptions, type ModelExtraction } from './extract/model-extractor.js';
export { PAGE_TYPE_STRATEGIES, strategyById, knownStrategy, routePage, type PageTypeStrategy, type PageRoute } from './extract/strategies/index.js';
export { bodyLines, bodyFallback } from './extract/strategies/body.js';
export { modelLineOptions } from './model/model.js';
export { resolveModel } from './api/extract.js';
export { ModelResolver, modelResolver, shippedDefaultModel, siteMatches, DEFAULT_MODEL_NAME, SHIPPED_DEFAULT_MODEL } from './model-store/resolve.js';
export { lineKey, TemplateCounter, type TemplateOptions } from './train/templates.js';
export {
  explainPage, explainModelRun, explainDana, interestingLines, summarize as summarizeExplanation,
  type ExplainData, type ExplainOptions,
} from './explain/explain.js';
export { renderSvg, type SvgOptions } from './explain/svg.js';
export { renderHtml, type HtmlOptions } from './explain/html.js';
export { renderLineTable, type LineTableOptions } from './explain/line-table.js';
export { PRESETS, PAPER_PRESET, FARSW_TABLE1_ELEMENTS, type Preset } from './core/presets.js';
export {
  PAGE_TYPES, PAGE_TYPE_FEATURES, FALLBACK_PAGE_TYPE, pageTypeFeatures, pageTypeProbabilities, classifyFeatures, classifyPage,
  type PageType, type PageTypeClassifier, type PageTypeResult,
} from './features/page-type.js';
export { fitPageTypeClassifier, crossValidatePageTypes, groupFolds, confusionFigures, type PageTypeFitOptions, type PageTypeCv } from './train/page-type.js';
