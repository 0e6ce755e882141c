/**
 * /cashier/receipt[?id=] (spec §2, §3 receiptBlocksVisibility): the receipt of one of the player's
 * transactions — the latest when no id is given — with the merchant's address, contacts and payment
 * rules blocks as the content shows them. Another player's id answers like a missing one.
 */
import { localizePath } from '@croupier/contract/locales';
import { Link } from 'react-router';
import { CashierCard, Notice } from '../features/cashier/cashier-card.tsx';
import { methodTitle, useCashierOutlet } from '../features/cashier/cashier-outlet.ts';
import { parseTransactionId } from '../features/cashier/payment-result.ts';
import { TransactionDetails } from '../features/cashier/transaction-details.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { useHrefAvailable } from '../lib/site-sections.ts';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { Button } from '../ui/button.tsx';
import type { Route } from './+types/cashier-receipt';

/** The leaf's title through the site's title template (the root's meta cannot see child loaders). */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const pageMeta = { title: i18nFor(locale).t('cashier:receipt.title') };
  const requested = url.searchParams.get('id');
  const id = requested === null ? null : parseTransactionId(requested);
  if (requested !== null && id === null) return { transaction: null, missing: true, pageMeta };
  if (id === null) {
    const latest = await orErrorPage(web.api.call('cashier.gethistory', { type: 'all', count: 1 }));
    return { transaction: latest.items[0] ?? null, missing: false, pageMeta };
  }
  const transaction = await web.api.call('cashier.getdepositinfo', { id }).catch((error: unknown) => {
    // Not ours or not there: the same answer, by design (ids reveal nothing).
    if (error instanceof Error && error.name === 'ApiError') return null;
    throw error;
  });
  return { transaction, missing: transaction === null, pageMeta };
}

export default function CashierReceipt({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('cashier');
  const locale = usePageLocale();
  const hrefAvailable = useHrefAvailable();
  const { methods, receiptBlocks } = useCashierOutlet();
  const { seo, shell } = useRootData();
  const { transaction } = loaderData;
  if (!transaction) {
    return (
      <CashierCard id="receipt" title={t('receipt.title')}>
        <Notice tone="info" title={loaderData.missing ? t('receipt.notFound') : t('receipt.none')}>
          <Button href={localizePath('/cashier/deposit', locale)} size="sm" className="mt-1">
            {t('wallet.deposit')}
          </Button>
        </Notice>
      </CashierCard>
    );
  }
  const organization = seo.domain?.organization;
  const merchant = organization?.name || shell.siteName;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <CashierCard
        id="receipt"
        title={t('receipt.titleOf', { id: transaction.id })}
        description={t(`receipt.subtitle.${transaction.type}`)}
        aside={
          <Button variant="secondary" size="sm" onClick={() => window.print()} className="print:hidden">
            {t('receipt.print')}
          </Button>
        }
      >
        <TransactionDetails
          transaction={transaction}
          methodTitle={methodTitle(methods, transaction.method)}
        />
      </CashierCard>
      {(receiptBlocks.isAddressVisible ||
        receiptBlocks.isContactsVisible ||
        receiptBlocks.isRulesVisible) && (
        <div className="grid gap-4 rounded-2xl border border-border bg-surface p-4 text-sm tablet:grid-cols-2 tablet:p-6">
          {receiptBlocks.isAddressVisible && (
            <section aria-labelledby="receipt-address" data-testid="receipt-address">
              <h3 id="receipt-address" className="mb-1 font-semibold">
                {t('receipt.address')}
              </h3>
              <p className="text-muted">{merchant}</p>
              <p className="text-muted">{organization?.url || transaction.domain}</p>
            </section>
          )}
          {receiptBlocks.isContactsVisible && (
            <section aria-labelledby="receipt-contacts" data-testid="receipt-contacts">
              <h3 id="receipt-contacts" className="mb-1 font-semibold">
                {t('receipt.contacts')}
              </h3>
              {organization?.contactPoint.telephone && (
                <p className="text-muted">
                  {/* Two stacked links: each at least 24 px tall (WCAG 2.5.8 target size). */}
                  <a
                    href={`tel:${organization.contactPoint.telephone}`}
                    className="inline-flex min-h-6 items-center hover:text-text"
                  >
                    {organization.contactPoint.telephone}
                  </a>
                </p>
              )}
              {/* No link into the support section until its page exists (ADR 014). */}
              {hrefAvailable('/support') && (
                <p className="text-muted">
                  <Link
                    to={localizePath('/support', locale)}
                    className="inline-flex min-h-6 items-center text-accent hover:text-accent-hover"
                  >
                    {t('receipt.support')}
                  </Link>
                </p>
              )}
            </section>
          )}
          {receiptBlocks.isRulesVisible && (
            <section
              aria-labelledby="receipt-rules"
              className="tablet:col-span-2"
              data-testid="receipt-rules"
            >
              <h3 id="receipt-rules" className="mb-1 font-semibold">
                {t('receipt.rules')}
              </h3>
              <p className="leading-relaxed text-muted">{t('receipt.rulesText', { merchant })}</p>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
