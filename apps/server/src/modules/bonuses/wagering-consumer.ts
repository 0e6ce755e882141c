/**
 * The bonus wagering consumer of the wager stream (ADR 020). For each bet of a player holding a
 * funded bonus in the event's currency, placed after the bonus was activated, progress grows by
 * the stake (real + bonus) × the contribution of the game (template weight per type or per game,
 * 0 outside the allowed games; sport stakes count 100 % for a betting bonus and nothing for a
 * casino one, and the reverse). Rounded toward zero in minor units. A rollback subtracts what its
 * round counted for that bonus, never more. Reaching the requirement completes the bonus and
 * converts its balance, in the transaction that advances the consumer's position. Bonus money an
 * event brings (a win paid to bonus, a refunded bonus stake) to an account with no funded bonus is
 * swept to the house: a round left open across a burn, expiry or completion forfeits its bonus win.
 *
 * Exactly once: each counted event is recorded per bonus (`bonus_wager_entries`, primary key
 * bonus + event id), so a batch applied again after a crash or by a second node counts nothing
 * twice, even if the runtime's position were replayed from an earlier point.
 */

import type { WagerConsumer, WagerEvent } from '../wagers/wager-event.ts';
import { isFunded, weightedStake } from './bonus-state.ts';
import { contributionPercent } from './bonus-template.ts';
import type { BonusesRepository, BonusTx, PlayerBonusRecord, TemplateRecord } from './bonuses.repository.ts';

export const BONUS_WAGERING_CONSUMER = 'bonus_wagering';

export interface WageringConsumerDeps {
  repository: Pick<BonusesRepository, 'lockFundedBonuses' | 'insertWagerEntry' | 'countedForRound'>;
  games: { gameTypesByIds(ids: bigint[]): Promise<Map<bigint, { sysname: string; type: string }>> };
  templates(ids: bigint[], tx: BonusTx): Promise<Map<bigint, TemplateRecord>>;
  /** Forfeits bonus money that arrived with no funded bonus (wallet bonus moves `sweep`). */
  sweep(
    tx: BonusTx,
    target: { playerId: bigint; currency: string; account: 'bonus' | 'betting_bonus' },
    amountMinor: bigint,
    eventId: bigint,
  ): Promise<bigint>;
  /** Runs the state machine's wager action on a locked bonus (status, audit, conversion). */
  wager(
    tx: BonusTx,
    bonus: PlayerBonusRecord,
    template: TemplateRecord,
    contributionMinor: bigint,
    reason: string,
  ): Promise<PlayerBonusRecord>;
}

/** The weight (percent) of an event for a bonus. */
export function eventWeight(
  bonus: Pick<PlayerBonusRecord, 'account'>,
  template: TemplateRecord,
  event: Pick<WagerEvent, 'product' | 'gameId'>,
  game: { sysname: string; type: string } | null,
): number {
  if (bonus.account === 'betting_bonus') return event.product === 'sport' ? 100 : 0;
  if (event.product !== 'casino') return 0;
  return contributionPercent(template, game);
}

/** Bonus money an event brings into a bonus account: a win paid to bonus, a refunded bonus stake. */
export function bonusInflow(event: WagerEvent): bigint {
  return (
    (event.payoutBonusMinor > 0n ? event.payoutBonusMinor : 0n) +
    (event.stakeBonusMinor < 0n ? -event.stakeBonusMinor : 0n)
  );
}

export function createWageringConsumer(deps: WageringConsumerDeps): WagerConsumer {
  return {
    name: BONUS_WAGERING_CONSUMER,
    async apply(tx, events) {
      const stakes = (e: WagerEvent) =>
        (e.kind === 'bet' || e.kind === 'rollback') && e.stakeRealMinor + e.stakeBonusMinor !== 0n;
      const relevant = events.filter((e) => stakes(e) || bonusInflow(e) > 0n);
      if (relevant.length === 0) return;
      const funded = await deps.repository.lockFundedBonuses(tx, [
        ...new Set(relevant.map((e) => e.playerId)),
      ]);
      const byPlayer = new Map<bigint, PlayerBonusRecord[]>();
      for (const bonus of funded)
        byPlayer.set(bonus.playerId, [...(byPlayer.get(bonus.playerId) ?? []), bonus]);
      const templates = await deps.templates([...new Set(funded.map((b) => b.templateId))], tx);
      const gameIds = [
        ...new Set(
          relevant.filter((e) => byPlayer.has(e.playerId) && e.gameId !== null).map((e) => e.gameId!),
        ),
      ];
      const games = await deps.games.gameTypesByIds(gameIds);

      for (const event of relevant) {
        const bonuses = byPlayer.get(event.playerId) ?? [];
        const inflow = bonusInflow(event);
        if (inflow > 0n) {
          // Bonus money landing where no bonus is funded (a round left open across a burn, an
          // expiry or a completion) is forfeited: bonus money never outlives its bonus.
          const account = event.product === 'sport' ? 'betting_bonus' : 'bonus';
          const holder = bonuses.find(
            (b) => b.currency === event.currency && b.account === account && isFunded(b.status),
          );
          if (!holder) {
            await deps.sweep(
              tx,
              { playerId: event.playerId, currency: event.currency, account },
              inflow,
              event.id,
            );
          }
        }
        if (!stakes(event)) continue;
        for (let index = 0; index < bonuses.length; index += 1) {
          const bonus = bonuses[index]!;
          if (bonus.currency !== event.currency || !isFunded(bonus.status)) continue;
          const template = templates.get(bonus.templateId)!;
          // A free-spin bonus whose pack is still played counts nothing yet (ADR 024).
          if (template.kind === 'free_spins' && bonus.status === 'active') continue;
          const game = event.gameId === null ? null : (games.get(event.gameId) ?? null);
          const weight = eventWeight(bonus, template, event, game);
          if (weight === 0) continue;
          const weighted = weightedStake(event.stakeRealMinor + event.stakeBonusMinor, weight);
          let counted: bigint;
          if (event.kind === 'bet') {
            // Only stakes placed while the bonus was funded count.
            if (bonus.activatedAt === null || event.createdAt < bonus.activatedAt || weighted <= 0n) continue;
            counted = weighted;
          } else {
            const roundTotal = await deps.repository.countedForRound(tx, bonus.id, event.roundRef);
            if (roundTotal <= 0n) continue;
            const undo = weighted < 0n ? -weighted : weighted;
            counted = -(undo < roundTotal ? undo : roundTotal);
            if (counted === 0n) continue;
          }
          const fresh = await deps.repository.insertWagerEntry(tx, {
            bonusId: bonus.id,
            eventId: event.id,
            roundRef: event.roundRef,
            countedMinor: counted,
          });
          if (!fresh) continue;
          bonuses[index] = await deps.wager(tx, bonus, template, counted, `wager_event:${event.id}`);
        }
      }
    },
  };
}
