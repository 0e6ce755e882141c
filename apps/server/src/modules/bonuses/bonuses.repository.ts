/** The only file of the bonuses module that touches Drizzle. */
import type { Db } from '@croupier/db/client';
import { and, asc, count, desc, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { WagerProduct } from '../wagers/wager-event.ts';
import type { BonusStatus } from './bonus-state.ts';
import type {
  BonusKind,
  BonusTemplateInput,
  ContributionGameType,
  TemplateCurrencyAmounts,
} from './bonus-template.ts';
import {
  bonusTemplateAmounts,
  bonusTemplates,
  bonusWagerEntries,
  playerBonusAudit,
  playerBonuses,
} from './bonuses.tables.ts';

/**
 * SQL for a player's maximum bet in a currency (ADR 020): the lowest `max_bet_minor` of the
 * player's funded bonuses on the product's account (a casino bet is limited by the casino bonus, a
 * sports bet by the betting bonus), NULL without one. A free-spin pack's bonus while its spins are
 * played (`active`) is not wagering yet and sets no limit (ADR 024). The one definition of the max
 * bet: `maxBetFor` selects it, and the bet path reads it in the responsible-gaming check's statement
 * (ADR 070).
 */
export function maxBetSql(playerId: SQL, currency: SQL, product: WagerProduct): SQL {
  const account = product === 'sport' ? 'betting_bonus' : 'bonus';
  return sql`(SELECT min(${bonusTemplateAmounts.maxBetMinor})
    FROM ${playerBonuses}
    JOIN ${bonusTemplates} ON ${bonusTemplates.id} = ${playerBonuses.templateId}
    JOIN ${bonusTemplateAmounts} ON ${bonusTemplateAmounts.templateId} = ${playerBonuses.templateId}
      AND ${bonusTemplateAmounts.currency} = ${playerBonuses.currency}
    WHERE ${playerBonuses.playerId} = ${playerId} AND ${playerBonuses.currency} = ${currency}
      AND ${playerBonuses.account} = ${account}
      AND (${playerBonuses.status} = 'wagering'
           OR (${playerBonuses.status} = 'active' AND ${bonusTemplates.kind} <> 'free_spins')))`;
}

export type BonusTx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type BonusExecutor = Db | BonusTx;

export interface TemplateRecord extends BonusTemplateInput {
  id: bigint;
  enabled: boolean;
}

export interface PlayerBonusRecord {
  id: bigint;
  playerId: bigint;
  templateId: bigint;
  currency: string;
  account: 'bonus' | 'betting_bonus';
  status: BonusStatus;
  amountMinor: bigint;
  depositMinor: bigint | null;
  wageringRequiredMinor: bigint;
  wageringProgressMinor: bigint;
  activations: number;
  convertedMinor: bigint | null;
  forfeitedMinor: bigint | null;
  grantKey: string;
  grantReason: string;
  activateBy: Date;
  activatedAt: Date | null;
  wagerBy: Date | null;
  freespinPackId: bigint | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AuditRecord {
  fromStatus: BonusStatus | null;
  toStatus: BonusStatus;
  actor: string;
  reason: string;
  at: Date;
}

type BonusRow = typeof playerBonuses.$inferSelect;

function toBonus(row: BonusRow): PlayerBonusRecord {
  return {
    ...row,
    account: row.account as PlayerBonusRecord['account'],
    status: row.status as BonusStatus,
  };
}

export function createBonusesRepository(db: Db) {
  async function templateAmounts(
    executor: BonusExecutor,
    ids: bigint[],
  ): Promise<Map<bigint, Record<string, TemplateCurrencyAmounts>>> {
    const result = new Map<bigint, Record<string, TemplateCurrencyAmounts>>();
    if (ids.length === 0) return result;
    const rows = await executor
      .select()
      .from(bonusTemplateAmounts)
      .where(inArray(bonusTemplateAmounts.templateId, ids));
    for (const row of rows) {
      const amounts = result.get(row.templateId) ?? {};
      amounts[row.currency] = {
        capMinor: row.capMinor,
        minDepositMinor: row.minDepositMinor,
        fixedMinor: row.fixedMinor,
        maxWinMinor: row.maxWinMinor,
        maxBetMinor: row.maxBetMinor,
        spinBetMinor: row.spinBetMinor,
      };
      result.set(row.templateId, amounts);
    }
    return result;
  }

  return {
    /** Inserts a template unless its key exists; returns the id either way. */
    async insertTemplate(
      input: BonusTemplateInput,
      enabled = true,
    ): Promise<{ id: bigint; created: boolean }> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(bonusTemplates)
          .values({
            key: input.key,
            kind: input.kind,
            name: input.name,
            description: input.description,
            percent: input.percent,
            wageringMultiplier: input.wageringMultiplier,
            contributions: input.contributions as Record<string, number>,
            gameContributions: input.gameContributions,
            allowedGameTypes: input.allowedGameTypes,
            allowedGames: input.allowedGames,
            activationDays: input.activationDays,
            wageringDays: input.wageringDays,
            freespinGame: input.freespinGame,
            freespinCount: input.freespinCount,
            enabled,
          })
          .onConflictDoNothing()
          .returning({ id: bonusTemplates.id });
        if (!inserted) {
          const [existing] = await tx
            .select({ id: bonusTemplates.id })
            .from(bonusTemplates)
            .where(eq(bonusTemplates.key, input.key));
          return { id: existing!.id, created: false };
        }
        await tx.insert(bonusTemplateAmounts).values(
          Object.entries(input.amounts).map(([currency, a]) => ({
            templateId: inserted.id,
            currency,
            ...a,
          })),
        );
        return { id: inserted.id, created: true };
      });
    },

    async templates(ids: bigint[], executor: BonusExecutor = db): Promise<Map<bigint, TemplateRecord>> {
      const result = new Map<bigint, TemplateRecord>();
      if (ids.length === 0) return result;
      const rows = await executor.select().from(bonusTemplates).where(inArray(bonusTemplates.id, ids));
      const amounts = await templateAmounts(executor, ids);
      for (const row of rows) {
        result.set(row.id, {
          id: row.id,
          key: row.key,
          kind: row.kind as BonusKind,
          name: row.name,
          description: row.description,
          percent: row.percent,
          amounts: amounts.get(row.id) ?? {},
          wageringMultiplier: row.wageringMultiplier,
          contributions: row.contributions as Partial<Record<ContributionGameType, number>>,
          gameContributions: row.gameContributions,
          allowedGameTypes: row.allowedGameTypes as ContributionGameType[],
          allowedGames: row.allowedGames,
          activationDays: row.activationDays,
          wageringDays: row.wageringDays,
          freespinGame: row.freespinGame,
          freespinCount: row.freespinCount,
          enabled: row.enabled,
        });
      }
      return result;
    },

    /** Every template's id, oldest first (the back office's list). */
    async allTemplateIds(): Promise<bigint[]> {
      const rows = await db
        .select({ id: bonusTemplates.id })
        .from(bonusTemplates)
        .orderBy(asc(bonusTemplates.id));
      return rows.map((row) => row.id);
    },

    /** Locks the template's row until the transaction ends; false when there is none. */
    async lockTemplate(tx: BonusTx, id: bigint): Promise<boolean> {
      const [row] = await tx
        .select({ id: bonusTemplates.id })
        .from(bonusTemplates)
        .where(eq(bonusTemplates.id, id))
        .for('update');
      return row !== undefined;
    },

    /** True once any player holds (or held) a bonus of the template. */
    async templateInUse(executor: BonusExecutor, id: bigint): Promise<boolean> {
      const [row] = await executor
        .select({ id: playerBonuses.id })
        .from(playerBonuses)
        .where(eq(playerBonuses.templateId, id))
        .limit(1);
      return row !== undefined;
    },

    /** Rewrites a template's editable fields and amounts (the key stays) in the caller's transaction. */
    async updateTemplate(
      tx: BonusTx,
      id: bigint,
      input: BonusTemplateInput & { enabled: boolean },
    ): Promise<void> {
      await tx
        .update(bonusTemplates)
        .set({
          kind: input.kind,
          name: input.name,
          description: input.description,
          percent: input.percent,
          wageringMultiplier: input.wageringMultiplier,
          contributions: input.contributions as Record<string, number>,
          gameContributions: input.gameContributions,
          allowedGameTypes: input.allowedGameTypes,
          allowedGames: input.allowedGames,
          activationDays: input.activationDays,
          wageringDays: input.wageringDays,
          freespinGame: input.freespinGame,
          freespinCount: input.freespinCount,
          enabled: input.enabled,
        })
        .where(eq(bonusTemplates.id, id));
      await tx.delete(bonusTemplateAmounts).where(eq(bonusTemplateAmounts.templateId, id));
      await tx
        .insert(bonusTemplateAmounts)
        .values(Object.entries(input.amounts).map(([currency, a]) => ({ templateId: id, currency, ...a })));
    },

    async templateIdByKey(key: string): Promise<bigint | null> {
      const [row] = await db
        .select({ id: bonusTemplates.id })
        .from(bonusTemplates)
        .where(eq(bonusTemplates.key, key));
      return row?.id ?? null;
    },

    /** Inserts a granted bonus unless its grant key exists; null when it did (a replay). */
    async insertBonus(
      tx: BonusTx,
      row: Omit<
        PlayerBonusRecord,
        | 'id'
        | 'wageringProgressMinor'
        | 'activations'
        | 'convertedMinor'
        | 'forfeitedMinor'
        | 'activatedAt'
        | 'wagerBy'
        | 'freespinPackId'
      >,
    ): Promise<PlayerBonusRecord | null> {
      const [inserted] = await tx.insert(playerBonuses).values(row).onConflictDoNothing().returning();
      return inserted ? toBonus(inserted) : null;
    },

    async bonusByGrantKey(executor: BonusExecutor, grantKey: string): Promise<PlayerBonusRecord | null> {
      const [row] = await executor.select().from(playerBonuses).where(eq(playerBonuses.grantKey, grantKey));
      return row ? toBonus(row) : null;
    },

    async bonus(id: bigint): Promise<PlayerBonusRecord | null> {
      const [row] = await db.select().from(playerBonuses).where(eq(playerBonuses.id, id));
      return row ? toBonus(row) : null;
    },

    /** The bonus, row-locked until the transaction ends. */
    async lockBonus(tx: BonusTx, id: bigint): Promise<PlayerBonusRecord | null> {
      const [row] = await tx.select().from(playerBonuses).where(eq(playerBonuses.id, id)).for('update');
      return row ? toBonus(row) : null;
    },

    /** The bonus that awarded a free-spin pack, locked (ADR 024), or null. */
    async lockBonusByPack(tx: BonusTx, packId: bigint): Promise<PlayerBonusRecord | null> {
      const [row] = await tx
        .select()
        .from(playerBonuses)
        .where(eq(playerBonuses.freespinPackId, packId))
        .orderBy(asc(playerBonuses.id))
        .limit(1)
        .for('update');
      return row ? toBonus(row) : null;
    },

    async updateBonus(
      tx: BonusTx,
      id: bigint,
      patch: Partial<
        Pick<
          PlayerBonusRecord,
          | 'status'
          | 'wageringProgressMinor'
          | 'activations'
          | 'convertedMinor'
          | 'forfeitedMinor'
          | 'activatedAt'
          | 'wagerBy'
          | 'freespinPackId'
          | 'amountMinor'
          | 'wageringRequiredMinor'
        >
      > & { updatedAt: Date },
    ): Promise<void> {
      await tx.update(playerBonuses).set(patch).where(eq(playerBonuses.id, id));
    },

    async insertAudit(tx: BonusTx, bonusId: bigint, entry: AuditRecord): Promise<void> {
      await tx.insert(playerBonusAudit).values({ bonusId, ...entry });
    },

    async audit(bonusId: bigint): Promise<AuditRecord[]> {
      const rows = await db
        .select()
        .from(playerBonusAudit)
        .where(eq(playerBonusAudit.bonusId, bonusId))
        .orderBy(asc(playerBonusAudit.id))
        .limit(100);
      return rows.map((row) => ({
        fromStatus: row.fromStatus as BonusStatus | null,
        toStatus: row.toStatus as BonusStatus,
        actor: row.actor,
        reason: row.reason,
        at: row.at,
      }));
    },

    /** A player's bonuses, newest first, with the total for the filter. */
    async listBonuses(
      playerId: bigint,
      options: {
        statuses: readonly BonusStatus[] | null;
        offset: number;
        count: number;
        account?: 'bonus' | 'betting_bonus' | null;
      },
    ): Promise<{ items: PlayerBonusRecord[]; total: number }> {
      const where = and(
        eq(playerBonuses.playerId, playerId),
        options.account ? eq(playerBonuses.account, options.account) : undefined,
        options.statuses ? inArray(playerBonuses.status, [...options.statuses]) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(playerBonuses)
          .where(where)
          .orderBy(desc(playerBonuses.id))
          .offset(options.offset)
          .limit(options.count),
        db.select({ n: count() }).from(playerBonuses).where(where),
      ]);
      return { items: rows.map(toBonus), total: total?.n ?? 0 };
    },

    /** Funded (active or wagering) bonuses of these players, row-locked, in id order. */
    async lockFundedBonuses(tx: BonusTx, playerIds: bigint[]): Promise<PlayerBonusRecord[]> {
      if (playerIds.length === 0) return [];
      const rows = await tx
        .select()
        .from(playerBonuses)
        .where(
          and(
            inArray(playerBonuses.playerId, playerIds),
            inArray(playerBonuses.status, ['active', 'wagering']),
          ),
        )
        .orderBy(asc(playerBonuses.id))
        .for('update');
      return rows.map(toBonus);
    },

    /** The player's maximum bet in a currency for a product (`maxBetSql`), null without one. */
    async maxBet(
      playerId: bigint,
      currency: string,
      product: WagerProduct,
      executor: BonusExecutor = db,
    ): Promise<bigint | null> {
      const result = await executor.execute<{ max: string | null }>(
        sql`SELECT ${maxBetSql(sql`${playerId}::bigint`, sql`${currency}::text`, product)}::text AS max`,
      );
      const max = result.rows[0]?.max ?? null;
      return max === null ? null : BigInt(max);
    },

    /** Ids of bonuses past a deadline at `now`, oldest first, at most `limit`. */
    async dueBonusIds(now: Date, limit: number): Promise<bigint[]> {
      const rows = await db
        .select({ id: playerBonuses.id })
        .from(playerBonuses)
        .where(
          or(
            and(eq(playerBonuses.status, 'available'), lte(playerBonuses.activateBy, now)),
            and(inArray(playerBonuses.status, ['active', 'wagering']), lte(playerBonuses.wagerBy, now)),
          ),
        )
        .orderBy(asc(playerBonuses.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Records that `eventId` counted `countedMinor` for the bonus; false when already recorded. */
    async insertWagerEntry(
      tx: BonusTx,
      entry: { bonusId: bigint; eventId: bigint; roundRef: string; countedMinor: bigint },
    ): Promise<boolean> {
      const rows = await tx
        .insert(bonusWagerEntries)
        .values(entry)
        .onConflictDoNothing()
        .returning({ id: bonusWagerEntries.eventId });
      return rows.length > 0;
    },

    /** What a round has counted so far for the bonus (bets minus rollbacks). */
    async countedForRound(tx: BonusTx, bonusId: bigint, roundRef: string): Promise<bigint> {
      const rows = await tx.execute<{ total: string | null }>(sql`
        SELECT sum(counted_minor)::text AS total FROM bonus_wager_entries
        WHERE bonus_id = ${bonusId} AND round_ref = ${roundRef}`);
      return BigInt(rows.rows[0]?.total ?? '0');
    },
  };
}

export type BonusesRepository = ReturnType<typeof createBonusesRepository>;
