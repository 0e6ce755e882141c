/**
 * /providers (spec §2): the studios of the catalogue as cards — logo (or a monogram), name and how
 * many games — each opening the game hall filtered by that studio (`/gamehall?providers=x`).
 */
import { GAMES_MAX_PAGE_SIZE } from '@croupier/contract/games/page-sizes';
import { localizePath } from '@croupier/contract/locales';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { artGradient, GameArt } from '../features/games/game-art.tsx';
import { EmptyState } from '../features/games/game-grid.tsx';
import { toHallGame } from '../features/games/game-types.ts';
import { EMPTY_HALL_QUERY, hallSearch, withProviders } from '../features/games/hall-query.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/providers';

const PREVIEW_COUNT = 3;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [providers, games] = await Promise.all([
    orErrorPage(web.api.call('games.getProviders')),
    orErrorPage(
      web.api.call('games.get', {
        count: GAMES_MAX_PAGE_SIZE,
        sort: 'priority',
        order: 'asc',
        fields: 'sysname,name,provider,image_url,description',
      }),
    ),
  ]);
  // Each studio's best-placed games, for the card's preview strip.
  const previews: Record<string, { sysname: string; name: string; image: string }[]> = {};
  for (const game of games.items.map(toHallGame)) {
    const list = previews[game.provider.sysname] ?? [];
    if (list.length < PREVIEW_COUNT) list.push({ sysname: game.sysname, name: game.name, image: game.image });
    previews[game.provider.sysname] = list;
  }
  return {
    providers: providers.items,
    previews,
    pageMeta: { title: i18nFor(locale).t('games:providers.title') },
  };
}

function monogram(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

export default function Providers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('games');
  const locale = usePageLocale();
  const hall = localizePath('/gamehall', locale);
  const totalGames = loaderData.providers.reduce((sum, provider) => sum + provider.games_count, 0);
  return (
    <div className="mx-auto w-full max-w-screen-desktop px-3 pt-5 pb-14 tablet:px-6 tablet:pt-8 laptop:px-8">
      <header className="max-w-2xl">
        <p className="text-sm font-medium text-accent">{t('providers.eyebrow')}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight laptop:text-3xl">{t('providers.title')}</h1>
        <p className="mt-2 text-sm leading-relaxed text-muted">
          {t('providers.intro', { count: loaderData.providers.length, games: totalGames })}
        </p>
      </header>
      {loaderData.providers.length === 0 ? (
        <div className="mt-8">
          <EmptyState title={t('providers.empty')} />
        </div>
      ) : (
        <ul
          className="mt-8 grid gap-4 tablet:grid-cols-2 laptopLg:grid-cols-3 desktop:grid-cols-4"
          data-testid="provider-list"
        >
          {loaderData.providers.map((provider) => (
            <li key={provider.sysname}>
              <Link
                to={`${hall}${hallSearch(withProviders(EMPTY_HALL_QUERY, [provider.sysname]))}`}
                data-testid={`provider-card-${provider.sysname}`}
                className="group flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-card transition-[border-color,transform] duration-200 hover:border-accent/50 motion-safe:hover:-translate-y-0.5"
              >
                <span aria-hidden="true" className="grid grid-cols-3 gap-1 bg-background/60 p-1">
                  {Array.from({ length: PREVIEW_COUNT }, (_, index) => {
                    const game = loaderData.previews[provider.sysname]?.[index];
                    return game ? (
                      <GameArt
                        key={game.sysname}
                        src={game.image}
                        name={game.name}
                        decorative
                        className="rounded-lg"
                      />
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: empty preview slots have no identity.
                      <span key={index} className="aspect-[3/2] rounded-lg bg-raised/60" />
                    );
                  })}
                </span>
                <span className="flex items-center gap-4 p-4">
                  <span
                    aria-hidden="true"
                    className={cx(
                      'relative inline-flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-gradient-to-br ring-1 ring-white/10',
                      artGradient(provider.name),
                    )}
                  >
                    {provider.logo_url ? (
                      <img
                        src={provider.logo_url}
                        alt=""
                        className="size-full object-contain p-1.5"
                        loading="lazy"
                      />
                    ) : (
                      <span className="text-base font-bold tracking-tight text-white">
                        {monogram(provider.name)}
                      </span>
                    )}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-base font-semibold group-hover:text-accent">
                      {provider.name}
                    </span>
                    <span className="mt-0.5 block text-sm text-muted">
                      {t('providers.games', { count: provider.games_count })}
                    </span>
                  </span>
                  <ChevronRight
                    className="size-5 shrink-0 text-muted transition-transform group-hover:translate-x-0.5 group-hover:text-accent"
                    aria-hidden
                    focusable={false}
                  />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
