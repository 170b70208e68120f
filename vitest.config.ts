import { configDefaults, defineConfig } from 'vitest/config';

// Under CI, also write a JSON report so .ci/run can print the plain "N passed, N failed" line.
const ci = process.env['CI'] === 'true';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The Slurm test needs a cluster: `npm run test:slurm` brings one up and sets FARSW_SLURM=1.
    exclude: [...configDefaults.exclude, ...(process.env['FARSW_SLURM'] === '1' ? [] : ['test/slurm/**'])],
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
    testTimeout: 30_000,
    globalSetup: ['test/global-setup.ts'],
    ...(ci ? { reporters: ['default', 'json'], outputFile: { json: '.ci/vitest-report.json' } } : {}),
  },
});
