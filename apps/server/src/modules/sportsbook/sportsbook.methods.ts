/** Thin handlers of the sportsbook.* read methods: parse (done), call the service in the player's locale. */
import {
  sportsbookGetEvent,
  sportsbookGetLive,
  sportsbookGetSports,
  sportsbookGetTournaments,
  sportsbookGetUpcoming,
} from '@croupier/contract/sportsbook/catalogue';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import type { SportsbookService } from './sportsbook.service.ts';

export function sportsbookMethods(deps: { sportsbook: SportsbookService }): BoundMethod[] {
  const { sportsbook } = deps;
  return [
    bindMethod(sportsbookGetSports, async (_input, ctx) => sportsbook.sports(ctx.locale)),
    bindMethod(sportsbookGetTournaments, async (input, ctx) =>
      sportsbook.tournaments(input.sport, ctx.locale),
    ),
    bindMethod(sportsbookGetLive, async (input, ctx) => sportsbook.live(input, ctx.locale)),
    bindMethod(sportsbookGetUpcoming, async (input, ctx) => sportsbook.upcoming(input, ctx.locale)),
    bindMethod(sportsbookGetEvent, async (input, ctx) => sportsbook.event(input.id, ctx.locale)),
  ];
}
