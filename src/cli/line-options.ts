/**
 * The preprocessing flags `apply` and `eval` share: what `LineOptions` they set.
 */
import type { Argv } from 'yargs';
import type { LineOptions } from '../html/lines.js';

/** The parsed flags. */
export interface LineArgs {
  comments?: boolean;
  hidden?: boolean;
  attributes?: 'anchors' | 'all';
}

/** Add --comments, --hidden and --attributes to a command. */
export function lineOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option('comments', { type: 'boolean', describe: 'Keep user-comment sections (removed by default: class/id comment, comments, respond, disqus, …)' })
    .option('hidden', { type: 'boolean', describe: 'Keep hidden elements (removed by default: hidden attribute, inline display: none / visibility: hidden)' })
    .option('attributes', { choices: ['anchors', 'all'] as const, describe: "Attribute normalisation of the AdDANAg code column: anchors (the paper's) or all (default)" }) as unknown as Argv<T>;
}

/** The line options the flags ask for (only those given). */
export function lineArgs(args: LineArgs): Partial<LineOptions> {
  return {
    ...(args.comments === true ? { dropComments: false } : {}),
    ...(args.hidden === true ? { dropHidden: false } : {}),
    ...(args.attributes !== undefined ? { normalizeAttributes: args.attributes } : {}),
  };
}
