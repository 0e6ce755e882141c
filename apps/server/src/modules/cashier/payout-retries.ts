/**
 * Payouts approved while the provider was down or timed out stay `approved` with their funds held;
 * a pass asks the provider again (the `request_payout` step of `withdrawal-flow.ts`). The loop that
 * runs the passes is wired in `cashier.service.ts`.
 */
import type { CashierContext } from './cashier-context.ts';
import { runFlow } from './flow-step.ts';
import type { WithdrawalFlow } from './withdrawal-flow.ts';

/** Stuck approved payouts: asked again once a minute, a few at a time per pass and node. */
export const STUCK_PAYOUT_RETRY_MS = 60_000;
const STUCK_PAYOUT_BATCH = 20;

export function createPayoutRetries(
  context: Pick<CashierContext, 'deps' | 'repository' | 'provider'> & { withdrawal: WithdrawalFlow },
) {
  const { deps, repository, provider } = context;
  const { flow } = context.withdrawal;

  return {
    /**
     * Payouts approved while the provider was down or timed out stay `approved` with their funds
     * held. Each pass asks the provider again (same `wd_<id>` Idempotency-Key, so at most one
     * payout can exist) for those last tried at least `STUCK_PAYOUT_RETRY_MS` ago; a refusal
     * compensates as on approval. Returns how many were tried.
     */
    async retryStuckPayouts(): Promise<number> {
      if (!provider) return 0;
      const now = deps.now();
      const claimed = await repository.claimStuckApprovals(
        new Date(now.getTime() - STUCK_PAYOUT_RETRY_MS),
        now,
        STUCK_PAYOUT_BATCH,
      );
      for (const record of claimed) {
        try {
          await runFlow(flow, record, deps.log, { after: 'hold_funds' });
          deps.log.info({ withdrawal: record.id.toString() }, 'stuck payout requested again');
        } catch {
          // runFlow logged it: refused ones were compensated, unknown outcomes wait for next pass.
        }
      }
      return claimed.length;
    },
  };
}
