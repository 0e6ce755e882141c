/** Tournament scoring and tie-breaks (ADR 036): what each event adds, and the leaderboard order. */
import { describe, expect, test } from 'vitest';
import type { WagerEvent } from '../wagers/wager-event.ts';
import { applyEffect, compareEntries, type ScoringRules, scoreEffect } from './tournament-scoring.ts';
import { prizeFor, totalCashMinor, validateDefinition } from './tournaments.service.ts';

const event = (extra: Partial<WagerEvent>): WagerEvent => ({
  id: 1n,
  playerId: 1n,
  currency: 'EUR',
  product: 'casino',
  kind: 'bet',
  gameId: 1n,
  roundRef: 'r1',
  stakeRealMinor: 100n,
  stakeBonusMinor: 0n,
  payoutRealMinor: 0n,
  payoutBonusMinor: 0n,
  createdAt: new Date(0),
  ...extra,
});

const rules = (scoring: ScoringRules['scoring'], extra: Partial<ScoringRules> = {}): ScoringRules => ({
  scoring,
  pointsPerBet: scoring === 'points_per_bet' ? 10 : null,
  minStakeMinor: null,
  ...extra,
});

describe('score effects', () => {
  test('total bet adds real and bonus stakes; a rollback takes the stake back', () => {
    expect(scoreEffect(rules('total_bet'), event({ stakeBonusMinor: 20n }), 0n)).toEqual({
      op: 'add',
      points: 120n,
    });
    expect(scoreEffect(rules('total_bet'), event({ kind: 'rollback', stakeRealMinor: -100n }), 100n)).toEqual(
      {
        op: 'add',
        points: -100n,
      },
    );
    expect(scoreEffect(rules('total_bet'), event({ kind: 'win', payoutRealMinor: 500n }), 100n)).toBeNull();
  });

  test('a bet under the minimum stake scores nothing, and neither does its round', () => {
    expect(scoreEffect(rules('points_per_bet', { minStakeMinor: 200n }), event({}), 0n)).toBeNull();
    expect(scoreEffect(rules('points_per_bet', { minStakeMinor: 100n }), event({}), 0n)).toEqual({
      op: 'add',
      points: 10n,
    });
    expect(scoreEffect(rules('total_win'), event({ kind: 'win', payoutRealMinor: 500n }), 0n)).toBeNull();
  });

  test('total win adds payouts of counted rounds; biggest multiplier keeps the best in hundredths', () => {
    expect(scoreEffect(rules('total_win'), event({ kind: 'win', payoutRealMinor: 500n }), 100n)).toEqual({
      op: 'add',
      points: 500n,
    });
    const effect = scoreEffect(
      rules('biggest_multiplier'),
      event({ kind: 'win', payoutRealMinor: 250n }),
      100n,
    );
    expect(effect).toEqual({ op: 'max', points: 250n });
    expect(applyEffect(300n, effect!)).toEqual({ score: 300n, raised: false });
    expect(applyEffect(200n, effect!)).toEqual({ score: 250n, raised: true });
  });

  test('a score never goes below zero', () => {
    expect(applyEffect(50n, { op: 'add', points: -80n })).toEqual({ score: 0n, raised: false });
  });
});

describe('leaderboard order', () => {
  test('higher score first, then the earlier to reach it, then the lower player id', () => {
    const rows = [
      { playerId: 3n, score: 100n, reachedAt: new Date(2_000) },
      { playerId: 2n, score: 100n, reachedAt: new Date(1_000) },
      { playerId: 1n, score: 100n, reachedAt: new Date(2_000) },
      { playerId: 4n, score: 150n, reachedAt: new Date(9_000) },
    ];
    expect(rows.sort(compareEntries).map((r) => r.playerId)).toEqual([4n, 2n, 1n, 3n]);
  });
});

describe('definitions and prizes', () => {
  const base = {
    key: 'race',
    name: { en: 'Race', fr: 'Course' },
    description: { en: '', fr: '' },
    startsAt: new Date(0),
    endsAt: new Date(3_600_000),
    currency: 'EUR',
    scoring: 'total_bet' as const,
    entry: 'opt_in' as const,
    games: ['neon-reels'],
    prizes: [
      { from: 1, to: 1, kind: 'cash' as const, amountMinor: '1000' },
      { from: 2, to: 3, kind: 'cash' as const, amountMinor: '100' },
    ],
  };

  test('the prize table: a place finds its line; the cash total counts every place', () => {
    expect(prizeFor(base.prizes, 3)?.amountMinor).toBe('100');
    expect(prizeFor(base.prizes, 4)).toBeNull();
    expect(totalCashMinor(base.prizes)).toBe(1200n);
  });

  test('bad definitions name their field', () => {
    expect(validateDefinition(base)).toBeNull();
    expect(validateDefinition({ ...base, endsAt: new Date(0) })).toBe('endsAt');
    expect(validateDefinition({ ...base, entry: 'buy_in' })).toBe('buyInMinor');
    expect(validateDefinition({ ...base, scoring: 'points_per_bet' })).toBe('pointsPerBet');
    expect(
      validateDefinition({
        ...base,
        prizes: [...base.prizes, { from: 3, to: 4, kind: 'cash', amountMinor: '1' }],
      }),
    ).toBe('prizes');
  });
});
