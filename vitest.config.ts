import { defineConfig } from 'vitest/config';

/**
 * Three projects: unit (pure, fast), integration (real server on real PostgreSQL, a fresh database
 * per file) and e2e (the built site in system Chromium). `npm test` runs them all.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'apps/*/src/**/*.test.ts',
            'apps/web/app/**/*.test.{ts,tsx}',
            'packages/*/src/**/*.test.ts',
          ],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
          setupFiles: ['./apps/web/app/ui/testing-library-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.integration.test.ts', 'packages/*/src/**/*.integration.test.ts'],
          globalSetup: ['./packages/db/src/vitest-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['./packages/db/src/vitest-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // One browser journey file at a time: two cores, one Chromium each is plenty.
          fileParallelism: false,
        },
      },
    ],
  },
});
