/** Ledger account references and their keys. */

/** Player balance kinds (ARCHITECTURE.md §4). */
export const PLAYER_BALANCE_KINDS = ['main', 'bonus', 'betting_bonus', 'fun'] as const;
export type PlayerBalanceKind = (typeof PLAYER_BALANCE_KINDS)[number];

export type AccountRef =
  | { type: 'player'; playerId: bigint; currency: string; kind: PlayerBalanceKind }
  /** The operator's own money (game results, pending withdrawals, bonus funding …), sharded. */
  | { type: 'house'; name: string; currency: string }
  /** Money entering or leaving the system (PSP clearing, provider settlement). */
  | { type: 'world'; name: string; currency: string };

/**
 * House accounts are split over this many rows so that concurrent players do not queue on one: a
 * transfer holds its shard's row lock until its transaction commits (ADR 063: 16 → 64).
 */
export const HOUSE_SHARDS = 64;

const NAME = /^[a-z][a-z0-9_]{0,39}$/;
const CURRENCY = /^[A-Z]{3}$/;

export function validateRef(ref: AccountRef): string | undefined {
  if (!CURRENCY.test(ref.currency)) return `bad currency ${JSON.stringify(ref.currency)}`;
  if (ref.type === 'player') {
    if (ref.playerId <= 0n) return 'bad player id';
    if (!(PLAYER_BALANCE_KINDS as readonly string[]).includes(ref.kind)) return `bad kind ${ref.kind}`;
    return undefined;
  }
  return NAME.test(ref.name) ? undefined : `bad account name ${JSON.stringify(ref.name)}`;
}

/** The logical key (house accounts without their shard). */
export function logicalKey(ref: AccountRef): string {
  if (ref.type === 'player') return `player:${ref.playerId}:${ref.currency}:${ref.kind}`;
  return `${ref.type}:${ref.name}:${ref.currency}`;
}

export function storedKey(ref: AccountRef, shard: number): string {
  return ref.type === 'house' ? `${logicalKey(ref)}:${shard}` : logicalKey(ref);
}

/** Only player accounts must never go negative; house and world accounts carry the other side. */
export function allowsNegative(ref: AccountRef): boolean {
  return ref.type !== 'player';
}
