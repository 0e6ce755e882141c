/**
 * The session time limit in an in-house game (ADR 028): once the player was logged out at the
 * limit, the game left open gets the wallet's refusal, answers the page `rg_session_limit_reached`
 * (which the shell shows in en/fr), cancels the round, and no money moves.
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

describe('the session limit in the game', () => {
  it('refuses the round with rg_session_limit_reached once the session is over, and moves nothing', async () => {
    const playerId = await fundedPlayer(h, 50_00n);
    await h.app.services.rgSessions.setSessionLimit(playerId, 30, 'en');
    const client = await playerSession(h, playerId, 'dice-duel');
    const key = await playerKeyOf(h, client.session);
    const played = await client.post('/rounds', { bet: { stake: '100', target: 199, direction: 'over' } });
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    const afterFirst = await mainBalance(playerId);

    // The site logged the player out at the limit; the game frame is still open.
    await h.app.services.sessions.revokeAllForPlayer(playerId, 'logout');
    const refused = await client.post('/rounds', { bet: { stake: '100', target: 199, direction: 'over' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: { code: 'rg_session_limit_reached', message: expect.any(String) },
    });
    expect(await mainBalance(playerId)).toBe(afterFirst);
    const rounds = await h.database.db.execute<{ status: string }>(
      sql`SELECT status FROM rgs_rounds WHERE player_key = ${key}`,
    );
    expect(rounds.rows.map((r) => r.status).sort()).toEqual(['cancelled', 'settled']);
  });
});
