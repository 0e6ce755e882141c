/**
 * The bonus wagering consumer of the wager stream (ADR 020). For each bet of a player holding a
 * funded bonus in the event's currency, placed after the bonus was activated, progress grows by
 * the stake (real + bonus) × the contribution of the game (template weight per type or per game,
 * 0 outside the allowed games; sport stakes count 100 % for a betting bonus and nothing for a
 * casino one, and the reverse). Rounded toward zero in minor units. A rollback subtracts what its
 * round counted for that bonus, never more. Reaching the requirement completes the bonus and
 * converts its balance, in the transaction that advances the consumer's position.
 *
 * Exactly once: each counted event is recorded per bonus (`bonus_wager_entries`, primary key
 * bonus + event id), so a batch applied again after a crash or by a second node counts nothing
 * twice, even if the runtime's position were replayed from an earlier point.
 */
import { weightedStake } from './bonus-state.ts';
import { contributionPercent } from './bonus-template.ts';
import type { BonusesRepository, BonusTx, PlayerBonusRecord, TemplateRecord } from './bonuses.repository.ts';
import type { WagerConsumer, WagerEvent } from './wager-event-shape.ts';

export const BONUS_WAGERING_CONSUMER = 'bonus_wagering';

export interface WageringConsumerDeps {
  repository: Pick<BonusesRepository, 'lockFundedBonuses' | 'insertWagerEntry' | 'countedForRound'>;
  games: { gameTypesByIds(ids: bigint[]): Promise<Map<bigint, { sysname: string; type: string }>> };
  templates(ids: bigint[], tx: BonusTx): Promise<Map<bigint, TemplateRecord>>;
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

export function createWageringConsumer(deps: WageringConsumerDeps): WagerConsumer {
  return {
    name: BONUS_WAGERING_CONSUMER,
    async apply(tx, events) {
      const stakes = events.filter(
        (e) => (e.kind === 'bet' || e.kind === 'rollback') && e.stakeRealMinor + e.stakeBonusMinor !== 0n,
      );
      if (stakes.length === 0) return;
      const funded = await deps.repository.lockFundedBonuses(tx, [...new Set(stakes.map((e) => e.playerId))]);
      if (funded.length === 0) return;
      const byPlayer = new Map<bigint, PlayerBonusRecord[]>();
      for (const bonus of funded)
        byPlayer.set(bonus.playerId, [...(byPlayer.get(bonus.playerId) ?? []), bonus]);
      const templates = await deps.templates([...new Set(funded.map((b) => b.templateId))], tx);
      const gameIds = [
        ...new Set(stakes.filter((e) => byPlayer.has(e.playerId) && e.gameId !== null).map((e) => e.gameId!)),
      ];
      const games = await deps.games.gameTypesByIds(gameIds);

      for (const event of stakes) {
        const bonuses = byPlayer.get(event.playerId);
        if (!bonuses) continue;
        for (let index = 0; index < bonuses.length; index += 1) {
          const bonus = bonuses[index]!;
          if (bonus.currency !== event.currency || bonus.status === 'completed') continue;
          const template = templates.get(bonus.templateId)!;
          const weight = eventWeight(
            bonus,
            template,
            event,
            event.gameId === null ? null : (games.get(event.gameId) ?? null),
          );
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
