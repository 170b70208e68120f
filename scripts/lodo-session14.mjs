/**
 * The configurations of BENCHMARKS.md "Evidence rules", session 14 (issue 17 items 1-4): teaser lists after the headline
 * weighed by their learned share in the title anchor (`teaserRank`), against the session's start and with the step off, beside
 * addanag and Readability per dataset, language group and era.
 *   FARSW_BASE_DIST=START/dist node scripts/lodo.mjs --configs scripts/lodo-session14.mjs --peers addanag --readability --save FILE
 *   node scripts/lodo-groups.mjs FILE [--worst 0.07]; node scripts/lodo-select.mjs FILE
 * With FARSW_BASE_DIST (a build of the session's start) the first configuration is that build's default, trained and applied
 * by its own code, the baseline of "never below the session's start"; the shipped configuration is `default`.
 */
const base = process.env.FARSW_BASE_DIST ? [{ name: 'session start', dist: process.env.FARSW_BASE_DIST }] : [];
export default [
  ...base,
  { name: 'default' },
  { name: 'teasers off', farsw: { teaserRank: false } },
];
