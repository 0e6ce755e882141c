/**
 * The wallet API as a provider sees it (docs/game-wallet-protocol.md), on real PostgreSQL through
 * the real HTTP edge: every action, replays, conflicts, insufficient funds, expired sessions,
 * out-of-order rollbacks, closed rounds, forged and malformed calls (nothing written), demo play.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../../test/statements-of.ts';
import { GAME_SESSION_TTL_MS } from './call-support.ts';
import { createWalletHarness, sign, type WalletHarness } from './gamewallet-test-client.ts';

let h: WalletHarness;
let ids = 0;
/** A transaction or round id unique in this file. */
const id = (prefix: string) => {
  ids += 1;
  return `${prefix}-${ids}`;
};

beforeAll(async () => {
  h = await createWalletHarness();
});
afterAll(async () => {
  await h?.close();
});

async function bet(token: string, amount: string, extra: Record<string, string> = {}) {
  const body = {
    token,
    transaction_id: extra.transaction_id ?? id('bet'),
    round_id: extra.round_id ?? id('round'),
    game: h.gameCode,
    amount,
    currency: 'EUR',
    ...extra,
  };
  return { body, reply: await h.call('bet', body) };
}

async function win(token: string, roundId: string, amount: string, extra: Record<string, string> = {}) {
  const body = {
    token,
    transaction_id: id('win'),
    round_id: roundId,
    game: h.gameCode,
    amount,
    currency: 'EUR',
    ...extra,
  };
  return { body, reply: await h.call('win', body) };
}

async function rollback(
  token: string,
  reference: string,
  roundId: string,
  extra: Record<string, string> = {},
) {
  const body = {
    token,
    transaction_id: id('rb'),
    reference_transaction_id: reference,
    round_id: roundId,
    game: h.gameCode,
    ...extra,
  };
  return { body, reply: await h.call('rollback', body) };
}

async function round(roundId: string) {
  const rows = await h.database.db.execute<{
    status: string;
    bet_minor: bigint;
    win_minor: bigint;
    closed_at: string | null;
    mode: string;
  }>(
    sql`SELECT status, bet_minor, win_minor, closed_at, mode FROM game_rounds WHERE provider_round_id = ${roundId}`,
  );
  return rows.rows[0] ?? null;
}

async function counts() {
  return {
    tx: await h.count('game_wallet_transactions'),
    rounds: await h.count('game_rounds'),
    ledger: await h.count('ledger_transactions'),
  };
}

describe('authenticate and balance', () => {
  it('authenticates a launch token and answers the balance of the session', async () => {
    const p = await h.player({ deposit: 50n });
    const auth = await h.call('authenticate', { token: p.token, game: h.gameCode });
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ status: 'ok', balance: '50.00', currency: 'EUR', mode: 'real' });
    expect(auth.body.player_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(auth.body.player_id).not.toContain(String(p.id));
    expect(new Date(auth.body.session_expires_at ?? '').getTime()).toBeGreaterThan(h.nowMs());
    // The opaque id is stable for the player.
    const again = await h.call('authenticate', { token: p.token, game: h.gameCode });
    expect(again.body.player_id).toBe(auth.body.player_id);

    const balance = await h.call('balance', { token: p.token });
    expect(balance).toEqual({ status: 200, body: { status: 'ok', balance: '50.00', currency: 'EUR' } });
  });

  it('refuses an unknown token, another game, a blocked player', async () => {
    const unknown = await h.call('authenticate', { token: 'x'.repeat(43), game: h.gameCode });
    expect(unknown.body).toEqual({ status: 'error', code: 'session_not_found' });
    const p = await h.player();
    const other = await h.call('authenticate', { token: p.token, game: 'another-game' });
    expect(other.body).toEqual({ status: 'error', code: 'invalid_request', field: 'game' });
    await h.app.services.accounts.ban(p.id);
    const banned = await h.call('balance', { token: p.token });
    expect(banned.body).toEqual({ status: 'error', code: 'player_blocked' });
  });

  it('slides the session with each call', async () => {
    const p = await h.player();
    const first = await h.call('authenticate', { token: p.token, game: h.gameCode });
    h.advance(60_000);
    const second = await h.call('authenticate', { token: p.token, game: h.gameCode });
    const gained =
      new Date(second.body.session_expires_at ?? '').getTime() -
      new Date(first.body.session_expires_at ?? '').getTime();
    expect(gained).toBeGreaterThanOrEqual(59_000);
  });
});

describe('bet, win, rollback', () => {
  it('debits a bet, credits a win and closes the round', async () => {
    const p = await h.player({ deposit: 100n });
    const roundId = id('round');
    const placed = await bet(p.token, '1.50', { round_id: roundId });
    expect(placed.reply.status).toBe(200);
    expect(placed.reply.body).toMatchObject({ status: 'ok', balance: '98.50', currency: 'EUR' });
    expect(placed.reply.body.transaction_id).toMatch(/^[0-9]+$/);
    expect(await round(roundId)).toMatchObject({
      status: 'open',
      bet_minor: 150n,
      win_minor: 0n,
      closed_at: null,
    });

    // A second bet joins the open round (a double).
    const doubled = await bet(p.token, '1.50', { round_id: roundId });
    expect(doubled.reply.body).toMatchObject({ status: 'ok', balance: '97.00' });
    expect((await round(roundId))?.bet_minor).toBe(300n);

    const won = await win(p.token, roundId, '7.25');
    expect(won.reply.body).toMatchObject({ status: 'ok', balance: '104.25', currency: 'EUR' });
    expect(won.reply.body.transaction_id).not.toBe(placed.reply.body.transaction_id);
    const closed = await round(roundId);
    expect(closed).toMatchObject({ status: 'closed', bet_minor: 300n, win_minor: 725n });
    expect(closed?.closed_at).not.toBeNull();
    expect(await h.mainMinor(p.id)).toBe(10_425n);
    // The ledger names the game of each movement (the back office's GGR per game).
    const games = await h.database.db.execute<{ kind: string; game: string | null }>(sql`
      SELECT kind, metadata->>'game' AS game FROM ledger_transactions
       WHERE metadata->>'round_id' = ${roundId} ORDER BY id`);
    expect(games.rows).toEqual([
      { kind: 'game_bet', game: h.gameCode },
      { kind: 'game_bet', game: h.gameCode },
      { kind: 'game_win', game: h.gameCode },
    ]);

    // A closed round takes no more bets and no second win.
    expect((await bet(p.token, '1.00', { round_id: roundId })).reply.body).toEqual({
      status: 'error',
      code: 'round_closed',
    });
    expect((await win(p.token, roundId, '1.00')).reply.body).toEqual({
      status: 'error',
      code: 'round_closed',
    });
    expect(await h.mainMinor(p.id)).toBe(10_425n);
  });

  it('closes a lost round with a win of 0 and moves nothing', async () => {
    const p = await h.player({ deposit: 10n });
    const roundId = id('round');
    await bet(p.token, '2', { round_id: roundId });
    const before = await counts();
    const lost = await win(p.token, roundId, '0');
    expect(lost.reply.body).toMatchObject({ status: 'ok', balance: '8.00' });
    expect(await round(roundId)).toMatchObject({ status: 'closed', win_minor: 0n });
    const after = await counts();
    expect(after.ledger).toBe(before.ledger);
    expect(after.tx).toBe(before.tx + 1);
  });

  it('closes a round with its bet (round_closed): no win follows, and the round is over', async () => {
    const p = await h.player({ deposit: 10n });
    const roundId = id('round');
    const closing = { ...(await bet(p.token, '2', { round_id: roundId })).body };
    // A fresh call (the helper's bet above opened another round): this one closes its own.
    const closingRound = id('round');
    const body = { ...closing, transaction_id: id('bet'), round_id: closingRound, round_closed: true };
    const before = await counts();
    const placed = await h.call('bet', body);
    expect(placed.body).toMatchObject({ status: 'ok', balance: '6.00' });
    expect(await round(closingRound)).toMatchObject({ status: 'closed', bet_minor: 200n, win_minor: 0n });
    const after = await counts();
    expect(after).toEqual({ tx: before.tx + 1, rounds: before.rounds + 1, ledger: before.ledger + 1 });
    // The same call again answers the same and moves nothing; without the flag it is another call.
    expect((await h.call('bet', body)).body).toEqual(placed.body);
    const { round_closed: _, ...unflagged } = body;
    expect((await h.call('bet', unflagged)).body).toMatchObject({ code: 'idempotency_conflict' });
    // Closed: a win, or another bet joining, is refused, and nothing moves.
    expect((await win(p.token, closingRound, '5.00')).reply.body).toEqual({
      status: 'error',
      code: 'round_closed',
    });
    expect((await bet(p.token, '1.00', { round_id: closingRound })).reply.body.code).toBe('round_closed');
    expect(await counts()).toEqual(after);
    expect(await h.mainMinor(p.id)).toBe(600n);
    // A closing bet opens its round: naming an open one is refused, with the flag named.
    const joining = await h.call('bet', { ...body, transaction_id: id('bet'), round_id: roundId });
    expect(joining.body).toEqual({ status: 'error', code: 'invalid_request', field: 'round_closed' });
    expect(await round(roundId)).toMatchObject({ status: 'open', bet_minor: 200n });
    expect(await counts()).toEqual(after);
  });

  it('rolls back a bet that closed its round: refunded, the round rolled back', async () => {
    const p = await h.player({ deposit: 10n });
    const roundId = id('round');
    const body = {
      token: p.token,
      transaction_id: id('bet'),
      round_id: roundId,
      game: h.gameCode,
      amount: '4.00',
      currency: 'EUR',
      round_closed: true,
    };
    expect((await h.call('bet', body)).body).toMatchObject({ status: 'ok', balance: '6.00' });
    const undone = await rollback(p.token, body.transaction_id, roundId);
    expect(undone.reply.body).toMatchObject({ status: 'ok', balance: '10.00' });
    expect(await round(roundId)).toMatchObject({ status: 'rolled_back', bet_minor: 0n });
    expect(await h.mainMinor(p.id)).toBe(1000n);
    // Once: a second rollback of it gives nothing more.
    expect((await rollback(p.token, body.transaction_id, roundId)).reply.body).toMatchObject({
      status: 'ok',
      balance: '10.00',
    });
    expect(await h.mainMinor(p.id)).toBe(1000n);
  });

  it('rolls a bet back: refund, round rolled back when no bet is left', async () => {
    const p = await h.player({ deposit: 20n });
    const roundId = id('round');
    const first = await bet(p.token, '3.00', { round_id: roundId });
    const second = await bet(p.token, '2.00', { round_id: roundId });
    expect(second.reply.body.balance).toBe('15.00');

    const undone = await rollback(p.token, second.body.transaction_id, roundId);
    expect(undone.reply.body).toMatchObject({ status: 'ok', balance: '17.00', currency: 'EUR' });
    expect(await round(roundId)).toMatchObject({ status: 'open', bet_minor: 300n });

    // Another rollback (other id) of the same bet refunds nothing more.
    const again = await rollback(p.token, second.body.transaction_id, roundId);
    expect(again.reply.body).toMatchObject({ status: 'ok', balance: '17.00' });

    const all = await rollback(p.token, first.body.transaction_id, roundId);
    expect(all.reply.body).toMatchObject({ status: 'ok', balance: '20.00' });
    expect(await round(roundId)).toMatchObject({ status: 'rolled_back', bet_minor: 0n });
    expect(await h.mainMinor(p.id)).toBe(2000n);
    // A rolled-back round is over.
    expect((await win(p.token, roundId, '5.00')).reply.body).toEqual({
      status: 'error',
      code: 'round_closed',
    });
    expect((await bet(p.token, '1.00', { round_id: roundId })).reply.body.code).toBe('round_closed');
  });

  it('refuses a rollback after the round has its win (round_closed)', async () => {
    const p = await h.player({ deposit: 10n });
    const roundId = id('round');
    const placed = await bet(p.token, '4.00', { round_id: roundId });
    await win(p.token, roundId, '1.00');
    const before = await counts();
    const late = await rollback(p.token, placed.body.transaction_id, roundId);
    expect(late.reply.body).toEqual({ status: 'error', code: 'round_closed' });
    expect(await counts()).toEqual(before);
    expect(await h.mainMinor(p.id)).toBe(700n);
  });

  it('answers round_not_found to a win without a bet', async () => {
    const p = await h.player({ deposit: 10n });
    const before = await counts();
    const orphan = await win(p.token, id('round'), '5.00');
    expect(orphan.reply.body).toEqual({ status: 'error', code: 'round_not_found' });
    expect(await counts()).toEqual(before);
    // Another player's round is not found either.
    const other = await h.player({ deposit: 10n });
    const roundId = id('round');
    await bet(other.token, '1.00', { round_id: roundId });
    expect((await win(p.token, roundId, '5.00')).reply.body.code).toBe('round_not_found');
    expect((await bet(p.token, '1.00', { round_id: roundId })).reply.body).toEqual({
      status: 'error',
      code: 'invalid_request',
      field: 'round_id',
    });
    expect(await h.mainMinor(p.id)).toBe(1000n);
  });

  it('refuses a rollback naming another player’s bet or a win', async () => {
    const p = await h.player({ deposit: 10n });
    const other = await h.player({ deposit: 10n });
    const roundId = id('round');
    const placed = await bet(other.token, '1.00', { round_id: roundId });
    const foreign = await rollback(p.token, placed.body.transaction_id, roundId);
    expect(foreign.reply.body).toEqual({
      status: 'error',
      code: 'invalid_request',
      field: 'reference_transaction_id',
    });
    const won = await win(other.token, roundId, '0.50');
    const ofWin = await rollback(other.token, won.body.transaction_id, roundId);
    expect(ofWin.reply.body.field).toBe('reference_transaction_id');
    expect(await h.mainMinor(other.id)).toBe(950n);
  });

  it('answers currency_mismatch and an unknown game', async () => {
    const p = await h.player({ deposit: 10n });
    const before = await counts();
    expect((await bet(p.token, '1.00', { currency: 'USD' })).reply.body).toEqual({
      status: 'error',
      code: 'currency_mismatch',
    });
    expect((await bet(p.token, '1.00', { currency: 'XAU' })).reply.body.code).toBe('currency_mismatch');
    expect((await bet(p.token, '1.00', { game: 'other-game' })).reply.body).toEqual({
      status: 'error',
      code: 'invalid_request',
      field: 'game',
    });
    expect(await counts()).toEqual(before);
  });

  it('plays in a zero-exponent currency (JPY)', async () => {
    const p = await h.player({ currency: 'JPY', deposit: 1000n });
    const placed = await h.call('bet', {
      token: p.token,
      transaction_id: id('bet'),
      round_id: id('round'),
      game: h.gameCode,
      amount: '100',
      currency: 'JPY',
    });
    expect(placed.body).toMatchObject({ status: 'ok', balance: '900', currency: 'JPY' });
    const fractional = await h.call('bet', {
      token: p.token,
      transaction_id: id('bet'),
      round_id: id('round'),
      game: h.gameCode,
      amount: '100.5',
      currency: 'JPY',
    });
    expect(fractional.body).toEqual({ status: 'error', code: 'invalid_request', field: 'amount' });
  });
});

describe("the bet's checks", () => {
  it('refuses a stake above the bonus max bet after the responsible-gaming verdicts, both read in one statement', async () => {
    const p = await h.player({ deposit: 100n });
    const bonuses = h.app.services.bonuses;
    const template = await bonuses.templateIdByKey('no-deposit-10');
    const bonus = await bonuses.grant(p.id, template!, {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `gw:${p.id}`,
    });
    await bonuses.activate(p.id, bonus.id);
    expect(await bonuses.maxBetFor(p.id, 'EUR')).toBe(200n);
    const before = await counts();

    const over = await statementsOf(() => bet(p.token, '2.01'));
    expect(over.result.reply.body).toEqual({ status: 'error', code: 'bet_limit_exceeded' });
    expect(await h.mainMinor(p.id)).toBe(10_000n);
    expect(await counts()).toEqual(before);
    // One statement reads the exclusions, the limits, the session limit and the max bet; no other
    // statement of the bet reads the player's bonuses.
    const checks = over.statements.filter((text) => text.includes('rg_exclusions'));
    expect(checks).toHaveLength(1);
    expect(checks[0]).toContain('bonus_template_amounts');
    expect(over.statements.filter((text) => text.includes('player_bonuses'))).toEqual(checks);

    expect((await bet(p.token, '2.00')).reply.body).toMatchObject({ status: 'ok' });
    // A stake above both a wager limit and the max bet is refused by the limit: it is checked first.
    await h.app.services.responsibleGaming.setLimit(
      p.id,
      { kind: 'wager', period: 'day', amount: '3.00' },
      'en',
    );
    expect((await bet(p.token, '2.50')).reply.body).toEqual({
      status: 'error',
      code: 'rg_wager_limit_reached',
    });
    expect((await bet(p.token, '1.00')).reply.body).toMatchObject({ status: 'ok' });
  });
});

describe('idempotency', () => {
  it('answers a replayed bet with the first answer and moves money once', async () => {
    const p = await h.player({ deposit: 10n });
    const placed = await bet(p.token, '1.00');
    // Money moves in between: the replay still says what the first answer said.
    await bet(p.token, '2.00');
    const replayed = await h.call('bet', placed.body);
    expect(replayed).toEqual(placed.reply);
    // "1.0" is the same amount as "1.00": still a replay.
    expect((await h.call('bet', { ...placed.body, amount: '1' })).body).toEqual(placed.reply.body);
    expect(await h.mainMinor(p.id)).toBe(700n);
  });

  it('answers concurrent duplicates the same and moves money once', async () => {
    const p = await h.player({ deposit: 10n });
    const body = {
      token: p.token,
      transaction_id: id('bet'),
      round_id: id('round'),
      game: h.gameCode,
      amount: '1.25',
      currency: 'EUR',
    };
    const replies = await Promise.all(Array.from({ length: 8 }, () => h.call('bet', body)));
    for (const reply of replies) expect(reply).toEqual(replies[0]);
    expect(replies[0]?.body).toMatchObject({ status: 'ok', balance: '8.75' });
    expect(await h.mainMinor(p.id)).toBe(875n);
    expect((await round(body.round_id))?.bet_minor).toBe(125n);

    const winBody = { ...body, transaction_id: id('win'), amount: '3.00' };
    const wins = await Promise.all(Array.from({ length: 8 }, () => h.call('win', winBody)));
    for (const reply of wins) expect(reply).toEqual(wins[0]);
    expect(await h.mainMinor(p.id)).toBe(1175n);

    const rbBody = {
      token: p.token,
      transaction_id: id('rb'),
      reference_transaction_id: id('never-seen'),
      round_id: id('round'),
      game: h.gameCode,
    };
    const rollbacks = await Promise.all(Array.from({ length: 8 }, () => h.call('rollback', rbBody)));
    for (const reply of rollbacks) expect(reply).toEqual(rollbacks[0]);
    expect(rollbacks[0]?.body.status).toBe('ok');
  });

  it('refuses the same id with other parameters (idempotency_conflict)', async () => {
    const p = await h.player({ deposit: 10n });
    const other = await h.player({ deposit: 10n });
    const placed = await bet(p.token, '1.00');
    const before = await counts();
    expect((await h.call('bet', { ...placed.body, amount: '2.00' })).body).toEqual({
      status: 'error',
      code: 'idempotency_conflict',
    });
    expect((await h.call('bet', { ...placed.body, round_id: id('round') })).body.code).toBe(
      'idempotency_conflict',
    );
    // The id of a bet used for a win.
    expect(
      (await win(p.token, placed.body.round_id, '1.00', { transaction_id: placed.body.transaction_id })).reply
        .body.code,
    ).toBe('idempotency_conflict');
    // The same id from another player's session.
    expect((await h.call('bet', { ...placed.body, token: other.token })).body.code).toBe(
      'idempotency_conflict',
    );
    expect(await counts()).toEqual(before);
    expect(await h.mainMinor(p.id)).toBe(900n);
    expect(await h.mainMinor(other.id)).toBe(1000n);
  });

  it('answers insufficient_funds with the balance, stores it, and a replay says the same', async () => {
    const p = await h.player({ deposit: 5n });
    const roundId = id('round');
    const before = await counts();
    const short = await bet(p.token, '5.01', { round_id: roundId });
    expect(short.reply).toEqual({
      status: 200,
      body: { status: 'error', code: 'insufficient_funds', balance: '5.00', currency: 'EUR' },
    });
    const after = await counts();
    expect(after).toEqual({ ...before, tx: before.tx + 1 });
    expect(await round(roundId)).toBeNull();
    // Money arrives; the replay still answers the first answer and moves nothing.
    await h.app.services.wallet.creditDeposit({
      playerId: p.id,
      currency: 'EUR',
      amountMinor: 1000n,
      paymentId: `gw-short-${p.id}`,
    });
    expect((await h.call('bet', short.body)).body).toEqual(short.reply.body);
    expect(await h.mainMinor(p.id)).toBe(1500n);
    // A rollback of the refused bet gives nothing back (it took nothing).
    const undone = await rollback(p.token, short.body.transaction_id, roundId);
    expect(undone.reply.body).toMatchObject({ status: 'ok', balance: '15.00' });
    // A new id bets normally.
    expect((await bet(p.token, '5.01')).reply.body).toMatchObject({ status: 'ok', balance: '9.99' });
  });
});

describe('sessions', () => {
  it('refuses bets after the session expired but takes wins and rollbacks', async () => {
    const p = await h.player({ deposit: 10n });
    const wonRound = id('round');
    const rolledRound = id('round');
    await bet(p.token, '1.00', { round_id: wonRound });
    const toUndo = await bet(p.token, '2.00', { round_id: rolledRound });
    const replayable = await bet(p.token, '0.50');
    h.advance(GAME_SESSION_TTL_MS + 60_000);

    const before = await counts();
    expect((await bet(p.token, '1.00')).reply.body).toEqual({ status: 'error', code: 'session_expired' });
    expect(await counts()).toEqual(before);
    expect((await h.call('balance', { token: p.token })).body.code).toBe('session_expired');
    // A replay of a bet taken before expiry still gets its answer.
    expect((await h.call('bet', replayable.body)).body).toEqual(replayable.reply.body);

    expect((await win(p.token, wonRound, '4.00')).reply.body).toMatchObject({
      status: 'ok',
      balance: '10.50',
    });
    expect((await rollback(p.token, toUndo.body.transaction_id, rolledRound)).reply.body).toMatchObject({
      status: 'ok',
      balance: '12.50',
    });
    // Late wins do not revive the session.
    expect((await bet(p.token, '1.00')).reply.body.code).toBe('session_expired');
    const rows = await h.database.db.execute<{ expired: boolean }>(
      sql`SELECT expires_at < ${new Date(h.nowMs())}::timestamptz AS expired FROM game_sessions WHERE player_id = ${p.id}`,
    );
    expect(rows.rows[0]?.expired).toBe(true);
  });

  it('refuses a bet of a banned player', async () => {
    const p = await h.player({ deposit: 10n });
    await h.app.services.accounts.ban(p.id);
    const before = await counts();
    expect((await bet(p.token, '1.00')).reply.body).toEqual({ status: 'error', code: 'player_blocked' });
    expect(await counts()).toEqual(before);
    await expect(
      h.app.services.gameWallet.openSession({
        playerId: p.id,
        gameId: h.gameId,
        provider: h.providerId,
        mode: 'real',
        currency: 'EUR',
      }),
    ).rejects.toMatchObject({ code: 'player_blocked' });
  });

  it('opens sessions only for a known provider, its games and known currencies', async () => {
    const p = await h.player();
    const open = (over: Record<string, unknown>) =>
      h.app.services.gameWallet.openSession({
        playerId: p.id,
        gameId: h.gameId,
        provider: h.providerId,
        mode: 'real',
        currency: 'EUR',
        ...over,
      });
    await expect(open({ provider: 'someone-else' })).rejects.toMatchObject({ code: 'provider_unknown' });
    await expect(open({ gameId: 999_999n })).rejects.toMatchObject({ code: 'game_not_found' });
    await expect(open({ currency: 'XAU' })).rejects.toMatchObject({ type: 'InvalidParameterException' });
    const session = await open({});
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expiresAt.getTime() - h.nowMs()).toBeGreaterThan(GAME_SESSION_TTL_MS - 60_000);
    // Only the token's hash is stored.
    const stored = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM game_sessions WHERE token_hash = sha256(${session.token}::bytea)`,
    );
    expect(stored.rows[0]?.n).toBe(1);
  });
});

describe('out-of-order rollback', () => {
  it('leaves a tombstone for an unknown bet: the late bet is refused and nothing moves', async () => {
    const p = await h.player({ deposit: 10n });
    const betId = id('bet');
    const roundId = id('round');
    const undone = await rollback(p.token, betId, roundId);
    expect(undone.reply.body).toMatchObject({ status: 'ok', balance: '10.00', currency: 'EUR' });
    const before = await counts();
    const late = await bet(p.token, '1.00', { transaction_id: betId, round_id: roundId });
    expect(late.reply.body).toEqual({ status: 'error', code: 'transaction_rolled_back' });
    expect(await counts()).toEqual(before);
    expect(await round(roundId)).toBeNull();
    expect(await h.mainMinor(p.id)).toBe(1000n);
    // A second rollback of it is fine too.
    expect((await rollback(p.token, betId, roundId)).reply.body.status).toBe('ok');
  });

  it('ends the same whichever of a bet and its rollback arrives first', async () => {
    const p = await h.player({ deposit: 100n });
    for (let i = 0; i < 10; i += 1) {
      const betId = id('bet');
      const roundId = id('round');
      const [placed, undone] = await Promise.all([
        bet(p.token, '1.00', { transaction_id: betId, round_id: roundId }),
        rollback(p.token, betId, roundId),
      ]);
      expect(undone.reply.body.status).toBe('ok');
      expect(['ok', 'transaction_rolled_back']).toContain(
        placed.reply.body.status === 'ok' ? 'ok' : placed.reply.body.code,
      );
      expect(await h.mainMinor(p.id)).toBe(10_000n);
    }
  });
});

describe('over a real connection', () => {
  it('answers a provider calling with fetch', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const p = await h.player({ deposit: 3n });
    const raw = JSON.stringify({ token: p.token });
    const response = await fetch(`http://127.0.0.1:${port}/gw/v1/balance`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-provider': h.providerId,
        'x-signature': sign(h.secret, Math.floor(h.nowMs() / 1000), raw),
      },
      body: raw,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({ status: 'ok', balance: '3.00', currency: 'EUR' });
  });
});

describe('forged and malformed calls', () => {
  const validBet = async () => {
    const p = await h.player({ deposit: 10n });
    return {
      token: p.token,
      transaction_id: id('bet'),
      round_id: id('round'),
      game: h.gameCode,
      amount: '1.00',
      currency: 'EUR',
    };
  };

  it('refuses bad signatures, stale timestamps and unknown providers before reading anything', async () => {
    const body = await validBet();
    const before = await counts();
    // The server's clock runs while the calls go: the timestamps keep a 100 s margin either side of
    // the 300 s tolerance (signature.test.ts checks its exact edges with a fixed clock).
    const seconds = () => Math.floor(h.nowMs() / 1000);
    const now = seconds();
    const raw = JSON.stringify(body);
    const refused = { status: 401, body: { status: 'error', code: 'invalid_signature' } };
    expect(await h.call('bet', body, { secret: 'not-the-secret-not-the-secret-!!' })).toEqual(refused);
    expect(await h.call('bet', body, { t: seconds() - 400 })).toEqual(refused);
    expect(await h.call('bet', body, { t: seconds() + 400 })).toEqual(refused);
    expect(await h.call('bet', body, { signature: null })).toEqual(refused);
    expect(await h.call('bet', body, { signature: 'garbage' })).toEqual(refused);
    expect(await h.call('bet', body, { provider: 'evil-games' })).toEqual(refused);
    // Signed for another body (the amount changed in transit).
    expect(
      await h.call('bet', body, { raw: raw.replace('1.00', '0.01'), signature: sign(h.secret, now, raw) }),
    ).toEqual(refused);
    // Even a malformed body is refused for its signature first.
    expect(await h.call('bet', null, { raw: '{nope', signature: 't=1,v1=00' })).toEqual(refused);
    expect(await counts()).toEqual(before);
    // Within the tolerance it goes through.
    expect((await h.call('bet', body, { t: seconds() - 200 })).body.status).toBe('ok');
  });

  it('answers 400 to malformed JSON and 404 to an unknown action, writing nothing', async () => {
    const body = await validBet();
    const before = await counts();
    expect(await h.call('bet', null, { raw: '{"token":' })).toEqual({
      status: 400,
      body: { status: 'error', code: 'invalid_request' },
    });
    expect((await h.call('bet', null, { raw: '[1,2]' })).status).toBe(400);
    expect((await h.call('bet', null, { raw: '"bet"' })).status).toBe(400);
    expect((await h.call('bet', null, { raw: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) })).status).toBe(400);
    expect((await h.call('bet', body, { contentType: null })).status).toBe(200);
    expect(await h.call('transfer', body)).toEqual({
      status: 404,
      body: { status: 'error', code: 'invalid_request', field: 'action' },
    });
    const huge = JSON.stringify({ ...body, padding: 'x'.repeat(17 * 1024) });
    expect(await h.call('bet', null, { raw: huge })).toEqual({
      status: 413,
      body: { status: 'error', code: 'invalid_request' },
    });
    expect((await counts()).ledger).toBe(before.ledger + 1);
  });

  it('refuses negative, fractional, huge and non-numeric amounts (invalid_request amount)', async () => {
    const body = await validBet();
    const before = await counts();
    const amounts: unknown[] = [
      '-1.00',
      '1.001',
      '1.5e2',
      '1e3',
      '+1',
      ' 1.00',
      '1,00',
      '0x10',
      'abc',
      '',
      '.5',
      '01.00',
      '1.',
      '99999999999999999999',
      '10000000000000.01',
      '0',
      '0.00',
      'NaN',
      'Infinity',
      1.5,
      100,
      null,
      ['1.00'],
    ];
    for (const amount of amounts) {
      const reply = await h.call('bet', { ...body, amount });
      expect(reply, JSON.stringify(amount)).toEqual({
        status: 200,
        body: { status: 'error', code: 'invalid_request', field: 'amount' },
      });
    }
    for (const amount of ['-1', '0.001', 'x', 2]) {
      const reply = await h.call('win', { ...body, transaction_id: id('win'), amount });
      expect(reply.body, JSON.stringify(amount)).toEqual({
        status: 'error',
        code: 'invalid_request',
        field: 'amount',
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses missing or malformed fields with the field named', async () => {
    const body = await validBet();
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, token: undefined }, 'token'],
      [{ ...body, token: 'short' }, 'token'],
      [{ ...body, transaction_id: '' }, 'transaction_id'],
      [{ ...body, transaction_id: 'x'.repeat(101) }, 'transaction_id'],
      [{ ...body, transaction_id: 'with space' }, 'transaction_id'],
      [{ ...body, round_id: 7 }, 'round_id'],
      [{ ...body, currency: 'eur' }, 'currency'],
      [{ ...body, game: undefined }, 'game'],
      [{ ...body, round_closed: 'yes' }, 'round_closed'],
    ];
    for (const [input, field] of cases) {
      expect((await h.call('bet', input)).body, field).toEqual({
        status: 'error',
        code: 'invalid_request',
        field,
      });
    }
    expect(
      (
        await h.call('rollback', {
          token: body.token,
          transaction_id: id('rb'),
          round_id: 'r',
          game: h.gameCode,
        })
      ).body,
    ).toEqual({ status: 'error', code: 'invalid_request', field: 'reference_transaction_id' });
    const selfRef = id('rb');
    expect(
      (
        await h.call('rollback', {
          token: body.token,
          transaction_id: selfRef,
          reference_transaction_id: selfRef,
          round_id: 'r',
          game: h.gameCode,
        })
      ).body,
    ).toEqual({ status: 'error', code: 'invalid_request', field: 'reference_transaction_id' });
    expect(await counts()).toEqual(before);
  });
});

async function houses() {
  const rows = await h.database.db.execute<{ name: string; total: string }>(sql`
    SELECT name, sum(balance_minor)::text AS total FROM ledger_accounts
    WHERE type = 'house' AND name IN ('games', 'fun_games') AND currency = 'EUR' GROUP BY name`);
  const total = (name: string) => BigInt(rows.rows.find((row) => row.name === name)?.total ?? '0');
  return { games: total('games'), fun_games: total('fun_games') };
}

describe('demo sessions', () => {
  it('tops the fun balance up to 1,000 and plays with it only', async () => {
    const p = await h.player({ mode: 'demo', deposit: 10n });
    expect(await h.funMinor(p.id)).toBe(100_000n);
    const auth = await h.call('authenticate', { token: p.token, game: h.gameCode });
    expect(auth.body).toMatchObject({ status: 'ok', mode: 'demo', balance: '1000.00' });

    const housesBefore = await houses();
    const roundId = id('round');
    const placed = await bet(p.token, '25.00', { round_id: roundId });
    expect(placed.reply.body).toMatchObject({ status: 'ok', balance: '975.00' });
    await win(p.token, roundId, '5.00');
    expect(await h.funMinor(p.id)).toBe(98_000n);
    expect(await h.mainMinor(p.id)).toBe(1000n);
    expect((await round(roundId))?.mode).toBe('demo');
    // Demo money never reaches the real house account.
    expect(await houses()).toEqual({ games: housesBefore.games, fun_games: housesBefore.fun_games + 2000n });

    // More than the fun balance is refused like real money.
    expect((await bet(p.token, '980.01')).reply.body).toMatchObject({
      code: 'insufficient_funds',
      balance: '980.00',
    });

    // A new demo session tops it up again, to exactly 1,000; a full balance is left alone.
    const again = await h.app.services.gameWallet.openSession({
      playerId: p.id,
      gameId: h.gameId,
      provider: h.providerId,
      mode: 'demo',
      currency: 'EUR',
    });
    expect(await h.funMinor(p.id)).toBe(100_000n);
    const ledgerBefore = await h.count('ledger_transactions');
    await Promise.all(
      Array.from({ length: 4 }, () =>
        h.app.services.gameWallet.openSession({
          playerId: p.id,
          gameId: h.gameId,
          provider: h.providerId,
          mode: 'demo',
          currency: 'EUR',
        }),
      ),
    );
    expect(await h.count('ledger_transactions')).toBe(ledgerBefore);
    expect((await h.call('balance', { token: again.token })).body.balance).toBe('1000.00');
  });

  it('tops up once when demo sessions open concurrently', async () => {
    const p = await h.player();
    await Promise.all(
      Array.from({ length: 6 }, () =>
        h.app.services.gameWallet.openSession({
          playerId: p.id,
          gameId: h.gameId,
          provider: h.providerId,
          mode: 'demo',
          currency: 'EUR',
        }),
      ),
    );
    expect(await h.funMinor(p.id)).toBe(100_000n);
  });
});

describe('ledger', () => {
  it('keeps its invariants', async () => {
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });
});
