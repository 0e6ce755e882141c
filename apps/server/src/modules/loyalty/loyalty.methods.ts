/** Thin handlers of the loyalty.* methods (spec §7): the service does the work. */
import {
  loyaltyBuyProduct,
  loyaltyGetCharacters,
  loyaltyGetInfo,
  loyaltyGetNotifications,
  loyaltyGetProducts,
  loyaltyGetProgram,
  loyaltyGetPrograms,
  loyaltySetCharacter,
} from '@croupier/contract/loyalty/loyalty';
import { bindMethod } from '../../lib/method-binding.ts';
import type { LoyaltyService } from './loyalty.service.ts';

export function loyaltyMethods({ loyalty }: { loyalty: LoyaltyService }) {
  return [
    bindMethod(loyaltyGetInfo, (_input, ctx) => loyalty.info(ctx.requirePlayer().id, ctx.locale)),
    bindMethod(loyaltyGetPrograms, (_input, ctx) => loyalty.programs(ctx.locale)),
    bindMethod(loyaltyGetProgram, (input, ctx) => loyalty.program(input, ctx.locale)),
    bindMethod(loyaltyGetCharacters, (input, ctx) =>
      loyalty.characters(input.offset, input.limit, ctx.locale),
    ),
    bindMethod(loyaltySetCharacter, async (input, ctx) => {
      await loyalty.setCharacter(ctx.requirePlayer().id, input.id);
      return 1 as const;
    }),
    bindMethod(loyaltyGetProducts, (_input, ctx) => loyalty.products(ctx.locale)),
    bindMethod(loyaltyBuyProduct, (input, ctx) =>
      loyalty.buy(ctx.requirePlayer().id, input.id, input.request_id),
    ),
    bindMethod(loyaltyGetNotifications, (_input, ctx) =>
      loyalty.notifications(ctx.requirePlayer().id, ctx.locale),
    ),
  ];
}
