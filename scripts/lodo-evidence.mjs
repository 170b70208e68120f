/**
 * The configurations of BENCHMARKS.md "Evidence rules" (issue 17), for scripts/lodo.mjs:
 *   node scripts/lodo.mjs --configs scripts/lodo-evidence.mjs --readability
 * The first is the baseline every other one is compared with: the default of session 6 (no evidence rules).
 */
const E = { evidence: true };
export default [
  { name: 'session 6 default (no evidence rules)', train: { evidence: false } },
  { name: 'rules ∪ DANA, evidence blocks β 0.8', train: E, farsw: { classify: 'rules', blockScore: 'evidence', evidenceBeta: 0.8 } },
  { name: 'rules ∪ DANA, evidence blocks β 0.7 (the default)', train: E, farsw: { classify: 'rules', blockScore: 'evidence', evidenceBeta: 0.7 } },
  { name: 'rules ∪ DANA, paper blocks', train: E, farsw: { classify: 'rules', blockScore: 'paper' } },
  { name: 'rules alone, evidence blocks β 0.5', train: E, farsw: { classify: 'rules', blockScore: 'evidence', evidenceBeta: 0.5, mode: 'farsw' } },
];
