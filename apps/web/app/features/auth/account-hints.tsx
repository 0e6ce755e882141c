/**
 * The account hints of spec §4 as dismissible banners under the header: the registration hint
 * (first two hours, no deposit yet) and the confirm-contact hint (first five days, unconfirmed
 * login contact, no `confirm_sent_{userId}` marker), except on the content config's
 * `confirmHint.pageExceptions`. They depend on the clock and on this browser's storage, so they
 * appear after hydration. Dismissing one hides it for this browser session.
 */
import type { AccountInfo } from '@croupier/contract/account/common';
import { type Locale, localizePath } from '@croupier/contract/locales';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button, IconButton } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { Icon } from '../../ui/icon.tsx';
import type { IconName } from '../../ui/icon-names.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { apiErrorText } from './api-error-text.ts';
import { useAuthRoot } from './auth-root-data.ts';
import {
  confirmSentMarkerKey,
  isHintExcludedPath,
  shouldShowConfirmHint,
  shouldShowRegistrationHint,
} from './hints.ts';
import { useBrowserApi } from './use-auth-actions.ts';

type HintKind = 'registration' | 'confirm';

function dismissedKey(kind: HintKind, uid: number): string {
  return `croupier_hint_dismissed_${kind}_${uid}`;
}

function readFlag(storage: Storage | undefined, key: string): boolean {
  try {
    const value = storage?.getItem(key);
    return value !== null && value !== undefined;
  } catch {
    return false;
  }
}

function writeFlag(storage: Storage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Without storage the hint simply comes back on the next page.
  }
}

interface HintState {
  registration: boolean;
  confirm: boolean;
}

function hintState(account: AccountInfo, confirmEnabled: boolean): HintState {
  const nowMs = Date.now();
  return {
    registration:
      shouldShowRegistrationHint({ account, nowMs }) &&
      !readFlag(window.sessionStorage, dismissedKey('registration', account.uid)),
    confirm:
      shouldShowConfirmHint({
        account,
        nowMs,
        enabled: confirmEnabled,
        markerSet: readFlag(window.localStorage, confirmSentMarkerKey(account.uid)),
      }) && !readFlag(window.sessionStorage, dismissedKey('confirm', account.uid)),
  };
}

function HintBanner({
  icon,
  title,
  text,
  action,
  onDismiss,
  testId,
  className,
}: {
  className?: string | undefined;
  icon: IconName;
  title: string;
  text: string;
  action: ReactNode;
  onDismiss: () => void;
  testId: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className={cx(
        'flex items-start gap-3 rounded-2xl border border-accent/30 bg-accent/[0.07] py-3 ps-4 pe-1.5 tablet:items-center',
        className,
      )}
    >
      <Icon name={icon} className="mt-0.5 text-accent tablet:mt-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 tablet:flex-row tablet:items-center tablet:gap-4">
        <p className="min-w-0 flex-1 text-sm leading-relaxed">
          <strong className="font-semibold">{title}</strong> <span className="text-muted">{text}</span>
        </p>
        <div className="shrink-0">{action}</div>
      </div>
      <IconButton icon="close" label={t('hints.dismiss')} onClick={onDismiss} />
    </section>
  );
}

export function AccountHints({ locale }: { locale: Locale }) {
  const { t } = useTranslation('auth');
  const root = useAuthRoot();
  const location = useLocation();
  const navigate = useNavigate();
  const api = useBrowserApi();
  const toasts = useToasts();
  const [state, setState] = useState<HintState>({ registration: false, confirm: false });
  const [sending, setSending] = useState(false);
  const account = root?.isAuthenticated ? root.account : undefined;
  const confirmEnabled = root?.auth.confirmHint.isEnabled ?? false;

  // Clock and storage exist in the browser only: decide after hydration, again when the account changes.
  useEffect(() => {
    setState(account ? hintState(account, confirmEnabled) : { registration: false, confirm: false });
  }, [account, confirmEnabled]);

  if (!account || !root) return null;
  if (isHintExcludedPath(location.pathname, root.auth.confirmHint.pageExceptions)) return null;
  if (!state.registration && !state.confirm) return null;

  const dismiss = (kind: HintKind) => {
    writeFlag(window.sessionStorage, dismissedKey(kind, account.uid), '1');
    setState((current) => ({ ...current, [kind]: false }));
  };

  const sendConfirmation = async () => {
    setSending(true);
    try {
      await api.call('account.sendconfirmationtocontact', { contact: account.login });
    } catch (error) {
      toasts.show({ kind: 'error', title: apiErrorText(error, t('errors.generic')) });
      setSending(false);
      return;
    }
    writeFlag(window.localStorage, confirmSentMarkerKey(account.uid), String(Date.now()));
    setState((current) => ({ ...current, confirm: false }));
    setSending(false);
    toasts.show({ kind: 'success', title: t('hints.confirmSent', { contact: account.login }) });
    void navigate(`${localizePath('/profile/settings', locale)}#contacts`);
  };

  return (
    <div className="mx-auto flex w-full max-w-screen-desktopMd flex-col gap-2 px-3 pt-3 tablet:px-6 laptop:px-8">
      {state.confirm && (
        <HintBanner
          testId="confirm-hint"
          icon="mail"
          title={t('hints.confirmTitle')}
          text={t(account.login_type === 'phone' ? 'hints.confirmTextPhone' : 'hints.confirmTextEmail', {
            contact: account.login,
          })}
          onDismiss={() => dismiss('confirm')}
          action={
            <Button size="sm" variant="secondary" loading={sending} onClick={sendConfirmation}>
              {t('hints.confirmAction')}
            </Button>
          }
        />
      )}
      {state.registration && (
        <HintBanner
          // On a phone one banner at a time: the page itself must stay in view.
          className={state.confirm ? 'max-tablet:hidden' : undefined}
          testId="registration-hint"
          icon="gift"
          title={t('hints.registrationTitle')}
          text={t('hints.registrationText')}
          onDismiss={() => dismiss('registration')}
          action={
            <Button size="sm" href={localizePath('/cashier/deposit', locale)}>
              {t('hints.registrationAction')}
            </Button>
          }
        />
      )}
    </div>
  );
}
