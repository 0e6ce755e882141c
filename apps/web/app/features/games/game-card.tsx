/**
 * A game tile (DESIGN.md "Game tile"): the 288×192 art rounded 12 px, name and studio under it, a
 * favourite heart for players (when the game allows it, spec §3 canVisibleFavoriteIcon), and on
 * hover or focus a "play" and a "demo" action. The art and the name open the game page; a guest's
 * "play" opens the registration popup (real play needs an account, spec §6).
 */

import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { Icon } from '../../ui/icon.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useAuthPopup } from '../auth/auth-popup.tsx';
import { GameArt } from './game-art.tsx';
import { gamePagePath } from './game-paths.ts';
import type { HallGame } from './game-types.ts';
import { useFavourites } from './use-favourites.tsx';

export interface GameCardProps {
  game: HallGame;
  isAuthenticated: boolean;
  /** The first row loads its art eagerly. */
  eager?: boolean;
  /** The first cards a phone shows fetch their art ahead of everything else. */
  priority?: boolean;
}

export function FavouriteButton({
  sysname,
  name,
  className,
}: {
  sysname: string;
  name: string;
  className?: string;
}) {
  const { t } = useTranslation('games');
  const favourites = useFavourites();
  if (!favourites.enabled) return null;
  const liked = favourites.isLiked(sysname);
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={liked ? t('favourites.remove', { name }) : t('favourites.add', { name })}
      title={liked ? t('favourites.removeShort') : t('favourites.addShort')}
      data-testid="favourite-button"
      data-liked={liked ? 'true' : 'false'}
      aria-busy={favourites.isPending(sysname) || undefined}
      onClick={() => void favourites.toggle(sysname)}
      className={cx(
        'inline-flex size-11 items-center justify-center rounded-full transition-[color,background-color,transform] duration-150 active:scale-90',
        liked ? 'text-danger' : 'text-white/90 hover:text-white',
        className,
      )}
    >
      <span className="inline-flex size-9 items-center justify-center rounded-full bg-background/60 ring-1 ring-white/10 backdrop-blur-sm">
        <Icon name={liked ? 'heart-filled' : 'heart'} size="md" />
      </span>
    </button>
  );
}

export function GameCard({ game, isAuthenticated, eager = false, priority = false }: GameCardProps) {
  const { t } = useTranslation('games');
  const locale = usePageLocale();
  const openAuthPopup = useAuthPopup();
  const favourites = useFavourites();
  const page = gamePagePath(game.sysname, locale);
  const liked = favourites.enabled && favourites.isLiked(game.sysname);
  const canPlayDemo = game.hasDemo;

  return (
    <article className="group relative min-w-0" data-testid="game-card" data-sysname={game.sysname}>
      <div className="relative overflow-hidden rounded-xl bg-surface shadow-card ring-1 ring-white/5 transition-[box-shadow,transform] duration-200 group-hover:ring-accent/40 motion-safe:group-hover:-translate-y-0.5">
        <Link to={page} tabIndex={-1} aria-hidden="true" className="block" prefetch="intent">
          <GameArt
            src={game.image}
            name={game.name}
            decorative
            eager={eager}
            priority={priority}
            className="transition-transform duration-300 motion-safe:group-hover:scale-[1.03]"
          />
        </Link>
        {/* Actions on hover (mouse) or keyboard focus; touch opens the game page by the art. The veil
            lets clicks through to the art's link: only its buttons take the pointer. */}
        <div className="pointer-events-none absolute inset-0 hidden flex-col items-center justify-center gap-2 bg-gradient-to-t from-background/95 via-background/70 to-background/30 opacity-0 transition-opacity duration-200 group-focus-within:opacity-100 group-hover:opacity-100 *:pointer-events-auto [@media(hover:hover)]:flex">
          {isAuthenticated ? (
            <Link
              to={gamePagePath(game.sysname, locale, { mode: 'real' })}
              className={buttonClassName({ size: 'sm', className: 'min-w-28' })}
              data-testid="game-card-play"
            >
              <Icon name="play" size="sm" />
              {t('card.play')}
            </Link>
          ) : (
            <button
              type="button"
              onClick={() => openAuthPopup('register')}
              className={buttonClassName({ size: 'sm', className: 'min-w-28' })}
              data-testid="game-card-play"
            >
              <Icon name="play" size="sm" />
              {t('card.play')}
            </button>
          )}
          {canPlayDemo && (
            <Link
              to={gamePagePath(game.sysname, locale, { mode: 'demo' })}
              className="inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-semibold text-text/90 underline-offset-4 hover:text-text hover:underline"
              data-testid="game-card-demo"
              aria-label={t('card.demoLabel', { name: game.name })}
            >
              {t('card.demo')}
            </Link>
          )}
        </div>
        {game.canFavourite && (
          <FavouriteButton
            sysname={game.sysname}
            name={game.name}
            className={cx(
              'absolute end-1 top-1',
              !liked &&
                '[@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-focus-within:opacity-100 [@media(hover:hover)]:group-hover:opacity-100',
            )}
          />
        )}
        {game.rtp && (
          <span className="pointer-events-none absolute start-2 top-2 rounded-md bg-background/75 px-1.5 py-0.5 text-[0.6875rem] font-semibold text-text/90 ring-1 ring-white/10 backdrop-blur-sm">
            <span className="amount">{t('card.rtp', { rtp: game.rtp })}</span>
          </span>
        )}
      </div>
      <div className="mt-2.5 min-w-0 px-0.5">
        <h3 className="truncate text-sm font-semibold leading-snug tablet:text-[0.9375rem]">
          <Link
            to={page}
            prefetch="intent"
            className="rounded-sm hover:text-accent focus-visible:text-accent"
            data-testid="game-card-link"
          >
            {game.name}
          </Link>
        </h3>
        <p className="truncate text-xs text-muted" data-testid="game-card-provider">
          {game.provider.name}
        </p>
      </div>
    </article>
  );
}

export function GameCardSkeleton() {
  return (
    <div aria-hidden="true" className="min-w-0">
      <Skeleton className="aspect-[3/2] w-full" />
      <Skeleton shape="text" className="mt-3 w-3/4" />
      <Skeleton shape="text" className="mt-1.5 w-1/2 text-xs" />
    </div>
  );
}
