/**
 * The configurations of BENCHMARKS.md "Evidence rules" for session 9's container, fill, vocabulary and mute changes (issue 17),
 * for scripts/lodo.mjs:
 *   node scripts/lodo.mjs --configs scripts/lodo-quality.mjs --readability
 * The first is the baseline: session 8's default (128 class/id words, DANA's own container at 0.7, any element as the
 * container, the title line cut with the rest, no fill, the mute's retry below 1,000 characters). The second is the shipped
 * configuration; the others each move one part of it.
 */
const SESSION8_TRAIN = { evidenceRules: { classWords: 128 } };
const SESSION8_APPLY = { keepTitleLine: false, fill: 0, muteRetry: 1000, dana: { container: 0.7, containerLines: 1 } };
export default [
  { name: 'session 8 default', train: SESSION8_TRAIN, farsw: SESSION8_APPLY },
  { name: 'default' },
  { name: 'no fill', farsw: { fill: 0 } },
  { name: 'fill ≤ 0.25 links', farsw: { fill: 0.25 } },
  { name: '128 words', train: SESSION8_TRAIN },
  { name: 'title line cut', farsw: { keepTitleLine: false } },
  { name: 'DANA container 0.7', farsw: { dana: { container: 0.7 } } },
  { name: 'container ≥ 1 line', farsw: { dana: { containerLines: 1 } } },
  { name: 'retry 1000', farsw: { muteRetry: 1000 } },
];
