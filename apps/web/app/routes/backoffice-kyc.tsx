/**
 * KYC: the review queue (staff with `kyc.review`): players waiting for a decision (pending or asked
 * to retry), longest first, and the decided ones by tab; each opens the player's review.
 */

import { Link, useLocation } from 'react-router';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffDateTime } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
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
  KYC_PAGE_SIZE,
  KYC_TABS,
  type KycQueueItem,
  type KycTab,
  parseKycTab,
} from '../features/backoffice/kyc.ts';
import { parseOffset } from '../features/backoffice/withdrawals.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/backoffice-kyc';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'kyc.review');
  const url = new URL(request.url);
  const tab = parseKycTab(url.searchParams.get('tab'));
  const offset = parseOffset(url.searchParams.get('offset'));
  const page = await loadOrSignIn(request, () =>
    staffRequest<{ data: { items: KycQueueItem[] } }>('/nfx/operator/kyc/reviews', {
      query: { status: KYC_TABS[tab], offset, count: KYC_PAGE_SIZE },
      signal: request.signal,
    }),
  );
  return {
    tab,
    offset,
    items: page.ok ? page.value.data.items : [],
    error: page.ok ? null : page.error,
  };
}

export default function BackofficeKyc({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const location = useLocation();
  const locale = usePageLocale();
  const { tab, offset, items } = loaderData;
  const href = (next: { tab?: KycTab; offset?: number }) => {
    const query = new URLSearchParams({ tab: next.tab ?? tab });
    if ((next.offset ?? 0) > 0) query.set('offset', String(next.offset));
    return `${location.pathname}?${query}`;
  };
  return (
    <div>
      <PageHeading title={t('kyc.title')} />
      <PillTabs
        label={t('kyc.tabsLabel')}
        tabs={(Object.keys(KYC_TABS) as KycTab[]).map((value) => ({
          key: value,
          href: href({ tab: value, offset: 0 }),
          text: t(`kyc.tabs.${value}`),
          current: value === tab,
        }))}
      />
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {!loaderData.error && items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-muted">
          {t('kyc.empty')}
        </p>
      ) : (
        <TableBox label={t('kyc.title')}>
          <table className="w-full min-w-[40rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>{t('kyc.player')}</th>
                <th className={TH}>{t('kyc.statusColumn')}</th>
                <th className={TH}>{t('kyc.lastEvent')}</th>
                <th className={TH}>{t('kyc.waitingSince')}</th>
                <th className={TH}>{t('kyc.applicant')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.player_id} className="border-b border-border last:border-0">
                  <td className={cx(TD, 'tabular-nums')}>
                    <Link
                      className="text-accent underline"
                      to={backofficeHref(locale, `/backoffice/kyc/${item.player_id}`)}
                      aria-label={t('kyc.open', { id: item.player_id })}
                    >
                      {item.player_id}
                    </Link>
                  </td>
                  <td className={TD}>{t(`kyc.status.${item.status}`, { defaultValue: item.status })}</td>
                  <td className={cx(TD, 'whitespace-nowrap tabular-nums')}>
                    {item.last_event_at ? formatStaffDateTime(item.last_event_at, locale) : '—'}
                  </td>
                  <td className={cx(TD, 'whitespace-nowrap tabular-nums')}>
                    {formatStaffDateTime(item.updated_at, locale)}
                  </td>
                  <td className={cx(TD, 'font-mono text-xs text-muted break-all')}>{item.applicant_id}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <Pager
        previous={offset > 0 ? href({ offset: Math.max(0, offset - KYC_PAGE_SIZE) }) : null}
        next={items.length === KYC_PAGE_SIZE ? href({ offset: offset + KYC_PAGE_SIZE }) : null}
      />
    </div>
  );
}
