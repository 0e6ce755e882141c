import { describe, expect, it } from 'vitest';
import type { WagerEvent } from '../wagers/wager-event.ts';
import type { TemplateRecord } from './bonuses.repository.ts';
import { DEMO_BONUS_TEMPLATES } from './seed-bonuses.ts';
import { bonusInflow, eventWeight } from './wagering-consumer.ts';

const template = { ...DEMO_BONUS_TEMPLATES[0]!, id: 1n, enabled: true } as TemplateRecord;
const event = (extra: Partial<WagerEvent>): WagerEvent => ({
  id: 1n,
  playerId: 1n,
  currency: 'EUR',
  product: 'casino',
  kind: 'bet',
  gameId: 1n,
  roundRef: 'r',
  stakeRealMinor: 0n,
  stakeBonusMinor: 0n,
  payoutRealMinor: 0n,
  payoutBonusMinor: 0n,
  createdAt: new Date(0),
  ...extra,
});

describe('wagering consumer rules', () => {
  it('weights casino events for a casino bonus and sport events for a betting bonus only', () => {
    const slot = { sysname: 'neon-reels', type: 'slot' };
    expect(eventWeight({ account: 'bonus' }, template, event({}), slot)).toBe(100);
    expect(
      eventWeight({ account: 'bonus' }, template, event({}), { sysname: 'roulette', type: 'casino' }),
    ).toBe(10);
    expect(eventWeight({ account: 'bonus' }, template, event({ product: 'sport', gameId: null }), null)).toBe(
      0,
    );
    expect(
      eventWeight({ account: 'betting_bonus' }, template, event({ product: 'sport', gameId: null }), null),
    ).toBe(100);
    expect(eventWeight({ account: 'betting_bonus' }, template, event({}), slot)).toBe(0);
  });

  it('sees bonus money coming in from bonus wins and refunded bonus stakes only', () => {
    expect(bonusInflow(event({ kind: 'win', payoutBonusMinor: 50n, payoutRealMinor: 7n }))).toBe(50n);
    expect(bonusInflow(event({ kind: 'rollback', stakeBonusMinor: -30n, stakeRealMinor: -5n }))).toBe(30n);
    expect(bonusInflow(event({ kind: 'bet', stakeBonusMinor: 30n }))).toBe(0n);
    expect(bonusInflow(event({ kind: 'rollback', payoutBonusMinor: -20n }))).toBe(0n);
  });
});
