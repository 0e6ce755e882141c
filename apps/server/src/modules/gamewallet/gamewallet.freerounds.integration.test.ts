/**
 * Free rounds through the wallet API (ADR 024, docs/game-wallet-protocol.md): a bet with
 * `free_round` consumes one spin of the player's free-spin pack and debits nothing; its win goes to
 * the bonus balance and raises the bonus's wagering; the pack's end moves the bonus on; replays,
 * rollbacks and races never consume a spin twice or give one back twice; the ledger stays whole.
 */

import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BetRefused, createGameWalletService } from './gamewallet.service.ts';
import { createWalletHarness, sign, type WalletHarness } from './gamewallet-test-client.ts';

let h: WalletHarness;
let ids = 0;
const id = (prefix: string) => {
  ids += 1;
  return `${prefix}-fr${ids}`;
};
const DAY = 86_400_000;
/** Free-spin templates of the test game, by spin count. */
const templates = new Map<number, bigint>();

beforeAll(async () => {
  h = await createWalletHarness();
  for (const count of [1, 3, 5]) {
    const created = await h.app.services.bonuses.createTemplate({
      key: `test-free-rounds-${count}`,
      kind: 'free_spins',
      name: { en: `${count} free spins`, fr: `${count} tours gratuits` },
      description: { en: 'Test free spins.', fr: 'Tours gratuits de test.' },
      percent: null,
      amounts: {
        EUR: {
          capMinor: null,
          minDepositMinor: null,
          fixedMinor: null,
          maxWinMinor: null,
          // Below the spin's stake: a free round is not a bet of the player's, no max bet applies.
          maxBetMinor: 10n,
          spinBetMinor: 20n,
        },
      },
      wageringMultiplier: 10,
      contributions: { slot: 100, fast: 100, casino: 10, live: 10 },
      gameContributions: {},
      allowedGameTypes: [],
      allowedGames: [],
      activationDays: 7,
      wageringDays: 2,
      freespinGame: h.gameCode,
      freespinCount: count,
    });
    templates.set(count, created.id);
  }
});
afterAll(async () => {
  await h?.close();
});

/** A real-money player holding 10.00 EUR with an activated free-spin bonus of `count` spins. */
async function playerWithPack(count: number) {
  const p = await h.player({ deposit: 10n });
  const bonuses = h.app.services.bonuses;
  const granted = await bonuses.grant(p.id, templates.get(count)!, {
    currency: 'EUR',
    reason: 'test',
    idempotencyKey: `test-fr:${p.id}:${count}`,
  });
  const bonus = await bonuses.activate(p.id, granted.id);
  expect(bonus.status).toBe('active');
  return { ...p, bonusId: bonus.id, packId: bonus.freespinPackId as bigint };
}

function freeBet(
  token: string,
  packId: bigint,
  roundId = id('round'),
  transactionId = id('bet'),
  amount = '0.20',
) {
  return {
    token,
    transaction_id: transactionId,
    round_id: roundId,
    game: h.gameCode,
    amount,
    currency: 'EUR',
    free_round: { pack_id: packId.toString() },
  };
}

function win(token: string, roundId: string, amount: string) {
  return { token, transaction_id: id('win'), round_id: roundId, game: h.gameCode, amount, currency: 'EUR' };
}

async function remaining(packId: bigint) {
  const rows = await h.database.db.execute<{ remaining_count: number; status: string }>(
    sql`SELECT remaining_count, status FROM freespin_packs WHERE id = ${packId}`,
  );
  return rows.rows[0];
}

const bonusBalance = (playerId: bigint) => h.app.services.wallet.balanceMinor(playerId, 'EUR', 'bonus');

describe('free rounds', () => {
  it('plays a pack end to end: 0 debited, wins to bonus, wagering grows, the bonus moves on', async () => {
    const p = await playerWithPack(3);
    const listed = await h.call('freerounds', { token: p.token });
    expect(listed.body).toEqual({
      status: 'ok',
      balance: '10.00',
      currency: 'EUR',
      free_round_packs: '1',
      free_round_pack_id: p.packId.toString(),
      free_rounds_remaining: '3',
      free_rounds_total: '3',
      free_round_bet: '0.20',
      free_round_expires_at: expect.any(String),
    });

    const r1 = id('round');
    const bet1 = await h.call('bet', freeBet(p.token, p.packId, r1));
    expect(bet1.body).toMatchObject({
      status: 'ok',
      balance: '10.00',
      free_round_pack_id: p.packId.toString(),
      free_rounds_remaining: '2',
    });
    expect(await h.mainMinor(p.id)).toBe(1000n);
    expect((await h.call('win', win(p.token, r1, '1.00'))).body).toMatchObject({
      status: 'ok',
      balance: '11.00',
    });
    expect(await h.mainMinor(p.id)).toBe(1000n);
    expect(await bonusBalance(p.id)).toBe(100n);
    let bonus = await h.app.services.bonuses.find(p.bonusId);
    expect(bonus).toMatchObject({ status: 'active', amountMinor: 100n, wageringRequiredMinor: 1000n });

    const r2 = id('round');
    await h.call('bet', freeBet(p.token, p.packId, r2));
    await h.call('win', win(p.token, r2, '0'));
    const r3 = id('round');
    expect((await h.call('bet', freeBet(p.token, p.packId, r3))).body).toMatchObject({
      free_rounds_remaining: '0',
    });
    expect(await remaining(p.packId)).toEqual({ remaining_count: 0, status: 'used' });
    // The pack's last spin is consumed but its round is open: the bonus waits for the win.
    expect((await h.app.services.bonuses.find(p.bonusId))?.status).toBe('active');
    await h.call('win', win(p.token, r3, '0.50'));
    bonus = await h.app.services.bonuses.find(p.bonusId);
    expect(bonus).toMatchObject({ status: 'wagering', amountMinor: 150n, wageringRequiredMinor: 1500n });
    expect(await bonusBalance(p.id)).toBe(150n);
    expect(await h.mainMinor(p.id)).toBe(1000n);

    expect((await h.call('bet', freeBet(p.token, p.packId))).body).toEqual({
      status: 'error',
      code: 'free_rounds_exhausted',
    });
    expect((await h.call('freerounds', { token: p.token })).body).toMatchObject({ free_round_packs: '0' });

    // The stream records each free round with no stake (no wagering, no cashback), the wins as bonus payouts.
    const events = await h.database.db.execute<{
      kind: string;
      stake_real_minor: bigint;
      stake_bonus_minor: bigint;
      payout_real_minor: bigint;
      payout_bonus_minor: bigint;
    }>(sql`SELECT kind, stake_real_minor, stake_bonus_minor, payout_real_minor, payout_bonus_minor
           FROM wager_events WHERE player_id = ${p.id} ORDER BY id`);
    expect(events.rows.map((e) => e.kind)).toEqual(['bet', 'win', 'bet', 'bet', 'win']);
    for (const e of events.rows.filter((row) => row.kind === 'bet')) {
      expect([e.stake_real_minor, e.stake_bonus_minor]).toEqual([0n, 0n]);
    }
    expect(
      events.rows.filter((e) => e.kind === 'win').map((e) => [e.payout_real_minor, e.payout_bonus_minor]),
    ).toEqual([
      [0n, 100n],
      [0n, 50n],
    ]);
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });

  it('a pack that won nothing completes its bonus', async () => {
    const p = await playerWithPack(1);
    const round = id('round');
    await h.call('bet', freeBet(p.token, p.packId, round));
    await h.call('win', win(p.token, round, '0'));
    expect(await h.app.services.bonuses.find(p.bonusId)).toMatchObject({
      status: 'completed',
      amountMinor: 0n,
    });
    expect(await bonusBalance(p.id)).toBe(0n);
    const audit = await h.app.services.bonuses.audit(p.bonusId);
    expect(audit.map((a) => a.toStatus)).toEqual(['available', 'active', 'completed']);
  });

  it('20 concurrent free-round bets on a 5-spin pack consume exactly 5', async () => {
    const p = await playerWithPack(5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => h.call('bet', freeBet(p.token, p.packId))),
    );
    const codes = answers.map((a) => (a.body.status === 'ok' ? 'ok' : a.body.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(5);
    expect(codes.filter((c) => c === 'free_rounds_exhausted')).toHaveLength(15);
    expect(await remaining(p.packId)).toEqual({ remaining_count: 0, status: 'used' });
    const bets = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM free_round_bets WHERE pack_id = ${p.packId}`,
    );
    expect(bets.rows[0]?.n).toBe(5);
    expect(await h.mainMinor(p.id)).toBe(1000n);
  });

  it('a replayed bet answers the same and consumes once; another pack under its id is a conflict', async () => {
    const p = await playerWithPack(3);
    const body = freeBet(p.token, p.packId);
    const first = await h.call('bet', body);
    const again = await h.call('bet', body);
    expect(again.body).toEqual(first.body);
    expect(first.body.free_rounds_remaining).toBe('2');
    expect(await remaining(p.packId)).toMatchObject({ remaining_count: 2 });
    const other = await playerWithPack(1);
    expect((await h.call('bet', { ...body, free_round: { pack_id: other.packId.toString() } })).body).toEqual(
      {
        status: 'error',
        code: 'idempotency_conflict',
      },
    );
    // The same id as a paid bet is another call too.
    const { free_round: _free, ...paid } = body;
    expect((await h.call('bet', paid)).body).toMatchObject({ code: 'idempotency_conflict' });
    expect(await remaining(p.packId)).toMatchObject({ remaining_count: 2 });
  });

  it('a rollback gives the spin back, once', async () => {
    const p = await playerWithPack(1);
    const round = id('round');
    const bet = freeBet(p.token, p.packId, round);
    expect((await h.call('bet', bet)).body).toMatchObject({ status: 'ok', free_rounds_remaining: '0' });
    const rollback = (transactionId: string) =>
      h.call('rollback', {
        token: p.token,
        transaction_id: transactionId,
        reference_transaction_id: bet.transaction_id,
        round_id: round,
        game: h.gameCode,
      });
    expect((await rollback(id('rb'))).body).toMatchObject({ status: 'ok', balance: '10.00' });
    expect(await remaining(p.packId)).toEqual({ remaining_count: 1, status: 'active' });
    expect((await rollback(id('rb'))).body).toMatchObject({ status: 'ok' });
    expect(await remaining(p.packId)).toEqual({ remaining_count: 1, status: 'active' });
    // The round is over; the spin is played again in a new one.
    expect((await h.call('win', win(p.token, round, '1.00'))).body).toMatchObject({ status: 'error' });
    const again = id('round');
    expect((await h.call('bet', freeBet(p.token, p.packId, again))).body).toMatchObject({ status: 'ok' });
    await h.call('win', win(p.token, again, '0.40'));
    expect(await h.app.services.bonuses.find(p.bonusId)).toMatchObject({
      status: 'wagering',
      wageringRequiredMinor: 400n,
    });
    expect(await bonusBalance(p.id)).toBe(40n);
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });

  it('refuses what is not the player’s to play, and moves nothing', async () => {
    const p = await playerWithPack(3);
    const stranger = await h.player({ deposit: 1n });
    expect((await h.call('bet', freeBet(stranger.token, p.packId))).body).toEqual({
      status: 'error',
      code: 'free_round_not_found',
    });
    expect((await h.call('bet', freeBet(p.token, 999_999_999n))).body).toMatchObject({
      code: 'free_round_not_found',
    });
    expect((await h.call('bet', freeBet(p.token, p.packId, id('round'), id('bet'), '0.50'))).body).toEqual({
      status: 'error',
      code: 'invalid_request',
      field: 'amount',
    });
    // A free round keeps its win, which moves its pack on: its bet cannot close it (ADR 066).
    expect((await h.call('bet', { ...freeBet(p.token, p.packId), round_closed: true })).body).toEqual({
      status: 'error',
      code: 'invalid_request',
      field: 'round_closed',
    });
    // A pack of another game.
    const other = await h.database.db.execute<{ id: bigint }>(sql`
      INSERT INTO freespin_packs (player_id, game_id, total_count, remaining_count, currency, bet_minor)
      SELECT ${p.id}, g.id, 2, 2, 'EUR', 20 FROM games g WHERE g.id <> ${h.gameId} ORDER BY g.id LIMIT 1
      RETURNING id`);
    const otherPack = other.rows[0]?.id;
    expect(otherPack).toBeDefined();
    expect((await h.call('bet', freeBet(p.token, BigInt(otherPack ?? 0)))).body).toMatchObject({
      code: 'free_round_wrong_game',
    });
    // A paid bet cannot join a free round.
    const round = id('round');
    await h.call('bet', freeBet(p.token, p.packId, round));
    const paid = {
      token: p.token,
      transaction_id: id('bet'),
      round_id: round,
      game: h.gameCode,
      amount: '1.00',
      currency: 'EUR',
    };
    expect((await h.call('bet', paid)).body).toEqual({
      status: 'error',
      code: 'invalid_request',
      field: 'round_id',
    });
    expect(await remaining(p.packId)).toMatchObject({ remaining_count: 2 });
    expect(await h.mainMinor(p.id)).toBe(1000n);
    const demo = await h.app.services.gameWallet.openSession({
      playerId: p.id,
      gameId: h.gameId,
      provider: h.providerId,
      mode: 'demo',
      currency: 'EUR',
    });
    expect((await h.call('bet', freeBet(demo.token, p.packId))).body).toMatchObject({
      code: 'free_round_not_found',
    });
  });

  it('refuses an expired pack; the bonus expiry closes it', async () => {
    const p = await playerWithPack(3);
    h.advance(3 * DAY);
    const session = await h.app.services.gameWallet.openSession({
      playerId: p.id,
      gameId: h.gameId,
      provider: h.providerId,
      mode: 'real',
      currency: 'EUR',
    });
    expect((await h.call('bet', freeBet(session.token, p.packId))).body).toEqual({
      status: 'error',
      code: 'free_round_expired',
    });
    expect((await h.call('freerounds', { token: session.token })).body).toMatchObject({
      free_round_packs: '0',
    });
    await h.app.services.bonuses.runExpiryNow(10_000);
    expect((await h.app.services.bonuses.find(p.bonusId))?.status).toBe('expired');
    expect(await remaining(p.packId)).toEqual({ remaining_count: 3, status: 'expired' });
  });

  it('a bet limit never refuses a free round', async () => {
    const p = await playerWithPack(1);
    const services = h.app.services;
    const gameWallet = createGameWalletService(
      { db: h.database.db, log: h.app.log, now: () => new Date(h.nowMs()), config: h.config },
      {
        wallet: services.wallet,
        metadata: services.metadata,
        checkBet: async () => {
          throw new BetRefused();
        },
      },
    );
    const raw = JSON.stringify(freeBet(p.token, p.packId));
    const answer = await gameWallet.handleCall({
      provider: h.providerId,
      action: 'bet',
      rawBody: Buffer.from(raw),
      signature: sign(h.secret, Math.floor(h.nowMs() / 1000), raw),
    });
    expect(answer.body).toMatchObject({ status: 'ok', free_rounds_remaining: '0' });
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });
});
