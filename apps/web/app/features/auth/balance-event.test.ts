import { balancesOutput } from '@croupier/contract/account/common';
import { describe, expect, it } from 'vitest';
import { parseBalanceEvent } from './balance-event.ts';

const money = (amount: unknown, currency: unknown = 'EUR') => ({ amount, currency });
const valid = {
  balance_main: money('12.50'),
  balance_bonus: money('0'),
  balance_betting_bonus: money('-1.5'),
  balance_fun: money('1000.00'),
};

const samples: unknown[] = [
  valid,
  { ...valid, extra: 1, balance_main: { ...money('3'), note: 'x' } },
  { ...valid, balance_main: money('1.') },
  { ...valid, balance_main: money('.5') },
  { ...valid, balance_main: money(12.5) },
  { ...valid, balance_fun: money('1', 'eur') },
  { ...valid, balance_fun: money('1', 'EURO') },
  { ...valid, balance_bonus: null },
  { balance_main: money('1') },
  null,
  'balance',
  [],
  {},
];

describe('parseBalanceEvent', () => {
  it('accepts and shapes exactly what the contract schema does', () => {
    for (const sample of samples) {
      const parsed = balancesOutput.safeParse(sample);
      expect(parseBalanceEvent(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
