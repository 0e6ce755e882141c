/** The only file of the jackpots module that touches Drizzle. */
import type { Db } from '@croupier/db/client';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { jackpotContributions, jackpotCycles, jackpotGames, jackpots } from './jackpots.tables.ts';

export type JackpotTx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type JackpotExecutor = Db | JackpotTx;

export type JackpotRecord = typeof jackpots.$inferSelect;
export type CycleRecord = typeof jackpotCycles.$inferSelect;

export interface JackpotWithGames extends JackpotRecord {
  gameIds: bigint[];
}

export interface NewJackpot {
  key: string;
  name: { en: string; fr: string };
  currency: string;
  contributionBp: number;
  reserveBp: number;
  seedMinor: bigint;
  ceilingMinor: bigint;
  gameIds: bigint[];
}

export function createJackpotsRepository(db: JackpotExecutor) {
  async function withGames(
    rows: JackpotRecord[],
    executor: JackpotExecutor = db,
  ): Promise<JackpotWithGames[]> {
    if (rows.length === 0) return [];
    const games = await executor
      .select()
      .from(jackpotGames)
      .where(
        inArray(
          jackpotGames.jackpotId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(jackpotGames.gameId));
    return rows.map((row) => ({
      ...row,
      gameIds: games.filter((g) => g.jackpotId === row.id).map((g) => g.gameId),
    }));
  }

  return {
    async idByKey(key: string): Promise<bigint | null> {
      const [row] = await db.select({ id: jackpots.id }).from(jackpots).where(eq(jackpots.key, key));
      return row?.id ?? null;
    },

    /** Inserts a jackpot, its games and its first cycle (state at the start value). */
    async insert(
      tx: JackpotTx,
      input: NewJackpot,
      firstCycle: (id: bigint) => { serverSeed: string; commitment: string; dropPointMinor: bigint },
      now: Date,
    ): Promise<bigint> {
      const [row] = await tx
        .insert(jackpots)
        .values({
          key: input.key,
          name: input.name,
          currency: input.currency,
          contributionBp: input.contributionBp,
          reserveBp: input.reserveBp,
          seedMinor: input.seedMinor,
          ceilingMinor: input.ceilingMinor,
          cycle: 1,
          currentMinor: input.seedMinor,
        })
        .returning({ id: jackpots.id });
      const id = row!.id;
      if (input.gameIds.length > 0) {
        await tx.insert(jackpotGames).values(input.gameIds.map((gameId) => ({ jackpotId: id, gameId })));
      }
      const cycle = firstCycle(id);
      await tx.insert(jackpotCycles).values({
        jackpotId: id,
        cycle: 1,
        serverSeed: cycle.serverSeed,
        commitment: cycle.commitment,
        startMinor: input.seedMinor,
        dropPointMinor: cycle.dropPointMinor,
        openedAt: now,
      });
      return id;
    },

    /** Every jackpot, disabled ones too (the back office, ADR 049). */
    async staffAll(): Promise<JackpotWithGames[]> {
      return withGames(await db.select().from(jackpots).orderBy(asc(jackpots.id)));
    },

    /** One jackpot with its games, locked when `tx` is a transaction. */
    async staffById(id: bigint, tx?: JackpotTx): Promise<JackpotWithGames | null> {
      const executor = tx ?? db;
      const query = executor.select().from(jackpots).where(eq(jackpots.id, id));
      const rows = tx ? await query.for('update') : await query;
      return (await withGames(rows, executor))[0] ?? null;
    },

    /** What staff may change on a running jackpot: its name, whether it runs, its games. */
    async updateEditable(
      tx: JackpotTx,
      id: bigint,
      values: { name: { en: string; fr: string }; enabled: boolean },
      gameIds: readonly bigint[],
      now: Date,
    ): Promise<void> {
      await tx
        .update(jackpots)
        .set({ ...values, updatedAt: now })
        .where(eq(jackpots.id, id));
      await tx.delete(jackpotGames).where(eq(jackpotGames.jackpotId, id));
      if (gameIds.length > 0) {
        await tx
          .insert(jackpotGames)
          .values([...new Set(gameIds)].map((gameId) => ({ jackpotId: id, gameId })));
      }
    },

    /** Enabled jackpots with their games, locked for the consumer's batch. */
    async enabledForUpdate(tx: JackpotTx): Promise<JackpotWithGames[]> {
      const rows = await tx
        .select()
        .from(jackpots)
        .where(eq(jackpots.enabled, true))
        .orderBy(asc(jackpots.id))
        .for('update');
      return withGames(rows, tx);
    },

    async enabled(): Promise<JackpotWithGames[]> {
      const rows = await db
        .select()
        .from(jackpots)
        .where(eq(jackpots.enabled, true))
        .orderBy(asc(jackpots.id));
      return withGames(rows);
    },

    async openCycles(
      ids: readonly bigint[],
      executor: JackpotExecutor = db,
    ): Promise<Map<bigint, CycleRecord>> {
      if (ids.length === 0) return new Map();
      const rows = await executor
        .select()
        .from(jackpotCycles)
        .innerJoin(
          jackpots,
          and(eq(jackpots.id, jackpotCycles.jackpotId), eq(jackpots.cycle, jackpotCycles.cycle)),
        )
        .where(inArray(jackpotCycles.jackpotId, [...ids]));
      return new Map(rows.map((r) => [r.jackpot_cycles.jackpotId, r.jackpot_cycles]));
    },

    /** Records that a jackpot counted an event; false when it already had (a replay). */
    async recordContribution(tx: JackpotTx, row: typeof jackpotContributions.$inferInsert): Promise<boolean> {
      const inserted = await tx
        .insert(jackpotContributions)
        .values(row)
        .onConflictDoNothing()
        .returning({ eventId: jackpotContributions.eventId });
      return inserted.length > 0;
    },

    async saveState(
      tx: JackpotTx,
      id: bigint,
      state: { cycle: number; currentMinor: bigint; carry: bigint; contributedMinor: bigint },
      now: Date,
    ): Promise<void> {
      await tx
        .update(jackpots)
        .set({
          cycle: state.cycle,
          currentMinor: state.currentMinor,
          carry: state.carry,
          contributedMinor: state.contributedMinor,
          updatedAt: now,
        })
        .where(eq(jackpots.id, id));
    },

    async closeCycle(
      tx: JackpotTx,
      id: bigint,
      cycle: number,
      win: { playerId: bigint; winMinor: bigint; eventId: bigint; gameId: bigint | null; at: Date },
    ): Promise<void> {
      await tx
        .update(jackpotCycles)
        .set({
          wonAt: win.at,
          winnerPlayerId: win.playerId,
          winMinor: win.winMinor,
          winEventId: win.eventId,
          winGameId: win.gameId,
        })
        .where(and(eq(jackpotCycles.jackpotId, id), eq(jackpotCycles.cycle, cycle)));
    },

    async openCycle(tx: JackpotTx, row: typeof jackpotCycles.$inferInsert): Promise<void> {
      await tx.insert(jackpotCycles).values(row);
    },

    /** Won cycles, latest first, with their jackpot. */
    async wins(filter: {
      jackpotId?: bigint;
      count: number;
      offset: number;
    }): Promise<{ items: { cycle: CycleRecord; jackpot: JackpotRecord }[]; total: number }> {
      const where = and(
        isNotNull(jackpotCycles.wonAt),
        filter.jackpotId !== undefined ? eq(jackpotCycles.jackpotId, filter.jackpotId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(jackpotCycles)
          .innerJoin(jackpots, eq(jackpots.id, jackpotCycles.jackpotId))
          .where(where)
          .orderBy(desc(jackpotCycles.wonAt), desc(jackpotCycles.jackpotId), desc(jackpotCycles.cycle))
          .limit(filter.count)
          .offset(filter.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(jackpotCycles).where(where),
      ]);
      return {
        items: rows.map((r) => ({ cycle: r.jackpot_cycles, jackpot: r.jackpots })),
        total: total?.n ?? 0,
      };
    },

    async exists(id: bigint): Promise<boolean> {
      const [row] = await db.select({ id: jackpots.id }).from(jackpots).where(eq(jackpots.id, id));
      return row !== undefined;
    },
  };
}

export type JackpotsRepository = ReturnType<typeof createJackpotsRepository>;
