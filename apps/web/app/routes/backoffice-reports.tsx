/**
 * Reports (staff with `reports.read`: payments, risk): daily money figures from the ledger for a
 * date range (UTC days, both ends included) — the summary (GGR, bonus cost, NGR, deposits,
 * withdrawals, active players), gaming per product and provider, casino GGR per game, cash flow by
 * kind — per currency,
 * with the range's totals per currency, and the same table as a CSV download.
 */
import { useState } from 'react';
import { Form, useLocation } from 'react-router';
import { BackofficeApiError } from '../features/backoffice/backoffice-api.ts';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffMoney } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import {
  ErrorNote,
  PageHeading,
  PillTabs,
  TableBox,
  TD,
  TH,
} from '../features/backoffice/backoffice-shell.tsx';
import {
  downloadReportCsv,
  MONEY_COLUMNS,
  parseRange,
  parseSection,
  REPORT_SECTIONS,
  type ReportRow,
  type ReportSection,
  reportQuery,
  totalsByCurrency,
} from '../features/backoffice/reports.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/backoffice-reports';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'reports.read');
  const url = new URL(request.url);
  const section = parseSection(url.searchParams.get('section'));
  const range = parseRange(url.searchParams.get('from'), url.searchParams.get('to'));
  if (!range) {
    return {
      section,
      range: parseRange(null, null)!,
      items: [] as ReportRow[],
      error: new BackofficeApiError(400, 'report_range'),
    };
  }
  const page = await loadOrSignIn(request, () =>
    staffRequest<{ data: { items: ReportRow[] } }>('/nfx/operator/reports/daily', {
      query: reportQuery(range, section),
      signal: request.signal,
    }),
  );
  return { section, range, items: page.ok ? page.value.data.items : [], error: page.ok ? null : page.error };
}

/** The columns each section shows, as the endpoint names them. */
const COLUMNS: Record<ReportSection, string[]> = {
  summary: ['day', 'currency', 'ggr', 'bonus_cost', 'ngr', 'deposits', 'withdrawals', 'active_players'],
  gaming: ['day', 'currency', 'product', 'provider', 'stakes', 'payouts', 'ggr', 'bonus_ggr', 'players'],
  games: ['day', 'currency', 'provider', 'game', 'stakes', 'payouts', 'ggr', 'bonus_ggr', 'players'],
  'cash-flow': ['day', 'currency', 'kind', 'main_net', 'transactions'],
};

const INPUT = 'min-h-11 rounded-lg border border-border bg-background px-3 text-base text-text';

export default function BackofficeReports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const location = useLocation();
  const locale = usePageLocale();
  const { section, range, items } = loaderData;
  const columns = COLUMNS[section];
  const totals = totalsByCurrency(items, columns);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const sectionHref = (value: ReportSection) =>
    `${location.pathname}?${new URLSearchParams({ section: value, from: range.from, to: range.to })}`;

  async function download() {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadReportCsv(range, section);
    } catch (caught) {
      setDownloadError(errorText(t, caught));
    }
    setDownloading(false);
  }

  const cell = (row: ReportRow, column: string) => {
    const value = row[column];
    if (MONEY_COLUMNS.has(column) && typeof value === 'string') {
      return formatStaffMoney({ amount: value, currency: String(row.currency) }, locale);
    }
    if (column === 'product') {
      return t(`reports.values.${String(value)}`, { defaultValue: String(value) });
    }
    return String(value ?? '');
  };

  return (
    <div>
      <PageHeading title={t('reports.title')}>
        <Button size="sm" variant="secondary" loading={downloading} onClick={() => void download()}>
          {t('reports.csv')}
        </Button>
      </PageHeading>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label={t('reports.rangeLabel')}>
        <input type="hidden" name="section" value={section} />
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t('reports.from')}
          <input type="date" name="from" defaultValue={range.from} required className={INPUT} />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t('reports.to')}
          <input type="date" name="to" defaultValue={range.to} required className={INPUT} />
        </label>
        <Button type="submit" size="sm">
          {t('reports.show')}
        </Button>
        <p className="w-full text-xs text-muted">{t('reports.utcNote')}</p>
      </Form>
      <PillTabs
        label={t('reports.sectionsLabel')}
        tabs={REPORT_SECTIONS.map((value) => ({
          key: value,
          href: sectionHref(value),
          text: t(`reports.sections.${value}`),
          current: value === section,
        }))}
      />
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {downloadError && <ErrorNote text={downloadError} />}
      {!loaderData.error && items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-muted">
          {t('reports.empty')}
        </p>
      ) : (
        <TableBox label={t(`reports.sections.${section}`)}>
          <table className="w-full min-w-[48rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                {columns.map((column) => (
                  <th key={column} className={cx(TH, MONEY_COLUMNS.has(column) && 'text-end')}>
                    {t(`reports.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id; the list is replaced whole.
                <tr key={index} className="border-b border-border last:border-0">
                  {columns.map((column) => (
                    <td
                      key={column}
                      className={cx(
                        TD,
                        'whitespace-nowrap',
                        (MONEY_COLUMNS.has(column) || typeof row[column] === 'number') &&
                          'text-end tabular-nums',
                      )}
                    >
                      {cell(row, column)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-border">
              {[...totals].map(([currency, sums]) => (
                <tr key={currency}>
                  {columns.map((column, index) => (
                    <td
                      key={column}
                      className={cx(
                        TD,
                        'font-semibold whitespace-nowrap',
                        MONEY_COLUMNS.has(column) && 'text-end tabular-nums',
                      )}
                    >
                      {index === 0
                        ? t('reports.total')
                        : column === 'currency'
                          ? currency
                          : sums[column] !== undefined
                            ? formatStaffMoney({ amount: sums[column], currency }, locale)
                            : ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tfoot>
          </table>
        </TableBox>
      )}
    </div>
  );
}
