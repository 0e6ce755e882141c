/**
 * Domains (ADR 053): every domain the site answers for (`*`: every other host) with its canonical
 * origin, sitemap and robots rules; each opens its editor (`/backoffice/domains/:host`), and a new
 * host starts at `/backoffice/domains/new`.
 */

import { Link } from 'react-router';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading, TableBox, TD, TH } from '../features/backoffice/backoffice-shell.tsx';
import { FALLBACK_HOST, hostSegment, type StaffDomain } from '../features/backoffice/domains.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/backoffice-domains';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'content.edit');
  const loaded = await loadOrSignIn(request, () =>
    staffRequest<{ data: { items: StaffDomain[] } }>('/nfx/operator/domains', { signal: request.signal }),
  );
  return {
    items: loaded.ok ? loaded.value.data.items : [],
    error: loaded.ok ? null : loaded.error,
  };
}

export default function BackofficeDomains({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const hostLabel = (host: string) => (host === FALLBACK_HOST ? t('domains.fallback') : host);
  return (
    <div>
      <PageHeading title={t('domains.title')}>
        <Button href={backofficeHref(locale, '/backoffice/domains/new')} size="sm" iconStart="plus">
          {t('domains.new')}
        </Button>
      </PageHeading>
      <p className="mb-4 max-w-3xl text-sm text-muted">{t('domains.intro')}</p>
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {!loaderData.error && (
        <TableBox label={t('domains.title')}>
          <table className="w-full min-w-[40rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>{t('domains.fields.host')}</th>
                <th className={TH}>{t('domains.fields.canonical_url')}</th>
                <th className={TH}>{t('domains.fields.sitemap_url')}</th>
                <th className={TH}>{t('domains.rules')}</th>
                <th className={TH}>{t('domains.languages')}</th>
                <th className={TH}>
                  <span className="sr-only">{t('domains.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.items.map((domain) => (
                <tr key={domain.host} className="border-b border-border last:border-0">
                  <td className={cx(TD, 'font-medium break-all')}>{hostLabel(domain.host)}</td>
                  <td className={cx(TD, 'break-all')}>{domain.canonical_url ?? t('domains.fromRequest')}</td>
                  <td className={cx(TD, 'break-all')}>{domain.sitemap_url ?? '—'}</td>
                  <td className={cx(TD, 'tabular-nums')}>
                    {domain.robots_rules.reduce(
                      (sum, group) => sum + group.allow.length + group.disallow.length,
                      0,
                    )}
                  </td>
                  <td className={TD}>
                    {(['en', 'fr'] as const)
                      .filter((language) => domain.seo[language] !== null)
                      .map((language) => t(`content.locales.${language}`))
                      .join(', ') || '—'}
                  </td>
                  <td className={TD}>
                    <Link
                      className="text-accent underline"
                      to={backofficeHref(locale, `/backoffice/domains/${hostSegment(domain.host)}`)}
                      aria-label={t('domains.editDomain', { host: hostLabel(domain.host) })}
                    >
                      {t('domains.edit')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </div>
  );
}
