/** The side menu (`sideMenu`), in a curtain: navigation, language and, for guests, the sign-in buttons. */
import type { Locale } from '@croupier/contract/locales';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { authHref } from '../../lib/auth-links.ts';
import { linksFor, type ShellData } from '../../lib/shell.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
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
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <div className="flex flex-col gap-6">
      {!isAuthenticated && (
        <div className="grid grid-cols-2 gap-2">
          <Button href={authHref('sign_in', locale, back)} variant="secondary" size="sm" onClick={onNavigate}>
            {t('signIn')}
          </Button>
          <Button href={authHref('sign_up', locale, back)} size="sm" onClick={onNavigate}>
            {t('signUp')}
          </Button>
        </div>
      )}
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
