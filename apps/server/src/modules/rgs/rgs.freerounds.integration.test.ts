/**
 * Free spins in the in-house slot (ADR 024): the session shows the player's pack, a round started
 * with `freeRound` plays one of its spins at the pack's stake through the wallet's free-round bet
 * (nothing debited), its win lands on the bonus balance, and the pack counts down to its end.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRgsHarness, fundedPlayer, playerSession, type RgsHarness } from './rgs-test-client.ts';

let h: RgsHarness;

beforeAll(async () => {
  h = await createRgsHarness();
});

afterAll(async () => {
  await h?.close();
});

const minor = (decimal: unknown) => {
  const [whole, fraction = ''] = String(decimal).split('.');
  return BigInt(`${whole}${fraction.padEnd(2, '0')}`);
};

/** A player with 10.00 EUR and the seeded 20 free spins on Neon Reels, activated. */
async function playerWithFreeSpins() {
  const playerId = await fundedPlayer(h, 1000n);
  const bonuses = h.app.services.bonuses;
  const templateId = await bonuses.templateIdByKey('free-spins-20');
  const granted = await bonuses.grant(playerId, templateId!, {
    currency: 'EUR',
    reason: 'test',
    idempotencyKey: `rgs-fr:${playerId}`,
  });
  const bonus = await bonuses.activate(playerId, granted.id);
  return { playerId, bonusId: bonus.id, packId: String(bonus.freespinPackId) };
}

describe('free spins in the slot', () => {
  it('shows the pack, plays its 20 spins at 0.20 with nothing debited, wins to bonus, then ends', async () => {
    const p = await playerWithFreeSpins();
    const slot = await playerSession(h, p.playerId, 'neon-reels');
    const session = await slot.get('/session');
    expect(session.status).toBe(200);
    expect(session.body.freeRounds).toEqual({ packId: p.packId, remaining: 20, total: 20, stake: '0.20' });

    let won = 0n;
    for (let spin = 1; spin <= 20; spin += 1) {
      const round = await slot.post('/rounds', { bet: { stake: '20' }, freeRound: { packId: p.packId } });
      expect(round.status).toBe(200);
      expect(round.body).toMatchObject({
        stake: '0.20',
        freeRound: { packId: p.packId, remaining: 20 - spin },
      });
      won += minor(round.body.payout);
    }
    const wallet = h.app.services.wallet;
    expect(await wallet.balanceMinor(p.playerId, 'EUR', 'main')).toBe(1000n);
    expect(await wallet.balanceMinor(p.playerId, 'EUR', 'bonus')).toBe(won);
    const bonus = await h.app.services.bonuses.find(p.bonusId);
    expect(bonus).toMatchObject({
      status: won > 0n ? 'wagering' : 'completed',
      amountMinor: won,
      wageringRequiredMinor: won * 10n,
    });
    expect((await slot.get('/session')).body.freeRounds).toBeNull();

    // A fresh second: 20 spins on an idle machine fit in one, and the 21st round of a second is
    // refused by the rounds rate limit (20 per session per second) before the pack is looked at.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await slot.post('/rounds', { bet: { stake: '20' }, freeRound: { packId: p.packId } });
    expect(after.status).toBe(409);
    expect(after.body).toMatchObject({ error: { code: 'free_rounds_unavailable', field: 'freeRound' } });
    const rounds = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM free_round_bets WHERE pack_id = ${BigInt(p.packId)}`,
    );
    expect(rounds.rows[0]?.n).toBe(20);
  });

  it('refuses another stake, another game and demo play, and spends nothing', async () => {
    const p = await playerWithFreeSpins();
    const slot = await playerSession(h, p.playerId, 'neon-reels');
    const wrongStake = await slot.post('/rounds', { bet: { stake: '40' }, freeRound: { packId: p.packId } });
    expect(wrongStake.status).toBe(400);
    expect(wrongStake.body).toMatchObject({ error: { code: 'bad_bet' } });
    const other = await playerSession(h, p.playerId, 'aurora-reels');
    const wrongGame = await other.post('/rounds', { bet: { stake: '20' }, freeRound: { packId: p.packId } });
    expect(wrongGame.status).toBe(409);
    expect(wrongGame.body).toMatchObject({ error: { code: 'free_rounds_unavailable' } });
    const demo = await playerSession(h, p.playerId, 'neon-reels', 'demo');
    const inDemo = await demo.post('/rounds', { bet: { stake: '20' }, freeRound: { packId: p.packId } });
    expect(inDemo.status).toBe(400);
    expect((await demo.get('/session')).body.freeRounds).toBeNull();
    expect(await h.app.services.wallet.balanceMinor(p.playerId, 'EUR', 'main')).toBe(1000n);
    expect((await slot.get('/session')).body.freeRounds).toMatchObject({ remaining: 20 });
  });
});
