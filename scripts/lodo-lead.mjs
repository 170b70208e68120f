/**
 * The configurations of BENCHMARKS.md "Evidence rules", session 12 (issue 17): the lead under the headline restored
 * (`leadChars`, extract/farsw.ts restoreLead), with Readability and the session's start in the same run.
 *   FARSW_BASE_DIST=/work/ab/s12/dist node scripts/lodo.mjs --configs scripts/lodo-lead.mjs --readability --save FILE
 *   node scripts/lodo-select.mjs FILE --only 'lead off,lead 40,lead 80,lead 120,default,lead 240,lead 320'
 * With FARSW_BASE_DIST (a build of the session's start) the first configuration is that build's default, trained and applied
 * by its own code; `default` is the shipped configuration (`leadChars` 160), the others move its least length.
 */
const base = process.env.FARSW_BASE_DIST ? [{ name: 'session start', dist: process.env.FARSW_BASE_DIST }] : [];
export default [
  ...base,
  { name: 'default' },
  { name: 'lead off', farsw: { leadChars: 0 } },
  ...[40, 80, 120, 240, 320].map((n) => ({ name: `lead ${n}`, farsw: { leadChars: n } })),
];
