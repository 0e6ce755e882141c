/** Thin handlers of the bonuses.* methods: the service checks that the bonus is the caller's. */
import { bonusesActivate } from '@croupier/contract/bonuses/activate';
import {
  bettingBonusesActivate,
  bettingBonusesGet,
  bettingBonusesRemove,
} from '@croupier/contract/bonuses/betting-bonuses';
import { bonusesDeactivate } from '@croupier/contract/bonuses/deactivate';
import { bonusesGet } from '@croupier/contract/bonuses/get';
import { bonusesRemove } from '@croupier/contract/bonuses/remove';
import { bindMethod } from '../../lib/method-binding.ts';
import type { BonusesService } from './bonuses.service.ts';

export function bonusesMethods({ bonuses }: { bonuses: BonusesService }) {
  return [
    bindMethod(bonusesGet, (input, ctx) => bonuses.list(ctx.requirePlayer().id, input, ctx.locale)),
    bindMethod(bonusesActivate, async (input, ctx) => {
      await bonuses.activate(ctx.requirePlayer().id, BigInt(input.bonus_id));
      return 1 as const;
    }),
    bindMethod(bonusesDeactivate, async (input, ctx) => {
      await bonuses.deactivate(ctx.requirePlayer().id, BigInt(input.bonus_id));
      return 1 as const;
    }),
    bindMethod(bonusesRemove, async (input, ctx) => {
      await bonuses.remove(ctx.requirePlayer().id, BigInt(input.bonus_id));
      return 1 as const;
    }),
    // BettingBonuses.* (spec §7, ADR 034): the same engine, restricted to betting bonuses.
    bindMethod(bettingBonusesGet, (input, ctx) =>
      bonuses.list(ctx.requirePlayer().id, input, ctx.locale, 'betting_bonus'),
    ),
    bindMethod(bettingBonusesActivate, async (input, ctx) => {
      await bonuses.activateBetting(ctx.requirePlayer().id, BigInt(input.bonus_id));
      return 1 as const;
    }),
    bindMethod(bettingBonusesRemove, async (input, ctx) => {
      await bonuses.removeBetting(ctx.requirePlayer().id, BigInt(input.bonus_id));
      return 1 as const;
    }),
  ];
}
