/**
 * The configurations of BENCHMARKS.md "Evidence rules", session 13 (issue 17 items 1-3): the default model under
 * leave-one-dataset-out against addanag and Readability per language group and era, and the steps measured against it.
 *   FARSW_BASE_DIST=/work/ab/s13/dist node scripts/lodo.mjs --configs scripts/lodo-session13.mjs --peers addanag --readability --save FILE
 *   node scripts/lodo-groups.mjs FILE
 * With FARSW_BASE_DIST (a build of the session's start) the first configuration is that build's default, trained and applied
 * by its own code, the baseline of "never below the session's start"; the shipped configuration is `default`.
 */
const base = process.env.FARSW_BASE_DIST ? [{ name: 'session start', dist: process.env.FARSW_BASE_DIST }] : [];
export default [
  ...base,
  { name: 'default' },
];
