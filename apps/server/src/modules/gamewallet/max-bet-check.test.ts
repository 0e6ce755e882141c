import { describe, expect, it } from 'vitest';
import { BetRefused, maxBetCheck } from './wallet-actions.ts';

describe('maxBetCheck', () => {
  it('refuses a stake above the maximum bet, allows one at it, and anything without a maximum', async () => {
    const check = maxBetCheck(async (playerId, currency) =>
      playerId === 1n && currency === 'EUR' ? 500n : null,
    );
    await expect(check(1n, 'EUR', 501n)).rejects.toBeInstanceOf(BetRefused);
    await expect(check(1n, 'EUR', 500n)).resolves.toBeUndefined();
    await expect(check(2n, 'EUR', 10n ** 12n)).resolves.toBeUndefined();
  });
});
