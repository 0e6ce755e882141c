/** Thin handlers of the cashier and deposit-limit methods: parse (done), limit, call the service. */

import { cashierCancelWithdrawal } from '@croupier/contract/cashier/cancel-withdrawal';
import { cashierGetBanks } from '@croupier/contract/cashier/get-banks';
import { cashierGetDepositInfo } from '@croupier/contract/cashier/get-deposit-info';
import { accountGetDepositLimit } from '@croupier/contract/cashier/get-deposit-limit';
import { cashierGetDepositSettings } from '@croupier/contract/cashier/get-deposit-settings';
import { cashierGetHistory } from '@croupier/contract/cashier/get-history';
import { cashierGetWithdrawSettings } from '@croupier/contract/cashier/get-withdraw-settings';
import { cashierMakeDeposit } from '@croupier/contract/cashier/make-deposit';
import { cashierMakeWithdrawal } from '@croupier/contract/cashier/make-withdrawal';
import { cashierPaymentMethods } from '@croupier/contract/cashier/payment-methods';
import { accountSetDepositLimit } from '@croupier/contract/cashier/set-deposit-limit';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import type { CashierService } from './cashier.service.ts';

/** Per-player budgets of the money-moving methods (a person does not deposit 30 times a minute). */
const LIMITS = {
  deposit: [30, 60],
  withdrawal: [30, 60],
  cancel: [30, 60],
  depositLimit: [20, 60],
  banks: [60, 60],
} as const;

/** The handlers, given the services they call (never the whole container: ADR 018). */
export function cashierMethods(deps: { cashier: CashierService }): BoundMethod[] {
  const { cashier } = deps;
  return [
    bindMethod(cashierPaymentMethods, async (_input, ctx) =>
      cashier.paymentMethods(ctx.requirePlayer().id, ctx.locale),
    ),

    bindMethod(cashierGetDepositSettings, async (_input, ctx) =>
      cashier.depositSettings(ctx.requirePlayer().id, ctx.locale),
    ),

    bindMethod(cashierMakeDeposit, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`cashier:deposit:${player.id}`, ...LIMITS.deposit);
      return cashier.makeDeposit(player.id, input, ctx.locale, ctx.log);
    }),

    bindMethod(cashierGetDepositInfo, async (input, ctx) =>
      cashier.transactionInfo(ctx.requirePlayer().id, input.id),
    ),

    bindMethod(cashierGetHistory, async (input, ctx) => cashier.history(ctx.requirePlayer().id, input)),

    bindMethod(cashierGetWithdrawSettings, async (_input, ctx) =>
      cashier.withdrawSettings(ctx.requirePlayer().id, ctx.locale),
    ),

    bindMethod(cashierMakeWithdrawal, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`cashier:withdrawal:${player.id}`, ...LIMITS.withdrawal);
      return cashier.makeWithdrawal(player.id, input, ctx.locale);
    }),

    bindMethod(cashierCancelWithdrawal, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`cashier:cancel:${player.id}`, ...LIMITS.cancel);
      await cashier.cancelWithdrawal(player.id, input.id);
      return 1 as const;
    }),

    bindMethod(cashierGetBanks, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`cashier:banks:${player.id}`, ...LIMITS.banks);
      return cashier.banks(player.id, input.country, ctx.locale);
    }),

    bindMethod(accountGetDepositLimit, async (_input, ctx) =>
      cashier.depositLimit(ctx.requirePlayer().id, ctx.locale),
    ),

    bindMethod(accountSetDepositLimit, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`cashier:deposit-limit:${player.id}`, ...LIMITS.depositLimit);
      return cashier.setDepositLimit(player.id, input, ctx.locale);
    }),
  ];
}
