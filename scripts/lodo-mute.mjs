/**
 * The configurations of BENCHMARKS.md "Evidence rules" for the learned mute (issue 17), for scripts/lodo.mjs:
 *   node scripts/lodo.mjs --configs scripts/lodo-mute.mjs --readability
 * The first is the baseline: the shipped model's configuration without the mute (session 7's default).
 */
export default [
  { name: 'no mute (session 7 default)', farsw: { mute: 0 } },
  { name: 'mute 0.02', farsw: { mute: 0.02 } },
  { name: 'mute 0.05', farsw: { mute: 0.05 } },
  { name: 'mute 0.1', farsw: { mute: 0.1 } },
];
