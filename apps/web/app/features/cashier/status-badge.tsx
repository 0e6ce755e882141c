/** A transaction's status as a coloured badge (history, receipt, result pages, open withdrawal). */
import type { TransactionStatus, TransactionType } from '@croupier/contract/cashier/common';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';

type Tone = 'success' | 'warning' | 'danger' | 'muted';

const TONE: Record<TransactionStatus, Tone> = {
  pending: 'warning',
  processing: 'warning',
  approved: 'warning',
  succeeded: 'success',
  paid: 'success',
  failed: 'danger',
  rejected: 'danger',
  canceled: 'muted',
};

const TONE_CLASS: Record<Tone, string> = {
  success: 'border-accent/40 bg-accent/10 text-accent',
  warning: 'border-warning/40 bg-warning/10 text-warning',
  danger: 'border-danger/40 bg-danger/10 text-danger',
  muted: 'border-border bg-raised text-muted',
};

export function TransactionStatusBadge({
  type,
  status,
  className,
}: {
  type: TransactionType;
  status: TransactionStatus;
  className?: string;
}) {
  const { t } = useTranslation('cashier');
  return (
    <span
      data-status={status}
      className={cx(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONE_CLASS[TONE[status]],
        className,
      )}
    >
      {t(`status.${type}.${status}`)}
    </span>
  );
}

/** The player-facing reason of a failure code (`card_declined` …), or a generic one. */
export function useFailureText() {
  const { t } = useTranslation('cashier');
  return (code: string | null): string | null => {
    if (!code) return null;
    const key = `failure.${code}`;
    const text = t(key, { defaultValue: '' });
    return text === '' ? t('failure.other') : text;
  };
}
