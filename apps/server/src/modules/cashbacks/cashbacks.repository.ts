/** The only file of the cashbacks module that touches Drizzle. */
import type { Db } from '@croupier/db/client';
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { CashbackProgrammeInput, ProgrammeCurrencyAmounts } from './cashback-programme.ts';
import {
  cashbackAccrualEvents,
  cashbackAccruals,
  cashbackProgrammeAmounts,
  cashbackProgrammes,
  cashbacks,
} from './cashbacks.tables.ts';

export type CashbackTx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type CashbackExecutor = Db | CashbackTx;

export type CashbackStatus = 'active' | 'paid_out' | 'removed' | 'expired';

export interface ProgrammeRecord extends CashbackProgrammeInput {
  id: bigint;
  enabled: boolean;
}

export type CashbackRecord = Omit<typeof cashbacks.$inferSelect, 'status'> & { status: CashbackStatus };
export type AccrualRecord = typeof cashbackAccruals.$inferSelect;

export type CashbackSort = 'end_date' | 'created_at' | 'amount';

const SORT_COLUMNS = {
  end_date: cashbacks.periodEnd,
  created_at: cashbacks.createdAt,
  amount: cashbacks.amountMinor,
} as const;

export function createCashbacksRepository(db: Db) {
  return {
    /** Inserts a programme unless its key exists; returns the id either way. */
    async insertProgramme(input: CashbackProgrammeInput): Promise<{ id: bigint; created: boolean }> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(cashbackProgrammes)
          .values({
            key: input.key,
            name: input.name,
            description: input.description,
            percentBp: input.percentBp,
            period: input.period,
            claimDays: input.claimDays,
            product: input.product,
          })
          .onConflictDoNothing()
          .returning({ id: cashbackProgrammes.id });
        if (!inserted) {
          const [existing] = await tx
            .select({ id: cashbackProgrammes.id })
            .from(cashbackProgrammes)
            .where(eq(cashbackProgrammes.key, input.key));
          return { id: existing!.id, created: false };
        }
        await tx.insert(cashbackProgrammeAmounts).values(
          Object.entries(input.amounts).map(([currency, a]) => ({
            programmeId: inserted.id,
            currency,
            ...a,
          })),
        );
        return { id: inserted.id, created: true };
      });
    },

    async programmeIdByKey(key: string): Promise<bigint | null> {
      const [row] = await db
        .select({ id: cashbackProgrammes.id })
        .from(cashbackProgrammes)
        .where(eq(cashbackProgrammes.key, key));
      return row?.id ?? null;
    },

    async setProgrammeEnabled(id: bigint, enabled: boolean): Promise<void> {
      await db.update(cashbackProgrammes).set({ enabled }).where(eq(cashbackProgrammes.id, id));
    },

    /** Programmes with their amounts; only enabled ones unless `all`. */
    async programmes(
      executor: CashbackExecutor = db,
      options: { all?: boolean; ids?: bigint[] } = {},
    ): Promise<ProgrammeRecord[]> {
      const filters = [];
      if (!options.all) filters.push(eq(cashbackProgrammes.enabled, true));
      if (options.ids) {
        if (options.ids.length === 0) return [];
        filters.push(inArray(cashbackProgrammes.id, options.ids));
      }
      const rows = await executor
        .select()
        .from(cashbackProgrammes)
        .where(filters.length > 0 ? and(...filters) : undefined)
        .orderBy(asc(cashbackProgrammes.id));
      if (rows.length === 0) return [];
      const amounts = await executor
        .select()
        .from(cashbackProgrammeAmounts)
        .where(
          inArray(
            cashbackProgrammeAmounts.programmeId,
            rows.map((r) => r.id),
          ),
        );
      return rows.map((row) => {
        const byCurrency: Record<string, ProgrammeCurrencyAmounts> = {};
        for (const a of amounts) {
          if (a.programmeId === row.id) {
            byCurrency[a.currency] = { minPayoutMinor: a.minPayoutMinor, maxPayoutMinor: a.maxPayoutMinor };
          }
        }
        return {
          id: row.id,
          key: row.key,
          name: row.name,
          description: row.description,
          percentBp: row.percentBp,
          period: row.period as ProgrammeRecord['period'],
          claimDays: row.claimDays,
          product: row.product as ProgrammeRecord['product'],
          enabled: row.enabled,
          amounts: byCurrency,
        };
      });
    },

    /**
     * Adds an event's real stake and payout to its accrual, once per event: the (accrual, event) row
     * is the record; a replayed event finds it and adds nothing. Returns whether it counted.
     */
    async accrue(
      tx: CashbackTx,
      key: { playerId: bigint; programmeId: bigint; currency: string; periodStart: Date; periodEnd: Date },
      eventId: bigint,
      stakeRealMinor: bigint,
      payoutRealMinor: bigint,
      now: Date,
    ): Promise<boolean> {
      await tx.insert(cashbackAccruals).values(key).onConflictDoNothing();
      const [accrual] = await tx
        .select({ id: cashbackAccruals.id })
        .from(cashbackAccruals)
        .where(
          and(
            eq(cashbackAccruals.playerId, key.playerId),
            eq(cashbackAccruals.programmeId, key.programmeId),
            eq(cashbackAccruals.periodStart, key.periodStart),
            eq(cashbackAccruals.currency, key.currency),
          ),
        );
      const [recorded] = await tx
        .insert(cashbackAccrualEvents)
        .values({ accrualId: accrual!.id, eventId })
        .onConflictDoNothing()
        .returning({ eventId: cashbackAccrualEvents.eventId });
      if (!recorded) return false;
      await tx
        .update(cashbackAccruals)
        .set({
          stakeRealMinor: sql`${cashbackAccruals.stakeRealMinor} + ${stakeRealMinor}`,
          payoutRealMinor: sql`${cashbackAccruals.payoutRealMinor} + ${payoutRealMinor}`,
          updatedAt: now,
        })
        .where(eq(cashbackAccruals.id, accrual!.id));
      return true;
    },

    /** Ids of open accruals whose period ended at or before `before`, oldest first. */
    async dueAccrualIds(before: Date, limit: number): Promise<bigint[]> {
      const rows = await db
        .select({ id: cashbackAccruals.id })
        .from(cashbackAccruals)
        .where(and(isNull(cashbackAccruals.closedAt), lte(cashbackAccruals.periodEnd, before)))
        .orderBy(asc(cashbackAccruals.periodEnd), asc(cashbackAccruals.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async lockAccrual(tx: CashbackTx, id: bigint): Promise<AccrualRecord | null> {
      const [row] = await tx.select().from(cashbackAccruals).where(eq(cashbackAccruals.id, id)).for('update');
      return row ?? null;
    },

    async closeAccrual(tx: CashbackTx, id: bigint, now: Date): Promise<void> {
      await tx
        .update(cashbackAccruals)
        .set({ closedAt: now, updatedAt: now })
        .where(eq(cashbackAccruals.id, id));
    },

    /** Inserts the cashback of an accrual; null when it exists (the unique constraints make it once). */
    async insertCashback(
      tx: CashbackTx,
      values: Omit<typeof cashbacks.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'paidOutAt'>,
    ): Promise<bigint | null> {
      const [row] = await tx
        .insert(cashbacks)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: cashbacks.id });
      return row?.id ?? null;
    },

    async lockCashback(tx: CashbackTx, id: bigint): Promise<CashbackRecord | null> {
      const [row] = await tx.select().from(cashbacks).where(eq(cashbacks.id, id)).for('update');
      return (row as CashbackRecord | undefined) ?? null;
    },

    async setStatus(
      tx: CashbackTx,
      id: bigint,
      status: CashbackStatus,
      now: Date,
      paidOutAt: Date | null = null,
    ): Promise<void> {
      await tx.update(cashbacks).set({ status, paidOutAt, updatedAt: now }).where(eq(cashbacks.id, id));
    },

    /** Marks active cashbacks past their claim deadline expired; returns how many. */
    async expireDue(now: Date, limit: number): Promise<number> {
      const result = await db.execute(sql`
        UPDATE cashbacks SET status = 'expired', updated_at = ${now}
        WHERE id IN (SELECT id FROM cashbacks WHERE status = 'active' AND receiving_expired_at <= ${now}
                     ORDER BY receiving_expired_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)`);
      return result.rowCount ?? 0;
    },

    async list(
      playerId: bigint,
      options: {
        offset: number;
        count: number;
        statuses: CashbackStatus[] | undefined;
        sort: CashbackSort;
        order: 'asc' | 'desc';
      },
    ): Promise<{ items: CashbackRecord[]; total: number }> {
      const where = and(
        eq(cashbacks.playerId, playerId),
        options.statuses && options.statuses.length > 0
          ? inArray(cashbacks.status, options.statuses)
          : undefined,
      );
      const direction = options.order === 'asc' ? asc : desc;
      const items = await db
        .select()
        .from(cashbacks)
        .where(where)
        .orderBy(direction(SORT_COLUMNS[options.sort]), direction(cashbacks.id))
        .limit(options.count)
        .offset(options.offset);
      const [total] = await db.select({ n: count() }).from(cashbacks).where(where);
      return { items: items as CashbackRecord[], total: total?.n ?? 0 };
    },
  };
}

export type CashbacksRepository = ReturnType<typeof createCashbacksRepository>;
