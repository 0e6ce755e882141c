/**
 * /unsubscribe?token=… (spec §2, §7 `account.unsubscribe`): the one-click link from a mail footer.
 * Opening the page changes nothing — mail scanners and link previews open links too; the player's
 * press on the button sends the POST. Then the unsubscribe system page texts confirm it.
 */
import { UNSUBSCRIBE_TOKEN_PATTERN } from '@croupier/contract/account/unsubscribe';
import { localizePath } from '@croupier/contract/locales';
import { useState } from 'react';
import { toApiFailure } from '../features/profile/api-failure.ts';
import { SystemPage } from '../features/system-pages/system-page.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { createBrowserApi } from '../lib/browser-api.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import { useToasts } from '../ui/toasts.tsx';
import type { Route } from './+types/unsubscribe';

type LinkState = 'ready' | 'invalid' | 'missing';

export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get('token');
  const state: LinkState =
    token === null ? 'missing' : UNSUBSCRIBE_TOKEN_PATTERN.test(token) ? 'ready' : 'invalid';
  const { t } = i18nFor(localeOfPath(url.pathname));
  return {
    state,
    token: state === 'ready' ? token : null,
    pageMeta: { title: t('profile:unsubscribe.title') },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('profile');
  const { shell } = useRootData();
  const locale = usePageLocale();
  const toasts = useToasts();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  async function unsubscribe(token: string) {
    setBusy(true);
    try {
      await createBrowserApi(locale).call('account.unsubscribe', { token });
      setDone(true);
    } catch (error) {
      const failure = toApiFailure(error);
      // A forged or damaged link: say so on the page; anything else may work on a retry.
      if (failure?.fields.token !== undefined) setRefused(failure.message);
      else toasts.show({ kind: 'error', title: t('errors.saveData'), text: failure?.message });
    }
    setBusy(false);
  }

  if (done) {
    return <SystemPage kind="unsubscribe" locale={locale} texts={shell.systemPages.unsubscribe} />;
  }

  const problem =
    refused ??
    (loaderData.state === 'invalid'
      ? t('unsubscribe.invalid')
      : loaderData.state === 'missing'
        ? t('unsubscribe.missing')
        : null);

  return (
    <section
      className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-14 text-center tablet:py-20"
      data-testid="unsubscribe"
    >
      <span
        aria-hidden="true"
        className="mb-6 inline-flex size-20 items-center justify-center rounded-full bg-info/10 text-info ring-1 ring-info/30"
      >
        <Icon name="mail" size="xl" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-balance tablet:text-3xl">
        {t('unsubscribe.title')}
      </h1>
      {problem ? (
        <p className="mt-3 max-w-prose text-base leading-relaxed text-muted" role="alert">
          {problem}
        </p>
      ) : (
        <p className="mt-3 max-w-prose text-base leading-relaxed text-muted">{t('unsubscribe.text')}</p>
      )}
      <div className="mt-8 flex w-full flex-col gap-3 tablet:w-auto tablet:flex-row">
        {loaderData.token && !refused && (
          <Button
            size="lg"
            loading={busy}
            onClick={() => loaderData.token && void unsubscribe(loaderData.token)}
            data-testid="unsubscribe-confirm"
          >
            {t('unsubscribe.button')}
          </Button>
        )}
        <Button href={localizePath('/profile/notification', locale)} variant="secondary" size="lg">
          {t('unsubscribe.manage')}
        </Button>
      </div>
    </section>
  );
}
