/** A small valid Model built from hand-written numbers, for store and CLI tests (no HTML, no training). */
import { FARSW_PREPROCESS_DEFAULTS } from '../../src/core/defaults.js';
import { buildMembership } from '../../src/fuzzy/membership.js';
import { MODEL_FORMAT_VERSION, type Model } from '../../src/model/model.js';

export function exampleModel(name: string, variant = 0): Model {
  const stats: [number, number, number][] = [[144, 308, 473], [81, 210, 1248], [62, 137, 653], [0.279, 0.552, 0.964], [0, 0, 6], [0, 0, 1]];
  return {
    formatVersion: MODEL_FORMAT_VERSION,
    name,
    site: 'news.example.com',
    featureSet: 'farsw-6',
    featureVariant: 'raw',
    farswVersion: '0.1.0',
    membership: stats.map(([min, mean, max], f) => buildMembership(f, { min: min + variant, mean: mean + variant, max: max + variant }, null, 1, 'three')),
    frequentRegions: [{ region: 1, count: 10.62 }, { region: 4, count: 8.73 }, { region: 7, count: 7.05 }, { region: 11, count: 10.84 }, { region: 12, count: 10 }, { region: 15, count: 13 }],
    levels: [
      { level: 1, itemsets: [{ items: [1], support: 1 }, { items: [4], support: 9 / 13 }] },
      { level: 2, itemsets: [{ items: [1, 4], support: 9 / 13 }] },
    ],
    rules: [{ antecedent: [1, 4], support: 9 / 13, confidence: 0.9, falsePositiveRate: 0.03 + variant / 100 }],
    params: { alpha: 0.5, significance: 0.5, minSupport: 0.5, alignThreshold: 0.5, featureVariant: 'raw', bceShape: 'three', dropElements: [...FARSW_PREPROCESS_DEFAULTS.dropElements], carryMarkup: true },
    trainingReport: {
      pages: 12, skippedPages: 1, skipped: [{ id: 'p13', reason: 'no gold text' }], lines: 1000, topicalLines: 130,
      goldCoverage: 0.97, topicalNoise: 0.02, cardinality: Array(18).fill(1), ruleRecall: 0.6, rulePrecision: 0.9, fingerprint: 'ab'.repeat(32),
      maskCounts: { topical: [[18, 9], [2, 4]], nonTopical: [[0, 800], [18, 6]] },
    },
  };
}
