/** Thin handlers of the Jackpots.* methods (public reads). */
import { jackpotsGet } from '@croupier/contract/jackpots/get';
import { jackpotsGetWinners } from '@croupier/contract/jackpots/get-winners';
import { bindMethod } from '../../lib/method-binding.ts';
import type { JackpotsService } from './jackpots.service.ts';

export function jackpotsMethods({ jackpots }: { jackpots: JackpotsService }) {
  return [
    bindMethod(jackpotsGet, (input, ctx) => jackpots.list(input, ctx.locale)),
    bindMethod(jackpotsGetWinners, (input, ctx) => jackpots.winners(input, ctx.locale)),
  ];
}
