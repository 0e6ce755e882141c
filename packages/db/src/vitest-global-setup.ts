/** Vitest global setup: one PostgreSQL server and migrated template for the whole run. */
import type { TestProject } from 'vitest/node';
import { keepExitCode } from './database.ts';
import { setUpTestServer } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // Without this, a run with failing tests would exit 0 (see keepExitCode).
  keepExitCode();
  const server = await setUpTestServer();
  project.provide('pgAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
  };
}
