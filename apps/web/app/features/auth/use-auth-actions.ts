/**
 * What the auth features do after a call succeeds: the browser API for the page's locale, the
 * move after sign-in / sign-up (spec §2, §4: `backUrl` or `redirectUrl` if safe, else the locale
 * home; `register=success` after registration) and logout. Navigation reloads the loaders, so the
 * root loader's `account.getInfo` becomes the one source of who the visitor is again.
 */
import type { ApiClient } from '@croupier/contract/client';
import { localizePath } from '@croupier/contract/locales';
import { createContext, useCallback, useContext, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { setClientAuthenticated } from '../../lib/client-session.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { markLoggedIn } from '../campaigns/login-marker.ts';
import { apiErrorText } from './api-error-text.ts';
import { afterAuthTarget, withRegisterSuccess } from './return-target.ts';

export function useBrowserApi(): ApiClient {
  const locale = usePageLocale();
  return useMemo(() => createBrowserApi(locale), [locale]);
}

function currentOrigin(): string | undefined {
  return typeof window === 'undefined' ? undefined : window.location.origin;
}

/**
 * Runs just before the move after sign-in, e.g. the popup closing itself (it must not strip its
 * query flags then: the player is leaving the page anyway).
 */
export const SignedInContext = createContext<(() => void) | null>(null);

/**
 * Call after `auth.login` / `auth.register` answered: the browser guard learns the new state at
 * once (its next check runs before any loader), then the player is taken to their target.
 */
export function useSignedIn() {
  const navigate = useNavigate();
  const location = useLocation();
  const locale = usePageLocale();
  const beforeLeaving = useContext(SignedInContext);
  return useCallback(
    (kind: 'login' | 'register', target?: string) => {
      setClientAuthenticated(true);
      // Spec §4: after login the popup queue (unseen cashback, campaign popups) runs once.
      if (kind === 'login') markLoggedIn(window.sessionStorage);
      beforeLeaving?.();
      const destination = target ?? afterAuthTarget(location.search, locale, currentOrigin());
      void navigate(kind === 'register' ? withRegisterSuccess(destination) : destination, {
        replace: true,
      });
    },
    [navigate, location.search, locale, beforeLeaving],
  );
}

/**
 * `auth.logout` (a GET, spec §7), then the locale home with fresh loaders. A failed call keeps the
 * player where they are and says so.
 */
export function useLogout() {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const locale = usePageLocale();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const { t } = useTranslation('auth');
  return useCallback(
    async (reason: 'player' | 'idle' = 'player'): Promise<boolean> => {
      try {
        await api.call('auth.logout');
      } catch (error) {
        toasts.show({ kind: 'error', title: apiErrorText(error, t('errors.generic')) });
        return false;
      }
      setClientAuthenticated(false);
      dialogs.closeAll({ force: true });
      await navigate(localizePath('/', locale), { replace: reason === 'idle' });
      if (reason === 'idle') {
        toasts.show({ kind: 'info', title: t('idle.loggedOut'), durationMs: Number.POSITIVE_INFINITY });
      }
      return true;
    },
    [api, navigate, locale, dialogs, toasts, t],
  );
}
