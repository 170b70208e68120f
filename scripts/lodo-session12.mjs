/**
 * The configurations of BENCHMARKS.md "Evidence rules", session 12 (issue 17): what Readability's conventions cost the other
 * golds, and the ceiling of a per-page choice among them (scripts/lodo-ceiling.mjs).
 *   FARSW_BASE_DIST=/work/ab/s12/dist node scripts/lodo.mjs --configs scripts/lodo-session12.mjs --readability --save FILE
 *   node scripts/lodo-ceiling.mjs FILE --config default
 * With FARSW_BASE_DIST (a build of the session's start) the first configuration is that build's default, trained and applied
 * by its own code, the baseline of "never below the session's start"; the shipped configuration is `default`. The others each
 * move one part of it the way Readability's gold leans (the mute off, no headline, a tighter title container, no or a stricter
 * final container, looser siblings, training balanced across datasets), then several together.
 */
const CONVENTIONS = { mute: 0, addTitleLine: false, keepTitleLine: false, dana: { titleContainer: 0.05 } };
const base = process.env.FARSW_BASE_DIST ? [{ name: 'session start', dist: process.env.FARSW_BASE_DIST }] : [];
export default [
  ...base,
  { name: 'default' },
  { name: 'mute off', farsw: { mute: 0 } },
  { name: 'no title line', farsw: { addTitleLine: false, keepTitleLine: false } },
  { name: 'title container 0.05', farsw: { dana: { titleContainer: 0.05 } } },
  { name: 'no title container', farsw: { dana: { titleContainer: 0 } } },
  { name: 'no final container', farsw: { container: 0 } },
  { name: 'final container 0.8', farsw: { container: 0.8 } },
  { name: 'siblings 0.5', farsw: { siblings: 0.5 } },
  { name: 'conventions together', farsw: CONVENTIONS },
  { name: 'balanced 120', train: { pagesPerDataset: 120 } },
  { name: 'balanced 120 + conventions', train: { pagesPerDataset: 120 }, farsw: CONVENTIONS },
];
