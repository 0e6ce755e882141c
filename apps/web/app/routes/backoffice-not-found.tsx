/** An unknown back-office address: said inside the back office, with the way to its home. */

import { Link } from 'react-router';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';

export default function BackofficeNotFound() {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  return (
    <div className="mx-auto max-w-md py-10 text-center">
      <h1 className="text-xl font-semibold">{t('notFound.title')}</h1>
      <p className="mt-4">
        <Link className="text-accent underline" to={backofficeHref(locale)}>
          {t('notFound.home')}
        </Link>
      </p>
    </div>
  );
}
