/**
 * /cashier/wallet (spec §2, §3 Account info balances): the main balance (real money, withdrawable),
 * the casino bonus (with a link to the player's bonuses) and the betting bonus, and fun money when
 * there is any.
 */
import { localizePath } from '@croupier/contract/locales';
import { Link } from 'react-router';
import { isZeroAmount } from '../features/cashier/cashier-money.ts';
import { useCashierFormat } from '../features/cashier/use-cashier-format.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import { Icon } from '../ui/icon.tsx';
import type { IconName } from '../ui/icon-names.ts';
import type { Route } from './+types/cashier-wallet';

/** The leaf's title through the site's title template (the root's meta cannot see child loaders). */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const balances = await orErrorPage(web.api.call('account.getBalance'));
  return { balances, pageMeta: { title: i18nFor(locale).t('cashier:wallet.title') } };
}

export default function CashierWallet({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('cashier');
  const { t: tb } = useTranslation('bonuses');
  const { money, locale } = useCashierFormat();
  const { balances } = loaderData;
  const rows: { id: string; icon: IconName; amount: string; accent?: boolean }[] = [
    { id: 'bonus', icon: 'gift', amount: money(balances.balance_bonus) },
    { id: 'bettingBonus', icon: 'betting', amount: money(balances.balance_betting_bonus) },
    ...(isZeroAmount(balances.balance_fun.amount)
      ? []
      : [{ id: 'fun', icon: 'play' as const, amount: money(balances.balance_fun) }]),
  ];
  return (
    <div
      className="grid gap-5 laptop:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] laptop:gap-8"
      data-testid="wallet"
    >
      <section
        aria-labelledby="wallet-main-title"
        className="relative overflow-hidden rounded-2xl border border-accent/30 bg-[radial-gradient(120%_140%_at_0%_0%,color-mix(in_oklab,var(--color-accent)_18%,transparent),transparent_60%)] bg-surface p-5 shadow-card tablet:p-7"
      >
        <div className="flex items-center gap-2 text-sm font-medium text-muted">
          <Icon name="wallet" className="text-accent" />
          <h2 id="wallet-main-title">{t('wallet.main')}</h2>
        </div>
        <div
          className="amount mt-3 text-4xl font-bold tracking-tight tablet:text-5xl"
          data-testid="wallet-main"
        >
          {money(balances.balance_main)}
        </div>
        <p className="mt-2 max-w-prose text-sm text-muted">{t('wallet.mainText')}</p>
        <div className="mt-6 grid grid-cols-2 gap-2 tablet:flex">
          <Button href={localizePath('/cashier/deposit', locale)} iconStart="deposit">
            {t('wallet.deposit')}
          </Button>
          <Button href={localizePath('/cashier/withdraw', locale)} variant="secondary" iconStart="withdraw">
            {t('wallet.withdraw')}
          </Button>
        </div>
      </section>
      <ul className="grid content-start gap-3">
        {rows.map((row) => (
          <li
            key={row.id}
            className="flex items-center gap-4 rounded-2xl border border-border bg-surface p-4 shadow-card"
            data-testid={`wallet-${row.id}`}
          >
            <span
              className={cx(
                'inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-raised',
                row.id === 'fun' ? 'text-info' : 'text-gold',
              )}
            >
              <Icon name={row.icon} />
            </span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="text-sm font-semibold">{t(`wallet.${row.id}`)}</span>
              <span className="text-xs text-muted">{t(`wallet.${row.id}Text`)}</span>
            </span>
            <span className="flex flex-col items-end gap-1">
              <span className="amount text-lg font-semibold">{row.amount}</span>
              {row.id === 'bonus' && (
                <Link
                  to={localizePath('/profile/bonuses', locale)}
                  className="text-xs font-semibold text-accent hover:underline"
                  data-testid="wallet-bonus-manage"
                >
                  {tb('wallet.manage')}
                </Link>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
