/**
 * Cashback end to end through the real game wallet: signed bet, win and rollback calls write wager
 * events in their money transactions, the stream's runtime applies them to the demo weekly casino
 * programme, the week's close makes one cashback of 10 % of the net real loss, and its payout lands
 * on main with the ledger invariants intact.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletHarness, type WalletHarness } from '../gamewallet/gamewallet-test-client.ts';
import { periodOf } from './cashback-programme.ts';

let h: WalletHarness;
let ids = 0;
const id = (prefix: string) => {
  ids += 1;
  return `cb-${prefix}-${ids}`;
};

beforeAll(async () => {
  h = await createWalletHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('cashback from real game wallet calls', () => {
  it('accrues the net real loss of bets, wins and rollbacks and pays 10 % once', async () => {
    const p = await h.player({ deposit: 100n });
    const other = await h.player({ deposit: 100n });
    const started = new Date(h.nowMs());
    const roundA = id('round');
    await h.callOk('bet', {
      token: p.token,
      transaction_id: id('bet'),
      round_id: roundA,
      amount: '20.00',
      currency: 'EUR',
    });
    await h.callOk('win', {
      token: p.token,
      transaction_id: id('win'),
      round_id: roundA,
      amount: '5.00',
      currency: 'EUR',
    });
    const roundB = id('round');
    const refunded = id('bet');
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
      amount: '3.00',
      currency: 'EUR',
    });
    // The other player wins more than they stake: no cashback.
    const roundC = id('round');
    await h.callOk('bet', {
      token: other.token,
      transaction_id: id('bet'),
      round_id: roundC,
      amount: '2.00',
      currency: 'EUR',
    });
    await h.callOk('win', {
      token: other.token,
      transaction_id: id('win'),
      round_id: roundC,
      amount: '9.00',
      currency: 'EUR',
    });

    await h.app.services.wagers.catchUp();
    const accrued = await h.database.db.execute<{ stake: string; payout: string }>(sql`
      SELECT stake_real_minor::text AS stake, payout_real_minor::text AS payout FROM cashback_accruals a
      JOIN cashback_programmes p ON p.id = a.programme_id
      WHERE a.player_id = ${p.id} AND p.key = 'weekly-casino-10'`);
    expect(accrued.rows).toEqual([{ stake: '2300', payout: '500' }]);

    const cashbacks = h.app.services.cashbacks;
    expect(await cashbacks.closeEndedPeriods()).toBe(0);
    const week = periodOf('weekly', started);
    h.advance(week.end.getTime() - h.nowMs() + 10 * 60_000);
    expect(await cashbacks.closeEndedPeriods()).toBe(1);
    expect(await cashbacks.closeEndedPeriods()).toBe(0);

    const made = await h.database.db.execute<{ id: string; player_id: string; amount: string }>(sql`
      SELECT id::text, player_id::text, amount_minor::text AS amount FROM cashbacks
      WHERE player_id IN (${p.id}, ${other.id})`);
    expect(made.rows).toEqual([{ id: made.rows[0]?.id, player_id: p.id.toString(), amount: '180' }]);
    const before = await h.mainMinor(p.id);
    expect(before).toBe(10_000n - 1_800n);
    await cashbacks.payout(p.id, BigInt(made.rows[0]!.id));
    expect(await h.mainMinor(p.id)).toBe(before + 180n);
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });
});
