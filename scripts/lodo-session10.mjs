/**
 * The configurations of BENCHMARKS.md "Evidence rules", session 10 (issue 17): the final container's siblings the vote calls
 * content, the title line added when nothing chose it, and the container skipped when it misses the DANA core's starting region.
 *   node scripts/lodo.mjs --configs scripts/lodo-session10.mjs --readability
 * The first is the baseline: session 9's default (the same model; the three apply options off). The second is the shipped
 * configuration; the others each move one part of it.
 */
const SESSION9 = { addTitleLine: false, siblings: 0, anchorContainer: false };
export default [
  { name: 'session 9 default', farsw: SESSION9 },
  { name: 'default' },
  { name: 'no siblings', farsw: { siblings: 0 } },
  { name: 'siblings 0.5', farsw: { siblings: 0.5 } },
  { name: 'siblings 0.6', farsw: { siblings: 0.6 } },
  { name: 'siblings 0.7', farsw: { siblings: 0.7 } },
  { name: 'siblings 0.8', farsw: { siblings: 0.8 } },
  { name: 'title line not added', farsw: { addTitleLine: false } },
  { name: 'no anchor', farsw: { anchorContainer: false } },
];
