/**
 * The preprocessing flags `apply` and `eval` share: what `LineOptions` they set.
 */
import type { Argv } from 'yargs';

/** The parsed flags. */
export type { LineFlags as LineArgs } from '../api/flag-options.js';

/** Add --comments, --hidden and --attributes to a command. */
export function lineOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option('comments', { type: 'boolean', describe: 'Keep user-comment sections (removed by default: class/id comment, comments, respond, disqus, …)' })
    .option('hidden', { type: 'boolean', describe: 'Keep hidden elements (removed by default: hidden attribute, inline display: none / visibility: hidden)' })
    .option('attributes', { choices: ['anchors', 'all'] as const, describe: "Attribute normalisation of the AdDANAg code column: anchors (the paper's) or all (default)" }) as unknown as Argv<T>;
}

export { lineArgs } from '../api/flag-options.js';
