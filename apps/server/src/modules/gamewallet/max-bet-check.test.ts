import { describe, expect, it } from 'vitest';
import type { Tx } from './gamewallet.repository.ts';
import { BetRefused, maxBetCheck } from './wallet-actions.ts';

describe('maxBetCheck', () => {
  it('refuses a stake above the maximum bet, allows one at it, and anything without a maximum', async () => {
    // The check hands the bet's transaction through; a stand-in is enough for the rule.
    const tx = {} as Tx;
    const seen: Tx[] = [];
    const check = maxBetCheck(async (given, playerId, currency) => {
      seen.push(given);
      return playerId === 1n && currency === 'EUR' ? 500n : null;
    });
    await expect(check(tx, 1n, 'EUR', 501n)).rejects.toBeInstanceOf(BetRefused);
    await expect(check(tx, 1n, 'EUR', 500n)).resolves.toBeUndefined();
    await expect(check(tx, 2n, 'EUR', 10n ** 12n)).resolves.toBeUndefined();
    expect(seen.every((given) => given === tx)).toBe(true);
  });
});
