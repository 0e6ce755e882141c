/**
 * The profile's sections (spec §2 profile areas). Only areas that exist are listed: the others
 * (verification, responsible gaming, bets, loyalty, bonuses, cashback) join with their issues.
 * A row of tabs on phones and tablets, a side menu from laptop width.
 */
import { type Locale, localizePath } from '@croupier/contract/locales';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cx } from '../../ui/class-names.ts';
import { Icon } from '../../ui/icon.tsx';
import type { IconName } from '../../ui/sprite.tsx';

export const PROFILE_SECTIONS = [
  { id: 'settings', path: '/profile/settings', icon: 'profile' },
  { id: 'security', path: '/profile/security', icon: 'security' },
  { id: 'notification', path: '/profile/notification', icon: 'mail' },
] as const satisfies readonly { id: string; path: string; icon: IconName }[];

export function ProfileNav({ locale }: { locale: Locale }) {
  const { t } = useTranslation('profile');
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="grid grid-cols-3 gap-2 laptop:flex laptop:flex-col laptop:gap-1">
        {PROFILE_SECTIONS.map((section) => (
          <li key={section.id} className="min-w-0">
            <NavLink
              to={localizePath(section.path, locale)}
              prefetch="intent"
              data-testid={`profile-nav-${section.id}`}
              className={({ isActive }) =>
                cx(
                  // Phones: three equal tabs, icon over label; tablets: icon beside label; laptops: a side menu.
                  'flex min-h-14 flex-col items-center justify-center gap-1 rounded-xl border px-2 text-xs font-semibold transition-colors',
                  'tablet:min-h-11 tablet:flex-row tablet:gap-2.5 tablet:px-4 tablet:text-sm',
                  'laptop:min-h-12 laptop:justify-start laptop:text-base',
                  isActive
                    ? 'border-accent/50 bg-accent/10 text-text'
                    : 'border-border bg-surface text-muted hover:border-border-strong hover:text-text laptop:border-transparent laptop:bg-transparent',
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
