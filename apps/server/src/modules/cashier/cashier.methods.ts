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
import { bindCashierMethod } from './cashier.messages.ts';

/** Per-player budgets of the money-moving methods (a person does not deposit 30 times a minute). */
const LIMITS = {
  deposit: [30, 60],
  withdrawal: [30, 60],
  cancel: [30, 60],
  depositLimit: [20, 60],
  banks: [60, 60],
} as const;

export const cashierMethods = [
  bindCashierMethod(cashierPaymentMethods, async (_input, ctx) =>
    ctx.services.cashier.paymentMethods(ctx.requirePlayer().id, ctx.locale),
  ),

  bindCashierMethod(cashierGetDepositSettings, async (_input, ctx) =>
    ctx.services.cashier.depositSettings(ctx.requirePlayer().id, ctx.locale),
  ),

  bindCashierMethod(cashierMakeDeposit, async (input, ctx) => {
    const player = ctx.requirePlayer();
    await ctx.rateLimit(`cashier:deposit:${player.id}`, ...LIMITS.deposit);
    return ctx.services.cashier.makeDeposit(player.id, input, ctx.locale, ctx.log);
  }),

  bindCashierMethod(cashierGetDepositInfo, async (input, ctx) =>
    ctx.services.cashier.transactionInfo(ctx.requirePlayer().id, input.id),
  ),

  bindCashierMethod(cashierGetHistory, async (input, ctx) =>
    ctx.services.cashier.history(ctx.requirePlayer().id, input),
  ),

  bindCashierMethod(cashierGetWithdrawSettings, async (_input, ctx) =>
    ctx.services.cashier.withdrawSettings(ctx.requirePlayer().id, ctx.locale),
  ),

  bindCashierMethod(cashierMakeWithdrawal, async (input, ctx) => {
    const player = ctx.requirePlayer();
    await ctx.rateLimit(`cashier:withdrawal:${player.id}`, ...LIMITS.withdrawal);
    return ctx.services.cashier.makeWithdrawal(player.id, input, ctx.locale);
  }),

  bindCashierMethod(cashierCancelWithdrawal, async (input, ctx) => {
    const player = ctx.requirePlayer();
    await ctx.rateLimit(`cashier:cancel:${player.id}`, ...LIMITS.cancel);
    await ctx.services.cashier.cancelWithdrawal(player.id, input.id);
    return 1 as const;
  }),

  bindCashierMethod(cashierGetBanks, async (input, ctx) => {
    const player = ctx.requirePlayer();
    await ctx.rateLimit(`cashier:banks:${player.id}`, ...LIMITS.banks);
    return ctx.services.cashier.banks(player.id, input.country, ctx.locale);
  }),

  bindCashierMethod(accountGetDepositLimit, async (_input, ctx) =>
    ctx.services.cashier.depositLimit(ctx.requirePlayer().id, ctx.locale),
  ),

  bindCashierMethod(accountSetDepositLimit, async (input, ctx) => {
    const player = ctx.requirePlayer();
    await ctx.rateLimit(`cashier:deposit-limit:${player.id}`, ...LIMITS.depositLimit);
    return ctx.services.cashier.setDepositLimit(player.id, input, ctx.locale);
  }),
];
