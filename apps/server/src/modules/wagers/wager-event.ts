/**
 * The wager stream's event and consumer shapes (ARCHITECTURE.md §9, ADR 019). Shared with the
 * consumers (bonus wagering, cashback, later loyalty, tournaments, jackpots, limits).
 *
 * `WagerTx` is the drizzle transaction the consumer runtime opens for a batch (`Tx` of
 * `Db['transaction']`, the same type gamewallet.repository.ts calls `Tx`): a consumer writes its
 * own tables through it, so its writes and the position it advances commit together.
 */
import type { Db } from '@croupier/db/client';

export type WagerTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type WagerProduct = 'casino' | 'sport';
export type WagerKind = 'bet' | 'win' | 'rollback';
export interface WagerEvent {
  /** Stream position (bigserial): also the idempotency id consumers record. */
  id: bigint;
  playerId: bigint;
  currency: string;
  product: WagerProduct;
  kind: WagerKind;
  /** The platform game (casino) or null. */
  gameId: bigint | null;
  /** Provider round id (casino) or bet slip id (sport). */
  roundRef: string;
  /** Money the player staked, split by source; a rollback of a bet carries the negated split. */
  stakeRealMinor: bigint;
  stakeBonusMinor: bigint;
  /** Money paid to the player, split by destination; a rollback of a win carries the negated split. */
  payoutRealMinor: bigint;
  payoutBonusMinor: bigint;
  createdAt: Date;
}
/** A consumer applies events in stream order, exactly once each, inside the transaction that advances its position. */
export interface WagerConsumer {
  name: string;
  apply(tx: WagerTx, events: readonly WagerEvent[]): Promise<void>;
}

/** What a writer hands to `append` (the stream assigns the id, the commit horizon and the time). */
export type NewWagerEvent = Omit<WagerEvent, 'id' | 'createdAt'> & { createdAt?: Date };
