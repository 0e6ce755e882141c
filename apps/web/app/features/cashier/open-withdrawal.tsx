/**
 * The withdrawal waiting for approval (one at a time): amount, method, when, status, and a Cancel
 * button while it may still be cancelled (`cashier.cancelwithdrawal`: the held funds come back).
 */
import type { TransactionOutput } from '@croupier/contract/cashier/common';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { CashierCard } from './cashier-card.tsx';
import { toCashierFailure } from './cashier-failure.ts';
import { TransactionStatusBadge } from './status-badge.tsx';
import { useCashierApi } from './use-cashier-api.ts';
import { useCashierFormat } from './use-cashier-format.ts';

export function OpenWithdrawal({
  withdrawal,
  methodTitle,
}: {
  withdrawal: TransactionOutput;
  methodTitle: string;
}) {
  const { t } = useTranslation('cashier');
  const { money, dateTime } = useCashierFormat();
  const { api, refresh } = useCashierApi();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const [cancelling, setCancelling] = useState(false);
  const amount = money(withdrawal.amount);

  const cancel = async () => {
    const confirmed = await dialogs.confirm({
      title: t('withdraw.open.confirmTitle'),
      text: t('withdraw.open.confirmText', { amount }),
      confirmText: t('withdraw.open.confirmYes'),
      cancelText: t('withdraw.open.confirmNo'),
      tone: 'danger',
    });
    if (!confirmed) return;
    setCancelling(true);
    try {
      await api.call('cashier.cancelwithdrawal', { id: withdrawal.id });
      toasts.show({
        kind: 'success',
        title: t('withdraw.open.cancelled'),
        text: t('withdraw.open.fundsBack', { amount }),
      });
      await refresh();
    } catch (error) {
      toasts.show({ kind: 'error', title: toCashierFailure(error)?.message || t('errors.generic') });
      await refresh();
    } finally {
      setCancelling(false);
    }
  };

  return (
    <CashierCard
      id="open-withdrawal"
      title={t('withdraw.open.title')}
      description={t('withdraw.open.text')}
      aside={<TransactionStatusBadge type="withdrawal" status={withdrawal.status} />}
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm tablet:grid-cols-3">
        <div>
          <dt className="text-muted">{t('receipt.amount')}</dt>
          <dd className="amount text-lg font-semibold" data-testid="open-withdrawal-amount">
            {amount}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('receipt.method')}</dt>
          <dd className="font-medium">{methodTitle}</dd>
        </div>
        <div className="col-span-2 tablet:col-span-1">
          <dt className="text-muted">{t('receipt.created')}</dt>
          <dd className="font-medium">{dateTime(withdrawal.created_at)}</dd>
        </div>
      </dl>
      {withdrawal.can_cancel && (
        <Button
          variant="secondary"
          className="mt-5"
          onClick={() => void cancel()}
          loading={cancelling}
          data-testid="cancel-withdrawal"
        >
          {t('withdraw.open.cancel')}
        </Button>
      )}
    </CashierCard>
  );
}
