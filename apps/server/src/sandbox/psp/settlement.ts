/**
 * What happens later at the provider: payments and payouts whose scheduled outcome is due settle
 * (each with its webhook event), a bounded batch at a time; rows are claimed with FOR UPDATE SKIP
 * LOCKED so any node may run a pass.
 */
import type { PaymentState, PayoutEventType, PspContext } from './payment-state.ts';
import { payoutDto } from './payment-state.ts';

const RESOLVE_BATCH = 50;
/** Batches a pass may run while full ones keep coming: bounded work per tick. */
export const MAX_BATCHES_PER_PASS = 10;

export function createSettlement(context: PspContext & { state: PaymentState }) {
  const { deps, repository } = context;
  const { emit, paymentEventData, paymentEventType } = context.state;

  async function resolveDuePayments(): Promise<number> {
    return repository.transaction(async (tx) => {
      const now = deps.now();
      const due = await repository.lockDuePayments(tx, now, RESOLVE_BATCH);
      for (const payment of due) {
        const live = payment.status === 'requires_action' || payment.status === 'processing';
        const status = payment.scheduledStatus;
        const clear = {
          scheduledStatus: null,
          scheduledFailureCode: null,
          scheduledAt: null,
          updatedAt: now,
        };
        if (!live || !status) {
          await repository.updatePaymentFrom(tx, payment.id, { statuses: [payment.status] }, clear);
          continue;
        }
        const updated = await repository.updatePaymentFrom(
          tx,
          payment.id,
          { statuses: [payment.status] },
          { ...clear, status, step: null, failureCode: payment.scheduledFailureCode },
        );
        const type = paymentEventType(status);
        if (updated && type)
          await emit(tx, updated.merchantId, type, paymentEventData(updated), updated.webhookUrl);
      }
      return due.length;
    });
  }

  async function resolveDuePayouts(): Promise<number> {
    return repository.transaction(async (tx) => {
      const now = deps.now();
      const due = await repository.lockDuePayouts(tx, now, RESOLVE_BATCH);
      for (const payout of due) {
        const clear = {
          scheduledStatus: null,
          scheduledFailureCode: null,
          scheduledAt: null,
          updatedAt: now,
        };
        if (payout.status !== 'pending' || !payout.scheduledStatus) {
          await repository.updatePayout(tx, payout.id, clear);
          continue;
        }
        const updated = await repository.updatePayout(tx, payout.id, {
          ...clear,
          status: payout.scheduledStatus,
          failureCode: payout.scheduledFailureCode,
        });
        if (!updated) continue;
        const type: PayoutEventType = updated.status === 'paid' ? 'payout.paid' : 'payout.failed';
        await emit(
          tx,
          updated.merchantId,
          type,
          { object: 'payout', ...payoutDto(updated) },
          updated.webhookUrl,
        );
      }
      return due.length;
    });
  }

  async function drain(step: () => Promise<number>): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch += 1) {
      const count = await step();
      total += count;
      if (count < RESOLVE_BATCH) break;
    }
    return total;
  }

  return { resolveDuePayments, resolveDuePayouts, drain };
}
