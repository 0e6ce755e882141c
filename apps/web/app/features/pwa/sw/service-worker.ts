/**
 * The service worker (`/sw.js`, scope `/`), bundled by the build (build/pwa-plugin.ts) and given
 * its precache list by Workbox's injectManifest (ADR 038):
 *
 * - the build's hashed assets, the offline pages and the icons are precached, and answered from
 *   the precache (their names change with their content);
 * - page navigations go to the network, always (pages carry the session and the balance: never
 *   stored); when the network fails, the offline page in the path's language answers instead;
 * - everything else, the API (/api, /gw, /rgs, /nfx…) and any POST included, is not routed at all:
 *   the browser fetches it as without a worker, and nothing of it is cached.
 *
 * A new version waits until the page asks it to take over (`SKIP_WAITING`), then the page reloads
 * (features/pwa/pwa-runtime.tsx).
 */
import type { PrecacheEntry } from 'workbox-precaching';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { offlinePagePath } from '../build/pwa-files.ts';
import { NEVER_HANDLED, offlineLocale } from './sw-routes.ts';

interface ServiceWorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

declare const self: ServiceWorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const network = new NetworkOnly();

registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        const page = await matchPrecache(offlinePagePath(offlineLocale(options.url.pathname)));
        return page ?? Response.error();
      }
    },
    { denylist: NEVER_HANDLED },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
