/**
 * The demo profile's banner (server SANDBOX on, ADR 008): one thin line at the top of every page
 * saying the site is a demo with sandbox payments and no real money. Nothing outside the demo.
 * It stays at the top while the page scrolls, the site header stuck under it; its height is
 * `--demo-banner-height` (ui/theme.css), one line whatever the width, so the toast area and the
 * sticky parts that sit under `--header-height` never cover the header.
 */
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRootLoaderData } from '../../lib/root-data.ts';

/** While an element with this id is in the page, `--demo-banner-height` is its height (ui/theme.css). */
const DEMO_BANNER_ID = 'demo-banner';

export function DemoBanner() {
  const { t } = useTranslation();
  const rootData = useRootLoaderData();
  if (!rootData?.demo) return null;
  return (
    <p
      id={DEMO_BANNER_ID}
      role="note"
      data-testid="demo-banner"
      className="sticky top-0 z-[var(--z-header)] m-0 h-(--demo-banner-height) truncate border-b border-border bg-raised px-4 py-1 text-center text-xs leading-5 font-medium text-muted"
    >
      {t('demoBanner')}
    </p>
  );
}
