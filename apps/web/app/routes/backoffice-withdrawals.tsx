/**
 * Payments: the withdrawal queue by status (tabs), newest rules of the cashier applied by the
 * server; a staff member with `withdrawals.decide` approves a pending one (held ones only as
 * reviewed) or rejects it with a reason, each after a confirmation step.
 */
import type { Locale } from '@croupier/contract/locales';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useRevalidator } from 'react-router';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffDateTime, formatStaffMoney } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
import { can } from '../features/backoffice/backoffice-permissions.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import {
  ErrorNote,
  PageHeading,
  Pager,
  PillTabs,
  TableBox,
  TD,
  TH,
} from '../features/backoffice/backoffice-shell.tsx';
import {
  type OperatorWithdrawal,
  parseOffset,
  parseStatus,
  REJECT_REASONS,
  WITHDRAWAL_STATUSES,
  WITHDRAWALS_PAGE_SIZE,
} from '../features/backoffice/withdrawals.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import { useCurrentDialog, useDialogs } from '../ui/dialogs.tsx';
import { useToasts } from '../ui/toasts.tsx';
import type { Route } from './+types/backoffice-withdrawals';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = await requireStaff(request, 'withdrawals.read');
  const url = new URL(request.url);
  const status = parseStatus(url.searchParams.get('status'));
  const offset = parseOffset(url.searchParams.get('offset'));
  const page = await loadOrSignIn(request, () =>
    staffRequest<{ data: { items: OperatorWithdrawal[] } }>('/nfx/operator/withdrawals', {
      query: { status, offset, count: WITHDRAWALS_PAGE_SIZE },
      signal: request.signal,
    }),
  );
  return {
    canDecide: can(user, 'withdrawals.decide'),
    canSeePlayers: can(user, 'players.read'),
    status,
    offset,
    items: page.ok ? page.value.data.items : [],
    error: page.ok ? null : page.error,
  };
}

type Decision = 'approve' | 'reject';

export default function BackofficeWithdrawals({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const location = useLocation();
  const locale = usePageLocale();
  const dialogs = useDialogs();
  const revalidator = useRevalidator();
  const { status, offset, items, canDecide, canSeePlayers } = loaderData;
  const href = (next: { status?: string; offset?: number }) => {
    const query = new URLSearchParams({ status: next.status ?? status });
    if ((next.offset ?? 0) > 0) query.set('offset', String(next.offset));
    return `${location.pathname}?${query}`;
  };

  function decide(withdrawal: OperatorWithdrawal, decision: Decision) {
    dialogs.open({
      type: 'confirm',
      size: 'sm',
      title: t(`withdrawals.${decision}Title`, { id: withdrawal.id }),
      // The dialog draws outside the page: what it needs from the router comes as props.
      content: (
        <DecisionForm
          withdrawal={withdrawal}
          decision={decision}
          locale={locale}
          onDone={() => revalidator.revalidate()}
        />
      ),
    });
  }

  return (
    <div>
      <PageHeading title={t('withdrawals.title')} />
      <PillTabs
        label={t('withdrawals.statusFilter')}
        tabs={WITHDRAWAL_STATUSES.map((value) => ({
          key: value,
          href: href({ status: value }),
          text: t(`withdrawals.status.${value}`),
          current: value === status,
        }))}
      />
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {!loaderData.error && items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-muted">
          {t('withdrawals.empty')}
        </p>
      ) : (
        <TableBox label={t('withdrawals.title')}>
          <table className="w-full min-w-[64rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>{t('withdrawals.id')}</th>
                <th className={TH}>{t('withdrawals.created')}</th>
                <th className={TH}>{t('withdrawals.player')}</th>
                <th className={cx(TH, 'text-end')}>{t('withdrawals.amount')}</th>
                <th className={TH}>{t('withdrawals.method')}</th>
                <th className={TH}>{t('withdrawals.requisites')}</th>
                <th className={TH}>{t('withdrawals.risk')}</th>
                <th className={TH}>{t('withdrawals.statusColumn')}</th>
                {canDecide && status === 'pending' && <th className={TH}>{t('withdrawals.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-b border-border last:border-0">
                  <td className={cx(TD, 'tabular-nums')}>{item.id}</td>
                  <td className={cx(TD, 'whitespace-nowrap tabular-nums')}>
                    {formatStaffDateTime(item.created_at, locale)}
                  </td>
                  <td className={cx(TD, 'tabular-nums')}>
                    {canSeePlayers ? (
                      <Link
                        className="text-accent underline"
                        to={backofficeHref(locale, `/backoffice/players/${item.player_id}`)}
                      >
                        {item.player_id}
                      </Link>
                    ) : (
                      item.player_id
                    )}
                  </td>
                  <td className={cx(TD, 'text-end font-semibold whitespace-nowrap tabular-nums')}>
                    {formatStaffMoney(item.amount, locale)}
                  </td>
                  <td className={TD}>{item.method}</td>
                  <td className={cx(TD, 'max-w-56 break-words text-muted')}>
                    {Object.entries(item.requisites)
                      .map(([key, value]) => `${key}: ${value}`)
                      .join(', ')}
                  </td>
                  <td className={cx(TD, 'min-w-48')}>
                    <RiskSignals item={item} locale={locale} />
                  </td>
                  <td className={TD}>
                    <span className="whitespace-nowrap">
                      {t(`withdrawals.status.${item.status}`, { defaultValue: item.status })}
                    </span>
                    {item.review_hold && (
                      <span className="ms-2 inline-block rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-warning">
                        {t('withdrawals.reviewHold')}
                      </span>
                    )}
                    {item.failure_code && (
                      <span className="block text-xs text-muted">
                        {t(`withdrawals.reason.${item.failure_code}`, { defaultValue: item.failure_code })}
                      </span>
                    )}
                  </td>
                  {canDecide && status === 'pending' && (
                    <td className={TD}>
                      <div className="flex gap-2">
                        <Button size="sm" onClick={() => decide(item, 'approve')}>
                          {t('withdrawals.approve')}
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => decide(item, 'reject')}>
                          {t('withdrawals.reject')}
                        </Button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <Pager
        previous={offset > 0 ? href({ offset: Math.max(0, offset - WITHDRAWALS_PAGE_SIZE) }) : null}
        next={
          items.length === WITHDRAWALS_PAGE_SIZE ? href({ offset: offset + WITHDRAWALS_PAGE_SIZE }) : null
        }
      />
    </div>
  );
}

/** A withdrawal's risk signals: identity, fraud score, open bonuses, the player's net deposits. */
function RiskSignals({ item, locale }: { item: OperatorWithdrawal; locale: Locale }) {
  const { t } = useTranslation('backoffice');
  const risk = item.risk;
  if (!risk) return <span className="text-muted">—</span>;
  const warn = 'font-semibold text-warning';
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs">
      {risk.kyc && (
        <>
          <dt className="text-muted">{t('withdrawals.signals.kyc')}</dt>
          <dd className={cx(risk.kyc !== 'verified' && warn)}>
            {t(`withdrawals.signals.kycStatus.${risk.kyc}`)}
            {risk.kyc_block ? ` · ${t('withdrawals.signals.kycBlock')}` : ''}
          </dd>
        </>
      )}
      {risk.fraud_score !== undefined && (
        <>
          <dt className="text-muted">{t('withdrawals.signals.fraud')}</dt>
          <dd className={cx('tabular-nums', risk.fraud_score_high && warn)}>{risk.fraud_score ?? '—'}</dd>
        </>
      )}
      {risk.open_bonuses !== undefined && (
        <>
          <dt className="text-muted">{t('withdrawals.signals.bonuses')}</dt>
          <dd className={cx('tabular-nums', risk.open_bonuses > 0 && warn)}>{risk.open_bonuses}</dd>
        </>
      )}
      <dt className="text-muted">{t('withdrawals.signals.net')}</dt>
      <dd
        className={cx('tabular-nums whitespace-nowrap', risk.net_deposits.amount.startsWith('-') && warn)}
        title={t('withdrawals.signals.netDetail', {
          deposited: formatStaffMoney(risk.deposited, locale),
          withdrawn: formatStaffMoney(risk.withdrawn, locale),
        })}
      >
        {formatStaffMoney(risk.net_deposits, locale)}
      </dd>
    </dl>
  );
}

/** The confirmation step: what will happen, the review box for a held one, the reason to reject. */
function DecisionForm({
  withdrawal,
  decision,
  locale,
  onDone,
}: {
  withdrawal: OperatorWithdrawal;
  decision: Decision;
  locale: Locale;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation('backoffice');
  const dialog = useCurrentDialog();
  const toasts = useToasts();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body =
      decision === 'approve'
        ? withdrawal.review_hold
          ? { reviewed: form.get('reviewed') === 'on' }
          : {}
        : { reason: String(form.get('reason') ?? '') };
    setPending(true);
    setError(null);
    try {
      await staffRequest(`/nfx/operator/withdrawals/${withdrawal.id}/${decision}`, { method: 'POST', body });
      toasts.show({ kind: 'success', title: t(`withdrawals.${decision}Done`, { id: withdrawal.id }) });
      dialog.close({ force: true });
      await onDone();
    } catch (caught) {
      setError(errorText(t, caught));
      setPending(false);
    }
  }

  const amount = formatStaffMoney(withdrawal.amount, locale);
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        {t(`withdrawals.${decision}Text`, { amount, player: withdrawal.player_id })}
      </p>
      {decision === 'approve' && withdrawal.review_hold && (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="reviewed" required className="mt-1 size-4 accent-accent" />
          <span>{t('withdrawals.reviewedConfirm')}</span>
        </label>
      )}
      {decision === 'reject' && (
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t('withdrawals.rejectReason')}
          <select
            name="reason"
            required
            defaultValue=""
            className="min-h-12 rounded-xl border border-border bg-background px-3 text-base"
          >
            <option value="" disabled>
              {t('withdrawals.chooseReason')}
            </option>
            {REJECT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`withdrawals.reason.${reason}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {error && <ErrorNote text={error} />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={() => dialog.close()}>
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          size="sm"
          variant={decision === 'reject' ? 'danger' : 'primary'}
          loading={pending}
        >
          {t(`withdrawals.${decision}Confirm`)}
        </Button>
      </div>
    </form>
  );
}
