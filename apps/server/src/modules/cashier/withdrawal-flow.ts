/**
 * A withdrawal as named steps, each with its compensation:
 *
 *   hold_funds       main → pending_withdrawals, in one transaction with the record (taken by
 *                    `makeWithdrawal`: too little money rolls both back, leaving nothing to undo)
 *                      ⟲ release the hold: the funds go back to the main balance, exactly once
 *   request_payout   the payout at the provider, `wd_<id>` as reference and Idempotency-Key; run
 *                    on an operator's approval, and again by the retry pass while its outcome is
 *                    unknown
 *
 * A refusal is final and releases the hold; an unknown outcome (timeout, provider down) leaves the
 * withdrawal approved with its funds held, for a retry that can only find or create the one
 * payout. The provider settles the payout by webhook (`webhook.ts`): `payout.paid` posts it,
 * `payout.failed` releases the hold in the event's own transaction. Before approval, the player's
 * cancellation and the operator's rejection release the hold too (`releaseHeldFunds`).
 */

import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import { AppError } from '../../lib/app-error.ts';
import type { TransactionRecord } from './cashier.repository.ts';
import type { CashierContext } from './cashier-context.ts';
import type { Flow } from './flow-step.ts';
import { ProviderRefusedError } from './payment-provider.ts';
import { invalidField } from './request-checks.ts';

export function createWithdrawalFlow(
  context: Pick<CashierContext, 'deps' | 'repository' | 'wallet' | 'requireProvider' | 'origin'>,
) {
  const { deps, repository, wallet, requireProvider, origin } = context;

  /** Compensation of the hold (rejection, cancellation, refused payout): funds back, exactly once. */
  async function releaseHeldFunds(
    id: bigint,
    allowed: readonly string[],
    next: { status: 'rejected' | 'canceled' | 'failed'; failureCode: string | null; decidedBy?: string },
    owner?: bigint,
  ): Promise<TransactionRecord> {
    return repository.transaction(async (repo, tx) => {
      const record = await repo.lockById(id);
      if (record?.type !== 'withdrawal' || (owner !== undefined && record.playerId !== owner)) {
        throw invalidField('id', 'not_found', 'cashier.not_found');
      }
      if (!allowed.includes(record.status)) {
        throw new AppError('WithdrawalDeclinedException', {
          code: 'not_cancelable',
          message: 'cashier.not_cancelable',
          data: { status: record.status },
        });
      }
      await wallet.releaseWithdrawal(
        {
          playerId: record.playerId,
          currency: record.currency,
          amountMinor: record.amountMinor,
          withdrawalId: record.id,
        },
        { tx },
      );
      const now = deps.now();
      await repo.updateTransaction(
        record.id,
        {
          status: next.status,
          failureCode: next.failureCode,
          ...(next.decidedBy ? { decidedBy: next.decidedBy, decidedAt: now } : {}),
        },
        now,
      );
      return { ...record, status: next.status, failureCode: next.failureCode, updatedAt: now };
    });
  }

  const flow: Flow<TransactionRecord> = {
    name: 'withdrawal',
    steps: [
      {
        name: 'hold_funds',
        async compensate(record, error) {
          const code = error instanceof ProviderRefusedError ? error.code : 'payout_refused';
          await releaseHeldFunds(record.id, ['approved'], { status: 'failed', failureCode: code });
        },
      },
      {
        name: 'request_payout',
        async invoke(record) {
          const exponent = currencyExponent(record.currency);
          const destination =
            record.providerMethod === 'card'
              ? { type: 'card' as const, paymentId: record.refundPaymentId ?? '' }
              : {
                  type: 'iban' as const,
                  iban: record.requisites.iban ?? '',
                  holder: record.requisites.holder ?? '',
                };
          const payout = await requireProvider().createPayout(
            {
              merchantReference: `wd_${record.id}`,
              amount: formatMinor(record.amountMinor, exponent),
              currency: record.currency,
              destination,
              webhookUrl: `${origin()}/webhooks/psp`,
            },
            `wd_${record.id}`,
          );
          if (!(await repository.attachProviderPayout(record.id, payout.id, deps.now()))) {
            throw new Error(`withdrawal ${record.id} already has another payout`);
          }
        },
      },
    ],
    isDefinitive: (error) => error instanceof ProviderRefusedError,
  };

  return { flow, releaseHeldFunds };
}

export type WithdrawalFlow = ReturnType<typeof createWithdrawalFlow>;
