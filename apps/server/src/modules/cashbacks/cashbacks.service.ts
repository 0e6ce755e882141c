/**
 * Cashbacks (issue #12, ADR 022): programmes, accrual from the wager stream (cashback-consumer.ts),
 * the period close that turns a net real-money loss into a claimable cashback, expiry of unclaimed
 * ones, and the player's actions (payout to the main balance, remove). Every status change that
 * moves money runs in one transaction with the cashback row locked and the ledger move keyed
 * `cashback:<id>:payout`.
 */
import type { CashbackOutput } from '@croupier/contract/cashbacks/common';
import type { cashbacksGet } from '@croupier/contract/cashbacks/get';
import type { Locale } from '@croupier/contract/locales';
import type { MethodParsedInput } from '@croupier/contract/method';
import type { Money } from '@croupier/contract/params';
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CashbackMoves } from '../wallet/cashback-moves.ts';
import { createCashbackConsumer } from './cashback-consumer.ts';
import {
  CashbackProgrammeError,
  type CashbackProgrammeInput,
  cashbackAmount,
  claimDeadline,
  validateProgramme,
} from './cashback-programme.ts';
import {
  type CashbackRecord,
  type CashbackTx,
  createCashbacksRepository,
  type ProgrammeRecord,
} from './cashbacks.repository.ts';
import { DEMO_CASHBACK_PROGRAMMES } from './seed-cashbacks.ts';

/** A period is closed this long after its end, so a money transaction in flight at the end has committed. */
export const CLOSE_GRACE_MS = 5 * 60_000;
/** Accruals closed per pass (each in its own transaction); the rest wait for the next pass. */
export const CLOSE_BATCH = 500;
export const EXPIRY_BATCH = 500;
/** Pause between two close / expiry passes. */
export const CASHBACK_PASS_EVERY_MS = 60_000;

type CashbacksGetInput = MethodParsedInput<typeof cashbacksGet>;

export function createCashbacksService(
  deps: Pick<Deps, 'db' | 'log' | 'now' | 'jobs'>,
  collaborators: {
    cashbackMoves: CashbackMoves;
    /**
     * The time of the oldest wager event the accrual consumer has not applied yet (null: caught
     * up). A period is closed only once every event before its end has been applied.
     */
    oldestUnappliedAt(): Promise<Date | null>;
  },
) {
  const repository = createCashbacksRepository(deps.db);

  const notFound = () =>
    new AppError('InvalidParameterException', {
      code: 'cashback_not_found',
      message: 'cashbacks.not_found',
      fields: { cashback_id: 'not_found' },
    });

  function money(amountMinor: bigint, currency: string): Money {
    return { amount: formatMinor(amountMinor, currencyExponent(currency)), currency };
  }

  function percentText(bp: number): string {
    const whole = Math.floor(bp / 100);
    const rest = bp % 100;
    return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
  }

  function toOutput(cashback: CashbackRecord, programme: ProgrammeRecord, locale: Locale): CashbackOutput {
    return {
      id: Number(cashback.id),
      status: cashback.status,
      name: programme.name[locale],
      description: programme.description[locale],
      amount: money(cashback.amountMinor, cashback.currency),
      net_loss: money(cashback.netLossMinor, cashback.currency),
      percent: percentText(programme.percentBp),
      start_date: cashback.periodStart.toISOString(),
      end_date: cashback.periodEnd.toISOString(),
      receiving_expired_at: cashback.receivingExpiredAt.toISOString(),
      paid_out_at: cashback.paidOutAt?.toISOString() ?? null,
      created_at: cashback.createdAt.toISOString(),
    };
  }

  /** Locks the caller's cashback, refusing another player's (as not found) or a non-active one. */
  async function lockActive(tx: CashbackTx, playerId: bigint, cashbackId: bigint): Promise<CashbackRecord> {
    const cashback = await repository.lockCashback(tx, cashbackId);
    if (!cashback || cashback.playerId !== playerId) throw notFound();
    const now = deps.now();
    if (cashback.status !== 'active' || cashback.receivingExpiredAt <= now) {
      throw new AppError('InvalidParameterException', {
        code: 'cashback_not_active',
        message: cashback.status === 'paid_out' ? 'cashbacks.already_paid_out' : 'cashbacks.not_active',
        fields: { cashback_id: 'not_active' },
      });
    }
    return cashback;
  }

  const service = {
    /** Validates and stores a programme (idempotent by key). Bad values: typed error, nothing written. */
    async createProgramme(input: CashbackProgrammeInput): Promise<{ id: bigint; created: boolean }> {
      try {
        validateProgramme(input);
      } catch (error) {
        if (error instanceof CashbackProgrammeError) {
          throw new AppError('InvalidParameterException', {
            code: 'invalid_cashback_programme',
            message: 'cashbacks.invalid_programme',
            fields: { [error.field]: error.problem },
            values: { field: error.field, problem: error.problem },
            cause: error,
          });
        }
        throw error;
      }
      return repository.insertProgramme(input);
    },

    programmeIdByKey: (key: string) => repository.programmeIdByKey(key),
    setProgrammeEnabled: (id: bigint, enabled: boolean) => repository.setProgrammeEnabled(id, enabled),

    async list(
      playerId: bigint,
      input: CashbacksGetInput,
      locale: Locale,
    ): Promise<{ items: CashbackOutput[]; total: number }> {
      const page = await repository.list(playerId, {
        offset: input.offset,
        count: input.count,
        statuses: input.statuses,
        sort: input.sort,
        order: input.order,
      });
      const programmes = new Map(
        (
          await repository.programmes(deps.db, {
            all: true,
            ids: [...new Set(page.items.map((c) => c.programmeId))],
          })
        ).map((p) => [p.id, p]),
      );
      return {
        total: page.total,
        items: page.items.map((c) => toOutput(c, programmes.get(c.programmeId)!, locale)),
      };
    },

    /**
     * The player claims an active cashback: house promotions → player main, status paid_out, in one
     * transaction with the row locked; parallel claims wait on the lock and then see paid_out.
     */
    async payout(playerId: bigint, cashbackId: bigint): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const cashback = await lockActive(tx, playerId, cashbackId);
        const now = deps.now();
        await collaborators.cashbackMoves.payout(
          tx,
          { cashbackId: cashback.id, playerId: cashback.playerId, currency: cashback.currency },
          cashback.amountMinor,
        );
        await repository.setStatus(tx, cashback.id, 'paid_out', now, now);
      });
    },

    /** The player dismisses an active cashback: nothing is paid. */
    async remove(playerId: bigint, cashbackId: bigint): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const cashback = await lockActive(tx, playerId, cashbackId);
        await repository.setStatus(tx, cashback.id, 'removed', deps.now());
      });
    },

    /**
     * Closes the accruals whose period ended (plus the grace) and whose events have all been
     * applied: a positive net real loss becomes an active cashback (floor of the percentage,
     * clamped to the maximum; below the minimum none). Once per accrual: the accrual row is locked
     * and marked closed in the same transaction, and the cashback's unique keys refuse a second.
     * Returns the number of cashbacks created.
     */
    async closeEndedPeriods(): Promise<number> {
      const now = deps.now();
      let horizon = new Date(now.getTime() - CLOSE_GRACE_MS);
      const oldest = await collaborators.oldestUnappliedAt();
      if (oldest !== null && oldest < horizon) horizon = oldest;
      const ids = await repository.dueAccrualIds(horizon, CLOSE_BATCH);
      if (ids.length === 0) return 0;
      const programmes = new Map((await repository.programmes(deps.db, { all: true })).map((p) => [p.id, p]));
      let created = 0;
      for (const id of ids) {
        const made = await deps.db.transaction(async (tx) => {
          const accrual = await repository.lockAccrual(tx, id);
          if (!accrual || accrual.closedAt !== null) return false;
          await repository.closeAccrual(tx, accrual.id, now);
          const programme = programmes.get(accrual.programmeId);
          const bounds = programme?.amounts[accrual.currency];
          if (!programme || !bounds) return false;
          const netLoss = accrual.stakeRealMinor - accrual.payoutRealMinor;
          const amount = cashbackAmount(netLoss, programme.percentBp, bounds);
          if (amount <= 0n) return false;
          const cashbackId = await repository.insertCashback(tx, {
            playerId: accrual.playerId,
            programmeId: accrual.programmeId,
            accrualId: accrual.id,
            currency: accrual.currency,
            amountMinor: amount,
            netLossMinor: netLoss,
            periodStart: accrual.periodStart,
            periodEnd: accrual.periodEnd,
            status: 'active',
            receivingExpiredAt: claimDeadline(accrual.periodEnd, programme.claimDays),
          });
          return cashbackId !== null;
        });
        if (made) created += 1;
      }
      if (created > 0) deps.log.info({ created }, 'cashbacks created');
      return created;
    },

    /** Active cashbacks past `receiving_expired_at` become expired (nothing paid). */
    async expireDue(): Promise<number> {
      const expired = await repository.expireDue(deps.now(), EXPIRY_BATCH);
      if (expired > 0) deps.log.info({ expired }, 'cashbacks expired');
      return expired;
    },

    /** One pass: close ended periods, then expire unclaimed cashbacks. */
    async runPass(): Promise<void> {
      await service.closeEndedPeriods();
      await service.expireDue();
    },

    /** The demo programmes (seed `cashbacks-demo-v1`); idempotent by key. */
    async seed(): Promise<void> {
      for (const programme of DEMO_CASHBACK_PROGRAMMES) await service.createProgramme(programme);
    },
  };

  const accrualConsumer = createCashbackConsumer({ repository, now: deps.now });

  // Period close and expiry run on the job queue (ADR 015): one pass a minute across all nodes.
  const periodic = deps.jobs.recurring({
    name: 'cashback periods',
    everyMs: CASHBACK_PASS_EVERY_MS,
    firstDelayMs: CASHBACK_PASS_EVERY_MS,
    pass: () => service.runPass(),
  });

  return {
    ...service,
    accrualConsumer,
    start(): void {
      periodic.start();
    },
    async stop(): Promise<void> {
      await periodic.stop();
    },
    /** Makes the pass due now on whichever node and waits for it (support, tests). */
    async runPassNow(maxWaitMs = 5_000): Promise<void> {
      await periodic.runNow(maxWaitMs);
    },
  };
}

export type CashbacksService = ReturnType<typeof createCashbacksService>;
