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
export { run, createCli, type CliIo } from './cli/main.js';
