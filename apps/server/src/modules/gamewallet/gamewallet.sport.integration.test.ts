/**
 * Sports bets on the wallet API (ADR 031): the in-house sportsbook as a signed provider reserves a
 * stake, settles it (once per bet, a duplicate id replays), resettles by the difference only,
 * cancels an open bet (once); a cancel and a settlement racing pay once; the clawback that the
 * balance cannot cover stays owed on the bet; one `sport` wager event per settled stake; the ledger
 * invariants hold.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { createLedger } from '@croupier/ledger/ledger';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rgsCredentials, SPORTSBOOK_PROVIDER_ID, sportsbookCredentials } from '../../provider-credentials.ts';
import { BONUS_WAGERING_CONSUMER } from '../bonuses/wagering-consumer.ts';
import { createWalletHarness, type WalletHarness } from './gamewallet-test-client.ts';

let h: WalletHarness;
let secret: string;
let gameId: bigint;
let ids = 0;
const id = (prefix: string) => {
  ids += 1;
  return `${prefix}-s${ids}`;
};

beforeAll(async () => {
  h = await createWalletHarness();
  secret = sportsbookCredentials(h.config).secret;
  const db = h.database.db;
  const provider = await db.execute<{ id: number }>(sql`
    INSERT INTO game_providers (sysname, name, wallet_provider, launch_url)
    VALUES ('sb-test-book', 'Sportsbook Test', ${SPORTSBOOK_PROVIDER_ID}, '/bets') RETURNING id`);
  const game = await db.execute<{ id: bigint }>(sql`
    INSERT INTO games (sysname, name, provider_id, provider_game_code, type, description, image_url)
    VALUES ('sb-test-sportsbook', 'Sportsbook', ${provider.rows[0]?.id}, 'sportsbook', 'casino',
            '{"en":"Sportsbook","fr":"Paris sportifs"}'::jsonb, '/sb.png') RETURNING id`);
  gameId = BigInt(game.rows[0]?.id ?? 0);
});
afterAll(async () => {
  await h?.close();
});

const call = (action: string, body: unknown) =>
  h.call(action, body, { provider: SPORTSBOOK_PROVIDER_ID, secret });

/** A player with a sportsbook session and `mainMinor` on main, `bettingBonusMinor` on betting bonus (EUR). */
async function bettor(mainMinor: bigint, bettingBonusMinor = 0n) {
  const { id: playerId } = await h.createPlayer();
  const ledger = createLedger(h.database.db);
  for (const [kind, amountMinor] of [
    ['main', mainMinor],
    ['betting_bonus', bettingBonusMinor],
  ] as const) {
    if (amountMinor <= 0n) continue;
    await ledger.transfer({
      idempotencyKey: `test:sb-fund:${playerId}:${kind}`,
      kind: 'test_fund',
      postings: [
        { account: { type: 'world', name: 'test_bank', currency: 'EUR' }, amountMinor: -amountMinor },
        { account: { type: 'player', playerId, currency: 'EUR', kind }, amountMinor },
      ],
    });
  }
  const session = await h.app.services.gameWallet.openSession({
    playerId,
    gameId,
    provider: SPORTSBOOK_PROVIDER_ID,
    mode: 'real',
    currency: 'EUR',
  });
  return { id: playerId, token: session.token };
}

async function balances(playerId: bigint) {
  const wallet = h.app.services.wallet;
  return {
    main: await wallet.balanceMinor(playerId, 'EUR', 'main'),
    bettingBonus: await wallet.balanceMinor(playerId, 'EUR', 'betting_bonus'),
  };
}

type EventRow = {
  kind: string;
  product: string;
  round_ref: string;
  game_id: bigint | null;
  stake_real_minor: bigint;
  stake_bonus_minor: bigint;
  payout_real_minor: bigint;
  payout_bonus_minor: bigint;
};
async function events(playerId: bigint): Promise<EventRow[]> {
  const rows = await h.database.db.execute<EventRow>(sql`
    SELECT kind, product, round_ref, game_id, stake_real_minor, stake_bonus_minor, payout_real_minor, payout_bonus_minor
    FROM wager_events WHERE player_id = ${playerId} ORDER BY id`);
  return rows.rows;
}

const reserve = (token: string, betId: string, amount: string, extra: Record<string, string> = {}) =>
  call('sport_reserve', { token, transaction_id: id('r'), bet_id: betId, amount, currency: 'EUR', ...extra });
const settleBody = (betId: string, amount: string, transactionId = id('st')) => ({
  transaction_id: transactionId,
  bet_id: betId,
  amount,
  currency: 'EUR',
});

describe('sports bets on the wallet API', () => {
  it('reserve then settle: the stake leaves main, the payout arrives, one sport wager event', async () => {
    const p = await bettor(5000n);
    const betId = id('bet');
    const reserved = await reserve(p.token, betId, '10.00');
    expect(reserved.status).toBe(200);
    expect(reserved.body).toMatchObject({
      status: 'ok',
      balance: '40.00',
      betting_bonus_balance: '0.00',
      bet_id: betId,
    });
    expect(await events(p.id)).toEqual([]); // an open stake counts nothing yet

    const settled = await call('sport_settle', settleBody(betId, '23.75'));
    expect(settled.body).toMatchObject({ status: 'ok', balance: '63.75', currency: 'EUR', bet_id: betId });
    expect(await balances(p.id)).toEqual({ main: 6375n, bettingBonus: 0n });
    expect(await events(p.id)).toEqual([
      {
        kind: 'bet',
        product: 'sport',
        round_ref: betId,
        game_id: null,
        stake_real_minor: 1000n,
        stake_bonus_minor: 0n,
        payout_real_minor: 2375n,
        payout_bonus_minor: 0n,
      },
    ]);
    // A lost bet settles with 0: nothing moves, the stake is counted.
    const lost = id('bet');
    await reserve(p.token, lost, '5.00');
    expect((await call('sport_settle', settleBody(lost, '0'))).body).toMatchObject({
      status: 'ok',
      balance: '58.75',
    });
    expect((await events(p.id)).map((e) => [e.kind, e.stake_real_minor, e.payout_real_minor])).toEqual([
      ['bet', 1000n, 2375n],
      ['bet', 500n, 0n],
    ]);
  });

  it('settle twice = once: a duplicate id replays, another id is bet_settled, the same id with another amount conflicts', async () => {
    const p = await bettor(5000n);
    const betId = id('bet');
    await reserve(p.token, betId, '10.00');
    const body = settleBody(betId, '20.00');
    const first = await call('sport_settle', body);
    const again = await call('sport_settle', body);
    expect(again.body).toEqual(first.body);
    expect((await call('sport_settle', settleBody(betId, '20.00'))).body).toEqual({
      status: 'error',
      code: 'bet_settled',
    });
    expect((await call('sport_settle', { ...body, amount: '25.00' })).body).toEqual({
      status: 'error',
      code: 'idempotency_conflict',
    });
    expect((await call('sport_settle', settleBody(id('unknown'), '1.00'))).body).toEqual({
      status: 'error',
      code: 'bet_not_found',
    });
    expect(await balances(p.id)).toEqual({ main: 6000n, bettingBonus: 0n });
    expect(await events(p.id)).toHaveLength(1);
  });

  it('resettle moves the difference only, and nothing for the same result again', async () => {
    const p = await bettor(5000n);
    const betId = id('bet');
    await reserve(p.token, betId, '10.00');
    expect((await call('sport_resettle', settleBody(betId, '5.00'))).body).toEqual({
      status: 'error',
      code: 'bet_not_settled',
    });
    await call('sport_settle', settleBody(betId, '30.00'));
    expect((await balances(p.id)).main).toBe(7000n);
    // The settlement was rolled back: the leg lost after all.
    expect((await call('sport_resettle', settleBody(betId, '0'))).body).toMatchObject({
      status: 'ok',
      balance: '40.00',
    });
    // … then a dead heat: 15.00.
    expect((await call('sport_resettle', settleBody(betId, '15.00'))).body).toMatchObject({
      status: 'ok',
      balance: '55.00',
    });
    const ledgerRows = async () =>
      (
        await h.database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE metadata->>'bet_id' = ${betId}`,
        )
      ).rows[0]?.n;
    const before = await ledgerRows();
    expect((await call('sport_resettle', settleBody(betId, '15.00'))).body).toMatchObject({
      status: 'ok',
      balance: '55.00',
    });
    expect(await ledgerRows()).toBe(before);
    expect((await events(p.id)).map((e) => [e.kind, e.stake_real_minor, e.payout_real_minor])).toEqual([
      ['bet', 1000n, 3000n],
      ['rollback', 0n, -3000n],
      ['win', 0n, 1500n],
    ]);
    const bet = await h.database.db.execute<{
      payout_minor: bigint;
      paid_minor: bigint;
      settlements: number;
    }>(
      sql`SELECT payout_minor, paid_minor, settlements FROM sport_wallet_bets WHERE provider_bet_id = ${betId}`,
    );
    expect(bet.rows[0]).toEqual({ payout_minor: 1500n, paid_minor: 1500n, settlements: 4 });
  });

  it('a clawback the balance cannot cover takes what is there and stays owed; a later resettle nets it', async () => {
    const p = await bettor(1000n);
    const betId = id('bet');
    await reserve(p.token, betId, '10.00');
    await call('sport_settle', settleBody(betId, '50.00'));
    // The player spends 40.00 of it elsewhere (moved out of main).
    await createLedger(h.database.db).transfer({
      idempotencyKey: `test:sb-spend:${p.id}`,
      kind: 'test_spend',
      postings: [
        { account: { type: 'player', playerId: p.id, currency: 'EUR', kind: 'main' }, amountMinor: -4000n },
        { account: { type: 'world', name: 'test_bank', currency: 'EUR' }, amountMinor: 4000n },
      ],
    });
    const clawed = await call('sport_resettle', settleBody(betId, '0'));
    expect(clawed.body).toMatchObject({ status: 'ok', balance: '0.00', outstanding: '40.00' });
    expect((await balances(p.id)).main).toBe(0n);
    // Resettled to 45.00: the player still holds 40.00 of the bet's 50.00 (10.00 was recovered),
    // so only 5.00 moves and nothing is owed any more.
    const back = await call('sport_resettle', settleBody(betId, '45.00'));
    expect(back.body).toMatchObject({ status: 'ok', balance: '5.00' });
    expect(back.body.outstanding).toBeUndefined();
  });

  it('cancel returns the stake of an open bet once; cancel after settle and settle after cancel are refused', async () => {
    const p = await bettor(5000n);
    const betId = id('bet');
    await reserve(p.token, betId, '10.00');
    expect((await call('sport_cancel', { transaction_id: id('c'), bet_id: betId })).body).toMatchObject({
      status: 'ok',
      balance: '50.00',
    });
    expect((await call('sport_cancel', { transaction_id: id('c'), bet_id: betId })).body).toMatchObject({
      status: 'ok',
      balance: '50.00',
    });
    expect((await call('sport_settle', settleBody(betId, '20.00'))).body).toEqual({
      status: 'error',
      code: 'bet_cancelled',
    });
    const settled = id('bet');
    await reserve(p.token, settled, '10.00');
    await call('sport_settle', settleBody(settled, '0'));
    expect((await call('sport_cancel', { transaction_id: id('c'), bet_id: settled })).body).toEqual({
      status: 'error',
      code: 'bet_settled',
    });
    expect(await balances(p.id)).toEqual({ main: 4000n, bettingBonus: 0n });
    // A cancelled bet counts nothing on the wager stream.
    expect((await events(p.id)).map((e) => e.round_ref)).toEqual([settled]);
  });

  it('a cancel for a bet never seen buries its id: the late reserve takes nothing', async () => {
    const p = await bettor(5000n);
    const betId = id('bet');
    expect((await call('sport_cancel', { transaction_id: id('c'), bet_id: betId })).body).toMatchObject({
      status: 'ok',
    });
    expect((await reserve(p.token, betId, '10.00')).body).toEqual({ status: 'error', code: 'bet_cancelled' });
    expect(await balances(p.id)).toEqual({ main: 5000n, bettingBonus: 0n });
  });

  it('reserve: short of funds is stored and replayed; the betting-bonus balance stakes and is paid back', async () => {
    const p = await bettor(500n, 2000n);
    const body = {
      token: p.token,
      transaction_id: id('r'),
      bet_id: id('bet'),
      amount: '10.00',
      currency: 'EUR',
    };
    const short = await call('sport_reserve', body);
    expect(short.body).toEqual({
      status: 'error',
      code: 'insufficient_funds',
      balance: '5.00',
      currency: 'EUR',
      betting_bonus_balance: '20.00',
    });
    expect((await call('sport_reserve', body)).body).toEqual(short.body);

    const betId = id('bet');
    expect((await reserve(p.token, betId, '10.00', { funds: 'betting_bonus' })).body).toMatchObject({
      status: 'ok',
      balance: '5.00',
      betting_bonus_balance: '10.00',
    });
    await call('sport_settle', settleBody(betId, '25.00'));
    expect(await balances(p.id)).toEqual({ main: 500n, bettingBonus: 3500n });
    expect(await events(p.id)).toEqual([
      expect.objectContaining({
        stake_real_minor: 0n,
        stake_bonus_minor: 1000n,
        payout_real_minor: 0n,
        payout_bonus_minor: 2500n,
      }),
    ]);
    // Another bet id reused for a second reserve is refused; wrong currency and unsigned calls too.
    expect((await reserve(p.token, betId, '1.00')).body).toEqual({
      status: 'error',
      code: 'invalid_request',
      field: 'bet_id',
    });
    expect((await call('sport_settle', { ...settleBody(betId, '1.00'), currency: 'USD' })).body.status).toBe(
      'error',
    );
    const forged = await h.call('sport_settle', settleBody(betId, '1.00'), {
      provider: SPORTSBOOK_PROVIDER_ID,
      secret: rgsCredentials(h.config).secret,
    });
    expect(forged.status).toBe(401);
  });

  it('settle racing cancel on many bets pays each bet once; ledger invariants hold', async () => {
    const p = await bettor(100_000n);
    const bets: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const betId = id('race');
      bets.push(betId);
      expect((await reserve(p.token, betId, '10.00')).body.status).toBe('ok');
    }
    const results = await Promise.all(
      bets.flatMap((betId) => [
        call('sport_settle', settleBody(betId, '30.00')),
        call('sport_cancel', { transaction_id: id('c'), bet_id: betId }),
        call('sport_settle', settleBody(betId, '30.00')),
      ]),
    );
    let expectedMain = 100_000n - 12n * 1000n;
    for (let i = 0; i < bets.length; i += 1) {
      const [settleA, cancel, settleB] = results.slice(i * 3, i * 3 + 3).map((r) => r.body);
      const settledOk = [settleA, settleB].filter((b) => b?.status === 'ok').length;
      if (cancel?.status === 'ok') {
        expect(settledOk).toBe(0);
        expectedMain += 1000n;
      } else {
        expect(cancel).toEqual({ status: 'error', code: 'bet_settled' });
        expect(settledOk).toBe(1);
        expectedMain += 3000n;
      }
    }
    expect((await balances(p.id)).main).toBe(expectedMain);
    const settledEvents = await events(p.id);
    expect(new Set(settledEvents.map((e) => e.round_ref)).size).toBe(settledEvents.length);
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });

  it('a betting bonus stakes through the wallet: its max bet holds, the settled stake counts toward its wagering', async () => {
    const p = await bettor(1000n);
    const bonuses = h.app.services.bonuses;
    const template = await bonuses.templateIdByKey('betting-20');
    if (template === null) throw new Error('the demo betting bonus template is missing');
    const bonus = await bonuses.grant(p.id, template, {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `sb:${p.id}`,
    });
    await bonuses.activate(p.id, bonus.id);
    expect(await balances(p.id)).toEqual({ main: 1000n, bettingBonus: 2000n });
    // The betting bonus's max bet (10.00) refuses a larger sports stake; nothing is written.
    expect((await reserve(p.token, id('bet'), '15.00', { funds: 'betting_bonus' })).body).toEqual({
      status: 'error',
      code: 'bet_limit_exceeded',
    });
    const betId = id('bet');
    expect((await reserve(p.token, betId, '10.00', { funds: 'betting_bonus' })).body.status).toBe('ok');
    await h.app.services.wagers.runPass(BONUS_WAGERING_CONSUMER);
    expect((await bonuses.find(bonus.id))?.wageringProgressMinor).toBe(0n); // open: not counted yet
    expect((await call('sport_settle', settleBody(betId, '25.00'))).body).toMatchObject({
      status: 'ok',
      betting_bonus_balance: '35.00',
    });
    await h.app.services.wagers.catchUp([BONUS_WAGERING_CONSUMER]);
    expect((await bonuses.find(bonus.id))?.wageringProgressMinor).toBe(1000n);
  });

  it('property: any chain of resettlements (sent twice each) leaves the player with their funds − the stake + the last payout', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 0n, max: 20_000n }),
        fc.array(fc.bigInt({ min: 0n, max: 20_000n }), { minLength: 1, maxLength: 4 }),
        async (firstMinor, laterMinor) => {
          const p = await bettor(100_000n);
          const betId = id('prop');
          await reserve(p.token, betId, '10.00');
          const eur = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
          await call('sport_settle', settleBody(betId, eur(firstMinor)));
          for (const payout of laterMinor) {
            const body = settleBody(betId, eur(payout));
            const first = await call('sport_resettle', body);
            expect((await call('sport_resettle', body)).body).toEqual(first.body);
            // The same result again under a new id moves nothing either.
            await call('sport_resettle', settleBody(betId, eur(payout)));
          }
          const last = laterMinor[laterMinor.length - 1] as bigint;
          expect((await balances(p.id)).main).toBe(100_000n - 1000n + last);
        },
      ),
      { numRuns: 12 },
    );
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });

  it('bad input is a typed refusal and writes nothing', async () => {
    const p = await bettor(5000n);
    const calls = async () =>
      (await h.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sport_wallet_calls`))
        .rows[0]?.n;
    const before = await calls();
    const betId = id('bad');
    expect((await reserve(p.token, betId, '-1.00')).body).toEqual({
      status: 'error',
      code: 'invalid_request',
      field: 'amount',
    });
    expect((await reserve(p.token, betId, '1.001')).body).toEqual({
      status: 'error',
      code: 'invalid_request',
      field: 'amount',
    });
    expect((await reserve(p.token, betId, '1.00', { funds: 'bonus' })).body).toEqual({
      status: 'error',
      code: 'invalid_request',
      field: 'funds',
    });
    expect((await reserve(p.token, betId, '1.00', { currency: 'USD' })).body).toEqual({
      status: 'error',
      code: 'currency_mismatch',
    });
    expect((await reserve('A'.repeat(43), betId, '1.00')).body).toEqual({
      status: 'error',
      code: 'session_not_found',
    });
    expect(
      (await call('sport_settle', { transaction_id: id('st'), amount: '1.00', currency: 'EUR' })).body,
    ).toEqual({
      status: 'error',
      code: 'invalid_request',
      field: 'bet_id',
    });
    expect((await call('sport_cancel', { transaction_id: 7, bet_id: betId })).body).toEqual({
      status: 'error',
      code: 'invalid_request',
      field: 'transaction_id',
    });
    expect(await calls()).toBe(before);
    expect(await balances(p.id)).toEqual({ main: 5000n, bettingBonus: 0n });
  });

  it('the same call sent many times at once moves money once and answers the same', async () => {
    const p = await bettor(10_000n);
    const betId = id('dup');
    const reserveBody = {
      token: p.token,
      transaction_id: id('r'),
      bet_id: betId,
      amount: '10.00',
      currency: 'EUR',
    };
    const reserves = await Promise.all(Array.from({ length: 6 }, () => call('sport_reserve', reserveBody)));
    expect(new Set(reserves.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const settle = settleBody(betId, '40.00');
    const settles = await Promise.all(Array.from({ length: 6 }, () => call('sport_settle', settle)));
    expect(new Set(settles.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const resettle = settleBody(betId, '5.00');
    const resettles = await Promise.all(Array.from({ length: 6 }, () => call('sport_resettle', resettle)));
    expect(new Set(resettles.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(resettles[0]?.body).toMatchObject({ status: 'ok', balance: '95.00' });
    expect((await balances(p.id)).main).toBe(9500n);
    expect((await events(p.id)).map((e) => [e.kind, e.payout_real_minor])).toEqual([
      ['bet', 4000n],
      ['rollback', -3500n],
    ]);
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });
});
