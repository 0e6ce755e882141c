/**
 * The real app for browser journeys: the built site on a fresh database (`createTestApp` with the
 * production web build), listening on a free local port.
 */
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app.ts';

export interface RunningSite {
  harness: TestApp;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startSite(options: { env?: Record<string, string> } = {}): Promise<RunningSite> {
  const harness = await createTestApp({ web: 'production', ...(options.env ? { env: options.env } : {}) });
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  const address = harness.app.server.address() as AddressInfo;
  return {
    harness,
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: () => harness.close(),
  };
}
