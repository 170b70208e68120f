/**
 * `farsw apply --help` in groups (issue 37.11): the everyday flags first, then the batch
 * flags, then the algorithms' parameters under "Tuning (for research)". The tuning group is
 * every option extractorOptions and lineOptions define less the everyday ones, so a new knob
 * lands there without a list to keep.
 */
import yargs, { type Argv } from 'yargs';
import { batchOptions } from './batch-command.js';
import { extractorOptions } from './extractor-options.js';
import { lineOptions } from './line-options.js';

/** The options most runs use, in the order a user reads them. */
const EVERYDAY = ['model', 'algorithm', 'format', 'with-metadata', 'tables', 'links', 'images', 'favor', 'preset', 'comments', 'url', 'content-type', 'store', 'use-site-model', 'profile', 'help', 'version'];

/** Option names a builder defines (aliases left out: a group listing `q` and `quiet` shows the option twice). */
function optionNames(build: (y: Argv) => Argv): string[] {
  // getOptions() is yargs's own (not in its type declarations): { key: { name: true, … }, alias: { name: ['n'] }, … }.
  const built = build(yargs()) as unknown as { getOptions(): { key: Record<string, unknown>; alias: Record<string, string[]> } };
  const o = built.getOptions();
  const aliases = new Set(Object.values(o.alias).flat());
  return Object.keys(o.key).filter((k) => !aliases.has(k));
}

/** Group apply's options for --help: everyday, batch, tuning. */
export function applyHelpGroups<T>(y: Argv<T>): Argv<T> {
  const everyday = new Set(EVERYDAY);
  const batch = optionNames((z) => batchOptions(z)).filter((k) => !everyday.has(k));
  const tuning = optionNames((z) => extractorOptions(lineOptions(z))).filter((k) => !everyday.has(k));
  return y.group(EVERYDAY, 'Options:').group(batch, 'Batch (--input):').group(tuning, 'Tuning (for research):');
}
