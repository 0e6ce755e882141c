/**
 * Hydration. Only the page's locale bundles are fetched (one lazy chunk per namespace), before
 * hydrating, so the first client render uses the same texts as the server's.
 */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { ensureLocale } from './i18n/i18n.client.ts';
import { localeOfPath } from './lib/locale-paths.ts';

void ensureLocale(localeOfPath(window.location.pathname)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
