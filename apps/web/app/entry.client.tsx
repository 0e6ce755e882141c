/**
 * Hydration of a site page. Only the page's locale bundles are fetched (the locale's chunk and
 * `ui`'s) before hydrating, so the first client render uses the same texts as the server's; and
 * the modules of the parts the server rendered lazily (ui/deferred.tsx), so they hydrate in place.
 * A game page (`/rgs/play/*`, inside the game iframe) is not hydrated: its route module mounts the
 * game's own small React root over the server's splash (routes/rgs-play.tsx, ADR 057).
 */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { isRgsPagePath } from './features/rgs/rgs-paths.ts';
import { ensureLocale } from './i18n/i18n.client.ts';
import { localeOfPath } from './lib/locale-paths.ts';
import { loadServedModules } from './ui/deferred.tsx';

const { pathname } = window.location;
if (!isRgsPagePath(pathname)) {
  void Promise.all([ensureLocale(localeOfPath(pathname)), loadServedModules(document)]).then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
}
