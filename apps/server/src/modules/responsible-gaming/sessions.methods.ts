/** Thin handlers of the session-time methods (ADR 028): parse (done), limit, call the service. */
import {
  responsibleGamingGetSession,
  responsibleGamingSetRealityCheck,
  responsibleGamingSetSessionLimit,
} from '@croupier/contract/responsible-gaming/session';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import type { RgSessionsService } from './sessions.service.ts';

/** Per-player budgets of the changes. */
const LIMITS = { setSessionLimit: [20, 60], setRealityCheck: [20, 60] } as const;

export function rgSessionsMethods(deps: { rgSessions: RgSessionsService }): BoundMethod[] {
  const { rgSessions } = deps;
  return [
    bindMethod(responsibleGamingGetSession, async (_input, ctx) =>
      rgSessions.getSession(ctx.requirePlayer().id, ctx.locale),
    ),
    bindMethod(responsibleGamingSetSessionLimit, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`rg:set-session-limit:${player.id}`, ...LIMITS.setSessionLimit);
      return rgSessions.setSessionLimit(player.id, input.minutes, ctx.locale);
    }),
    bindMethod(responsibleGamingSetRealityCheck, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`rg:set-reality-check:${player.id}`, ...LIMITS.setRealityCheck);
      return rgSessions.setRealityCheck(player.id, input.minutes, ctx.locale);
    }),
  ];
}
