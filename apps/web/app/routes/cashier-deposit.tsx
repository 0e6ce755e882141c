/**
 * /cashier/deposit and /cashier/deposit/{sysname} (spec §2, §3 Deposit state): the methods, the
 * chosen method's form (the content's default method on the index) and the deposit limits. An
 * unknown method is a 404 page.
 */

import { Notice } from '../features/cashier/cashier-card.tsx';
import { useCashierOutlet } from '../features/cashier/cashier-outlet.ts';
import { DepositForm, isDepositMethod } from '../features/cashier/deposit-form.tsx';
import { DepositLimits } from '../features/cashier/deposit-limits.tsx';
import { depositOffersOf, offerFromQuery } from '../features/cashier/deposit-offers.tsx';
import { MethodList } from '../features/cashier/method-list.tsx';
import { LimitPromptBeforeFirstDeposit } from '../features/responsible-gaming/limit-prompt.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { errorPageResponse, orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/cashier-deposit';

/** The leaf's title through the site's title template (the root's meta cannot see child loaders). */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [settings, offers, limitPromptDue] = await Promise.all([
    orErrorPage(web.api.call('cashier.getdepositsettings')),
    // Deposit offers (spec §3, §6); the page works without them if they cannot be read.
    web.api.call('campaigns.getoffers', { count: 50 }).then(
      (answer) => depositOffersOf(answer.items),
      () => [],
    ),
    // The limit prompt before the first deposit (ADR 029); the page works without it.
    web.api.call('responsibleGaming.getLimitPrompt').then(
      (answer) => answer.due,
      () => false,
    ),
  ]);
  const requested = 'sysname' in params ? params.sysname?.toLowerCase() : undefined;
  if (requested !== undefined && !settings.methods.some((method) => method.sysname === requested)) {
    throw errorPageResponse({ page: 'notFound', path: url.pathname }, 404);
  }
  const selected = requested ?? settings.default_method ?? settings.methods[0]?.sysname ?? null;
  return {
    selected,
    currency: settings.currency,
    presets: settings.amount_presets.find((entry) => entry.currency === settings.currency)?.values ?? [],
    depositLimit: settings.deposit_limit,
    offers,
    requestedOffer: offerFromQuery(url.search),
    limitPromptDue,
    pageMeta: { title: i18nFor(locale).t('cashier:deposit.title') },
  };
}

export default function CashierDeposit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('cashier');
  const { methods, depositLayout } = useCashierOutlet();
  const depositMethods = methods.filter(isDepositMethod);
  const method = depositMethods.find((entry) => entry.sysname === loaderData.selected);
  return (
    <div className="grid gap-5 laptop:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] laptop:items-start laptop:gap-8">
      <MethodList methods={depositMethods} selected={loaderData.selected} layout={depositLayout} />
      <div className="flex min-w-0 flex-col gap-5">
        {method ? (
          <DepositForm
            key={method.sysname}
            method={method}
            presets={loaderData.presets}
            depositLimit={loaderData.depositLimit}
            offers={loaderData.offers}
            requestedOffer={loaderData.requestedOffer}
          />
        ) : (
          <Notice tone="info" title={t('deposit.noMethods')} />
        )}
        <DepositLimits limit={loaderData.depositLimit} currency={loaderData.currency} />
        <LimitPromptBeforeFirstDeposit due={loaderData.limitPromptDue} currency={loaderData.currency} />
      </div>
    </div>
  );
}
