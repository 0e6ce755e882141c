/**
 * The demo profile's banner (server SANDBOX on, ADR 008): one thin line at the top of every page
 * saying the site is a demo with sandbox payments and no real money. Nothing outside the demo.
 */
import { useTranslation } from 'react-i18next';
import { useRootLoaderData } from '../../lib/root-data.ts';

export function DemoBanner() {
  const { t } = useTranslation();
  const rootData = useRootLoaderData();
  if (!rootData?.demo) return null;
  return (
    <p
      role="note"
      data-testid="demo-banner"
      className="m-0 border-b border-border bg-raised px-4 py-1 text-center text-xs leading-5 font-medium text-muted"
    >
      {t('demoBanner')}
    </p>
  );
}
