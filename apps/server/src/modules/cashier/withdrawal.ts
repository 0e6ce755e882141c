/**
 * Withdrawals: the settings of the withdrawal form, the player's request (gates, bounds, the period
 * cap, then the record and the hold), the player's cancellation, and the operator's side (list,
 * approve, reject, the KYC gate). The steps after the hold are in `withdrawal-flow.ts`.
 */
import type { RequisitesInput, TransactionOutput } from '@croupier/contract/cashier/common';
import type { Locale } from '@croupier/contract/locales';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Tx } from './cashier.repository.ts';
import type { CashierContext } from './cashier-context.ts';
import { CompensationFailedError, runFlow } from './flow-step.ts';
import { ProviderRefusedError, ProviderUnavailableError } from './payment-provider.ts';
import {
  findLimit,
  invalidField,
  REQUISITES,
  readAmount,
  readRequisites,
  requestHash,
} from './request-checks.ts';
import { boundText, moneyOf, toOutput } from './transaction-output.ts';
import type { WithdrawalFlow } from './withdrawal-flow.ts';

const OPERATOR_PAGE_MAX = 100;
/** Withdrawal statuses an operator lists. */
export const OPERATOR_WITHDRAWAL_STATUSES = [
  'pending',
  'approved',
  'processing',
  'paid',
  'failed',
  'rejected',
  'canceled',
] as const;

export function createWithdrawals(
  context: Pick<
    CashierContext,
    | 'deps'
    | 'repository'
    | 'wallet'
    | 'cms'
    | 'requireProvider'
    | 'facts'
    | 'exponents'
    | 'methodFor'
    | 'siteDomain'
  > & {
    withdrawal: WithdrawalFlow;
    /** The risk check (ADR 039): a hold reason marks the withdrawal for the operator's review. */
    withdrawalRisk: ((playerId: bigint) => Promise<{ hold: string } | null>) | null;
    /** Told of the request inside its transaction (tournaments' reset on cashout, ADR 036). */
    withdrawalRequested?: ((tx: Tx, playerId: bigint, currency: string) => Promise<void>) | null;
  },
) {
  const { deps, repository, wallet, cms, requireProvider, facts, exponents, methodFor, siteDomain } = context;
  const { flow, releaseHeldFunds } = context.withdrawal;

  return {
    async withdrawSettings(playerId: bigint, locale: Locale) {
      const player = await facts(playerId, locale);
      const { currency } = player;
      const exponent = await wallet.exponentOf(currency);
      const config = await cms.getConfig(locale);
      const info = new Map(config['cashier-config'].paymentMethods.map((entry) => [entry.sysname, entry]));
      const links = config['cashier-config'].withdrawalButtons;
      const cardPayment = await repository.latestCardPayment(playerId, currency);
      const methods = (await repository.listActiveMethods()).flatMap((method) => {
        const limit = findLimit(method, currency, 'withdrawal');
        if (!limit) return [];
        const available = method.providerMethod !== 'card' || cardPayment !== null;
        return [
          {
            sysname: method.sysname,
            title: info.get(method.sysname)?.title ?? method.sysname,
            icons: info.get(method.sysname)?.icons ?? [],
            min: moneyOf(limit.minMinor, currency, exponent),
            max: moneyOf(limit.maxMinor, currency, exponent),
            period_max:
              limit.periodMaxMinor === null ? null : moneyOf(limit.periodMaxMinor, currency, exponent),
            period_hours: limit.periodHours,
            requisites: REQUISITES[method.providerMethod].withdrawal,
            available,
            unavailable_reason: available ? null : 'no_card_deposit',
          },
        ];
      });
      const pending = await repository.findPendingWithdrawal(playerId);
      return {
        currency,
        withdrawable: moneyOf(await wallet.balanceMinor(playerId, currency), currency, exponent),
        methods,
        requirements: {
          confirm_contact: { required: !player.loginConfirmed, link: links.confirmContactLink },
          kyc: {
            required: ((await repository.kycBlockEnabled()) || player.kycBlock) && !player.verified,
            link: links.kycLink,
          },
        },
        open_withdrawal: pending ? toOutput(pending, await exponents()) : null,
      };
    },

    /**
     * Step one of a withdrawal: gates (contact, KYC), bounds, requisites, the period cap, then the
     * record and the hold (main → pending_withdrawals) in one transaction under the player's lock.
     * Too little money refuses the whole thing: nothing is stored or held.
     */
    async makeWithdrawal(
      playerId: bigint,
      input: {
        method: string;
        amount: string;
        requisites?: RequisitesInput | undefined;
        request_id?: string | undefined;
      },
      locale: Locale,
    ): Promise<TransactionOutput> {
      requireProvider();
      const player = await facts(playerId, locale);
      const links = (await cms.getConfig(locale))['cashier-config'].withdrawalButtons;
      if (!player.loginConfirmed) {
        throw new AppError('UserNeedConfirmContactException', {
          code: 'contact_unconfirmed',
          data: { link: links.confirmContactLink },
        });
      }
      if (((await repository.kycBlockEnabled()) || player.kycBlock) && !player.verified) {
        throw new AppError('KycWithdrawalException', { code: 'kyc_required', data: { link: links.kycLink } });
      }
      const { currency } = player;
      const exponent = await wallet.exponentOf(currency);
      const { method, limit } = await methodFor(input.method, currency, 'withdrawal');
      const amountMinor = readAmount(input.amount, currency, exponent, limit, locale, 'withdrawal');
      const requisites = readRequisites(REQUISITES[method.providerMethod].withdrawal, input.requisites);
      let refundPaymentId: string | null = null;
      if (method.providerMethod === 'card') {
        refundPaymentId = await repository.latestCardPayment(playerId, currency);
        if (!refundPaymentId) {
          throw new AppError('WithdrawalDeclinedException', {
            code: 'no_card_deposit',
            message: 'cashier.no_card_deposit',
          });
        }
      }
      const hash = requestHash({
        method: method.sysname,
        amount: amountMinor.toString(),
        currency,
        requisites: JSON.stringify(requisites),
      });
      const replay = async (): Promise<TransactionOutput | null> => {
        if (!input.request_id) return null;
        const earlier = await repository.findByRequest(playerId, 'withdrawal', input.request_id);
        if (!earlier) return null;
        if (earlier.requestHash !== hash)
          throw invalidField('request_id', 'conflict', 'cashier.request_conflict');
        return toOutput(earlier, await exponents());
      };
      const first = await replay();
      if (first) return first;
      // Read before the transaction (another module's data): a hold only marks the record.
      const risk = context.withdrawalRisk ? await context.withdrawalRisk(playerId) : null;

      const now = deps.now();
      const created = await repository.transaction(async (repo, tx) => {
        await repo.lockPlayer(playerId);
        if (limit.periodMaxMinor !== null) {
          const since = new Date(now.getTime() - limit.periodHours * 3600 * 1000);
          const used = await repo.withdrawnSince(playerId, method.sysname, currency, since);
          if (used + amountMinor > limit.periodMaxMinor) {
            const left = limit.periodMaxMinor - used > 0n ? limit.periodMaxMinor - used : 0n;
            throw new AppError('WithdrawalLimitsPeriodExceededException', {
              code: 'period_limit_exceeded',
              message: 'cashier.withdrawal_period_limit',
              values: {
                max: boundText(limit.periodMaxMinor, currency, exponent),
                hours: limit.periodHours,
                available: boundText(left, currency, exponent),
              },
              data: {
                period_max: moneyOf(limit.periodMaxMinor, currency, exponent),
                period_hours: limit.periodHours,
                available_amount: moneyOf(left, currency, exponent),
              },
            });
          }
        }
        const inserted = await repo.insertTransaction({
          playerId,
          type: 'withdrawal',
          method: method.sysname,
          providerMethod: method.providerMethod,
          currency,
          amountMinor,
          status: 'pending',
          requisites,
          campaignOfferId: null,
          signUpCode: false,
          requestId: input.request_id ?? null,
          requestHash: input.request_id ? hash : null,
          domain: siteDomain(),
          refundPaymentId,
          reviewHold: risk?.hold ?? null,
          now,
        });
        if ('conflict' in inserted) {
          if (inserted.conflict === 'request') return null;
          throw new AppError('WithdrawalDeclinedException', {
            code: inserted.conflict === 'pending_withdrawal' ? 'withdrawal_pending' : 'conflict',
            message: 'cashier.withdrawal_pending',
          });
        }
        // The hold: insufficient funds throws and rolls the record back with it.
        await wallet.holdWithdrawal({ playerId, currency, amountMinor, withdrawalId: inserted.id }, { tx });
        if (context.withdrawalRequested) await context.withdrawalRequested(tx, playerId, currency);
        return inserted.id;
      });
      if (created === null) {
        const answer = await replay();
        if (answer) return answer;
        throw new AppError('WithdrawalDeclinedException', {
          code: 'conflict',
          message: 'cashier.withdrawal_pending',
        });
      }
      const record = await repository.findById(created);
      if (!record) throw new Error(`withdrawal ${created} vanished`);
      return toOutput(record, await exponents());
    },

    /** The player takes a waiting withdrawal back: the held funds return (compensation of the hold). */
    async cancelWithdrawal(playerId: bigint, id: number): Promise<void> {
      await releaseHeldFunds(BigInt(id), ['pending'], { status: 'canceled', failureCode: null }, playerId);
    },

    /**
     * Operator approval, step two: marks the withdrawal approved, then asks the provider for the
     * payout (`wd_<id>` as reference and Idempotency-Key). A refusal compensates (funds back); an
     * unknown outcome leaves it approved, and approving again retries the same payout request.
     */
    async approveWithdrawal(
      id: bigint,
      actor: string,
      log: FastifyBaseLogger = deps.log,
      options: { reviewed?: boolean } = {},
    ) {
      requireProvider();
      const record = await repository.transaction(async (repo) => {
        const current = await repo.lockById(id);
        if (current?.type !== 'withdrawal') throw invalidField('id', 'not_found', 'cashier.not_found');
        if (current.status === 'pending') {
          // Held by a risk check (ADR 039): the operator says they reviewed it.
          if (current.reviewHold !== null && options.reviewed !== true) {
            throw new AppError('WithdrawalDeclinedException', {
              code: 'review_required',
              data: { review_hold: current.reviewHold },
            });
          }
          const now = deps.now();
          await repo.updateTransaction(id, { status: 'approved', decidedBy: actor, decidedAt: now }, now);
          return { ...current, status: 'approved' as const };
        }
        if (current.status === 'approved' && current.providerPayoutId === null) return current;
        return null;
      });
      if (record) {
        try {
          await runFlow(flow, record, log, { after: 'hold_funds' });
        } catch (error) {
          // The hold could not be released (another request settled it first): that is the answer.
          if (error instanceof CompensationFailedError) throw error.cause;
          if (error instanceof ProviderRefusedError) {
            throw new AppError('WithdrawalDeclinedException', {
              code: error.code,
              message: 'cashier.declined',
              values: { code: error.code },
            });
          }
          if (error instanceof ProviderUnavailableError) {
            throw new AppError('BillingUnavailableException', {
              code: 'provider_unavailable',
              message: 'cashier.provider_unavailable',
            });
          }
          throw error;
        }
      }
      const after = await repository.findById(id);
      if (after?.type !== 'withdrawal') throw invalidField('id', 'not_found', 'cashier.not_found');
      if (!['approved', 'processing', 'paid'].includes(after.status)) {
        throw new AppError('WithdrawalDeclinedException', {
          code: `already_${after.status}`,
          data: { status: after.status },
        });
      }
      return toOutput(after, await exponents());
    },

    /** Operator rejection of a waiting withdrawal: the held funds return. */
    async rejectWithdrawal(id: bigint, actor: string, reason: string | null) {
      const record = await releaseHeldFunds(id, ['pending'], {
        status: 'rejected',
        failureCode: reason ?? 'rejected',
        decidedBy: actor,
      });
      return toOutput(record, await exponents());
    },

    async listWithdrawals(filter: { statuses: string[]; offset: number; count: number }) {
      const rows = await repository.listByStatus('withdrawal', filter.statuses, {
        offset: filter.offset,
        count: Math.min(filter.count, OPERATOR_PAGE_MAX),
      });
      const exponentByCode = await exponents();
      return rows.map((row) => ({
        ...toOutput(row, exponentByCode),
        player_id: Number(row.playerId),
        review_hold: row.reviewHold,
      }));
    },

    async setKycBlockEnabled(enabled: boolean): Promise<void> {
      await repository.setKycBlockEnabled(enabled, deps.now());
    },

    kycBlockEnabled: () => repository.kycBlockEnabled(),

    /** One withdrawal as the operator's list shows it (the audit log's before), or null. */
    async findWithdrawal(id: bigint) {
      const row = await repository.findById(id);
      if (row?.type !== 'withdrawal') return null;
      return {
        ...toOutput(row, await exponents()),
        player_id: Number(row.playerId),
        review_hold: row.reviewHold,
      };
    },
  };
}
