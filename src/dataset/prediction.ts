/**
 * What an extractor produced for one page: its text (and how long it took) or
 * the error it raised. The same shape as the lines `farsw apply --output`
 * writes, so any tool's output can be scored by the same code.
 */

/** Output of one page. */
export type Prediction = PredictedText | PredictionError;

/** The extractor returned a text. */
export interface PredictedText {
  readonly text: string;
  /** Milliseconds spent in the extraction call, when measured. */
  readonly ms?: number;
}

/** The extractor failed on the page. */
export interface PredictionError {
  readonly error: string;
  readonly ms?: number;
}

/** True for a failed prediction. */
export function isPredictionError(p: Prediction): p is PredictionError {
  return 'error' in p;
}
