/**
 * The social / messenger registration completion popup (spec §4): a player whose account has
 * `is_registration_completed` false gets a non-closable popup on every page until they choose a
 * currency and answer the auth config's boxes (`account.completeRegistration`). The one way out
 * without completing is to log out. The form is loaded when the popup opens
 * (registration-completion-form.tsx).
 */

import { lazy, useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { DialogSuspense } from '../../ui/dialog-suspense.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useAuthRoot } from './auth-root-data.ts';

const CompletionBody = lazy(() =>
  import('./registration-completion-form.tsx').then((module) => ({ default: module.CompletionBody })),
);

/** Opens the popup while the signed-in account is not complete; on every page, until it is. */
export function RegistrationCompletion() {
  const { t } = useTranslation('auth');
  const root = useAuthRoot();
  const dialogs = useDialogs();
  const openId = useRef<string | null>(null);
  const incomplete = root?.isAuthenticated === true && !root.account.is_registration_completed;
  // The latest dialog API and texts without re-running the effect when other dialogs come and go.
  const latest = useRef({ dialogs, t });
  latest.current = { dialogs, t };

  useEffect(() => {
    const { dialogs: api, t: translate } = latest.current;
    if (!incomplete) return;
    openId.current = api.open({
      title: translate('completion.title'),
      size: 'md',
      closable: false,
      content: (
        <DialogSuspense>
          <CompletionBody />
        </DialogSuspense>
      ),
      onClosed: () => {
        openId.current = null;
      },
    });
    return () => {
      if (openId.current) api.close(openId.current, { force: true });
      openId.current = null;
    };
  }, [incomplete]);

  return null;
}
