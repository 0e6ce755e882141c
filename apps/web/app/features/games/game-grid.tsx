/**
 * The hall's grid (DESIGN.md "Game hall": it grows to 6 columns on wide screens): tiles, skeleton
 * tiles while a new filter loads, and an empty state that offers the whole hall back.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';
import { GameCard, GameCardSkeleton } from './game-card.tsx';
import type { HallGame } from './game-types.ts';

export const GRID_CLASS =
  'grid grid-cols-2 gap-x-3 gap-y-5 tablet:grid-cols-3 tablet:gap-x-4 laptop:grid-cols-4 laptopLg:grid-cols-5 desktop:grid-cols-6';

export function GameGrid({
  games,
  isAuthenticated,
  className,
}: {
  games: readonly HallGame[];
  isAuthenticated: boolean;
  className?: string;
}) {
  const { t } = useTranslation('games');
  return (
    <ul className={cx(GRID_CLASS, className)} aria-label={t('hall.gridLabel')} data-testid="game-grid">
      {games.map((game, index) => (
        <li key={game.sysname} className="min-w-0">
          <GameCard game={game} isAuthenticated={isAuthenticated} eager={index < 6} priority={index < 2} />
        </li>
      ))}
    </ul>
  );
}

export function GameGridSkeleton({ count = 12, className }: { count?: number; className?: string }) {
  return (
    <div className={cx(GRID_CLASS, className)} aria-hidden="true" data-testid="game-grid-skeleton">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <GameCardSkeleton key={index} />
      ))}
    </div>
  );
}

export function EmptyState({
  title,
  text,
  action,
  icon,
}: {
  title: string;
  text?: string;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div
      className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-surface/40 px-6 py-14 text-center"
      data-testid="empty-state"
    >
      {icon && (
        <span className="mb-4 inline-flex size-16 items-center justify-center rounded-full bg-raised text-muted ring-1 ring-border">
          {icon}
        </span>
      )}
      <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
      {text && <p className="mt-2 max-w-md text-sm leading-relaxed text-muted">{text}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
