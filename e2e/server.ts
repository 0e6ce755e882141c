/**
 * The real app for browser journeys: the built site on a fresh database (`createTestApp` with the
 * production web build), listening on a free local port. `publicPort: true` picks the port first
 * and sets PORT and PUBLIC_URL to it, for journeys where a third party (the sandbox payment
 * provider) must reach the site back: its hosted-page links, redirects and webhooks use that URL.
 */
import type { AddressInfo } from 'node:net';
import { freePort } from '@croupier/db/database';
import { createTestApp, createTestNode, type TestApp } from '../apps/server/src/test/test-app.ts';

export interface RunningSite {
  harness: TestApp;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startSite(
  options: { env?: Record<string, string>; publicPort?: boolean } = {},
): Promise<RunningSite> {
  const port = options.publicPort ? await freePort() : 0;
  const env = {
    ...(options.publicPort ? { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    ...options.env,
  };
  const harness = await createTestApp({ web: 'production', env });
  await harness.app.listen({ port, host: '127.0.0.1' });
  const address = harness.app.server.address() as AddressInfo;
  return {
    harness,
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: () => harness.close(),
  };
}

/** A second node of `site` (same database and config, the built site too) on its own local port. */
export async function startSecondNode(
  site: RunningSite,
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const node = await createTestNode(site.harness, { web: 'production' });
  await node.app.listen({ port: 0, host: '127.0.0.1' });
  const address = node.app.server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${address.port}`, close: () => node.close() };
}
