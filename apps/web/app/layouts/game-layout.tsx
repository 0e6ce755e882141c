/**
 * Game layout (spec §2, DESIGN.md "Game page"): the game fills the viewport under a slim bar.
 * Used by /game/{sysname}: the bar holds the way back to the hall, the game's name, the real/demo
 * switch, the player's balance (never refreshed on a timer here, spec §2), the favourite heart
 * and the fullscreen button, from the game route's loader data (`features/games/game-page.tsx`).
 * No live-chat badge on game routes (spec §2).
 */
import { localizePath } from '@croupier/contract/locales';
import { ArrowLeft } from 'lucide-react';
import { Link, Outlet, useMatches } from 'react-router';
import { GameBarControls, isGamePageData } from '../features/games/game-page.tsx';
import { FavouritesProvider } from '../features/games/use-favourites.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../features/shell/skip-link.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { ChipMark } from '../ui/logo.tsx';

export default function GameLayout() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const game = useMatches()
    .map((match) => match.loaderData)
    .findLast(isGamePageData);
  return (
    <div className="flex h-[calc(100dvh-var(--demo-banner-height))] flex-col">
      <SkipLink />
      <header className="flex h-14 shrink-0 items-center gap-1.5 border-b border-border bg-surface px-1.5 tablet:gap-3 tablet:px-3">
        <Link
          to={localizePath('/gamehall', locale)}
          aria-label={t('gameBar.back')}
          data-testid="game-bar-back"
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-xl px-2.5 text-sm font-medium text-muted hover:bg-raised hover:text-text"
        >
          <ArrowLeft className="size-5" aria-hidden focusable={false} />
          <span className="hidden laptop:inline">{t('gameBar.back')}</span>
        </Link>
        <Link to={localizePath('/', locale)} className="hidden shrink-0 rounded-lg tablet:inline-flex">
          <ChipMark className="size-7" title="Croupier" />
        </Link>
        {game ? (
          <FavouritesProvider liked={game.liked}>
            <GameBarControls data={game} />
          </FavouritesProvider>
        ) : (
          <span className="flex-1" />
        )}
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-0 flex-1 outline-none">
        <Outlet />
      </main>
    </div>
  );
}
