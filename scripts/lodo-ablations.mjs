/**
 * Configurations for `node scripts/lodo.mjs --configs scripts/lodo-ablations.mjs [--peers addanag] [--readability] [--save FILE]`:
 * the shipped default first, then each step of the model path across sites turned off (or set back to DANA's value) one at a
 * time, so a maintainer sees what every default is worth held out before changing it (docs/decisions.md, "The model path").
 * With FARSW_BASE_DIST=OTHER/dist a build to compare with comes first, trained and applied by its own code.
 * Then: `node scripts/lodo-select.mjs FILE`, `node scripts/lodo-groups.mjs FILE`, `node scripts/lodo-ceiling.mjs FILE --config default`.
 */
const base = process.env.FARSW_BASE_DIST ? [{ name: 'base build', dist: process.env.FARSW_BASE_DIST }] : [];
export default [
  ...base,
  { name: 'default' },
  { name: 'no evidence rules', train: { evidence: false } },
  { name: 'no mute', farsw: { mute: 0 } },
  { name: 'mute retry 1000', farsw: { muteRetry: 1000 } },
  { name: 'no final container', farsw: { container: 0 } },
  { name: 'DANA container 0.7', farsw: { dana: { container: 0.7 } } },
  { name: 'title container 0.2', farsw: { dana: { titleContainer: 0.2 } } },
  { name: 'no fill', farsw: { fill: 0 } },
  { name: 'no siblings', farsw: { siblings: 0 } },
  { name: 'no anchor', farsw: { anchorContainer: false } },
  { name: 'title line not added', farsw: { addTitleLine: false } },
  { name: 'title line cut', farsw: { keepTitleLine: false } },
  { name: 'title line muted', farsw: { spareTitleLine: false } },
  { name: 'lead off', farsw: { leadChars: 0 } },
  { name: 'lead repeat off', farsw: { leadRepeat: 0 } },
  { name: 'box unmuted', farsw: { muteBox: false } },
  { name: 'teasers off', farsw: { teaserRank: false } },
];
