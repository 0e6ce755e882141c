/**
 * Free spins of a bonus pack in the slot (ADR 024): the pack the session announces is played before
 * paid spins, at its fixed stake (the bet selector is locked), each spin sent with the pack's id;
 * the count goes down with each answer and the pack is gone at 0 or when the server says it can no
 * longer be played (the page then reads the session again). Pure state: the slot page keeps it and renders from it.
 */

import { decimalToMinor } from '../shell/money.ts';
import type { RgsSession, RoundView } from '../shell/rgs-client.ts';

export interface FreeRoundsState {
  packId: string;
  remaining: number;
  total: number;
  /** The fixed stake of each free spin, minor units. */
  stakeMinor: bigint;
}

/** The session's pack, if there is one to play (real-money sessions only). */
export function initialFreeRounds(
  session: Pick<RgsSession, 'mode' | 'exponent' | 'freeRounds'>,
): FreeRoundsState | null {
  const pack = session.freeRounds;
  if (!pack || session.mode !== 'real' || !Number.isInteger(pack.remaining) || pack.remaining <= 0)
    return null;
  let stakeMinor: bigint;
  try {
    stakeMinor = decimalToMinor(pack.stake, session.exponent);
  } catch {
    return null;
  }
  if (stakeMinor <= 0n) return null;
  return {
    packId: pack.packId,
    remaining: pack.remaining,
    total: Math.max(pack.total, pack.remaining),
    stakeMinor,
  };
}

/** After a round: the count the server gave for this pack; null once none is left. */
export function afterRound(
  state: FreeRoundsState | null,
  round: Pick<RoundView, 'freeRound'>,
): FreeRoundsState | null {
  if (!state) return null;
  const played = round.freeRound;
  if (!played || played.packId !== state.packId) return state;
  return played.remaining > 0 ? { ...state, remaining: played.remaining } : null;
}
