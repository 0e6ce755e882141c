/**
 * Many players spinning at once, end to end (client API → RGS → wallet API over HTTP → ledger):
 * afterwards the ledger's invariants hold and every player's main balance is exactly the start
 * minus what their rounds staked plus what they paid, as the RGS recorded them (plus a jackpot drop,
 * when one fell to them). A few requests
 * are doubled on purpose (the same session twice at once) and some stakes exceed the balance.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRgsHarness,
  fundedPlayer,
  playerKeyOf,
  playerSession,
  type RgsHarness,
} from './rgs-test-client.ts';

const PLAYERS = 16;
const SPINS = 12;
const START_MINOR = 30_00n;

let h: RgsHarness;

beforeAll(async () => {
  h = await createRgsHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('16 players spinning at once', () => {
  it('keeps the ledger balanced and every balance equal to what the rounds say', async () => {
    const players = await Promise.all(
      Array.from({ length: PLAYERS }, async (_, i) => {
        const id = await fundedPlayer(h, START_MINOR);
        const code = ['neon-reels', 'aurora-reels', 'dice-duel', 'plinko-drop'][i % 4]!;
        const client = await playerSession(h, id, code);
        return { id, code, client, key: await playerKeyOf(h, client.session) };
      }),
    );
    const bets: Record<string, unknown> = {
      'neon-reels': { stake: '200' },
      'aurora-reels': { stake: '400' },
      'dice-duel': { stake: '300', target: 5000, direction: 'over' },
      'plinko-drop': { stake: '250', rows: 12, risk: 'medium' },
    };
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    await Promise.all(
      players.map(async (player, i) => {
        for (let n = 0; n < SPINS; n += 1) {
          // Every third spin of odd players is sent twice at once: one plays, the other waits or
          // is told a round is in progress; neither moves money twice.
          const requests = i % 2 === 1 && n % 3 === 0 ? 2 : 1;
          // Some stakes are more than a poor player has left: insufficient_funds, nothing moved.
          const bet =
            n === SPINS - 1 ? { ...(bets[player.code] as object), stake: '10000' } : bets[player.code];
          const answers = await Promise.all(
            Array.from({ length: requests }, () => player.client.post('/rounds', { bet })),
          );
          for (const answer of answers) {
            count(answer.status);
            if (answer.status !== 200) {
              expect(['round_in_progress', 'insufficient_funds']).toContain(
                (answer.body.error as { code: string }).code,
              );
            }
          }
        }
      }),
    );
    expect(statuses.get(200) ?? 0).toBeGreaterThan(PLAYERS * (SPINS - 2));
    for (const status of statuses.keys()) expect([200, 409]).toContain(status);

    // Everything was delivered: no round left settling, no wallet call pending.
    const pending = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM rgs_wallet_calls WHERE status = 'pending'`,
    );
    expect(pending.rows[0]?.n).toBe(0);
    const settling = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM rgs_rounds WHERE status IN ('open', 'settling')`,
    );
    expect(settling.rows[0]?.n).toBe(0);

    expect(await checkInvariants(h.database.db)).toEqual([]);
    // The demo's must-drop-by jackpots count these stakes (ADR 032): a drop pays its winner's main
    // balance beside the rounds. Every consumer catches up first, so the reads below agree.
    await h.app.services.wagers.catchUp();
    for (const player of players) {
      const rows = await h.database.db.execute<{ staked: string; paid: string; n: number }>(
        sql`SELECT coalesce(sum(stake_minor), 0)::text AS staked, coalesce(sum(payout_minor), 0)::text AS paid,
                   count(*)::int AS n
            FROM rgs_rounds WHERE player_key = ${player.key} AND status = 'settled'`,
      );
      const { staked, paid, n } = rows.rows[0]!;
      expect(n).toBeGreaterThan(0);
      const jackpots = await h.database.db.execute<{ won: string }>(
        sql`SELECT coalesce(sum(win_minor), 0)::text AS won FROM jackpot_cycles WHERE winner_player_id = ${player.id}`,
      );
      const balance = await h.app.services.wallet.balanceMinor(player.id, 'EUR', 'main');
      expect(balance).toBe(START_MINOR - BigInt(staked) + BigInt(paid) + BigInt(jackpots.rows[0]!.won));
      // Nonces: one per reserved round, none shared.
      const nonces = await h.database.db.execute<{ dupes: number }>(
        sql`SELECT count(*)::int - count(DISTINCT nonce)::int AS dupes FROM rgs_rounds WHERE player_key = ${player.key}`,
      );
      expect(nonces.rows[0]?.dupes).toBe(0);
    }
  });
});
