/** Thin handlers of the sportsbook.* methods: parse (done), call the service in the player's locale. */

import {
  sportsbookCashOut,
  sportsbookGetBets,
  sportsbookGetFreeBets,
  sportsbookPlaceBet,
  sportsbookQuote,
} from '@croupier/contract/sportsbook/betting';
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
    // Betting (ADR 034): the bets service checks everything; a guest may only quote.
    bindMethod(sportsbookQuote, async (input, ctx) =>
      sportsbook.bets.quote(input, ctx.player?.id ?? null, ctx.locale),
    ),
    bindMethod(sportsbookPlaceBet, async (input, ctx) =>
      sportsbook.bets.placeBet(input, ctx.requirePlayer().id, ctx.locale),
    ),
    bindMethod(sportsbookGetBets, async (input, ctx) =>
      sportsbook.bets.getBets(ctx.requirePlayer().id, input, ctx.locale),
    ),
    bindMethod(sportsbookCashOut, async (input, ctx) =>
      sportsbook.bets.cashOut(ctx.requirePlayer().id, input, ctx.locale),
    ),
    bindMethod(sportsbookGetFreeBets, async (_input, ctx) =>
      sportsbook.bets.getFreeBets(ctx.requirePlayer().id),
    ),
  ];
}
