/**
 * The default layout's header: logo, main menu (`headerMenu`, laptop and wider), side menu button
 * (narrower screens), language switch, and the guest's sign-in / sign-up buttons or the player's
 * balance, deposit button and account menu. Its bar's height is `--header-bar-height`, and the
 * page's `--header-height` follows from its presence (ui/theme.css) so the toast area sits right
 * below it (spec §2). It sticks under the demo banner when that is shown.
 */
import { type Locale, localizePath } from '@croupier/contract/locales';
import { Menu } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { linksFor, type ShellData } from '../../lib/shell.ts';
import { cx } from '../../ui/class-names.ts';
import { servedLazily } from '../../ui/deferred.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { Logo } from '../../ui/logo.tsx';
import { HeaderGuestButtons } from '../auth/guest-auth-buttons.tsx';
import { GamesSearchButton } from '../games/games-search-buttons.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { MenuLink } from './menu-link.tsx';
import { SideMenu } from './side-menu.tsx';

// A player's header actions (balance, deposit, notices, account menu): served with the page,
// hydrated once their module is there; a guest's page never loads them (ui/deferred.tsx).
const PlayerHeaderActions = servedLazily('player-header', () =>
  import('../auth/player-header.tsx').then((module) => module.PlayerHeaderActions),
);

/**
 * The page's `--header-height` reaches the header's bottom while an element with this id is in it
 * (ui/theme.css).
 */
const SITE_HEADER_ID = 'site-header';

export interface SiteHeaderProps {
  shell: ShellData;
  locale: Locale;
  isAuthenticated: boolean;
}

export function SiteHeader({ shell, locale, isAuthenticated }: SiteHeaderProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();

  const openSideMenu = () =>
    dialogs.open({
      type: 'curtain',
      side: 'start',
      size: 'sm',
      title: t('menu'),
      content: ({ close }) => (
        <SideMenu
          shell={shell}
          locale={locale}
          isAuthenticated={isAuthenticated}
          onNavigate={() => close()}
        />
      ),
    });

  return (
    <header
      id={SITE_HEADER_ID}
      className="sticky top-(--demo-banner-height) z-[var(--z-header)] border-b border-border/80 bg-background/85 pr-[var(--scroll-lock-gap)] backdrop-blur-md supports-[backdrop-filter]:bg-background/70"
    >
      <div className="mx-auto flex h-(--header-bar-height) w-full max-w-screen-desktopMd items-center gap-2 px-3 tablet:px-6 laptop:gap-4 laptop:px-8">
        <button
          type="button"
          onClick={openSideMenu}
          aria-label={t('openMenu')}
          aria-haspopup="dialog"
          data-testid="side-menu-button"
          className="inline-flex size-11 items-center justify-center rounded-xl text-muted transition-colors hover:bg-raised hover:text-text laptopLg:hidden"
        >
          <Menu className="size-6" aria-hidden focusable={false} />
        </button>
        <Link
          to={localizePath('/', locale)}
          aria-label={`${shell.siteName} — ${t('home')}`}
          className="shrink-0 rounded-lg"
        >
          <Logo
            className={cx(
              '[&>span:last-child]:text-lg tablet:[&>span:last-child]:text-xl',
              // On a narrow phone a player's deposit and account buttons need the wordmark's room (a
              // guest's sign-in button below 360 px); the chip stays.
              isAuthenticated
                ? 'max-[419px]:[&>span:last-child]:sr-only'
                : 'max-[359px]:[&>span:last-child]:sr-only',
            )}
          />
        </Link>

        <nav aria-label={t('mainNavigation')} className="ml-4 hidden min-w-0 flex-1 laptopLg:block">
          <ul className="flex items-center gap-1">
            {linksFor(shell.headerMenu, isAuthenticated).map((item) => (
              <li key={item.id}>
                <MenuLink
                  item={item}
                  locale={locale}
                  showIcon={false}
                  className={({ isActive }) =>
                    cx(
                      'inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-[0.9375rem] font-medium whitespace-nowrap transition-colors',
                      isActive ? 'bg-raised text-text' : 'text-muted hover:bg-raised/70 hover:text-text',
                    )
                  }
                />
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1.5 tablet:gap-2">
          {/* The games search popup (spec §2), from every page; below 420 px the hall's own search
              field serves, so "Se connecter" or the player's buttons keep their room. */}
          <GamesSearchButton className="max-[419px]:hidden" />
          {/* Below 360 px the side menu's language list serves: a player's buttons need the room. */}
          <LanguageSwitch locale={locale} className="max-[359px]:hidden" />
          {isAuthenticated ? <PlayerHeaderActions locale={locale} /> : <HeaderGuestButtons />}
        </div>
      </div>
    </header>
  );
}
