/**
 * The big-win ticker end to end through the real game wallet: a real-money win of at least 10× its
 * round's bet is published once on the public push stream (masked name, game, amount, multiple);
 * a smaller win, a demo round and a round's second pass publish nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletHarness, type WalletHarness } from '../gamewallet/gamewallet-test-client.ts';
import { BIG_WINS_CONSUMER } from './games.service.ts';

let h: WalletHarness;
let ids = 0;
const id = (prefix: string) => {
  ids += 1;
  return `big-${prefix}-${ids}`;
};

beforeAll(async () => {
  h = await createWalletHarness();
});
afterAll(async () => {
  await h?.close();
});

async function bigWinEvents(): Promise<{ player_id: string | null; payload: Record<string, unknown> }[]> {
  const rows = await h.database.db.execute<{ player_id: string | null; payload: Record<string, unknown> }>(
    sql`SELECT player_id::text, payload FROM push_events WHERE kind = 'big_win' ORDER BY id`,
  );
  return rows.rows;
}

async function round(token: string, bet: string, win: string): Promise<void> {
  const roundId = id('round');
  await h.callOk('bet', {
    token,
    transaction_id: id('bet'),
    round_id: roundId,
    amount: bet,
    currency: 'EUR',
  });
  await h.callOk('win', {
    token,
    transaction_id: id('win'),
    round_id: roundId,
    amount: win,
    currency: 'EUR',
  });
}

describe('big wins on the push stream', () => {
  it('publishes a real-money win of 10× the bet or more once, to everyone', async () => {
    const p = await h.player({ deposit: 100n });
    const demo = await h.player({ mode: 'demo' });
    await round(p.token, '1.00', '9.99');
    await round(demo.token, '1.00', '50.00');
    await round(p.token, '2.00', '25.00');
    await h.app.services.wagers.catchUp();

    const events = await bigWinEvents();
    expect(events).toHaveLength(1);
    expect(events[0]!.player_id).toBeNull();
    expect(events[0]!.payload).toMatchObject({
      game: { sysname: h.gameCode, name: 'Wallet Test Slot' },
      amount: { amount: '25.00', currency: 'EUR' },
      multiplier: 'x12.5',
    });
    expect(String(events[0]!.payload.player)).toContain('***');

    // Another pass finds nothing new: each win event is looked at once.
    await h.app.services.wagers.catchUp();
    expect(await bigWinEvents()).toHaveLength(1);
    const lag = (await h.app.services.wagers.lag()).find((row) => row.consumer === BIG_WINS_CONSUMER);
    expect(lag?.behind).toBe(0);
  });

  it('does not announce old wins when the consumer replays the history', async () => {
    const p = await h.player({ deposit: 100n });
    await round(p.token, '1.00', '30.00');
    await h.app.services.wagers.catchUp();
    const before = (await bigWinEvents()).length;
    expect(before).toBe(2);
    h.advance(11 * 60 * 1000);
    await h.app.services.wagers.replayFrom(BIG_WINS_CONSUMER, 0n);
    await h.app.services.wagers.catchUp();
    expect(await bigWinEvents()).toHaveLength(before);
  });
});
