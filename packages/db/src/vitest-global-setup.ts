/** Vitest global setup: one PostgreSQL server and migrated template for the whole run. */
import type { TestProject } from 'vitest/node';
import { setUpTestServer } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await setUpTestServer();
  project.provide('pgAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
  };
}
