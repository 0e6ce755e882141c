/**
 * /slot-error (spec §2 system page "slot error"): header, description and a button to the game
 * hall, texts from the content configuration. The platform launcher and the game server send a
 * failed launch here with `?embedded=1`, inside the game page's frame: the page then posts
 * `{ type: 'checkIframe', url }` (its address without the flag) to the parent window, which
 * navigates there, so the error fills the page instead of the game frame (spec §4). A real-money
 * launch refused by the age gate names its reason (`?reason=birth_date_required|under_age`): the
 * page then says why and, when the birth date is missing, links to the profile settings.
 */
import { localizePath } from '@croupier/contract/locales';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { checkIframeMessage, EMBEDDED_PARAM, isFramed } from '../features/games/check-iframe.ts';
import { SystemPage } from '../features/system-pages/system-page.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import type { Route } from './+types/slot-error';

export function loader({ url }: Route.LoaderArgs) {
  return { pageMeta: { title: i18nFor(localeOfPath(url.pathname)).t('pages:system.slotError.header') } };
}

/** The content's header is the title when there is one, else the bundled text. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches[0]?.loaderData as { shell?: { systemPages?: { slotError?: { header?: string } } } };
  return withPageTitle(matches, root?.shell?.systemPages?.slotError?.header || loaderData?.pageMeta.title);
};

const AGE_REASONS = ['birth_date_required', 'under_age'] as const;
type AgeReason = (typeof AGE_REASONS)[number];

function ageReasonOf(value: string | null): AgeReason | undefined {
  return AGE_REASONS.find((reason) => reason === value);
}

export default function SlotError() {
  const { shell } = useRootData();
  const { t } = useTranslation('pages');
  const locale = usePageLocale();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const embedded = search.get(EMBEDDED_PARAM) === '1';
  const reason = ageReasonOf(search.get('reason'));
  const content = shell.systemPages.slotError;
  const texts = reason
    ? {
        header: t(`system.slotError.age.${reason}.header`),
        description: t(`system.slotError.age.${reason}.description`),
        buttonText: content?.buttonText ?? '',
      }
    : content;

  useEffect(() => {
    if (!embedded || !isFramed()) return;
    const message = checkIframeMessage(location);
    // Same origin only: the game page is ours (spec §4 "a same-origin framed page posts its path").
    window.parent.postMessage(message, window.location.origin);
  }, [embedded, location]);

  return (
    <SystemPage kind="slotError" locale={locale} texts={texts}>
      {reason === 'birth_date_required' && (
        <Button
          href={localizePath('/profile/settings', locale)}
          className="mt-8"
          size="lg"
          data-testid="slot-error-profile"
        >
          {t('system.slotError.age.birth_date_required.action')}
        </Button>
      )}
    </SystemPage>
  );
}
