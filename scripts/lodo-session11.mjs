/**
 * The configurations of BENCHMARKS.md "Evidence rules", session 11 (issue 17): the title container from 10 % of the chosen text
 * (models across sites; DANA's 20 % before) and the kept title line spared by the mute.
 *   node scripts/lodo.mjs --configs scripts/lodo-session11.mjs --readability
 * The first is the baseline: session 10's default (the same model; both changes off). The second is the shipped configuration;
 * the others each move one part of it (the title container's share by leave-one-dataset-out: scripts/lodo-select.mjs).
 */
const SESSION10 = { spareTitleLine: false, dana: { titleContainer: 0.2 } };
export default [
  { name: 'session 10 default', farsw: SESSION10 },
  { name: 'default' },
  { name: 'title container 0.2', farsw: { dana: { titleContainer: 0.2 } } },
  { name: 'title container 0.05', farsw: { dana: { titleContainer: 0.05 } } },
  { name: 'title container 0.15', farsw: { dana: { titleContainer: 0.15 } } },
  { name: 'title line muted', farsw: { spareTitleLine: false } },
];
