/**
 * The hall's category chips (DESIGN.md "Game hall"): all games, the player's favourites, then each
 * category (`?category={id}`, spec §2). A horizontal row that scrolls on phones; links, so the
 * filter works before the page is interactive and keeps the back button meaningful.
 */
import type { GameCategory } from '@croupier/contract/games/get-categories';
import {
  Coins,
  Crown,
  Dices,
  Flame,
  Gem,
  Heart,
  LayoutGrid,
  type LucideIcon,
  Spade,
  Sparkles,
  Star,
  Trophy,
  Tv,
  Zap,
} from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';
import { type HallQuery, hallSearch, withCategory, withFavourites } from './hall-query.ts';

/** Category icons by the catalogue's icon name (or slug); unknown names get the grid. */
const CATEGORY_ICONS: Record<string, LucideIcon> = {
  popular: Flame,
  flame: Flame,
  hot: Flame,
  new: Sparkles,
  sparkles: Sparkles,
  slots: Gem,
  slot: Gem,
  gem: Gem,
  table: Spade,
  'table-games': Spade,
  casino: Spade,
  cards: Spade,
  fast: Zap,
  instant: Zap,
  zap: Zap,
  bolt: Zap,
  star: Star,
  coin: Coins,
  coins: Coins,
  'low-stakes': Coins,
  'fast-games': Zap,
  dice: Dices,
  live: Tv,
  originals: Crown,
  crown: Crown,
  jackpot: Trophy,
  trophy: Trophy,
};

export function categoryIcon(category: Pick<GameCategory, 'icon' | 'slug'>): LucideIcon {
  return CATEGORY_ICONS[category.icon ?? ''] ?? CATEGORY_ICONS[category.slug] ?? LayoutGrid;
}

const CHIP =
  'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors';
const CHIP_ACTIVE = 'border-accent/60 bg-accent/15 text-text';
const CHIP_IDLE = 'border-border bg-surface text-muted hover:border-border-strong hover:text-text';

export function CategoryChips({
  base,
  query,
  activeCategoryId,
  categories,
  showFavourites,
}: {
  /** The hall's locale-prefixed path. */
  base: string;
  query: HallQuery;
  activeCategoryId: number | null | undefined;
  categories: readonly GameCategory[];
  showFavourites: boolean;
}) {
  const { t } = useTranslation('games');
  const allActive = activeCategoryId === undefined && !query.favourites;
  const chip = (
    key: string,
    to: string,
    active: boolean,
    Icon: LucideIcon,
    label: string,
    count?: number,
  ) => (
    <li key={key}>
      <Link
        to={to}
        preventScrollReset
        aria-current={active ? 'page' : undefined}
        data-testid={`category-${key}`}
        className={cx(CHIP, active ? CHIP_ACTIVE : CHIP_IDLE)}
      >
        <Icon className={cx('size-4', active ? 'text-accent' : '')} aria-hidden focusable={false} />
        <span>{label}</span>
        {count !== undefined && <span className="amount text-xs font-medium text-muted">{count}</span>}
      </Link>
    </li>
  );
  return (
    <nav aria-label={t('hall.categories')} className="-mx-3 tablet:mx-0">
      <ul className="flex gap-2 overflow-x-auto px-3 pb-1 [scrollbar-width:none] tablet:flex-wrap tablet:overflow-visible tablet:px-0 [&::-webkit-scrollbar]:hidden">
        {chip(
          'all',
          `${base}${hallSearch(withCategory(query, null))}`,
          allActive,
          LayoutGrid,
          t('hall.allGames'),
        )}
        {showFavourites &&
          chip(
            'favourites',
            `${base}${hallSearch(withFavourites(query))}`,
            query.favourites,
            Heart,
            t('hall.favourites'),
          )}
        {categories.map((category) =>
          chip(
            String(category.id),
            `${base}${hallSearch(withCategory(query, category.id))}`,
            activeCategoryId === category.id,
            categoryIcon(category),
            category.name,
            category.games_count,
          ),
        )}
      </ul>
    </nav>
  );
}
