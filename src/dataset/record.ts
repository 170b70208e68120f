/**
 * Validation of one JSON Lines dataset record (format of ../shared/datasets:
 * `id`, `dataset`, `url`, `lang`, `html`, `gold`; optional `host`, `with`,
 * `without`, `page_type`; other fields ignored).
 */
import { DatasetError } from '../core/errors.js';
import type { PageRecord, RecordSource } from './types.js';

/**
 * Turn a parsed JSON value into a `PageRecord`.
 * Required: `id` and `html` strings. `gold` string or null/absent (no F1).
 * `dataset` defaults to `fallbackDataset` (the file's name). `with` / `without`,
 * when present, must be arrays of strings.
 * @param value parsed JSON of one line
 * @param source file and line, for the error message
 * @param fallbackDataset dataset name when the record has none
 * @throws DatasetError naming file, line, field, expectation and finding
 */
export function parseDatasetRecord(value: unknown, source: RecordSource, fallbackDataset: string): PageRecord {
  const where = source.line === undefined ? source.file : `${source.file}:${source.line}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DatasetError(`${where}: expected a JSON object, found ${Array.isArray(value) ? 'an array' : typeof value}`);
  }
  const o = value as Record<string, unknown>;
  const str = (key: string, required: boolean): string | null => stringField(o, key, where, required);
  const strings = (key: string): readonly string[] | undefined => {
    const v = o[key];
    if (v === undefined || v === null) return undefined;
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
    throw new DatasetError(`${where}: field "${key}" must be an array of strings, found ${describeJson(v)}`);
  };
  const id = str('id', true)!;
  const html = str('html', true)!;
  const withSnippets = strings('with');
  const withoutSnippets = strings('without');
  return {
    id,
    dataset: str('dataset', false) ?? fallbackDataset,
    url: str('url', false),
    lang: str('lang', false),
    host: str('host', false),
    html,
    gold: str('gold', false),
    pageType: str('page_type', false),
    ...(withSnippets ? { with: withSnippets } : {}),
    ...(withoutSnippets ? { without: withoutSnippets } : {}),
    source,
  };
}

/**
 * Field `key` of `o`: a string, or (when not `required`) null for null or absent.
 * @throws `Err` (DatasetError for dataset records; the library's argument checks pass ConfigError) naming the field and what it found
 */
export function stringField(o: Readonly<Record<string, unknown>>, key: string, where: string, required: boolean, Err: new (message: string) => Error = DatasetError): string | null {
  const v = o[key];
  if (typeof v === 'string') return v;
  if (!required && (v === null || v === undefined)) return null;
  throw new Err(`${where}: field "${key}" must be a string${required ? '' : ' or null'}, found ${describeJson(v)}`);
}

/** Short description of a JSON value for messages ("nothing", "null", "an array", "number", …). */
export function describeJson(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v;
}
