/**
 * The verification status card of /profile/verification (ADR 026): where the review stands, and
 * the button that opens the provider's hosted page with a fresh access token (a full-page
 * navigation, as the cashier opens the payment page). After a final decline there is no button.
 * Back from the provider with `?sent=1` (its link once documents are sent), the page shows the
 * review as running while the provider's webhook is on its way, so the player never reads "not
 * started" after sending; while the review runs, the page asks again every few seconds. The link
 * changes nothing on the server: a crafted one cannot leave a player stuck "under review".
 */
import type { VerificationStatus } from '@croupier/contract/sumsub/common';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { goToProvider } from '../cashier/provider-redirect.ts';
import { ProfileCard } from '../profile/profile-card.tsx';
import { usePlayerApi } from '../profile/use-player-api.ts';

const BADGE: Record<VerificationStatus, string> = {
  not_started: 'bg-raised text-muted',
  pending: 'bg-warning/15 text-warning',
  verified: 'bg-accent/15 text-accent',
  retry: 'bg-warning/15 text-warning',
  rejected: 'bg-danger/15 text-danger-soft',
};

/** How often the page asks again while the review runs. */
export const PENDING_REFRESH_MS = 5000;

/** Whether the player can open the provider's page to send documents. */
export function canStart(status: VerificationStatus): boolean {
  return status === 'not_started' || status === 'retry';
}

export function VerificationCard({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('verification');
  const { api, refresh } = usePlayerApi();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  // Back from the provider with documents sent: until its webhook moves the status, the page shows
  // the review as running (the status the page opened with, still "not started" or "retry").
  const [returnedWith] = useState(() => (searchParams.get('sent') === '1' ? status : null));
  const awaitingWebhook = returnedWith !== null && canStart(status) && status === returnedWith;
  const shown: VerificationStatus = awaitingWebhook ? 'pending' : status;

  useEffect(() => {
    if (searchParams.has('sent')) setSearchParams({}, { replace: true, preventScrollReset: true });
  }, [searchParams, setSearchParams]);

  useEffect(() => {
    if (shown !== 'pending') return;
    const timer = window.setInterval(() => void refresh(), PENDING_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [shown, refresh]);

  async function start() {
    setBusy(true);
    try {
      const { url } = await api.call('sumsub.getAccessToken', {});
      goToProvider(url);
    } catch {
      toasts.show({ kind: 'error', title: t('failed') });
      setBusy(false);
    }
  }

  return (
    <ProfileCard
      id="verification"
      title={t('title')}
      description={t('description')}
      aside={
        <span
          data-testid="verification-status"
          className={cx('rounded-full px-3 py-1 text-xs font-semibold', BADGE[shown])}
        >
          {t(`status.${shown}`)}
        </span>
      }
    >
      <p className="text-sm leading-relaxed" role="status">
        {t(`text.${shown}`)}
      </p>
      {canStart(shown) && (
        <div className="mt-5 flex flex-col gap-2 tablet:flex-row tablet:items-center tablet:gap-4">
          <Button
            data-testid="verification-start"
            loading={busy}
            disabled={busy}
            iconEnd="external-link"
            onClick={() => void start()}
          >
            {status === 'retry' ? t('retry') : t('start')}
          </Button>
          <p className="text-xs text-muted">{t('leaving')}</p>
        </div>
      )}
      {shown === 'pending' && (
        <div className="mt-5">
          <Button variant="secondary" data-testid="verification-refresh" onClick={() => void refresh()}>
            {t('refresh')}
          </Button>
        </div>
      )}
    </ProfileCard>
  );
}
