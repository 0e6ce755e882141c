/** The side menu (`sideMenu`), in a curtain: navigation, language and, for guests, the sign-in buttons. */
import type { Locale } from '@croupier/contract/locales';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { linksFor, type ShellData } from '../../lib/shell.ts';
import { cx } from '../../ui/class-names.ts';
import { MenuGuestButtons } from '../auth/guest-auth-buttons.tsx';
import { LanguageOptions } from './language-switch.tsx';
import { MenuLink } from './menu-link.tsx';

export interface SideMenuProps {
  shell: ShellData;
  locale: Locale;
  isAuthenticated: boolean;
  onNavigate: () => void;
}

export function SideMenu({ shell, locale, isAuthenticated, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      {!isAuthenticated && <MenuGuestButtons onNavigate={onNavigate} />}
      <nav aria-label={t('mainNavigation')}>
        <ul className="grid gap-1">
          {linksFor(shell.sideMenu, isAuthenticated).map((item) => (
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
      <section aria-labelledby="side-menu-language">
        <h3
          id="side-menu-language"
          className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase"
        >
          {t('language.label')}
        </h3>
        <LanguageOptions locale={locale} onPick={onNavigate} />
      </section>
    </div>
  );
}
