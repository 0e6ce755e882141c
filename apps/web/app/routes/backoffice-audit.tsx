/**
 * The staff audit log (admins): who did what to which record, with what outcome, newest first;
 * filters by staff id, action, target, outcome and time. Each row opens to its before/after state
 * and where the request came from.
 */

import { Form, useLocation } from 'react-router';
import {
  AUDIT_OUTCOMES,
  AUDIT_PAGE_SIZE,
  type AuditRecord,
  auditQuery,
} from '../features/backoffice/audit.ts';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffDateTime } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading, Pager, TableBox, TD, TH } from '../features/backoffice/backoffice-shell.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/backoffice-audit';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'audit.read');
  const search = new URL(request.url).searchParams;
  const query = auditQuery(search);
  const page = await loadOrSignIn(request, () =>
    staffRequest<{ data: AuditRecord[] }>('/nfx/audit-log', { query, signal: request.signal }),
  );
  return {
    start: Number(query.start),
    filters: Object.fromEntries(search),
    items: page.ok ? page.value.data : [],
    error: page.ok ? null : page.error,
  };
}

const OUTCOME_CLASS: Record<AuditRecord['outcome'], string> = {
  done: 'bg-accent/15 text-accent',
  refused: 'bg-warning/15 text-warning',
  failed: 'bg-danger/15 text-danger-soft',
};

const INPUT =
  'min-h-11 w-full rounded-lg border border-border bg-background px-3 text-sm text-text hover:border-border-strong';

export default function BackofficeAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const location = useLocation();
  const locale = usePageLocale();
  const { filters, items, start } = loaderData;
  const pageHref = (nextStart: number) => {
    const query = new URLSearchParams(filters);
    if (nextStart > 0) query.set('start', String(nextStart));
    else query.delete('start');
    return `${location.pathname}?${query}`;
  };
  const field = (name: string, label: string, props: Record<string, string> = {}) => (
    <label className="flex flex-col gap-1 text-xs font-medium text-muted">
      {label}
      <input name={name} defaultValue={filters[name] ?? ''} className={INPUT} {...props} />
    </label>
  );

  return (
    <div>
      <PageHeading title={t('audit.title')} />
      <Form
        method="get"
        key={location.search}
        className="mb-4 grid grid-cols-2 gap-3 rounded-xl border border-border bg-surface p-3 tablet:grid-cols-4 laptopLg:grid-cols-8"
      >
        {field('staff_id', t('audit.staffId'), { inputMode: 'numeric', pattern: '[1-9][0-9]*' })}
        {field('action', t('audit.action'), { placeholder: 'cashier.approve_withdrawal' })}
        {field('target_type', t('audit.targetType'))}
        {field('target_id', t('audit.targetId'))}
        <label className="flex flex-col gap-1 text-xs font-medium text-muted">
          {t('audit.outcome')}
          <select name="outcome" defaultValue={filters.outcome ?? ''} className={INPUT}>
            <option value="">{t('audit.anyOutcome')}</option>
            {AUDIT_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {t(`audit.outcomes.${outcome}`)}
              </option>
            ))}
          </select>
        </label>
        {field('from', t('audit.from'), { type: 'datetime-local' })}
        {field('to', t('audit.to'), { type: 'datetime-local' })}
        <div className="flex items-end">
          <Button type="submit" size="sm" fullWidth>
            {t('audit.search')}
          </Button>
        </div>
      </Form>
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {!loaderData.error && items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-muted">
          {t('audit.empty')}
        </p>
      ) : (
        <TableBox label={t('audit.title')}>
          <table className="w-full min-w-[48rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>{t('audit.at')}</th>
                <th className={TH}>{t('audit.staff')}</th>
                <th className={TH}>{t('audit.action')}</th>
                <th className={TH}>{t('audit.target')}</th>
                <th className={TH}>{t('audit.outcome')}</th>
                <th className={TH}>{t('audit.details')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-b border-border last:border-0">
                  <td className={cx(TD, 'whitespace-nowrap tabular-nums')}>
                    {formatStaffDateTime(item.at, locale)}
                  </td>
                  <td className={TD}>
                    {item.staff ? (
                      <>
                        <span className="block">{item.staff.username ?? `#${item.staff.id}`}</span>
                        <span className="block text-xs text-muted">
                          #{item.staff.id}
                          {item.staff.role
                            ? ` · ${t(`roles.${item.staff.role}`, { defaultValue: item.staff.role })}`
                            : ''}
                        </span>
                      </>
                    ) : (
                      <span className="text-muted">{t('audit.anonymous')}</span>
                    )}
                  </td>
                  <td className={cx(TD, 'font-mono text-xs')}>{item.action}</td>
                  <td className={cx(TD, 'whitespace-nowrap')}>
                    {item.target ? `${item.target.type} ${item.target.id ?? ''}` : '—'}
                  </td>
                  <td className={TD}>
                    <span
                      className={cx(
                        'rounded-full px-2 py-0.5 text-xs font-medium',
                        OUTCOME_CLASS[item.outcome],
                      )}
                    >
                      {t(`audit.outcomes.${item.outcome}`)}
                    </span>
                    {item.detail && <span className="mt-1 block text-xs text-muted">{item.detail}</span>}
                  </td>
                  <td className={cx(TD, 'min-w-56')}>
                    <details>
                      <summary className="cursor-pointer text-accent">{t('audit.show')}</summary>
                      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
                        <dt className="text-muted">{t('audit.before')}</dt>
                        <dd className="font-mono break-all">{stateText(item.before)}</dd>
                        <dt className="text-muted">{t('audit.after')}</dt>
                        <dd className="font-mono break-all">{stateText(item.after)}</dd>
                        <dt className="text-muted">{t('audit.ip')}</dt>
                        <dd className="font-mono">{item.ip ?? '—'}</dd>
                        <dt className="text-muted">{t('audit.requestId')}</dt>
                        <dd className="font-mono break-all">{item.requestId ?? '—'}</dd>
                        <dt className="text-muted">{t('audit.userAgent')}</dt>
                        <dd className="break-all">{item.userAgent ?? '—'}</dd>
                      </dl>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <Pager
        previous={start > 0 ? pageHref(Math.max(0, start - AUDIT_PAGE_SIZE)) : null}
        next={items.length === AUDIT_PAGE_SIZE ? pageHref(start + AUDIT_PAGE_SIZE) : null}
      />
    </div>
  );
}

/** A recorded state, compact: the audit row's own data, not an error. */
function stateText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value);
}
