/**
 * The account menu (the curtain the header's account button opens): balances, deposit, the menu's
 * deposits and loyalty, the notices (phones), the content's account links and logout. Its own
 * module, loaded when the menu first opens (issue #17).
 */
import { type Locale, localizePath } from '@croupier/contract/locales';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { linksFor } from '../../lib/shell.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import type { MoneyLike } from '../../ui/format.ts';
import { MenuDepositDetalization, type MenuDeposits } from '../cashier/menu-deposit-detalization.tsx';
import { MenuLoyalty } from '../loyalty/menu-loyalty.tsx';
import { MenuLink } from '../shell/menu-link.tsx';
import { NoticesMenuItem, type NoticesStore } from '../support/notices-menu.tsx';
import { type AuthRoot, useAuthRoot } from './auth-root-data.ts';
import { formatBalance } from './format-balance.ts';
import { useLogout } from './use-auth-actions.ts';

function UserMenu({
  root,
  locale,
  onNavigate,
  deposits,
  notices,
}: {
  root: AuthRoot;
  locale: Locale;
  onNavigate: () => void;
  /** Asked for when the menu opened, where the content shows deposits in the menu. */
  deposits: Promise<MenuDeposits> | null;
  /** The player's notices (phones: the header shows no bell there). */
  notices: NoticesStore | null;
}) {
  const { t } = useTranslation('auth');
  const logout = useLogout();
  const [leaving, setLeaving] = useState(false);
  const { account, auth } = root;
  const rows: [string, MoneyLike][] = [
    [t('header.balanceMain'), account.balance_main],
    [t('header.balanceBonus'), account.balance_bonus],
  ];
  return (
    <div className="flex flex-col gap-6" data-testid="user-menu">
      <div className="rounded-2xl border border-border bg-raised/60 p-4">
        <p className="truncate text-sm text-muted" title={account.login}>
          {account.fakename || account.login}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3">
          {rows.map(([label, money]) => (
            <div key={label}>
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="amount text-lg font-semibold">{formatBalance(money, auth.currencies)}</dd>
            </div>
          ))}
        </dl>
        <Button
          href={localizePath('/cashier/deposit', locale)}
          size="sm"
          fullWidth
          className="mt-4"
          onClick={onNavigate}
        >
          {t('header.deposit')}
        </Button>
      </div>
      {deposits && <MenuDepositDetalization deposits={deposits} />}
      <MenuLoyalty locale={locale} onNavigate={onNavigate} />
      <nav aria-label={t('header.userMenu')}>
        <ul className="grid gap-1">
          {notices && (
            // The header's bell is hidden below tablets: the same list opens from here.
            <li className="tablet:hidden">
              <NoticesMenuItem store={notices} onOpen={onNavigate} />
            </li>
          )}
          {linksFor(auth.userMenu, true).map((item) => (
            <li key={item.id}>
              <MenuLink
                item={item}
                locale={locale}
                onNavigate={onNavigate}
                iconClassName="text-muted"
                className={({ isActive }) =>
                  cx(
                    'flex min-h-12 items-center gap-3 rounded-xl px-3 text-base font-medium transition-colors',
                    isActive ? 'bg-raised text-text' : 'text-text/85 hover:bg-raised hover:text-text',
                  )
                }
              />
            </li>
          ))}
        </ul>
      </nav>
      <Button
        variant="secondary"
        fullWidth
        iconStart="logout"
        loading={leaving}
        data-testid="logout"
        onClick={async () => {
          setLeaving(true);
          const done = await logout();
          if (!done) setLeaving(false);
        }}
      >
        {t('header.logout')}
      </Button>
    </div>
  );
}

/** The menu reads the account itself: dialog content is captured when it opens. */
export function UserMenuFromRoot({
  locale,
  onNavigate,
  deposits,
  notices,
}: {
  locale: Locale;
  onNavigate: () => void;
  deposits: Promise<MenuDeposits> | null;
  notices: NoticesStore | null;
}) {
  const root = useAuthRoot();
  if (!root?.isAuthenticated) return null;
  return (
    <UserMenu root={root} locale={locale} onNavigate={onNavigate} deposits={deposits} notices={notices} />
  );
}
