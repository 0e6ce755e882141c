/**
 * Hydration. Only the page's locale bundles are fetched (one lazy chunk per namespace), before
 * hydrating, so the first client render uses the same texts as the server's; and the modules of
 * the parts the server rendered lazily (ui/deferred.tsx), so they hydrate in place.
 */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { ensureLocale } from './i18n/i18n.client.ts';
import { localeOfPath } from './lib/locale-paths.ts';
import { loadServedModules } from './ui/deferred.tsx';

void Promise.all([ensureLocale(localeOfPath(window.location.pathname)), loadServedModules(document)]).then(
  () => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  },
);
