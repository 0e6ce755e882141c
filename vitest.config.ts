import { defineConfig } from 'vitest/config';

/**
 * Three projects: unit (pure, fast), integration (real server on real PostgreSQL, a fresh database
 * per file) and e2e (the built site in system Chromium). `npm test` runs them all: unit and
 * integration files together, one per core at once (an integration file waits on PostgreSQL half
 * the time), then the browser journeys one at a time (each keeps both cores ~85 % busy).
 *
 * Unit and integration files share their worker's module graph (`isolate: false`, ADR 071): a file
 * imports the server or a page once per worker, not once per file. No test mocks a module, and each
 * file restores what it stubs (timers, globals, env), which a shared worker needs.
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
          // One worker per core, as the integration project: the two share a group, so unit files
          // fill the time an integration file waits on PostgreSQL. (A project with one worker would
          // run in vitest's sequential group instead, after the others: 154 s alone on 2 cores.)
          maxWorkers: '100%',
          isolate: false,
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
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['./packages/db/src/vitest-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's state settles after hydration: on a loaded machine that takes longer than
          // expect.poll's default 1 s (a promo code filled from the address was seen to miss it).
          expect: { poll: { timeout: 15_000 } },
          pool: 'forks',
          // One browser journey file at a time: two cores, one Chromium each is plenty.
          fileParallelism: false,
        },
      },
    ],
  },
});
