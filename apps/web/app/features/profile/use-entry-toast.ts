/**
 * Shows the toast that `?from=…&toastType=…` asks for, once, then replaces the address with the
 * same page without the two parameters (see entry-toast.ts). Showing a toast and tidying the
 * address are effects of arriving on the page; nothing is fetched.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { entryToastKeys, hasEntryParams, readEntryToast, stripEntryParams } from './entry-toast.ts';

export function useEntryToast(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const { t } = useTranslation('profile');
  // The history entry already handled: effects may run twice (development), the toast must not.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!hasEntryParams(params) || handled.current === location.key) return;
    handled.current = location.key;
    const toast = readEntryToast(params);
    if (toast) {
      const keys = entryToastKeys(toast);
      toasts.show({ kind: toast.kind, title: t(keys.title), text: t(keys.text) });
    }
    void navigate(
      { pathname: location.pathname, search: stripEntryParams(location.search), hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [location, navigate, toasts, t]);
}
