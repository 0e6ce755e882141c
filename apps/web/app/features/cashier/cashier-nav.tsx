/**
 * The cashier's sections (spec §2): deposit, withdraw, history, wallet. Four equal tabs with the
 * icon over the label on phones, a row of pills from tablet width.
 */
import { type Locale, localizePath } from '@croupier/contract/locales';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cx } from '../../ui/class-names.ts';
import { Icon } from '../../ui/icon.tsx';
import type { IconName } from '../../ui/sprite.tsx';

const SECTIONS = [
  { id: 'deposit', path: '/cashier/deposit', icon: 'deposit' },
  { id: 'withdraw', path: '/cashier/withdraw', icon: 'withdraw' },
  { id: 'history', path: '/cashier/history', icon: 'history' },
  { id: 'wallet', path: '/cashier/wallet', icon: 'wallet' },
] as const satisfies readonly { id: string; path: string; icon: IconName }[];

export function CashierNav({ locale }: { locale: Locale }) {
  const { t } = useTranslation('cashier');
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="grid grid-cols-4 gap-2 tablet:flex tablet:gap-2">
        {SECTIONS.map((section) => (
          <li key={section.id} className="min-w-0">
            <NavLink
              to={localizePath(section.path, locale)}
              prefetch="intent"
              data-testid={`cashier-nav-${section.id}`}
              className={({ isActive }) =>
                cx(
                  'flex min-h-14 flex-col items-center justify-center gap-1 rounded-xl border px-1 text-xs font-semibold transition-colors',
                  'tablet:min-h-11 tablet:flex-row tablet:gap-2 tablet:px-4 tablet:text-sm',
                  isActive
                    ? 'border-accent/50 bg-accent/10 text-text'
                    : 'border-border bg-surface text-muted hover:border-border-strong hover:text-text',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon name={section.icon} className={isActive ? 'text-accent' : undefined} />
                  <span className="max-w-full truncate">{t(`nav.${section.id}`)}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
