/**
 * The jackpot consumer of the wager stream (ADR 032). An eligible round is a casino `bet` event
 * with a real-money stake, in the jackpot's currency, on one of its games. For each, per jackpot:
 * the contribution (jackpot-draw.ts) is recorded (`jackpot_contributions`, primary key jackpot +
 * event id), posted games → pool / reserve in the ledger (key per event), and, when the pool
 * reaches the cycle's drop point, the round's player wins the drop point: pool → player main
 * (key per cycle), the cycle closes (its server seed is then public), the next cycle opens with a
 * new committed seed and the pool is reset to the seed from the reserve.
 *
 * Exactly once: the runtime applies a batch in the transaction that advances the position, the
 * contribution record makes a replayed event count nothing, and every ledger key is unique.
 * Rollbacks and bonus stakes contribute nothing (a contribution, once in the pool, stays there).
 */

import type { WagerConsumer, WagerEvent } from '../wagers/wager-event.ts';
import type { JackpotMoves } from '../wallet/jackpot-moves.ts';
import {
  applyRound,
  commitmentOf,
  contributionOf,
  dropPoint,
  newServerSeed,
  nextStart,
} from './jackpot-draw.ts';
import type { JackpotsRepository, JackpotTx, JackpotWithGames } from './jackpots.repository.ts';

export const JACKPOT_CONSUMER = 'jackpot_contribution';

export interface JackpotConsumerDeps {
  repository: JackpotsRepository;
  jackpotMoves: JackpotMoves;
  now(): Date;
  /** A new server seed (tests may make it deterministic). */
  serverSeed?: () => string;
}

export function eligible(jackpot: JackpotWithGames, event: WagerEvent): boolean {
  return (
    event.kind === 'bet' &&
    event.product === 'casino' &&
    event.stakeRealMinor > 0n &&
    event.currency === jackpot.currency &&
    event.gameId !== null &&
    jackpot.gameIds.includes(event.gameId)
  );
}

export function createJackpotConsumer(deps: JackpotConsumerDeps): WagerConsumer {
  const seedOf = deps.serverSeed ?? newServerSeed;
  return {
    name: JACKPOT_CONSUMER,
    async apply(rawTx, events) {
      if (events.length === 0) return;
      const tx = rawTx as JackpotTx;
      const jackpots = await deps.repository.enabledForUpdate(tx);
      if (jackpots.length === 0) return;
      const relevant = jackpots.filter((j) => events.some((e) => eligible(j, e)));
      if (relevant.length === 0) return;
      const cycles = await deps.repository.openCycles(
        relevant.map((j) => j.id),
        tx,
      );
      const now = deps.now();
      for (const jackpot of relevant) {
        let open = cycles.get(jackpot.id);
        if (!open) throw new Error(`jackpot ${jackpot.id}: no open cycle ${jackpot.cycle}`);
        const state = {
          cycle: jackpot.cycle,
          currentMinor: jackpot.currentMinor,
          carry: jackpot.carry,
          contributedMinor: jackpot.contributedMinor,
        };
        let touched = false;
        for (const event of events) {
          if (!eligible(jackpot, event)) continue;
          const share = contributionOf(jackpot, event.stakeRealMinor, state.carry, state.contributedMinor);
          const fresh = await deps.repository.recordContribution(tx, {
            jackpotId: jackpot.id,
            eventId: event.id,
            cycle: state.cycle,
            stakeMinor: event.stakeRealMinor,
            contributionMinor: share.contributionMinor,
          });
          if (!fresh) continue;
          touched = true;
          state.carry = share.carry;
          state.contributedMinor = share.contributedMinor;
          await deps.jackpotMoves.contribute(
            tx,
            { jackpotId: jackpot.id, currency: jackpot.currency, eventId: event.id },
            share.poolMinor,
            share.reserveMinor,
          );
          const outcome = applyRound(
            { currentMinor: state.currentMinor, dropPointMinor: open.dropPointMinor },
            share.poolMinor,
          );
          if (!outcome.won) {
            state.currentMinor = outcome.currentMinor;
            continue;
          }
          await deps.jackpotMoves.win(
            tx,
            {
              jackpotId: jackpot.id,
              currency: jackpot.currency,
              cycle: state.cycle,
              playerId: event.playerId,
              eventId: event.id,
            },
            outcome.winMinor,
          );
          await deps.repository.closeCycle(tx, jackpot.id, state.cycle, {
            playerId: event.playerId,
            winMinor: outcome.winMinor,
            eventId: event.id,
            gameId: event.gameId,
            at: event.createdAt,
          });
          const next = nextStart(jackpot, outcome.overflowMinor);
          const cycle = state.cycle + 1;
          const serverSeed = seedOf();
          const nextCycle = {
            jackpotId: jackpot.id,
            cycle,
            serverSeed,
            commitment: commitmentOf(serverSeed),
            startMinor: next.startMinor,
            dropPointMinor: dropPoint(serverSeed, jackpot.id, cycle, next.startMinor, jackpot.ceilingMinor),
            openedAt: now,
            wonAt: null,
            winnerPlayerId: null,
            winMinor: null,
            winEventId: null,
            winGameId: null,
          };
          await deps.repository.openCycle(tx, nextCycle);
          // The pool holds the overflow; the reserve brings it to the new start.
          await deps.jackpotMoves.seed(
            tx,
            { jackpotId: jackpot.id, currency: jackpot.currency, cycle },
            next.startMinor - outcome.overflowMinor,
          );
          open = nextCycle;
          state.cycle = cycle;
          state.currentMinor = next.startMinor;
        }
        if (touched) await deps.repository.saveState(tx, jackpot.id, state, now);
      }
    },
  };
}
