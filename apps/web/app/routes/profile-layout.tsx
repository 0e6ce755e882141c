/**
 * /profile/* (spec §2): the player's area, with its section menu. Guests never get here (the
 * guest guard sends them home with `redirectUrl`). The loader reads Account info and the form
 * settings once for every profile page.
 */

import { Outlet } from 'react-router';
import { FormSettingsProvider, formSettingsOf } from '../features/profile/form-settings.tsx';
import { ProfileNav } from '../features/profile/profile-nav.tsx';
import {
  isTwoFactorAvailable,
  type ProfileOutletContext,
  toProfileAccount,
} from '../features/profile/profile-outlet.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/profile-layout';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [config, info] = await Promise.all([
    web.content.getConfig(locale),
    orErrorPage(web.api.call('account.getInfo')),
  ]);
  const outlet: ProfileOutletContext = {
    account: toProfileAccount(info),
    forms: formSettingsOf(config, locale),
    twoFactorAvailable: isTwoFactorAvailable(config),
  };
  return { ...outlet, pageMeta: { title: i18nFor(locale).t('profile:title') } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('profile');
  const locale = usePageLocale();
  const outlet: ProfileOutletContext = {
    account: loaderData.account,
    forms: loaderData.forms,
    twoFactorAvailable: loaderData.twoFactorAvailable,
  };
  return (
    <div className="mx-auto w-full max-w-screen-desktop px-4 pt-6 pb-12 tablet:px-6 laptop:px-8 laptop:pt-10">
      <header className="mb-5 laptop:mb-8">
        <p className="text-sm font-medium text-muted">{t('eyebrow')}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight laptop:text-3xl">{t('title')}</h1>
        {loaderData.account.login && (
          <p className="mt-1 truncate text-sm text-muted" translate="no" data-testid="profile-login">
            {loaderData.account.login}
          </p>
        )}
      </header>
      <div className="flex flex-col gap-5 laptop:grid laptop:grid-cols-[15rem_minmax(0,1fr)] laptop:items-start laptop:gap-8">
        <div className="laptop:sticky laptop:top-[calc(var(--header-height,72px)+1.5rem)]">
          <ProfileNav locale={locale} />
        </div>
        <FormSettingsProvider value={loaderData.forms}>
          <div className="flex min-w-0 flex-col gap-5 laptop:gap-6">
            <Outlet context={outlet} />
          </div>
        </FormSettingsProvider>
      </div>
    </div>
  );
}
