import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code, beside its module) and `integration`
 * (real Postgres, real HTTP, real exporters, real Chromium), which shares one
 * database prepared by the global setup.
 */
export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          // Unit tests first, then the integration project with its own worker limit.
          sequence: { groupOrder: 0 },
          include: ['sdk/**/*.test.ts', 'collector/**/*.test.ts', 'app/**/*.test.ts', 'examples/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files share one database; each isolates itself by creating its own project.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
