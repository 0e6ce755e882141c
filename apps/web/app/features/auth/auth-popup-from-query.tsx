/**
 * The authentication popup of the address's flags (`show_popup_reg`, `show_popup_auth`,
 * `prevent_close`, the guest guard's `redirectUrl`): see auth-popup.tsx. Mounted by the auth
 * runtime, which pages load after hydration (issue #17).
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authHref } from '../../lib/auth-links.ts';
import { pathWithoutLocale } from '../../lib/locale-paths.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useAuthPopup } from './auth-popup.tsx';
import { useAuthRoot } from './auth-root-data.ts';
import { hasAuthPopupFlags, readAuthPopupRequest, stripAuthPopupFlags } from './popup-flags.ts';

/** Opens the popup the address asks for (guests only), once per address. */
export function AuthPopupFromQuery() {
  const root = useAuthRoot();
  const location = useLocation();
  const navigate = useNavigate();
  const locale = usePageLocale();
  const openPopup = useAuthPopup();
  const dialogs = useDialogs();
  const handled = useRef<string | null>(null);
  // The address when the popup closes, which may differ from the one that opened it.
  const currentLocation = useRef(location);
  currentLocation.current = location;
  const openId = useRef<string | null>(null);
  const isGuest = root !== undefined && !root.isAuthenticated;
  const popupEnabled = root?.auth.popupEnabled ?? true;

  // Opening a dialog is syncing the page with its address, not fetching data.
  useEffect(() => {
    // The forms pages are the popup's content already.
    if (!isGuest || pathWithoutLocale(location.pathname).startsWith('/forms/')) return;
    const request = readAuthPopupRequest(location.search);
    if (!request) {
      handled.current = null;
      return;
    }
    const addressKey = `${location.pathname}${location.search}`;
    if (handled.current === addressKey) return;
    handled.current = addressKey;
    const rest = stripAuthPopupFlags(location.search);
    if (!popupEnabled) {
      if (!request.fromFlags) return;
      const back = `${location.pathname}${rest}`;
      void navigate(authHref(request.tab === 'register' ? 'sign_up' : 'sign_in', locale, back), {
        replace: true,
      });
      return;
    }
    if (openId.current && dialogs.dialogs.some((dialog) => dialog.id === openId.current)) return;
    openId.current = openPopup(request.tab, {
      closable: request.closable,
      onDismissed: () => {
        openId.current = null;
        // Spec §2: the flags leave the address when the popup closes (no new history entry).
        const current = currentLocation.current;
        if (hasAuthPopupFlags(current.search)) {
          void navigate(
            { pathname: current.pathname, search: stripAuthPopupFlags(current.search), hash: current.hash },
            { replace: true, preventScrollReset: true },
          );
        }
      },
    });
  }, [
    isGuest,
    location.pathname,
    location.search,
    popupEnabled,
    navigate,
    locale,
    openPopup,
    dialogs.dialogs,
  ]);

  return null;
}
