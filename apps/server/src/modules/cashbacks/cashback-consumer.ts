/**
 * The cashback accrual consumer of the wager stream (ADR 022). For each event, for each enabled
 * programme that covers its product and currency, the event's real-money stake and real-money
 * payout are added to the accrual of (player, programme, period holding the event's time in UTC,
 * currency). Bonus stakes and bonus payouts never count: the net loss is stake_real − payout_real.
 * A rollback carries negated amounts, so it reverses what its bet or win added (in the period of
 * the rollback's own time; see the ADR).
 *
 * Exactly once: the runtime applies each event once per consumer in commit order, and each counted
 * event is also recorded per accrual (`cashback_accrual_events`, primary key accrual + event id),
 * so a replay from an earlier position (operator tool) or a batch applied again counts nothing twice.
 */
import type { WagerConsumer, WagerEvent } from '../wagers/wager-event.ts';
import { periodOf } from './cashback-programme.ts';
import type { CashbacksRepository, CashbackTx, ProgrammeRecord } from './cashbacks.repository.ts';

export const CASHBACK_CONSUMER = 'cashback_accrual';

export interface CashbackConsumerDeps {
  repository: Pick<CashbacksRepository, 'programmes' | 'accrue'>;
  now(): Date;
}

/** Whether a programme counts an event (product filter, currency offered, real money involved). */
export function programmeCovers(programme: ProgrammeRecord, event: WagerEvent): boolean {
  if (programme.product !== null && programme.product !== event.product) return false;
  if (!programme.amounts[event.currency]) return false;
  return event.stakeRealMinor !== 0n || event.payoutRealMinor !== 0n;
}

export function createCashbackConsumer(deps: CashbackConsumerDeps): WagerConsumer {
  return {
    name: CASHBACK_CONSUMER,
    async apply(tx, events) {
      if (events.length === 0) return;
      const programmes = await deps.repository.programmes(tx as CashbackTx);
      if (programmes.length === 0) return;
      const now = deps.now();
      for (const event of events) {
        for (const programme of programmes) {
          if (!programmeCovers(programme, event)) continue;
          const period = periodOf(programme.period, event.createdAt);
          await deps.repository.accrue(
            tx as CashbackTx,
            {
              playerId: event.playerId,
              programmeId: programme.id,
              currency: event.currency,
              periodStart: period.start,
              periodEnd: period.end,
            },
            event.id,
            event.stakeRealMinor,
            event.payoutRealMinor,
            now,
          );
        }
      }
    },
  };
}
