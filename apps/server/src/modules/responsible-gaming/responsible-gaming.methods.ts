/** Thin handlers of the responsibleGaming.* methods: parse (done), limit, call the service. */
import { responsibleGamingExclude } from '@croupier/contract/responsible-gaming/exclude';
import { responsibleGamingGetLimits } from '@croupier/contract/responsible-gaming/get-limits';
import { responsibleGamingSetLimit } from '@croupier/contract/responsible-gaming/set-limit';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import type { ResponsibleGamingService } from './responsible-gaming.service.ts';

/** Per-player budgets of the changes (a person does not change a limit 20 times a minute). */
const LIMITS = { setLimit: [20, 60], exclude: [5, 60] } as const;

export function responsibleGamingMethods(deps: {
  responsibleGaming: ResponsibleGamingService;
}): BoundMethod[] {
  const { responsibleGaming } = deps;
  return [
    bindMethod(responsibleGamingGetLimits, async (_input, ctx) =>
      responsibleGaming.getLimits(ctx.requirePlayer().id, ctx.locale),
    ),
    bindMethod(responsibleGamingSetLimit, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`rg:set-limit:${player.id}`, ...LIMITS.setLimit);
      return responsibleGaming.setLimit(player.id, input, ctx.locale);
    }),
    bindMethod(responsibleGamingExclude, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`rg:exclude:${player.id}`, ...LIMITS.exclude);
      return responsibleGaming.exclude(player.id, input, ctx.locale);
    }),
  ];
}
