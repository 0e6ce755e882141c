/**
 * /cashier/withdraw (spec §2, §8): what the player can withdraw, the gates they must pass first
 * (confirmed contact, identity verification) with the configured links, the withdrawal waiting for
 * approval with its Cancel button, or the request form.
 */

import { CashierCard } from '../features/cashier/cashier-card.tsx';
import { methodTitle, useCashierOutlet } from '../features/cashier/cashier-outlet.ts';
import { OpenWithdrawal } from '../features/cashier/open-withdrawal.tsx';
import { useCashierFormat } from '../features/cashier/use-cashier-format.ts';
import { WithdrawForm } from '../features/cashier/withdraw-form.tsx';
import { WithdrawalGateNotice } from '../features/cashier/withdrawal-gate.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/cashier-withdraw';

/** The leaf's title through the site's title template (the root's meta cannot see child loaders). */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const settings = await orErrorPage(web.api.call('cashier.getwithdrawsettings'));
  const needsBanks = settings.methods.some((method) =>
    method.requisites.some((field) => field.name === 'bank_id'),
  );
  // The bank list is optional help: when the provider cannot list banks the field is left out.
  const banks = needsBanks
    ? await web.api.call('cashier.getbanks').then(
        (answer) => answer.items,
        (error: unknown) => {
          web.log.warn({ err: error }, 'bank list unavailable; withdrawal form without it');
          return [];
        },
      )
    : [];
  return { settings, banks, pageMeta: { title: i18nFor(locale).t('cashier:withdraw.title') } };
}

export default function CashierWithdraw({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('cashier');
  const { money } = useCashierFormat();
  const { methods } = useCashierOutlet();
  const { settings, banks } = loaderData;
  const { confirm_contact: confirmContact, kyc } = settings.requirements;
  const gated = confirmContact.required || kyc.required;
  return (
    <div className="grid gap-5 laptop:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] laptop:items-start laptop:gap-8">
      <CashierCard id="withdrawable" title={t('withdraw.withdrawable')}>
        <div className="amount text-3xl font-bold tracking-tight" data-testid="withdrawable-amount">
          {money(settings.withdrawable)}
        </div>
        <p className="mt-2 text-sm text-muted">{t('withdraw.withdrawableText')}</p>
      </CashierCard>
      <div className="flex min-w-0 flex-col gap-5">
        {confirmContact.required && (
          <WithdrawalGateNotice gate="confirm_contact" link={confirmContact.link} />
        )}
        {kyc.required && <WithdrawalGateNotice gate="kyc" link={kyc.link} />}
        {settings.open_withdrawal ? (
          <OpenWithdrawal
            withdrawal={settings.open_withdrawal}
            methodTitle={methodTitle(methods, settings.open_withdrawal.method)}
          />
        ) : (
          !gated && <WithdrawForm settings={settings} banks={banks} />
        )}
      </div>
    </div>
  );
}
