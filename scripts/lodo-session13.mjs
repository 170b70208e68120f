/**
 * The configurations of BENCHMARKS.md "Evidence rules", session 13 (issue 17 items 1-3): the default model held out against
 * addanag and Readability per dataset, language group and era; the lead that repeats the article's opening; the final
 * container chosen without the muted lines.
 *   FARSW_BASE_DIST=START/dist node scripts/lodo.mjs --configs scripts/lodo-session13.mjs --peers addanag --readability --save FILE
 *   node scripts/lodo-groups.mjs FILE [--worst 0.07]
 * With FARSW_BASE_DIST (a build of the session's start) the first configuration is that build's default, trained and applied
 * by its own code, the baseline of "never below the session's start"; the shipped configuration is `default`.
 */
const base = process.env.FARSW_BASE_DIST ? [{ name: 'session start', dist: process.env.FARSW_BASE_DIST }] : [];
export default [
  ...base,
  { name: 'default' },
  { name: 'repeat off', farsw: { leadRepeat: 0 } },
  { name: 'box unmuted', farsw: { muteBox: false } },
  { name: 'both off', farsw: { leadRepeat: 0, muteBox: false } },
];
