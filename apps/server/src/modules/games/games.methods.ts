/** Thin handlers of the games.* and freespins.* methods: parse (done), limit, call the service. */
import { freespinsGet } from '@croupier/contract/freespins/get';
import { gamesAddLike } from '@croupier/contract/games/add-like';
import { gamesCreateHistoryExportRequest } from '@croupier/contract/games/create-history-export-request';
import { gamesGet } from '@croupier/contract/games/get';
import { gamesGetCategories } from '@croupier/contract/games/get-categories';
import { gamesGetHistory } from '@croupier/contract/games/get-history';
import { gamesGetHistoryExportRequest } from '@croupier/contract/games/get-history-export-request';
import { gamesGetLikes } from '@croupier/contract/games/get-likes';
import { gamesGetProviders } from '@croupier/contract/games/get-providers';
import { gamesGetWinners } from '@croupier/contract/games/get-winners';
import { gamesRemoveLike } from '@croupier/contract/games/remove-like';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import type { GamesService } from './games.service.ts';

/** Per-player budgets: favourites are clicks, exports are heavy. */
const LIMITS = {
  like: [120, 60],
  export: [10, 3600],
} as const;

/** The handlers, given the services they call (never the whole container: ADR 018). */
export function gamesMethods(deps: { games: GamesService }): BoundMethod[] {
  const { games } = deps;
  return [
    bindMethod(gamesGet, async (input, ctx) => games.list(input, ctx.locale)),

    bindMethod(gamesGetCategories, async (_input, ctx) => games.categories(ctx.locale)),

    bindMethod(gamesGetProviders, async (input, _ctx) => games.providers(input)),

    bindMethod(gamesGetLikes, async (_input, ctx) => games.likes(ctx.requirePlayer().id)),

    bindMethod(gamesAddLike, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`games:like:${player.id}`, ...LIMITS.like);
      await games.addLike(player.id, input.sysname);
      return 1 as const;
    }),

    bindMethod(gamesRemoveLike, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`games:like:${player.id}`, ...LIMITS.like);
      await games.removeLike(player.id, input.sysname);
      return 1 as const;
    }),

    bindMethod(gamesGetHistory, async (input, ctx) => games.history(ctx.requirePlayer().id, input)),

    bindMethod(gamesCreateHistoryExportRequest, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`games:export:${player.id}`, ...LIMITS.export);
      return games.requestExport(player.id, input);
    }),

    bindMethod(gamesGetHistoryExportRequest, async (input, ctx) =>
      games.getExport(ctx.requirePlayer().id, input.id),
    ),

    bindMethod(gamesGetWinners, async (input, _ctx) => games.winners(input.count)),

    bindMethod(freespinsGet, async (input, ctx) =>
      games.freespins(ctx.requirePlayer().id, input, ctx.locale),
    ),
  ];
}
