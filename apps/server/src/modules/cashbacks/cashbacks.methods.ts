/** Thin handlers of the cashbacks.* methods: the service checks that the cashback is the caller's. */
import { cashbacksGet } from '@croupier/contract/cashbacks/get';
import { cashbacksPayout } from '@croupier/contract/cashbacks/payout';
import { cashbacksRemove } from '@croupier/contract/cashbacks/remove';
import { bindMethod } from '../../lib/method-binding.ts';
import type { CashbacksService } from './cashbacks.service.ts';

export function cashbacksMethods({ cashbacks }: { cashbacks: CashbacksService }) {
  return [
    bindMethod(cashbacksGet, (input, ctx) => cashbacks.list(ctx.requirePlayer().id, input, ctx.locale)),
    bindMethod(cashbacksPayout, async (input, ctx) => {
      await cashbacks.payout(ctx.requirePlayer().id, BigInt(input.cashback_id));
      return 1 as const;
    }),
    bindMethod(cashbacksRemove, async (input, ctx) => {
      await cashbacks.remove(ctx.requirePlayer().id, BigInt(input.cashback_id));
      return 1 as const;
    }),
  ];
}
