/**
 * /cashier/* (spec §2): the cashier's header (title, deposit detalization when the content places
 * it here) and sections. Guests never get here (guest guard, spec §6). The loader reads what every
 * section shares: the player's payment methods (titles and icons) and the cashier content settings.
 */

import { Outlet } from 'react-router';
import { CashierNav } from '../features/cashier/cashier-nav.tsx';
import type { CashierOutletContext } from '../features/cashier/cashier-outlet.ts';
import { DepositDetalization } from '../features/cashier/deposit-detalization.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/cashier-layout';

/** Spec §9: recent transactions 4. */
const RECENT_DEPOSITS = 4;

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const config = await web.content.getConfig(locale);
  const inHeader = config['prazer-config'].depositDetalization === 'cashierHeader';
  const [methods, recent] = await Promise.all([
    orErrorPage(web.api.call('cashier.paymentMethods')),
    inHeader
      ? orErrorPage(web.api.call('cashier.gethistory', { type: 'deposit', count: RECENT_DEPOSITS }))
      : null,
  ]);
  const outlet: CashierOutletContext = {
    methods: methods.items,
    depositLayout: config['cashier-config'].depositLayout,
    receiptBlocks: config['cashier-config'].receiptBlocksVisibility,
    recentDeposits: recent?.items ?? null,
  };
  return { outlet, pageMeta: { title: i18nFor(locale).t('cashier:title') } };
}

export default function CashierLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('cashier');
  const locale = usePageLocale();
  const { outlet } = loaderData;
  return (
    <div className="mx-auto w-full max-w-screen-desktop px-4 pt-6 pb-12 tablet:px-6 laptop:px-8 laptop:pt-10">
      <header className="mb-5 flex flex-col gap-4 tablet:flex-row tablet:items-start tablet:justify-between laptop:mb-6">
        <div>
          <p className="text-sm font-medium text-muted">{t('eyebrow')}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight laptop:text-3xl">{t('title')}</h1>
        </div>
        {outlet.recentDeposits && (
          <DepositDetalization deposits={outlet.recentDeposits} methods={outlet.methods} />
        )}
      </header>
      <div className="mb-6">
        <CashierNav locale={locale} />
      </div>
      <Outlet context={outlet} />
    </div>
  );
}
