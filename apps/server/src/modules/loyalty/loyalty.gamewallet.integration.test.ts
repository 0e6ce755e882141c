/**
 * Loyalty points end to end through the real game wallet: signed bet, win and rollback calls write
 * wager events in their money transactions; the stream's runtime applies them to the demo
 * programme (1 coin per 1.00 of real stake on casino), a rollback takes its bet's coins back, and
 * more passes change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletHarness, type WalletHarness } from '../gamewallet/gamewallet-test-client.ts';

let h: WalletHarness;
let ids = 0;
const id = (prefix: string) => {
  ids += 1;
  return `loy-${prefix}-${ids}`;
};

beforeAll(async () => {
  h = await createWalletHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('loyalty points from real game wallet calls', () => {
  it('earns on real stakes, not on wins; a rollback takes back; replays add nothing', async () => {
    const p = await h.player({ deposit: 100n });
    const round = id('round');
    await h.callOk('bet', {
      token: p.token,
      transaction_id: id('bet'),
      round_id: round,
      amount: '20.00',
      currency: 'EUR',
    });
    await h.callOk('win', {
      token: p.token,
      transaction_id: id('win'),
      round_id: round,
      amount: '5.00',
      currency: 'EUR',
    });
    const refunded = id('bet');
    const roundB = id('round');
    await h.callOk('bet', {
      token: p.token,
      transaction_id: refunded,
      round_id: roundB,
      amount: '10.00',
      currency: 'EUR',
    });
    await h.callOk('rollback', {
      token: p.token,
      transaction_id: id('rb'),
      reference_transaction_id: refunded,
      round_id: roundB,
    });
    await h.callOk('bet', {
      token: p.token,
      transaction_id: id('bet'),
      round_id: id('round'),
      amount: '3.49',
      currency: 'EUR',
    });

    await h.app.services.wagers.catchUp();
    const info = await h.app.services.loyalty.info(p.id, 'en');
    // 20 + 10 − 10 + 3 (3.49 floors to 3); the 5.00 win earns nothing.
    expect(info).toMatchObject({ points: 23, level_points: 23, level: 1, pointsAlias: 'coins' });

    await h.app.services.wagers.replayFrom('loyalty_points', 0n);
    await h.app.services.wagers.catchUp();
    await h.app.services.wagers.catchUp();
    expect(await h.app.services.loyalty.info(p.id, 'en')).toMatchObject({ points: 23, level_points: 23 });
    const journal = await h.app.services.loyalty.journalOf(p.id);
    expect(journal.map((j) => j.delta)).toEqual([20, 10, -10, 3]);
  });
});
