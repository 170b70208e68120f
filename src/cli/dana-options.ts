/**
 * The DANA-core flags `apply` and `explain` share: what `DanaOptions` they set.
 */
import type { Argv } from 'yargs';
import type { DanaOptions } from '../extract/dana.js';
import { DANA_DEFAULTS } from '../core/defaults.js';

/** The parsed flags. */
export interface DanaArgs {
  gap?: number;
  radius?: number;
  'title-decay'?: number;
}

/** Add --gap, --radius and --title-decay to a command. */
export function danaOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option('gap', { type: 'number', describe: `DANA Algorithm 1 gap in lines (default ${DANA_DEFAULTS.gap})` })
    .option('radius', { type: 'number', describe: `DANA smoothing radius (default ${DANA_DEFAULTS.radius})` })
    .option('title-decay', { type: 'number', describe: `Title anchor: lines after the title line at which a region counts half (default ${DANA_DEFAULTS.titleDecay}; 0: off, the papers' largest region)` }) as unknown as Argv<T>;
}

/** The DANA options the flags ask for (only those given). */
export function danaArgs(args: DanaArgs): Partial<DanaOptions> {
  return {
    ...(args.gap !== undefined ? { gap: args.gap } : {}),
    ...(args.radius !== undefined ? { radius: args.radius } : {}),
    ...(args['title-decay'] !== undefined ? { titleDecay: args['title-decay'] } : {}),
  };
}
