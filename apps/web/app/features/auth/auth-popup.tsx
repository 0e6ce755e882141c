/**
 * The authentication popup (spec §2, §4 "Popups"): registration and authorization tabs in a dialog.
 * `useAuthPopup()` opens it (header buttons, side menu); `AuthPopupFromQuery`
 * (auth-popup-from-query.tsx) opens it for a guest
 * whose address carries `show_popup_reg` / `show_popup_auth` (non-closable with `prevent_close=1`)
 * and strips those flags from the address, by a history replace, when it closes. A guest sent home
 * by the guest guard (`redirectUrl`) gets the authorization tab. With the content config's
 * `popupFallbacks.authPopupEnabled` off, the flags lead to the `/forms/sign_*` pages instead.
 */
import { lazy, type MouseEvent, useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { authHref } from '../../lib/auth-links.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { DialogSuspense } from '../../ui/dialog-suspense.tsx';
import { useCurrentDialog, useDialogs } from '../../ui/dialogs.tsx';
import { useAuthRoot } from './auth-root-data.ts';
import { type AuthTab, stripAuthPopupFlags } from './popup-flags.ts';
import { SignedInContext } from './use-auth-actions.ts';

// The forms (and their validation) load when the popup first opens, not with every page (issue #17).
const AuthPanel = lazy(() => import('./auth-panel.tsx').then((module) => ({ default: module.AuthPanel })));

function AuthPopupBody({ initialTab, onSignedIn }: { initialTab: AuthTab; onSignedIn: () => void }) {
  const root = useAuthRoot();
  const dialog = useCurrentDialog();
  const [tab, setTab] = useState(initialTab);
  const closeOnSignIn = useCallback(() => {
    onSignedIn();
    dialog.close({ force: true });
  }, [dialog, onSignedIn]);
  if (!root) return null;
  return (
    <SignedInContext value={closeOnSignIn}>
      <div data-testid="auth-popup">
        <DialogSuspense>
          <AuthPanel auth={root.auth} tab={tab} onTabChange={setTab} showBanner />
        </DialogSuspense>
      </div>
    </SignedInContext>
  );
}

export interface OpenAuthPopupOptions {
  closable?: boolean;
  /** Called when the popup closed without a sign-in (the player dismissed it). */
  onDismissed?: () => void;
}

export function useAuthPopup() {
  const dialogs = useDialogs();
  const { t } = useTranslation('auth');
  const bannerTitle = useAuthRoot()?.auth.authBanner?.title;
  return useCallback(
    (tab: AuthTab, options: OpenAuthPopupOptions = {}): string => {
      let signedIn = false;
      return dialogs.open({
        // The operator's welcome line heads the popup when there is one.
        title: bannerTitle || t('popup.title'),
        size: 'md',
        closable: options.closable ?? true,
        content: () => (
          <AuthPopupBody
            initialTab={tab}
            onSignedIn={() => {
              signedIn = true;
            }}
          />
        ),
        onClosed: () => {
          if (!signedIn) options.onDismissed?.();
        },
      });
    },
    [dialogs, t, bannerTitle],
  );
}

/** Header and side-menu entry points: a link to the forms page that opens the popup when it can. */
export function useAuthEntry() {
  const root = useAuthRoot();
  const openPopup = useAuthPopup();
  const locale = usePageLocale();
  const location = useLocation();
  const popupEnabled = root?.auth.popupEnabled ?? false;
  const back = `${location.pathname}${stripAuthPopupFlags(location.search)}`;
  return {
    href: (tab: AuthTab) => authHref(tab === 'register' ? 'sign_up' : 'sign_in', locale, back),
    /** Click handler for the link: opens the popup instead, unless the player asked for a new tab. */
    onClick: (tab: AuthTab, before?: () => void) => (event: MouseEvent<HTMLAnchorElement>) => {
      if (!popupEnabled || !root) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      before?.();
      openPopup(tab);
    },
  };
}
