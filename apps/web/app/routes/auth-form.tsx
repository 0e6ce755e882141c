/**
 * `/forms/sign_in` and `/forms/sign_up` (spec §2, empty layout): the authentication panel as a page,
 * on the authorization or registration tab. A signed-in visitor is sent on to `backUrl` (or home).
 * The password-reset link lands here with `restore_token`: the page opens on the new-password form.
 */
import { RESTORE_TOKEN_PATTERN } from '@croupier/contract/auth/restore';
import { localizePath } from '@croupier/contract/locales';
import { redirect, useLocation, useNavigate } from 'react-router';
import { AuthPanel } from '../features/auth/auth-panel.tsx';
import { useAuthRoot } from '../features/auth/auth-root-data.ts';
import type { AuthTab } from '../features/auth/popup-flags.ts';
import { afterAuthTarget } from '../features/auth/return-target.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { localeOfPath, pathWithoutLocale } from '../lib/locale-paths.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/auth-form';

const RESTORE_TOKEN_PARAM = 'restore_token';

export function loader({ url, context }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const tab: AuthTab = pathWithoutLocale(url.pathname) === '/forms/sign_up' ? 'register' : 'login';
  const token = url.searchParams.get(RESTORE_TOKEN_PARAM);
  // A reset link works whoever is signed in; otherwise a player has nothing to do here.
  if (web.isAuthenticated && token === null) throw redirect(afterAuthTarget(url.search, locale, web.origin));
  const t = i18nFor(locale).t;
  return {
    tab,
    restoreToken: token !== null && RESTORE_TOKEN_PATTERN.test(token) ? token : null,
    restoreLinkInvalid: token !== null && !RESTORE_TOKEN_PATTERN.test(token),
    pageMeta: {
      title: tab === 'register' ? t('auth:page.signUpTitle') : t('auth:page.signInTitle'),
      description: t('auth:page.description'),
    },
  };
}

export default function AuthForm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  const root = useAuthRoot();
  const locale = usePageLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const { tab } = loaderData;

  // The other tab is the other page; the query (backUrl…) travels along, a used reset token does not.
  const query = (() => {
    const params = new URLSearchParams(location.search);
    params.delete(RESTORE_TOKEN_PARAM);
    const rest = params.toString();
    return rest === '' ? '' : `?${rest}`;
  })();
  const switchTab = (next: AuthTab) => {
    if (next === tab) return;
    void navigate(
      `${localizePath(next === 'register' ? '/forms/sign_up' : '/forms/sign_in', locale)}${query}`,
      {
        replace: true,
        preventScrollReset: true,
      },
    );
  };

  return (
    <section
      className="flex flex-col gap-6 px-5 py-8 tablet:px-10 tablet:py-10"
      data-testid={`auth-page-${tab}`}
    >
      <header className="text-center">
        <h1 className="text-2xl font-bold tracking-tight tablet:text-3xl">
          {tab === 'register' ? t('page.signUpTitle') : t('page.signInTitle')}
        </h1>
        <p className="mt-2 text-sm text-muted">
          {tab === 'register' ? t('page.signUpLead') : t('page.signInLead')}
        </p>
      </header>
      {root && (
        <AuthPanel
          auth={root.auth}
          tab={tab}
          onTabChange={switchTab}
          restoreToken={loaderData.restoreToken}
          restoreLinkInvalid={loaderData.restoreLinkInvalid}
          onRestoreDone={() =>
            void navigate(`${location.pathname}${query}`, { replace: true, preventScrollReset: true })
          }
        />
      )}
    </section>
  );
}
