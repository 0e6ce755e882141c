/** The back office's home: the sections this staff member may open, one card each. */

import { Link } from 'react-router';
import { requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
import { sectionsFor } from '../features/backoffice/backoffice-permissions.ts';
import { PageHeading } from '../features/backoffice/backoffice-shell.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import type { Route } from './+types/backoffice-index';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { user: await requireStaff(request) };
}

export default function BackofficeIndex({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const sections = sectionsFor(loaderData.user);
  return (
    <div>
      <PageHeading title={t('home.title', { name: loaderData.user.username })} />
      {sections.length === 0 ? (
        <p className="text-muted">{t('home.nothing')}</p>
      ) : (
        <ul className="grid gap-3 tablet:grid-cols-2 laptopLg:grid-cols-4">
          {sections.map((section) => (
            <li key={section.key}>
              <Link
                to={backofficeHref(locale, section.path)}
                className="block h-full rounded-xl border border-border bg-surface p-4 hover:border-accent"
              >
                <span className="block font-semibold">{t(`nav.${section.key}`)}</span>
                <span className="mt-1 block text-sm text-muted">{t(`home.${section.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
