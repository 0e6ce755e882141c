/**
 * Free rounds of free-spin packs (ADR 024), as the game wallet plays them: the packs a player can
 * play in a game, and the pack row's count, changed only inside the caller's transaction (the
 * wallet call's), with the pack row locked so that concurrent bets consume one spin each and never
 * go below zero. The games module owns `freespin_packs`; the game wallet calls these.
 */
import type { Db } from '@croupier/db/client';
import { sql } from 'drizzle-orm';

type Executor = Pick<Db, 'execute'>;

export interface PlayablePack {
  id: bigint;
  totalCount: number;
  remainingCount: number;
  betMinor: bigint;
  expiresAt: Date | null;
}

/** Why a free-round bet cannot consume a spin of a pack. */
export type FreeRoundRefusal = 'not_found' | 'wrong_game' | 'expired' | 'exhausted' | 'stake_mismatch';

export type ConsumeResult =
  | { ok: true; remainingCount: number; totalCount: number }
  | { ok: false; reason: FreeRoundRefusal };

type PackRow = {
  id: string;
  player_id: string;
  game_id: string;
  currency: string;
  total_count: number;
  remaining_count: number;
  bet_minor: string;
  status: string;
  expires_at: string | Date | null;
};

function toDate(value: string | Date | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}

/** The packs the player can play now in this game and currency, oldest first (played in that order). */
export async function playablePacks(
  executor: Executor,
  input: { playerId: bigint; gameId: bigint; currency: string; now: Date },
): Promise<PlayablePack[]> {
  const result = await executor.execute<PackRow>(sql`
    SELECT id::text AS id, total_count, remaining_count, bet_minor::text AS bet_minor, expires_at
    FROM freespin_packs
    WHERE player_id = ${input.playerId} AND game_id = ${input.gameId} AND currency = ${input.currency}
      AND status = 'active' AND remaining_count > 0
      AND (expires_at IS NULL OR expires_at > ${input.now.toISOString()}::timestamptz)
    ORDER BY id
    LIMIT 20`);
  return result.rows.map((row) => ({
    id: BigInt(row.id),
    totalCount: Number(row.total_count),
    remainingCount: Number(row.remaining_count),
    betMinor: BigInt(row.bet_minor),
    expiresAt: toDate(row.expires_at),
  }));
}

/**
 * Consumes one spin of `packId` for a bet of `stakeMinor` by this player in this game and currency:
 * locks the pack row, checks it, decrements `remaining_count` (the pack becomes `used` at 0). A
 * refusal changes nothing. Another player's pack is `not_found` (it does not exist for this one).
 */
export async function consumeFreeRound(
  executor: Executor,
  input: {
    packId: bigint;
    playerId: bigint;
    gameId: bigint;
    currency: string;
    stakeMinor: bigint;
    now: Date;
  },
): Promise<ConsumeResult> {
  const locked = await executor.execute<PackRow>(sql`
    SELECT id::text AS id, player_id::text AS player_id, game_id::text AS game_id, currency, total_count,
           remaining_count, bet_minor::text AS bet_minor, status, expires_at
    FROM freespin_packs WHERE id = ${input.packId} FOR UPDATE`);
  const pack = locked.rows[0];
  if (!pack || BigInt(pack.player_id) !== input.playerId || pack.currency !== input.currency) {
    return { ok: false, reason: 'not_found' };
  }
  if (pack.status === 'canceled') return { ok: false, reason: 'not_found' };
  if (BigInt(pack.game_id) !== input.gameId) return { ok: false, reason: 'wrong_game' };
  const expiresAt = toDate(pack.expires_at);
  if (pack.status === 'expired' || (expiresAt !== null && expiresAt <= input.now)) {
    return { ok: false, reason: 'expired' };
  }
  if (pack.status === 'used' || Number(pack.remaining_count) <= 0) return { ok: false, reason: 'exhausted' };
  if (BigInt(pack.bet_minor) !== input.stakeMinor) return { ok: false, reason: 'stake_mismatch' };
  const updated = await executor.execute<{ remaining_count: number; total_count: number }>(sql`
    UPDATE freespin_packs
    SET remaining_count = remaining_count - 1,
        status = CASE WHEN remaining_count = 1 THEN 'used' ELSE status END
    WHERE id = ${input.packId} AND remaining_count > 0
    RETURNING remaining_count, total_count`);
  const row = updated.rows[0];
  if (!row) return { ok: false, reason: 'exhausted' };
  return { ok: true, remainingCount: Number(row.remaining_count), totalCount: Number(row.total_count) };
}

/** Gives one spin back (a rolled-back free-round bet): never above the total; a used pack is active again. */
export async function returnFreeRound(executor: Executor, packId: bigint): Promise<void> {
  await executor.execute(sql`
    UPDATE freespin_packs
    SET remaining_count = LEAST(remaining_count + 1, total_count),
        status = CASE WHEN status = 'used' THEN 'active' ELSE status END
    WHERE id = ${packId}`);
}

/** Locks the pack row and reads its count (the end of a pack is decided under this lock). */
export async function lockPackCount(executor: Executor, packId: bigint): Promise<number | null> {
  const result = await executor.execute<{ remaining_count: number }>(sql`
    SELECT remaining_count FROM freespin_packs WHERE id = ${packId} FOR UPDATE`);
  const row = result.rows[0];
  return row ? Number(row.remaining_count) : null;
}

/** Ends a pack whose bonus ended (burned, expired): its remaining spins can no longer be played. */
export async function closePack(
  executor: Executor,
  packId: bigint,
  status: 'canceled' | 'expired',
): Promise<void> {
  await executor.execute(sql`
    UPDATE freespin_packs SET status = ${status}
    WHERE id = ${packId} AND status IN ('active', 'used') AND remaining_count > 0`);
}
