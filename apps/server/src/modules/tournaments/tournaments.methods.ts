/** Thin handlers of the tournaments.* methods and leaderboard.get (spec §7): the service does the work. */
import {
  leaderboardGet,
  tournamentsGet,
  tournamentsParticipate,
} from '@croupier/contract/tournaments/tournaments';
import { bindMethod } from '../../lib/method-binding.ts';
import type { TournamentsService } from './tournaments.service.ts';

export function tournamentsMethods({ tournaments }: { tournaments: TournamentsService }) {
  return [
    bindMethod(tournamentsGet, (input, ctx) => tournaments.list(input, ctx.player?.id ?? null, ctx.locale)),
    bindMethod(tournamentsParticipate, async (input, ctx) => {
      await tournaments.participate(ctx.requirePlayer().id, input.tournament_id);
      return 1 as const;
    }),
    bindMethod(leaderboardGet, (input, ctx) =>
      tournaments.leaderboard(input, ctx.player?.id ?? null, ctx.locale),
    ),
  ];
}
