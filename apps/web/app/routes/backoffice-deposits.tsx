/**
 * Payments: the deposit search — by a transaction or player id, or the provider's payment id, a
 * status and a window of days; newest first (every search is written to the audit log).
 */

import { Form, Link, useLocation } from 'react-router';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffDateTime, formatStaffMoney } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
import { can } from '../features/backoffice/backoffice-permissions.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading, Pager, TableBox, TD, TH } from '../features/backoffice/backoffice-shell.tsx';
import {
  DEPOSIT_STATUSES,
  DEPOSITS_PAGE_SIZE,
  type OperatorDeposit,
  parseDepositSearch,
} from '../features/backoffice/deposits.ts';
import { parseOffset } from '../features/backoffice/withdrawals.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/backoffice-deposits';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = await requireStaff(request, 'deposits.read');
  const params = new URL(request.url).searchParams;
  const search = parseDepositSearch(params);
  const offset = parseOffset(params.get('offset'));
  const query: Record<string, string | number> = { offset, count: DEPOSITS_PAGE_SIZE };
  for (const key of ['q', 'status', 'from', 'to'] as const) if (search[key]) query[key] = search[key];
  const page = await loadOrSignIn(request, () =>
    staffRequest<{ data: { items: OperatorDeposit[]; more: boolean } }>('/nfx/operator/deposits', {
      query,
      signal: request.signal,
    }),
  );
  return {
    search,
    offset,
    canSeePlayers: can(user, 'players.read'),
    items: page.ok ? page.value.data.items : [],
    more: page.ok && page.value.data.more,
    error: page.ok ? null : page.error,
  };
}

const FIELD = 'min-h-11 w-full rounded-lg border border-border bg-background px-3 text-base';

export default function BackofficeDeposits({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const location = useLocation();
  const locale = usePageLocale();
  const { search, offset, items, more, canSeePlayers } = loaderData;
  const pageHref = (next: number) => {
    const query = new URLSearchParams();
    for (const key of ['q', 'status', 'from', 'to'] as const) if (search[key]) query.set(key, search[key]);
    if (next > 0) query.set('offset', String(next));
    return `${location.pathname}?${query}`;
  };
  return (
    <div>
      <PageHeading title={t('deposits.title')} />
      <Form
        method="get"
        role="search"
        key={JSON.stringify(search)}
        className="mb-4 grid gap-2 tablet:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] tablet:items-end"
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('deposits.query')}
          <input name="q" type="search" defaultValue={search.q} maxLength={128} className={FIELD} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('deposits.status')}
          <select name="status" defaultValue={search.status} className={FIELD}>
            <option value="">{t('deposits.anyStatus')}</option>
            {DEPOSIT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`withdrawals.status.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('deposits.from')}
          <input name="from" type="date" defaultValue={search.from} className={FIELD} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('deposits.to')}
          <input name="to" type="date" defaultValue={search.to} className={FIELD} />
        </label>
        <Button type="submit" size="sm">
          {t('deposits.search')}
        </Button>
      </Form>
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {!loaderData.error && items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-muted">
          {t('deposits.none')}
        </p>
      ) : (
        <TableBox label={t('deposits.results')}>
          <table className="w-full min-w-[48rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>{t('withdrawals.id')}</th>
                <th className={TH}>{t('deposits.created')}</th>
                <th className={TH}>{t('withdrawals.player')}</th>
                <th className={cx(TH, 'text-end')}>{t('withdrawals.amount')}</th>
                <th className={TH}>{t('withdrawals.method')}</th>
                <th className={TH}>{t('withdrawals.statusColumn')}</th>
                <th className={TH}>{t('deposits.paymentId')}</th>
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
                  <td className={TD}>
                    {t(`withdrawals.status.${item.status}`, { defaultValue: item.status })}
                    {item.failure_code && (
                      <span className="block text-xs text-muted">{item.failure_code}</span>
                    )}
                  </td>
                  <td className={cx(TD, 'max-w-56 break-all text-muted')}>
                    {item.provider_payment_id ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <Pager
        previous={offset > 0 ? pageHref(Math.max(0, offset - DEPOSITS_PAGE_SIZE)) : null}
        next={more ? pageHref(offset + DEPOSITS_PAGE_SIZE) : null}
      />
    </div>
  );
}
