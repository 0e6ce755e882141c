/**
 * The game wallet and the wager stream (ADR 019): one event per real-money call in the call's
 * transaction, none for a replay or for demo play; the real-then-bonus split of bets, the wins
 * credited in the round's bonus proportion, rollbacks reversing exactly what the bet moved; the
 * `checkBet` hook refusing a bet before anything moves.
 */

import { checkInvariants } from '@croupier/ledger/invariants';
import { createLedger } from '@croupier/ledger/ledger';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BetRefused, createGameWalletService } from './gamewallet.service.ts';
import { createWalletHarness, sign, type WalletHarness } from './gamewallet-test-client.ts';

let h: WalletHarness;
let ids = 0;
const id = (prefix: string) => {
  ids += 1;
  return `${prefix}-w${ids}`;
};

beforeAll(async () => {
  h = await createWalletHarness();
});
afterAll(async () => {
  await h?.close();
});

type EventRow = {
  id: bigint;
  kind: string;
  player_id: bigint;
  game_id: bigint | null;
  round_ref: string;
  currency: string;
  product: string;
  stake_real_minor: bigint;
  stake_bonus_minor: bigint;
  payout_real_minor: bigint;
  payout_bonus_minor: bigint;
};

async function events(playerId: bigint): Promise<EventRow[]> {
  const rows = await h.database.db.execute<EventRow>(sql`
    SELECT id, kind, player_id, game_id, round_ref, currency, product, stake_real_minor, stake_bonus_minor,
           payout_real_minor, payout_bonus_minor
    FROM wager_events WHERE player_id = ${playerId} ORDER BY id`);
  return rows.rows;
}

/** A real-money player with `mainMinor` on main and `bonusMinor` on bonus (EUR minor units). */
async function playerWith(mainMinor: bigint, bonusMinor: bigint) {
  const player = await h.player();
  const ledger = createLedger(h.database.db);
  const fund = async (kind: 'main' | 'bonus', amountMinor: bigint) => {
    if (amountMinor <= 0n) return;
    await ledger.transfer({
      idempotencyKey: `test:fund:${player.id}:${kind}`,
      kind: 'test_fund',
      postings: [
        { account: { type: 'world', name: 'test_bank', currency: 'EUR' }, amountMinor: -amountMinor },
        { account: { type: 'player', playerId: player.id, currency: 'EUR', kind }, amountMinor },
      ],
    });
  };
  await fund('main', mainMinor);
  await fund('bonus', bonusMinor);
  return player;
}

async function balances(playerId: bigint) {
  const wallet = h.app.services.wallet;
  return {
    main: await wallet.balanceMinor(playerId, 'EUR', 'main'),
    bonus: await wallet.balanceMinor(playerId, 'EUR', 'bonus'),
  };
}

function betBody(token: string, amount: string, roundId: string, transactionId = id('bet')) {
  return {
    token,
    transaction_id: transactionId,
    round_id: roundId,
    game: h.gameCode,
    amount,
    currency: 'EUR',
  };
}

describe('wager events of the wallet calls', () => {
  it('a bet spends main first then bonus; the win goes to bonus in the round’s bonus proportion', async () => {
    const p = await playerWith(500n, 1000n);
    const roundId = id('round');
    const bet = await h.call('bet', betBody(p.token, '8.00', roundId));
    expect(bet.body).toMatchObject({ status: 'ok', balance: '7.00' });
    expect(await balances(p.id)).toEqual({ main: 0n, bonus: 700n });

    const win = await h.call('win', {
      token: p.token,
      transaction_id: id('win'),
      round_id: roundId,
      game: h.gameCode,
      amount: '16.01',
      currency: 'EUR',
    });
    expect(win.body).toMatchObject({ status: 'ok', balance: '23.01' });
    // 1601 × 3/8 = 600.375 → 600 to bonus (rounded down), the remainder 1001 to real.
    expect(await balances(p.id)).toEqual({ main: 1001n, bonus: 1300n });

    const stream = await events(p.id);
    expect(stream.map((e) => e.kind)).toEqual(['bet', 'win']);
    expect(stream[0]).toMatchObject({
      product: 'casino',
      currency: 'EUR',
      game_id: h.gameId,
      round_ref: roundId,
      stake_real_minor: 500n,
      stake_bonus_minor: 300n,
      payout_real_minor: 0n,
      payout_bonus_minor: 0n,
    });
    expect(stream[1]).toMatchObject({
      stake_real_minor: 0n,
      stake_bonus_minor: 0n,
      payout_real_minor: 1001n,
      payout_bonus_minor: 600n,
    });
    const rounds = await h.database.db.execute<{ bet_minor: bigint; bet_bonus_minor: bigint }>(
      sql`SELECT bet_minor, bet_bonus_minor FROM game_rounds WHERE provider_round_id = ${roundId}`,
    );
    expect(rounds.rows[0]).toEqual({ bet_minor: 800n, bet_bonus_minor: 300n });
  });

  it('a replayed call writes no second event; a refused bet writes none', async () => {
    const p = await playerWith(500n, 0n);
    const roundId = id('round');
    const body = betBody(p.token, '1.00', roundId);
    expect((await h.call('bet', body)).body.status).toBe('ok');
    expect((await h.call('bet', body)).body.status).toBe('ok');
    const short = await h.call('bet', betBody(p.token, '5.00', roundId));
    expect(short.body).toMatchObject({ status: 'error', code: 'insufficient_funds', balance: '4.00' });
    const zeroWin = {
      token: p.token,
      transaction_id: id('win'),
      round_id: roundId,
      game: h.gameCode,
      amount: '0',
      currency: 'EUR',
    };
    expect((await h.call('win', zeroWin)).body.status).toBe('ok');
    // A lost round's win of 0 moves no money: no event.
    expect((await events(p.id)).map((e) => e.kind)).toEqual(['bet']);
  });

  it('a bet beyond main + bonus is refused and moves nothing', async () => {
    const p = await playerWith(500n, 1000n);
    const reply = await h.call('bet', betBody(p.token, '15.01', id('round')));
    expect(reply.body).toMatchObject({ status: 'error', code: 'insufficient_funds', balance: '15.00' });
    expect(await balances(p.id)).toEqual({ main: 500n, bonus: 1000n });
    expect(await events(p.id)).toEqual([]);
  });

  it('a rollback gives back exactly what the bet took and writes the negated split', async () => {
    const p = await playerWith(500n, 1000n);
    const roundId = id('round');
    const body = betBody(p.token, '8.00', roundId);
    expect((await h.call('bet', body)).body.status).toBe('ok');
    const rb = {
      token: p.token,
      transaction_id: id('rb'),
      reference_transaction_id: body.transaction_id,
      round_id: roundId,
      game: h.gameCode,
    };
    expect((await h.call('rollback', rb)).body).toMatchObject({ status: 'ok', balance: '15.00' });
    expect(await balances(p.id)).toEqual({ main: 500n, bonus: 1000n });
    // A second rollback of the same bet (another id) refunds nothing and writes nothing.
    expect((await h.call('rollback', { ...rb, transaction_id: id('rb') })).body.status).toBe('ok');
    expect(await balances(p.id)).toEqual({ main: 500n, bonus: 1000n });
    const stream = await events(p.id);
    expect(stream.map((e) => e.kind)).toEqual(['bet', 'rollback']);
    expect(stream[1]).toMatchObject({
      stake_real_minor: -500n,
      stake_bonus_minor: -300n,
      payout_real_minor: 0n,
    });
    const rounds = await h.database.db.execute<{
      bet_minor: bigint;
      bet_bonus_minor: bigint;
      status: string;
    }>(sql`SELECT bet_minor, bet_bonus_minor, status FROM game_rounds WHERE provider_round_id = ${roundId}`);
    expect(rounds.rows[0]).toEqual({ bet_minor: 0n, bet_bonus_minor: 0n, status: 'rolled_back' });
  });

  it('parallel bets of one player in two games never overspend: real first, then bonus, each unit once', async () => {
    const p = await playerWith(500n, 1000n);
    const second = await h.app.services.gameWallet.openSession({
      playerId: p.id,
      gameId: h.gameId,
      provider: h.providerId,
      mode: 'real',
      currency: 'EUR',
    });
    const tokens = [p.token, second.token];
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.call('bet', betBody(tokens[i % 2] as string, '1.00', id('round'))),
      ),
    );
    const ok = replies.filter((r) => r.body.status === 'ok').length;
    const short = replies.filter((r) => r.body.code === 'insufficient_funds').length;
    expect({ ok, short }).toEqual({ ok: 15, short: 5 });
    expect(await balances(p.id)).toEqual({ main: 0n, bonus: 0n });
    const stream = await events(p.id);
    expect(stream).toHaveLength(15);
    expect(stream.reduce((sum, e) => sum + e.stake_real_minor, 0n)).toBe(500n);
    expect(stream.reduce((sum, e) => sum + e.stake_bonus_minor, 0n)).toBe(1000n);
    // Each bet spent main until it was empty, then bonus: in commit order, no bonus before main ran out.
    const firstBonus = stream.findIndex((e) => e.stake_bonus_minor > 0n);
    expect(stream.slice(firstBonus).every((e) => e.stake_real_minor === 0n)).toBe(true);
  });

  it('demo play writes no event', async () => {
    const p = await h.player({ mode: 'demo' });
    const roundId = id('round');
    expect((await h.call('bet', betBody(p.token, '1.00', roundId))).body.status).toBe('ok');
    expect(
      (
        await h.call('win', {
          token: p.token,
          transaction_id: id('win'),
          round_id: roundId,
          game: h.gameCode,
          amount: '2.00',
          currency: 'EUR',
        })
      ).body.status,
    ).toBe('ok');
    expect(await events(p.id)).toEqual([]);
  });

  it('the ledger invariants hold', async () => {
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });
});

describe('the checkBet hook', () => {
  it('refuses a bet above the limit with bet_limit_exceeded: nothing moves, no event, nothing stored', async () => {
    const LIMIT = 200n;
    const seen: bigint[] = [];
    const services = h.app.services;
    const gameWallet = createGameWalletService(
      { db: h.database.db, log: h.app.log, now: () => new Date(h.nowMs()), config: h.config },
      {
        wallet: services.wallet,
        metadata: services.metadata,
        checkBet: async (_tx, _playerId, currency, stakeMinor) => {
          expect(currency).toBe('EUR');
          seen.push(stakeMinor);
          if (stakeMinor > LIMIT) throw new BetRefused();
        },
      },
    );
    const call = async (body: Record<string, string>) => {
      const raw = JSON.stringify(body);
      return gameWallet.handleCall({
        provider: h.providerId,
        action: 'bet',
        rawBody: Buffer.from(raw),
        signature: sign(h.secret, Math.floor(h.nowMs() / 1000), raw),
      });
    };
    const p = await playerWith(1000n, 0n);
    const txBefore = await h.count('game_wallet_transactions');
    const refused = await call(betBody(p.token, '2.01', id('round')));
    expect(refused).toEqual({ httpStatus: 200, body: { status: 'error', code: 'bet_limit_exceeded' } });
    expect(await balances(p.id)).toEqual({ main: 1000n, bonus: 0n });
    expect(await events(p.id)).toEqual([]);
    expect(await h.count('game_wallet_transactions')).toBe(txBefore);

    const allowed = await call(betBody(p.token, '2.00', id('round')));
    expect(allowed.body.status).toBe('ok');
    expect(await balances(p.id)).toEqual({ main: 800n, bonus: 0n });
    expect((await events(p.id)).map((e) => e.stake_real_minor)).toEqual([200n]);
    expect(seen).toEqual([201n, 200n]);
  });
});
