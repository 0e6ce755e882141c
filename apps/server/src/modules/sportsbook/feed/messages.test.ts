import { describe, expect, it } from 'vitest';
import { needsRecovery, RECOVERY_GAP_MS, RECOVERY_TIMEOUT_MS } from './adapter.ts';
import { FeedError, parseFeedMessage, rationalFromWire } from './messages.ts';

const now = 1_800_000_000_000;
const opts = { now };

function codeOf(raw: unknown): string | undefined {
  try {
    parseFeedMessage(raw, opts);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(FeedError);
    return (error as FeedError).code;
  }
}

const odds = {
  kind: 'odds_change',
  product: 1,
  eventId: 'sim:match:1',
  timestamp: now - 1000,
  eventStatus: { status: 'live', homeScore: 1, awayScore: 0, period: '1st_half', clockSeconds: 600 },
  markets: [
    {
      key: 'totals|total=2.5',
      status: 'active',
      outcomes: [
        { key: 'over', oddsMilli: 1850, active: true },
        { key: 'under', oddsMilli: 1950, active: true },
      ],
    },
  ],
};

const settlement = {
  kind: 'bet_settlement',
  product: 1,
  eventId: 'sim:match:1',
  timestamp: now,
  markets: [
    {
      key: 'handicap|hcp=-1',
      outcomes: [
        { key: 'home', result: 'void', voidFactor: '1' },
        { key: 'away', result: 'won', voidFactor: '0.5', deadHeatFactor: { num: '1', den: '2' } },
      ],
    },
  ],
};

describe('parseFeedMessage', () => {
  it('accepts every message kind', () => {
    const messages = [
      odds,
      settlement,
      { kind: 'bet_stop', product: 1, eventId: 'sim:match:1', timestamp: now },
      { kind: 'bet_stop', product: 1, eventId: 'sim:match:1', timestamp: now, marketKeys: ['1x2'] },
      {
        kind: 'bet_cancel',
        product: 3,
        eventId: 'sim:match:1',
        timestamp: now,
        marketKeys: ['1x2'],
        startTime: 1,
        endTime: 2,
      },
      {
        kind: 'rollback_bet_settlement',
        product: 1,
        eventId: 'sim:match:1',
        timestamp: now,
        marketKeys: ['1x2'],
      },
      {
        kind: 'rollback_bet_cancel',
        product: 1,
        eventId: 'sim:match:1',
        timestamp: now,
        marketKeys: ['1x2'],
      },
      { kind: 'alive', product: 1, timestamp: now, subscribed: true },
      { kind: 'snapshot_complete', product: 3, timestamp: now, requestId: 7 },
      {
        kind: 'fixture_change',
        product: 3,
        eventId: 'sim:match:1',
        timestamp: now,
        fixture: {
          sport: { key: 'football', name: { en: 'Football', fr: 'Football' } },
          category: { key: 'england', name: { en: 'England', fr: 'Angleterre' }, country: 'GB' },
          tournament: { key: 'premier', name: { en: 'Premier', fr: 'Premier' } },
          home: { key: 'a', name: { en: 'A', fr: 'A' } },
          away: { key: 'b', name: { en: 'B', fr: 'B' } },
          startTime: now,
          status: 'not_started',
        },
      },
    ];
    for (const message of messages) expect(parseFeedMessage(message, opts).kind).toBe(message.kind);
  });

  it('refuses malformed messages', () => {
    expect(codeOf(null)).toBe('malformed');
    expect(codeOf({ ...odds, kind: 'odds_changed' })).toBe('malformed');
    expect(codeOf({ ...odds, extra: 1 })).toBe('malformed');
    expect(codeOf({ ...odds, eventId: 'match 1' })).toBe('malformed');
    expect(codeOf({ ...odds, timestamp: 1.5 })).toBe('malformed');
    expect(codeOf({ ...odds, markets: [{ ...odds.markets[0], key: 'Totals total=2.5' }] })).toBe('malformed');
    expect(codeOf({ ...odds, markets: [odds.markets[0], odds.markets[0]] })).toBe('malformed');
    const settled = settlement.markets[0]!;
    const deadHeatAboveOne = { ...settled.outcomes[1], deadHeatFactor: { num: '3', den: '2' } };
    expect(codeOf({ ...settlement, markets: [{ ...settled, outcomes: [deadHeatAboveOne] }] })).toBe(
      'malformed',
    );
    const halfVoid = { key: 'home', result: 'void', voidFactor: '0.5' };
    expect(codeOf({ ...settlement, markets: [{ ...settled, outcomes: [halfVoid] }] })).toBe('malformed');
    expect(
      codeOf({
        ...settlement,
        markets: [{ ...settled, outcomes: [settled.outcomes[0], settled.outcomes[0]] }],
      }),
    ).toBe('malformed');
    expect(
      codeOf({
        kind: 'bet_cancel',
        product: 1,
        eventId: 'sim:match:1',
        timestamp: now,
        marketKeys: ['x'],
        startTime: 5,
        endTime: 4,
      }),
    ).toBe('malformed');
  });

  it('refuses forged messages: odds out of bounds, unknown producer, a clock in the future', () => {
    const withOdds = (oddsMilli: number) => ({
      ...odds,
      markets: [{ ...odds.markets[0], outcomes: [{ key: 'over', oddsMilli, active: true }] }],
    });
    expect(codeOf(withOdds(1000))).toBe('malformed');
    expect(codeOf(withOdds(1_000_001))).toBe('malformed');
    expect(codeOf(withOdds(1850.5))).toBe('malformed');
    expect(codeOf({ ...odds, product: 2 })).toBe('unknown_producer');
    expect(codeOf({ ...odds, timestamp: now + 3_600_000 })).toBe('future_timestamp');
  });

  it('reads dead-heat factors as rationals, 1 when absent', () => {
    expect(rationalFromWire({ num: '1', den: '3' })).toEqual({ num: 1n, den: 3n });
    expect(rationalFromWire(undefined)).toEqual({ num: 1n, den: 1n });
  });
});

describe('needsRecovery', () => {
  const state = {
    product: 1,
    lastMessageAt: null,
    lastReceivedAt: null,
    recoveryRequestId: null,
    recoveryRequestedAt: null,
  };
  it('asks for a snapshot for a producer never heard of, or silent past the gap', () => {
    expect(needsRecovery(state, now)).toBe(true);
    expect(needsRecovery({ ...state, lastReceivedAt: now - 1000 }, now)).toBe(false);
    expect(needsRecovery({ ...state, lastReceivedAt: now - RECOVERY_GAP_MS - 1 }, now)).toBe(true);
  });
  it('waits for an open recovery, and asks again after its timeout', () => {
    const open = { ...state, recoveryRequestId: 3, recoveryRequestedAt: now - 1000 };
    expect(needsRecovery(open, now)).toBe(false);
    expect(needsRecovery({ ...open, recoveryRequestedAt: now - RECOVERY_TIMEOUT_MS - 1 }, now)).toBe(true);
  });
});
