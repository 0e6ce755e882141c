/**
 * The signed-in player's part of the header (spec §3 Account info, DESIGN.md "Money"): the main
 * balance, and the bonus balance beside it when there is any, with a refresh affordance
 * (`account.getBalance`), the deposit button and the account
 * button, which opens the user menu (content-managed `userMenu` links, balances, logout).
 */
import type { BalancesOutput } from '@croupier/contract/account/common';
import { type Locale, localizePath } from '@croupier/contract/locales';
import { UserRound } from 'lucide-react';
import { lazy, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { DialogSuspense } from '../../ui/dialog-suspense.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { isZeroAmount } from '../cashier/cashier-money.ts';
import type { MenuDeposits } from '../cashier/menu-deposit-detalization.tsx';
import { usePushEvent } from '../push/push-provider.tsx';
import { NoticesButton, useNoticesStore } from '../support/notices-menu.tsx';
import { apiErrorText } from './api-error-text.ts';
import { type AuthRoot, useAuthRoot } from './auth-root-data.ts';
import { parseBalanceEvent } from './balance-event.ts';
import { formatBalance } from './format-balance.ts';
import { useBrowserApi } from './use-auth-actions.ts';

// The account menu loads when it first opens (issue #17).
const UserMenuFromRoot = lazy(() =>
  import('./user-menu.tsx').then((module) => ({ default: module.UserMenuFromRoot })),
);

/**
 * Balances as the root loader sent them, replaced by a fresher `account.getBalance` answer until
 * the loader sends new ones (its account object changes on every revalidation).
 */
function useBalances(root: AuthRoot) {
  const [refreshed, setRefreshed] = useState<{ from: AuthRoot['account']; balances: BalancesOutput } | null>(
    null,
  );
  const balances = refreshed && refreshed.from === root.account ? refreshed.balances : root.account;
  return {
    balances,
    update: (next: BalancesOutput) => setRefreshed({ from: root.account, balances: next }),
  };
}

function BalanceButton({ root }: { root: AuthRoot }) {
  const { t } = useTranslation('auth');
  const api = useBrowserApi();
  const toasts = useToasts();
  const location = useLocation();
  const { balances, update } = useBalances(root);
  // Pushed at each ledger commit (ADR 037); a malformed event is ignored.
  usePushEvent('balance', (data) => {
    const balances = parseBalanceEvent(data);
    if (balances) update(balances);
  });
  const [loading, setLoading] = useState(false);
  const main = formatBalance(balances.balance_main, root.auth.currencies);
  // Bonus money beside the main balance only while there is some (issue 12), stacked under it on
  // phones so the header keeps its width.
  const bonus = isZeroAmount(balances.balance_bonus.amount)
    ? null
    : formatBalance(balances.balance_bonus, root.auth.currencies);
  const { t: tb } = useTranslation('bonuses');

  const refresh = async () => {
    // Spec §2: game pages skip balance refresh (the game reports its own).
    if (loading || location.pathname.includes('/game/')) return;
    setLoading(true);
    try {
      update(await api.call('account.getBalance'));
    } catch (error) {
      toasts.show({ kind: 'error', title: apiErrorText(error, t('errors.generic')) });
    } finally {
      setLoading(false);
    }
  };

  return (
    <button
      type="button"
      onClick={refresh}
      aria-busy={loading || undefined}
      aria-label={
        bonus === null
          ? t('header.balanceLabel', { amount: main })
          : tb('header.balanceWithBonus', { amount: main, bonus })
      }
      title={t('header.refreshBalance')}
      data-testid="header-balance"
      className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-border bg-raised/70 ps-3 pe-2.5 text-sm font-semibold transition-colors hover:border-border-strong"
    >
      <span className="flex items-center gap-2.5 max-tablet:flex-col max-tablet:items-start max-tablet:gap-0">
        <span className="flex flex-col items-start leading-tight">
          <span className="text-[0.6875rem] font-medium text-muted max-tablet:hidden">
            {t('header.balance')}
          </span>
          <span className="amount text-text" data-testid="header-balance-main">
            {main}
          </span>
        </span>
        {bonus !== null && (
          <span className="flex flex-col items-start leading-tight tablet:border-s tablet:border-border tablet:ps-2.5">
            <span className="text-[0.6875rem] font-medium text-muted max-tablet:hidden">
              {tb('header.bonus')}
            </span>
            <span
              className="amount inline-flex items-center gap-1 text-gold max-tablet:text-[0.6875rem]"
              data-testid="header-balance-bonus"
            >
              <Icon name="gift" size="sm" className="tablet:hidden" />
              {bonus}
            </span>
          </span>
        )}
      </span>
      {loading ? (
        <Spinner size="sm" decorative className="text-muted" />
      ) : (
        <Icon name="refresh" size="sm" className="text-muted" />
      )}
    </button>
  );
}

/** Balance, deposit and account button; nothing for a guest. */
export function PlayerHeaderActions({ locale }: { locale: Locale }) {
  const { t } = useTranslation('auth');
  const root = useAuthRoot();
  const dialogs = useDialogs();
  const api = useBrowserApi();
  const notices = useNoticesStore(api, Boolean(root?.isAuthenticated));
  if (!root?.isAuthenticated) return null;

  const openMenu = () => {
    // The menu's deposits are asked for by the click that opens it (no effect fetches them).
    const deposits: Promise<MenuDeposits> | null =
      root.auth.depositDetalization === 'profileMenu'
        ? import('../cashier/menu-deposit-detalization.tsx').then((module) => module.loadMenuDeposits(api))
        : null;
    dialogs.open({
      type: 'curtain',
      side: 'end',
      size: 'sm',
      title: t('header.userMenu'),
      content: ({ close }) => (
        <DialogSuspense>
          <UserMenuFromRoot
            locale={locale}
            onNavigate={() => close()}
            deposits={deposits}
            notices={notices}
          />
        </DialogSuspense>
      ),
    });
  };

  return (
    <>
      <BalanceButton root={root} />
      <Button
        href={localizePath('/cashier/deposit', locale)}
        size="sm"
        className="max-tablet:px-3"
        aria-label={t('header.deposit')}
      >
        <span className="max-tablet:hidden">{t('header.deposit')}</span>
        <Icon name="plus" className="tablet:hidden" />
      </Button>
      {/* The notifications menu (spec §4), issue #15: from tablets up; the phone header has no room. */}
      <span className="contents max-tablet:hidden">
        <NoticesButton store={notices} />
      </span>
      <button
        type="button"
        onClick={openMenu}
        aria-label={t('header.userMenu')}
        aria-haspopup="dialog"
        data-testid="user-menu-button"
        className="inline-flex size-11 items-center justify-center rounded-xl border border-border bg-raised text-text hover:border-accent"
      >
        <UserRound className="size-5" aria-hidden focusable={false} />
      </button>
    </>
  );
}
