/**
 * /slot-error (spec §2 system page "slot error"): header, description and a button to the game
 * hall, texts from the content configuration. The platform launcher and the game server send a
 * failed launch here with `?embedded=1`, inside the game page's frame: the page then posts
 * `{ type: 'checkIframe', url }` (its address without the flag) to the parent window, which
 * navigates there, so the error fills the page instead of the game frame (spec §4).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { checkIframeMessage, EMBEDDED_PARAM, isFramed } from '../features/games/check-iframe.ts';
import { SystemPage } from '../features/system-pages/system-page.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import type { Route } from './+types/slot-error';

export function loader({ url }: Route.LoaderArgs) {
  return { pageMeta: { title: i18nFor(localeOfPath(url.pathname)).t('pages:system.slotError.header') } };
}

/** The content's header is the title when there is one, else the bundled text. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches[0]?.loaderData as { shell?: { systemPages?: { slotError?: { header?: string } } } };
  return withPageTitle(matches, root?.shell?.systemPages?.slotError?.header || loaderData?.pageMeta.title);
};

export default function SlotError() {
  const { shell } = useRootData();
  const locale = usePageLocale();
  const location = useLocation();
  const embedded = new URLSearchParams(location.search).get(EMBEDDED_PARAM) === '1';

  useEffect(() => {
    if (!embedded || !isFramed()) return;
    const message = checkIframeMessage(location);
    // Same origin only: the game page is ours (spec §4 "a same-origin framed page posts its path").
    window.parent.postMessage(message, window.location.origin);
  }, [embedded, location]);

  return <SystemPage kind="slotError" locale={locale} texts={shell.systemPages.slotError} />;
}
