/**
 * /game/{sysname} (spec §2): the game page in the game layout. The loader reads the game with
 * `games.get?sysnames=…` (an unknown or inactive game is the 404 page), the player's favourites and
 * the site's fullscreen visibility; the layout's bar and this page's stage do the rest
 * (`features/games/game-page.tsx`). The canonical URL carries the platform segment (spec §2).
 */
import { localizePath } from '@croupier/contract/locales';
import { redirect } from 'react-router';
import { type GamePageData, GameStage } from '../features/games/game-page.tsx';
import { withGameCanonical } from '../features/games/game-seo.ts';
import { toPlayableGame } from '../features/games/game-types.ts';
import { fullscreenVisibility, loadLikes } from '../features/games/games-loaders.ts';
import { errorPageResponse, orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/game';

const SYSNAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const sysname = params.sysname.toLowerCase();
  if (!SYSNAME.test(sysname)) throw errorPageResponse({ page: 'notFound', path: url.pathname }, 404);
  // One address per game: `/game/Neon-Reels` → `/game/neon-reels`.
  if (sysname !== params.sysname) {
    throw redirect(`${localizePath(`/game/${sysname}`, locale)}${url.search}`, 301);
  }
  const [config, found, liked] = await Promise.all([
    web.content.getConfig(locale),
    orErrorPage(web.api.call('games.get', { sysnames: sysname, count: 1 })),
    loadLikes(web),
  ]);
  const item = found.items.find((entry) => entry.sysname === sysname);
  if (!item) throw errorPageResponse({ page: 'notFound', path: url.pathname }, 404);
  const game = toPlayableGame(item);
  const data: GamePageData = { game, liked, fullscreen: fullscreenVisibility(config) };
  return {
    ...data,
    pageMeta: { title: game.name, description: game.description, image: game.image || null },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches[0]?.loaderData as { seo?: { record?: { description?: string } | null } } | undefined;
  return withGameCanonical(withPageTitle(matches, loaderData?.pageMeta.title), {
    description: loaderData?.pageMeta.description,
    keepDescription: Boolean(root?.seo?.record?.description),
  });
};

export default function GamePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="sr-only">{loaderData.game.name}</h1>
      <GameStage data={loaderData} />
    </>
  );
}
