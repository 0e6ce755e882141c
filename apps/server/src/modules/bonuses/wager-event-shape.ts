/**
 * A local copy of the wager stream's event shape (brief of issue #12): REPLACED BY
 * modules/wagers/wager-event.ts AT MERGE (the integrator swaps this import for that file's).
 */
import type { BonusTx } from './bonuses.repository.ts';

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

/** The drizzle transaction the stream runtime passes (the wagers module names its own type). */
export type WagerTx = BonusTx;

/** A consumer applies events in stream order, exactly once each, inside the transaction that advances its position. */
export interface WagerConsumer {
  name: string;
  apply(tx: WagerTx, events: readonly WagerEvent[]): Promise<void>;
}
