/**
 * Typed errors. Every error farsw raises on purpose is a `FarswError` with a
 * stable `code`; the CLI prints the message alone for these (exit 1, or 2 for
 * `ConfigError`) and a full stack trace only for unexpected errors.
 * Messages name the file or value, what was expected and what was found.
 */
export class FarswError extends Error {
  readonly code: string = 'FARSW_ERROR';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A file or record given to farsw cannot be read or is not what it claims. */
export class InputError extends FarswError {
  override readonly code = 'INPUT_ERROR';
}

/** Bytes could not be decoded with any candidate encoding. */
export class DecodeError extends FarswError {
  override readonly code = 'DECODE_ERROR';
}

/** A dataset record or training-data layout is malformed. */
export class DatasetError extends FarswError {
  override readonly code = 'DATASET_ERROR';
}

/** A named model is not in the store. */
export class ModelNotFoundError extends FarswError {
  override readonly code = 'MODEL_NOT_FOUND';
}

/** A stored model or store file has an unexpected format or version. */
export class ModelFormatError extends FarswError {
  override readonly code = 'MODEL_FORMAT';
}

/** Bad options or command-line usage (exit code 2). */
export class ConfigError extends FarswError {
  override readonly code = 'CONFIG_ERROR';
}

/** True for errors farsw raised deliberately (print message, no stack). */
export function isFarswError(e: unknown): e is FarswError {
  return e instanceof FarswError;
}

/**
 * A JSON.parse error's message on one line: V8 quotes the start of the text, which may hold line
 * breaks and control characters (a binary file given as a model or a record); they become `?`.
 */
export function jsonSyntaxMessage(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}
