import { describe, expect, it } from 'vitest';
import { betRequest, parseProtocolAmount } from './gamewallet.schemas.ts';

describe('parseProtocolAmount', () => {
  it('reads plain decimals within the exponent', () => {
    expect(parseProtocolAmount('1.50', 2, { allowZero: false })).toEqual({ ok: true, amountMinor: 150n });
    expect(parseProtocolAmount('1.5', 2, { allowZero: false })).toEqual({ ok: true, amountMinor: 150n });
    expect(parseProtocolAmount('12', 2, { allowZero: false })).toEqual({ ok: true, amountMinor: 1200n });
    expect(parseProtocolAmount('0.01', 2, { allowZero: false })).toEqual({ ok: true, amountMinor: 1n });
    expect(parseProtocolAmount('100', 0, { allowZero: false })).toEqual({ ok: true, amountMinor: 100n });
    expect(parseProtocolAmount('10000000000000.00', 2, { allowZero: false })).toEqual({
      ok: true,
      amountMinor: 10n ** 15n,
    });
  });

  it('takes zero only when allowed (a lost round’s win)', () => {
    expect(parseProtocolAmount('0', 2, { allowZero: true })).toEqual({ ok: true, amountMinor: 0n });
    expect(parseProtocolAmount('0.00', 2, { allowZero: true })).toEqual({ ok: true, amountMinor: 0n });
    expect(parseProtocolAmount('0', 2, { allowZero: false })).toEqual({ ok: false, problem: 'zero' });
  });

  it('refuses more decimals than the currency has, signs, exponents and garbage', () => {
    expect(parseProtocolAmount('1.001', 2, { allowZero: true })).toEqual({ ok: false, problem: 'fraction' });
    expect(parseProtocolAmount('1.500', 2, { allowZero: true })).toEqual({ ok: false, problem: 'fraction' });
    expect(parseProtocolAmount('1.0', 0, { allowZero: true })).toEqual({ ok: false, problem: 'fraction' });
    for (const text of ['-1', '+1', '1e2', '1,5', ' 1', '1 ', '.5', '1.', '01', '0x1', 'NaN', '', '１']) {
      expect(parseProtocolAmount(text, 2, { allowZero: true }), text).toEqual({
        ok: false,
        problem: 'format',
      });
    }
  });

  it('refuses amounts above the ledger bound', () => {
    expect(parseProtocolAmount('10000000000000.01', 2, { allowZero: false })).toEqual({
      ok: false,
      problem: 'too_big',
    });
    expect(parseProtocolAmount('9'.repeat(30), 2, { allowZero: false })).toEqual({
      ok: false,
      problem: 'too_big',
    });
  });
});

describe('request shapes', () => {
  it('ignores unknown fields and refuses numbers where strings are due', () => {
    const base = {
      token: 'a'.repeat(43),
      transaction_id: 't1',
      round_id: 'r1',
      game: 'g',
      amount: '1',
      currency: 'EUR',
    };
    expect(betRequest.parse({ ...base, extra: 1 })).toEqual(base);
    expect(betRequest.safeParse({ ...base, amount: 1 }).success).toBe(false);
  });
});

describe('free_round on a bet (ADR 024)', () => {
  const bet = {
    token: 'A'.repeat(43),
    transaction_id: 'b-1',
    round_id: 'r-1',
    game: 'neon-reels',
    amount: '0.20',
    currency: 'EUR',
  };
  it('takes a positive decimal pack id as a string, or nothing', () => {
    expect(betRequest.safeParse(bet).success).toBe(true);
    expect(betRequest.parse({ ...bet, free_round: { pack_id: '31' } }).free_round).toEqual({ pack_id: '31' });
  });
  it('refuses other pack ids and shapes with the field named', () => {
    for (const freeRound of [
      { pack_id: '0' },
      { pack_id: '031' },
      { pack_id: 31 },
      { pack_id: '-1' },
      {},
      '31',
      null,
    ]) {
      const parsed = betRequest.safeParse({ ...bet, free_round: freeRound });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path[0]).toBe('free_round');
    }
  });
});
