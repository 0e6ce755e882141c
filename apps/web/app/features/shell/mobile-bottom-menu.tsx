/**
 * The bottom menu on mobile widths (spec §3 "mobile bottom menu"). Rendered only for the mobile
 * screen class (the server guesses it from the User-Agent; the client follows the real width), and
 * hidden by CSS from tablet up so a wrong guess never shows it on a wide screen.
 */
import type { Locale } from '@croupier/contract/locales';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { linksFor, type ShellData } from '../../lib/shell.ts';
import { cx } from '../../ui/class-names.ts';
import { useScreenClass } from '../../ui/screen-class.tsx';
import { MenuLink } from './menu-link.tsx';

export interface MobileBottomMenuProps {
  shell: ShellData;
  locale: Locale;
  isAuthenticated: boolean;
}

export function MobileBottomMenu({ shell, locale, isAuthenticated }: MobileBottomMenuProps) {
  const { t } = useTranslation();
  const screenClass = useScreenClass();
  if (screenClass !== 'mobile') return null;
  const items = linksFor(shell.mobileBottomMenu, isAuthenticated).slice(0, 5);
  return (
    <nav
      aria-label={t('mobileNavigation')}
      className="fixed inset-x-0 bottom-0 z-[var(--z-header)] border-t border-border bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md tablet:hidden"
      data-testid="mobile-bottom-menu"
    >
      <ul className="grid auto-cols-fr grid-flow-col">
        {items.map((item) => (
          <li key={item.id}>
            <MenuLink
              item={item}
              locale={locale}
              iconClassName="size-6"
              className={({ isActive }) =>
                cx(
                  'flex min-h-16 flex-col items-center justify-center gap-1 px-0.5 py-1.5 text-[0.6875rem] font-medium leading-tight transition-colors',
                  isActive
                    ? 'text-accent'
                    : item.audience === 'guest'
                      ? 'text-accent'
                      : 'text-muted hover:text-text',
                )
              }
            >
              <span className="line-clamp-2 max-w-full text-center break-words">{item.title}</span>
            </MenuLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
