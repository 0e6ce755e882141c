/**
 * What runs on every page for sign-in and the session (mounted once by the root route): keeping
 * the query's promo code and advertising parameters, the authentication popup of the query
 * flags, social sign-in results, messenger mini-app sign-in, the registration completion popup
 * and idle logout.
 */
import { localizePath } from '@croupier/contract/locales';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { setClientAuthenticated } from '../../lib/client-session.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { captureAttribution, storedPromoCode } from './attribution.ts';
import { AuthPopupFromQuery } from './auth-popup-from-query.tsx';
import { useAuthRoot } from './auth-root-data.ts';
import { RegistrationCompletion } from './registration-completion.tsx';
import { withRegisterSuccess } from './return-target.ts';
import { SessionIdle } from './session-idle.tsx';
import { OAUTH_BROADCAST_CHANNEL, parseOAuthMessage, takePendingReturn } from './social-login.ts';
import {
  isTelegramLaunch,
  TELEGRAM_SCRIPT_URL,
  type TelegramWindow,
  telegramRegistration,
} from './telegram-mini-app.ts';
import { useBrowserApi } from './use-auth-actions.ts';

/** Spec §2: `promo_code` and the advertising parameters of any address are kept in localStorage. */
function AttributionCapture() {
  const { search } = useLocation();
  useEffect(() => {
    captureAttribution(search, window.localStorage);
  }, [search]);
  return null;
}

/** Results of the social sign-in popup (docs/social-login.md), by postMessage or BroadcastChannel. */
function SocialLoginResults() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const locale = usePageLocale();
  const toasts = useToasts();
  const dialogs = useDialogs();
  const latest = useRef({ t, navigate, locale, toasts, dialogs });
  latest.current = { t, navigate, locale, toasts, dialogs };

  useEffect(() => {
    const onResult = (data: unknown) => {
      const message = parseOAuthMessage(data);
      if (!message) return;
      const pending = takePendingReturn(window.sessionStorage, window.location.origin);
      if (!pending) return;
      const {
        t: translate,
        navigate: go,
        locale: pageLocale,
        toasts: notices,
        dialogs: stack,
      } = latest.current;
      if (message.status === 'error') {
        notices.show({ kind: 'error', title: message.message ?? translate('social.failed') });
        return;
      }
      setClientAuthenticated(true);
      stack.closeAll({ force: true });
      const target = pending.target ?? localizePath('/', pageLocale);
      // A new player completes registration in the popup the root shows for `is_registration_completed` false.
      void go(message.isNew || message.typeAuth === 'register' ? withRegisterSuccess(target) : target, {
        replace: true,
      });
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) onResult(event.data);
    };
    window.addEventListener('message', onMessage);
    const channel =
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(OAUTH_BROADCAST_CHANNEL) : null;
    if (channel) channel.onmessage = (event: MessageEvent) => onResult(event.data);
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, []);
  return null;
}

/**
 * Inside the Telegram mini-app, a guest is signed up or in with the launch data. The script is
 * loaded on demand (its load event starts the sign-in); failure is the spec §8 error toast
 * `wrongRegServerError`. This is the one call started without a click: it is a sign-in action the
 * messenger asks for by opening the page, not a read of page data (those stay in loaders).
 */
function TelegramSignIn() {
  const { t } = useTranslation('auth');
  const root = useAuthRoot();
  const api = useBrowserApi();
  const toasts = useToasts();
  const revalidator = useRevalidator();
  const attempted = useRef(false);
  const isGuest = root !== undefined && !root.isAuthenticated;
  const latest = useRef({ api, toasts, revalidator, t });
  latest.current = { api, toasts, revalidator, t };

  useEffect(() => {
    if (!isGuest || attempted.current || !isTelegramLaunch(window.location)) return;
    attempted.current = true;
    const signIn = async () => {
      const webApp = (window as Window & TelegramWindow).Telegram?.WebApp;
      webApp?.ready?.();
      const input = telegramRegistration(webApp?.initData ?? '', storedPromoCode(window.localStorage));
      if (!input) return;
      const current = latest.current;
      try {
        await current.api.call('auth.register', input);
      } catch {
        current.toasts.show({ kind: 'error', title: current.t('errors.wrongRegServerError') });
        return;
      }
      setClientAuthenticated(true);
      await current.revalidator.revalidate();
    };
    if ((window as Window & TelegramWindow).Telegram?.WebApp) {
      void signIn();
      return;
    }
    const script = document.createElement('script');
    script.src = TELEGRAM_SCRIPT_URL;
    script.async = true;
    script.addEventListener('load', () => void signIn(), { once: true });
    document.head.append(script);
  }, [isGuest]);
  return null;
}

export function AuthRuntime() {
  return (
    <>
      <AttributionCapture />
      <AuthPopupFromQuery />
      <SocialLoginResults />
      <TelegramSignIn />
      <RegistrationCompletion />
      <SessionIdle />
    </>
  );
}
