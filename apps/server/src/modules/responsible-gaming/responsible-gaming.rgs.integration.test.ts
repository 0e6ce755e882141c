/**
 * A loss limit hit in an in-house game: the game server gets the wallet's refusal, answers the game
 * page `rg_loss_limit_reached` (which the shell shows in en/fr), cancels the round, and no money moves.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRgsHarness,
  fundedPlayer,
  playerKeyOf,
  playerSession,
  type RgsHarness,
} from '../rgs/rgs-test-client.ts';

let h: RgsHarness;

beforeAll(async () => {
  h = await createRgsHarness();
});
afterAll(async () => {
  await h?.close();
});

const mainBalance = (playerId: bigint) => h.app.services.wallet.balanceMinor(playerId, 'EUR', 'main');

describe('a loss limit in the game', () => {
  it('refuses the round with rg_loss_limit_reached and moves nothing', async () => {
    const playerId = await fundedPlayer(h, 50_00n);
    await h.app.services.responsibleGaming.setLimit(
      playerId,
      { kind: 'loss', period: 'day', amount: '0.50' },
      'en',
    );
    const client = await playerSession(h, playerId, 'dice-duel');
    const key = await playerKeyOf(h, client.session);
    const refused = await client.post('/rounds', { bet: { stake: '100', target: 199, direction: 'over' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: { code: 'rg_loss_limit_reached', message: expect.any(String), field: 'bet' },
    });
    expect(await mainBalance(playerId)).toBe(50_00n);
    const rounds = await h.database.db.execute<{ status: string }>(
      sql`SELECT status FROM rgs_rounds WHERE player_key = ${key}`,
    );
    expect(rounds.rows.map((r) => r.status)).toEqual(['cancelled']);
    const events = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM wager_events WHERE player_id = ${playerId}`,
    );
    expect(events.rows[0]?.n).toBe(0);
  });
});
