import { defineConfig } from 'vitest/config';

/**
 * Three projects: unit (pure, fast), integration (real server on real PostgreSQL, a fresh database
 * per file) and e2e (the built site in system Chromium). `npm test` runs them all: integration
 * files one per core at once (an integration file waits on PostgreSQL half the time); unit files
 * (component tests with 1 s waits) and then the browser journeys one at a time.
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
            'apps/web/scripts/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
          ],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
          // One at a time on any machine (and unlike the integration project's count, so the two
          // never share a group with different worker counts, which vitest refuses).
          maxWorkers: 1,
          // They run beside the integration files, which keep both cores busy: a component test's
          // first lazy import (transformed on demand) took over 5 s there once, 0.4 s alone.
          testTimeout: 15_000,
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
          maxWorkers: '100%',
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
