import { createHash } from 'node:crypto';
import { nodeHmacSha256 } from '@croupier/games/node-hmac';
import { replayRound } from '@croupier/games/verify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rgsCredentials } from '../../provider-credentials.ts';
import {
  createRgsHarness,
  fundedPlayer,
  type GameClient,
  gameClient,
  guestSession,
  launch,
  launchToken,
  playerKeyOf,
  playerSession,
  type RgsHarness,
} from './rgs-test-client.ts';
import { createWalletClient } from './wallet-client.ts';

let h: RgsHarness;

beforeAll(async () => {
  h = await createRgsHarness();
});

afterAll(async () => {
  await h?.close();
});

beforeEach(() => {
  h.proxy.fault = () => 'pass';
});

const DICE_SAFE = { stake: '100', target: 199, direction: 'over' }; // 98 % to win 1.01
const mainBalance = (playerId: bigint) => h.app.services.wallet.balanceMinor(playerId, 'EUR', 'main');
const minor = (decimal: unknown) => {
  const [whole, fraction = ''] = String(decimal).split('.');
  return BigInt(`${whole}${fraction.padEnd(2, '0')}`);
};

async function roundsOf(playerKey: string) {
  const rows = await h.database.db.execute<{
    id: string;
    status: string;
    stake_minor: bigint;
    payout_minor: bigint;
  }>(
    sql`SELECT id, status, stake_minor, payout_minor FROM rgs_rounds WHERE player_key = ${playerKey} ORDER BY created_at`,
  );
  return rows.rows.map((row) => ({
    ...row,
    stake_minor: BigInt(row.stake_minor),
    payout_minor: BigInt(row.payout_minor),
  }));
}

async function callsOf(roundId: string) {
  const rows = await h.database.db.execute<{
    kind: string;
    tx_id: string;
    status: string;
    amount_minor: bigint;
  }>(
    sql`SELECT kind, tx_id, status, amount_minor FROM rgs_wallet_calls WHERE round_id = ${roundId} ORDER BY id`,
  );
  return rows.rows.map((row) => ({ ...row, amount_minor: BigInt(row.amount_minor) }));
}

/** Waits for the outbox (loop or an explicit pass) to settle a round. */
async function settled(roundId: string): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    await h.app.rgs!.deliverDue();
    const rows = await h.database.db.execute<{ status: string }>(
      sql`SELECT status FROM rgs_rounds WHERE id = ${roundId}`,
    );
    if (rows.rows[0]?.status === 'settled') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`round ${roundId} never settled`);
}

/** Runs outbox passes until `check` holds (the background loop may hold a call meanwhile). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    await h.app.rgs!.deliverDue();
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the outbox never got there');
}

/** Plays a blackjack round to its end with the first legal non-staking action (stand/decline). */
async function finishBlackjack(client: GameClient, round: Record<string, unknown>) {
  let current = round;
  for (let i = 0; i < 20 && current.status === 'open'; i += 1) {
    const view = current.view as { actions: string[] };
    const type = view.actions.includes('decline_insurance')
      ? 'decline_insurance'
      : view.actions.includes('stand')
        ? 'stand'
        : view.actions[0];
    const answer = await client.post(`/rounds/${current.id}/actions`, { action: { type } });
    expect(answer.status).toBe(200);
    current = answer.body;
  }
  return current;
}

describe('launch', () => {
  it('opens a real session from a platform token and redirects to the game page', async () => {
    const playerId = await fundedPlayer(h, 50_00n);
    const token = await launchToken(h, playerId, 'neon-reels');
    const location = await launch(h, {
      token,
      game: 'neon-reels',
      mode: 'real',
      lang: 'fr',
      currency: 'EUR',
      lobby_url: '/fr/gamehall',
    });
    expect(location).toMatch(/^\/rgs\/play\/neon-reels\?session=[A-Za-z0-9_.-]+&lang=fr$/);
    const session = new URL(location, h.base).searchParams.get('session')!;
    const stored = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM rgs_sessions WHERE token_hash = ${createHash('sha256').update(session).digest()}`,
    );
    expect(stored.rows[0]?.n).toBe(1);

    const client = gameClient(h, session);
    const info = await client.get('/session');
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      game: { code: 'neon-reels', engine: 'slot', theme: 'neon', name: 'Neon Reels' },
      mode: 'real',
      currency: 'EUR',
      exponent: 2,
      balance: '50.00',
      limits: { min: '0.10', max: '100.00' },
      openRound: null,
      lobbyUrl: '/fr/gamehall',
    });
    expect(info.body.rtp).toMatch(/^\d{2}\.\d{2}$/);
    expect(info.body.describe).toBeTruthy();
    const fairness = info.body.fairness as { serverSeedHash: string; clientSeed: string; nonce: number };
    expect(fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(fairness.nonce).toBe(0);
  });

  it('opens a demo session on the fun balance and a guest demo without any wallet call', async () => {
    const playerId = await fundedPlayer(h, 10_00n);
    const demo = await playerSession(h, playerId, 'dice-duel', 'demo');
    const demoInfo = await demo.get('/session');
    expect(demoInfo.body).toMatchObject({ mode: 'demo', currency: 'EUR', balance: '1000.00' });
    const spun = await demo.post('/rounds', { bet: DICE_SAFE });
    expect(spun.status).toBe(200);
    // Real money untouched; the fun balance moved by the round.
    expect(await mainBalance(playerId)).toBe(10_00n);
    const fun = await h.app.services.wallet.balanceMinor(playerId, 'EUR', 'fun');
    expect(fun).toBe(1000_00n - minor(spun.body.stake) + minor(spun.body.payout));
    expect(minor(spun.body.balance)).toBe(fun);

    const seenBefore = h.proxy.seen.length;
    const guest = await guestSession(h, 'plinko-drop');
    const guestInfo = await guest.get('/session');
    expect(guestInfo.body).toMatchObject({
      mode: 'guest',
      currency: 'FUN',
      balance: '1000.00',
      lobbyUrl: null,
    });
    const drop = await guest.post('/rounds', { bet: { stake: '250', rows: 8, risk: 'low' } });
    expect(drop.status).toBe(200);
    expect(drop.body).toMatchObject({ status: 'settled', done: true, stake: '2.50' });
    expect(minor(drop.body.balance)).toBe(1000_00n - 250n + minor(drop.body.payout));
    expect((await guest.get('/session')).body.balance).toBe(drop.body.balance);
    expect(h.proxy.seen.length).toBe(seenBefore);
  });

  it('sends every failure to the slot error page, and only ever to paths on this site', async () => {
    const playerId = await fundedPlayer(h, 10_00n);
    const realToken = await launchToken(h, playerId, 'neon-reels');
    const demoToken = await launchToken(h, playerId, 'neon-reels', 'demo');
    const cases: Array<[Record<string, string>, string]> = [
      [{ game: 'nope', mode: 'demo', lang: 'en' }, '/slot-error?embedded=1'],
      [{ game: 'nope', mode: 'demo', lang: 'fr' }, '/fr/slot-error?embedded=1'],
      [{ game: 'neon-reels', mode: 'real', lang: 'en' }, '/slot-error?embedded=1'],
      [{ game: 'neon-reels', lang: 'en' }, '/slot-error?embedded=1'],
      [{ token: 'A'.repeat(43), game: 'neon-reels', mode: 'real', lang: 'fr' }, '/fr/slot-error?embedded=1'],
      [{ token: 'short', game: 'neon-reels', mode: 'real' }, '/slot-error?embedded=1'],
      // The token decides the mode: a demo token never opens a "real" frame and vice versa.
      [{ token: demoToken, game: 'neon-reels', mode: 'real' }, '/slot-error?embedded=1'],
      [{ token: realToken, game: 'neon-reels', mode: 'demo' }, '/slot-error?embedded=1'],
      [{ token: realToken, game: 'neon-reels', mode: 'real', currency: 'USD' }, '/slot-error?embedded=1'],
      // A token for another game is refused by the platform.
      [{ token: realToken, game: 'dice-duel', mode: 'real' }, '/slot-error?embedded=1'],
    ];
    for (const [query, expected] of cases) {
      expect(await launch(h, query), JSON.stringify(query)).toBe(expected);
    }
    for (const lobby of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const location = await launch(h, { game: 'dice-duel', mode: 'demo', lobby_url: lobby });
      expect(location.startsWith('/rgs/play/dice-duel?session=')).toBe(true);
      const session = new URL(location, h.base).searchParams.get('session')!;
      expect((await gameClient(h, session).get('/session')).body.lobbyUrl).toBeNull();
    }
  });

  it('refuses requests without a valid session', async () => {
    for (const session of ['', 'nope', 'A'.repeat(43), `${'A'.repeat(43)}.Lw`]) {
      const answer = await gameClient(h, session).get('/session');
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: { code: 'session_invalid', message: expect.any(String) } });
    }
  });
});

describe('sessions', () => {
  it('reads a session again once the end it knew is near, so a later end set elsewhere counts', async () => {
    const playerId = await fundedPlayer(h, 10_00n);
    const client = await playerSession(h, playerId, 'neon-reels');
    const hash = createHash('sha256').update(client.session).digest();
    expect((await client.get('/rounds?limit=1')).status).toBe(200);
    // Another process served the player and slid the session's end by twelve hours.
    await h.database.db.execute(
      sql`UPDATE rgs_sessions SET expires_at = expires_at + interval '12 hours' WHERE token_hash = ${hash}`,
    );
    // Past the end this process read, within the one stored: still the player's session.
    h.advance(13 * 3_600_000);
    expect((await client.get('/rounds?limit=1')).status).toBe(200);
    // Past the stored end too: refused, as any expired session.
    h.advance(12 * 3_600_000);
    const late = await client.get('/rounds?limit=1');
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ error: { code: 'session_invalid' } });
  });
});

describe('real money rounds', () => {
  it('debits the stake and credits the payout exactly as the round says', async () => {
    const playerId = await fundedPlayer(h, 100_00n);
    const client = await playerSession(h, playerId, 'neon-reels');
    const key = await playerKeyOf(h, client.session);
    let expected = 100_00n;
    for (let i = 0; i < 5; i += 1) {
      const spin = await client.post('/rounds', { bet: { stake: '200' } });
      expect(spin.status).toBe(200);
      expect(spin.body).toMatchObject({ status: 'settled', done: true, stake: '2.00', nonce: i });
      expected += minor(spin.body.payout) - 200n;
      expect(minor(spin.body.balance)).toBe(expected);
      expect(await mainBalance(playerId)).toBe(expected);
      const calls = await callsOf(String(spin.body.id));
      const bet = { kind: 'bet', tx_id: `rgs-${spin.body.id}-bet-0`, status: 'done', amount_minor: 200n };
      // A lost spin's bet closed the platform's round (ADR 066): no win follows it.
      expect(calls).toEqual(
        minor(spin.body.payout) === 0n
          ? [bet]
          : [
              bet,
              {
                kind: 'win',
                tx_id: `rgs-${spin.body.id}-win`,
                status: 'done',
                amount_minor: minor(spin.body.payout),
              },
            ],
      );
    }
    const rounds = await roundsOf(key);
    expect(rounds).toHaveLength(5);
    const net = rounds.reduce((sum, round) => sum - round.stake_minor + round.payout_minor, 0n);
    expect(await mainBalance(playerId)).toBe(100_00n + net);

    const list = await client.get('/rounds?limit=3');
    const summaries = list.body.rounds as Array<Record<string, unknown>>;
    expect(summaries).toHaveLength(3);
    expect(summaries[0]).toMatchObject({ stake: '2.00', status: 'settled', currency: 'EUR', mode: 'real' });
  });

  it("closes a lost round with its bet, one wallet call; a won round's win closes the platform's", async () => {
    const playerId = await fundedPlayer(h, 100_00n);
    const client = await playerSession(h, playerId, 'neon-reels');
    const seen = { lost: 0, won: 0 };
    for (let i = 0; i < 60 && (seen.lost < 2 || seen.won < 2); i += 1) {
      const spin = await client.post('/rounds', { bet: { stake: '100' } });
      expect(spin.status).toBe(200);
      expect(spin.body).toMatchObject({ status: 'settled', done: true });
      const lost = minor(spin.body.payout) === 0n;
      seen[lost ? 'lost' : 'won'] += 1;
      const platform = await h.database.db.execute<{
        status: string;
        closed_by_bet: boolean;
        win_minor: bigint;
        calls: string;
      }>(sql`
        SELECT gr.status, gr.closed_by_bet, gr.win_minor,
               (SELECT string_agg(t.kind, ',' ORDER BY t.id) FROM game_wallet_transactions t
                WHERE t.round_id = gr.id) AS calls
        FROM game_rounds gr WHERE gr.provider_round_id = ${String(spin.body.id)}`);
      expect(platform.rows).toEqual([
        {
          status: 'closed',
          closed_by_bet: lost,
          win_minor: lost ? 0n : minor(spin.body.payout),
          calls: lost ? 'bet' : 'bet,win',
        },
      ]);
    }
    expect(seen.lost).toBeGreaterThanOrEqual(2);
    expect(seen.won).toBeGreaterThanOrEqual(2);
  });

  it("deals each round on the pair's next nonce, also after another node or a rotation moved it", async () => {
    const playerId = await fundedPlayer(h, 100_00n);
    const client = await playerSession(h, playerId, 'neon-reels');
    const key = await playerKeyOf(h, client.session);
    const spin = async () => {
      const answer = await client.post('/rounds', { bet: { stake: '100' } });
      expect(answer.status).toBe(200);
      return answer.body.nonce;
    };
    // The first round takes the pair's lock; the next ones claim on the pair this process knows.
    expect([await spin(), await spin()]).toEqual([0, 1]);
    // Another node deals five rounds meanwhile: this process's next claim finds the nonce moved.
    await h.database.db.execute(
      sql`UPDATE rgs_seed_pairs SET next_nonce = next_nonce + 5 WHERE player_key = ${key} AND status = 'active'`,
    );
    expect([await spin(), await spin()]).toEqual([7, 8]);
    // A rotation reveals the pair: the next round is dealt on the new one, from nonce 0.
    expect((await client.post('/seeds', { clientSeed: 'next-pair' })).status).toBe(200);
    expect(await spin()).toBe(0);
    const pairs = await h.database.db.execute<{ id: bigint; status: string; next_nonce: number }>(
      sql`SELECT id, status, next_nonce FROM rgs_seed_pairs WHERE player_key = ${key} ORDER BY id`,
    );
    expect(pairs.rows.map((pair) => [pair.status, pair.next_nonce])).toEqual([
      ['revealed', 9],
      ['active', 1],
    ]);
    const rounds = await h.database.db.execute<{ seed_pair_id: bigint; nonce: number }>(
      sql`SELECT seed_pair_id, nonce FROM rgs_rounds WHERE player_key = ${key} ORDER BY seed_pair_id, nonce`,
    );
    const [first, second] = pairs.rows.map((pair) => String(pair.id));
    expect(rounds.rows.map((round) => [String(round.seed_pair_id), round.nonce])).toEqual([
      [first, 0],
      [first, 1],
      [first, 7],
      [first, 8],
      [second, 0],
    ]);
    // Every round settled and paid as recorded.
    const net = (await roundsOf(key)).reduce(
      (sum, round) => sum - round.stake_minor + round.payout_minor,
      0n,
    );
    expect(await mainBalance(playerId)).toBe(100_00n + net);
  });

  it('plays roulette, plinko and blackjack with extra stakes through the wallet', async () => {
    const playerId = await fundedPlayer(h, 100_00n);
    const roulette = await playerSession(h, playerId, 'european-roulette');
    const spin = await roulette.post('/rounds', {
      bet: {
        bets: [
          { type: 'red', stake: '100' },
          { type: 'straight', numbers: [17], stake: '50' },
        ],
      },
    });
    expect(spin.status).toBe(200);
    expect(spin.body.stake).toBe('1.50');

    const blackjack = await playerSession(h, playerId, 'blackjack-classic');
    let before = await mainBalance(playerId);
    // Play until a round offers a double, to take a second stake in the same round.
    let doubled = false;
    for (let i = 0; i < 30 && !doubled; i += 1) {
      const dealt = await blackjack.post('/rounds', { bet: { stake: '200' } });
      expect(dealt.status).toBe(200);
      let current = dealt.body;
      const view = current.view as { actions: string[] };
      if (current.status === 'open' && view.actions.includes('double')) {
        const answer = await blackjack.post(`/rounds/${current.id}/actions`, { action: { type: 'double' } });
        expect(answer.status).toBe(200);
        current = answer.body;
        doubled = true;
      }
      const done = await finishBlackjack(blackjack, current);
      expect(done.done).toBe(true);
      const after = await mainBalance(playerId);
      expect(after).toBe(before - minor(done.stake) + minor(done.payout));
      expect(minor(done.balance)).toBe(after);
      if (doubled) {
        expect(done.stake).toBe('4.00');
        const calls = await callsOf(String(done.id));
        expect(calls.map((call) => call.tx_id)).toEqual([
          `rgs-${done.id}-bet-0`,
          `rgs-${done.id}-bet-1`,
          `rgs-${done.id}-win`,
        ]);
      }
      before = after;
    }
    expect(doubled).toBe(true);
  });

  it('keeps one open round at a time and refuses illegal actions with nothing moved', async () => {
    const playerId = await fundedPlayer(h, 100_00n);
    const client = await playerSession(h, playerId, 'frost-blackjack');
    let open: Record<string, unknown> | undefined;
    for (let i = 0; i < 20 && !open; i += 1) {
      const dealt = await client.post('/rounds', { bet: { stake: '100' } });
      if (dealt.body.status === 'open') open = dealt.body;
    }
    expect(open).toBeDefined();
    const balance = await mainBalance(playerId);
    const again = await client.post('/rounds', { bet: { stake: '100' } });
    expect(again.status).toBe(409);
    expect((again.body.error as { code: string }).code).toBe('round_in_progress');
    // A reload (a new session) finds the open round and may finish it.
    const reloaded = await playerSession(h, playerId, 'frost-blackjack');
    const info = await reloaded.get('/session');
    expect((info.body.openRound as { id: string }).id).toBe(open!.id);
    const bad = await reloaded.post(`/rounds/${open!.id}/actions`, { action: { type: 'fly' } });
    expect(bad.status).toBe(409);
    expect(bad.body.error).toMatchObject({ code: 'illegal_action', field: 'action.type' });
    const rotate = await reloaded.post('/seeds', { clientSeed: 'my-seed' });
    expect(rotate.status).toBe(409);
    expect((rotate.body.error as { code: string }).code).toBe('round_in_progress');
    expect(await mainBalance(playerId)).toBe(balance);
    const done = await finishBlackjack(reloaded, open!);
    expect(done.done).toBe(true);
    const late = await reloaded.post(`/rounds/${open!.id}/actions`, { action: { type: 'hit' } });
    expect(late.status).toBe(409);
    expect((late.body.error as { code: string }).code).toBe('illegal_action');
  });

  it('answers insufficient funds with the balance; the round is discarded and its nonce used', async () => {
    const playerId = await fundedPlayer(h, 50n);
    const client = await playerSession(h, playerId, 'dice-duel');
    const key = await playerKeyOf(h, client.session);
    const refused = await client.post('/rounds', { bet: { ...DICE_SAFE, stake: '100' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: { code: 'insufficient_funds', message: expect.any(String), balance: '0.50' },
    });
    expect(await mainBalance(playerId)).toBe(50n);
    expect(await roundsOf(key)).toMatchObject([{ status: 'cancelled', stake_minor: 0n, payout_minor: 0n }]);
    expect(((await client.get('/rounds')).body.rounds as unknown[]).length).toBe(0);
    const played = await client.post('/rounds', { bet: { ...DICE_SAFE, stake: '10' } });
    expect(played.status).toBe(200);
    expect(played.body.nonce).toBe(1);
    expect(await mainBalance(playerId)).toBe(50n - 10n + minor(played.body.payout));
  });

  it('refuses bad bets and malformed bodies with a typed error and nothing moved', async () => {
    const playerId = await fundedPlayer(h, 100_00n);
    const client = await playerSession(h, playerId, 'dice-duel');
    const key = await playerKeyOf(h, client.session);
    const cases: Array<[unknown, string]> = [
      [{ bet: { ...DICE_SAFE, stake: '9' } }, 'stake'],
      [{ bet: { ...DICE_SAFE, stake: '10001' } }, 'stake'],
      [{ bet: { ...DICE_SAFE, stake: '-100' } }, 'stake'],
      [{ bet: { ...DICE_SAFE, stake: '1.5' } }, 'stake'],
      [{ bet: { ...DICE_SAFE, target: 9999 } }, 'target'],
      [{ bet: { ...DICE_SAFE, extra: 1 } }, 'extra'],
      [{}, 'bet'],
      [[], 'bet'],
      ['{"bet":', 'bet'],
    ];
    for (const [body, field] of cases) {
      const answer = await client.post('/rounds', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'bad_bet', field });
    }
    const seeds = await client.post('/seeds', '{"clientSeed"');
    expect(seeds.status).toBe(400);
    expect(seeds.body.error).toMatchObject({ code: 'seed_invalid' });
    for (const clientSeed of ['', 'a'.repeat(65), 'has space', 'é', 42]) {
      const answer = await client.post('/seeds', { clientSeed });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'seed_invalid', field: 'clientSeed' });
    }
    expect(await mainBalance(playerId)).toBe(100_00n);
    expect(await roundsOf(key)).toEqual([]);
    expect((await client.get('/session')).body.fairness).toMatchObject({ nonce: 0 });
  });
});

describe('provably fair', () => {
  it('rotation reveals the committed seed and the verifier reproduces every recorded round', async () => {
    const playerId = await fundedPlayer(h, 200_00n);
    const slot = await playerSession(h, playerId, 'gem-cascade');
    const before = (await slot.get('/session')).body.fairness as {
      serverSeedHash: string;
      clientSeed: string;
    };
    const played: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 3; i += 1) played.push((await slot.post('/rounds', { bet: { stake: '100' } })).body);
    const dice = await playerSession(h, playerId, 'lucky-dice');
    played.push(
      (await dice.post('/rounds', { bet: { stake: '100', target: 5000, direction: 'under' } })).body,
    );
    const plinko = await playerSession(h, playerId, 'polar-plinko');
    played.push((await plinko.post('/rounds', { bet: { stake: '100', rows: 16, risk: 'high' } })).body);
    const blackjack = await playerSession(h, playerId, 'blackjack-classic');
    played.push(
      await finishBlackjack(blackjack, (await blackjack.post('/rounds', { bet: { stake: '100' } })).body),
    );
    expect(played.map((round) => round.nonce)).toEqual([0, 1, 2, 3, 4, 5]);

    // Before rotation, details show no server seed.
    const early = await slot.get(`/rounds/${played[0]!.id}`);
    expect((early.body.fairness as { serverSeed: unknown }).serverSeed).toBeNull();

    const rotation = await slot.post('/seeds', { clientSeed: 'lucky_seed-42' });
    expect(rotation.status).toBe(200);
    const revealed = rotation.body.revealed as {
      serverSeed: string;
      serverSeedHash: string;
      clientSeed: string;
      rounds: number;
    };
    expect(revealed.serverSeedHash).toBe(before.serverSeedHash);
    expect(createHash('sha256').update(revealed.serverSeed).digest('hex')).toBe(before.serverSeedHash);
    expect(revealed.clientSeed).toBe(before.clientSeed);
    expect(revealed.rounds).toBe(6);
    const next = rotation.body.next as { serverSeedHash: string; clientSeed: string; nonce: number };
    expect(next).toMatchObject({ clientSeed: 'lucky_seed-42', nonce: 0 });
    expect(next.serverSeedHash).not.toBe(before.serverSeedHash);
    expect((await dice.get('/session')).body.fairness).toEqual(next);

    const clients = [slot, slot, slot, dice, plinko, blackjack];
    for (const [i, round] of played.entries()) {
      const detail = await clients[i]!.get(`/rounds/${round.id}`);
      expect(detail.status).toBe(200);
      const fairness = detail.body.fairness as {
        serverSeed: string;
        serverSeedHash: string;
        clientSeed: string;
        nonce: number;
        bet: unknown;
        actions: unknown[];
      };
      expect(fairness.serverSeed).toBe(revealed.serverSeed);
      const replay = replayRound(
        {
          game: detail.body.game as 'slot',
          serverSeed: fairness.serverSeed,
          serverSeedHash: fairness.serverSeedHash,
          clientSeed: fairness.clientSeed,
          nonce: fairness.nonce,
          bet: fairness.bet,
          actions: fairness.actions,
        },
        nodeHmacSha256,
      );
      expect(replay.hashMatches).toBe(true);
      expect(replay.done).toBe(true);
      expect(replay.stake).toBe(minor(detail.body.stake));
      expect(replay.payout).toBe(minor(detail.body.payout));
      expect(replay.view).toEqual(detail.body.view);
      expect(replay.view).toEqual(round.view);
    }
    // The next round uses the new pair from nonce 0.
    const fresh = await slot.post('/rounds', { bet: { stake: '100' } });
    expect(fresh.body.nonce).toBe(0);
  });
});

describe('privacy', () => {
  it("never shows one player's round to another", async () => {
    const alice = await playerSession(h, await fundedPlayer(h, 10_00n), 'neon-reels');
    const bob = await playerSession(h, await fundedPlayer(h, 10_00n), 'neon-reels');
    const round = (await alice.post('/rounds', { bet: { stake: '100' } })).body;
    expect((await alice.get(`/rounds/${round.id}`)).status).toBe(200);
    const foreign = await bob.get(`/rounds/${round.id}`);
    const unknown = await bob.get(`/rounds/${'0'.repeat(32)}`);
    const tampered = await bob.get(`/rounds/${round.id}'--`);
    for (const answer of [foreign, unknown, tampered]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: { code: 'round_not_found', message: 'No such round' } });
    }
    const action = await bob.post(`/rounds/${round.id}/actions`, { action: { type: 'hit' } });
    expect(action.status).toBe(404);
    expect((await bob.get('/rounds')).body.rounds).toEqual([]);
    const guest = await guestSession(h, 'neon-reels');
    expect((await guest.get(`/rounds/${round.id}`)).status).toBe(404);
  });
});

/**
 * A DICE_SAFE round that pays. A roll in fifty loses, and a lost round closes with its bet, with
 * no win to deliver (ADR 066): those are spun past. Returns the paying spin and the stakes lost.
 */
async function paidDiceSpin(client: Awaited<ReturnType<typeof playerSession>>) {
  let lostMinor = 0n;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const spin = await client.post('/rounds', { bet: DICE_SAFE });
    expect(spin.status).toBe(200);
    if (minor(spin.body.payout) > 0n) return { spin, lostMinor };
    expect(spin.body.status).toBe('settled');
    lostMinor += minor(spin.body.stake);
  }
  throw new Error('twenty 98 % dice rolls lost in a row');
}

describe('wallet failures', () => {
  it('retries an undelivered win until the platform takes it, after the launch token expired', async () => {
    const playerId = await fundedPlayer(h, 20_00n);
    const client = await playerSession(h, playerId, 'dice-duel');
    h.proxy.fault = (action) => (action === 'win' ? 'drop-request' : 'pass');
    const { spin, lostMinor } = await paidDiceSpin(client);
    const start = 20_00n - lostMinor;
    expect(spin.body).toMatchObject({ status: 'settling', done: true, stake: '1.00' });
    const payout = minor(spin.body.payout);
    // The stake left; the win has not arrived.
    expect(await mainBalance(playerId)).toBe(start - 100n);
    expect(minor(spin.body.balance)).toBe(start - 100n);
    expect((await callsOf(String(spin.body.id)))[1]).toMatchObject({ kind: 'win', status: 'pending' });
    // A second round may start meanwhile; the pending win does not block it.
    h.proxy.fault = () => 'pass';
    // Five hours later the launch token (4 h) has expired; the platform still takes the win.
    h.advance(5 * 3_600_000);
    await settled(String(spin.body.id));
    expect(await mainBalance(playerId)).toBe(start - 100n + payout);
    expect((await callsOf(String(spin.body.id)))[1]).toMatchObject({ kind: 'win', status: 'done' });
    // The win was delivered once: more passes move nothing.
    await h.app.rgs!.deliverDue();
    expect(await mainBalance(playerId)).toBe(start - 100n + payout);
    // The expired token plays no more.
    const late = await client.post('/rounds', { bet: DICE_SAFE });
    expect(late.status).toBe(401);
    expect((late.body.error as { code: string }).code).toBe('session_invalid');
  });

  it('a win answer lost on the way is resent with the same id and paid once', async () => {
    const playerId = await fundedPlayer(h, 20_00n);
    const client = await playerSession(h, playerId, 'dice-duel');
    h.proxy.fault = (action) => (action === 'win' ? 'drop-answer' : 'pass');
    const { spin, lostMinor } = await paidDiceSpin(client);
    const start = 20_00n - lostMinor;
    expect(spin.body.status).toBe('settling');
    const payout = minor(spin.body.payout);
    // The platform did pay it.
    expect(await mainBalance(playerId)).toBe(start - 100n + payout);
    h.proxy.fault = () => 'pass';
    h.advance(60_000);
    await settled(String(spin.body.id));
    expect(await mainBalance(playerId)).toBe(start - 100n + payout);
  });

  it('rolls back a bet that got no answer and tells the player the wallet is unavailable', async () => {
    const playerId = await fundedPlayer(h, 20_00n);
    const client = await playerSession(h, playerId, 'neon-reels');
    const key = await playerKeyOf(h, client.session);
    // The platform takes the bet but its answer is lost.
    h.proxy.fault = (action) => (action === 'bet' ? 'drop-answer' : 'pass');
    const lost = await client.post('/rounds', { bet: { stake: '500' } });
    expect(lost.status).toBe(503);
    expect((lost.body.error as { code: string }).code).toBe('wallet_unavailable');
    expect(await mainBalance(playerId)).toBe(20_00n - 500n);
    h.proxy.fault = () => 'pass';
    const [round] = await roundsOf(key);
    await eventually(async () => (await callsOf(round!.id))[1]?.status === 'done');
    expect(await mainBalance(playerId)).toBe(20_00n);
    expect(round).toMatchObject({ status: 'cancelled', stake_minor: 0n });
    expect(await callsOf(round!.id)).toMatchObject([
      { kind: 'bet', status: 'failed' },
      { kind: 'rollback', tx_id: `rgs-${round!.id}-rb-0`, status: 'done', amount_minor: 500n },
    ]);

    // A bet that never reached the platform: the rollback leaves a tombstone, nothing moves.
    h.proxy.fault = (action) => (action === 'bet' ? 'error-503' : 'pass');
    const unreached = await client.post('/rounds', { bet: { stake: '500' } });
    expect(unreached.status).toBe(503);
    h.proxy.fault = () => 'pass';
    const rounds = await roundsOf(key);
    expect(rounds).toHaveLength(2);
    await eventually(async () => (await callsOf(rounds[1]!.id))[1]?.status === 'done');
    expect(await mainBalance(playerId)).toBe(20_00n);
    expect(await callsOf(rounds[1]!.id)).toMatchObject([
      { kind: 'bet', status: 'failed' },
      { kind: 'rollback', status: 'done' },
    ]);
    // Play goes on.
    const ok = await client.post('/rounds', { bet: { stake: '100' } });
    expect(ok.status).toBe(200);
  });
});

describe('recovery', () => {
  it('rolls back a bet whose request died before recording the answer, and cancels its round', async () => {
    const playerId = await fundedPlayer(h, 20_00n);
    const client = await playerSession(h, playerId, 'neon-reels');
    const key = await playerKeyOf(h, client.session);
    // The state a crash leaves: a reserved round and its bet call still pending, while the
    // platform did take the bet (sent here directly, signed like the RGS does).
    const pair = await h.database.db.execute<{ id: bigint }>(
      sql`SELECT id FROM rgs_seed_pairs WHERE player_key = ${key} AND status = 'active'`,
    );
    const session = await h.database.db.execute<{ id: bigint; wallet_token: string }>(
      sql`SELECT id, wallet_token FROM rgs_sessions WHERE player_key = ${key}`,
    );
    const roundId = 'ab'.repeat(16);
    const txId = `rgs-${roundId}-bet-0`;
    const past = new Date(h.now().getTime() - 120_000);
    await h.database.db.execute(sql`
      INSERT INTO rgs_rounds (id, session_id, player_key, game_code, engine, seed_pair_id, nonce, bet, state,
                              currency, status, created_at)
      VALUES (${roundId}, ${session.rows[0]!.id}, ${key}, 'neon-reels', 'slot', ${pair.rows[0]!.id}, 999,
              '{"stake":"300"}', '{}', 'EUR', 'open', ${past})`);
    await h.database.db.execute(sql`
      INSERT INTO rgs_wallet_calls (round_id, kind, tx_id, amount_minor, next_attempt_at, created_at)
      VALUES (${roundId}, 'bet', ${txId}, 300, ${new Date(h.now().getTime() + 60_000)}, ${past})`);
    const credentials = rgsCredentials(h.config);
    const wallet = createWalletClient({
      ...credentials,
      walletUrl: `${h.base}/gw/v1`,
      nowSeconds: () => Math.floor(h.now().getTime() / 1000),
    });
    const taken = await wallet.bet({
      token: session.rows[0]!.wallet_token,
      transactionId: txId,
      roundId,
      game: 'neon-reels',
      amount: '3.00',
      currency: 'EUR',
    });
    expect(taken).toMatchObject({ kind: 'ok' });
    expect(await mainBalance(playerId)).toBe(20_00n - 300n);
    // The lease of the dead request lapses.
    await h.database.db.execute(
      sql`UPDATE rgs_wallet_calls SET next_attempt_at = ${past} WHERE tx_id = ${txId}`,
    );

    await eventually(async () => (await callsOf(roundId))[1]?.status === 'done');
    expect(await callsOf(roundId)).toMatchObject([
      { kind: 'bet', status: 'failed' },
      { kind: 'rollback', tx_id: `rgs-${roundId}-rb-0`, status: 'done', amount_minor: 300n },
    ]);
    expect(await mainBalance(playerId)).toBe(20_00n);
    expect((await roundsOf(key)).find((round) => round.id === roundId)).toMatchObject({
      status: 'cancelled',
    });
    // The player is not stuck behind it.
    expect((await client.post('/rounds', { bet: { stake: '100' } })).status).toBe(200);
  });
});

describe('rate limit', () => {
  it('refuses more than 20 rounds per second per session', async () => {
    const guest = await guestSession(h, 'dice-duel');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        guest.post('/rounds', { bet: { stake: '10', target: 5000, direction: 'over' } }),
      ),
    );
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expect(limited[0]!.body.error).toMatchObject({ code: 'too_many_requests' });
    // The others played or waited their turn (one round at a time per player is not a limit here:
    // dice rounds finish at once).
    for (const answer of answers) expect([200, 409, 429]).toContain(answer.status);
  });
});

describe('guest launches', () => {
  // Last in the file: it uses up this IP's guest launches for the minute.
  it('are limited per IP (each one is a session and a seed pair)', async () => {
    const locations: string[] = [];
    for (let i = 0; i < 40; i += 1) locations.push(await launch(h, { game: 'dice-duel', mode: 'demo' }));
    expect(locations.filter((location) => location === '/slot-error?embedded=1').length).toBeGreaterThan(0);
    expect(
      locations.filter((location) => location.startsWith('/rgs/play/dice-duel?')).length,
    ).toBeGreaterThan(0);
  });
});
