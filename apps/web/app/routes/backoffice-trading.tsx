/**
 * Sportsbook trading (ADR 047): the events on the book, live first, with their markets' states
 * (open, held by a trader, settled), read again every 5 seconds while the page is visible. Each row
 * opens the event's markets and liability.
 */
import { useEffect } from 'react';
import { Link, useRevalidator } from 'react-router';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffDateTime } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading, TableBox, TD, TH } from '../features/backoffice/backoffice-shell.tsx';
import { TRADING_REFRESH_MS, type TradingEventSummary } from '../features/backoffice/trading.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/backoffice-trading';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'sportsbook.read');
  const page = await loadOrSignIn(request, () =>
    staffRequest<{ data: { items: TradingEventSummary[] } }>('/nfx/operator/sportsbook/events', {
      signal: request.signal,
    }),
  );
  return { items: page.ok ? page.value.data.items : [], error: page.ok ? null : page.error };
}

/** Reads the page's data again every TRADING_REFRESH_MS while the tab is visible. */
export function useTradingRefresh() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle')
        void revalidator.revalidate();
    }, TRADING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
}

export function EventStatus({ status }: { status: string }) {
  const { t } = useTranslation('backoffice');
  return (
    <span
      className={cx(
        'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        status === 'live' ? 'bg-danger/15 text-danger-soft' : 'bg-raised text-muted',
      )}
    >
      {t(`trading.eventStatus.${status}`, { defaultValue: status })}
    </span>
  );
}

export default function BackofficeTrading({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  useTradingRefresh();
  const { items } = loaderData;
  return (
    <div>
      <PageHeading title={t('trading.title')}>
        <p className="text-sm text-muted">{t('trading.refreshing')}</p>
      </PageHeading>
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {!loaderData.error && items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-muted">
          {t('trading.empty')}
        </p>
      ) : (
        <TableBox label={t('trading.title')}>
          <table className="w-full min-w-[48rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>{t('trading.event')}</th>
                <th className={TH}>{t('trading.status')}</th>
                <th className={TH}>{t('trading.start')}</th>
                <th className={TH}>{t('trading.score')}</th>
                <th className={cx(TH, 'text-end')}>{t('trading.marketsOpen')}</th>
                <th className={cx(TH, 'text-end')}>{t('trading.marketsHeld')}</th>
                <th className={cx(TH, 'text-end')}>{t('trading.marketsSettled')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-b border-border last:border-0">
                  <td className={TD}>
                    <Link
                      className="font-medium text-accent underline"
                      to={backofficeHref(locale, `/backoffice/trading/${encodeURIComponent(item.id)}`)}
                    >
                      {t('trading.versus', { home: item.home, away: item.away })}
                    </Link>
                    <span className="block text-xs text-muted">{item.sport}</span>
                  </td>
                  <td className={TD}>
                    <EventStatus status={item.status} />
                    {item.held && (
                      <span className="ms-2 inline-block rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-warning">
                        {t('trading.held')}
                      </span>
                    )}
                  </td>
                  <td className={cx(TD, 'whitespace-nowrap tabular-nums')}>
                    {formatStaffDateTime(item.start_time, locale)}
                  </td>
                  <td className={cx(TD, 'tabular-nums')}>
                    {item.status === 'not_started' ? '—' : item.score}
                  </td>
                  <td className={cx(TD, 'text-end tabular-nums')}>
                    {item.markets.open} / {item.markets.total}
                  </td>
                  <td className={cx(TD, 'text-end tabular-nums')}>{item.markets.held}</td>
                  <td className={cx(TD, 'text-end tabular-nums')}>{item.markets.settled}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </div>
  );
}
