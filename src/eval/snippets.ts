/**
 * Snippet score for datasets without full gold text (the `trafilatura` file):
 * each page lists `with` snippets that a good extraction contains and
 * `without` snippets that it must not contain (trafilatura's evaluation).
 *
 * A snippet counts as present when its token sequence (see `tokenize`) occurs
 * as a contiguous run of the output's tokens, so white space, case and
 * punctuation differences do not matter. A snippet without tokens is present
 * in every output.
 */
import { tokenize } from '../core/tokenize.js';

/** Snippet counts for one page or summed over pages. */
export interface SnippetCounts {
  /** `with` snippets found in the output (true positives). */
  readonly withFound: number;
  readonly withTotal: number;
  /** `without` snippets absent from the output (true negatives). */
  readonly withoutAbsent: number;
  readonly withoutTotal: number;
}

/**
 * Count which snippets an output contains.
 * @param output extractor output text
 * @param withSnippets snippets that should be present
 * @param withoutSnippets snippets that should be absent
 */
export function scoreSnippets(
  output: string,
  withSnippets: readonly string[],
  withoutSnippets: readonly string[],
): SnippetCounts {
  const haystack = ` ${tokenize(output).join(' ')} `;
  const present = (snippet: string): boolean => {
    const tokens = tokenize(snippet);
    return tokens.length === 0 || haystack.includes(` ${tokens.join(' ')} `);
  };
  let withFound = 0;
  for (const s of withSnippets) if (present(s)) withFound++;
  let withoutAbsent = 0;
  for (const s of withoutSnippets) if (!present(s)) withoutAbsent++;
  return { withFound, withTotal: withSnippets.length, withoutAbsent, withoutTotal: withoutSnippets.length };
}

/** Shares derived from summed snippet counts. */
export interface SnippetSummary extends SnippetCounts {
  /** Share of `with` snippets present (= recall in trafilatura's table); 1 when there are none. */
  readonly withShare: number;
  /** Share of `without` snippets absent; 1 when there are none. */
  readonly withoutShare: number;
  /** TP / (TP + FP), TP = `with` present, FP = `without` present (trafilatura's precision). */
  readonly precision: number;
  /** F1 of that precision and `withShare`. */
  readonly f1: number;
}

/**
 * Sum snippet counts over pages and derive the shares.
 * @param counts per-page counts
 */
export function summarizeSnippets(counts: Iterable<SnippetCounts>): SnippetSummary {
  let withFound = 0;
  let withTotal = 0;
  let withoutAbsent = 0;
  let withoutTotal = 0;
  for (const c of counts) {
    withFound += c.withFound;
    withTotal += c.withTotal;
    withoutAbsent += c.withoutAbsent;
    withoutTotal += c.withoutTotal;
  }
  const withShare = withTotal === 0 ? 1 : withFound / withTotal;
  const withoutShare = withoutTotal === 0 ? 1 : withoutAbsent / withoutTotal;
  const falsePositives = withoutTotal - withoutAbsent;
  const precision = withFound + falsePositives === 0 ? 1 : withFound / (withFound + falsePositives);
  const f1 = precision + withShare === 0 ? 0 : (2 * precision * withShare) / (precision + withShare);
  return { withFound, withTotal, withoutAbsent, withoutTotal, withShare, withoutShare, precision, f1 };
}
