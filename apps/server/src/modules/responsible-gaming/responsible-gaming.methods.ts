/** Thin handlers of the responsibleGaming.* methods: parse (done), limit, call the service. */
import { responsibleGamingExclude } from '@croupier/contract/responsible-gaming/exclude';
import { responsibleGamingGetLimits } from '@croupier/contract/responsible-gaming/get-limits';
import {
  responsibleGamingAnswerLimitPrompt,
  responsibleGamingGetLimitPrompt,
} from '@croupier/contract/responsible-gaming/limit-prompt';
import { responsibleGamingRequestReopen } from '@croupier/contract/responsible-gaming/request-reopen';
import { responsibleGamingSetLimit } from '@croupier/contract/responsible-gaming/set-limit';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import type { ResponsibleGamingService } from './responsible-gaming.service.ts';

/** Per-player budgets of the changes (a person does not change a limit 20 times a minute). */
const LIMITS = { setLimit: [20, 60], exclude: [5, 60], reopen: [5, 60], prompt: [10, 60] } as const;

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
    bindMethod(responsibleGamingRequestReopen, async (_input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`rg:reopen:${player.id}`, ...LIMITS.reopen);
      return responsibleGaming.requestReopen(player.id, ctx.locale);
    }),
    bindMethod(responsibleGamingGetLimitPrompt, async (_input, ctx) =>
      responsibleGaming.limitPrompt(ctx.requirePlayer().id),
    ),
    bindMethod(responsibleGamingAnswerLimitPrompt, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`rg:prompt:${player.id}`, ...LIMITS.prompt);
      return responsibleGaming.answerLimitPrompt(player.id, input.answer);
    }),
  ];
}
