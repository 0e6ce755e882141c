/**
 * Content: the collections a content editor manages (pages, SEO records, redirects, custom code,
 * the content config sections), a tab each; pages, SEO records and config listed per language
 * (English, French). Each entry opens its editor (`/backoffice/content/:collection/:id`; a config
 * section: `/backoffice/content/config/:section?locale=`), and a new entry starts there too.
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
  CONTENT_COLLECTIONS,
  CONTENT_LOCALES,
  CONTENT_PAGE_SIZE,
  type ContentEntry,
  collectionSpec,
  parseContentLocale,
} from '../features/backoffice/content.ts';
import { parseOffset } from '../features/backoffice/withdrawals.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/backoffice-content';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'content.edit');
  const url = new URL(request.url);
  const spec = collectionSpec(url.searchParams.get('collection')) ?? CONTENT_COLLECTIONS[0]!;
  const locale = spec.localized ? (parseContentLocale(url.searchParams.get('locale')) ?? 'en') : undefined;
  const offset = parseOffset(url.searchParams.get('offset'));
  const page = await loadOrSignIn(request, () =>
    spec.config
      ? staffRequest<{ data: ContentEntry[] }>('/nfx/content-manager/config', {
          query: { locale },
          signal: request.signal,
        })
      : staffRequest<{ data: ContentEntry[] }>(`/nfx/content-manager/${spec.key}`, {
          query: { locale, start: offset, limit: CONTENT_PAGE_SIZE },
          signal: request.signal,
        }),
  );
  return {
    collection: spec.key,
    locale: locale ?? null,
    offset,
    items: page.ok ? page.value.data : [],
    error: page.ok ? null : page.error,
  };
}

function cell(value: unknown, yes: string, no: string): string {
  if (typeof value === 'boolean') return value ? yes : no;
  if (value === null || value === undefined) return '';
  return String(value);
}

export default function BackofficeContent({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const location = useLocation();
  const locale = usePageLocale();
  const { collection, offset, items } = loaderData;
  const spec = collectionSpec(collection) ?? CONTENT_COLLECTIONS[0]!;
  const href = (next: { collection?: string; locale?: string | null; offset?: number }) => {
    const query = new URLSearchParams({ collection: next.collection ?? collection });
    const language = next.locale === undefined ? loaderData.locale : next.locale;
    if (language && collectionSpec(next.collection ?? collection)?.localized) query.set('locale', language);
    if ((next.offset ?? 0) > 0) query.set('offset', String(next.offset));
    return `${location.pathname}?${query}`;
  };
  const entryHref = (id: number | string) => {
    const path = backofficeHref(locale, `/backoffice/content/${collection}/${id}`);
    return (id === 'new' || spec.config) && loaderData.locale ? `${path}?locale=${loaderData.locale}` : path;
  };

  return (
    <div>
      <PageHeading title={t('content.title')}>
        {!spec.config && (
          <Button href={entryHref('new')} size="sm" iconStart="plus">
            {t('content.new')}
          </Button>
        )}
      </PageHeading>
      <PillTabs
        label={t('content.collectionsLabel')}
        className="mb-3"
        tabs={CONTENT_COLLECTIONS.map((item) => ({
          key: item.key,
          href: href({ collection: item.key, offset: 0 }),
          text: t(`content.collections.${item.key}`),
          current: item.key === collection,
        }))}
      />
      {spec.localized && (
        <PillTabs
          label={t('content.localeLabel')}
          tabs={CONTENT_LOCALES.map((value) => ({
            key: value,
            href: href({ locale: value, offset: 0 }),
            text: t(`content.locales.${value}`),
            current: value === loaderData.locale,
          }))}
        />
      )}
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {!loaderData.error && items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-muted">
          {t('content.empty')}
        </p>
      ) : (
        <TableBox label={t(`content.collections.${collection}`)}>
          <table className="w-full min-w-[40rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                {!spec.config && <th className={TH}>{t('content.id')}</th>}
                {spec.columns.map((column) => (
                  <th key={column} className={TH}>
                    {t(`content.fields.${column}`)}
                  </th>
                ))}
                <th className={TH}>{t('content.updated')}</th>
                <th className={TH}>
                  <span className="sr-only">{t('content.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr
                  key={spec.config ? String(item.section) : item.id}
                  className="border-b border-border last:border-0"
                >
                  {!spec.config && <td className={cx(TD, 'tabular-nums')}>{item.id}</td>}
                  {spec.columns.map((column) => (
                    <td key={column} className={cx(TD, 'max-w-72 break-words')}>
                      {cell(item[column], t('yes'), t('no'))}
                    </td>
                  ))}
                  <td className={cx(TD, 'whitespace-nowrap tabular-nums text-muted')}>
                    {formatStaffDateTime(item.updated_at, locale)}
                  </td>
                  <td className={TD}>
                    <Link
                      className="text-accent underline"
                      to={entryHref(spec.config ? String(item.section) : item.id)}
                      aria-label={t('content.editEntry', { name: cell(item[spec.label], '', '') || item.id })}
                    >
                      {t('content.edit')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <Pager
        previous={offset > 0 ? href({ offset: Math.max(0, offset - CONTENT_PAGE_SIZE) }) : null}
        next={
          !spec.config && items.length === CONTENT_PAGE_SIZE
            ? href({ offset: offset + CONTENT_PAGE_SIZE })
            : null
        }
      />
    </div>
  );
}
